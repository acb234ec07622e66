#!/usr/bin/env bash
# The errors a new user meets first say what to do, not only what happened (one case each; the
# assertion is on the hint):
#  - a witness of another circuit given to prove: "(a witness of another circuit?)";
#  - ZKEY and WTNS swapped: "the file is a witness (.wtns), not a proving key (.zkey): arguments
#    swapped?";
#  - a truncated key: "truncated", with the size it needs and the size it has;
#  - BN254 (bn128) files, made here by circom2 with its default prime and by snarkjs: where g16k
#    serves BLS12-381 only (prove, setup) r1cs, wtns, zkey and ptau each say BN254 and
#    `--prime bls12381`; check and vk serve both (vk's export is snarkjs's, byte for byte), check
#    refuses only a BN254 file beside a BLS12-381 one;
#  - check --sym with another circuit's .sym: refused, "the .sym of another circuit?".
# usage: hints.sh G16K FIXTURES SNARKJS CIRCOM2 CIRCUITS_DIR   (exit 77: no snarkjs or circom2)
set -euo pipefail
G16K=$1 FIX=$2 SNARKJS=${3:-} CIRCOM2=${4:+$(realpath "$4")} CIRCUITS=$5
for t in "$SNARKJS" "$CIRCOM2"; do
  [ -n "$t" ] && [ -x "$t" ] || { echo "snarkjs or circom2 not installed (scripts/setup.sh): skipped"; exit 77; }
done
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset G16K_CONFIG
n=0
# says CODE HINT CMD...: exit CODE, and the one error line has HINT (a fixed string)
says() {
  local code=$1 hint=$2 rc=0; shift 2
  "$G16K" "$@" > "$T/out" 2>&1 || rc=$?
  [ "$rc" = "$code" ] || fail "g16k $*: exit $rc, want $code: $(cat "$T/out")"
  grep -qF -- "$hint" "$T/out" || fail "g16k $*: no hint '$hint' in: $(cat "$T/out")"
  echo "ok: $(grep 'error' "$T/out" | head -1)"
  n=$((n + 1))
}
M=$FIX/mult P=$FIX/poseidon2
says 4 "520 witness values, the proving key has 4 variables (a witness of another circuit?)" \
  prove "$M/circuit_final.zkey" "$P/witness.wtns" "$T/p.json" "$T/q.json"
says 4 'magic is not "zkey"; the file is a witness (.wtns), not a proving key (.zkey): arguments swapped?' \
  prove "$M/witness.wtns" "$M/circuit_final.zkey" "$T/p.json" "$T/q.json"
says 4 'magic is not "wtns"; the file is a proving key (.zkey), not a witness (.wtns): arguments swapped?' \
  check --r1cs "$M/circuit.r1cs" --witness "$M/circuit_final.zkey"
says 4 'magic is not "r1cs"; the file is a powers of tau file (.ptau), not a constraint system (.r1cs)' \
  setup --quiet --r1cs "$FIX/ptau/pot12_final.ptau" --ptau "$M/circuit.r1cs" --zkey "$T/k.zkey"
size=$(stat -c %s "$P/circuit_final.zkey")
head -c $((size / 2)) "$P/circuit_final.zkey" > "$T/cut.zkey"
says 4 "truncated (a copy or download cut short?), it needs at least" prove "$T/cut.zkey" "$P/witness.wtns" "$T/p.json" "$T/q.json"
need=$(sed -n "s/.*goes past the end of the file ($((size / 2)) bytes): truncated .* it needs at least \([0-9]*\) bytes.*/\1/p" "$T/out")
[ -n "$need" ] && [ "$need" -gt $((size / 2)) ] && [ "$need" -le "$size" ] ||
  fail "truncated: the sizes are not the file's ($((size / 2))) and what it needs (<= $size): $(cat "$T/out")"
head -c 20 "$P/circuit_final.zkey" > "$T/cut20.zkey"
says 4 "file ends (20 bytes): truncated, its table needs at least 24 bytes" prove "$T/cut20.zkey" "$P/witness.wtns" "$T/p.json" "$T/q.json"

