#!/bin/sh
# run-on-gpu.sh [BUILD_DIR]: the one prepared script for a machine with an NVIDIA GPU.
#  1. configures and builds (Release, CUDA code for the GPU present only: G16K_CUDA_ARCHS=native
#     when CMake >= 3.24) the targets below in BUILD_DIR (default <repo>/build-cuda);
#  2. CUDA known-answer tests, which must pass, not skip: g16k-plugin-check (conformance and KATs
#     of libg16k_cuda.so against the CPU plugin, including compute_h_msm: the H chain and the
#     device-built H plan), tests/cuda (probe must find the GPU; the MSM
#     G1/G2 incl. 0/1-heavy scalars and NTT tests of tests/gpu/test_gpu_plugin.c against
#     naive host arithmetic), the host plan test;
#  3. proves every fixture under $G16K_FIXTURES (default <repo>/tests/fixtures, the committed small
#     ones; a build tree's fixtures/ folder also holds the large ones once ctest has made them)
#     and the BN254 (bn128) fixtures of tests/fixtures/bn128 (the kernels' second build) with
#     conf/cuda.ini and conf/mixed-cuda.ini (both run the H MSM inside compute_h_msm), checks each
#     proof with g16k verify, and the proof for r=123456789, s=987654321 against the snarkjs
#     reference bit for bit;
#  4. benchmarks (reported, never fatal, each under a time limit): bench msm --group g1|g2
#     --log-n 20/22/24 (and 22 on bn128), bench ntt --log-n 20..24, bench prove on sha256_64 (its ntt phase is the
#     H chain plus the H MSM), g16k tune on sha256_64 with conf/cuda.ini.
# Budget: under 8 minutes on an H200 (the CUDA kernel compile is most of it).
# Output: progress on stderr-ish sections, then one JSON object (the last lines of stdout, also
# in $OUT/summary.json): {"device", "passed", "failures", "seconds", "steps": [...],
# "bench": [bench JSON...], "tune": {...}}. Exit status: 0 when steps 1-3 passed; 1 otherwise.
set -u
T0=$(date +%s)
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build-cuda}
FIX=${G16K_FIXTURES:-$ROOT/tests/fixtures}
JOBS=$(nproc 2>/dev/null || echo 4)
OUT=${OUT:-$BUILD/gpu-run}
mkdir -p "$OUT"
STEPS="$OUT/steps.jsonl"; BENCH="$OUT/bench.jsonl"; : >"$STEPS"; : >"$BENCH"
fail=0
note() { printf '\n=== %s\n' "$*"; }
step() { # step NAME ok|fail|skip [detail]
    printf '{"step": "%s", "result": "%s", "detail": "%s"}\n' "$1" "$2" \
        "$(printf '%s' "${3:-}" | tr '"\n\\' "'  " | cut -c1-300)" >>"$STEPS"
    [ "$2" = fail ] && { echo "FAIL: $1 ${3:-}"; fail=1; }
    [ "$2" = ok ] && echo "ok   $1"
    return 0
}

note "device"
DEVICE=$(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | head -1)
echo "${DEVICE:-(nvidia-smi not available)}"

