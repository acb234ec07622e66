/*
 * The optimal ate pairing on BN254: Miller loop over 6x + 2 in signed digits with projective
 * steps on the twist and sparse line multiplication, the two lines through psi(Q) and
 * -psi^2(Q), then the final exponentiation.
 *
 * Lines: with the D-twist untwisted as (x', y') -> (x' w^2, y' w^3) (w^6 = xi), the line through
 * T with twist slope L evaluated at P = (xP, yP) is yP - L xP w + (L x'_T - y'_T) w^3: nonzero
 * at w^0 (c0.c0), w^1 (c1.c0) and w^3 (c1.c1). The steps keep T in homogeneous projective
 * coordinates and scale each line by an Fp2 factor, which the final exponentiation kills
 * ((p^12 - 1)/r is a multiple of p^2 - 1): the steps and their three line coefficients c, x, y
 * are curve/pairing_impl.h's, placed here as y + x w + c w^3 (the affine line times
 * -2y'_T Z^2 for a doubling, X - xQ Z for an addition, using x'^3 = y'^2 - b').
 *
 * The loop (Beuchat et al., eprint 2010/354, algorithm 1): T = Q, f = 1; for the signed digits
 * of 6x + 2 below the top one, f = f^2 l_{T,T}(P), T = 2T, and for a digit +-1 f = f l_{T,+-Q}(P),
 * T = T +- Q; then f = f l_{T,Q1}(P), T = T + Q1, f = f l_{T,-Q2}(P) with Q1 = psi(Q),
 * Q2 = psi^2(Q) (psi the twisted Frobenius of curve.h). x > 0: no conjugation.
 *
 * Final exponentiation f^(lambda (p^12 - 1)/r), lambda = 2x(6x^2 + 3x + 1): easy part
 * f^((p^6 - 1)(p^2 + 1)), then the hard part through three exponentiations by x and the
 * Frobenius (final_exp below), with the Granger-Scott cyclotomic squaring. The value snarkjs
 * writes as a key's vk_alphabeta_12, and noble's and gnark's: the textbook reduced pairing
 * raised to lambda (tests: noble's pairing, and noble's Miller loop raised to
 * lambda (p^12 - 1)/r by the vectors' generator).
 * Not constant time; no allocation.
 */
#include "pairing.h"

/* 3b' = 9/(9 + u) (Montgomery) */
static const bn254_fp2_t B3 = { { { 0x3baa927cb62e0d6aULL, 0xd71e7c52d1b664fdULL,
                                    0x03873e63d95d4664ULL, 0x0e75b5b1082ab8f4ULL } },
                                { { 0xaab7c6667596fe35ULL, 0x31d21a78bb6a27baULL,
                                    0x85dd7297680401ffULL, 0x03c52d6adf39a7e9ULL } } };

static void b3_mul(bn254_fp2_t *o, const bn254_fp2_t *c)
{
    bn254_fp2_mul(o, c, &B3);
}

#define P_AFF bn254_g1_affine_t
#define Q_AFF bn254_g2_affine_t
#define PAIRING_B3_MUL b3_mul
#define E_FN(n) bn254_fp2_##n
#define E_T bn254_fp2_t
#define T6_FN(n) bn254_fp6_##n
#define T6_T bn254_fp6_t
#define T12_FN(n) bn254_fp12_##n
#define T12_T bn254_fp12_t
#include "curve/pairing_impl.h"

/* 6x + 2 = 29793968203157093288 in non-adjacent form, least significant digit first; the top
 * digit (index 65) is 1. */
static const signed char LOOP_NAF[66] = { 0, 0,  0,  1,  0, 1,  0, -1, 0, 0,  -1, 0,  0, 0,
                                          1, 0,  0,  -1, 0, -1, 0, 0,  0, 1,  0,  -1, 0, 0,
                                          0, 0,  -1, 0,  0, 1,  0, -1, 0, 0,  1,  0,  0, 0,
                                          0, 0,  -1, 0,  0, -1, 0, 1,  0, -1, 0,  0,  0, -1,
                                          0, -1, 0,  0,  0, 1,  0, -1, 0, 1 };

