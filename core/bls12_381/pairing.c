/*
 * The optimal ate pairing on BLS12-381: Miller loop over |x| = 0xd201000000010000 with affine
 * steps on the twist, then the final exponentiation.
 *
 * Lines: with the M-twist untwisted as (x', y') -> (x' w^-2, y' w^-3), the line through T with
 * twist slope L evaluated at P = (xP, yP), times w^3 (a factor in the subfield Fp4, killed by the
 * final exponentiation), is (L x'_T - y'_T) + (-L xP) w^2 + yP w^3. Vertical lines lie in Fp6 and
 * are dropped for the same reason. Since x < 0, the loop result is conjugated (f_{-|x|} =
 * 1/f_{|x|} up to such factors, and 1/f = conj(f) after the easy part).
 *
 * Final exponentiation f^(3 (p^12 - 1)/r): easy part f^((p^6 - 1)(p^2 + 1)), hard part of
 * Hayashida, Hayasaka, Teruya (eprint 2020/875): 3 (p^4 - p^2 + 1)/r =
 * (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3. The result is the textbook (p^12 - 1)/r pairing cubed
 * (3 is prime to r, so it is still a non-degenerate bilinear pairing); it is the value
 * @noble/curves returns, which tests/arith/vectors/pairing.txt checks.
 * Not constant time; no allocation.
 */
#include "pairing.h"
#include "curve_internal.h"

/* Affine T on the twist; returns the line at P in out (as a full Fp12). */
static void line_at(fp12_t *l, const fp2_t *slope, const g2_affine_t *t, const g1_affine_t *p)
{
    fp2_t c;
    fp2_mul(&c, slope, &t->x);
    fp2_sub(&l->c0.c0, &c, &t->y);                  /* L x'_T - y'_T */
    fp2_mul_fp(&c, slope, &p->x);
    fp2_neg(&l->c0.c1, &c);                         /* -L xP at w^2 = v */
    fp2_set_zero(&l->c0.c2);
    fp2_set_zero(&l->c1.c0);
    l->c1.c1.c0 = p->y;                             /* yP at w^3 = v w */
    l->c1.c1.c1 = (fp_t){{0}};
    fp2_set_zero(&l->c1.c2);
}

/* T = 2T; l = tangent line at the old T evaluated at P. */
static void dbl_step(fp12_t *l, g2_affine_t *t, const g1_affine_t *p)
{
    fp2_t num, den, slope, x3, y3;
    fp2_sqr(&num, &t->x);
    fp2_add(&den, &num, &num);
    fp2_add(&num, &den, &num);                      /* 3 x^2 */
    fp2_dbl(&den, &t->y);
    fp2_inv(&den, &den);
    fp2_mul(&slope, &num, &den);
    line_at(l, &slope, t, p);
    fp2_sqr(&x3, &slope);
    fp2_sub(&x3, &x3, &t->x);
    fp2_sub(&x3, &x3, &t->x);                       /* L^2 - 2x */
    fp2_sub(&y3, &t->x, &x3);
    fp2_mul(&y3, &y3, &slope);
    fp2_sub(&y3, &y3, &t->y);                       /* L (x - x3) - y */
    t->x = x3;
    t->y = y3;
}

/* T = T + Q; l = line through T and Q evaluated at P. T != +-Q for Q of order r. */
static void add_step(fp12_t *l, g2_affine_t *t, const g2_affine_t *q, const g1_affine_t *p)
{
    fp2_t num, den, slope, x3, y3;
    fp2_sub(&num, &q->y, &t->y);
    fp2_sub(&den, &q->x, &t->x);
    fp2_inv(&den, &den);
    fp2_mul(&slope, &num, &den);
    line_at(l, &slope, t, p);
    fp2_sqr(&x3, &slope);
    fp2_sub(&x3, &x3, &t->x);
    fp2_sub(&x3, &x3, &q->x);
    fp2_sub(&y3, &t->x, &x3);
    fp2_mul(&y3, &y3, &slope);
    fp2_sub(&y3, &y3, &t->y);
    t->x = x3;
    t->y = y3;
}

