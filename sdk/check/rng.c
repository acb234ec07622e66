/* Deterministic test data: splitmix64 (Steele, Lea, Flood 2014) and Fr helpers. Not thread-safe. */
#include <string.h>

#include "check.h"

static uint64_t state = 0x9e3779b97f4a7c15u;

/* r of each curve, little-endian limbs (docs/proving.md, "The domain"; BN254's: EIP-197). */
static const uint64_t bls_r[4] = { 0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805,
                                   0x73eda753299d7d48 };
static const uint64_t bn_r[4] = { 0x43e1f593f0000001, 0x2833e84879b97091, 0xb85045b68181585d,
                                  0x30644e72e131a029 };
static const uint64_t *fr_r = bls_r;

void rng_curve(uint32_t curve)
{
    fr_r = curve == G16K_CURVE_BN254 ? bn_r : bls_r;
}

void rng_seed(uint64_t seed)
{
    state = seed;
}

uint64_t rng_u64(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int fr_lt_r(const uint64_t v[4])
{
    for (int i = 3; i >= 0; i--)
        if (v[i] != fr_r[i])
            return v[i] < fr_r[i];
    return 0;
}

void rng_fr(uint8_t out[32])
{
    uint64_t v[4];
    do { /* rejection sampling below 2^255: about 2 tries */
        for (int i = 0; i < 4; i++)
            v[i] = rng_u64();
        v[3] >>= 1;
    } while (!fr_lt_r(v));
    memcpy(out, v, 32); /* little-endian host, like the ABI */
}

void fr_r_minus_1(uint8_t out[32])
{
    uint64_t v[4];
    memcpy(v, fr_r, sizeof(v));
    v[0] -= 1;
    memcpy(out, v, 32);
}

void fr_r_plus(uint8_t out[32], uint64_t k)
{
    uint64_t v[4];
    memcpy(v, fr_r, sizeof(v));
    v[0] += k; /* no carry for k < 2^32 - 1: the low limbs are 2^64 - 2^32 + 1 (BLS12-381), less */
    memcpy(out, v, 32);
}

static int nibble(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
}

void hex_to_le(uint8_t *out, size_t len, const char *hex)
{
    size_t h = strlen(hex);
    memset(out, 0, len);
    for (size_t i = 0; i < h && i / 2 < len; i++) /* i-th nibble from the least significant */
        out[i / 2] |= (uint8_t)(nibble(hex[h - 1 - i]) << (4 * (i % 2)));
}

long first_diff(const void *a, const void *b, size_t len)
{
    const uint8_t *x = a, *y = b;
    for (size_t i = 0; i < len; i++)
        if (x[i] != y[i])
            return (long)i;
    return -1;
}
