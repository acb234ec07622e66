/*
 * G1 of BLS12-381: y^2 = x^3 + 4 over Fp. Affine (0, 0) is infinity; Jacobian Z = 0 is infinity.
 * Jacobian formulas of the Explicit-Formulas Database for a = 0: dbl-2009-l, add-2007-bl,
 * madd-2007-bl, made complete by branching on infinity and on equal x (doubling or P + (-P)).
 *
 * Subgroup test (Scott, eprint 2021/1130, section 4): P in E(Fp) lies in G1 iff
 * [x^2] P + sigma(P) = O, with sigma(x, y) = (beta x, y), beta the cube root of unity below.
 * Proof. sigma is an automorphism with 1 + sigma + sigma^2 = 0: P, sigma(P), sigma^2(P) share y
 * and their x are the three roots of X^3 = y^2 - 4, so they lie on one horizontal line. If
 * sigma(P) = [l] P with l = -x^2, then O = P + sigma(P) + sigma^2(P) = [1 + l + l^2] P and
 * 1 + l + l^2 = x^4 - x^2 + 1 = r, so [r] P = O: P has order 1 or r, i.e. P in G1 (r^2 does not
 * divide #E(Fp) = h r, h = 3 11^2 10177^2 859267^2 52437899^2). Conversely on G1 sigma acts as
 * one of the two cube roots of unity mod r, and beta is chosen so that it is -x^2. The test is
 * exact: no probability, no assumption on P beyond being on the curve. Cost: [|x|] twice (the
 * bits of |x| have weight 6), 126 doublings and 10 additions, against 255 doublings and ~128
 * additions for [r] P.
 */
#include <string.h>

#include "curve.h"

const g1_affine_t G1_GENERATOR = {
    /* x = 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb (Montgomery) */
    { { 0x5cb38790fd530c16ULL, 0x7817fc679976fff5ULL, 0x154f95c7143ba1c1ULL, 0xf0ae6acdf3d0e747ULL,
        0xedce6ecc21dbf440ULL, 0x120177419e0bfb75ULL } },
    /* y = 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1 (Montgomery) */
    { { 0xbaac93d50ce72271ULL, 0x8c22631a7918fd8eULL, 0xdd595f13570725ceULL, 0x51ac582950405194ULL,
        0x0e1c8c3fad0059c0ULL, 0x0bbc3efc5008a26aULL } }
};

/* beta = 0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe,
 * a primitive cube root of unity in Fp (Montgomery form below); the one for which sigma acts on
 * G1 as multiplication by -x^2 (the other root, beta^2, gives x^2 - 1). */
static const fp_t G1_BETA = { { 0x30f1361b798a64e8ULL, 0xf3b8ddab7ece5a2aULL, 0x16a8ca3ac61577f7ULL,
                                0xc26a2ff874fd029bULL, 0x3636b76660701c6eULL,
                                0x051ba4ab241b6160ULL } };

int g1_affine_is_inf(const g1_affine_t *p)
{
    return fp_is_zero(&p->x) && fp_is_zero(&p->y);
}

int g1_affine_is_on_curve(const g1_affine_t *p)
{
    if (g1_affine_is_inf(p))
        return 1;
    fp_t lhs, rhs, four;
    fp_sqr(&lhs, &p->y);
    fp_sqr(&rhs, &p->x);
    fp_mul(&rhs, &rhs, &p->x);
    fp_set_u64(&four, 4);
    fp_add(&rhs, &rhs, &four);
    return fp_eq(&lhs, &rhs);
}

void g1_jac_mul_x_abs(g1_jac_t *out, const g1_affine_t *p)
{
    g1_jac_t acc;
    g1_jac_from_affine(&acc, p); /* bit 63 of |x| */
    for (int bit = 62; bit >= 0; bit--) {
        g1_jac_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1)
            g1_jac_add_affine(&acc, &acc, p);
    }
    *out = acc;
}

