/*
 * Private to arith/bls12_381: unreduced Fp helpers for the tower and curve code.
 * fp_mul and fp_sqr accept inputs below 2p, not only below p, and still return fully reduced
 * values (mont.h: the result is (a b + Q p) / 2^384 < 4p^2 / 2^384 + p < 2p since 4p < 2^384,
 * and one conditional subtraction follows). So a sum that only feeds a multiplication needs no
 * reduction:
 *   fp_add_lazy(a, b) = a + b        < 2p for a, b < p (no carry out: 2p < 2^382)
 *   fp_sub_lazy(a, b) = a + p - b    < 2p for a, b < p, and congruent to a - b
 * Their results must go only into fp_mul/fp_sqr (or another function that says it takes < 2p).
 */
#ifndef G16K_BLS12_381_FP_LAZY_H
#define G16K_BLS12_381_FP_LAZY_H

#include "field.h"
#include "mont/mont.h"

MONT_INLINE void fp_add_lazy(fp_t *out, const fp_t *a, const fp_t *b)
{
    mont_add_raw(out->l, a->l, b->l, FP_LIMBS);
}

MONT_INLINE void fp_sub_lazy(fp_t *out, const fp_t *a, const fp_t *b)
{
    fp_t t;
    mont_add_raw(t.l, a->l, FP_MODULUS.l, FP_LIMBS);
    mont_sub_raw(out->l, t.l, b->l, FP_LIMBS);
}

#endif
