/*
 * What the arith tests share: reproducible random words (splitmix64, Steele, Lea, Flood,
 * OOPSLA 2014; no dependence on libc's rand, each test file keeping and seeding its own state)
 * and q d + r as 256 bits from 64 x 64-bit limb products, the independent computation that the
 * endomorphism splits' division (bigint_div_u128, glv_split) is checked against.
 */
#ifndef G16K_TESTS_ARITH_CHECK_H
#define G16K_TESTS_ARITH_CHECK_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* k = q d + r, for q, d < 2^128 and r < d (the sum then fits 256 bits), limbs little-endian */
static inline void mul_add_u128(uint64_t k[4], unsigned __int128 q, unsigned __int128 d,
                                unsigned __int128 r)
{
    const uint64_t a[2] = { (uint64_t)q, (uint64_t)(q >> 64) };
    const uint64_t b[2] = { (uint64_t)d, (uint64_t)(d >> 64) };
    uint64_t acc[4] = { 0 };
    for (int i = 0; i < 2; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 2; j++) {
            unsigned __int128 t = (unsigned __int128)a[i] * b[j] + acc[i + j] + carry;
            acc[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        acc[i + 2] += carry;
    }
    unsigned __int128 t = (unsigned __int128)acc[0] + (uint64_t)r;
    acc[0] = (uint64_t)t;
    t = (t >> 64) + acc[1] + (uint64_t)(r >> 64);
    acc[1] = (uint64_t)t;
    for (int i = 2; i < 4; i++) {
        t = (t >> 64) + acc[i];
        acc[i] = (uint64_t)t;
    }
    for (int i = 0; i < 4; i++)
        k[i] = acc[i];
}

#endif
