/*
 * The definitions of one tower Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v) over an Fp2
 * of curve/fp2_decl.h (contracts in tower_decl.h), instantiated by bls12_381/fp12.c and
 * bn254/fp12.c. The including file has included the header that declares the types and defines:
 *
 *   T6_FN(name), T12_FN(name), T6_T, T12_T   as for tower_decl.h
 *   E_FN(name), E_T   the Fp2's functions and type (its mul_nr multiplies by xi)
 *   T12_GAMMA         a file-local const E_T[5]: gamma_k = xi^(k(p-1)/6), k = 1..5, for the
 *                     Frobenius
 *
 * Fp6: Karatsuba multiplication and the CH-SQR2 squaring of Chung and Hasan ("Asymmetric
 * squaring formulae", ARITH 2007); inversion as in Beuchat et al. ("High-speed software
 * implementation of the optimal ate pairing over BN curves", eprint 2010/354, algorithm 17).
 * Fp12: Karatsuba multiplication and squaring over Fp6, inversion through the Fp6 norm, and the
 * p-power Frobenius. Seen over Fp2, Fp12 = Fp2[w]/(w^6 - xi) with c0 = (g0, g2, g4),
 * c1 = (g1, g3, g5) the coefficients of w^0, w^2, w^4 and w^1, w^3, w^5, so
 * (g_k w^k)^p = conj(g_k) * xi^(k(p-1)/6) * w^k = conj(g_k) gamma_k w^k.
 */

void T6_FN(add)(T6_T *out, const T6_T *a, const T6_T *b)
{
    E_FN(add)(&out->c0, &a->c0, &b->c0);
    E_FN(add)(&out->c1, &a->c1, &b->c1);
    E_FN(add)(&out->c2, &a->c2, &b->c2);
}

void T6_FN(sub)(T6_T *out, const T6_T *a, const T6_T *b)
{
    E_FN(sub)(&out->c0, &a->c0, &b->c0);
    E_FN(sub)(&out->c1, &a->c1, &b->c1);
    E_FN(sub)(&out->c2, &a->c2, &b->c2);
}

void T6_FN(neg)(T6_T *out, const T6_T *a)
{
    E_FN(neg)(&out->c0, &a->c0);
    E_FN(neg)(&out->c1, &a->c1);
    E_FN(neg)(&out->c2, &a->c2);
}

void T6_FN(mul)(T6_T *out, const T6_T *a, const T6_T *b)
{
    E_T t0, t1, t2, s, u, c0, c1, c2;
    E_FN(mul)(&t0, &a->c0, &b->c0);
    E_FN(mul)(&t1, &a->c1, &b->c1);
    E_FN(mul)(&t2, &a->c2, &b->c2);
    /* c0 = t0 + xi((a1 + a2)(b1 + b2) - t1 - t2) */
    E_FN(add)(&s, &a->c1, &a->c2);
    E_FN(add)(&u, &b->c1, &b->c2);
    E_FN(mul)(&s, &s, &u);
    E_FN(sub)(&s, &s, &t1);
    E_FN(sub)(&s, &s, &t2);
    E_FN(mul_nr)(&s, &s);
    E_FN(add)(&c0, &s, &t0);
    /* c1 = (a0 + a1)(b0 + b1) - t0 - t1 + xi t2 */
    E_FN(add)(&s, &a->c0, &a->c1);
    E_FN(add)(&u, &b->c0, &b->c1);
    E_FN(mul)(&s, &s, &u);
    E_FN(sub)(&s, &s, &t0);
    E_FN(sub)(&s, &s, &t1);
    E_FN(mul_nr)(&u, &t2);
    E_FN(add)(&c1, &s, &u);
    /* c2 = (a0 + a2)(b0 + b2) - t0 - t2 + t1 */
    E_FN(add)(&s, &a->c0, &a->c2);
    E_FN(add)(&u, &b->c0, &b->c2);
    E_FN(mul)(&s, &s, &u);
    E_FN(sub)(&s, &s, &t0);
    E_FN(sub)(&s, &s, &t2);
    E_FN(add)(&c2, &s, &t1);
    out->c0 = c0;
    out->c1 = c1;
    out->c2 = c2;
}

