#!/usr/bin/env bash
# The main job on a fresh machine: set up, build g16k, prove the shipped Poseidon example with the
# CPU backend, and verify the proof with g16k and with snarkjs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target g16k_cli g16k_cpu   # what the demo needs
EX=examples/poseidon2
OUT=${OUT_DIR:-out}
mkdir -p "$OUT"
build/bin/g16k plugins --config conf/cpu.ini
build/bin/g16k prove --config conf/cpu.ini --zkey $EX/circuit_final.zkey --witness $EX/witness.wtns \
    --proof "$OUT/proof.json" --public "$OUT/public.json" --timings
echo "g16k verify:";  build/bin/g16k verify --vk $EX/verification_key.json --public "$OUT/public.json" --proof "$OUT/proof.json"
echo "snarkjs verify:"; tools/snarkjs/node_modules/.bin/snarkjs groth16 verify $EX/verification_key.json "$OUT/public.json" "$OUT/proof.json"
