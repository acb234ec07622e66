#!/usr/bin/env bash
# g16k check against real circom fixtures: good witnesses pass (exit 0); a witness with one value
# changed fails (exit 1) and the report names the constraints and signals: the first index is
# the one `snarkjs wtns check` stops at, every index is one an independent BigInt evaluator
# (r1cs_eval.mjs) finds, and the names are those the .sym file gives the changed wire. Proving
# with that witness fails its own check (exit 6) and points to g16k check. Malformed files exit 4
# naming the file, a missing one exits 5.
# The same on BN254 (the committed bn128 fixtures, circom's default prime), the curve coming from
# the files' prime; a witness of one curve beside a circuit of the other is refused (exit 4).
# usage: check.sh G16K FIXTURES SNARKJS [BN128_FIXTURES]     (exit 77 = skipped: no snarkjs)
set -euo pipefail
G16K=$1 FIX=$2 SNARKJS=${3:-} BN=${4:-}
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "$SNARKJS" ] || [ ! -x "$SNARKJS" ]; then
  echo "snarkjs not installed (tools/snarkjs: npm ci): skipped"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() { rc=0; "$G16K" check "$@" > "$T/out" 2> "$T/err" || rc=$?; }

# wtns values start after magic, version, count (12), header section (12 + 40), section 2 head (12)
change_wire() {   # change_wire IN OUT WIRE: flip the low bit of the witness value of WIRE
  node -e 'const fs = require("fs"), [i, o, w] = process.argv.slice(1);
           const b = fs.readFileSync(i); b[76 + 32 * Number(w)] ^= 1; fs.writeFileSync(o, b);' "$1" "$2" "$3"
}

good() {   # good DIR NAME: the fixture's own witness satisfies its circuit
  local F=$1 c=$2 m
  [ -f "$F/circuit.r1cs" ] && [ -f "$F/circuit.sym" ] || fail "missing fixture $F (circuit.r1cs, circuit.sym)"
  m=$(sed 's/\x1b\[[0-9;]*m//g' "$F/r1cs_info.txt" | sed -n 's/.*# of Constraints: *//p')
  run --r1cs "$F/circuit.r1cs" --witness "$F/witness.wtns" --sym "$F/circuit.sym"
  [ "$rc" = 0 ] || fail "$c: good witness: exit $rc $(cat "$T/out" "$T/err")"
  grep -qx "OK: the witness satisfies all $m constraints" "$T/out" || fail "$c: $(cat "$T/out")"
}
for c in mult nopub poseidon2; do
  good "$FIX/$c" "$c"
done

# changed DIR NAME WIRE [prove]: the fixture's witness with WIRE's value changed, reported as
# snarkjs and r1cs_eval.mjs find it; with "prove", the prover refuses it (exit 6)
changed() {
  local F=$1 c=$2 wire=$3 first names line
  change_wire "$F/witness.wtns" "$T/$c.bad.wtns" "$wire"
  "$SNARKJS" wtns check "$F/circuit.r1cs" "$T/$c.bad.wtns" > "$T/sj" 2>&1 || true
  first=$(sed 's/\x1b\[[0-9;]*m//g' "$T/sj" | sed -n 's/.*aborting checking process at constraint \([0-9]*\).*/\1/p')
  [ -n "$first" ] || fail "$c: snarkjs wtns check found no broken constraint: $(cat "$T/sj")"
  node "$HERE/r1cs_eval.mjs" "$F/circuit.r1cs" "$T/$c.bad.wtns" > "$T/want"
  [ "$(head -1 "$T/want")" = "$first" ] || fail "$c: r1cs_eval.mjs and snarkjs disagree"
  run --r1cs "$F/circuit.r1cs" --witness "$T/$c.bad.wtns" --sym "$F/circuit.sym" --max 1000
  [ "$rc" = 1 ] || fail "$c: changed witness: exit $rc, want 1"
  sed -n 's/^constraint \([0-9]*\) is not satisfied.*/\1/p' "$T/out" > "$T/got"
  [ "$(head -1 "$T/got")" = "$first" ] || fail "$c: first unsatisfied $(head -1 "$T/got"), snarkjs says $first"
  diff "$T/got" "$T/want" > /dev/null || fail "$c: unsatisfied $(echo $(cat "$T/got")), r1cs_eval.mjs: $(echo $(cat "$T/want"))"
  grep -qx "$(wc -l < "$T/want") of [0-9]* constraints not satisfied" "$T/out" || fail "$c: count line: $(tail -1 "$T/out")"
  names=$(awk -F, -v w="$wire" '$2 == w { print $4 }' "$F/circuit.sym" | head -3 | paste -sd, - | sed 's/,/, /g')
  [ -n "$names" ] || fail "$c: the .sym file names no signal of wire $wire"
  line=$(grep -m1 "^    wire $wire = " "$T/out") || fail "$c: wire $wire not reported"
  [[ $line =~ ^"    wire $wire = "[0-9]+"  $names"$ ]] || fail "$c: wire $wire not named '$names': $line"
  # without --sym: the wires, no names
  run --r1cs "$F/circuit.r1cs" --witness "$T/$c.bad.wtns"
  [ "$rc" = 1 ] && grep -qx "    wire $wire = [0-9]*" "$T/out" || fail "$c: without --sym: exit $rc"
  [ "${4:-}" = prove ] || return 0
  # the prover refuses the witness and points to g16k check
  rc=0; "$G16K" prove --zkey "$F/circuit_final.zkey" --witness "$T/$c.bad.wtns" --proof "$T/p.json" \
      --public "$T/q.json" 2> "$T/perr" || rc=$?
  [ "$rc" = 6 ] || fail "$c: prove with the changed witness: exit $rc, want 6"
  [ "$(wc -l < "$T/perr")" = 1 ] && grep -q "g16k check --r1cs" "$T/perr" || fail "$c: prove's message: $(cat "$T/perr")"
  [ ! -e "$T/p.json" ] || fail "$c: prove wrote a proof"
}
# One changed value: mult's output c (wire 1), poseidon2's wire 5 and nopub's last wire.
for case in "mult 1" "poseidon2 5" "nopub 301"; do
  set -- $case
  changed "$FIX/$1" "$1" "$2" prove