void T6_FN(sqr)(T6_T *out, const T6_T *a)
{
    E_T s0, s1, s2, s3, s4, t;
    E_FN(sqr)(&s0, &a->c0);
    E_FN(mul)(&s1, &a->c0, &a->c1);
    E_FN(dbl)(&s1, &s1); /* 2 a0 a1 */
    E_FN(sub)(&t, &a->c0, &a->c1);
    E_FN(add)(&t, &t, &a->c2);
    E_FN(sqr)(&s2, &t); /* (a0 - a1 + a2)^2 */
    E_FN(mul)(&s3, &a->c1, &a->c2);
    E_FN(dbl)(&s3, &s3); /* 2 a1 a2 */
    E_FN(sqr)(&s4, &a->c2);
    /* c2 = s1 + s2 + s3 - s0 - s4 */
    E_FN(add)(&t, &s1, &s2);
    E_FN(add)(&t, &t, &s3);
    E_FN(sub)(&t, &t, &s0);
    E_FN(sub)(&out->c2, &t, &s4);
    /* c0 = s0 + xi s3; c1 = s1 + xi s4 */
    E_FN(mul_nr)(&s3, &s3);
    E_FN(add)(&out->c0, &s0, &s3);
    E_FN(mul_nr)(&s4, &s4);
    E_FN(add)(&out->c1, &s1, &s4);
}

void T6_FN(inv)(T6_T *out, const T6_T *a)
{
    E_T t0, t1, t2, d, s;
    /* t0 = a0^2 - xi a1 a2 */
    E_FN(sqr)(&t0, &a->c0);
    E_FN(mul)(&s, &a->c1, &a->c2);
    E_FN(mul_nr)(&s, &s);
    E_FN(sub)(&t0, &t0, &s);
    /* t1 = xi a2^2 - a0 a1 */
    E_FN(sqr)(&t1, &a->c2);
    E_FN(mul_nr)(&t1, &t1);
    E_FN(mul)(&s, &a->c0, &a->c1);
    E_FN(sub)(&t1, &t1, &s);
    /* t2 = a1^2 - a0 a2 */
    E_FN(sqr)(&t2, &a->c1);
    E_FN(mul)(&s, &a->c0, &a->c2);
    E_FN(sub)(&t2, &t2, &s);
    /* d = a0 t0 + xi (a2 t1 + a1 t2) */
    E_FN(mul)(&d, &a->c2, &t1);
    E_FN(mul)(&s, &a->c1, &t2);
    E_FN(add)(&d, &d, &s);
    E_FN(mul_nr)(&d, &d);
    E_FN(mul)(&s, &a->c0, &t0);
    E_FN(add)(&d, &d, &s);
    E_FN(inv)(&d, &d);
    E_FN(mul)(&out->c0, &t0, &d);
    E_FN(mul)(&out->c1, &t1, &d);
    E_FN(mul)(&out->c2, &t2, &d);
}

void T6_FN(mul_v)(T6_T *out, const T6_T *a)
{
    E_T t;
    E_FN(mul_nr)(&t, &a->c2); /* (a0 + a1 v + a2 v^2) v = xi a2 + a0 v + a1 v^2 */
    out->c2 = a->c1;
    out->c1 = a->c0;
    out->c0 = t;
}

void T6_FN(set_one)(T6_T *out)
{
    E_FN(set_one)(&out->c0);
    E_FN(set_zero)(&out->c1);
    E_FN(set_zero)(&out->c2);
}

void T6_FN(set_zero)(T6_T *out)
{
    E_FN(set_zero)(&out->c0);
    E_FN(set_zero)(&out->c1);
    E_FN(set_zero)(&out->c2);
}

int T6_FN(is_zero)(const T6_T *a)
{
    return E_FN(is_zero)(&a->c0) && E_FN(is_zero)(&a->c1) && E_FN(is_zero)(&a->c2);
}

int T6_FN(eq)(const T6_T *a, const T6_T *b)
{
    return E_FN(eq)(&a->c0, &b->c0) && E_FN(eq)(&a->c1, &b->c1) && E_FN(eq)(&a->c2, &b->c2);
}

