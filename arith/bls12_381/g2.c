/*
 * G2 of BLS12-381: y^2 = x^3 + 4(u + 1) over Fp2 (the M-twist). Same shape and formulas as g1.c
 * (EFD dbl-2009-l, add-2007-bl, madd-2007-bl, made complete by branching).
 *
 * Subgroup test (Scott, eprint 2021/1130, section 4): P in E'(Fp2) lies in G2 iff psi(P) = [x] P,
 * with the untwist-Frobenius-twist endomorphism psi(x, y) = (conj(x) cx, conj(y) cy),
 * cx = 1 / (u + 1)^((p - 1) / 3), cy = 1 / (u + 1)^((p - 1) / 2).
 * Proof. psi is the p-power Frobenius of E seen through the twist, so it satisfies Frobenius's
 * equation psi^2 - [t] psi + [p] = 0 with t = x + 1. If psi(P) = [x] P then
 * O = [x^2 - t x + p] P = [p - x] P, and p - x = h1 r (h1 = (x - 1)^2 / 3, the G1 cofactor), so
 * the order of P divides gcd(h1 r, #E'(Fp2)) = r gcd(h1, h2) = r, because the G2 cofactor
 * h2 = 13^2 23^2 2713 11953 262069 q (q a 448-bit prime) shares no prime with
 * h1 = 3 11^2 10177^2 859267^2 52437899^2. Conversely on G2 psi acts as [p] = [x] mod r. Exact, like
 * the G1 test. Cost: 63 doublings and 5 mixed additions (x < 0: [|x|] P + psi(P) == O).
 */
#include <string.h>

#include "curve.h"

const g2_affine_t G2_GENERATOR = {
    /* x = 0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8
     *   + 0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e u */
    { { { 0xf5f28fa202940a10ULL, 0xb3f5fb2687b4961aULL, 0xa1a893b53e2ae580ULL,
          0x9894999d1a3caee9ULL, 0x6f67b7631863366bULL, 0x058191924350bcd7ULL } },
      { { 0xa5a9c0759e23f606ULL, 0xaaa0c59dbccd60c3ULL, 0x3bb17e18e2867806ULL,
          0x1b1ab6cc8541b367ULL, 0xc2b6ed0ef2158547ULL, 0x11922a097360edf3ULL } } },
    /* y = 0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801
     *   + 0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be u */
    { { { 0x4c730af860494c4aULL, 0x597cfa1f5e369c5aULL, 0xe7e6856caa0a635aULL,
          0xbbefb5e96e0d495fULL, 0x07d3a975f0ef25a2ULL, 0x0083fd8e7e80dae5ULL } },
      { { 0xadc0fc92df64b05dULL, 0x18aa270a2b1461dcULL, 0x86adac6a3be4eba0ULL,
          0x79495c4ec93da33aULL, 0xe7175850a43ccaedULL, 0x0b2bc2a163de1bf2ULL } } }
};

/* b' = 4(u + 1) (Montgomery) */
static const fp2_t G2_B = {
    { { 0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL, 0xb1d37ebee6ba24d7ULL,
        0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL } },
    { { 0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL, 0xb1d37ebee6ba24d7ULL,
        0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL } }
};

/* psi constants (Montgomery): cx = 1/(u+1)^((p-1)/3), cy = 1/(u+1)^((p-1)/2) */
static const fp2_t PSI_CX = { { { 0, 0, 0, 0, 0, 0 } },
                              { { 0x890dc9e4867545c3ULL, 0x2af322533285a5d5ULL,
                                  0x50880866309b7e2cULL, 0xa20d1b8c7e881024ULL,
                                  0x14e4f04fe2db9068ULL, 0x14e56d3f1564853aULL } } };
static const fp2_t PSI_CY = {
    { { 0x3e2f585da55c9ad1ULL, 0x4294213d86c18183ULL, 0x382844c88b623732ULL, 0x92ad2afd19103e18ULL,
        0x1d794e4fac7cf0b9ULL, 0x0bd592fc7d825ec8ULL } },
    { { 0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL, 0xd1ca2087da74d4a7ULL,
        0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL } }
};

static const fp2_t FP2_ONE = { { { 0x760900000002fffdULL, 0xebf4000bc40c0002ULL,
                                   0x5f48985753c758baULL, 0x77ce585370525745ULL,
                                   0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL } },
                               { { 0 } } };

