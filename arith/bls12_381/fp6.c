/*
 * Fp6 = Fp2[v]/(v^3 - xi), xi = u + 1. Karatsuba multiplication and the CH-SQR2 squaring of
 * Chung and Hasan ("Asymmetric squaring formulae", ARITH 2007); inversion as in Beuchat et al.
 * ("High-speed software implementation of the optimal ate pairing over BN curves",
 * eprint 2010/354, algorithm 17).
 */
#include "tower.h"

void fp6_add(fp6_t *out, const fp6_t *a, const fp6_t *b)
{
    fp2_add(&out->c0, &a->c0, &b->c0);
    fp2_add(&out->c1, &a->c1, &b->c1);
    fp2_add(&out->c2, &a->c2, &b->c2);
}

void fp6_sub(fp6_t *out, const fp6_t *a, const fp6_t *b)
{
    fp2_sub(&out->c0, &a->c0, &b->c0);
    fp2_sub(&out->c1, &a->c1, &b->c1);
    fp2_sub(&out->c2, &a->c2, &b->c2);
}

void fp6_neg(fp6_t *out, const fp6_t *a)
{
    fp2_neg(&out->c0, &a->c0);
    fp2_neg(&out->c1, &a->c1);
    fp2_neg(&out->c2, &a->c2);
}

void fp6_mul(fp6_t *out, const fp6_t *a, const fp6_t *b)
{
    fp2_t t0, t1, t2, s, u, c0, c1, c2;
    fp2_mul(&t0, &a->c0, &b->c0);
    fp2_mul(&t1, &a->c1, &b->c1);
    fp2_mul(&t2, &a->c2, &b->c2);
    /* c0 = t0 + xi((a1 + a2)(b1 + b2) - t1 - t2) */
    fp2_add(&s, &a->c1, &a->c2);
    fp2_add(&u, &b->c1, &b->c2);
    fp2_mul(&s, &s, &u);
    fp2_sub(&s, &s, &t1);
    fp2_sub(&s, &s, &t2);
    fp2_mul_nr(&s, &s);
    fp2_add(&c0, &s, &t0);
    /* c1 = (a0 + a1)(b0 + b1) - t0 - t1 + xi t2 */
    fp2_add(&s, &a->c0, &a->c1);
    fp2_add(&u, &b->c0, &b->c1);
    fp2_mul(&s, &s, &u);
    fp2_sub(&s, &s, &t0);
    fp2_sub(&s, &s, &t1);
    fp2_mul_nr(&u, &t2);
    fp2_add(&c1, &s, &u);
    /* c2 = (a0 + a2)(b0 + b2) - t0 - t2 + t1 */
    fp2_add(&s, &a->c0, &a->c2);
    fp2_add(&u, &b->c0, &b->c2);
    fp2_mul(&s, &s, &u);
    fp2_sub(&s, &s, &t0);
    fp2_sub(&s, &s, &t2);
    fp2_add(&c2, &s, &t1);
    out->c0 = c0;
    out->c1 = c1;
    out->c2 = c2;
}

void fp6_sqr(fp6_t *out, const fp6_t *a)
{
    fp2_t s0, s1, s2, s3, s4, t;
    fp2_sqr(&s0, &a->c0);
    fp2_mul(&s1, &a->c0, &a->c1);
    fp2_dbl(&s1, &s1); /* 2 a0 a1 */
    fp2_sub(&t, &a->c0, &a->c1);
    fp2_add(&t, &t, &a->c2);
    fp2_sqr(&s2, &t); /* (a0 - a1 + a2)^2 */
    fp2_mul(&s3, &a->c1, &a->c2);
    fp2_dbl(&s3, &s3); /* 2 a1 a2 */
    fp2_sqr(&s4, &a->c2);
    /* c2 = s1 + s2 + s3 - s0 - s4 */
    fp2_add(&t, &s1, &s2);
    fp2_add(&t, &t, &s3);
    fp2_sub(&t, &t, &s0);
    fp2_sub(&out->c2, &t, &s4);
    /* c0 = s0 + xi s3; c1 = s1 + xi s4 */
    fp2_mul_nr(&s3, &s3);
    fp2_add(&out->c0, &s0, &s3);
    fp2_mul_nr(&s4, &s4);
    fp2_add(&out->c1, &s1, &s4);
}

void fp6_inv(fp6_t *out, const fp6_t *a)
{
    fp2_t t0, t1, t2, d, s;
    /* t0 = a0^2 - xi a1 a2 */
    fp2_sqr(&t0, &a->c0);
    fp2_mul(&s, &a->c1, &a->c2);
    fp2_mul_nr(&s, &s);
    fp2_sub(&t0, &t0, &s);
    /* t1 = xi a2^2 - a0 a1 */
    fp2_sqr(&t1, &a->c2);
    fp2_mul_nr(&t1, &t1);
    fp2_mul(&s, &a->c0, &a->c1);
    fp2_sub(&t1, &t1, &s);
    /* t2 = a1^2 - a0 a2 */
    fp2_sqr(&t2, &a->c1);
    fp2_mul(&s, &a->c0, &a->c2);
    fp2_sub(&t2, &t2, &s);
    /* d = a0 t0 + xi (a2 t1 + a1 t2) */
    fp2_mul(&d, &a->c2, &t1);
    fp2_mul(&s, &a->c1, &t2);
    fp2_add(&d, &d, &s);
    fp2_mul_nr(&d, &d);
    fp2_mul(&s, &a->c0, &t0);
    fp2_add(&d, &d, &s);
    fp2_inv(&d, &d);
    fp2_mul(&out->c0, &t0, &d);
    fp2_mul(&out->c1, &t1, &d);
    fp2_mul(&out->c2, &t2, &d);
}

void fp6_mul_v(fp6_t *out, const fp6_t *a)
{
    fp2_t t;
    fp2_mul_nr(&t, &a->c2); /* (a0 + a1 v + a2 v^2) v = xi a2 + a0 v + a1 v^2 */
    out->c2 = a->c1;
    out->c1 = a->c0;
    out->c0 = t;
}

void fp6_set_one(fp6_t *out)
{
    fp2_set_one(&out->c0);
    fp2_set_zero(&out->c1);
    fp2_set_zero(&out->c2);
}

void fp6_set_zero(fp6_t *out)
{
    fp2_set_zero(&out->c0);
    fp2_set_zero(&out->c1);
    fp2_set_zero(&out->c2);
}

int fp6_is_zero(const fp6_t *a)
{
    return fp2_is_zero(&a->c0) && fp2_is_zero(&a->c1) && fp2_is_zero(&a->c2);
}

int fp6_eq(const fp6_t *a, const fp6_t *b)
{
    return fp2_eq(&a->c0, &b->c0) && fp2_eq(&a->c1, &b->c1) && fp2_eq(&a->c2, &b->c2);
}