note "build ($BUILD, -j$JOBS)"
ARCHS="80;90"
cmv=$(cmake --version | sed -n 's/cmake version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
set -- $cmv
if [ "${1:-0}" -gt 3 ] || { [ "${1:-0}" -eq 3 ] && [ "${2:-0}" -ge 24 ]; }; then ARCHS=native; fi
if ! cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DG16K_WITH_CUDA=ON -DG16K_CUDA_ARCHS="$ARCHS" \
        >"$OUT/configure.log" 2>&1; then
    cat "$OUT/configure.log"; step build fail "configure"; exit 1
fi
TARGETS="g16k_cli g16k_cpu g16k_cuda test_cuda_probe test_gpu_plugin g16k_plugin_check"
if cmake --build "$BUILD" -j"$JOBS" --target $TARGETS >"$OUT/build.log" 2>&1; then
    step build ok "archs $ARCHS, $(($(date +%s) - T0)) s"
else
    tail -30 "$OUT/build.log"; step build fail "see $OUT/build.log"; exit 1
fi
cmake --build "$BUILD" -j"$JOBS" --target test_gpu_msm_plan >/dev/null 2>&1 || true
G16K="$BUILD/bin/g16k"
CUDA_SO="$BUILD/lib/g16k/libg16k_cuda.so"

note "CUDA tests"
"$BUILD/bin/test_cuda_probe" "$CUDA_SO" >"$OUT/probe.log" 2>&1 \
    && step cuda_probe ok || step cuda_probe fail "$(tail -3 "$OUT/probe.log")"
"$BUILD/bin/test_gpu_plugin" "$CUDA_SO" - >"$OUT/kat.log" 2>&1
rc=$?
grep -E '^(device|SKIP)' "$OUT/kat.log"
[ $rc -eq 0 ] && step cuda_kat ok || step cuda_kat fail "exit $rc (77 = skipped: no GPU seen): $(grep -E 'ERROR|FAILED' "$OUT/kat.log" | head -3)"
"$BUILD/bin/g16k-plugin-check" "$CUDA_SO" >"$OUT/plugin-check.log" 2>&1
rc=$?
grep -cE '^PASS' "$OUT/plugin-check.log" | sed 's/^/plugin-check PASS lines: /'
[ $rc -eq 0 ] && step plugin_check ok \
    || step plugin_check fail "exit $rc: $(grep -E '^(FAIL|SKIP)' "$OUT/plugin-check.log" | head -3)"
if [ -x "$BUILD/bin/test_gpu_msm_plan" ]; then
    "$BUILD/bin/test_gpu_msm_plan" >"$OUT/plan.log" 2>&1 && step gpu_msm_plan ok || step gpu_msm_plan fail
fi

note "prove and verify fixtures"
for dir in "$FIX"/*/ "$ROOT"/tests/fixtures/bn128/*/; do
    name=$(basename "$dir")
    case $dir in */bn128/*/) name=bn128_$name ;; esac
    [ -f "$dir/circuit_final.zkey" ] && [ -f "$dir/witness.wtns" ] || continue
    for conf in cuda mixed-cuda; do
        p="$OUT/$name-$conf"
        if "$G16K" prove --config "$ROOT/conf/$conf.ini" --zkey "$dir/circuit_final.zkey" \
               --witness "$dir/witness.wtns" --proof "$p-proof.json" --public "$p-public.json" \
               --timings >"$p.log" 2>&1 \
           && "$G16K" verify --vk "$dir/verification_key.json" --public "$p-public.json" \
               --proof "$p-proof.json" >/dev/null; then
            step "prove_$name-$conf" ok "$(grep -A1 '^timings' "$p.log" | tail -1)"
        else
            step "prove_$name-$conf" fail "$(tail -2 "$p.log")"
        fi
        ref="$dir/ref_proof_r123456789_s987654321.json"
        [ -f "$ref" ] || continue
        if "$G16K" prove --config "$ROOT/conf/$conf.ini" --zkey "$dir/circuit_final.zkey" \
               --witness "$dir/witness.wtns" --proof "$p-rs-proof.json" \
               --public "$p-rs-public.json" --insecure-rs 123456789,987654321 >/dev/null 2>&1 \
           && cmp -s "$p-rs-proof.json" "$ref"; then
            step "bitexact_$name-$conf" ok
        else
            step "bitexact_$name-$conf" fail "differs from $ref"
        fi
    done
done

note "benchmarks"
CFG="$ROOT/conf/cuda.ini"
bench() { # bench LIMIT_S ARGS...: JSON line into $BENCH, or a note
    lim=$1; shift
    if timeout "$lim" "$G16K" bench "$@" --config "$CFG" --runs 2 >"$OUT/b.json" 2>"$OUT/b.err"; then
        tr -d '\n' <"$OUT/b.json" >>"$BENCH"; echo >>"$BENCH"
        echo "bench $*: $(tr -d '\n ' <"$OUT/b.json" | sed 's/.*"msm":\(.*\)}}/msm \1/' | cut -c1-120)"
    else
        printf '{"bench": "%s", "error": "%s"}\n' "$*" "$(tail -1 "$OUT/b.err" | tr '"\\' "' " | cut -c1-200)" >>"$BENCH"
        echo "bench $* failed or timed out ($lim s)"
    fi
}
for logn in 20 22 24; do bench 90 msm --group g1 --log-n $logn; done
for logn in 20 22 24; do bench 120 msm --group g2 --log-n $logn; done
for g in g1 g2; do bench 120 msm --curve bn128 --group $g --log-n 22; done
for logn in 20 21 22 23 24; do bench 60 ntt --log-n $logn; done
if [ -f "$FIX/sha256_64/circuit_final.zkey" ]; then
    bench 90 prove --zkey "$FIX/sha256_64/circuit_final.zkey" --witness "$FIX/sha256_64/witness.wtns"
fi
TUNE="{}"
if [ -f "$FIX/sha256_64/circuit_final.zkey" ]; then
    if timeout 150 "$G16K" tune --config "$CFG" --zkey "$FIX/sha256_64/circuit_final.zkey" \
           --witness "$FIX/sha256_64/witness.wtns" --runs 2 >"$OUT/tune.ini" 2>"$OUT/tune.json"; then
        cat "$OUT/tune.ini"
        TUNE=$(sed -n '/^{/,$p' "$OUT/tune.json")
    else
        echo "tune failed or timed out: $(tail -2 "$OUT/tune.json")"
        TUNE="{\"error\": \"$(tail -1 "$OUT/tune.json" | tr '"\\' "' " | cut -c1-200)\"}"
    fi
fi

note "result"
SECS=$(($(date +%s) - T0))
{
    printf '{\n"device": "%s",\n"passed": %s,\n"seconds": %s,\n"steps": [\n' \
        "$(printf '%s' "$DEVICE" | tr '"' "'")" "$([ $fail -eq 0 ] && echo true || echo false)" "$SECS"
    sed '$!s/$/,/' "$STEPS"
    printf '],\n"bench": [\n'
    sed '$!s/$/,/' "$BENCH"
    printf '],\n"tune": %s\n}\n' "$TUNE"
} >"$OUT/summary.json"
cat "$OUT/summary.json"
if [ $fail -eq 0 ]; then echo "ALL CUDA CHECKS PASSED ($SECS s)"; else echo "SOME CUDA CHECKS FAILED ($SECS s)"; fi
exit $fail
