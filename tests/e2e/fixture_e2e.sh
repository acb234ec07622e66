#!/usr/bin/env bash
# End-to-end test of one snarkjs fixture with one prover.ini:
#  1. bit-exact: with injected (r, s) = (0, 0) and (123456789, 987654321) our proof.json and
#     public.json equal the reference files made by the independent BigInt prover of the fixtures;
#  2. interop: a proof with fresh random r, s is accepted by the real snarkjs and by g16k verify;
#  3. snarkjs's own proof is accepted by g16k verify;
#  4. tampered proofs and public inputs are rejected by both verifiers.
# usage: fixture_e2e.sh G16K CONFIG FIXTURE_DIR SNARKJS   (SNARKJS may be "" -> interop skipped, exit 77)
set -u
G16K=$1 CONFIG=$2 FIX=$3 SNARKJS=${4:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
name=$(basename "$FIX")

# The config under test, with a key_cache in the temporary folder: the first load checks every
# point of the key, the next loads of the same key (3 proofs below) skip the subgroup checks.
if grep -q '^\[core\]' "$CONFIG"; then
  sed "/^\[core\]/a key_cache = $T/keys" "$CONFIG" > "$T/prover.ini"
else
  { printf '[core]\nkey_cache = %s/keys\n' "$T"; cat "$CONFIG"; } > "$T/prover.ini"
fi
CONFIG_NAME=$(basename "$CONFIG")
CONFIG=$T/prover.ini

# A GPU config on a machine without that device is skipped, visibly.
if ! "$G16K" plugins --config "$CONFIG" >"$T/plugins" 2>&1; then
  if grep -qE "no (OpenCL|CUDA) (platform|device)" "$T/plugins"; then
    echo "SKIP: $name with $CONFIG_NAME: $(cat "$T/plugins")"; exit 77
  fi
  fail "g16k plugins --config $CONFIG: $(cat "$T/plugins")"
fi

prove() { # prove OUTPREFIX [extra args]
  local out=$1; shift
  "$G16K" prove --config "$CONFIG" --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
     --proof "$T/$out.proof.json" --public "$T/$out.public.json" "$@"
}

# 1. bit-exact reference proofs
prove r0 --insecure-rs 0,0 2>"$T/err" || fail "$name: prove r=s=0: $(cat "$T/err")"
cmp -s "$T/r0.proof.json" "$FIX/ref_proof_r0_s0.json" || fail "$name: proof with r=s=0 differs from ref_proof_r0_s0.json"
# public.json as snarkjs writes it (ref_public.json holds the same values in compact JSON)
cmp -s "$T/r0.public.json" "$FIX/public.json" || fail "$name: public.json differs from snarkjs's public.json"
prove r1 --insecure-rs 123456789,987654321 2>"$T/err" || fail "$name: prove r,s injected: $(cat "$T/err")"
cmp -s "$T/r1.proof.json" "$FIX/ref_proof_r123456789_s987654321.json" || fail "$name: proof differs from ref_proof_r123456789_s987654321.json"
echo "ok: $name bit-exact reference proofs"

# 2. fresh proof, both verifiers
prove rnd 2>"$T/err" || fail "$name: prove: $(cat "$T/err")"
"$G16K" verify --vk "$FIX/verification_key.json" --public "$T/rnd.public.json" --proof "$T/rnd.proof.json" >/dev/null \
  || fail "$name: g16k verify rejected our proof"
cmp -s "$T/rnd.proof.json" "$T/r0.proof.json" && fail "$name: random blinding produced the r=s=0 proof"
# 3. snarkjs's own proof
"$G16K" verify --vk "$FIX/verification_key.json" --public "$FIX/public.json" --proof "$FIX/proof.json" >/dev/null \
  || fail "$name: g16k verify rejected snarkjs's own proof"

# 4. tampering (node is needed by snarkjs anyway)
node -e '
const fs = require("fs"); const [dir] = process.argv.slice(1);
const p = JSON.parse(fs.readFileSync(dir + "/rnd.proof.json"));
const q = JSON.parse(JSON.stringify(p)); q.pi_a = p.pi_c; q.pi_c = p.pi_a;      // valid points, wrong proof
fs.writeFileSync(dir + "/swap.proof.json", JSON.stringify(q, null, 1));
const o = JSON.parse(JSON.stringify(p)); o.pi_a[0] = (BigInt(p.pi_a[0]) + 1n).toString(); // off the curve
fs.writeFileSync(dir + "/offcurve.proof.json", JSON.stringify(o, null, 1));
const pub = JSON.parse(fs.readFileSync(dir + "/rnd.public.json"));
if (pub.length) { pub[0] = (BigInt(pub[0]) + 1n).toString(); fs.writeFileSync(dir + "/bad.public.json", JSON.stringify(pub)); }
' "$T" || fail "node tampering script"
for bad in swap offcurve; do
  "$G16K" verify --vk "$FIX/verification_key.json" --public "$T/rnd.public.json" --proof "$T/$bad.proof.json" >/dev/null
  [ $? -eq 1 ] || fail "$name: g16k verify did not reject the $bad proof with exit 1"
done
if [ -f "$T/bad.public.json" ]; then
  "$G16K" verify --vk "$FIX/verification_key.json" --public "$T/bad.public.json" --proof "$T/rnd.proof.json" >/dev/null
  [ $? -eq 1 ] || fail "$name: g16k verify did not reject a tampered public input"
fi
echo "ok: $name g16k verify accepts ours and snarkjs's, rejects tampered"

if [ -z "$SNARKJS" ]; then
  echo "SKIP: $name snarkjs interop (snarkjs not installed: run .ci/run or npm ci in tools/snarkjs)"
  exit 77
fi
sj() { "$SNARKJS" groth16 verify "$FIX/verification_key.json" "$@" >"$T/sj.log" 2>&1; }
sj "$T/rnd.public.json" "$T/rnd.proof.json" || fail "$name: snarkjs rejected our proof: $(cat "$T/sj.log")"
grep -q "OK!" "$T/sj.log" || fail "$name: snarkjs did not print OK!"
sj "$T/r1.public.json" "$T/r1.proof.json" || fail "$name: snarkjs rejected our injected-r,s proof"
for bad in swap offcurve; do
  sj "$T/rnd.public.json" "$T/$bad.proof.json" && fail "$name: snarkjs accepted the $bad proof (test is broken)"
done
if [ -f "$T/bad.public.json" ]; then
  sj "$T/bad.public.json" "$T/rnd.proof.json" && fail "$name: snarkjs accepted a tampered public input"
fi
echo "ok: $name snarkjs accepts our proofs and agrees on the tampered ones"
exit 0
