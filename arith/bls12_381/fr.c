/*
 * Fr, the BLS12-381 scalar field: Montgomery arithmetic over four 64-bit limbs (R_r = 2^256),
 * conversions, Fermat inversion, the zkey coefficient reduction, and the roots of unity of the
 * snarkjs/ffjavascript convention (docs/proving.md, "The domain": w[32] = 5^((r-1)/2^32)), derived once
 * and then read from a table. The limb loops live in mont.h (portable C) and mont_adx.h
 * (mulx/adcx/adox, chosen at load time by mont_select.c).
 */
#include <stdatomic.h>
#include <string.h>

#include "field.h"
#include "mont/mont.h"
#include "mont/mont_select.h"

/* r, canonical */
const fr_t FR_MODULUS = { { 0xffffffff00000001ULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL,
                            0x73eda753299d7d48ULL } };
/* 2^256 mod r */
const fr_t FR_ONE = { { 0x00000001fffffffeULL, 0x5884b7fa00034802ULL, 0x998c4fefecbc4ff5ULL,
                        0x1824b159acc5056fULL } };
/* 2^512 mod r */
const fr_t FR_R2 = { { 0xc999e990f3f29c6dULL, 0x2b6cedcb87925c23ULL, 0x05d314967254398fULL,
                       0x0748d9d99f59ff11ULL } };
/* -r^-1 mod 2^64 */
#define FR_MINV 0xfffffffeffffffffULL
/* File-local copies for the assembly's memory operands (RIP-relative in any build). */
static const uint64_t R_LIMBS[FR_LIMBS] = { 0xffffffff00000001ULL, 0x53bda402fffe5bfeULL,
                                            0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL };
#if MONT_HAVE_ADX_ASM
static const uint64_t R_MINV = FR_MINV;
#endif

/* r - 2, the Fermat inversion exponent */
static const uint64_t R_MINUS_2[FR_LIMBS] = { 0xfffffffeffffffffULL, 0x53bda402fffe5bfeULL,
                                              0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL };
/* t = (r - 1) / 2^32 (odd); r - 1 = 2^32 * t */
static const uint64_t R_ODD_PART[FR_LIMBS] = { 0xfffe5bfeffffffffULL, 0x09a1d80553bda402ULL,
                                               0x299d7d483339d808ULL, 0x0000000073eda753ULL };
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

/* The multiplication both fr_mul and fr_sqr run: mulx/adcx/adox assembly when the CPU has
 * BMI2 and ADX (mont_select.c), else the portable C of mont.h; both give the same values. */
MONT_INLINE void mul_dispatch(uint64_t *out, const uint64_t *a, const uint64_t *b)
{
#if MONT_HAVE_ADX_ASM
    if (MONT_USE_ADX) {
        mont_mul4_adx(out, a, b, R_LIMBS, &R_MINV);
        return;
    }
#endif
    mont_mul(out, a, b, R_LIMBS, FR_MINV, FR_LIMBS);
}

void fr_mul(fr_t *out, const fr_t *a, const fr_t *b)
{
    mul_dispatch(out->l, a->l, b->l);
}

/* A dedicated squaring (15 cross products doubled instead of 30) does not fit the
 * register file as a 12-limb product; it is left for the IFMA/assembly work. */
void fr_sqr(fr_t *out, const fr_t *a)
{
    mul_dispatch(out->l, a->l, a->l);
}

void fr_pow(fr_t *out, const fr_t *a, const uint64_t *e, size_t e_limbs)
{
    /* Exponents of one limb (NTT twiddle offsets, small powers): plain left-to-right
     * square-and-multiply. Longer ones (inversion, square roots): fixed 4-bit windows, about
     * 1 multiplication per 4 exponent bits instead of 1 per 2 (fp_inv 27 -> 21 us). */
    if (e_limbs <= 1) {
        fr_t base = *a, acc = FR_ONE;
        uint64_t v = e_limbs ? e[0] : 0;
        for (int bit = 63; bit >= 0; bit--) {
            fr_sqr(&acc, &acc);
            if ((v >> bit) & 1)
                fr_mul(&acc, &acc, &base);
        }
        *out = acc;
        return;
    }
    fr_t tab[16], acc = FR_ONE;
    tab[0] = FR_ONE;
    tab[1] = *a;
    for (int k = 2; k < 16; k++)
        fr_mul(&tab[k], &tab[k - 1], a);
    int started = 0;
    for (size_t i = e_limbs; i-- > 0;) {
        for (int sh = 60; sh >= 0; sh -= 4) {
            unsigned nib = (unsigned)(e[i] >> sh) & 15;
            if (started) {
                fr_sqr(&acc, &acc);
                fr_sqr(&acc, &acc);
                fr_sqr(&acc, &acc);
                fr_sqr(&acc, &acc);
                if (nib)
                    fr_mul(&acc, &acc, &tab[nib]);
            } else if (nib) {
                acc = tab[nib];
                started = 1;
            }
        }
    }
    *out = acc;
}

void fr_inv(fr_t *out, const fr_t *a)
{
    fr_pow(out, a, R_MINUS_2, FR_LIMBS); /* 0^(r-2) = 0 */
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
    fr_t c = { { v, 0, 0, 0 } };
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
    static const fr_t one_raw = { { 1, 0, 0, 0 } };
    fr_mul(canon, a, &one_raw);
}

void fr_mont_reduce(fr_t *out, const fr_t *a)
{
    /* a * 1 / R. CIOS needs a < r for a reduced result; reduce first if a is not. */
    static const fr_t one_raw = { { 1, 0, 0, 0 } };
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
    bigint_to_dec(buf, c.l, FR_LIMBS); /* r < 10^77: at most 78 bytes written */
}

/* w[0..32] computed once. State 0: not computed; 1: one thread is computing; 2: ready (the
 * release store publishes the table). A thread that finds state 1 derives its own root
 * instead of waiting, so there is no lock and no thread writes the table but the first. */
static fr_t root_table[FR_TWO_ADICITY + 1];
static atomic_int root_state;

static void roots_derive(fr_t w[FR_TWO_ADICITY + 1])
{
    /* Derived rather than tabulated, so the docs/formats.md values test the derivation:
     * w[32] = 5^t, w[k] = w[k+1]^2. */
    fr_set_u64(&w[FR_TWO_ADICITY], 5);
    fr_pow(&w[FR_TWO_ADICITY], &w[FR_TWO_ADICITY], R_ODD_PART, FR_LIMBS);
    for (int k = FR_TWO_ADICITY; k > 0; k--)
        fr_sqr(&w[k - 1], &w[k]);
}

void fr_root_of_unity(fr_t *out, unsigned k)
{
    if (k > FR_TWO_ADICITY)
        k = FR_TWO_ADICITY; /* no root of larger order; clamp as before */
    int st = atomic_load_explicit(&root_state, memory_order_acquire);
    if (st == 2) {
        *out = root_table[k];
        return;
    }
    int expect = 0;
    if (st == 0 && atomic_compare_exchange_strong(&root_state, &expect, 1)) {
        roots_derive(root_table);
        atomic_store_explicit(&root_state, 2, memory_order_release);
        *out = root_table[k];
        return;
    }
    fr_t w[FR_TWO_ADICITY + 1];
    roots_derive(w);
    *out = w[k];
}
