#!/usr/bin/env bash
# Keys from `g16k setup --insecure-random-toxic-waste` are judged by snarkjs itself: snarkjs
# proves with the fixture's witness, exports the verification key and verifies. Also checks that
# `g16k vk` writes the same bytes as `snarkjs zkey export verificationkey` for that key, and
# that the command refuses ambiguous options.
# usage: random_snarkjs.sh G16K FIXTURES SNARKJS   (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 FIX=$2 SNARKJS=${3:-}
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs): skipped"; exit 77
fi
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
for c in mult poseidon2; do
  "$G16K" setup --r1cs "$FIX/$c/circuit.r1cs" --insecure-random-toxic-waste --zkey "$W/$c.zkey" \
      --quiet 2> "$W/$c.err"
  grep -q "WARNING: insecure" "$W/$c.err" || { echo "$c: no warning printed"; exit 1; }
  "$SNARKJS" zkey export verificationkey "$W/$c.zkey" "$W/$c.vk.json" > /dev/null
  "$G16K" vk --zkey "$W/$c.zkey" --vk "$W/$c.vk2.json"
  cmp "$W/$c.vk.json" "$W/$c.vk2.json"
  "$SNARKJS" groth16 prove "$W/$c.zkey" "$FIX/$c/witness.wtns" "$W/$c.proof.json" "$W/$c.public.json"
  "$SNARKJS" groth16 verify "$W/$c.vk.json" "$W/$c.public.json" "$W/$c.proof.json" | tee "$W/$c.verify"
  grep -q "OK!" "$W/$c.verify"
  # A second key for the same circuit uses other toxic waste, so the first key's vk rejects it
  # (once is enough: each snarkjs call costs about a second).
  [ "$c" = mult ] || continue
  "$G16K" setup --r1cs "$FIX/$c/circuit.r1cs" --insecure-random-toxic-waste --zkey "$W/$c.b.zkey" \
      --quiet 2> /dev/null
  "$SNARKJS" groth16 prove "$W/$c.b.zkey" "$FIX/$c/witness.wtns" "$W/$c.pb.json" "$W/$c.pub2.json"
  if "$SNARKJS" groth16 verify "$W/$c.vk.json" "$W/$c.pub2.json" "$W/$c.pb.json" | grep -q "OK!"; then
    echo "$c: a proof from another random key verified"; exit 1
  fi
done
rc=0
"$G16K" setup --r1cs "$FIX/mult/circuit.r1cs" --zkey "$W/x.zkey" 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "setup without --ptau or --insecure-random-toxic-waste: exit $rc, want 2"; exit 1; }
echo "random setup: snarkjs accepts"
