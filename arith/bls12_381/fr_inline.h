/*
 * BLS12-381's Fr multiplication as an always-inlined function (fri_mul), for the CPU plugin's
 * NTT butterflies: the value and contract of fr_mul (field.h), from the one source of
 * mont/mul4_inline_impl.h. Only code linked with g16k_bls may include this.
 */
#ifndef G16K_BLS12_381_FR_INLINE_H
#define G16K_BLS12_381_FR_INLINE_H

#include "field.h"

/* r and -r^-1 mod 2^64, this translation unit's own copies (RIP-relative in the assembly). */
static const uint64_t FRI_R[FR_LIMBS] = { 0xffffffff00000001ULL, 0x53bda402fffe5bfeULL,
                                          0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL };
static const uint64_t FRI_MINV = 0xfffffffeffffffffULL;

#define MUL4I_FN(n) fri_##n
#define MUL4I_T fr_t
#define MUL4I_MOD FRI_R
#define MUL4I_MINV FRI_MINV
#include "mont/mul4_inline_impl.h"

#endif
