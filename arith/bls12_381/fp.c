/*
 * Fp, the BLS12-381 base field: Montgomery arithmetic over six 64-bit limbs (R_p = 2^384),
 * conversions to and from canonical limbs, bytes and decimal, the Fermat inversion
 * (fp_inv_fermat; fp_inv itself is the binary GCD of fp_inv.c) and square
 * roots (p = 3 mod 4, so sqrt(a) = a^((p+1)/4)). The limb loops live in mont.h (portable C)
 * and mont_adx.h (mulx/adcx/adox assembly, chosen at load time by mont_select.c; the
 * environment variable G16K_SIMD=portable forces the C). fp_mul and fp_sqr accept inputs
 * below 2p as well as reduced ones (fp_lazy.h) and always return reduced values.
 */
#include <string.h>

#include "field.h"
#include "mont/mont.h"
#include "mont/mont_select.h"

/* p, canonical */
const fp_t FP_MODULUS = { { 0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
                            0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL } };
/* 2^384 mod p */
const fp_t FP_ONE = { { 0x760900000002fffdULL, 0xebf4000bc40c0002ULL, 0x5f48985753c758baULL,
                        0x77ce585370525745ULL, 0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL } };
/* 2^768 mod p */
const fp_t FP_R2 = { { 0xf4df1f341c341746ULL, 0x0a76e6a609d104f1ULL, 0x8de5476c4c95b6d5ULL,
                       0x67eb88a9939d83c0ULL, 0x9a793e85b519952dULL, 0x11988fe592cae3aaULL } };
/* -p^-1 mod 2^64 */
#define FP_MINV 0x89f3fffcfffcfffdULL
/* File-local copies for the assembly's memory operands (RIP-relative in any build). */
static const uint64_t P_LIMBS[FP_LIMBS] = { 0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL,
                                            0x6730d2a0f6b0f624ULL, 0x64774b84f38512bfULL,
                                            0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL };
#if MONT_HAVE_ADX_ASM
static const uint64_t P_MINV = FP_MINV;
#endif

/* p - 2, the Fermat inversion exponent */
static const uint64_t P_MINUS_2[FP_LIMBS] = { 0xb9feffffffffaaa9ULL, 0x1eabfffeb153ffffULL,
                                              0x6730d2a0f6b0f624ULL, 0x64774b84f38512bfULL,
                                              0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL };
/* (p + 1) / 4, the square-root exponent */
static const uint64_t P_PLUS_1_DIV_4[FP_LIMBS] = { 0xee7fbfffffffeaabULL, 0x07aaffffac54ffffULL,
                                                   0xd9cc34a83dac3d89ULL, 0xd91dd2e13ce144afULL,
                                                   0x92c6e9ed90d2eb35ULL, 0x0680447a8e5ff9a6ULL };

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

/* The multiplication both fp_mul and fp_sqr run: mulx/adcx/adox assembly when the CPU has
 * BMI2 and ADX (mont_select.c), else the portable C of mont.h; both give the same values. */
MONT_INLINE void mul_dispatch(uint64_t *out, const uint64_t *a, const uint64_t *b)
{
#if MONT_HAVE_ADX_ASM
    if (MONT_USE_ADX) {
        mont_mul6_adx(out, a, b, P_LIMBS, &P_MINV);
        return;
    }
#endif
    mont_mul(out, a, b, P_LIMBS, FP_MINV, FP_LIMBS);
}

void fp_mul(fp_t *out, const fp_t *a, const fp_t *b)
{
    mul_dispatch(out->l, a->l, b->l);
}

/* A dedicated squaring (15 cross products doubled instead of 30) does not fit the
 * register file as a 12-limb product; it is left for the IFMA/assembly work. */
void fp_sqr(fp_t *out, const fp_t *a)
{
    mul_dispatch(out->l, a->l, a->l);
}

void fp_pow(fp_t *out, const fp_t *a, const uint64_t *e, size_t e_limbs)
{
    /* Exponents of one limb (NTT twiddle offsets, small powers): plain left-to-right
     * square-and-multiply. Longer ones (inversion, square roots): fixed 4-bit windows, about
     * 1 multiplication per 4 exponent bits instead of 1 per 2 (fp_inv 27 -> 21 us). */
    if (e_limbs <= 1) {
        fp_t base = *a, acc = FP_ONE;
        uint64_t v = e_limbs ? e[0] : 0;
        for (int bit = 63; bit >= 0; bit--) {
            fp_sqr(&acc, &acc);
            if ((v >> bit) & 1)
                fp_mul(&acc, &acc, &base);
        }
        *out = acc;
        return;
    }
    fp_t tab[16], acc = FP_ONE;
    tab[0] = FP_ONE;
    tab[1] = *a;
    for (int k = 2; k < 16; k++)
        fp_mul(&tab[k], &tab[k - 1], a);
    int started = 0;
    for (size_t i = e_limbs; i-- > 0;) {
        for (int sh = 60; sh >= 0; sh -= 4) {
            unsigned nib = (unsigned)(e[i] >> sh) & 15;
            if (started) {
                fp_sqr(&acc, &acc);
                fp_sqr(&acc, &acc);
                fp_sqr(&acc, &acc);
                fp_sqr(&acc, &acc);
                if (nib)
                    fp_mul(&acc, &acc, &tab[nib]);
            } else if (nib) {
                acc = tab[nib];
                started = 1;
            }
        }
    }
    *out = acc;
}

void fp_inv_fermat(fp_t *out, const fp_t *a)
{
    fp_pow(out, a, P_MINUS_2, FP_LIMBS); /* 0^(p-2) = 0 */
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
    fp_t c = { { v, 0, 0, 0, 0, 0 } };
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
    static const fp_t one_raw = { { 1, 0, 0, 0, 0, 0 } };
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
    bigint_to_dec(buf, c.l, FP_LIMBS); /* p < 10^116: at most 116 bytes written */
}