int g1_affine_in_subgroup(const g1_affine_t *p)
{
    if (g1_affine_is_inf(p))
        return 1;
    g1_jac_t q, t;
    g1_affine_t s;
    g1_jac_mul_x_abs(&q, p); /* [|x|] P */
    t = q;
    for (int bit = 62; bit >= 0; bit--) {
        g1_jac_dbl(&t, &t);
        if ((BLS_X_ABS >> bit) & 1)
            g1_jac_add(&t, &t, &q);
    } /* [|x|^2] P = [x^2] P */
    g1_affine_sigma(&s, p);
    g1_jac_add_affine(&t, &t, &s);
    return g1_jac_is_inf(&t);
}

int g1_affine_eq(const g1_affine_t *a, const g1_affine_t *b)
{
    return fp_eq(&a->x, &b->x) && fp_eq(&a->y, &b->y);
}

void g1_affine_sigma(g1_affine_t *out, const g1_affine_t *p)
{
    fp_mul(&out->x, &p->x, &G1_BETA);
    out->y = p->y;
}

void g1_jac_sigma(g1_jac_t *out, const g1_jac_t *p)
{
    /* x = X / Z^2, so beta x = (beta X) / Z^2 */
    fp_mul(&out->x, &p->x, &G1_BETA);
    out->y = p->y;
    out->z = p->z;
}

void g1_affine_neg(g1_affine_t *out, const g1_affine_t *p)
{
    out->x = p->x;
    fp_neg(&out->y, &p->y); /* -0 = 0 keeps infinity as (0, 0) */
}

void g1_jac_set_inf(g1_jac_t *out)
{
    out->x = FP_ONE;
    out->y = FP_ONE;
    memset(&out->z, 0, sizeof out->z);
}

int g1_jac_is_inf(const g1_jac_t *p)
{
    return fp_is_zero(&p->z);
}

void g1_jac_from_affine(g1_jac_t *out, const g1_affine_t *p)
{
    if (g1_affine_is_inf(p)) {
        g1_jac_set_inf(out);
        return;
    }
    out->x = p->x;
    out->y = p->y;
    out->z = FP_ONE;
}

void g1_jac_to_affine(g1_affine_t *out, const g1_jac_t *p)
{
    if (g1_jac_is_inf(p)) {
        memset(out, 0, sizeof *out);
        return;
    }
    fp_t zi, zi2;
    fp_inv(&zi, &p->z);
    fp_sqr(&zi2, &zi);
    fp_mul(&out->x, &p->x, &zi2); /* X / Z^2 */
    fp_mul(&zi2, &zi2, &zi);
    fp_mul(&out->y, &p->y, &zi2); /* Y / Z^3 */
}

void g1_jac_batch_to_affine(g1_affine_t *out, const g1_jac_t *p, size_t n)
{
    if (n == 0)
        return;
    /* Forward pass: out[i].x holds the product of the nonzero Z_0..Z_i. */
    fp_t acc = FP_ONE;
    for (size_t i = 0; i < n; i++) {
        if (!g1_jac_is_inf(&p[i]))
            fp_mul(&acc, &acc, &p[i].z);
        out[i].x = acc;
    }
    fp_t inv;
    fp_inv(&inv, &acc);
    /* Backward pass: inv = 1 / (Z_0..Z_i) on entry to step i. */
    for (size_t i = n; i-- > 0;) {
        if (g1_jac_is_inf(&p[i])) {
            memset(&out[i], 0, sizeof out[i]);
            continue;
        }
        fp_t zi, zi2;
        if (i > 0)
            fp_mul(&zi, &inv, &out[i - 1].x);
        else
            zi = inv;
        fp_mul(&inv, &inv, &p[i].z);
        fp_sqr(&zi2, &zi);
        fp_mul(&out[i].x, &p[i].x, &zi2);
        fp_mul(&zi2, &zi2, &zi);
        fp_mul(&out[i].y, &p[i].y, &zi2);
    }
}

