/* GLV on BN254 G1 and GLS on G2: see glv.h. Constants derived with Python integers (the short basis by
 * extended Euclid, checked a + b lambda = 0 mod r and a1 b2 - a2 b1 = r). */
#include <string.h>

#include "glv.h"

typedef unsigned __int128 u128;

const uint64_t BN254_GLV_LAMBDA[4] = { 0xb8ca0b2d36636f23ULL, 0xcc37a73fec2bc5e9ULL,
                                       0x048b6e193fd84104ULL, 0x30644e72e131a029ULL };

/* beta (Montgomery): the cube root of unity in Fp with (beta x, y) = [lambda] (x, y) */
static const bn254_fp_t BETA = { { 0x3350c88e13e80b9cULL, 0x7dce557cdb5e56b9ULL,
                                   0x6001b4b8b615564aULL, 0x2682e617020217e0ULL } };

/* The short basis v1 = (a1, -|b1|), v2 = (a2, b2): a2 = |b1|. */
static const uint64_t A1[2] = { 0x8211bbeb7d4f1128ULL, 0x6f4d8248eeb859fcULL };
static const uint64_t B1_ABS = 0x89d3256894d213e3ULL;
static const uint64_t B2[2] = { 0x0be4e1541221250bULL, 0x6f4d8248eeb859fdULL };
/* g1 = floor(2^256 b2 / r) (130 bits), g2 = floor(2^256 |b1| / r) (66 bits) */
static const uint64_t G1R[3] = { 0x5398fd0300ff6565ULL, 0x4ccef014a773d2d2ULL, 0x2ULL };
static const uint64_t G2R[2] = { 0xd91d232ec7e0b3d7ULL, 0x2ULL };

/* out[0..na+nb) = a b */
static void mul_wide(uint64_t *out, const uint64_t *a, int na, const uint64_t *b, int nb)
{
    memset(out, 0, (size_t)(na + nb) * sizeof *out);
    for (int i = 0; i < na; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < nb; j++) {
            u128 t = (u128)a[i] * b[j] + out[i + j] + carry;
            out[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        out[i + nb] = carry;
    }
}

/* acc -= a b modulo 2^256 (a, b at most 2 limbs each). */
static void sub_mul(uint64_t acc[4], const uint64_t *a, int na, const uint64_t *b, int nb)
{
    uint64_t t[4] = { 0 }, w[4];
    mul_wide(w, a, na, b, nb);
    memcpy(t, w, (size_t)(na + nb) * sizeof *t);
    u128 borrow = 0;
    for (int i = 0; i < 4; i++) {
        u128 d = (u128)acc[i] - t[i] - borrow;
        acc[i] = (uint64_t)d;
        borrow = (d >> 64) & 1;
    }
}

/* A value known to lie in (-2^128, 2^128), held modulo 2^256: its magnitude and sign. */
static void to_signed(uint64_t mag[2], int *neg, const uint64_t v[4])
{
    *neg = (int)(v[3] >> 63);
    uint64_t m[4];
    if (*neg) {
        u128 carry = 1;
        for (int i = 0; i < 4; i++) {
            u128 s = (u128)(uint64_t)~v[i] + carry;
            m[i] = (uint64_t)s;
            carry = s >> 64;
        }
    } else {
        memcpy(m, v, sizeof m);
    }
    mag[0] = m[0];
    mag[1] = m[1];
}

void bn254_glv_split(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2, const uint64_t k[4])
{
    /* c1 = floor(k g1 / 2^256) < b2 < 2^127, c2 = floor(k g2 / 2^256) < |b1| < 2^64 */
    uint64_t w[7], c1[2], c2[1];
    mul_wide(w, k, 4, G1R, 3);
    c1[0] = w[4];
    c1[1] = w[5];
    mul_wide(w, k, 4, G2R, 2);
    c2[0] = w[4];
    /* k1 = k - c1 a1 - c2 a2;  k2 = c1 |b1| - c2 b2  (a2 = |b1|) */
    uint64_t t1[4] = { k[0], k[1], k[2], k[3] };
    sub_mul(t1, c1, 2, A1, 2);
    sub_mul(t1, c2, 1, &B1_ABS, 1);
    uint64_t t2[4] = { 0 };
    mul_wide(t2, c1, 2, &B1_ABS, 1); /* < 2^191: three limbs, the fourth stays 0 */
    sub_mul(t2, c2, 1, B2, 2);
    to_signed(k1, neg1, t1);
    to_signed(k2, neg2, t2);
}

void bn254_g1_jac_sigma(bn254_g1_jac_t *out, const bn254_g1_jac_t *p)
{
    /* x = X / Z^2, so beta x = (beta X) / Z^2 */
    bn254_fp_mul(&out->x, &p->x, &BETA);
    out->y = p->y;
    out->z = p->z;
}

/* joint_NAME(out, p1, p2, k1, k2): out = [k1] p1 + [k2] p2 for k1, k2 < 2^128 by one
 * double-and-add over both (Shamir's trick), p1 + p2 precomputed. */
#define JOINT_MUL(NAME, G)                                                                         \
    static void joint_##NAME(bn254_##G##_jac_t *out, const bn254_##G##_jac_t *p1,                  \
                             const bn254_##G##_jac_t *p2, const uint64_t k1[2],                    \
                             const uint64_t k2[2])                                                 \
    {                                                                                              \
        bn254_##G##_jac_t acc, both;                                                               \
        bn254_##G##_jac_add(&both, p1, p2);                                                        \
        bn254_##G##_jac_set_inf(&acc);                                                             \
        for (int bit = 127; bit >= 0; bit--) {                                                     \
            bn254_##G##_jac_dbl(&acc, &acc);                                                       \
            int b1 = (int)((k1[bit / 64] >> (bit % 64)) & 1);                                      \
            int b2 = (int)((k2[bit / 64] >> (bit % 64)) & 1);                                      \
            if (b1 && b2)                                                                          \
                bn254_##G##_jac_add(&acc, &acc, &both);                                            \
            else if (b1)                                                                           \
                bn254_##G##_jac_add(&acc, &acc, p1);                                               \
            else if (b2)                                                                           \
                bn254_##G##_jac_add(&acc, &acc, p2);                                               \
        }                                                                                          \
        *out = acc;                                                                                \
    }
