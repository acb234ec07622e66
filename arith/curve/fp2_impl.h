/*
 * The definitions of one Fp2 = Fp[u]/(u^2 + 1) (contracts in fp2_decl.h), instantiated by
 * bls12_381/fp2.c and bn254/fp2.c. The including file has included the header that declares
 * the type and defines:
 *
 *   E_FN(name), E_T   as for fp2_decl.h
 *   B_FN(name)        the base field's functions (mont/field_decl.h), e.g. bn254_fp_##n
 *   B_T, B_BYTES      the base field's element type and encoded size
 *   B_ONE             the base field's 1 (Montgomery form)
 *   E_NR_C0           k of the non-residue xi = k + u (a small positive integer)
 *   E_CUSTOM_MUL      (optional) the file defines mul and sqr itself (BLS12-381: lazy reduction
 *                     on the mulx/adx assembly)
 *
 * Algorithms: Karatsuba multiplication (3 base multiplications) and complex squaring (2);
 * inversion through the norm a0^2 + a1^2; square roots through the norm ("complex method"): if
 * (x0 + x1 u)^2 = a0 + a1 u then x0^2 - x1^2 = a0 and 2 x0 x1 = a1, so with n = sqrt(a0^2 + a1^2)
 * in Fp, x0^2 = (a0 +- n)/2 and x1 = a1/(2 x0); a is a square in Fp2 only if its norm is a square
 * in Fp. Every root found is verified by squaring. (Compare Adj and Rodriguez-Henriquez, eprint
 * 2012/685.)
 */

void E_FN(add)(E_T *out, const E_T *a, const E_T *b)
{
    B_FN(add)(&out->c0, &a->c0, &b->c0);
    B_FN(add)(&out->c1, &a->c1, &b->c1);
}

void E_FN(sub)(E_T *out, const E_T *a, const E_T *b)
{
    B_FN(sub)(&out->c0, &a->c0, &b->c0);
    B_FN(sub)(&out->c1, &a->c1, &b->c1);
}

void E_FN(neg)(E_T *out, const E_T *a)
{
    B_FN(neg)(&out->c0, &a->c0);
    B_FN(neg)(&out->c1, &a->c1);
}

void E_FN(dbl)(E_T *out, const E_T *a)
{
    B_FN(dbl)(&out->c0, &a->c0);
    B_FN(dbl)(&out->c1, &a->c1);
}

#ifndef E_CUSTOM_MUL
void E_FN(mul)(E_T *out, const E_T *a, const E_T *b)
{
    /* Karatsuba: a0 b0 - a1 b1, (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 */
    B_T t0, t1, sa, sb;
    B_FN(add)(&sa, &a->c0, &a->c1);
    B_FN(add)(&sb, &b->c0, &b->c1);
    B_FN(mul)(&t0, &a->c0, &b->c0);
    B_FN(mul)(&t1, &a->c1, &b->c1);
    B_FN(mul)(&sa, &sa, &sb);
    B_FN(sub)(&out->c0, &t0, &t1);
    B_FN(sub)(&sa, &sa, &t0);
    B_FN(sub)(&out->c1, &sa, &t1);
}

void E_FN(sqr)(E_T *out, const E_T *a)
{
    /* complex squaring: (a0 + a1)(a0 - a1) and 2 a0 a1 */
    B_T s, d, a2;
    B_FN(add)(&s, &a->c0, &a->c1);
    B_FN(sub)(&d, &a->c0, &a->c1);
    B_FN(dbl)(&a2, &a->c0);
    B_FN(mul)(&out->c1, &a2, &a->c1);
    B_FN(mul)(&out->c0, &s, &d);
}
#endif

void E_FN(inv)(E_T *out, const E_T *a)
{
    B_T n, t;
    B_FN(sqr)(&n, &a->c0);
    B_FN(sqr)(&t, &a->c1);
    B_FN(add)(&n, &n, &t); /* norm a0^2 + a1^2; 0 only for a = 0 */
    B_FN(inv)(&n, &n);
    B_FN(mul)(&out->c0, &a->c0, &n);
    B_FN(mul)(&t, &a->c1, &n);
    B_FN(neg)(&out->c1, &t);
}

void E_FN(conj)(E_T *out, const E_T *a)
{
    out->c0 = a->c0;
    B_FN(neg)(&out->c1, &a->c1);
}

