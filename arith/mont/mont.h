/*
 * Private to arith/: N-limb Montgomery arithmetic in portable C, shared by fp.c (N = 6)
 * and fr.c (N = 4). Every function is static inline, always inlined, and takes N as an argument;
 * callers pass a constant, so the limb loops unroll and the limbs live in registers.
 * Values are little-endian 64-bit limbs. Outputs may alias inputs.
 *
 * Bounds. Both moduli leave the top bit of the top limb free (p < 2^381, r < 2^255) and the top
 * limb is below 2^63 - 1, so:
 *   - a sum of two reduced values never carries out of N limbs (add/dbl need no carry word);
 *   - multiplication can use the "no-carry" CIOS variant (below), whose running value stays
 *     below 3m < 2^(64N) for inputs a < 2m, b < 2m;
 *   - mont_mul's result is (a b + Q m) / 2^(64N) < a b / 2^(64N) + m, which is below 2m when
 *     a b < m 2^(64N); one conditional subtraction then gives a fully reduced value. For p this
 *     holds for a, b < 2p (4p < 2^384), which fp2.c uses for unreduced Karatsuba sums; for r
 *     (4r > 2^256) inputs must be reduced.
 * Multiplication: CIOS (Koc, Acar, Kaliski 1996, "Analyzing and comparing Montgomery
 * multiplication algorithms", section 4) in the no-carry form of Botrel and El Housni
 * ("EdMSM: multi-scalar-multiplication for SNARKs and faster Montgomery multiplication",
 * eprint 2022/1400, algorithm 2): the multiply and reduce passes of one outer step share a loop
 * and the (N+1)th and (N+2)th limbs of textbook CIOS disappear.
 * Add/sub/neg and the final subtraction are branch-free masks (not for constant time: a
 * data-dependent branch mispredicts half the time on random field elements).
 */
#ifndef G16K_MONT_MONT_H
#define G16K_MONT_MONT_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned __int128 mont_u128;

#define MONT_MAX_LIMBS 6

#if defined(__GNUC__) || defined(__clang__)
#define MONT_INLINE static inline __attribute__((always_inline))
#else
#define MONT_INLINE static inline
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define MONT_UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__)
#define MONT_UNROLL _Pragma("unroll")
#else
#define MONT_UNROLL
#endif

/* One limb of an add/subtract chain: *out = a + b + c (a - b - c), returns the carry (borrow).
 * On x86-64 the adc/sbb intrinsics (baseline x86-64, no ADX needed): GCC 12 turns the
 * __int128 form into setc/movzx/add sequences, 3x slower for fp_add (12 ns vs 4 ns). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
MONT_INLINE uint64_t mont_adc(uint64_t c, uint64_t a, uint64_t b, uint64_t *out)
{
    unsigned long long r;
    c = _addcarry_u64((unsigned char)c, a, b, &r);
    *out = r;
    return c;
}
MONT_INLINE uint64_t mont_sbb(uint64_t c, uint64_t a, uint64_t b, uint64_t *out)
{
    unsigned long long r;
    c = _subborrow_u64((unsigned char)c, a, b, &r);
    *out = r;
    return c;
}
#else
MONT_INLINE uint64_t mont_adc(uint64_t c, uint64_t a, uint64_t b, uint64_t *out)
{
    mont_u128 s = (mont_u128)a + b + c;
    *out = (uint64_t)s;
    return (uint64_t)(s >> 64);
}
MONT_INLINE uint64_t mont_sbb(uint64_t c, uint64_t a, uint64_t b, uint64_t *out)
{
    mont_u128 d = (mont_u128)a - b - c;
    *out = (uint64_t)d;
    return (uint64_t)(d >> 64) & 1;
}
#endif

/* out = a - b over N limbs; returns the borrow (0 or 1). */
MONT_INLINE uint64_t mont_sub_raw(uint64_t *out, const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t borrow = 0;
    MONT_UNROLL
    for (int i = 0; i < n; i++)
        borrow = mont_sbb(borrow, a[i], b[i], &out[i]);
    return borrow;
}

/* out = a + b over N limbs; returns the carry. */
MONT_INLINE uint64_t mont_add_raw(uint64_t *out, const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t carry = 0;
    MONT_UNROLL
    for (int i = 0; i < n; i++)
        carry = mont_adc(carry, a[i], b[i], &out[i]);
    return carry;
}

