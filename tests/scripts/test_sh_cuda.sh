#!/usr/bin/env bash
# scripts/test.sh on a machine without a CUDA compiler (any fresh Debian 12): with nvcc hidden
# from PATH, $CUDACXX unset and no CUDA home, it plans the Release build with
# G16K_WITH_CUDA=OFF and says that the CUDA plugin is skipped; that configuration succeeds and
# defines no CUDA plugin. With an nvcc on PATH, or in $CUDACXX, it plans G16K_WITH_CUDA=ON with
# that compiler. (G16K_TEST_PLAN=1: the decision only, nothing installed or built.)
# usage: test_sh_cuda.sh SOURCE_DIR
set -euo pipefail
SRC=$1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# $T/bin: every command on PATH but nvcc (first one of each name, as PATH finds it)
mkdir "$T/bin" "$T/fake"
IFS=: read -r -a dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    n=${f##*/}
    [ "$n" = nvcc ] || [ -e "$T/bin/$n" ] || [ ! -x "$f" ] || ln -s "$f" "$T/bin/$n"
  done
done
hidden() { env -u CUDACXX PATH="$T/bin" G16K_CUDA_HOME="$T/no-cuda" "$@"; }
hidden bash -c 'command -v nvcc' > /dev/null 2>&1 && fail "nvcc still found with the PATH of $T/bin"

# 1. no nvcc: OFF, said so
hidden env G16K_TEST_PLAN=1 timeout 60 "$SRC/scripts/test.sh" > "$T/plan" 2>&1 || fail "plan: $(cat "$T/plan")"
grep -q "^== CUDA plugin: SKIPPED (no nvcc" "$T/plan" || fail "no skip notice: $(cat "$T/plan")"
grep -q -- "-DG16K_WITH_CUDA=OFF" "$T/plan" || fail "not G16K_WITH_CUDA=OFF: $(cat "$T/plan")"
grep -q -- "-DG16K_WITH_CUDA=ON" "$T/plan" && fail "G16K_WITH_CUDA=ON without nvcc: $(cat "$T/plan")"
# ... and that configuration, the one that failed before (cuda/CMakeLists.txt: FATAL_ERROR without
# nvcc when ON), succeeds without nvcc and defines no CUDA plugin
args=$(sed -n 's/^release: cmake -S \. -B build //p' "$T/plan")
[ -n "$args" ] || fail "no release configure line: $(cat "$T/plan")"
# shellcheck disable=SC2086  # the planned arguments, one word each
hidden cmake -S "$SRC" -B "$T/build" $args > "$T/cfg" 2>&1 || fail "configure without nvcc: $(tail -20 "$T/cfg")"
grep -q "^G16K_BUILD_CUDA:.*=OFF\|G16K_WITH_CUDA:STRING=OFF" "$T/build/CMakeCache.txt" ||
  fail "cache does not say CUDA is off"
[ ! -d "$T/build/cuda" ] || fail "the CUDA plugin's folder was configured without nvcc"

# 2. an nvcc on PATH (a stand-in: the plan does not run it), then one in $CUDACXX: ON with it
printf '#!/bin/sh\nexit 0\n' > "$T/fake/nvcc"; chmod +x "$T/fake/nvcc"
env -u CUDACXX PATH="$T/fake:$T/bin" G16K_CUDA_HOME="$T/no-cuda" G16K_TEST_PLAN=1 timeout 60 "$SRC/scripts/test.sh" > "$T/plan2" 2>&1
grep -q "^== CUDA plugin: built with $T/fake/nvcc" "$T/plan2" || fail "nvcc on PATH: $(cat "$T/plan2")"
grep -q "CUDACXX=$T/fake/nvcc cmake .*-DG16K_WITH_CUDA=ON" "$T/plan2" || fail "nvcc on PATH: $(cat "$T/plan2")"
hidden env CUDACXX="$T/fake/nvcc" G16K_TEST_PLAN=1 timeout 60 "$SRC/scripts/test.sh" > "$T/plan3" 2>&1
grep -q -- "CUDACXX=$T/fake/nvcc cmake .*-DG16K_WITH_CUDA=ON" "$T/plan3" || fail "CUDACXX: $(cat "$T/plan3")"
echo "scripts/test.sh: CUDA skipped and said so without nvcc (configure ok), built with one"
