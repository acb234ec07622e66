/*
 * The definitions of one short Weierstrass group y^2 = x^3 + b (a = 0) in affine and Jacobian
 * coordinates (contracts in jac_decl.h), instantiated by one .c file per group:
 * bls12_381/g1.c and g2.c, bn254/g1.c and g2.c. The including file has included its curve.h
 * (types and declarations) and defines:
 *
 *   G_FN(name), G_AFF, G_JAC   as for jac_decl.h
 *   F_FN(name)   the coordinate field's functions, e.g. #define F_FN(n) fp2_##n: add, sub, dbl,
 *                neg, mul, sqr, inv, is_zero, eq, from_bytes_mont, from_bytes_canon,
 *                to_bytes_canon (contracts of mont/field_decl.h)
 *   F_T          the coordinate field's element type;  F_BYTES its encoded size
 *   G_B          a file-local const F_T: b in Montgomery form
 *   G_F_ONE      a const F_T: 1 in Montgomery form
 *
 * Formulas: Explicit-Formulas Database (hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html)
 * dbl-2009-l (1M + 5S), add-2007-bl (11M + 5S), madd-2007-bl (7M + 4S), each made complete by
 * branching: infinity on either side, and equal x (a doubling, or P + (-P) = O).
 */
#include <string.h>

int G_FN(affine_is_inf)(const G_AFF *p)
{
    return F_FN(is_zero)(&p->x) && F_FN(is_zero)(&p->y);
}

int G_FN(affine_is_on_curve)(const G_AFF *p)
{
    if (G_FN(affine_is_inf)(p))
        return 1;
    F_T lhs, rhs;
    F_FN(sqr)(&lhs, &p->y);
    F_FN(sqr)(&rhs, &p->x);
    F_FN(mul)(&rhs, &rhs, &p->x);
    F_FN(add)(&rhs, &rhs, &G_B);
    return F_FN(eq)(&lhs, &rhs);
}

int G_FN(affine_eq)(const G_AFF *a, const G_AFF *b)
{
    return F_FN(eq)(&a->x, &b->x) && F_FN(eq)(&a->y, &b->y);
}

void G_FN(affine_neg)(G_AFF *out, const G_AFF *p)
{
    out->x = p->x;
    F_FN(neg)(&out->y, &p->y); /* -0 = 0 keeps infinity as (0, 0) */
}

void G_FN(jac_set_inf)(G_JAC *out)
{
    out->x = G_F_ONE;
    out->y = G_F_ONE;
    memset(&out->z, 0, sizeof out->z);
}

int G_FN(jac_is_inf)(const G_JAC *p)
{
    return F_FN(is_zero)(&p->z);
}

void G_FN(jac_from_affine)(G_JAC *out, const G_AFF *p)
{
    if (G_FN(affine_is_inf)(p)) {
        G_FN(jac_set_inf)(out);
        return;
    }
    out->x = p->x;
    out->y = p->y;
    out->z = G_F_ONE;
}

void G_FN(jac_to_affine)(G_AFF *out, const G_JAC *p)
{
    if (G_FN(jac_is_inf)(p)) {
        memset(out, 0, sizeof *out);
        return;
    }
    F_T zi, zi2;
    F_FN(inv)(&zi, &p->z);
    F_FN(sqr)(&zi2, &zi);
    F_FN(mul)(&out->x, &p->x, &zi2); /* X / Z^2 */
    F_FN(mul)(&zi2, &zi2, &zi);
    F_FN(mul)(&out->y, &p->y, &zi2); /* Y / Z^3 */
}

void G_FN(jac_batch_to_affine)(G_AFF *out, const G_JAC *p, size_t n)
{
    if (n == 0)
        return;
    /* Forward pass: out[i].x holds the product of the nonzero Z_0..Z_i. */
    F_T acc = G_F_ONE;
    for (size_t i = 0; i < n; i++) {
        if (!G_FN(jac_is_inf)(&p[i]))
            F_FN(mul)(&acc, &acc, &p[i].z);
        out[i].x = acc;
    }
    F_T inv;
    F_FN(inv)(&inv, &acc);
    /* Backward pass: inv = 1 / (Z_0..Z_i) on entry to step i. */
    for (size_t i = n; i-- > 0;) {
        if (G_FN(jac_is_inf)(&p[i])) {
            memset(&out[i], 0, sizeof out[i]);
            continue;
        }
        F_T zi, zi2;
        if (i > 0)
            F_FN(mul)(&zi, &inv, &out[i - 1].x);
        else
            zi = inv;
        F_FN(mul)(&inv, &inv, &p[i].z);
        F_FN(sqr)(&zi2, &zi);
        F_FN(mul)(&out[i].x, &p[i].x, &zi2);
        F_FN(mul)(&zi2, &zi2, &zi);
        F_FN(mul)(&out[i].y, &p[i].y, &zi2);
    }
}

