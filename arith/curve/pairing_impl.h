/*
 * File-local helpers of a pairing over a tower of curve/tower_decl.h: the projective doubling and
 * addition steps of the Miller loop with their lines, sparse Fp6 products for the line
 * multiplications, and for the final exponentiation its easy part and the Granger-Scott
 * squaring of the cyclotomic subgroup. BLS12-381's and BN254's pairing.c include this after defining E_FN, E_T,
 * T6_FN, T6_T, T12_FN, T12_T as for tower_impl.h, and:
 *   P_AFF, Q_AFF           the G1 and G2 affine point types
 *   PAIRING_B3_MUL(o, c)   o = 3b' c for Fp2 elements (b' of the twist)
 */

/* out = a (b0 + b1 v), a in Fp6: 5 Fp2 multiplications (Karatsuba on the first two terms). */
static void sparse_mul_by_01(T6_T *out, const T6_T *a, const E_T *b0, const E_T *b1)
{
    E_T t0, t1, s, u, c0, c2;
    E_FN(mul)(&t0, &a->c0, b0);
    E_FN(mul)(&t1, &a->c1, b1);
    E_FN(mul)(&c0, &a->c2, b1);
    E_FN(mul_nr)(&c0, &c0);
    E_FN(add)(&c0, &c0, &t0); /* a0 b0 + xi a2 b1 */
    E_FN(mul)(&c2, &a->c2, b0);
    E_FN(add)(&c2, &c2, &t1); /* a1 b1 + a2 b0 */
    E_FN(add)(&s, &a->c0, &a->c1);
    E_FN(add)(&u, b0, b1);
    E_FN(mul)(&s, &s, &u);
    E_FN(sub)(&s, &s, &t0);
    E_FN(sub)(&out->c1, &s, &t1); /* a0 b1 + a1 b0 */
    out->c0 = c0;
    out->c2 = c2;
}

/* out = f^((p^6 - 1)(p^2 + 1)), the easy part of every final exponentiation: f^(p^6 - 1) =
 * conj(f)/f, then times its p^2-power. The result lies in the cyclotomic subgroup (inverses are
 * conjugates, cyclotomic_sqr applies). f != 0. */
static void final_exp_easy(T12_T *out, const T12_T *f)
{
    T12_T t, u;
    T12_FN(inv)(&u, f);
    T12_FN(conj)(&t, f);
    T12_FN(mul)(&t, &t, &u);
    T12_FN(frobenius)(&u, &t);
    T12_FN(frobenius)(&u, &u);
    T12_FN(mul)(out, &t, &u);
}

/* Fp4 = Fp2[s]/(s^2 - xi) squaring: (a + b s)^2 = (a^2 + xi b^2) + ((a + b)^2 - a^2 - b^2) s */
static void fp4_sqr(E_T *c0, E_T *c1, const E_T *a, const E_T *b)
{
    E_T t0, t1, t;
    E_FN(sqr)(&t0, a);
    E_FN(sqr)(&t1, b);
    E_FN(add)(&t, a, b);
    E_FN(sqr)(&t, &t);
    E_FN(sub)(&t, &t, &t0);
    E_FN(sub)(c1, &t, &t1);
    E_FN(mul_nr)(&t1, &t1);
    E_FN(add)(c0, &t0, &t1);
}

/* out = a^2 for a in the cyclotomic subgroup (Granger-Scott). With s = w^3 and
 * A = g0 + g3 s, B = g1 + g4 s, C = g2 + g5 s (g_k the coefficient of w^k), a = A + B w + C w^2 and
 *   A' = 3 A^2 - 2 conj(A),  B' = 3 s C^2 + 2 conj(B),  C' = 3 B^2 - 2 conj(C),
 * conj(x + y s) = x - y s. Here g0 = c0.c0, g2 = c0.c1, g4 = c0.c2, g1 = c1.c0, g3 = c1.c1,
 * g5 = c1.c2. */
static void cyclotomic_sqr(T12_T *out, const T12_T *a)
{
    E_T a0, a1, b0, b1, c0, c1, t;
    fp4_sqr(&a0, &a1, &a->c0.c0, &a->c1.c1); /* A^2 */
    fp4_sqr(&b0, &b1, &a->c1.c0, &a->c0.c2); /* B^2 */
    fp4_sqr(&c0, &c1, &a->c0.c1, &a->c1.c2); /* C^2 */
    /* A' = (3 A^2.0 - 2 g0) + (3 A^2.1 + 2 g3) s */
    E_FN(sub)(&t, &a0, &a->c0.c0);
    E_FN(dbl)(&t, &t);
    E_FN(add)(&out->c0.c0, &t, &a0);
    E_FN(add)(&t, &a1, &a->c1.c1);
    E_FN(dbl)(&t, &t);
    E_FN(add)(&out->c1.c1, &t, &a1);
    /* C' = (3 B^2.0 - 2 g2) + (3 B^2.1 + 2 g5) s */
    E_FN(sub)(&t, &b0, &a->c0.c1);
    E_FN(dbl)(&t, &t);
    E_FN(add)(&out->c0.c1, &t, &b0);
    E_FN(add)(&t, &b1, &a->c1.c2);
    E_FN(dbl)(&t, &t);
    E_FN(add)(&out->c1.c2, &t, &b1);
    /* B' = (3 xi C^2.1 + 2 g1) + (3 C^2.0 - 2 g4) s */
    E_FN(mul_nr)(&c1, &c1);
    E_FN(add)(&t, &c1, &a->c1.c0);
    E_FN(dbl)(&t, &t);
    E_FN(add)(&out->c1.c0, &t, &c1);
    E_FN(sub)(&t, &c0, &a->c0.c2);
    E_FN(dbl)(&t, &t);
    E_FN(add)(&out->c0.c2, &t, &c0);
}