int g1_jac_eq(const g1_jac_t *a, const g1_jac_t *b)
{
    int ia = g1_jac_is_inf(a), ib = g1_jac_is_inf(b);
    if (ia || ib)
        return ia && ib;
    fp_t za2, zb2, l, r;
    fp_sqr(&za2, &a->z);
    fp_sqr(&zb2, &b->z);
    fp_mul(&l, &a->x, &zb2);
    fp_mul(&r, &b->x, &za2);
    if (!fp_eq(&l, &r))
        return 0;
    fp_mul(&zb2, &zb2, &b->z);
    fp_mul(&za2, &za2, &a->z);
    fp_mul(&l, &a->y, &zb2);
    fp_mul(&r, &b->y, &za2);
    return fp_eq(&l, &r);
}

void g1_jac_neg(g1_jac_t *out, const g1_jac_t *p)
{
    out->x = p->x;
    fp_neg(&out->y, &p->y);
    out->z = p->z;
}

void g1_jac_dbl(g1_jac_t *out, const g1_jac_t *p)
{
    /* dbl-2009-l; doubling infinity gives Z3 = 2 Y1 Z1 = 0, still infinity */
    fp_t a, b, c, d, e, f, t;
    fp_sqr(&a, &p->x);
    fp_sqr(&b, &p->y);
    fp_sqr(&c, &b);
    fp_add(&d, &p->x, &b);
    fp_sqr(&d, &d);
    fp_sub(&d, &d, &a);
    fp_sub(&d, &d, &c);
    fp_dbl(&d, &d); /* D = 2((X1 + B)^2 - A - C) */
    fp_dbl(&e, &a);
    fp_add(&e, &e, &a); /* E = 3A */
    fp_sqr(&f, &e);
    fp_mul(&t, &p->y, &p->z);
    fp_dbl(&out->z, &t); /* Z3 = 2 Y1 Z1 (before Y1 is overwritten) */
    fp_dbl(&t, &d);
    fp_sub(&out->x, &f, &t); /* X3 = F - 2D */
    fp_sub(&t, &d, &out->x);
    fp_mul(&t, &e, &t);
    fp_dbl(&c, &c);
    fp_dbl(&c, &c);
    fp_dbl(&c, &c);
    fp_sub(&out->y, &t, &c); /* Y3 = E(D - X3) - 8C */
}

void g1_jac_add(g1_jac_t *out, const g1_jac_t *a, const g1_jac_t *b)
{
    if (g1_jac_is_inf(a)) {
        *out = *b;
        return;
    }
    if (g1_jac_is_inf(b)) {
        *out = *a;
        return;
    }
    /* add-2007-bl */
    fp_t z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v, t;
    fp_sqr(&z1z1, &a->z);
    fp_sqr(&z2z2, &b->z);
    fp_mul(&u1, &a->x, &z2z2);
    fp_mul(&u2, &b->x, &z1z1);
    fp_mul(&s1, &a->y, &b->z);
    fp_mul(&s1, &s1, &z2z2);
    fp_mul(&s2, &b->y, &a->z);
    fp_mul(&s2, &s2, &z1z1);
    fp_sub(&h, &u2, &u1);
    fp_sub(&r, &s2, &s1);
    if (fp_is_zero(&h)) {
        if (fp_is_zero(&r))
            g1_jac_dbl(out, a); /* a == b */
        else
            g1_jac_set_inf(out); /* a == -b */
        return;
    }
    fp_dbl(&i, &h);
    fp_sqr(&i, &i);      /* I = (2H)^2 */
    fp_mul(&j, &h, &i);  /* J = H I */
    fp_dbl(&r, &r);      /* r = 2(S2 - S1) */
    fp_mul(&v, &u1, &i); /* V = U1 I */
    fp_add(&t, &a->z, &b->z);
    fp_sqr(&t, &t);
    fp_sub(&t, &t, &z1z1);
    fp_sub(&t, &t, &z2z2);
    fp_mul(&out->z, &t, &h); /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H */
    fp_sqr(&t, &r);
    fp_sub(&t, &t, &j);
    fp_sub(&t, &t, &v);
    fp_sub(&out->x, &t, &v); /* X3 = r^2 - J - 2V */
    fp_sub(&t, &v, &out->x);
    fp_mul(&t, &r, &t);
    fp_mul(&s1, &s1, &j);
    fp_dbl(&s1, &s1);
    fp_sub(&out->y, &t, &s1); /* Y3 = r(V - X3) - 2 S1 J */
}