# BN254 files, as circom's and snarkjs's defaults make them
cp "$CIRCUITS/mult.circom" "$CIRCUITS/mult.input.json" "$T/"
(cd "$T" && "$CIRCOM2" mult.circom --r1cs --wasm --sym -o . > /dev/null)   # default prime: bn128
"$SNARKJS" wtns calculate "$T/mult_js/mult.wasm" "$T/mult.input.json" "$T/bn.wtns" > /dev/null
"$SNARKJS" powersoftau new bn128 4 "$T/bn0.ptau" > /dev/null
"$SNARKJS" powersoftau prepare phase2 "$T/bn0.ptau" "$T/bn.ptau" > /dev/null
"$SNARKJS" groth16 setup "$T/mult.r1cs" "$T/bn.ptau" "$T/bn.zkey" > /dev/null
# check serves both curves, the files' primes deciding: two curves in one run is the mistake
says 4 "a BLS12-381 witness, the circuit $T/mult.r1cs is BN254's (files of two circuits, or one compiled with another --prime?)" \
  check --r1cs "$T/mult.r1cs" --witness "$M/witness.wtns"
says 4 "a BN254 witness, the circuit $M/circuit.r1cs is BLS12-381's" check --r1cs "$M/circuit.r1cs" --witness "$T/bn.wtns"
"$G16K" check --r1cs "$T/mult.r1cs" --witness "$T/bn.wtns" > "$T/out" 2>&1 ||
  fail "check of a BN254 circuit and its witness: $(cat "$T/out")"
grep -q "^OK: the witness satisfies all 1 constraints" "$T/out" || fail "check on BN254: $(cat "$T/out")"
says 4 "a BN254 witness (its prime is BN254's r), the proving key is BLS12-381's (a witness of another circuit, or one compiled with another --prime?)" \
  prove "$M/circuit_final.zkey" "$T/bn.wtns" "$T/p.json" "$T/q.json"
# a BN254 key proves (the CPU plugin serves BN254, plugin ABI 1.8); a witness of the other curve
# beside it is named
says 4 "a BLS12-381 witness (its prime is BLS12-381's r), the proving key is BN254's (a witness of another circuit" \
  prove "$T/bn.zkey" "$M/witness.wtns" "$T/p.json" "$T/q.json"
# vk serves both curves: a BN254 key gives snarkjs's own export
"$G16K" vk --zkey "$T/bn.zkey" --vk "$T/vk.json" > "$T/out" 2>&1 || fail "vk of a BN254 key: $(cat "$T/out")"
"$SNARKJS" zkey export verificationkey "$T/bn.zkey" "$T/vk_sj.json" > /dev/null
cmp -s "$T/vk.json" "$T/vk_sj.json" || fail "vk of a BN254 key differs from snarkjs's export"
# setup serves both curves, the r1cs's prime deciding: a BN254 circuit's key from a bn128 ptau is
# snarkjs's own; a circuit and a ptau of two curves are the mistake
"$G16K" setup --quiet --r1cs "$T/mult.r1cs" --ptau "$T/bn.ptau" --zkey "$T/k.zkey" > "$T/out" 2>&1 ||
  fail "setup of a BN254 circuit: $(cat "$T/out")"
cmp -s "$T/k.zkey" "$T/bn.zkey" || fail "setup of a BN254 circuit differs from snarkjs groth16 setup"
rm "$T/k.zkey"
says 4 "$T/bn.ptau: a BN254 (bn128) powers of tau, but the circuit $M/circuit.r1cs is BLS12-381's: use a powers of tau of the circuit's curve (or compile the circuit for this one: circom --prime bn128)" \
  setup --quiet --r1cs "$M/circuit.r1cs" --ptau "$T/bn.ptau" --zkey "$T/k.zkey"
says 4 "a BLS12-381 (bls12381) powers of tau, but the circuit $T/mult.r1cs is BN254's" \
  setup --quiet --r1cs "$T/mult.r1cs" --ptau "$FIX/ptau/pot12_final.ptau" --zkey "$T/k.zkey"
[ ! -e "$T/p.json" ] && [ ! -e "$T/k.zkey" ] || fail "an output was written"

# another circuit's .sym: a larger one (label out of range), a smaller one (too few signals)
says 4 "the .sym of another circuit?" check --r1cs "$M/circuit.r1cs" --witness "$M/witness.wtns" --sym "$P/circuit.sym"
says 4 "3 signals, the circuit has 770" check --r1cs "$P/circuit.r1cs" --witness "$P/witness.wtns" --sym "$M/circuit.sym"
"$G16K" check --r1cs "$M/circuit.r1cs" --witness "$M/witness.wtns" --sym "$M/circuit.sym" > /dev/null ||
  fail "check with its own .sym"
echo "$n errors with their hints"