done
# BN254: the bn128 fixtures (no prove: g16k proves BLS12-381 only so far)
if [ -n "$BN" ]; then
  for c in mult nopub poseidon2; do
    good "$BN/$c" "bn128/$c"
  done
  changed "$BN/mult" bn128_mult 1
  changed "$BN/poseidon2" bn128_poseidon2 5
  run --r1cs "$BN/mult/circuit.r1cs" --witness "$FIX/mult/witness.wtns"
  [ "$rc" = 4 ] && grep -q "mult/witness.wtns: section 1 (header): a BLS12-381 witness, the circuit .*bn128/mult/circuit.r1cs is BN254's" "$T/err" ||
    fail "BLS12-381 witness, BN254 circuit: exit $rc $(cat "$T/err")"
fi

# --max: the first N, then a pointer
run --r1cs "$FIX/poseidon2/circuit.r1cs" --witness "$T/poseidon2.bad.wtns" --max 1
[ "$rc" = 1 ] && [ "$(grep -c '^constraint ' "$T/out")" = 1 ] && grep -q "see --max" "$T/out" || fail "--max 1: $(cat "$T/out")"

# Bad inputs: exit code and a message naming the file
F=$FIX/poseidon2
head -c 200 "$F/circuit.r1cs" > "$T/cut.r1cs"
run --r1cs "$T/cut.r1cs" --witness "$F/witness.wtns"
[ "$rc" = 4 ] && grep -q "^g16k: error: $T/cut.r1cs: " "$T/err" || fail "truncated r1cs: exit $rc $(cat "$T/err")"
run --r1cs "$F/circuit.r1cs" --witness "$FIX/mult/witness.wtns"
[ "$rc" = 4 ] && grep -q "mult/witness.wtns: section 1 (header): 4 witness values, the circuit .* has 520 wires" "$T/err" ||
  fail "witness of another circuit: exit $rc $(cat "$T/err")"
{ head -3 "$F/circuit.sym"; echo "7,99999,0,main.nowhere"; } > "$T/bad.sym"
run --r1cs "$F/circuit.r1cs" --witness "$F/witness.wtns" --sym "$T/bad.sym"
[ "$rc" = 4 ] && grep -q "$T/bad.sym: line 4 (byte [0-9]*): wire index '99999'" "$T/err" || fail "bad .sym: exit $rc $(cat "$T/err")"
echo "garbage" > "$T/bad2.sym"
run --r1cs "$F/circuit.r1cs" --witness "$F/witness.wtns" --sym "$T/bad2.sym"
[ "$rc" = 4 ] && grep -q "bad2.sym: line 1 (byte 0): expected" "$T/err" || fail "garbage .sym: exit $rc $(cat "$T/err")"
run --r1cs "$F/circuit.r1cs" --witness "$T/none.wtns"
[ "$rc" = 5 ] && grep -q "none.wtns" "$T/err" || fail "missing witness: exit $rc $(cat "$T/err")"
run --r1cs "$F/circuit.r1cs"
[ "$rc" = 2 ] || fail "no --witness: exit $rc, want 2"
run --r1cs "$F/circuit.r1cs" --witness "$F/witness.wtns" --max x
[ "$rc" = 2 ] || fail "--max x: exit $rc, want 2"
echo "check: reports agree with snarkjs wtns check and an independent evaluator"
