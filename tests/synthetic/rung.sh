#!/usr/bin/env bash
# One synthetic rung end to end at a domain of 2^20 (issue 33.7): synthetic_circuit writes a dense
# circuit of 2^20 - 2 constraints and its witness, `g16k setup --insecure-random-toxic-waste`
# keys it, `g16k prove` proves (the first proof of a fresh key: every point tested), and
# snarkjs and g16k verify the proof. About 2 minutes on 2 cores (setup about 1 GB, prove
# about 1.4 GB resident); the larger rungs are tools/ladder's (dense_<k>, bits_<k>), never tests.
# usage: rung.sh SYNTHETIC_CIRCUIT G16K SNARKJS   (exit 77 = skipped: no snarkjs)
set -euo pipefail
GEN=$1 G16K=$2 SNARKJS=${3:-}
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs): skipped"; exit 77
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
n=$(((1 << 20) - 2))
t0=$SECONDS
"$GEN" --shape dense --constraints $n --public 1 --r1cs "$W/c.r1cs" --wtns "$W/c.wtns"
t1=$SECONDS
"$G16K" setup --r1cs "$W/c.r1cs" --insecure-random-toxic-waste --zkey "$W/c.zkey" --quiet 2>/dev/null
t2=$SECONDS
"$G16K" prove "$W/c.zkey" "$W/c.wtns" "$W/proof.json" "$W/public.json" 2>/dev/null
t3=$SECONDS
"$G16K" vk --zkey "$W/c.zkey" --vk "$W/vk.json"
"$SNARKJS" groth16 verify "$W/vk.json" "$W/public.json" "$W/proof.json" >"$W/v.log" 2>&1
grep -q "OK!" "$W/v.log" || { echo "FAIL: snarkjs rejects the 2^20 proof: $(cat "$W/v.log")"; exit 1; }
"$G16K" verify --vk "$W/vk.json" --public "$W/public.json" --proof "$W/proof.json" | grep -q OK ||
  { echo "FAIL: g16k rejects its own 2^20 proof"; exit 1; }
echo "ok: 2^20 rung: generate $((t1 - t0)) s, setup $((t2 - t1)) s, prove $((t3 - t2)) s; snarkjs and g16k verify"
