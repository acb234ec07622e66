/*
 * Fp2 = Fp[u]/(u^2 + 1) of BLS12-381, xi = 1 + u: the one Fp2 source (curve/fp2_impl.h), with
 * this curve's own multiplication and squaring: Karatsuba with the mulx/ADX path (three
 * unreduced 768-bit products and two reductions, 5% faster than three fp_mul) and complex
 * squaring (two multiplications), both with unreduced sums (fp_lazy.h, 4p < 2^384).
 */
#include "fp_lazy.h"
#include "mont/mont_select.h"
#include "tower.h"

#if MONT_HAVE_ADX_ASM
/* p and -p^-1 mod 2^64, file-local for the assembly's memory operands */
static const uint64_t P_LIMBS[FP_LIMBS] = { 0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL,
                                            0x6730d2a0f6b0f624ULL, 0x64774b84f38512bfULL,
                                            0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL };
static const uint64_t P_MINV = 0x89f3fffcfffcfffdULL;

/* Karatsuba with lazy reduction (as in Aranha et al., "Faster explicit formulas for computing
 * pairings over ordinary curves", eprint 2010/526, section 3): three unreduced 768-bit products
 * and two Montgomery reductions instead of three full multiplications.
 *   c0 = a0 b0 - a1 b1, plus p 2^384 when negative: in [0, p 2^384);
 *   c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 = a0 b1 + a1 b0 < 2p^2 < p 2^384 (exact integers;
 *        the sums are unreduced, < 2p).
 * mont_redc6_adx needs its input below p 2^384, so both are in range. */
static void fp2_mul_wide(fp2_t *out, const fp2_t *a, const fp2_t *b)
{
    uint64_t t0[12], t1[12], t2[12], pm[FP_LIMBS];
    fp_t sa, sb;
    fp_add_lazy(&sa, &a->c0, &a->c1);
    fp_add_lazy(&sb, &b->c0, &b->c1);
    mont_mul_wide6_adx(t0, a->c0.l, b->c0.l);
    mont_mul_wide6_adx(t1, a->c1.l, b->c1.l);
    mont_mul_wide6_adx(t2, sa.l, sb.l);
    mont_sub_raw(t2, t2, t0, 12);
    mont_sub_raw(t2, t2, t1, 12);
    uint64_t neg = mont_sub_raw(t0, t0, t1, 12);
    for (int i = 0; i < FP_LIMBS; i++)
        pm[i] = neg ? P_LIMBS[i] : 0;
    mont_add_raw(t0 + 6, t0 + 6, pm, FP_LIMBS); /* the carry out cancels the borrow */
    mont_redc6_adx(out->c0.l, t0, P_LIMBS, &P_MINV);
    mont_redc6_adx(out->c1.l, t2, P_LIMBS, &P_MINV);
}
#endif

void fp2_mul(fp2_t *out, const fp2_t *a, const fp2_t *b)
{
#if MONT_HAVE_ADX_ASM
    if (MONT_USE_ADX) {
        fp2_mul_wide(out, a, b);
        return;
    }
#endif
    /* Karatsuba: 3 multiplications; the sums stay unreduced (< 2p, fp_lazy.h) */
    fp_t t0, t1, sa, sb;
    fp_add_lazy(&sa, &a->c0, &a->c1);
    fp_add_lazy(&sb, &b->c0, &b->c1);
    fp_mul(&t0, &a->c0, &b->c0);
    fp_mul(&t1, &a->c1, &b->c1);
    fp_mul(&sa, &sa, &sb);      /* (a0 + a1)(b0 + b1) */
    fp_sub(&out->c0, &t0, &t1); /* a0 b0 - a1 b1 */
    fp_sub(&sa, &sa, &t0);
    fp_sub(&out->c1, &sa, &t1); /* a0 b1 + a1 b0 */
}

void fp2_sqr(fp2_t *out, const fp2_t *a)
{
    /* complex squaring: (a0 + a1)(a0 - a1) and 2 a0 a1; 2 multiplications, lazy sums */
    fp_t s, d, a2;
    fp_add_lazy(&s, &a->c0, &a->c1);
    fp_sub_lazy(&d, &a->c0, &a->c1);
    fp_add_lazy(&a2, &a->c0, &a->c0);
    fp_mul(&out->c1, &a2, &a->c1); /* 2 a0 a1 (a2 < 2p) */
    fp_mul(&out->c0, &s, &d);      /* a0^2 - a1^2 */
}

#define E_FN(n) fp2_##n
#define E_T fp2_t
#define B_FN(n) fp_##n
#define B_T fp_t
#define B_BYTES FP_BYTES
#define B_ONE FP_ONE
#define E_NR_C0 1
#define E_CUSTOM_MUL
#include "curve/fp2_impl.h"
