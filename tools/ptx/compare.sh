#!/usr/bin/env bash
# PTX instruction counts of g16k's device arithmetic (gpu/kernels/) beside sppark's, each
# operation compiled alone into a one-line kernel with the same nvcc and flags (g16k_ops.cu,
# sppark_ops.cu): Fp multiplication, Fp2 multiplication, and the G1 and G2 XYZZ mixed
# additions of the MSM buckets. Counted by ptx_count.py: every instruction of every function
# (inline assembly statements one by one), the multiplies among them, and branches. Straight-line
# code (no branches) makes the static count the dynamic one. sppark's Fp2 (and so its G2) puts
# one element on two threads: its per-element count is twice its per-thread one, and the
# ratio is taken against that.
# usage: tools/ptx/compare.sh SPPARK_CHECKOUT [ARCH]     (ARCH default sm_90; nvcc from PATH,
#        $CUDACXX or /usr/local/cuda/bin). sppark is not part of g16k: clone it anywhere
#        outside this repository (github.com/supranational/sppark).
set -euo pipefail
SP=${1:?usage: compare.sh SPPARK_CHECKOUT [ARCH]} ARCH=${2:-sm_90}
HERE=$(cd "$(dirname "$0")" && pwd) ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NVCC=${CUDACXX:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { echo "compare.sh: no nvcc" >&2; exit 2; }
[ -f "$SP/ff/mont_t.cuh" ] || { echo "compare.sh: $SP is not a sppark checkout" >&2; exit 2; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
echo "nvcc: $("$NVCC" --version | tail -1); -arch=$ARCH -O3 -ptx; sppark $(git -C "$SP" rev-parse --short HEAD 2>/dev/null || echo '?')"
printf '%-8s %18s %18s %15s %6s\n' "operation" "g16k" "sppark" "sppark/element" "ratio"
for op in FPMUL FP2MUL G1ADD G2ADD; do
  "$NVCC" -arch="$ARCH" -O3 -ptx -DOP_$op -I"$ROOT/gpu/kernels" -x cu "$HERE/g16k_ops.cu" -o "$T/g.ptx"
  "$NVCC" -arch="$ARCH" -O3 -ptx -DOP_$op -I"$SP" "$HERE/sppark_ops.cu" -o "$T/s.ptx" 2> /dev/null
  read -r g gm gb < <(python3 "$HERE/ptx_count.py" "$T/g.ptx")
  read -r s sm sb < <(python3 "$HERE/ptx_count.py" "$T/s.ptx")
  per=$s; case $op in FP2MUL | G2ADD) per=$((2 * s)) ;; esac
  printf '%-8s %18s %18s %15s %6s\n' "$op" "$g ($gm mul)" "$s ($sm mul)" "$per" \
    "$(awk -v a="$g" -v b="$per" 'BEGIN { printf "%.2f", a / b }')"
done
