/*
 * Little-endian multi-limb integers (64-bit limbs, canonical values): decimal parsing and
 * printing, comparison. Shared by every field's decimal wrappers and the JSON readers/writers
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

#endif
