/*
 * Fp arithmetic as always-inlined functions, for hot loops outside fp.c (the CPU plugin's
 * batch-affine bucket additions). Same values and contracts as fp_mul/fp_sqr/fp_add/fp_sub/
 * fp_neg/fp_eq of field.h (Montgomery form, R_p = 2^384, outputs fully reduced, outputs may
 * alias inputs; fpi_mul/fpi_sqr also take inputs below 2p, see fp_lazy.h), and the same
 * choice between the mulx/adcx/adox assembly and the portable C (mont_select.h).
 * Why: through fp_mul's call and a function-pointer table, a batch-affine G1 addition spent a
 * quarter of its time outside the multiplications (perf, bench msm G1 2^16: fp_sub alone 9%).
 * Only code linked with g16k_bls may include this (it reads the hidden mont_cpu_adx flag).
 */
#ifndef G16K_BLS12_381_FP_INLINE_H
#define G16K_BLS12_381_FP_INLINE_H

#include <string.h>

#include "field.h"
#include "mont/mont.h"
#include "mont/mont_select.h"

/* p and -p^-1 mod 2^64 as this translation unit's own constants (the assembly addresses them
 * RIP-relative). */
static const uint64_t FPI_P[FP_LIMBS] = { 0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL,
                                          0x6730d2a0f6b0f624ULL, 0x64774b84f38512bfULL,
                                          0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL };
static const uint64_t FPI_MINV = 0x89f3fffcfffcfffdULL;

MONT_INLINE void fpi_mul(fp_t *out, const fp_t *a, const fp_t *b)
{
#if MONT_HAVE_ADX_ASM
    if (MONT_USE_ADX) {
        mont_mul6_adx(out->l, a->l, b->l, FPI_P, &FPI_MINV);
        return;
    }
#endif
    mont_mul(out->l, a->l, b->l, FPI_P, FPI_MINV, FP_LIMBS);
}

MONT_INLINE void fpi_sqr(fp_t *out, const fp_t *a)
{
    fpi_mul(out, a, a);
}

MONT_INLINE void fpi_add(fp_t *out, const fp_t *a, const fp_t *b)
{
    mont_add(out->l, a->l, b->l, FPI_P, FP_LIMBS);
}

MONT_INLINE void fpi_sub(fp_t *out, const fp_t *a, const fp_t *b)
{
    mont_sub(out->l, a->l, b->l, FPI_P, FP_LIMBS);
}

MONT_INLINE void fpi_neg(fp_t *out, const fp_t *a)
{
    mont_neg(out->l, a->l, FPI_P, FP_LIMBS);
}

/* a + p - b (< 2p for a, b < p): only as an input of fpi_mul/fpi_sqr (fp_lazy.h). */
MONT_INLINE void fpi_sub_lazy(fp_t *out, const fp_t *a, const fp_t *b)
{
    fp_t t;
    mont_add_raw(t.l, a->l, FPI_P, FP_LIMBS);
    mont_sub_raw(out->l, t.l, b->l, FP_LIMBS);
}

MONT_INLINE int fpi_eq(const fp_t *a, const fp_t *b)
{
    uint64_t d = 0;
    for (int i = 0; i < FP_LIMBS; i++)
        d |= a->l[i] ^ b->l[i];
    return d == 0;
}

MONT_INLINE int fpi_is_zero(const fp_t *a)
{
    return mont_is_zero(a->l, FP_LIMBS);
}

#endif