void E_FN(mul_fp)(E_T *out, const E_T *a, const B_T *b)
{
    B_FN(mul)(&out->c0, &a->c0, b);
    B_FN(mul)(&out->c1, &a->c1, b);
}

void E_FN(mul_nr)(E_T *out, const E_T *a)
{
    /* (a0 + a1 u)(k + u) = (k a0 - a1) + (a0 + k a1) u; k a by double-and-add over k's bits
     * (k = 9: three doublings and one addition a coefficient, not eight additions) */
    B_T k0 = a->c0, k1 = a->c1, t;
    for (int bit = 30 - __builtin_clz((unsigned)E_NR_C0); bit >= 0; bit--) {
        B_FN(dbl)(&k0, &k0);
        B_FN(dbl)(&k1, &k1);
        if ((E_NR_C0 >> bit) & 1) {
            B_FN(add)(&k0, &k0, &a->c0);
            B_FN(add)(&k1, &k1, &a->c1);
        }
    }
    B_FN(sub)(&t, &k0, &a->c1);
    B_FN(add)(&out->c1, &a->c0, &k1);
    out->c0 = t;
}

int E_FN(is_zero)(const E_T *a)
{
    return B_FN(is_zero)(&a->c0) && B_FN(is_zero)(&a->c1);
}

int E_FN(eq)(const E_T *a, const E_T *b)
{
    return B_FN(eq)(&a->c0, &b->c0) && B_FN(eq)(&a->c1, &b->c1);
}

void E_FN(set_one)(E_T *out)
{
    out->c0 = B_ONE;
    out->c1 = (B_T){ { 0 } };
}

void E_FN(set_zero)(E_T *out)
{
    out->c0 = (B_T){ { 0 } };
    out->c1 = (B_T){ { 0 } };
}

int E_FN(sqrt)(E_T *out, const E_T *a)
{
    E_T x, check;
    if (B_FN(is_zero)(&a->c1)) {
        /* a in Fp: either sqrt(a0) or sqrt(-a0)*u */
        B_T t;
        if (B_FN(sqrt)(&t, &a->c0)) {
            x.c0 = t;
            x.c1 = (B_T){ { 0 } };
        } else {
            B_FN(neg)(&t, &a->c0);
            if (!B_FN(sqrt)(&t, &t))
                return 0; /* unreachable: -1 is a non-square, so one of a0, -a0 is a square */
            x.c0 = (B_T){ { 0 } };
            x.c1 = t;
        }
        *out = x;
        return 1;
    }
    B_T n, t, half, x0sq;
    B_FN(sqr)(&n, &a->c0);
    B_FN(sqr)(&t, &a->c1);
    B_FN(add)(&n, &n, &t);
    if (!B_FN(sqrt)(&n, &n))
        return 0; /* a square in Fp2 has a square norm */
    B_FN(set_u64)(&half, 2);
    B_FN(inv)(&half, &half);
    B_FN(add)(&x0sq, &a->c0, &n);
    B_FN(mul)(&x0sq, &x0sq, &half);
    if (!B_FN(sqrt)(&x.c0, &x0sq)) {
        B_FN(sub)(&x0sq, &a->c0, &n);
        B_FN(mul)(&x0sq, &x0sq, &half);
        if (!B_FN(sqrt)(&x.c0, &x0sq))
            return 0;
    }
    /* x0 != 0 here since a1 != 0 */
    B_FN(dbl)(&t, &x.c0);
    B_FN(inv)(&t, &t);
    B_FN(mul)(&x.c1, &a->c1, &t);
    E_FN(sqr)(&check, &x);
    if (!E_FN(eq)(&check, a))
        return 0;
    *out = x;
    return 1;
}

int E_FN(from_bytes_mont)(E_T *out, const uint8_t in[2 * B_BYTES])
{
    E_T t;
    if (B_FN(from_bytes_mont)(&t.c0, in) != 0 || B_FN(from_bytes_mont)(&t.c1, in + B_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

int E_FN(from_bytes_canon)(E_T *out, const uint8_t in[2 * B_BYTES])
{
    E_T t;
    if (B_FN(from_bytes_canon)(&t.c0, in) != 0 || B_FN(from_bytes_canon)(&t.c1, in + B_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

void E_FN(to_bytes_canon)(uint8_t out[2 * B_BYTES], const E_T *a)
{
    B_FN(to_bytes_canon)(out, &a->c0);
    B_FN(to_bytes_canon)(out + B_BYTES, &a->c1);
}
