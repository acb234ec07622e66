/*
 * The optimal ate pairing on BLS12-381: Miller loop over |x| = 0xd201000000010000 with
 * projective steps on the twist and sparse line multiplication, then the final exponentiation.
 *
 * Lines: with the M-twist untwisted as (x', y') -> (x' w^-2, y' w^-3), the line through T with
 * twist slope L evaluated at P = (xP, yP), times w^3 (a factor in the subfield Fp4, killed by the
 * final exponentiation), is (L x'_T - y'_T) + (-L xP) w^2 + yP w^3. Vertical lines lie in Fp6 and
 * are dropped for the same reason. Since x < 0, the loop result is conjugated (f_{-|x|} =
 * 1/f_{|x|} up to such factors, and 1/f = conj(f) after the easy part).
 * The steps keep T in homogeneous projective coordinates (x' = X/Z, y' = Y/Z) and scale each
 * line by an Fp2 factor (a denominator), which the final exponentiation also kills
 * ((p^12 - 1)/r is a multiple of p^2 - 1), so bls_pairing's value is the same as with affine
 * steps; bls_miller_loop's raw value differs by such a factor. Formulas: Costello, Lange,
 * Naehrig, "Faster pairing computations on curves with high-degree twists", eprint 2009/615,
 * section 5 (doubling and mixed addition for y^2 = x^3 + b), rederived for this line layout:
 *   doubling (factor -2y Z^2): l = (3b'Z^2 - Y^2) + (3X^2 xP) w^2 + (-2YZ yP) w^3
 *   addition with affine Q (factor X - xQ Z): l = (th xQ - la yQ) + (-th xP) w^2 + (la yP) w^3,
 *     th = Y - yQ Z, la = X - xQ Z.
 * A line has three nonzero Fp2 coefficients, at w^0 (c0.c0), w^2 (c0.c1) and w^3 (c1.c1);
 * mul_by_line multiplies by it with 13 Fp2 multiplications instead of 18.
 *
 * Final exponentiation f^(3 (p^12 - 1)/r): easy part f^((p^6 - 1)(p^2 + 1)), hard part of
 * Hayashida, Hayasaka, Teruya (eprint 2020/875): 3 (p^4 - p^2 + 1)/r =
 * (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3. The result is the textbook (p^12 - 1)/r pairing cubed
 * (3 is prime to r, so it is still a non-degenerate bilinear pairing); it is the value
 * @noble/curves returns, which tests/arith/vectors/pairing.txt checks. After the easy part every
 * value is in the cyclotomic subgroup, where squaring uses the 9-squaring formula of Granger and
 * Scott ("Faster squaring in the cyclotomic subgroup of sixth degree extensions", eprint
 * 2009/565, section 3.1); it computes the same square as fp12_sqr.
 * Not constant time; no allocation.
 */
#include "pairing.h"

/* o = 3b' c = 12 (u + 1) c, with additions (b' = 4(u + 1)) */
static void b3_mul(fp2_t *o, const fp2_t *c)
{
    fp2_t e, f;
    fp2_mul_nr(&e, c);
    fp2_dbl(&e, &e);
    fp2_dbl(&e, &e); /* b' c */
    fp2_dbl(&f, &e);
    fp2_add(o, &f, &e);
}

#define P_AFF g1_affine_t
#define Q_AFF g2_affine_t
#define PAIRING_B3_MUL b3_mul
#define E_FN(n) fp2_##n
#define E_T fp2_t
#define T6_FN(n) fp6_##n
#define T6_T fp6_t
#define T12_FN(n) fp12_##n
#define T12_T fp12_t
#include "curve/pairing_impl.h"

/* out = a (b1 v), a in Fp6: xi a2 b1 + a0 b1 v + a1 b1 v^2. */
static void sparse_mul_by_1(fp6_t *out, const fp6_t *a, const fp2_t *b1)
{
    fp2_t c0;
    fp2_mul(&c0, &a->c2, b1);
    fp2_mul_nr(&c0, &c0);
    fp2_mul(&out->c2, &a->c1, b1);
    fp2_mul(&out->c1, &a->c0, b1);
    out->c0 = c0;
}

/* f *= l, the M-twist's line (c + x v) + (y v) w (c at w^0, x at w^2, y at w^3): Karatsuba over
 * Fp6 with sparse factors. */
static void mul_by_line(fp12_t *f, const line_t *l)
{
    fp6_t t0, t1, s;
    fp2_t l23;
    sparse_mul_by_01(&t0, &f->c0, &l->c, &l->x); /* f0 L0 */
    sparse_mul_by_1(&t1, &f->c1, &l->y);         /* f1 L1 */
    fp6_add(&s, &f->c0, &f->c1);
    fp2_add(&l23, &l->x, &l->y);
    sparse_mul_by_01(&s, &s, &l->c, &l23); /* (f0 + f1)(L0 + L1) */
    fp6_sub(&s, &s, &t0);
    fp6_sub(&f->c1, &s, &t1); /* f0 L1 + f1 L0 */
    fp6_mul_v(&t1, &t1);
    fp6_add(&f->c0, &t0, &t1); /* f0 L0 + v f1 L1 */
}

/* f *= f_{|x|,Q}(P) squared in lockstep: f is squared once per bit by the caller's loop. */
static void miller_accumulate(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, size_t n)
{
    /* Several pairs share the squarings of f (one loop for the whole product). At most this
     * many pairs per batch keep the stack bounded; larger n is processed in batches. */
    enum { BATCH = 8 };
    for (size_t base = 0; base < n; base += BATCH) {
        size_t m = n - base < BATCH ? n - base : BATCH;
        g2_proj_t t[BATCH];
        int live[BATCH];
        for (size_t i = 0; i < m; i++) {
            live[i] = !g1_affine_is_inf(&p[base + i]) && !g2_affine_is_inf(&q[base + i]);
            t[i].x = q[base + i].x;
            t[i].y = q[base + i].y;
            fp2_set_one(&t[i].z);
        }
        fp12_t g;
        line_t l;
        fp12_set_one(&g);
        for (int bit = 62; bit >= 0; bit--) {
            fp12_sqr(&g, &g);
            for (size_t i = 0; i < m; i++) {
                if (!live[i])
                    continue;
                dbl_step(&l, &t[i], &p[base + i]);
                mul_by_line(&g, &l);
                if ((BLS_X_ABS >> bit) & 1) {
                    add_step(&l, &t[i], &q[base + i], &p[base + i]);
                    mul_by_line(&g, &l);
                }
            }
        }
        fp12_conj(&g, &g); /* x < 0 */
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
        cyclotomic_sqr(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1)
            fp12_mul(&acc, &acc, a);
    }
    fp12_conj(out, &acc);
}

void bls_final_exp(fp12_t *out, const fp12_t *f)
{
    fp12_t t, u, a, b, c;
    final_exp_easy(&t, f);
    /* hard part; t is now cyclotomic, so inverses are conjugates */
    /* a = t^((x - 1)^2) */
    fp12_conj(&u, &t);
    pow_x(&a, &t);
    fp12_mul(&a, &a, &u); /* t^(x - 1) */
    fp12_conj(&u, &a);
    pow_x(&b, &a);
    fp12_mul(&a, &b, &u); /* t^((x - 1)^2) */
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
    cyclotomic_sqr(&u, &t);
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
