/*
 * Fr, the BLS12-381 scalar field: Montgomery arithmetic over four 64-bit limbs (R_r = 2^256),
 * conversions, Fermat inversion, the zkey coefficient reduction, and the roots of unity of the
 * snarkjs/ffjavascript convention (FORMATS.md section 0: w[32] = 5^((r-1)/2^32)). The limb
 * loops live in mont.h.
 */
#include <string.h>

#include "field.h"
#include "mont.h"

/* r, canonical */
const fr_t FR_MODULUS = {{0xffffffff00000001ULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL,
                          0x73eda753299d7d48ULL}};
/* 2^256 mod r */
const fr_t FR_ONE = {{0x00000001fffffffeULL, 0x5884b7fa00034802ULL, 0x998c4fefecbc4ff5ULL,
                      0x1824b159acc5056fULL}};
/* 2^512 mod r */
const fr_t FR_R2 = {{0xc999e990f3f29c6dULL, 0x2b6cedcb87925c23ULL, 0x05d314967254398fULL,
                     0x0748d9d99f59ff11ULL}};
/* -r^-1 mod 2^64 */
#define FR_MINV 0xfffffffeffffffffULL

/* r - 2, the Fermat inversion exponent */
static const uint64_t R_MINUS_2[FR_LIMBS] = {
    0xfffffffeffffffffULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};
/* t = (r - 1) / 2^32 (odd); r - 1 = 2^32 * t */
static const uint64_t R_ODD_PART[FR_LIMBS] = {
    0xfffe5bfeffffffffULL, 0x09a1d80553bda402ULL, 0x299d7d483339d808ULL, 0x0000000073eda753ULL};
#define FR_TWO_ADICITY 32

void fr_add(fr_t *out, const fr_t *a, const fr_t *b)
{
    mont_add(out->l, a->l, b->l, FR_MODULUS.l, FR_LIMBS);
}

void fr_sub(fr_t *out, const fr_t *a, const fr_t *b)
{
    mont_sub(out->l, a->l, b->l, FR_MODULUS.l, FR_LIMBS);
}

void fr_neg(fr_t *out, const fr_t *a)
{
    mont_neg(out->l, a->l, FR_MODULUS.l, FR_LIMBS);
}

void fr_dbl(fr_t *out, const fr_t *a)
{
    mont_add(out->l, a->l, a->l, FR_MODULUS.l, FR_LIMBS);
}

void fr_mul(fr_t *out, const fr_t *a, const fr_t *b)
{
    mont_mul(out->l, a->l, b->l, FR_MODULUS.l, FR_MINV, FR_LIMBS);
}

void fr_sqr(fr_t *out, const fr_t *a)
{
    mont_mul(out->l, a->l, a->l, FR_MODULUS.l, FR_MINV, FR_LIMBS);
}

void fr_pow(fr_t *out, const fr_t *a, const uint64_t *e, size_t e_limbs)
{
    fr_t base = *a, acc = FR_ONE;
    for (size_t i = e_limbs; i-- > 0;) {
        for (int bit = 63; bit >= 0; bit--) {
            fr_sqr(&acc, &acc);
            if ((e[i] >> bit) & 1)
                fr_mul(&acc, &acc, &base);
        }
    }
    *out = acc;
}

void fr_inv(fr_t *out, const fr_t *a)
{
    fr_pow(out, a, R_MINUS_2, FR_LIMBS);   /* 0^(r-2) = 0 */
}

int fr_is_zero(const fr_t *a)
{
    return mont_is_zero(a->l, FR_LIMBS);
}

int fr_eq(const fr_t *a, const fr_t *b)
{
    return memcmp(a->l, b->l, sizeof a->l) == 0;
}

void fr_set_u64(fr_t *out, uint64_t v)
{
    fr_t c = {{v, 0, 0, 0}};
    fr_mul(out, &c, &FR_R2);
}

int fr_from_canon(fr_t *out, const fr_t *canon)
{
    if (mont_geq(canon->l, FR_MODULUS.l, FR_LIMBS))
        return -1;
    fr_mul(out, canon, &FR_R2);
    return 0;
}

void fr_to_canon(fr_t *canon, const fr_t *a)
{
    static const fr_t one_raw = {{1, 0, 0, 0}};
    fr_mul(canon, a, &one_raw);
}

void fr_mont_reduce(fr_t *out, const fr_t *a)
{
    /* a * 1 / R. CIOS needs a < r for a reduced result; reduce first if a is not. */
    static const fr_t one_raw = {{1, 0, 0, 0}};
    fr_t t = *a;
    while (mont_geq(t.l, FR_MODULUS.l, FR_LIMBS))
        mont_sub_raw(t.l, t.l, FR_MODULUS.l, FR_LIMBS);
    fr_mul(out, &t, &one_raw);
}

int fr_from_bytes_canon(fr_t *out, const uint8_t in[FR_BYTES])
{
    fr_t c;
    mont_load_le(c.l, in, FR_LIMBS);
    return fr_from_canon(out, &c);
}

int fr_from_bytes_mont(fr_t *out, const uint8_t in[FR_BYTES])
{
    fr_t c;
    mont_load_le(c.l, in, FR_LIMBS);
    if (mont_geq(c.l, FR_MODULUS.l, FR_LIMBS))
        return -1;
    *out = c;
    return 0;
}

void fr_to_bytes_canon(uint8_t out[FR_BYTES], const fr_t *a)
{
    fr_t c;
    fr_to_canon(&c, a);
    mont_store_le(out, c.l, FR_LIMBS);
}

void fr_to_bytes_mont(uint8_t out[FR_BYTES], const fr_t *a)
{
    mont_store_le(out, a->l, FR_LIMBS);
}

int fr_from_dec(fr_t *out, const char *s)
{
    fr_t c;
    if (bigint_from_dec(c.l, FR_LIMBS, s) != 0)
        return -1;
    return fr_from_canon(out, &c);
}

void fr_to_dec(char *buf, const fr_t *a)
{
    fr_t c;
    fr_to_canon(&c, a);
    bigint_to_dec(buf, c.l, FR_LIMBS);   /* r < 10^77: at most 78 bytes written */
}

void fr_root_of_unity(fr_t *out, unsigned k)
{
    /* Derived rather than tabulated, so the FORMATS.md values test the derivation:
     * w[32] = 5^t, then 32 - k squarings. k > 32 has no root; clamp to w[32]. */
    fr_t w;
    fr_set_u64(&w, 5);
    fr_pow(&w, &w, R_ODD_PART, FR_LIMBS);
    for (unsigned i = k < FR_TWO_ADICITY ? k : FR_TWO_ADICITY; i < FR_TWO_ADICITY; i++)
        fr_sqr(&w, &w);
    *out = w;
}
