/*
 * Helpers for the core/formats tests: fixture paths, whole-file read/write, a private scratch
 * folder, iden3 container walking (written here again, independently of core/formats/binfile.c,
 * so the tests do not trust the code they test), and error assertions.
 */
#ifndef G16K_TESTS_FORMATS_FMT_UTIL_H
#define G16K_TESTS_FORMATS_FMT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "bn254/curve.h"

#define FIXTURE_COUNT 5
extern const char *const FIXTURES[FIXTURE_COUNT]; /* mult, nopub, poseidon2, ... */

/* "<G16K_FIXTURES>/<name>/<file>" in a static buffer (valid until the next call). */
const char *fixture_path(const char *name, const char *file);
/* The same under G16K_BN128_FIXTURES (the committed tests/fixtures/bn128). */
const char *bn128_path(const char *name, const char *file);

/* Whole file; caller frees. Fails the test when unreadable. */
uint8_t *read_whole(const char *path, size_t *len);
void write_whole(const char *path, const void *data, size_t len);

/* A fresh folder under $TMPDIR (or /tmp) for this process; scratch_path names a file in it. */
const char *scratch_dir(void);
const char *scratch_path(const char *file); /* static buffer, valid until the next call */
void scratch_cleanup(void);

/* Section table of an iden3 container in memory: payload offset and size of id (first match),
 * and the offset of its table entry (id field). Returns 0 when found. */
int container_find(const uint8_t *d, size_t len, uint32_t id, size_t *payload, uint64_t *size,
                   size_t *entry);

/* Copy of d without section id (nSections decremented). Caller frees. */
uint8_t *container_drop(const uint8_t *d, size_t len, uint32_t id, size_t *out_len);

void put_le32(uint8_t *p, uint32_t v);
void put_le64(uint8_t *p, uint64_t v);
uint32_t get_le32(const uint8_t *p);

/* Assert rc == want and that the core error message contains every string of the NULL-ended
 * list; prints the message on failure. */
void expect_error(int rc, int want, ...);
/* The same with the list as a va_list, and the message also naming file (unless NULL). */
void expect_error_in(int rc, int want, const char *file, va_list pieces);

/* A value from r1cs_info.txt ("# of Wires: 4" -> key "Wires"). */
uint32_t r1cs_info(const char *fixture, const char *key);

/* A point of BN254's twist outside G2 (on the curve; [r] P != O asserted): for hostile keys and
 * proofs. */
void bn254_g2_off_subgroup(bn254_g2_affine_t *out);

#endif
