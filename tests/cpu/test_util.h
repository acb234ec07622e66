/* Small helpers shared by the CPU plugin tests: a seeded PRNG and Fr helpers. */
#ifndef G16K_TESTS_CPU_TEST_UTIL_H
#define G16K_TESTS_CPU_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <string.h>

#include "fr_sel.h" /* the test's curve's Fr: BLS12-381's, or BN254's with CPU_CURVE_BN254 */
#include "g16k/plugin.h"
#include "mont/bigint.h"

/* The plugin's vtables on the test's curve: the descriptor's (BLS12-381), or its
 * more_curves entry for BN254. */
#ifdef CPU_CURVE_BN254
#define TU_VT(d, name) ((d)->more_curves[0].name)
#else
#define TU_VT(d, name) ((d)->name)
#endif

/* splitmix64 (Steele, Lea, Flood, OOPSLA 2014): deterministic, seeded per test. */
uint64_t tu_rand(uint64_t *state);

/* The Fr helpers are inline, so that each test builds them on its own curve's Fr. */
/* Uniform-ish canonical integer < r (rejection sampling on 255 random bits). */
static inline void tu_rand_canon(fr_t *canon, uint64_t *state)
{
    do {
        for (int i = 0; i < FR_LIMBS; i++)
            canon->l[i] = tu_rand(state);
        canon->l[3] &= 0x7fffffffffffffffull;
    } while (bigint_cmp(canon->l, FR_MODULUS.l, FR_LIMBS) >= 0);
}

/* Random element in Montgomery form. */
static inline void tu_rand_fr(fr_t *out, uint64_t *state)
{
    fr_t c;
    tu_rand_canon(&c, state);
    fr_from_canon(out, &c);
}

/* Parse "0x..." (or bare hex) into 4 little-endian limbs (canonical). */
static inline void tu_hex(fr_t *canon, const char *hex)
{
    memset(canon, 0, sizeof *canon);
    if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
        hex += 2;
    size_t len = strlen(hex);
    for (size_t i = 0; i < len; i++) {
        char ch = hex[len - 1 - i];
        uint64_t v = ch <= '9' ? (uint64_t)(ch - '0') : (uint64_t)((ch | 0x20) - 'a' + 10);
        canon->l[i / 16] |= v << (4 * (i % 16));
    }
}

/* r - 1 as a canonical integer. */
static inline void tu_r_minus_1(fr_t *canon)
{
    *canon = FR_MODULUS;
    canon->l[0] -= 1; /* r is odd: no borrow */
}

/* The MSM helpers (test_util_msm.c, built into each MSM test on its curve). */
/* A random multiple of the generator of group id (G16K_G1 or G16K_G2), canonical affine bytes
 * (96 or 192). */
void tu_random_point(uint32_t id, uint8_t *out, uint64_t *seed);
/* out = -in, both canonical affine bytes of group id. */
void tu_neg_point(uint32_t id, uint8_t *out, const uint8_t *in);
/* Bytes of an affine point of group id: 96 (G1) or 192 (G2); BN254 64 or 128. */
size_t tu_point_size(uint32_t id);
/* n canonical scalars: pattern 0 random, 1 witness-like (0, 1, random), 2 edges (0, 1, r - 1,
 * 2, random). */
void tu_fill_scalars(fr_t *k, uint64_t n, int pattern, uint64_t *seed);
/* n canonical affine points of group id: pattern 0 random, 1 with repeats, negations and
 * infinities. */
void tu_fill_bases(uint32_t id, uint8_t *b, uint64_t n, int pattern, uint64_t *seed);

#endif