void T12_FN(mul)(T12_T *out, const T12_T *a, const T12_T *b)
{
    T6_T t0, t1, s, u;
    T6_FN(mul)(&t0, &a->c0, &b->c0);
    T6_FN(mul)(&t1, &a->c1, &b->c1);
    T6_FN(add)(&s, &a->c0, &a->c1);
    T6_FN(add)(&u, &b->c0, &b->c1);
    T6_FN(mul)(&s, &s, &u);
    T6_FN(sub)(&s, &s, &t0);
    T6_FN(sub)(&out->c1, &s, &t1); /* a0 b1 + a1 b0 */
    T6_FN(mul_v)(&t1, &t1);
    T6_FN(add)(&out->c0, &t0, &t1); /* a0 b0 + v a1 b1 */
}

void T12_FN(sqr)(T12_T *out, const T12_T *a)
{
    T6_T t, s, u;
    T6_FN(mul)(&t, &a->c0, &a->c1); /* a0 a1 */
    T6_FN(add)(&s, &a->c0, &a->c1);
    T6_FN(mul_v)(&u, &a->c1);
    T6_FN(add)(&u, &u, &a->c0);
    T6_FN(mul)(&s, &s, &u); /* (a0 + a1)(a0 + v a1) */
    T6_FN(sub)(&s, &s, &t);
    T6_FN(mul_v)(&u, &t);
    T6_FN(sub)(&out->c0, &s, &u); /* a0^2 + v a1^2 */
    T6_FN(add)(&out->c1, &t, &t); /* 2 a0 a1 */
}

void T12_FN(inv)(T12_T *out, const T12_T *a)
{
    /* 1/(a0 + a1 w) = (a0 - a1 w) / (a0^2 - v a1^2) */
    T6_T t0, t1;
    T6_FN(sqr)(&t0, &a->c0);
    T6_FN(sqr)(&t1, &a->c1);
    T6_FN(mul_v)(&t1, &t1);
    T6_FN(sub)(&t0, &t0, &t1);
    T6_FN(inv)(&t0, &t0);
    T6_FN(mul)(&out->c0, &a->c0, &t0);
    T6_FN(mul)(&t1, &a->c1, &t0);
    T6_FN(neg)(&out->c1, &t1);
}

void T12_FN(conj)(T12_T *out, const T12_T *a)
{
    out->c0 = a->c0;
    T6_FN(neg)(&out->c1, &a->c1);
}

void T12_FN(frobenius)(T12_T *out, const T12_T *a)
{
    E_FN(conj)(&out->c0.c0, &a->c0.c0); /* w^0 */
    E_FN(conj)(&out->c0.c1, &a->c0.c1);
    E_FN(mul)(&out->c0.c1, &out->c0.c1, &T12_GAMMA[1]); /* w^2 */
    E_FN(conj)(&out->c0.c2, &a->c0.c2);
    E_FN(mul)(&out->c0.c2, &out->c0.c2, &T12_GAMMA[3]); /* w^4 */
    E_FN(conj)(&out->c1.c0, &a->c1.c0);
    E_FN(mul)(&out->c1.c0, &out->c1.c0, &T12_GAMMA[0]); /* w^1 */
    E_FN(conj)(&out->c1.c1, &a->c1.c1);
    E_FN(mul)(&out->c1.c1, &out->c1.c1, &T12_GAMMA[2]); /* w^3 */
    E_FN(conj)(&out->c1.c2, &a->c1.c2);
    E_FN(mul)(&out->c1.c2, &out->c1.c2, &T12_GAMMA[4]); /* w^5 */
}

void T12_FN(set_one)(T12_T *out)
{
    T6_FN(set_one)(&out->c0);
    T6_FN(set_zero)(&out->c1);
}

int T12_FN(is_one)(const T12_T *a)
{
    T12_T one;
    T12_FN(set_one)(&one);
    return T12_FN(eq)(a, &one);
}

int T12_FN(eq)(const T12_T *a, const T12_T *b)
{
    return T6_FN(eq)(&a->c0, &b->c0) && T6_FN(eq)(&a->c1, &b->c1);
}
