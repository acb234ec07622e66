#!/usr/bin/env bash
# g16k verify on hostile verification keys and proof spellings, beside snarkjs's verdict:
#  - a key whose alpha1, beta2, gamma2 or delta2 is the point at infinity (no Groth16 setup makes
#    one). With gamma2 (and delta2) at infinity the proof (alpha1, beta2, infinity) passes the
#    pairing check for any public signals; snarkjs says invalid, g16k refuses the key: exit 4
#    naming the field, for the forged proof and for the honest one alike;
#  - a key point off its curve or outside its subgroup: exit 4 naming the field;
#  - a proof coordinate in a spelling other than canonical decimal ("0" prefix, "+", spaces):
#    exit 4 naming the coordinate, as for public signals (one rule for every JSON number).
# usage: verify_hostile.sh G16K FIXTURES SNARKJS     (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 M=$2/mult SNARKJS=${3:-}
. "$(dirname "$0")/verify_lib.sh"

VK=$M/verification_key.json PUB=$M/public.json PF=$M/proof.json
g16k_says 0 '^OK$' "$VK" "$PUB" "$PF"
snarkjs_says OK "$VK" "$PUB" "$PF"

# 1. The forged proof of the replayed report: pi_a = alpha1, pi_b = beta2, pi_c = infinity, for
# public signals the honest proof was not made for.
INF2='[["0","0"],["1","0"],["0","0"]]'
edit "$VK" "$T/vk_g.json" "j.vk_gamma_2 = $INF2"
edit "$VK" "$T/vk_gd.json" "j.vk_gamma_2 = $INF2; j.vk_delta_2 = $INF2"
edit "$VK" "$T/vk_d.json" "j.vk_delta_2 = $INF2"
edit "$VK" "$T/vk_b.json" "j.vk_beta_2 = $INF2"
edit "$VK" "$T/vk_a.json" 'j.vk_alpha_1 = ["0","1","0"]'
edit "$PF" "$T/forged.json" "const v = JSON.parse(fs.readFileSync('$VK'));
  j.pi_a = v.vk_alpha_1; j.pi_b = v.vk_beta_2; j.pi_c = ['0', '1', '0']"
printf '[\n "12345"\n]' > "$T/pub_any.json"
for k in g gd; do
  snarkjs_says INVALID "$T/vk_$k.json" "$T/pub_any.json" "$T/forged.json"
  g16k_says 4 "vk_$k.json: vk_gamma_2: the point at infinity" "$T/vk_$k.json" "$T/pub_any.json" "$T/forged.json"
  g16k_says 4 "vk_gamma_2: the point at infinity" "$T/vk_$k.json" "$PUB" "$PF"
done
g16k_says 4 "vk_d.json: vk_delta_2: the point at infinity" "$T/vk_d.json" "$T/pub_any.json" "$T/forged.json"
g16k_says 4 "vk_b.json: vk_beta_2: the point at infinity" "$T/vk_b.json" "$PUB" "$PF"
g16k_says 4 "vk_a.json: vk_alpha_1: the point at infinity" "$T/vk_a.json" "$PUB" "$PF"
# An IC point at infinity is a key some circuits have (a public signal in no constraint): read,
# and the honest proof is then invalid for this key, by the pairing check (exit 1).
edit "$VK" "$T/vk_ic.json" 'j.IC[1] = ["0","1","0"]'
g16k_says 1 '^INVALID: .*pairing check failed' "$T/vk_ic.json" "$PUB" "$PF"
snarkjs_says INVALID "$T/vk_ic.json" "$PUB" "$PF"

# 2. Key points off their curve, or outside their subgroup: a malformed key (exit 4), not an
# invalid proof (exit 1). The G1 point: the first x with x^3 + 4 a square (cofactor ~2^126).
edit "$VK" "$T/vk_offcurve.json" 'j.vk_alpha_1 = ["1", "2", "1"]'
g16k_says 4 "vk_offcurve.json: vk_alpha_1: point not on the curve" "$T/vk_offcurve.json" "$PUB" "$PF"
node -e '
const fs = require("fs");
const p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn;
const pow = (b, e) => { let r = 1n; b %= p; for (; e > 0n; e >>= 1n, b = b * b % p) if (e & 1n) r = r * b % p; return r; };
for (let x = 1n; ; x++) {
  const rhs = (x * x * x + 4n) % p, y = pow(rhs, (p + 1n) / 4n);
  if (y * y % p !== rhs) continue;
  const vk = JSON.parse(fs.readFileSync(process.argv[1]));
  vk.IC[0] = [x.toString(), y.toString(), "1"];
  fs.writeFileSync(process.argv[2], JSON.stringify(vk));
  break;
}' "$VK" "$T/vk_offsub.json"
g16k_says 4 "vk_offsub.json: IC\[0\]: point not in the prime-order subgroup" "$T/vk_offsub.json" "$PUB" "$PF"

# 3. Proof coordinates: only the canonical decimal spelling. snarkjs reads each of these as the
# same number, so its verdict stays OK; g16k refuses the spelling (exit 4), naming the place.
for spell in '"0"+x' '"00"+x' '"+"+x' '" "+x'; do
  edit "$PF" "$T/spelt.json" "const x = j.pi_a[0]; j.pi_a[0] = $spell"
  g16k_says 4 'spelt.json: pi_a\[0\]: ".*" is not a canonical decimal integer below p' "$VK" "$PUB" "$T/spelt.json"
done
edit "$PF" "$T/spelt.json" 'j.pi_b[1][0] = "0" + j.pi_b[1][0]'
g16k_says 4 'spelt.json: pi_b\[1\]\[0\]: .*\(leading zero\)' "$VK" "$PUB" "$T/spelt.json"
snarkjs_says OK "$VK" "$PUB" "$T/spelt.json"
edit "$VK" "$T/vk_spelt.json" 'j.vk_delta_2[0][1] = "0" + j.vk_delta_2[0][1]'
g16k_says 4 'vk_spelt.json: vk_delta_2\[0\]\[1\]: .*\(leading zero\)' "$T/vk_spelt.json" "$PUB" "$PF"
echo "verify on hostile keys and spellings: $n verdicts as expected, snarkjs's where it has one"
