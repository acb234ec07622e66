/*
 * Fp12 = Fp6[w]/(w^2 - v). Karatsuba multiplication and squaring over Fp6, inversion through
 * the Fp6 norm, and the p-power Frobenius. Seen over Fp2, Fp12 = Fp2[w]/(w^6 - xi) with
 * c0 = (g0, g2, g4), c1 = (g1, g3, g5) the coefficients of w^0, w^2, w^4 and w^1, w^3, w^5, so
 * (g_k w^k)^p = conj(g_k) * xi^(k(p-1)/6) * w^k: the constants below are gamma_k = xi^(k(p-1)/6).
 */
#include "tower.h"

/* gamma_k = (u + 1)^(k(p-1)/6), k = 1..5 (Montgomery) */
static const fp2_t FROB_GAMMA[5] = {
    { { { 0x07089552b319d465ULL, 0xc6695f92b50a8313ULL, 0x97e83cccd117228fULL,
          0xa35baecab2dc29eeULL, 0x1ce393ea5daace4dULL, 0x08f2220fb0fb66ebULL } },
      { { 0xb2f66aad4ce5d646ULL, 0x5842a06bfc497cecULL, 0xcf4895d42599d394ULL,
          0xc11b9cba40a8e8d0ULL, 0x2e3813cbe5a0de89ULL, 0x110eefda88847fafULL } } },
    { { { 0, 0, 0, 0, 0, 0 } },
      { { 0xcd03c9e48671f071ULL, 0x5dab22461fcda5d2ULL, 0x587042afd3851b95ULL,
          0x8eb60ebe01bacb9eULL, 0x03f97d6e83d050d2ULL, 0x18f0206554638741ULL } } },
    { { { 0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL,
          0xd1ca2087da74d4a7ULL, 0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL } },
      { { 0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL,
          0xd1ca2087da74d4a7ULL, 0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL } } },
    { { { 0x890dc9e4867545c3ULL, 0x2af322533285a5d5ULL, 0x50880866309b7e2cULL,
          0xa20d1b8c7e881024ULL, 0x14e4f04fe2db9068ULL, 0x14e56d3f1564853aULL } },
      { { 0, 0, 0, 0, 0, 0 } } },
    { { { 0x82d83cf50dbce43fULL, 0xa2813e53df9d018fULL, 0xc6f0caa53c65e181ULL,
          0x7525cf528d50fe95ULL, 0x4a85ed50f4798a6bULL, 0x171da0fd6cf8eebdULL } },
      { { 0x3726c30af242c66cULL, 0x7c2ac1aad1b6fe70ULL, 0xa04007fbba4b14a2ULL,
          0xef517c3266341429ULL, 0x0095ba654ed2226bULL, 0x02e370eccc86f7ddULL } } },
};

void fp12_mul(fp12_t *out, const fp12_t *a, const fp12_t *b)
{
    fp6_t t0, t1, s, u;
    fp6_mul(&t0, &a->c0, &b->c0);
    fp6_mul(&t1, &a->c1, &b->c1);
    fp6_add(&s, &a->c0, &a->c1);
    fp6_add(&u, &b->c0, &b->c1);
    fp6_mul(&s, &s, &u);
    fp6_sub(&s, &s, &t0);
    fp6_sub(&out->c1, &s, &t1); /* a0 b1 + a1 b0 */
    fp6_mul_v(&t1, &t1);
    fp6_add(&out->c0, &t0, &t1); /* a0 b0 + v a1 b1 */
}

void fp12_sqr(fp12_t *out, const fp12_t *a)
{
    fp6_t t, s, u;
    fp6_mul(&t, &a->c0, &a->c1); /* a0 a1 */
    fp6_add(&s, &a->c0, &a->c1);
    fp6_mul_v(&u, &a->c1);
    fp6_add(&u, &u, &a->c0);
    fp6_mul(&s, &s, &u); /* (a0 + a1)(a0 + v a1) */
    fp6_sub(&s, &s, &t);
    fp6_mul_v(&u, &t);
    fp6_sub(&out->c0, &s, &u); /* a0^2 + v a1^2 */
    fp6_add(&out->c1, &t, &t); /* 2 a0 a1 */
}

void fp12_inv(fp12_t *out, const fp12_t *a)
{
    /* 1/(a0 + a1 w) = (a0 - a1 w) / (a0^2 - v a1^2) */
    fp6_t t0, t1;
    fp6_sqr(&t0, &a->c0);
    fp6_sqr(&t1, &a->c1);
    fp6_mul_v(&t1, &t1);
    fp6_sub(&t0, &t0, &t1);
    fp6_inv(&t0, &t0);
    fp6_mul(&out->c0, &a->c0, &t0);
    fp6_mul(&t1, &a->c1, &t0);
    fp6_neg(&out->c1, &t1);
}

void fp12_conj(fp12_t *out, const fp12_t *a)
{
    out->c0 = a->c0;
    fp6_neg(&out->c1, &a->c1);
}

void fp12_frobenius(fp12_t *out, const fp12_t *a)
{
    fp2_conj(&out->c0.c0, &a->c0.c0); /* w^0 */
    fp2_conj(&out->c0.c1, &a->c0.c1);
    fp2_mul(&out->c0.c1, &out->c0.c1, &FROB_GAMMA[1]); /* w^2 */
    fp2_conj(&out->c0.c2, &a->c0.c2);
    fp2_mul(&out->c0.c2, &out->c0.c2, &FROB_GAMMA[3]); /* w^4 */
    fp2_conj(&out->c1.c0, &a->c1.c0);
    fp2_mul(&out->c1.c0, &out->c1.c0, &FROB_GAMMA[0]); /* w^1 */
    fp2_conj(&out->c1.c1, &a->c1.c1);
    fp2_mul(&out->c1.c1, &out->c1.c1, &FROB_GAMMA[2]); /* w^3 */
    fp2_conj(&out->c1.c2, &a->c1.c2);
    fp2_mul(&out->c1.c2, &out->c1.c2, &FROB_GAMMA[4]); /* w^5 */
}

void fp12_set_one(fp12_t *out)
{
    fp6_set_one(&out->c0);
    fp6_set_zero(&out->c1);
}

int fp12_is_one(const fp12_t *a)
{
    fp12_t one;
    fp12_set_one(&one);
    return fp12_eq(a, &one);
}

int fp12_eq(const fp12_t *a, const fp12_t *b)
{
    return fp6_eq(&a->c0, &b->c0) && fp6_eq(&a->c1, &b->c1);
}
