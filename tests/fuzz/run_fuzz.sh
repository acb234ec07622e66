#!/usr/bin/env bash
# Build the libFuzzer targets of tests/fuzz/ with clang (ASan + UBSan, the core instrumented for
# coverage) in their own build folder, and run each for SECONDS.
# usage: tests/fuzz/run_fuzz.sh SECONDS [TARGET...]    (default: every target)
# env:   G16K_FUZZ_BUILD   build folder (default: build-fuzz at the top of the repository)
#        G16K_FIXTURES     snarkjs fixtures for the seeds (default: the committed tests/fixtures)
#        G16K_FUZZ_JOBS    build jobs (default: nproc)
# The corpus each target grows is kept in BUILD/fuzz-corpus/TARGET (reused by the next run);
# crashes, timeouts and leaks land in BUILD/fuzz-artifacts/TARGET/. Exit 0 when no target found
# anything; otherwise 1, with the inputs to turn into regressions (tests/fuzz/regress/TARGET/).
set -euo pipefail
secs=${1:?usage: run_fuzz.sh SECONDS [TARGET...]}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${G16K_FUZZ_BUILD:-$root/build-fuzz}
fixtures=${G16K_FIXTURES:-$root/tests/fixtures}
jobs=${G16K_FUZZ_JOBS:-$(nproc)}
command -v clang >/dev/null || { echo "run_fuzz.sh: clang not found (scripts/setup.sh installs it)"; exit 2; }

cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
  -DG16K_FUZZ=ON -DG16K_SANITIZE=ON -DCMAKE_C_FLAGS="-O1 -g -fsanitize=fuzzer-no-link" \
  -DG16K_WITH_OPENCL=OFF -DG16K_WITH_CUDA=OFF -DG16K_FIXTURES="$fixtures" >/dev/null
seeds="$build/tests/fuzz/fuzz_seeds.txt"
all=$(cut -d' ' -f1 "$seeds" | tr '\n' ' ')
targets=${*:-$all}
cmake --build "$build" -j"$jobs" --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)

failed=""
for t in $targets; do
  corpus="$build/fuzz-corpus/$t" art="$build/fuzz-artifacts/$t" seed="$build/fuzz-seeds/$t"
  mkdir -p "$corpus" "$art" "$seed"
  for s in $(grep "^$t " "$seeds" | cut -d' ' -f2-); do
    if [ -d "$s" ]; then cp -f "$s"/* "$seed"/ 2>/dev/null || true; else cp -f "$s" "$seed"/; fi
  done
  echo "== fuzz_$t for ${secs}s"
  # Leaks are errors too; -timeout: a single input taking 25 s is a hang.
  if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
       "$build/bin/fuzz_$t" -max_total_time="$secs" -timeout=25 -rss_limit_mb=4096 \
         -artifact_prefix="$art/" -print_final_stats=1 "$corpus" "$seed" \
         >"$build/fuzz-$t.log" 2>&1; then
    failed="$failed $t"
    echo "fuzz_$t FOUND A PROBLEM: see $build/fuzz-$t.log"
    grep -E '^(==[0-9]+==ERROR|SUMMARY)|runtime error' "$build/fuzz-$t.log" | head -5 || true
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$build/fuzz-$t.log" | tr '\n' ' ' || true
  echo
done
if [ -n "$failed" ]; then
  echo "targets with findings:$failed"
  echo "inputs: $(ls "$build"/fuzz-artifacts/*/ 2>/dev/null | tr '\n' ' ')"
  echo "fix, then copy each input into tests/fuzz/regress/TARGET/ (replayed by CTest)"
  exit 1
fi
echo "no findings"