/* Projective point on the twist: (X/Z, Y/Z). */
typedef struct {
    E_T x, y, z;
} g2_proj_t;

/* A line through points of the twist, evaluated at P = (xP, yP) and scaled by an Fp2 factor that
 * the final exponentiation kills, as its three coefficients: c (the constant), x (the term with
 * xP) and y (the term with yP). Each curve places them in Fp12 by its twist: BLS12-381's M-twist
 * at w^0, w^2, w^3, BN254's D-twist at w^3, w^1, w^0 (their pairing.c derive it). For
 * y'^2 = x'^3 + b' in homogeneous projective coordinates (Costello, Lange, Naehrig, eprint
 * 2009/615, section 5, rederived for these three coefficients from the affine line and the
 * curve equation):
 *   doubling (factor -2y' Z^2): c = 3b'Z^2 - Y^2, x = 3X^2 xP, y = -2YZ yP
 *   addition with affine Q (factor X - xQ Z): c = th xQ - la yQ, x = -th xP, y = la yP,
 *     th = Y - yQ Z, la = X - xQ Z. */
typedef struct {
    E_T c, x, y;
} line_t;

/* T = 2T (scaled by 4, the same projective point); l = tangent at the old T, at P, scaled by
 * -2y' Z^2. */
static void dbl_step(line_t *l, g2_proj_t *t, const P_AFF *p)
{
    E_T a, b, c, e, f, g, h, x2, u;
    E_FN(mul)(&a, &t->x, &t->y);
    E_FN(dbl)(&a, &a);      /* A' = 2XY */
    E_FN(sqr)(&b, &t->y);   /* B = Y^2 */
    E_FN(sqr)(&c, &t->z);   /* C = Z^2 */
    PAIRING_B3_MUL(&e, &c); /* E = 3b'Z^2 */
    E_FN(dbl)(&f, &e);
    E_FN(add)(&f, &f, &e); /* F = 3E */
    E_FN(add)(&g, &b, &f); /* G' = B + F = 2G */
    E_FN(add)(&h, &t->y, &t->z);
    E_FN(sqr)(&h, &h);
    E_FN(sub)(&h, &h, &b);
    E_FN(sub)(&h, &h, &c); /* H = 2YZ */
    E_FN(sqr)(&x2, &t->x); /* X^2, for the line */
    /* line: (E - B), 3X^2 xP, -H yP */
    E_FN(sub)(&l->c, &e, &b);
    E_FN(dbl)(&u, &x2);
    E_FN(add)(&u, &u, &x2);
    E_FN(mul_fp)(&l->x, &u, &p->x);
    E_FN(mul_fp)(&u, &h, &p->y);
    E_FN(neg)(&l->y, &u);
    /* 4 X3 = A'(B - F); 4 Y3 = G'^2 - 12 E^2; 4 Z3 = 4 B H */
    E_FN(sub)(&u, &b, &f);
    E_FN(mul)(&t->x, &a, &u);
    E_FN(sqr)(&e, &e);
    E_FN(dbl)(&u, &e);
    E_FN(add)(&u, &u, &e);
    E_FN(dbl)(&u, &u);
    E_FN(dbl)(&u, &u); /* 12 E^2 */
    E_FN(sqr)(&g, &g);
    E_FN(sub)(&t->y, &g, &u);
    E_FN(mul)(&t->z, &b, &h);
    E_FN(dbl)(&t->z, &t->z);
    E_FN(dbl)(&t->z, &t->z);
}

/* T = T + Q (Q affine); l = line through T and Q at P, scaled by X - xQ Z. T != +-Q for Q of
 * order r. */
static void add_step(line_t *l, g2_proj_t *t, const Q_AFF *q, const P_AFF *p)
{
    E_T th, la, c, d, e, f, g, h, u;
    E_FN(mul)(&u, &q->y, &t->z);
    E_FN(sub)(&th, &t->y, &u); /* theta = Y - yQ Z */
    E_FN(mul)(&u, &q->x, &t->z);
    E_FN(sub)(&la, &t->x, &u); /* lambda = X - xQ Z */
    /* line: (th xQ - la yQ), -th xP, la yP */
    E_FN(mul)(&u, &th, &q->x);
    E_FN(mul)(&c, &la, &q->y);
    E_FN(sub)(&l->c, &u, &c);
    E_FN(mul_fp)(&u, &th, &p->x);
    E_FN(neg)(&l->x, &u);
    E_FN(mul_fp)(&l->y, &la, &p->y);
    /* C = th^2, D = la^2, E = la^3, F = Z C, G = X D, H = E + F - 2G */
    E_FN(sqr)(&c, &th);
    E_FN(sqr)(&d, &la);
    E_FN(mul)(&e, &d, &la);
    E_FN(mul)(&f, &t->z, &c);
    E_FN(mul)(&g, &t->x, &d);
    E_FN(add)(&h, &e, &f);
    E_FN(sub)(&h, &h, &g);
    E_FN(sub)(&h, &h, &g);
    /* X3 = la H; Y3 = th (G - H) - Y E; Z3 = Z E */
    E_FN(mul)(&t->x, &la, &h);
    E_FN(sub)(&u, &g, &h);
    E_FN(mul)(&u, &u, &th);
    E_FN(mul)(&c, &t->y, &e);
    E_FN(sub)(&t->y, &u, &c);
    E_FN(mul)(&t->z, &t->z, &e);
}
