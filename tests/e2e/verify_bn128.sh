#!/usr/bin/env bash
# g16k verify on BN254 (snarkjs's bn128, circom's default curve), beside snarkjs's verdict, on
# every committed bn128 fixture (tests/fixtures/bn128, tools/fixtures/make_fixtures.sh --curve
# bn128):
#  - snarkjs's own proof.json and the reference prover's two proofs (fixed r and s, an
#    independent BigInt computation): OK for both verifiers;
#  - a public signal changed, pi_a and pi_c swapped, another circuit's proof: INVALID for both
#    (exit 1);
#  - a bn128 key with gamma2 at infinity (the forged-proof key of verify_hostile.sh): exit 4
#    naming the field, and the forged proof is INVALID for snarkjs;
#  - the BLS12-381 mult proof against the bn128 mult key: exit 4 naming both curves.
# usage: verify_bn128.sh G16K BN128_FIXTURES BLS_FIXTURES SNARKJS   (exit 77: no snarkjs)
set -euo pipefail
G16K=$1 BN=$2 BLS=$3 SNARKJS=${4:-}
. "$(dirname "$0")/verify_lib.sh"

# both_say OK|INVALID VK PUBLIC PROOF: g16k verify (exit 0 / 1) and snarkjs groth16 verify
both_say() {
  if [ "$1" = OK ]; then g16k_says 0 '^OK$' "$2" "$3" "$4"; else g16k_says 1 '^INVALID: ' "$2" "$3" "$4"; fi
  snarkjs_says "$@"
}

for fx in mult nopub poseidon2 manypub; do
  D=$BN/$fx VK=$BN/$fx/verification_key.json
  both_say OK "$VK" "$D/public.json" "$D/proof.json"
  for ref in "$D"/ref_proof_*.json; do
    both_say OK "$VK" "$D/ref_public.json" "$ref"
  done
  edit "$D/proof.json" "$T/swapped.json" 'const a = j.pi_a; j.pi_a = j.pi_c; j.pi_c = a'
  both_say INVALID "$VK" "$D/public.json" "$T/swapped.json"
  if [ "$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).length)' "$D/public.json")" -gt 0 ]; then
    edit "$D/public.json" "$T/pub1.json" 'j[0] = (BigInt(j[0]) + 1n).toString()'
    both_say INVALID "$VK" "$T/pub1.json" "$D/proof.json"
  fi
done
# another circuit's proof (poseidon2's) against mult's key and public signals
both_say INVALID "$BN/mult/verification_key.json" "$BN/mult/public.json" "$BN/poseidon2/proof.json"

VK=$BN/mult/verification_key.json
edit "$VK" "$T/vk_g.json" 'j.vk_gamma_2 = [["0","0"],["1","0"],["0","0"]]'
edit "$BN/mult/proof.json" "$T/forged.json" "const v = JSON.parse(fs.readFileSync('$VK'));
  j.pi_a = v.vk_alpha_1; j.pi_b = v.vk_beta_2; j.pi_c = ['0', '1', '0']"
printf '[\n "12345"\n]' > "$T/pub_any.json"
g16k_says 4 "vk_g.json: vk_gamma_2: the point at infinity" "$T/vk_g.json" "$T/pub_any.json" "$T/forged.json"
snarkjs_says INVALID "$T/vk_g.json" "$T/pub_any.json" "$T/forged.json"

g16k_says 4 'proof.json: curve: "bls12381", expected "bn128" \(BN254\)' "$VK" "$BN/mult/public.json" "$BLS/mult/proof.json"
echo "verify on bn128: $n verdicts as expected, each beside snarkjs's where it has one"