/* 1 if a >= m. */
MONT_INLINE int mont_geq(const uint64_t *a, const uint64_t *m, int n)
{
    uint64_t t[MONT_MAX_LIMBS];
    return mont_sub_raw(t, a, m, n) == 0;
}

/* out = t < m ? t : t - m, for t < 2m. */
MONT_INLINE void mont_cond_sub(uint64_t *out, const uint64_t *t, const uint64_t *m, int n)
{
    uint64_t s[MONT_MAX_LIMBS];
    uint64_t keep = mont_sub_raw(s, t, m, n); /* borrow: t < m */
    /* A ternary, not an and/or mask: GCC's SLP vectorizer turns the masks into SSE shuffles
     * (fp_add 11 ns); the ternary becomes cmov (4 ns). */
    MONT_UNROLL
    for (int i = 0; i < n; i++)
        out[i] = keep ? t[i] : s[i];
}

/* out = a + b mod m for a, b < m. */
MONT_INLINE void mont_add(uint64_t *out, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                          int n)
{
    uint64_t t[MONT_MAX_LIMBS];
    mont_add_raw(t, a, b, n); /* no carry: a + b < 2m < 2^(64n) */
    mont_cond_sub(out, t, m, n);
}

/* out = a - b mod m for a, b < m. */
MONT_INLINE void mont_sub(uint64_t *out, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                          int n)
{
    uint64_t t[MONT_MAX_LIMBS], mm[MONT_MAX_LIMBS];
    uint64_t borrow = mont_sub_raw(t, a, b, n);
    MONT_UNROLL
    for (int i = 0; i < n; i++)
        mm[i] = borrow ? m[i] : 0; /* cmov, see mont_cond_sub */
    mont_add_raw(out, t, mm, n);   /* the carry cancels the borrow */
}

MONT_INLINE int mont_is_zero(const uint64_t *a, int n)
{
    uint64_t acc = 0;
    MONT_UNROLL
    for (int i = 0; i < n; i++)
        acc |= a[i];
    return acc == 0;
}

/* out = -a mod m for a < m (0 stays 0). */
MONT_INLINE void mont_neg(uint64_t *out, const uint64_t *a, const uint64_t *m, int n)
{
    uint64_t mm[MONT_MAX_LIMBS];
    int nz = !mont_is_zero(a, n);
    MONT_UNROLL
    for (int i = 0; i < n; i++)
        mm[i] = nz ? m[i] : 0;
    mont_sub_raw(out, mm, a, n);
}

/* out = a * b / 2^(64n) mod m, fully reduced; minv = -m^-1 mod 2^64.
 * Inputs: a, b < m, or for p (4p < 2^384) a, b < 2p; see the header comment. */
MONT_INLINE void mont_mul(uint64_t *out, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                          uint64_t minv, int n)
{
    uint64_t t[MONT_MAX_LIMBS] = { 0 };
    MONT_UNROLL
    for (int i = 0; i < n; i++) {
        /* (A, t0) = t0 + a0 b_i; q = t0 minv; C = hi(t0 + q m0) */
        mont_u128 s = (mont_u128)a[0] * b[i] + t[0];
        uint64_t A = (uint64_t)(s >> 64);
        uint64_t lo = (uint64_t)s;
        uint64_t q = lo * minv;
        s = (mont_u128)q * m[0] + lo;
        uint64_t C = (uint64_t)(s >> 64);
        MONT_UNROLL
        for (int j = 1; j < n; j++) {
            s = (mont_u128)a[j] * b[i] + t[j] + A; /* < 2^128: W-1 + (W-1)^2 + W-1 */
            A = (uint64_t)(s >> 64);
            s = (mont_u128)q * m[j] + (uint64_t)s + C;
            C = (uint64_t)(s >> 64);
            t[j - 1] = (uint64_t)s;
        }
        t[n - 1] = A + C; /* no overflow: the running value stays below 3m < 2^(64n) */
    }
    mont_cond_sub(out, t, m, n); /* t < 2m */
}

/* Little-endian bytes <-> limbs, independent of host byte order. */
MONT_INLINE void mont_load_le(uint64_t *l, const uint8_t *in, int n)
{
    for (int i = 0; i < n; i++) {
        uint64_t v = 0;
        for (int b = 7; b >= 0; b--)
            v = (v << 8) | in[8 * i + b];
        l[i] = v;
    }
}

MONT_INLINE void mont_store_le(uint8_t *out, const uint64_t *l, int n)
{
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 8; b++)
            out[8 * i + b] = (uint8_t)(l[i] >> (8 * b));
}

#endif
