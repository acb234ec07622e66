/*
 * One kernel per carry-chain primitive of gpu/kernels/compat.h (CUDA forms), for
 * ptx_primitives.sh: each kernel's arithmetic must be exactly its one PTX instruction.
 */
#include "compat.h"

#define PRIM2(name, op)                                                                            \
    extern "C" __global__ void k_##name(u32 *o, const u32 *i)                                      \
    {                                                                                              \
        u32 d;                                                                                     \
        op(d, i[0], i[1]);                                                                         \
        o[0] = d;                                                                                  \
    }
#define PRIM3(name, op)                                                                            \
    extern "C" __global__ void k_##name(u32 *o, const u32 *i)                                      \
    {                                                                                              \
        u32 d;                                                                                     \
        op(d, i[0], i[1], i[2]);                                                                   \
        o[0] = d;                                                                                  \
    }
PRIM2(add_cc, g16k_add_cc)
PRIM2(addc_cc, g16k_addc_cc)
PRIM2(addc, g16k_addc)
PRIM2(sub_cc, g16k_sub_cc)
PRIM2(subc_cc, g16k_subc_cc)
PRIM2(subc, g16k_subc)
PRIM2(mul_lo, g16k_mul_lo)
PRIM2(mul_hi, g16k_mul_hi)
PRIM3(mad_lo_cc, g16k_mad_lo_cc)
PRIM3(madc_lo_cc, g16k_madc_lo_cc)
PRIM3(mad_hi_cc, g16k_mad_hi_cc)
PRIM3(madc_hi_cc, g16k_madc_hi_cc)
