/*
 * Private to core/bls12_381: N-limb Montgomery arithmetic shared by fp.c (N = 6) and fr.c (N = 4).
 * Every function is static inline and takes N as an argument; callers pass a constant, so the
 * compiler unrolls the loops for each field. All values are little-endian 64-bit limbs, fully
 * reduced (< m). Both moduli leave the top bit of the top limb free (381 and 255 bits), so a sum
 * of two reduced values never carries out of N limbs.
 * Multiplication: CIOS (Koc, Acar, Kaliski 1996, "Analyzing and comparing Montgomery
 * multiplication algorithms", section 4), with a final conditional subtraction.
 * Outputs may alias inputs.
 */
#ifndef G16K_BLS12_381_MONT_H
#define G16K_BLS12_381_MONT_H

#include <stddef.h>
#include <stdint.h>

typedef unsigned __int128 mont_u128;

#define MONT_MAX_LIMBS 6

/* Force inlining and unrolling so that n is a constant and the limb loops disappear (measured
 * on the shared 2-core dev box, -O2: fp_mul ~120-170 ns as generic loops, ~70 ns unrolled). */
#if defined(__GNUC__) || defined(__clang__)
#define MONT_INLINE static inline __attribute__((always_inline))
#else
#define MONT_INLINE static inline
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define MONT_UNROLL _Pragma("GCC unroll 8")
#elif defined(__clang__)
#define MONT_UNROLL _Pragma("unroll")
#else
#define MONT_UNROLL
#endif

/* out = a - b over N limbs; returns the borrow (0 or 1). */
MONT_INLINE uint64_t mont_sub_raw(uint64_t *out, const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        mont_u128 d = (mont_u128)a[i] - b[i] - borrow;
        out[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return borrow;
}

/* out = a + b over N limbs; returns the carry. */
MONT_INLINE uint64_t mont_add_raw(uint64_t *out, const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        mont_u128 s = (mont_u128)a[i] + b[i] + carry;
        out[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
    return carry;
}

/* 1 if a >= m. */
MONT_INLINE int mont_geq(const uint64_t *a, const uint64_t *m, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        if (a[i] != m[i])
            return a[i] > m[i];
    }
    return 1;
}

MONT_INLINE void mont_add(uint64_t *out, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, int n)
{
    uint64_t t[MONT_MAX_LIMBS];
    mont_add_raw(t, a, b, n);   /* no carry: a, b < m < 2^(64n-1) */
    if (mont_geq(t, m, n))
        mont_sub_raw(t, t, m, n);
    for (int i = 0; i < n; i++)
        out[i] = t[i];
}

MONT_INLINE void mont_sub(uint64_t *out, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, int n)
{
    uint64_t t[MONT_MAX_LIMBS];
    if (mont_sub_raw(t, a, b, n))
        mont_add_raw(t, t, m, n);
    for (int i = 0; i < n; i++)
        out[i] = t[i];
}

MONT_INLINE int mont_is_zero(const uint64_t *a, int n)
{
    uint64_t acc = 0;
    for (int i = 0; i < n; i++)
        acc |= a[i];
    return acc == 0;
}

MONT_INLINE void mont_neg(uint64_t *out, const uint64_t *a, const uint64_t *m, int n)
{
    if (mont_is_zero(a, n)) {
        for (int i = 0; i < n; i++)
            out[i] = 0;
        return;
    }
    mont_sub_raw(out, m, a, n);
}

/* out = a * b / 2^(64n) mod m; minv = -m^-1 mod 2^64. */
MONT_INLINE void mont_mul(uint64_t *out, const uint64_t *a, const uint64_t *b,
                            const uint64_t *m, uint64_t minv, int n)
{
    uint64_t t[MONT_MAX_LIMBS + 2] = {0};
    MONT_UNROLL
    for (int i = 0; i < n; i++) {
        /* t += a * b[i] */
        uint64_t c = 0;
        MONT_UNROLL
        for (int j = 0; j < n; j++) {
            mont_u128 s = (mont_u128)a[j] * b[i] + t[j] + c;
            t[j] = (uint64_t)s;
            c = (uint64_t)(s >> 64);
        }
        mont_u128 s = (mont_u128)t[n] + c;
        t[n] = (uint64_t)s;
        t[n + 1] = (uint64_t)(s >> 64);
        /* t = (t + q*m) / 2^64 with q chosen so that the low limb vanishes */
        uint64_t q = t[0] * minv;
        s = (mont_u128)q * m[0] + t[0];
        c = (uint64_t)(s >> 64);
        MONT_UNROLL
        for (int j = 1; j < n; j++) {
            s = (mont_u128)q * m[j] + t[j] + c;
            t[j - 1] = (uint64_t)s;
            c = (uint64_t)(s >> 64);
        }
        s = (mont_u128)t[n] + c;
        t[n - 1] = (uint64_t)s;
        t[n] = t[n + 1] + (uint64_t)(s >> 64);
    }
    /* t < 2m here */
    if (t[n] != 0 || mont_geq(t, m, n))
        mont_sub_raw(t, t, m, n);
    for (int i = 0; i < n; i++)
        out[i] = t[i];
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
