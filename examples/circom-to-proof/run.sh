#!/usr/bin/env bash
# From a circom circuit to a verified Groth16 proof with g16k: the steps of README.md "From
# circom to a proof", on factor.circom (a * b = n with range checks, n public) and input.json.
#
#   1. compile with circom 2 for BLS12-381 (--prime bls12381), simplified (--O2)
#   2. make a powers-of-tau file of the smallest power that fits, 2^k >= constraints + public + 1,
#      with g16k ptau (new, a beacon, prepare, verify: the bytes snarkjs powersoftau makes)
#   3. g16k setup (the proving key), then a phase-2 contribution with snarkjs, g16k vk
#   4. the witness with snarkjs wtns calculate, checked with g16k check
#   5. g16k prove, with the built-in all-CPU configuration and the positional form
#   6. verify with g16k verify and snarkjs groth16 verify
#
# The tools are circom2 0.2.23 (circom 2 as WebAssembly) and snarkjs 0.7.6 from npm, pinned by
# package-lock.json and installed here with `npm ci` on the first run. Every random step uses a
# beacon, so two runs give the same files; a beacon has no secret, so keys made this way are
# for trying things only (README.md says what to use instead).
#
# usage: run.sh [OUT_DIR]        (default: ./out; G16K=path/to/g16k, default g16k on PATH)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(mkdir -p "${1:-$HERE/out}" && cd "${1:-$HERE/out}" && pwd)
G16K=${G16K:-g16k}
command -v "$G16K" >/dev/null || { echo "run.sh: no g16k binary (set G16K=path/to/g16k)" >&2; exit 2; }

if [ ! -x "$HERE/node_modules/.bin/snarkjs" ] || [ ! -x "$HERE/node_modules/.bin/circom2" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund)
fi
CIRCOM="$HERE/node_modules/.bin/circom2"
SNARKJS="$HERE/node_modules/.bin/snarkjs"
BEACON=0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
step() { printf '\n== %s\n' "$*"; }
cd "$OUT"

step "1. compile"
"$CIRCOM" "$HERE/factor.circom" --r1cs --wasm --sym --prime bls12381 --O2 -o .

step "2. powers of tau"
# snarkjs prints colours even into a pipe: strip them before reading the counts.
info=$("$SNARKJS" r1cs info factor.r1cs | sed 's/\x1b\[[0-9;]*m//g')
count() { printf '%s\n' "$info" | sed -n "s/.*# of $1: *//p"; }
m=$(count Constraints) pub=$(( $(count "Public Inputs") + $(count Outputs) ))
k=1
while [ $(( 1 << k )) -lt $(( m + pub + 1 )) ]; do k=$((k + 1)); done
echo "$m constraints + $pub public + 1 = $((m + pub + 1)) <= 2^$k: powers of tau of power $k"
"$G16K" ptau new "$k" pot_0000.ptau
"$G16K" ptau beacon pot_0000.ptau pot_beacon.ptau "$BEACON" 10 --name "example beacon"
"$G16K" ptau prepare pot_beacon.ptau pot_final.ptau
"$G16K" ptau verify pot_final.ptau

step "3. proving key"
"$G16K" setup --r1cs factor.r1cs --ptau pot_final.ptau --zkey factor_0000.zkey
"$SNARKJS" zkey beacon factor_0000.zkey factor_final.zkey "$BEACON" 10 -n="example phase 2"
"$G16K" vk --zkey factor_final.zkey --vk verification_key.json

step "4. witness"
"$SNARKJS" wtns calculate factor_js/factor.wasm "$HERE/input.json" witness.wtns
"$G16K" check --r1cs factor.r1cs --witness witness.wtns --sym factor.sym

step "5. prove"
"$G16K" prove factor_final.zkey witness.wtns proof.json public.json

step "6. verify"
"$G16K" verify --vk verification_key.json --public public.json --proof proof.json
"$SNARKJS" groth16 verify verification_key.json public.json proof.json
