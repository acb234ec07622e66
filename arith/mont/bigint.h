/*
 * Little-endian multi-limb integers (64-bit limbs, canonical values): decimal parsing and
 * printing, comparison, division by a two-limb divisor. Shared by every field's decimal wrappers and the JSON readers/writers
 * (bigint.c has the algorithms). Pure and thread-safe.
 */
#ifndef G16K_MONT_BIGINT_H
#define G16K_MONT_BIGINT_H

#include <stddef.h>
#include <stdint.h>

/* Parse a decimal string into n limbs; -1 on bad character, empty, or overflow of n limbs. */
int bigint_from_dec(uint64_t *out, size_t n, const char *s);
/* Write decimal of n limbs to buf (NUL-terminated); buf needs 20*n+2 bytes. */
void bigint_to_dec(char *buf, const uint64_t *a, size_t n);
/* -1, 0, 1 as a <, ==, > b */
int bigint_cmp(const uint64_t *a, const uint64_t *b, size_t n);
/* k (256 bits) = q d + rem with rem < d, for a divisor 0 < d < 2^128 (two limbs) and a quotient
 * known to fit 128 bits (k < d 2^128): Knuth's algorithm D with 64-bit digits (two quotient
 * digits), bit-serial for d < 2^64. The endomorphism splits of BLS12-381 (d = x^2) and BN254
 * (d = 6x^2 mod r), once per scalar of the GLV/GLS products. */
void bigint_div_u128(uint64_t q[2], uint64_t rem[2], const uint64_t k[4], const uint64_t d[2]);

#endif
