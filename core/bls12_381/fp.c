/*
 * Fp, the BLS12-381 base field: Montgomery arithmetic over six 64-bit limbs (R_p = 2^384),
 * conversions to and from canonical limbs, bytes and decimal, inversion (Fermat) and square
 * roots (p = 3 mod 4, so sqrt(a) = a^((p+1)/4)). The limb loops live in mont.h.
 */
#include <string.h>

#include "field.h"
#include "mont.h"

/* p, canonical */
const fp_t FP_MODULUS = {{0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
                          0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL}};
/* 2^384 mod p */
const fp_t FP_ONE = {{0x760900000002fffdULL, 0xebf4000bc40c0002ULL, 0x5f48985753c758baULL,
                      0x77ce585370525745ULL, 0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL}};
/* 2^768 mod p */
const fp_t FP_R2 = {{0xf4df1f341c341746ULL, 0x0a76e6a609d104f1ULL, 0x8de5476c4c95b6d5ULL,
                     0x67eb88a9939d83c0ULL, 0x9a793e85b519952dULL, 0x11988fe592cae3aaULL}};
/* -p^-1 mod 2^64 */
#define FP_MINV 0x89f3fffcfffcfffdULL

/* p - 2, the Fermat inversion exponent */
static const uint64_t P_MINUS_2[FP_LIMBS] = {
    0xb9feffffffffaaa9ULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
    0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL};
/* (p + 1) / 4, the square-root exponent */
static const uint64_t P_PLUS_1_DIV_4[FP_LIMBS] = {
    0xee7fbfffffffeaabULL, 0x07aaffffac54ffffULL, 0xd9cc34a83dac3d89ULL,
    0xd91dd2e13ce144afULL, 0x92c6e9ed90d2eb35ULL, 0x0680447a8e5ff9a6ULL};

void fp_add(fp_t *out, const fp_t *a, const fp_t *b)
{
    mont_add(out->l, a->l, b->l, FP_MODULUS.l, FP_LIMBS);
}

void fp_sub(fp_t *out, const fp_t *a, const fp_t *b)
{
    mont_sub(out->l, a->l, b->l, FP_MODULUS.l, FP_LIMBS);
}

void fp_neg(fp_t *out, const fp_t *a)
{
    mont_neg(out->l, a->l, FP_MODULUS.l, FP_LIMBS);
}

void fp_dbl(fp_t *out, const fp_t *a)
{
    mont_add(out->l, a->l, a->l, FP_MODULUS.l, FP_LIMBS);
}

void fp_mul(fp_t *out, const fp_t *a, const fp_t *b)
{
    mont_mul(out->l, a->l, b->l, FP_MODULUS.l, FP_MINV, FP_LIMBS);
}

void fp_sqr(fp_t *out, const fp_t *a)
{
    mont_mul(out->l, a->l, a->l, FP_MODULUS.l, FP_MINV, FP_LIMBS);
}

void fp_pow(fp_t *out, const fp_t *a, const uint64_t *e, size_t e_limbs)
{
    fp_t base = *a, acc = FP_ONE;
    /* left to right square-and-multiply */
    for (size_t i = e_limbs; i-- > 0;) {
        for (int bit = 63; bit >= 0; bit--) {
            fp_sqr(&acc, &acc);
            if ((e[i] >> bit) & 1)
                fp_mul(&acc, &acc, &base);
        }
    }
    *out = acc;
}

void fp_inv(fp_t *out, const fp_t *a)
{
    fp_pow(out, a, P_MINUS_2, FP_LIMBS);   /* 0^(p-2) = 0 */
}

int fp_sqrt(fp_t *out, const fp_t *a)
{
    fp_t s, check;
    fp_pow(&s, a, P_PLUS_1_DIV_4, FP_LIMBS);
    fp_sqr(&check, &s);
    if (!fp_eq(&check, a))
        return 0;
    *out = s;
    return 1;
}

int fp_is_zero(const fp_t *a)
{
    return mont_is_zero(a->l, FP_LIMBS);
}

int fp_eq(const fp_t *a, const fp_t *b)
{
    return memcmp(a->l, b->l, sizeof a->l) == 0;
}

void fp_set_u64(fp_t *out, uint64_t v)
{
    fp_t c = {{v, 0, 0, 0, 0, 0}};
    fp_mul(out, &c, &FP_R2);
}

int fp_from_canon(fp_t *out, const fp_t *canon)
{
    if (mont_geq(canon->l, FP_MODULUS.l, FP_LIMBS))
        return -1;
    fp_mul(out, canon, &FP_R2);
    return 0;
}

void fp_to_canon(fp_t *canon, const fp_t *a)
{
    static const fp_t one_raw = {{1, 0, 0, 0, 0, 0}};
    fp_mul(canon, a, &one_raw);
}

int fp_from_bytes_canon(fp_t *out, const uint8_t in[FP_BYTES])
{
    fp_t c;
    mont_load_le(c.l, in, FP_LIMBS);
    return fp_from_canon(out, &c);
}

int fp_from_bytes_mont(fp_t *out, const uint8_t in[FP_BYTES])
{
    fp_t c;
    mont_load_le(c.l, in, FP_LIMBS);
    if (mont_geq(c.l, FP_MODULUS.l, FP_LIMBS))
        return -1;
    *out = c;
    return 0;
}

void fp_to_bytes_canon(uint8_t out[FP_BYTES], const fp_t *a)
{
    fp_t c;
    fp_to_canon(&c, a);
    mont_store_le(out, c.l, FP_LIMBS);
}

void fp_to_bytes_mont(uint8_t out[FP_BYTES], const fp_t *a)
{
    mont_store_le(out, a->l, FP_LIMBS);
}

int fp_from_dec(fp_t *out, const char *s)
{
    fp_t c;
    if (bigint_from_dec(c.l, FP_LIMBS, s) != 0)
        return -1;
    return fp_from_canon(out, &c);
}

void fp_to_dec(char *buf, const fp_t *a)
{
    fp_t c;
    fp_to_canon(&c, a);
    bigint_to_dec(buf, c.l, FP_LIMBS);   /* p < 10^116: at most 116 bytes written */
}
