#!/usr/bin/env bash
# The test suite on a fresh machine: set up, build (Release, then ASan+UBSan), run CTest in both,
# then fuzz each parser for a bounded time.
# G16K_TEST_QUICK=1 skips the sanitizer build and the fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DG16K_REQUIRE_SNARKJS=ON -DG16K_REQUIRE_NODE=ON >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")
if [ "${G16K_TEST_QUICK:-0}" != 1 ]; then
  # The CUDA plugin is compiled (and its export checked) in the first build only: nvcc is slow.
  cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DG16K_SANITIZE=ON -DG16K_REQUIRE_SNARKJS=ON -DG16K_WITH_CUDA=OFF \
        -DCMAKE_C_FLAGS=-O1 >/dev/null
  cmake --build build-san -j"$jobs"
  # The sanitizer run skips the two large fixtures (minutes each under ASan).
  (cd build-san && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest --output-on-failure -j"$jobs" -E 'e2e_cpu_(poseidon_chain|sha256_64)')
fi
# Bounded fuzzing of the parsers (zkey, wtns, proof/public/vk JSON, prover.ini): 30 s a target.
if [ "${G16K_TEST_QUICK:-0}" != 1 ]; then
  tests/fuzz/run_fuzz.sh "${G16K_FUZZ_SECONDS:-30}"
fi
