#!/usr/bin/env bash
# Runs examples/circom-to-proof/run.sh (circom -> ptau -> g16k setup -> witness -> g16k prove ->
# verify) with this build's g16k in a fresh folder, then checks what it made: both verifiers
# said OK, the proving key is byte for byte what `snarkjs groth16 setup` makes from the same r1cs
# and ptau (the circuit uses the whole ptau: the boundary case), and the beacon ptau that
# `g16k ptau beacon` made is the file `snarkjs powersoftau beacon` makes from the same inputs.
# The script installs circom2 and snarkjs with `npm ci` on its first run (npm registry needed).
# usage: circom_to_proof.sh G16K EXAMPLE_DIR
set -euo pipefail
G16K=$1 EX=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
G16K=$G16K "$EX/run.sh" "$T/out" > "$T/log" 2>&1 || { tail -30 "$T/log"; fail "run.sh exited $?"; }
log=$(sed 's/\x1b\[[0-9;]*m//g' "$T/log")
grep -qx "OK: the witness satisfies all [0-9]* constraints" <<< "$log" || fail "g16k check did not pass"
grep -qx "OK" <<< "$log" || fail "g16k verify did not print OK"
grep -q "snarkJS: OK!" <<< "$log" || fail "snarkjs groth16 verify did not print OK!"
# "M constraints + P public + 1 = N <= 2^K: ...": K must be the smallest power that fits
read -r n k < <(sed -n 's/^[0-9]* constraints + [0-9]* public + 1 = \([0-9]*\) <= 2^\([0-9]*\):.*/\1 \2/p' <<< "$log")
[ -n "${k:-}" ] && [ $(( 1 << (k - 1) )) -lt "$n" ] && [ "$n" -le $(( 1 << k )) ] ||
  fail "power ${k:-?} is not the smallest for ${n:-?} = constraints + public + 1"
S=$EX/node_modules/.bin/snarkjs
cd "$T/out"
"$S" groth16 setup factor.r1cs pot_final.ptau snarkjs_0000.zkey > "$T/setup.log" 2>&1
grep -q ERROR "$T/setup.log" && fail "snarkjs groth16 setup: $(cat "$T/setup.log")"
cmp factor_0000.zkey snarkjs_0000.zkey || fail "g16k setup and snarkjs groth16 setup differ"
"$S" powersoftau new bls12381 "$k" again_0000.ptau > /dev/null
beacon=$(sed -n 's/^BEACON=//p' "$EX/run.sh")
"$S" powersoftau beacon again_0000.ptau again.ptau "$beacon" 10 -n="example beacon" > /dev/null
cmp -s again.ptau pot_beacon.ptau || fail "g16k ptau beacon differs from snarkjs powersoftau beacon"
echo "example circom-to-proof: proof verified by g16k and snarkjs, key identical to snarkjs's (power $k)"
