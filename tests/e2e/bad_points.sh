#!/usr/bin/env bash
# A key with one point outside its prime-order subgroup, in any section, is refused with exit 4
# naming the section and the point: for each small prime l of each cofactor, P + T or T itself
# (T of exact order l, from tests/arith/vectors/torsion.txt, made by the vectors tool's own
# arithmetic) in the header points, IC, A, B1, B2, C and H (poseidon2), and points whose witness
# value is 0 (sha256_64, the only fixture with zeros: the proof itself would still verify). No verdict is recorded and nothing is
# written. With two bad points the first in section order is named, whatever the threads.
# usage: bad_points.sh G16K FIXTURES CPU_INI
set -u
G16K=$1 FIX=$2/poseidon2 SHA=$2/sha256_64 CPU_INI=$3
VEC=$(cd "$(dirname "$0")/../arith/vectors" && pwd)
TOOL=$(dirname "$0")/zkey_tool.mjs
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; [ -f "$T/err" ] && sed 's/^/  stderr: /' "$T/err"; exit 1; }
export XDG_CACHE_HOME=$T/xdg

# bad SECTION WHICH KIND L NEEDLE [THREADS [FIXTURE]]: put the point into a copy, prove, expect
# exit 4 with NEEDLE in the message, no output, no verdict.
bad() {
  local sec=$1 which=$2 kind=$3 l=$4 needle=$5 threads=${6:-0} fx=${7:-$FIX}
  # shellcheck disable=SC2046
  node "$TOOL" put "$fx/circuit_final.zkey" "$T/bad.zkey" "$sec" "$which" \
    $(node "$TOOL" torsion "$VEC/torsion.txt" "$kind" "$l") || fail "node put $sec $which"
  rm -f "$T/p.json" "$T/q.json"
  G16K_THREADS=$threads "$G16K" prove --config "$CPU_INI" --zkey "$T/bad.zkey" \
    --witness "$fx/witness.wtns" --proof "$T/p.json" --public "$T/q.json" 2>"$T/err"
  local rc=$?
  [ "$rc" -eq 4 ] || fail "$kind $l in section $sec/$which: exit $rc, expected 4"
  grep -q "bad.zkey: $needle" "$T/err" || fail "$kind $l in section $sec/$which: message lacks '$needle'"
  grep -q "not in the prime-order subgroup" "$T/err" || fail "$kind $l in section $sec/$which: wrong reason"
  [ -e "$T/p.json" ] || [ -e "$T/q.json" ] && fail "$kind $l in section $sec/$which: output written"
  [ -n "$(find "$T/xdg" -name '*.verified' 2>/dev/null)" ] && fail "$kind $l in section $sec/$which: verdict recorded"
  return 0
}

bad 2 alpha1 g1_nonmember 3 "section 2 (groth16 header) at byte [0-9]*: alpha1:"
bad 2 beta1 g1_torsion 11 "section 2 (groth16 header) at byte [0-9]*: beta1:"
bad 2 delta1 g1_nonmember 52437899 "section 2 (groth16 header) at byte [0-9]*: delta1:"
bad 2 beta2 g2_nonmember 13 "section 2 (groth16 header) at byte [0-9]*: beta2:"
bad 2 gamma2 g2_torsion 23 "section 2 (groth16 header) at byte [0-9]*: gamma2:"
bad 2 delta2 g2_nonmember 2713 "section 2 (groth16 header) at byte [0-9]*: delta2:"
bad 3 1 g1_nonmember 10177 "section 3 (IC) at byte [0-9]*: point 1:"
bad 5 7 g1_nonmember 11 "section 5 (A) at byte [0-9]*: point 7:"
bad 6 300 g1_torsion 3 "section 6 (B1) at byte [0-9]*: point 300:" 1
bad 7 519 g2_nonmember 23 "section 7 (B2) at byte [0-9]*: point 519:"
bad 7 2 g2_torsion 11953 "section 7 (B2) at byte [0-9]*: point 2:" 1
bad 8 5 g1_nonmember 859267 "section 8 (C) at byte [0-9]*: point 5:"
bad 9 1023 g1_nonmember 52437899 "section 9 (H) at byte [0-9]*: point 1023:"
bad 9 0 g1_torsion 10177 "section 9 (H) at byte [0-9]*: point 0:" 3
bad 7 400 g2_nonmember 262069 "section 7 (B2) at byte [0-9]*: point 400:"
# Points that take no part in the proof of this witness (w[ZW] = 0): refused all the same.
if [ -f "$SHA/circuit_final.zkey" ]; then
  ZW=$(node "$TOOL" zero-witness "$SHA/circuit_final.zkey" "$SHA/witness.wtns") || fail "zero-witness"
  bad 5 "$ZW" g1_nonmember 3 "section 5 (A) at byte [0-9]*: point $ZW:" 0 "$SHA"
  bad 7 "$ZW" g2_nonmember 13 "section 7 (B2) at byte [0-9]*: point $ZW:" 0 "$SHA"
  bad 8 $((ZW - 3)) g1_torsion 3 "section 8 (C) at byte [0-9]*: point $((ZW - 3)):" 0 "$SHA"
else
  echo "FAIL: $SHA/circuit_final.zkey missing"; exit 1
fi

# Two bad points (H 900, then A 20 in section order): A 20 is named, on 1, 2 and 3 threads.
# shellcheck disable=SC2046
node "$TOOL" put "$FIX/circuit_final.zkey" "$T/two.zkey" 9 900 $(node "$TOOL" torsion "$VEC/torsion.txt" g1_nonmember 11) || fail "node"
# shellcheck disable=SC2046
node "$TOOL" put "$T/two.zkey" "$T/two.zkey" 5 20 $(node "$TOOL" torsion "$VEC/torsion.txt" g1_nonmember 3 1) || fail "node"
for th in 1 2 3 2 3; do
  G16K_THREADS=$th "$G16K" prove --config "$CPU_INI" --zkey "$T/two.zkey" --witness "$FIX/witness.wtns" \
    --proof "$T/p.json" --public "$T/q.json" 2>"$T/err"
  [ $? -eq 4 ] || fail "two bad points, $th threads: wrong exit"
  grep -q "section 5 (A) at byte [0-9]*: point 20:" "$T/err" || fail "two bad points, $th threads: not the first"
done
# The unchanged key still proves (the checks are not what fails).
"$G16K" prove --config "$CPU_INI" --zkey "$FIX/circuit_final.zkey" --witness "$FIX/witness.wtns" \
  --proof "$T/p.json" --public "$T/q.json" 2>"$T/err" || fail "the good key"
echo "ok: a point outside its subgroup in any section is refused with exit 4, named, nothing written"
