#!/bin/sh
# run-on-gpu.sh [BUILD_DIR]: the one prepared script for a machine with an NVIDIA GPU.
#  1. configures and builds the whole project (Release) in BUILD_DIR (default <repo>/build-cuda);
#  2. runs the CUDA tests: probe must find the GPU, the known-answer MSM G1/G2 and NTT test
#     (tests/opencl/test_opencl_plugin.c against libg16k_cuda.so) must pass, not skip;
#  3. proves every fixture under $G16K_FIXTURES (default <repo>/../shared/fixtures) with
#     conf/cuda.ini and conf/mixed-cuda.ini, verifies each proof (g16k verify), and compares
#     the proof for r=123456789, s=987654321 with the snarkjs reference bit for bit;
#  4. runs benchmarks when `g16k bench` exists (skipped with a note otherwise).
# Exit status: 0 when steps 1-3 passed; 1 otherwise. Benchmark failures are reported, not fatal.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build-cuda}
FIX=${G16K_FIXTURES:-$ROOT/../shared/fixtures}
JOBS=$(nproc 2>/dev/null || echo 4)
OUT=${OUT:-$BUILD/gpu-run}
fail=0
note() { printf '\n=== %s\n' "$*"; }
bad() { echo "FAIL: $*"; fail=1; }

note "device"
nvidia-smi -L 2>/dev/null || echo "(nvidia-smi not available)"

note "build ($BUILD, -j$JOBS)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >"$BUILD.configure.log" 2>&1 \
    || { cat "$BUILD.configure.log"; echo "FAIL: configure"; exit 1; }
cmake --build "$BUILD" -j"$JOBS" || { echo "FAIL: build"; exit 1; }
[ -f "$BUILD/lib/g16k/libg16k_cuda.so" ] || { echo "FAIL: libg16k_cuda.so not built"; exit 1; }
mkdir -p "$OUT"
G16K="$BUILD/bin/g16k"

note "CUDA tests"
"$BUILD/bin/test_cuda_probe" "$BUILD/lib/g16k/libg16k_cuda.so" || bad "test_cuda_probe"
"$BUILD/bin/test_cuda_plugin" "$BUILD/lib/g16k/libg16k_cuda.so" -
rc=$?
[ $rc -eq 0 ] || bad "test_cuda_plugin exited $rc (77 = skipped: no GPU seen)"
(cd "$BUILD" && ctest -L cuda --output-on-failure) || bad "ctest -L cuda"

note "prove and verify fixtures"
for dir in "$FIX"/*/; do
    name=$(basename "$dir")
    [ -f "$dir/circuit_final.zkey" ] && [ -f "$dir/witness.wtns" ] || continue
    for conf in cuda mixed-cuda; do
        p="$OUT/$name-$conf"
        if "$G16K" prove --config "$ROOT/conf/$conf.ini" --zkey "$dir/circuit_final.zkey" \
               --witness "$dir/witness.wtns" --proof "$p-proof.json" --public "$p-public.json" \
               --timings >"$p.log" 2>&1; then
            if "$G16K" verify --vk "$dir/verification_key.json" --public "$p-public.json" \
                   --proof "$p-proof.json"; then
                echo "ok   $name $conf"; grep -A2 '^timings' "$p.log" || true
            else
                bad "$name $conf: g16k verify rejected the proof"
            fi
        else
            bad "$name $conf: prove failed"; tail -5 "$p.log"
        fi
        ref="$dir/ref_proof_r123456789_s987654321.json"
        [ -f "$ref" ] || continue
        if "$G16K" prove --config "$ROOT/conf/$conf.ini" --zkey "$dir/circuit_final.zkey" \
               --witness "$dir/witness.wtns" --proof "$p-rs-proof.json" \
               --public "$p-rs-public.json" --insecure-rs 123456789,987654321 >/dev/null 2>&1 \
           && python3 - "$p-rs-proof.json" "$ref" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
sys.exit(0 if all(a[k] == b[k] for k in ("pi_a", "pi_b", "pi_c")) else 1)
PY
        then
            echo "ok   $name $conf: bit-exact with snarkjs for fixed r, s"
        else
            bad "$name $conf: proof for fixed r, s differs from $ref"
        fi
    done
done

note "benchmarks"
if "$G16K" --help 2>&1 | grep -q 'bench'; then
    for conf in cuda mixed-cuda; do
        cfg="$ROOT/conf/$conf.ini"
        for logn in 16 18 20 22; do
            "$G16K" bench msm --group g1 --log-n $logn --config "$cfg" --runs 3 \
                || echo "bench msm g1 2^$logn ($conf) failed"
        done
        for logn in 16 18 20; do
            "$G16K" bench msm --group g2 --log-n $logn --config "$cfg" --runs 3 \
                || echo "bench msm g2 2^$logn ($conf) failed"
        done
        for w in 12 14 16 18; do
            "$G16K" bench msm --group g1 --log-n 22 --window $w --config "$cfg" --runs 3 \
                || echo "bench msm g1 2^22 window $w ($conf) failed"
        done
        for logn in 16 20 22; do
            "$G16K" bench ntt --log-n $logn --config "$cfg" --runs 3 \
                || echo "bench ntt 2^$logn ($conf) failed"
        done
        big=$(ls -S "$FIX"/*/circuit_final.zkey 2>/dev/null | head -1)
        [ -n "$big" ] && "$G16K" bench prove --zkey "$big" \
            --witness "$(dirname "$big")/witness.wtns" --config "$cfg" --runs 3 \
            || echo "bench prove ($conf) failed or no fixture"
    done
else
    echo "g16k bench not available in this build; skipped"
fi

note "result"
if [ $fail -eq 0 ]; then echo "ALL CUDA CHECKS PASSED"; else echo "SOME CUDA CHECKS FAILED"; fi
exit $fail