/* out = a l0, a in Fp6, l0 in Fp2: 3 Fp2 multiplications. */
static void fp6_mul_by_fp2(bn254_fp6_t *out, const bn254_fp6_t *a, const bn254_fp2_t *l0)
{
    bn254_fp2_mul(&out->c0, &a->c0, l0);
    bn254_fp2_mul(&out->c1, &a->c1, l0);
    bn254_fp2_mul(&out->c2, &a->c2, l0);
}

/* f *= l, the D-twist's line y + x w + c w^3 = L0 + L1 w with L0 = y, L1 = x + c v: Karatsuba
 * over Fp6 with sparse factors (13 Fp2 multiplications instead of 18). */
static void mul_by_line(bn254_fp12_t *f, const line_t *l)
{
    bn254_fp6_t t0, t1, s;
    bn254_fp2_t l01;
    fp6_mul_by_fp2(&t0, &f->c0, &l->y);          /* f0 L0 */
    sparse_mul_by_01(&t1, &f->c1, &l->x, &l->c); /* f1 L1 */
    bn254_fp6_add(&s, &f->c0, &f->c1);
    bn254_fp2_add(&l01, &l->y, &l->x);
    sparse_mul_by_01(&s, &s, &l01, &l->c); /* (f0 + f1)(L0 + L1) */
    bn254_fp6_sub(&s, &s, &t0);
    bn254_fp6_sub(&f->c1, &s, &t1); /* f0 L1 + f1 L0 */
    bn254_fp6_mul_v(&t1, &t1);
    bn254_fp6_add(&f->c0, &t0, &t1); /* f0 L0 + v f1 L1 */
}

/* f *= the Miller function of each pair, the pairs sharing the squarings of f. */
static void miller_accumulate(bn254_fp12_t *f, const bn254_g1_affine_t *p,
                              const bn254_g2_affine_t *q, size_t n)
{
    enum { BATCH = 8 }; /* bounded stack; larger n in batches */
    for (size_t base = 0; base < n; base += BATCH) {
        size_t m = n - base < BATCH ? n - base : BATCH;
        g2_proj_t t[BATCH];
        bn254_g2_affine_t nq[BATCH];
        int live[BATCH];
        for (size_t i = 0; i < m; i++) {
            live[i] =
                !bn254_g1_affine_is_inf(&p[base + i]) && !bn254_g2_affine_is_inf(&q[base + i]);
            t[i].x = q[base + i].x;
            t[i].y = q[base + i].y;
            bn254_fp2_set_one(&t[i].z);
            bn254_g2_affine_neg(&nq[i], &q[base + i]);
        }
        bn254_fp12_t g;
        line_t l;
        bn254_fp12_set_one(&g);
        for (int i = 64; i >= 0; i--) {
            bn254_fp12_sqr(&g, &g);
            for (size_t k = 0; k < m; k++) {
                if (!live[k])
                    continue;
                dbl_step(&l, &t[k], &p[base + k]);
                mul_by_line(&g, &l);
                if (LOOP_NAF[i] != 0) {
                    add_step(&l, &t[k], LOOP_NAF[i] > 0 ? &q[base + k] : &nq[k], &p[base + k]);
                    mul_by_line(&g, &l);
                }
            }
        }
        for (size_t k = 0; k < m; k++) {
            if (!live[k])
                continue;
            bn254_g2_affine_t q1, q2;
            bn254_g2_affine_psi(&q1, &q[base + k]);
            bn254_g2_affine_psi(&q2, &q1);
            bn254_g2_affine_neg(&q2, &q2);
            add_step(&l, &t[k], &q1, &p[base + k]);
            mul_by_line(&g, &l);
            add_step(&l, &t[k], &q2, &p[base + k]);
            mul_by_line(&g, &l);
        }
        bn254_fp12_mul(f, f, &g);
    }
}

/* out = a^k for a in the cyclotomic subgroup, k > 0 small (left to right). */
static void pow_small(bn254_fp12_t *out, const bn254_fp12_t *a, unsigned k)
{
    bn254_fp12_t acc = *a;
    int top = 31 - __builtin_clz(k);
    for (int bit = top - 1; bit >= 0; bit--) {
        cyclotomic_sqr(&acc, &acc);
        if ((k >> bit) & 1)
            bn254_fp12_mul(&acc, &acc, a);
    }
    *out = acc;
}

