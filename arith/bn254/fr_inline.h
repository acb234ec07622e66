/*
 * BN254's Fr multiplication as an always-inlined function (bn254_fri_mul), for the CPU plugin's
 * NTT butterflies: the value and contract of bn254_fr_mul (field.h), from the one source of
 * mont/mul4_inline_impl.h. Only code linked with g16k_bn254 may include this.
 */
#ifndef G16K_BN254_FR_INLINE_H
#define G16K_BN254_FR_INLINE_H

#include "field.h"

/* r and -r^-1 mod 2^64, this translation unit's own copies (RIP-relative in the assembly). */
static const uint64_t BN254_FRI_R[BN254_FR_LIMBS] = { 0x43e1f593f0000001ULL, 0x2833e84879b97091ULL,
                                                      0xb85045b68181585dULL,
                                                      0x30644e72e131a029ULL };
static const uint64_t BN254_FRI_MINV = 0xc2e1f593efffffffULL;

#define MUL4I_FN(n) bn254_fri_##n
#define MUL4I_T bn254_fr_t
#define MUL4I_MOD BN254_FRI_R
#define MUL4I_MINV BN254_FRI_MINV
#include "mont/mul4_inline_impl.h"

#endif