JOINT_MUL(g1, g1)
JOINT_MUL(g2, g2)

void bn254_g1_jac_mul_glv(bn254_g1_jac_t *out, const bn254_g1_jac_t *p, const uint64_t k[4])
{
    uint64_t k1[2], k2[2];
    int n1, n2;
    bn254_glv_split(k1, &n1, k2, &n2, k);
    bn254_g1_jac_t p1 = *p, p2;
    bn254_g1_jac_sigma(&p2, p);
    if (n1)
        bn254_g1_jac_neg(&p1, &p1);
    if (n2)
        bn254_g1_jac_neg(&p2, &p2);
    joint_g1(out, &p1, &p2, k1, k2);
}

void bn254_gls_split(uint64_t k1[2], uint64_t k2[2], const uint64_t k[4])
{
    /* k = k2 l + k1 with l = 6x^2 = p mod r (127 bits); k < r gives k2 < 2^127 */
    static const uint64_t l[2] = { 0xf83e9682e87cfd46ULL, 0x6f4d8248eeb859fbULL };
    bigint_div_u128(k2, k1, k, l);
}

void bn254_g2_jac_mul_gls(bn254_g2_jac_t *out, const bn254_g2_jac_t *p, const uint64_t k[4])
{
    uint64_t k1[2], k2[2];
    bn254_gls_split(k1, k2, k);
    bn254_g2_jac_t p2;
    bn254_g2_jac_psi(&p2, p);
    joint_g2(out, p, &p2, k1, k2);
}

/* The short basis of bn254_gls4_split, b_j = row j, modulo 2^128 (entries up to 4x + 2 > 2^63) */
#define X_ ((u128)BN254_X)
static const u128 GLS4_B[4][4] = {
    { X_ + 1, X_, X_, -(2 * X_) },
    { 2 * X_ + 1, -X_, -(X_ + 1), -X_ },
    { 2 * X_, 2 * X_ + 1, 2 * X_ + 1, 2 * X_ + 1 },
    { X_ - 1, 4 * X_ + 2, -(2 * X_) + 1, X_ - 1 },
};
#undef X_
/* floor(2^256 |adj_j| / 3r), adj_j the cofactors giving (1, 0, 0, 0) B^-1 = adj / det, and the
 * sign of adj_j / det (Python integers; glv.h) */
static const uint64_t GLS4_G[4][4] = {
    { 0xd0cb46fd51906254ULL, 0xc444fab18d269b9dULL, 0, 0 },
    { 0x001378f5ee78976dULL, 0x22df9f942d7d77c7ULL, 0x3d00631561b25729ULL, 0x1ULL },
    { 0x36510546a93478abULL, 0x916fcfca16bebbe4ULL, 0x9e80318ab0d92b94ULL, 0 },
    { 0xf7ae23ce89afae7cULL, 0xc444fab18d269b9aULL, 0, 0 },
};
static const int GLS4_NEG[4] = { 0, 0, 0, 1 };

void bn254_gls4_split(uint64_t v[4][2], int neg[4], const uint64_t k[4])
{
    u128 c[4];
    for (int j = 0; j < 4; j++) {
        uint64_t w[8];
        mul_wide(w, k, 4, GLS4_G[j], 4);
        c[j] = (u128)w[5] << 64 | w[4]; /* floor(k g_j / 2^256) mod 2^128 */
        if (GLS4_NEG[j])
            c[j] = -c[j];
    }
    for (int i = 0; i < 4; i++) {
        u128 t = i == 0 ? (u128)k[1] << 64 | k[0] : 0;
        for (int j = 0; j < 4; j++)
            t -= c[j] * GLS4_B[j][i];
        neg[i] = (int)(t >> 127);
        if (neg[i])
            t = -t;
        v[i][0] = (uint64_t)t;
        v[i][1] = (uint64_t)(t >> 64);
    }
}

void bn254_glv_fixed_set(bn254_glv_fixed *s, const bn254_fr_t *k)
{
    bn254_fr_t c;
    bn254_fr_to_canon(&c, k);
    memcpy(s->k, c.l, sizeof s->k);
}