/* Fp2 byte helpers: c0 || c1, each 48 bytes LE. */
static int fp2_from_bytes_mont(fp2_t *out, const uint8_t in[2 * FP_BYTES])
{
    fp2_t t;
    if (fp_from_bytes_mont(&t.c0, in) != 0 || fp_from_bytes_mont(&t.c1, in + FP_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

static int fp2_from_bytes_canon(fp2_t *out, const uint8_t in[2 * FP_BYTES])
{
    fp2_t t;
    if (fp_from_bytes_canon(&t.c0, in) != 0 || fp_from_bytes_canon(&t.c1, in + FP_BYTES) != 0)
        return -1;
    *out = t;
    return 0;
}

static void fp2_to_bytes_canon(uint8_t out[2 * FP_BYTES], const fp2_t *a)
{
    fp_to_bytes_canon(out, &a->c0);
    fp_to_bytes_canon(out + FP_BYTES, &a->c1);
}

int g2_affine_is_inf(const g2_affine_t *p)
{
    return fp2_is_zero(&p->x) && fp2_is_zero(&p->y);
}

int g2_affine_is_on_curve(const g2_affine_t *p)
{
    if (g2_affine_is_inf(p))
        return 1;
    fp2_t lhs, rhs;
    fp2_sqr(&lhs, &p->y);
    fp2_sqr(&rhs, &p->x);
    fp2_mul(&rhs, &rhs, &p->x);
    fp2_add(&rhs, &rhs, &G2_B);
    return fp2_eq(&lhs, &rhs);
}

void g2_jac_mul_x_abs(g2_jac_t *out, const g2_affine_t *p)
{
    g2_jac_t acc;
    g2_jac_from_affine(&acc, p); /* bit 63 of |x| */
    for (int bit = 62; bit >= 0; bit--) {
        g2_jac_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1)
            g2_jac_add_affine(&acc, &acc, p);
    }
    *out = acc;
}

int g2_affine_in_subgroup(const g2_affine_t *p)
{
    if (g2_affine_is_inf(p))
        return 1;
    g2_jac_t xp;
    g2_affine_t psi;
    g2_affine_psi(&psi, p);
    g2_jac_mul_x_abs(&xp, p);
    g2_jac_add_affine(&xp, &xp, &psi);
    return g2_jac_is_inf(&xp);
}

int g2_affine_eq(const g2_affine_t *a, const g2_affine_t *b)
{
    return fp2_eq(&a->x, &b->x) && fp2_eq(&a->y, &b->y);
}

void g2_affine_psi(g2_affine_t *out, const g2_affine_t *p)
{
    fp2_conj(&out->x, &p->x);
    fp2_mul(&out->x, &out->x, &PSI_CX);
    fp2_conj(&out->y, &p->y);
    fp2_mul(&out->y, &out->y, &PSI_CY);
}

void g2_jac_psi2(g2_jac_t *out, const g2_jac_t *p)
{
    /* psi(psi(x)) = conj(conj(x) cx) cx = x N(cx) with the norm N(c) = c conj(c) in Fp, and the
     * same for y with cy; Jacobian: (X N(cx), Y N(cy), Z), as conj(conj(Z)) = Z. */
    fp2_t n;
    fp2_conj(&n, &PSI_CX);
    fp2_mul(&n, &n, &PSI_CX);
    fp2_mul_fp(&out->x, &p->x, &n.c0);
    fp2_conj(&n, &PSI_CY);
    fp2_mul(&n, &n, &PSI_CY);
    fp2_mul_fp(&out->y, &p->y, &n.c0);
    out->z = p->z;
}

void g2_affine_neg(g2_affine_t *out, const g2_affine_t *p)
{
    out->x = p->x;
    fp2_neg(&out->y, &p->y); /* -0 = 0 keeps infinity as (0, 0) */
}

void g2_jac_set_inf(g2_jac_t *out)
{
    out->x = FP2_ONE;
    out->y = FP2_ONE;
    memset(&out->z, 0, sizeof out->z);
}

int g2_jac_is_inf(const g2_jac_t *p)
{
    return fp2_is_zero(&p->z);
}

void g2_jac_from_affine(g2_jac_t *out, const g2_affine_t *p)
{
    if (g2_affine_is_inf(p)) {
        g2_jac_set_inf(out);
        return;
    }
    out->x = p->x;
    out->y = p->y;
    out->z = FP2_ONE;
}

void g2_jac_to_affine(g2_affine_t *out, const g2_jac_t *p)
{
    if (g2_jac_is_inf(p)) {
        memset(out, 0, sizeof *out);
        return;
    }
    fp2_t zi, zi2;
    fp2_inv(&zi, &p->z);
    fp2_sqr(&zi2, &zi);
    fp2_mul(&out->x, &p->x, &zi2); /* X / Z^2 */
    fp2_mul(&zi2, &zi2, &zi);
    fp2_mul(&out->y, &p->y, &zi2); /* Y / Z^3 */
}

void g2_jac_batch_to_affine(g2_affine_t *out, const g2_jac_t *p, size_t n)
{
    if (n == 0)
        return;
    /* Forward pass: out[i].x holds the product of the nonzero Z_0..Z_i. */
    fp2_t acc = FP2_ONE;
    for (size_t i = 0; i < n; i++) {
        if (!g2_jac_is_inf(&p[i]))
            fp2_mul(&acc, &acc, &p[i].z);
        out[i].x = acc;
    }
    fp2_t inv;
    fp2_inv(&inv, &acc);
    /* Backward pass: inv = 1 / (Z_0..Z_i) on entry to step i. */
    for (size_t i = n; i-- > 0;) {
        if (g2_jac_is_inf(&p[i])) {
            memset(&out[i], 0, sizeof out[i]);
            continue;
        }
        fp2_t zi, zi2;
        if (i > 0)
            fp2_mul(&zi, &inv, &out[i - 1].x);
        else
            zi = inv;
        fp2_mul(&inv, &inv, &p[i].z);
        fp2_sqr(&zi2, &zi);
        fp2_mul(&out[i].x, &p[i].x, &zi2);
        fp2_mul(&zi2, &zi2, &zi);
        fp2_mul(&out[i].y, &p[i].y, &zi2);
    }
}

int g2_jac_eq(const g2_jac_t *a, const g2_jac_t *b)
{
    int ia = g2_jac_is_inf(a), ib = g2_jac_is_inf(b);
    if (ia || ib)
        return ia && ib;
    fp2_t za2, zb2, l, r;
    fp2_sqr(&za2, &a->z);
    fp2_sqr(&zb2, &b->z);
    fp2_mul(&l, &a->x, &zb2);
    fp2_mul(&r, &b->x, &za2);
    if (!fp2_eq(&l, &r))
        return 0;
    fp2_mul(&zb2, &zb2, &b->z);
    fp2_mul(&za2, &za2, &a->z);
    fp2_mul(&l, &a->y, &zb2);
    fp2_mul(&r, &b->y, &za2);
    return fp2_eq(&l, &r);
}

void g2_jac_neg(g2_jac_t *out, const g2_jac_t *p)
{
    out->x = p->x;
    fp2_neg(&out->y, &p->y);
    out->z = p->z;
}

void g2_jac_dbl(g2_jac_t *out, const g2_jac_t *p)
{
    /* dbl-2009-l; doubling infinity gives Z3 = 2 Y1 Z1 = 0, still infinity */
    fp2_t a, b, c, d, e, f, t;
    fp2_sqr(&a, &p->x);
    fp2_sqr(&b, &p->y);
    fp2_sqr(&c, &b);
    fp2_add(&d, &p->x, &b);
    fp2_sqr(&d, &d);
    fp2_sub(&d, &d, &a);
    fp2_sub(&d, &d, &c);
    fp2_dbl(&d, &d); /* D = 2((X1 + B)^2 - A - C) */
    fp2_dbl(&e, &a);
    fp2_add(&e, &e, &a); /* E = 3A */
    fp2_sqr(&f, &e);
    fp2_mul(&t, &p->y, &p->z);
    fp2_dbl(&out->z, &t); /* Z3 = 2 Y1 Z1 (before Y1 is overwritten) */
    fp2_dbl(&t, &d);
    fp2_sub(&out->x, &f, &t); /* X3 = F - 2D */
    fp2_sub(&t, &d, &out->x);
    fp2_mul(&t, &e, &t);
    fp2_dbl(&c, &c);
    fp2_dbl(&c, &c);
    fp2_dbl(&c, &c);
    fp2_sub(&out->y, &t, &c); /* Y3 = E(D - X3) - 8C */
}

void g2_jac_add(g2_jac_t *out, const g2_jac_t *a, const g2_jac_t *b)
{
    if (g2_jac_is_inf(a)) {
        *out = *b;
        return;
    }
    if (g2_jac_is_inf(b)) {
        *out = *a;
        return;
    }
    /* add-2007-bl */
    fp2_t z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v, t;
    fp2_sqr(&z1z1, &a->z);
    fp2_sqr(&z2z2, &b->z);
    fp2_mul(&u1, &a->x, &z2z2);
    fp2_mul(&u2, &b->x, &z1z1);
    fp2_mul(&s1, &a->y, &b->z);
    fp2_mul(&s1, &s1, &z2z2);
    fp2_mul(&s2, &b->y, &a->z);
    fp2_mul(&s2, &s2, &z1z1);
    fp2_sub(&h, &u2, &u1);
    fp2_sub(&r, &s2, &s1);
    if (fp2_is_zero(&h)) {
        if (fp2_is_zero(&r))
            g2_jac_dbl(out, a); /* a == b */
        else
            g2_jac_set_inf(out); /* a == -b */
        return;
    }
    fp2_dbl(&i, &h);
    fp2_sqr(&i, &i);      /* I = (2H)^2 */
    fp2_mul(&j, &h, &i);  /* J = H I */
    fp2_dbl(&r, &r);      /* r = 2(S2 - S1) */
    fp2_mul(&v, &u1, &i); /* V = U1 I */
    fp2_add(&t, &a->z, &b->z);
    fp2_sqr(&t, &t);
    fp2_sub(&t, &t, &z1z1);
    fp2_sub(&t, &t, &z2z2);
    fp2_mul(&out->z, &t, &h); /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H */
    fp2_sqr(&t, &r);
    fp2_sub(&t, &t, &j);
    fp2_sub(&t, &t, &v);
    fp2_sub(&out->x, &t, &v); /* X3 = r^2 - J - 2V */
    fp2_sub(&t, &v, &out->x);
    fp2_mul(&t, &r, &t);
    fp2_mul(&s1, &s1, &j);
    fp2_dbl(&s1, &s1);
    fp2_sub(&out->y, &t, &s1); /* Y3 = r(V - X3) - 2 S1 J */
}

void g2_jac_add_affine(g2_jac_t *out, const g2_jac_t *a, const g2_affine_t *b)
{
    if (g2_affine_is_inf(b)) {
        *out = *a;
        return;
    }
    if (g2_jac_is_inf(a)) {
        g2_jac_from_affine(out, b);
        return;
    }
    /* madd-2007-bl */
    fp2_t z1z1, u2, s2, h, hh, i, j, r, v, t;
    fp2_sqr(&z1z1, &a->z);
    fp2_mul(&u2, &b->x, &z1z1);
    fp2_mul(&s2, &b->y, &a->z);
    fp2_mul(&s2, &s2, &z1z1);
    fp2_sub(&h, &u2, &a->x);
    fp2_sub(&r, &s2, &a->y);
    if (fp2_is_zero(&h)) {
        if (fp2_is_zero(&r))
            g2_jac_dbl(out, a);
        else
            g2_jac_set_inf(out);
        return;
    }
    fp2_sqr(&hh, &h);
    fp2_dbl(&i, &hh);
    fp2_dbl(&i, &i); /* I = 4 HH */
    fp2_mul(&j, &h, &i);
    fp2_dbl(&r, &r);
    fp2_mul(&v, &a->x, &i);
    fp2_add(&t, &a->z, &h);
    fp2_sqr(&t, &t);
    fp2_sub(&t, &t, &z1z1);
    fp2_sub(&out->z, &t, &hh); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH */
    fp2_sqr(&t, &r);
    fp2_sub(&t, &t, &j);
    fp2_sub(&t, &t, &v);
    fp2_sub(&out->x, &t, &v);
    fp2_sub(&t, &v, &out->x);
    fp2_mul(&t, &r, &t);
    fp2_mul(&u2, &a->y, &j); /* a->y is intact even when out == a: written last */
    fp2_dbl(&u2, &u2);
    fp2_sub(&out->y, &t, &u2); /* Y3 = r(V - X3) - 2 Y1 J */
}

void g2_jac_mul(g2_jac_t *out, const g2_jac_t *p, const uint64_t *k, size_t k_limbs)
{
    g2_jac_t acc, base = *p;
    g2_jac_set_inf(&acc);
    for (size_t i = k_limbs; i-- > 0;) {
        for (int bit = 63; bit >= 0; bit--) {
            g2_jac_dbl(&acc, &acc);
            if ((k[i] >> bit) & 1)
                g2_jac_add(&acc, &acc, &base);
        }
    }
    *out = acc;
}

int g2_affine_from_bytes_mont(g2_affine_t *out, const uint8_t in[192])
{
    g2_affine_t t;
    if (fp2_from_bytes_mont(&t.x, in) != 0 || fp2_from_bytes_mont(&t.y, in + (2 * FP_BYTES)) != 0)
        return -1;
    *out = t;
    return 0;
}

int g2_affine_from_bytes_canon(g2_affine_t *out, const uint8_t in[192])
{
    g2_affine_t t;
    if (fp2_from_bytes_canon(&t.x, in) != 0 || fp2_from_bytes_canon(&t.y, in + (2 * FP_BYTES)) != 0)
        return -1;
    *out = t;
    return 0;
}

void g2_affine_to_bytes_canon(uint8_t out[192], const g2_affine_t *p)
{
    fp2_to_bytes_canon(out, &p->x);
    fp2_to_bytes_canon(out + (2 * FP_BYTES), &p->y);
}
