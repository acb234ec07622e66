/*
 * Fp2 = Fp[u]/(u^2 + 1). Karatsuba multiplication (with the mulx/ADX path: three unreduced
 * 768-bit products and two reductions, 5% faster than three fp_mul), complex squaring (two
 * multiplications), both with unreduced sums (fp_lazy.h), inversion through the norm, and square roots through the norm ("complex method"): if (x0 + x1 u)^2 = a0 + a1 u then
 * x0^2 - x1^2 = a0 and 2 x0 x1 = a1, so with n = sqrt(a0^2 + a1^2) in Fp, x0^2 = (a0 +- n)/2 and
 * x1 = a1/(2 x0); a is a square in Fp2 only if its norm is a square in Fp. Every root found is
 * verified by squaring. (Compare Adj and Rodriguez-Henriquez, eprint 2012/685.)
 */
#include "fp_lazy.h"
#include "mont/mont_select.h"
#include "tower.h"

void fp2_add(fp2_t *out, const fp2_t *a, const fp2_t *b)
{
    fp_add(&out->c0, &a->c0, &b->c0);
    fp_add(&out->c1, &a->c1, &b->c1);
}

void fp2_sub(fp2_t *out, const fp2_t *a, const fp2_t *b)
{
    fp_sub(&out->c0, &a->c0, &b->c0);
    fp_sub(&out->c1, &a->c1, &b->c1);
}

void fp2_neg(fp2_t *out, const fp2_t *a)
{
    fp_neg(&out->c0, &a->c0);
    fp_neg(&out->c1, &a->c1);
}

void fp2_dbl(fp2_t *out, const fp2_t *a)
{
    fp_dbl(&out->c0, &a->c0);
    fp_dbl(&out->c1, &a->c1);
}

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

void fp2_inv(fp2_t *out, const fp2_t *a)
{
    fp_t n, t;
    fp_sqr(&n, &a->c0);
    fp_sqr(&t, &a->c1);
    fp_add(&n, &n, &t); /* norm a0^2 + a1^2; 0 only for a = 0 */
    fp_inv(&n, &n);
    fp_mul(&out->c0, &a->c0, &n);
    fp_mul(&t, &a->c1, &n);
    fp_neg(&out->c1, &t);
}

void fp2_conj(fp2_t *out, const fp2_t *a)
{
    out->c0 = a->c0;
    fp_neg(&out->c1, &a->c1);
}

void fp2_mul_fp(fp2_t *out, const fp2_t *a, const fp_t *b)
{
    fp_mul(&out->c0, &a->c0, b);
    fp_mul(&out->c1, &a->c1, b);
}

void fp2_mul_nr(fp2_t *out, const fp2_t *a)
{
    fp_t t;
    fp_sub(&t, &a->c0, &a->c1); /* (a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u */
    fp_add(&out->c1, &a->c0, &a->c1);
    out->c0 = t;
}

int fp2_is_zero(const fp2_t *a)
{
    return fp_is_zero(&a->c0) && fp_is_zero(&a->c1);
}

int fp2_eq(const fp2_t *a, const fp2_t *b)
{
    return fp_eq(&a->c0, &b->c0) && fp_eq(&a->c1, &b->c1);
}

void fp2_set_one(fp2_t *out)
{
    out->c0 = FP_ONE;
    out->c1 = (fp_t){ { 0 } };
}

void fp2_set_zero(fp2_t *out)
{
    out->c0 = (fp_t){ { 0 } };
    out->c1 = (fp_t){ { 0 } };
}

int fp2_sqrt(fp2_t *out, const fp2_t *a)
{
    fp2_t x, check;
    if (fp_is_zero(&a->c1)) {
        /* a in Fp: either sqrt(a0) or sqrt(-a0)*u */
        fp_t t;
        if (fp_sqrt(&t, &a->c0)) {
            x.c0 = t;
            x.c1 = (fp_t){ { 0 } };
        } else {
            fp_neg(&t, &a->c0);
            if (!fp_sqrt(&t, &t))
                return 0; /* unreachable: -1 is a non-square, so one of a0, -a0 is a square */
            x.c0 = (fp_t){ { 0 } };
            x.c1 = t;
        }
        *out = x;
        return 1;
    }
    fp_t n, t, half, x0sq;
    fp_sqr(&n, &a->c0);
    fp_sqr(&t, &a->c1);
    fp_add(&n, &n, &t);
    if (!fp_sqrt(&n, &n))
        return 0; /* a square in Fp2 has a square norm */
    fp_set_u64(&half, 2);
    fp_inv(&half, &half);
    fp_add(&x0sq, &a->c0, &n);
    fp_mul(&x0sq, &x0sq, &half);
    if (!fp_sqrt(&x.c0, &x0sq)) {
        fp_sub(&x0sq, &a->c0, &n);
        fp_mul(&x0sq, &x0sq, &half);
        if (!fp_sqrt(&x.c0, &x0sq))
            return 0;
    }
    /* x0 != 0 here since a1 != 0 */
    fp_dbl(&t, &x.c0);
    fp_inv(&t, &t);
    fp_mul(&x.c1, &a->c1, &t);
    fp2_sqr(&check, &x);
    if (!fp2_eq(&check, a))
        return 0;
    *out = x;
    return 1;
}
