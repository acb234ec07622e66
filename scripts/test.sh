#!/usr/bin/env bash
# The whole test suite on a fresh machine (what CI runs, .ci/run): install what is needed, then
#  1. Release build with every plugin, and CTest on it: unit, end-to-end and interop tests, the
#     large fixtures made on the way (tests/fixtures/README.md), the Debian package. The CUDA
#     plugin is built (G16K_WITH_CUDA=ON: it compiles and its exports are checked even without
#     a GPU) where nvcc is found, as cuda/CMakeLists.txt looks for it: $CUDACXX, nvcc on PATH,
#     or $G16K_CUDA_HOME/bin/nvcc (default /usr/local/cuda); elsewhere (any fresh Debian 12) it
#     is skipped, which the run says at its start and in its summary;
#  2. ASan + UBSan build (Debug -O1, no CUDA) and CTest on it, reading the Release build's fixtures;
#  3. bounded fuzzing of every parser (tests/fuzz/run_fuzz.sh, G16K_FUZZ_SECONDS a target, 30 s).
# Every stage runs even when an earlier one failed; the summary at the end lists each stage's
# result, wall and CPU time and test counts, and the exit status is 1 if any failed.
# G16K_TEST_QUICK=1 runs stage 1 only. G16K_TEST_PLAN=1 prints the CUDA decision and the stages'
# configure commands, and exits without installing or building anything (tests/scripts/).
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

# find_nvcc: print the nvcc the CUDA plugin's build would use; status 1 when there is none.
find_nvcc() {
  local c
  for c in "${CUDACXX:-}" "$(command -v nvcc 2>/dev/null)" "${G16K_CUDA_HOME:-/usr/local/cuda}/bin/nvcc"; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}
if nvcc=$(find_nvcc); then
  cuda_opts=(-DG16K_WITH_CUDA=ON)
  export CUDACXX=$nvcc   # the one cuda/CMakeLists.txt then takes
  cuda_note="CUDA plugin: built with $nvcc"
else
  cuda_opts=(-DG16K_WITH_CUDA=OFF)
  cuda_note="CUDA plugin: SKIPPED (no nvcc: not in \$CUDACXX, on PATH or in ${G16K_CUDA_HOME:-/usr/local/cuda}/bin)"
fi
release_cfg=(-DCMAKE_BUILD_TYPE=Release -DG16K_REQUIRE_SNARKJS=ON -DG16K_REQUIRE_NODE=ON "${cuda_opts[@]}")
echo "== $cuda_note"
if [ "${G16K_TEST_PLAN:-0}" = 1 ]; then
  echo "release: ${CUDACXX:+CUDACXX=$CUDACXX }cmake -S . -B build ${release_cfg[*]}"
  exit 0
fi
T0=$(date +%s)
summary=()
c_end=0
failed=0

# cpu VAR: VAR = CPU seconds (user + system) used so far by the finished children of this shell
# (bash's `times`, which must run in this shell, not in a $(...) subshell). On a shared or
# throttled machine a stage's CPU time says more about its cost than its wall time.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
cpu() {
  times >"$times_file"
  printf -v "$1" '%s' "$(awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] }
                                       printf "%d", s }' "$times_file")"
}

# stage NAME LOG cmd...: run cmd with its output shown and kept in LOG, record the outcome.
stage() {
  local name=$1 log=$2 t0 c0 c1 rc counts
  shift 2
  t0=$(date +%s)
  cpu c0
  echo "== $name"
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  cpu c1
  counts=$(grep -E '^[0-9]+% tests passed' "$log" | tail -1)
  [ $rc -eq 0 ] || failed=1
  summary+=("$(printf '%-34s %-6s %5d s wall %6d s CPU  %s' "$name" "$([ $rc -eq 0 ] && echo ok || echo FAILED)" \
               $(($(date +%s) - t0)) $((c1 - c0)) "$counts")")
  return $rc
}

scripts/setup.sh || { echo "scripts/setup.sh failed"; exit 1; }
mkdir -p build
build_release() {
  cmake -S . -B build "${release_cfg[@]}" && cmake --build build -j"$jobs"
}
if stage "Release build" build/test-build.log build_release; then
  stage "Release ctest" build/test-ctest.log bash -c "cd build && ctest --output-on-failure -j$jobs"
fi

if [ "${G16K_TEST_QUICK:-0}" != 1 ]; then
  mkdir -p build-san
  # The sanitizer build reads the fixtures the Release run made; nvcc is left to stage 1.
  build_san() {
    cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DG16K_SANITIZE=ON -DG16K_REQUIRE_SNARKJS=ON \
          -DG16K_WITH_CUDA=OFF -DCMAKE_C_FLAGS=-O1 -DG16K_FIXTURES="$PWD/build/fixtures" \
      && cmake --build build-san -j"$jobs"
  }
  if stage "ASan+UBSan build" build-san/test-build.log build_san; then
    # The two large fixtures' end-to-end runs and the 2^20 synthetic rung take minutes each
    # under ASan: their parsers and keys are still covered here by the formats, synth, setup and
    # synthetic_circuit tests.
    stage "ASan+UBSan ctest" build-san/test-ctest.log bash -c "cd build-san && \
      ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --output-on-failure -j$jobs -E 'e2e_cpu_(poseidon_chain|sha256_64)|synthetic_rung_2e20'"
  fi
  # Bounded fuzzing of the parsers (zkey, wtns, proof/public/vk JSON, prover.ini).
  mkdir -p build-fuzz
  stage "fuzzing (${G16K_FUZZ_SECONDS:-30} s a target)" build-fuzz/test-fuzz.log \
    tests/fuzz/run_fuzz.sh "${G16K_FUZZ_SECONDS:-30}"
fi

echo
cpu c_end
echo "== summary ($(($(date +%s) - T0)) s wall, $c_end s CPU in all, $(uptime | sed 's/.*load/load/'))"
printf '%s\n' "${summary[@]}"
echo "$cuda_note"
exit $failed