void g1_jac_add_affine(g1_jac_t *out, const g1_jac_t *a, const g1_affine_t *b)
{
    if (g1_affine_is_inf(b)) {
        *out = *a;
        return;
    }
    if (g1_jac_is_inf(a)) {
        g1_jac_from_affine(out, b);
        return;
    }
    /* madd-2007-bl */
    fp_t z1z1, u2, s2, h, hh, i, j, r, v, t;
    fp_sqr(&z1z1, &a->z);
    fp_mul(&u2, &b->x, &z1z1);
    fp_mul(&s2, &b->y, &a->z);
    fp_mul(&s2, &s2, &z1z1);
    fp_sub(&h, &u2, &a->x);
    fp_sub(&r, &s2, &a->y);
    if (fp_is_zero(&h)) {
        if (fp_is_zero(&r))
            g1_jac_dbl(out, a);
        else
            g1_jac_set_inf(out);
        return;
    }
    fp_sqr(&hh, &h);
    fp_dbl(&i, &hh);
    fp_dbl(&i, &i); /* I = 4 HH */
    fp_mul(&j, &h, &i);
    fp_dbl(&r, &r);
    fp_mul(&v, &a->x, &i);
    fp_add(&t, &a->z, &h);
    fp_sqr(&t, &t);
    fp_sub(&t, &t, &z1z1);
    fp_sub(&out->z, &t, &hh); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH */
    fp_sqr(&t, &r);
    fp_sub(&t, &t, &j);
    fp_sub(&t, &t, &v);
    fp_sub(&out->x, &t, &v);
    fp_sub(&t, &v, &out->x);
    fp_mul(&t, &r, &t);
    fp_mul(&u2, &a->y, &j); /* a->y is intact even when out == a: written last */
    fp_dbl(&u2, &u2);
    fp_sub(&out->y, &t, &u2); /* Y3 = r(V - X3) - 2 Y1 J */
}

void g1_jac_mul(g1_jac_t *out, const g1_jac_t *p, const uint64_t *k, size_t k_limbs)
{
    g1_jac_t acc, base = *p;
    g1_jac_set_inf(&acc);
    for (size_t i = k_limbs; i-- > 0;) {
        for (int bit = 63; bit >= 0; bit--) {
            g1_jac_dbl(&acc, &acc);
            if ((k[i] >> bit) & 1)
                g1_jac_add(&acc, &acc, &base);
        }
    }
    *out = acc;
}

int g1_affine_from_bytes_mont(g1_affine_t *out, const uint8_t in[96])
{
    g1_affine_t t;
    if (fp_from_bytes_mont(&t.x, in) != 0 || fp_from_bytes_mont(&t.y, in + FP_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

int g1_affine_from_bytes_canon(g1_affine_t *out, const uint8_t in[96])
{
    g1_affine_t t;
    if (fp_from_bytes_canon(&t.x, in) != 0 || fp_from_bytes_canon(&t.y, in + FP_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

void g1_affine_to_bytes_canon(uint8_t out[96], const g1_affine_t *p)
{
    fp_to_bytes_canon(out, &p->x);
    fp_to_bytes_canon(out + FP_BYTES, &p->y);
}
