#!/usr/bin/env bash
# Each carry-chain primitive of gpu/kernels/compat.h, compiled by nvcc for sm_80 and sm_90, is
# exactly the PTX instruction its name promises (ptx_primitives.cu: one kernel each, whose
# arithmetic must be that one instruction and nothing else), and ptxas assembles it: a typo in
# an opcode or a constraint fails here, not on the first GPU. No GPU is needed.
# usage: ptx_primitives.sh SOURCE_DIR NVCC     (exit 77 when there is no nvcc)
set -u
SRC=$1 NVCC=${2:-}
if [ -z "$NVCC" ] || [ ! -x "$NVCC" ]; then echo "SKIP: no nvcc (the CUDA toolkit) on this machine"; exit 77; fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0
want() {
  case $1 in
    add_cc) echo add.cc.u32 ;; addc_cc) echo addc.cc.u32 ;; addc) echo addc.u32 ;;
    sub_cc) echo sub.cc.u32 ;; subc_cc) echo subc.cc.u32 ;; subc) echo subc.u32 ;;
    mul_lo) echo mul.lo.u32 ;; mul_hi) echo mul.hi.u32 ;;
    mad_lo_cc) echo mad.lo.cc.u32 ;; madc_lo_cc) echo madc.lo.cc.u32 ;;
    mad_hi_cc) echo mad.hi.cc.u32 ;; madc_hi_cc) echo madc.hi.cc.u32 ;;
  esac
}
for arch in sm_80 sm_90; do
  if ! "$NVCC" -arch=$arch -O3 -ptx -I"$SRC/gpu/kernels" "$SRC/tests/gpu/ptx_primitives.cu" \
       -o "$T/p.ptx" 2> "$T/err"; then
    echo "FAIL: nvcc -ptx ($arch): $(cat "$T/err")"; exit 1
  fi
  if ! "$NVCC" -arch=$arch -O3 -cubin -I"$SRC/gpu/kernels" "$SRC/tests/gpu/ptx_primitives.cu" \
       -o "$T/p.cubin" 2> "$T/err"; then
    echo "FAIL: ptxas ($arch): $(cat "$T/err")"; exit 1
  fi
  n=0
  for k in add_cc addc_cc addc sub_cc subc_cc subc mul_lo mul_hi mad_lo_cc madc_lo_cc mad_hi_cc madc_hi_cc; do
    # the kernel's instructions other than parameter, address and memory moves
    got=$(awk "/\\.entry k_$k\\(/{f=1} f && /^}/{exit} f" "$T/p.ptx" | sed 's|//.*||' | tr ';' '\n' |
          sed -E 's/^[[:space:]{}]+//' | grep -E '^[a-z]' | awk '{print $1}' |
          grep -vE '^(ld|st|cvta|mov|ret)\b' | paste -sd' ')
    if [ "$got" = "$(want $k)" ]; then n=$((n + 1)); else echo "FAIL: $arch g16k_$k: '$got', want '$(want $k)'"; fails=$((fails + 1)); fi
  done
  echo "ok: $arch: $n of 12 primitives are exactly their instruction; ptxas assembles them"
done
[ $fails -eq 0 ]