/* f *= f_{|x|,Q}(P) squared in lockstep: f is squared once per bit by the caller's loop. */
static void miller_accumulate(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, size_t n)
{
    /* Several pairs share the squarings of f (one loop for the whole product). At most this
     * many pairs per batch keep the stack bounded; larger n is processed in batches. */
    enum { BATCH = 8 };
    for (size_t base = 0; base < n; base += BATCH) {
        size_t m = n - base < BATCH ? n - base : BATCH;
        g2_affine_t t[BATCH];
        int live[BATCH];
        for (size_t i = 0; i < m; i++) {
            live[i] = !g1_affine_is_inf(&p[base + i]) && !g2_affine_is_inf(&q[base + i]);
            t[i] = q[base + i];
        }
        fp12_t g, l;
        fp12_set_one(&g);
        for (int bit = 62; bit >= 0; bit--) {
            fp12_sqr(&g, &g);
            for (size_t i = 0; i < m; i++) {
                if (!live[i])
                    continue;
                dbl_step(&l, &t[i], &p[base + i]);
                fp12_mul(&g, &g, &l);
                if ((BLS_X_ABS >> bit) & 1) {
                    add_step(&l, &t[i], &q[base + i], &p[base + i]);
                    fp12_mul(&g, &g, &l);
                }
            }
        }
        fp12_conj(&g, &g);                          /* x < 0 */
        fp12_mul(f, f, &g);
    }
}

void bls_miller_loop(fp12_t *out, const g1_affine_t *p, const g2_affine_t *q)
{
    fp12_t f;
    fp12_set_one(&f);
    miller_accumulate(&f, p, q, 1);
    *out = f;
}

/* out = a^x for a in the cyclotomic subgroup (x < 0: conj of a^|x|). */
static void pow_x(fp12_t *out, const fp12_t *a)
{
    fp12_t acc = *a;
    for (int bit = 62; bit >= 0; bit--) {
        fp12_sqr(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1)
            fp12_mul(&acc, &acc, a);
    }
    fp12_conj(out, &acc);
}

void bls_final_exp(fp12_t *out, const fp12_t *f)
{
    fp12_t t, u, a, b, c;
    /* easy part: t = f^(p^6 - 1) = conj(f)/f, then t = t^(p^2 + 1) */
    fp12_inv(&u, f);
    fp12_conj(&t, f);
    fp12_mul(&t, &t, &u);
    fp12_frobenius(&u, &t);
    fp12_frobenius(&u, &u);
    fp12_mul(&t, &t, &u);
    /* hard part; t is now cyclotomic, so inverses are conjugates */
    /* a = t^((x - 1)^2) */
    fp12_conj(&u, &t);
    pow_x(&a, &t);
    fp12_mul(&a, &a, &u);                           /* t^(x - 1) */
    fp12_conj(&u, &a);
    pow_x(&b, &a);
    fp12_mul(&a, &b, &u);                           /* t^((x - 1)^2) */
    /* b = a^(x + p) */
    pow_x(&b, &a);
    fp12_frobenius(&u, &a);
    fp12_mul(&b, &b, &u);
    /* c = b^(x^2 + p^2 - 1) */
    pow_x(&c, &b);
    pow_x(&c, &c);
    fp12_frobenius(&u, &b);
    fp12_frobenius(&u, &u);
    fp12_mul(&c, &c, &u);
    fp12_conj(&u, &b);
    fp12_mul(&c, &c, &u);
    /* out = c * t^3 */
    fp12_sqr(&u, &t);
    fp12_mul(&u, &u, &t);
    fp12_mul(out, &c, &u);
}

void bls_pairing(fp12_t *out, const g1_affine_t *p, const g2_affine_t *q)
{
    fp12_t f;
    bls_miller_loop(&f, p, q);
    bls_final_exp(out, &f);
}

int bls_pairing_product_is_one(const g1_affine_t *p, const g2_affine_t *q, size_t n)
{
    fp12_t f, e;
    fp12_set_one(&f);
    miller_accumulate(&f, p, q, n);
    bls_final_exp(&e, &f);
    return fp12_is_one(&e);
}