int G_FN(jac_eq)(const G_JAC *a, const G_JAC *b)
{
    int ia = G_FN(jac_is_inf)(a), ib = G_FN(jac_is_inf)(b);
    if (ia || ib)
        return ia && ib;
    F_T za2, zb2, l, r;
    F_FN(sqr)(&za2, &a->z);
    F_FN(sqr)(&zb2, &b->z);
    F_FN(mul)(&l, &a->x, &zb2);
    F_FN(mul)(&r, &b->x, &za2);
    if (!F_FN(eq)(&l, &r))
        return 0;
    F_FN(mul)(&zb2, &zb2, &b->z);
    F_FN(mul)(&za2, &za2, &a->z);
    F_FN(mul)(&l, &a->y, &zb2);
    F_FN(mul)(&r, &b->y, &za2);
    return F_FN(eq)(&l, &r);
}

void G_FN(jac_neg)(G_JAC *out, const G_JAC *p)
{
    out->x = p->x;
    F_FN(neg)(&out->y, &p->y);
    out->z = p->z;
}

void G_FN(jac_dbl)(G_JAC *out, const G_JAC *p)
{
    /* dbl-2009-l; doubling infinity gives Z3 = 2 Y1 Z1 = 0, still infinity */
    F_T a, b, c, d, e, f, t;
    F_FN(sqr)(&a, &p->x);
    F_FN(sqr)(&b, &p->y);
    F_FN(sqr)(&c, &b);
    F_FN(add)(&d, &p->x, &b);
    F_FN(sqr)(&d, &d);
    F_FN(sub)(&d, &d, &a);
    F_FN(sub)(&d, &d, &c);
    F_FN(dbl)(&d, &d); /* D = 2((X1 + B)^2 - A - C) */
    F_FN(dbl)(&e, &a);
    F_FN(add)(&e, &e, &a); /* E = 3A */
    F_FN(sqr)(&f, &e);
    F_FN(mul)(&t, &p->y, &p->z);
    F_FN(dbl)(&out->z, &t); /* Z3 = 2 Y1 Z1 (before Y1 is overwritten) */
    F_FN(dbl)(&t, &d);
    F_FN(sub)(&out->x, &f, &t); /* X3 = F - 2D */
    F_FN(sub)(&t, &d, &out->x);
    F_FN(mul)(&t, &e, &t);
    F_FN(dbl)(&c, &c);
    F_FN(dbl)(&c, &c);
    F_FN(dbl)(&c, &c);
    F_FN(sub)(&out->y, &t, &c); /* Y3 = E(D - X3) - 8C */
}

void G_FN(jac_add)(G_JAC *out, const G_JAC *a, const G_JAC *b)
{
    if (G_FN(jac_is_inf)(a)) {
        *out = *b;
        return;
    }
    if (G_FN(jac_is_inf)(b)) {
        *out = *a;
        return;
    }
    /* add-2007-bl */
    F_T z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v, t;
    F_FN(sqr)(&z1z1, &a->z);
    F_FN(sqr)(&z2z2, &b->z);
    F_FN(mul)(&u1, &a->x, &z2z2);
    F_FN(mul)(&u2, &b->x, &z1z1);
    F_FN(mul)(&s1, &a->y, &b->z);
    F_FN(mul)(&s1, &s1, &z2z2);
    F_FN(mul)(&s2, &b->y, &a->z);
    F_FN(mul)(&s2, &s2, &z1z1);
    F_FN(sub)(&h, &u2, &u1);
    F_FN(sub)(&r, &s2, &s1);
    if (F_FN(is_zero)(&h)) {
        if (F_FN(is_zero)(&r))
            G_FN(jac_dbl)(out, a); /* a == b */
        else
            G_FN(jac_set_inf)(out); /* a == -b */
        return;
    }
    F_FN(dbl)(&i, &h);
    F_FN(sqr)(&i, &i);      /* I = (2H)^2 */
    F_FN(mul)(&j, &h, &i);  /* J = H I */
    F_FN(dbl)(&r, &r);      /* r = 2(S2 - S1) */
    F_FN(mul)(&v, &u1, &i); /* V = U1 I */
    F_FN(add)(&t, &a->z, &b->z);
    F_FN(sqr)(&t, &t);
    F_FN(sub)(&t, &t, &z1z1);
    F_FN(sub)(&t, &t, &z2z2);
    F_FN(mul)(&out->z, &t, &h); /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H */
    F_FN(sqr)(&t, &r);
    F_FN(sub)(&t, &t, &j);
    F_FN(sub)(&t, &t, &v);
    F_FN(sub)(&out->x, &t, &v); /* X3 = r^2 - J - 2V */
    F_FN(sub)(&t, &v, &out->x);
    F_FN(mul)(&t, &r, &t);
    F_FN(mul)(&s1, &s1, &j);
    F_FN(dbl)(&s1, &s1);
    F_FN(sub)(&out->y, &t, &s1); /* Y3 = r(V - X3) - 2 S1 J */
}

