/* Small helpers shared by the CPU plugin tests: a seeded PRNG and Fr helpers. */
#ifndef G16K_TESTS_CPU_TEST_UTIL_H
#define G16K_TESTS_CPU_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "bls12_381/field.h"
#include "g16k/plugin.h"

/* splitmix64 (Steele, Lea, Flood, OOPSLA 2014): deterministic, seeded per test. */
uint64_t tu_rand(uint64_t *state);
/* Uniform-ish canonical integer < r (rejection sampling on 255 random bits). */
void tu_rand_canon(fr_t *canon, uint64_t *state);
/* Random element in Montgomery form. */
void tu_rand_fr(fr_t *out, uint64_t *state);
/* Parse "0x..." (or bare hex) into 4 little-endian limbs (canonical). */
void tu_hex(fr_t *canon, const char *hex);
/* r - 1 as a canonical integer. */
void tu_r_minus_1(fr_t *canon);
/* A random multiple of the generator of group id (G16K_G1 or G16K_G2), canonical affine bytes
 * (96 or 192). */
void tu_random_point(uint32_t id, uint8_t *out, uint64_t *seed);
/* out = -in, both canonical affine bytes of group id. */
void tu_neg_point(uint32_t id, uint8_t *out, const uint8_t *in);
/* Bytes of an affine point of group id: 96 (G1) or 192 (G2). */
size_t tu_point_size(uint32_t id);
/* n canonical scalars: pattern 0 random, 1 witness-like (0, 1, random), 2 edges (0, 1, r - 1,
 * 2, random). */
void tu_fill_scalars(fr_t *k, uint64_t n, int pattern, uint64_t *seed);
/* n canonical affine points of group id: pattern 0 random, 1 with repeats, negations and
 * infinities. */
void tu_fill_bases(uint32_t id, uint8_t *b, uint64_t n, int pattern, uint64_t *seed);

#endif
