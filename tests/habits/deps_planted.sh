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
# planted WHAT FILE LINE EXPECT: append LINE to FILE (a path in the copy), expect deps.py to exit 1
# with a message matching the grep pattern EXPECT, then put FILE back.
planted() {
  local what=$1 file=$tmp/tree/$2 line=$3 expect=$4 out rc
  cp "$file" "$tmp/saved"
  echo "$line" >>"$file"
  out=$(check)
  rc=$?
  echo "planted $what -> exit $rc: $out"
  if [ $rc -ne 1 ] || ! grep -q "$expect" <<<"$out"; then
    echo "FAIL: the planted $what was not refused as expected"; bad=1
  fi
  cp "$tmp/saved" "$file"
}

planted include core/formats/zkey.c '#include "../../cpu/msm.h"' \
  'core/formats/zkey.c:[0-9]*: #include "../../cpu/msm.h" (cpu/msm.h): core/formats may not use cpu'
# one curve's arithmetic naming another's (a rule inside arith/, below a component "arith")
planted "cross-curve include" arith/bn254/g1.c '#include "bls12_381/curve.h"' \
  'arith/bn254/g1.c:[0-9]*: #include "bls12_381/curve.h" (arith/bls12_381/curve.h): arith/bn254 may not use arith/bls12_381'
planted link cpu/CMakeLists.txt 'target_link_libraries(g16k_cpu PRIVATE g16k_core)' \
  'cpu/CMakeLists.txt:[0-9]*: g16k_cpu links g16k_core (core): cpu may not use core'
[ $bad = 0 ] && echo "ok: the three planted edges refused"
exit $bad