void G_FN(jac_add_affine)(G_JAC *out, const G_JAC *a, const G_AFF *b)
{
    if (G_FN(affine_is_inf)(b)) {
        *out = *a;
        return;
    }
    if (G_FN(jac_is_inf)(a)) {
        G_FN(jac_from_affine)(out, b);
        return;
    }
    /* madd-2007-bl */
    F_T z1z1, u2, s2, h, hh, i, j, r, v, t;
    F_FN(sqr)(&z1z1, &a->z);
    F_FN(mul)(&u2, &b->x, &z1z1);
    F_FN(mul)(&s2, &b->y, &a->z);
    F_FN(mul)(&s2, &s2, &z1z1);
    F_FN(sub)(&h, &u2, &a->x);
    F_FN(sub)(&r, &s2, &a->y);
    if (F_FN(is_zero)(&h)) {
        if (F_FN(is_zero)(&r))
            G_FN(jac_dbl)(out, a);
        else
            G_FN(jac_set_inf)(out);
        return;
    }
    F_FN(sqr)(&hh, &h);
    F_FN(dbl)(&i, &hh);
    F_FN(dbl)(&i, &i); /* I = 4 HH */
    F_FN(mul)(&j, &h, &i);
    F_FN(dbl)(&r, &r);
    F_FN(mul)(&v, &a->x, &i);
    F_FN(add)(&t, &a->z, &h);
    F_FN(sqr)(&t, &t);
    F_FN(sub)(&t, &t, &z1z1);
    F_FN(sub)(&out->z, &t, &hh); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH */
    F_FN(sqr)(&t, &r);
    F_FN(sub)(&t, &t, &j);
    F_FN(sub)(&t, &t, &v);
    F_FN(sub)(&out->x, &t, &v);
    F_FN(sub)(&t, &v, &out->x);
    F_FN(mul)(&t, &r, &t);
    F_FN(mul)(&u2, &a->y, &j); /* a->y is intact even when out == a: written last */
    F_FN(dbl)(&u2, &u2);
    F_FN(sub)(&out->y, &t, &u2); /* Y3 = r(V - X3) - 2 Y1 J */
}

void G_FN(jac_mul)(G_JAC *out, const G_JAC *p, const uint64_t *k, size_t k_limbs)
{
    G_JAC acc, base = *p;
    G_FN(jac_set_inf)(&acc);
    for (size_t i = k_limbs; i-- > 0;) {
        for (int bit = 63; bit >= 0; bit--) {
            G_FN(jac_dbl)(&acc, &acc);
            if ((k[i] >> bit) & 1)
                G_FN(jac_add)(&acc, &acc, &base);
        }
    }
    *out = acc;
}

int G_FN(affine_from_bytes_mont)(G_AFF *out, const uint8_t in[2 * F_BYTES])
{
    G_AFF t;
    if (F_FN(from_bytes_mont)(&t.x, in) != 0 || F_FN(from_bytes_mont)(&t.y, in + F_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

int G_FN(affine_from_bytes_canon)(G_AFF *out, const uint8_t in[2 * F_BYTES])
{
    G_AFF t;
    if (F_FN(from_bytes_canon)(&t.x, in) != 0 || F_FN(from_bytes_canon)(&t.y, in + F_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

void G_FN(affine_to_bytes_canon)(uint8_t out[2 * F_BYTES], const G_AFF *p)
{
    F_FN(to_bytes_canon)(out, &p->x);
    F_FN(to_bytes_canon)(out + F_BYTES, &p->y);
}