/* out = a^x for a in the cyclotomic subgroup (x = BN254_X > 0, 63 bits). */
static void pow_x(bn254_fp12_t *out, const bn254_fp12_t *a)
{
    bn254_fp12_t acc = *a; /* bit 62 */
    for (int bit = 61; bit >= 0; bit--) {
        cyclotomic_sqr(&acc, &acc);
        if ((BN254_X >> bit) & 1)
            bn254_fp12_mul(&acc, &acc, a);
    }
    *out = acc;
}

static void final_exp(bn254_fp12_t *out, const bn254_fp12_t *f)
{
    bn254_fp12_t t;
    final_exp_easy(&t, f);
    /* hard part lambda (p^4 - p^2 + 1)/r with lambda = 2x(6x^2 + 3x + 1), the power that
     * snarkjs (ffjavascript), noble and gnark compute (Fuentes-Castaneda, Knapp,
     * Rodriguez-Henriquez, "Faster hashing to G2", SAC 2011, section 6: a multiple of the
     * exponent has a shorter chain). lambda < r, so lambda is prime to r and e^lambda is a
     * pairing too: the product check is the same test. Its digits in base p (exact; derived
     * and checked with sympy and Python integers):
     *   l0 = 12x^3 + 12x^2 + 6x + 1, l1 = 12x^3 + 6x^2 + 4x,
     *   l2 = 12x^3 + 6x^2 + 6x,      l3 = 12x^3 + 6x^2 + 4x - 1.
     * With A = t, B = t^x, C = t^(x^2), D = t^(x^3) and E = D^12 C^6: t^l1 = E B^4,
     * t^l2 = t^l1 B^2, t^l3 = t^l1 conj(A), t^l0 = t^l2 C^6 A (t is cyclotomic: conj = inverse).
     * 3 x 62 + 8 cyclotomic squarings. */
    bn254_fp12_t b, b2, c, c6, d, l0, l1, l2, l3, v;
    pow_x(&b, &t);
    pow_x(&c, &b);
    pow_x(&d, &c);
    pow_small(&l1, &d, 12);
    pow_small(&c6, &c, 6);
    bn254_fp12_mul(&l1, &l1, &c6); /* E */
    cyclotomic_sqr(&b2, &b);
    cyclotomic_sqr(&v, &b2);
    bn254_fp12_mul(&l1, &l1, &v);  /* E B^4 */
    bn254_fp12_mul(&l2, &l1, &b2); /* E B^6 */
    bn254_fp12_conj(&v, &t);
    bn254_fp12_mul(&l3, &l1, &v);
    bn254_fp12_mul(&l0, &l2, &c6);
    bn254_fp12_mul(&l0, &l0, &t);
    /* out = l0 l1^p l2^(p^2) l3^(p^3) */
    bn254_fp12_frobenius(&v, &l3);
    bn254_fp12_mul(&v, &v, &l2);
    bn254_fp12_frobenius(&v, &v);
    bn254_fp12_mul(&v, &v, &l1);
    bn254_fp12_frobenius(&v, &v); /* ((l3^p l2)^p l1)^p = l3^(p^3) l2^(p^2) l1^p */
    bn254_fp12_mul(out, &v, &l0);
}

void bn254_pairing(bn254_fp12_t *out, const bn254_g1_affine_t *p, const bn254_g2_affine_t *q)
{
    bn254_fp12_t f;
    bn254_fp12_set_one(&f);
    miller_accumulate(&f, p, q, 1);
    final_exp(out, &f);
}

int bn254_pairing_product_is_one(const bn254_g1_affine_t *p, const bn254_g2_affine_t *q, size_t n)
{
    bn254_fp12_t f, e;
    bn254_fp12_set_one(&f);
    miller_accumulate(&f, p, q, n);
    final_exp(&e, &f);
    return bn254_fp12_is_one(&e);
}
