/*
 * File-local helpers of a pairing over a tower of curve/tower_decl.h (BLS12-381's and BN254's
 * pairing.c include this after defining E_FN, E_T, T6_FN, T6_T, T12_FN, T12_T as for
 * tower_impl.h): sparse Fp6 products for the line multiplications of the Miller loop, and the
 * Granger-Scott squaring of the cyclotomic subgroup for the final exponentiation.
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
