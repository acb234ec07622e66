#!/usr/bin/env bash
# The dependency check can fail: in a copy of the tree's sources, plant forbidden includes (the
# core naming the CPU provider; BN254's arithmetic naming BLS12-381's) and a forbidden link (a
# provider linking the core), and expect deps.py to refuse each, naming the file, the line and
# the rule. Exit 0 when it did.
# usage: deps_planted.sh SOURCE_DIR
set -u
src=${1:?usage: deps_planted.sh SOURCE_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { python3 "$src/tests/habits/deps.py" "$tmp/tree"; }

(cd "$src" && git ls-files -co --exclude-standard -- '*.c' '*.h' '*.cl' '*.cu' '*CMakeLists.txt' \
  docs/architecture.md | grep -v /node_modules/ | tar -cf - -T -) | (mkdir "$tmp/tree" && tar -xf - -C "$tmp/tree")
out=$(check) || { echo "FAIL: the untouched copy fails already:"; echo "$out"; exit 1; }

bad=0
cp "$tmp/tree/core/formats/zkey.c" "$tmp/zkey.c"
echo '#include "../../cpu/msm.h"' >>"$tmp/tree/core/formats/zkey.c"
out=$(check)
rc=$?
echo "planted include -> exit $rc: $out"
if [ $rc -ne 1 ] || ! grep -q 'core/formats/zkey.c:[0-9]*: #include "../../cpu/msm.h" (cpu/msm.h): core/formats may not use cpu' <<<"$out"; then
  echo "FAIL: the planted include was not refused as expected"; bad=1
fi
cp "$tmp/zkey.c" "$tmp/tree/core/formats/zkey.c"

# one curve's arithmetic naming another's (a rule inside arith/, below a component "arith")
cp "$tmp/tree/arith/bn254/g1.c" "$tmp/g1.c"
echo '#include "bls12_381/curve.h"' >>"$tmp/tree/arith/bn254/g1.c"
out=$(check)
rc=$?
echo "planted cross-curve include -> exit $rc: $out"
if [ $rc -ne 1 ] || ! grep -q 'arith/bn254/g1.c:[0-9]*: #include "bls12_381/curve.h" (arith/bls12_381/curve.h): arith/bn254 may not use arith/bls12_381' <<<"$out"; then
  echo "FAIL: the planted cross-curve include was not refused as expected"; bad=1
fi
cp "$tmp/g1.c" "$tmp/tree/arith/bn254/g1.c"

echo 'target_link_libraries(g16k_cpu PRIVATE g16k_core)' >>"$tmp/tree/cpu/CMakeLists.txt"
out=$(check)
rc=$?
echo "planted link -> exit $rc: $out"
if [ $rc -ne 1 ] || ! grep -q 'cpu/CMakeLists.txt:[0-9]*: g16k_cpu links g16k_core (core): cpu may not use core' <<<"$out"; then
  echo "FAIL: the planted link was not refused as expected"; bad=1
fi
[ $bad = 0 ] && echo "ok: the three planted edges refused"
exit $bad
