/*
 * Helpers shared by the snarkjs JSON readers and writers of core/formats (json_io.h): strict
 * loading with json-c, typed member access that names the JSON path in errors, snarkjs point
 * objects, and a small append-only text buffer for the writers. Private to core/formats.
 * Every int-returning function returns G16K_OK or a negative g16k_status after setting the
 * one-line core error "FILE: JSON.PATH: what is wrong". Thread-safe.
 */
#ifndef G16K_FORMATS_JSON_INTERNAL_H
#define G16K_FORMATS_JSON_INTERNAL_H

#include <json-c/json.h>
#include <stddef.h>

#include "curve/curve.h"
#include "json_io.h"

/* Size limits (reject before reading): proof.json / public.json, and verification_key.json. */
#define JSON_MAX_SMALL (16u << 20)
#define JSON_MAX_VK (64u << 20)

/* Parse a whole text of at most max_bytes in json-c strict mode; only whitespace may follow the
 * value. The text is the file at path `name` when text is NULL, else the len bytes at text
 * (read during the call only; no NUL needed), which messages call `name` ("proof buffer"):
 * both go through the same parser, checks and messages. *out is a new reference the caller
 * drops with json_object_put.
 * G16K_EIO: cannot open/read the file; G16K_EFORMAT: too big, syntax error (with the byte
 * offset); G16K_ENOMEM. */
int json_get(const char *name, const char *text, size_t len, size_t max_bytes,
             json_object **out /* OUT */);

/* obj[key] (obj at JSON path `at`, "" for the root) must exist and have the given type.
 * *out is borrowed from obj. */
int json_member(const char *file, const char *at, json_object *obj, const char *key, json_type type,
                json_object **out /* OUT */);

/* Require arr (at path `at`) to be an array of exactly n elements. */
int json_expect_array(const char *file, const char *at, json_object *arr, size_t n);

/* The one rule for every number g16k reads from JSON (coordinates, public signals): NULL when
 * str (len bytes) is the canonical decimal form of a value below modulus (n limbs), stored in
 * v; else why not ("leading zero", ..., or too_big when it is not below the modulus).
 * Canonical: digits only (no sign, space or exponent), no leading zero except "0" itself, so
 * that one value has one spelling (snarkjs also reads "033" as 33). */
const char *json_canonical_dec(const char *str, size_t len, uint64_t *v, size_t n,
                               const uint64_t *modulus, const char *too_big);

/* A canonical decimal string (json_canonical_dec) below cv's p at path `at`, as cv->fp_limbs
 * canonical limbs. G16K_EFORMAT naming the path and why otherwise. */
int json_fp(const char *file, const char *at, json_object *s, const curve *cv, uint64_t *canon);

/* snarkjs point objects of curve cv: G1 [x, y, z], G2 [[x0, x1], [y0, y1], [z0, z1]], decimal
 * strings below p. z = 1 is affine, z = 0 is infinity, other z are Jacobian (x/z^2, y/z^3), as
 * snarkjs' fromObject. The result (cv's affine type, Montgomery, into out) must be on the curve
 * and in the prime-order subgroup, else G16K_EVERIFY (snarkjs checks only the curve; a point
 * outside the subgroup never comes from an honest prover). */
int json_g1(const char *file, const char *at, json_object *v, const curve *cv, void *out);
int json_g2(const char *file, const char *at, json_object *v, const curve *cv, void *out);

/* Growable text for the writers. Append functions remember a failed allocation; the text is
 * valid only when strbuf_ok. Owner frees data with strbuf_free. */
typedef struct strbuf {
    char *data;
    size_t len, cap;
    int failed;
} strbuf;

void strbuf_puts(strbuf *b, const char *s);
int strbuf_ok(const strbuf *b);
void strbuf_free(strbuf *b);
/* Hand the text to the caller: *out (free()) and *len, G16K_OK; or free it and set G16K_ENOMEM
 * ("out of memory") when an append failed. */
int strbuf_take(strbuf *b, char **out, size_t *len);

/* The text proof_json_write / public_json_write would write, appended to an empty b (path for
 * messages; b freed on error). */
int proof_json_text(strbuf *b, const char *path, const groth16_proof *p);
int public_json_text(strbuf *b, const char *path, const curve *cv, const curve_scalar *canon,
                     size_t n);

/* Advisory lock (flock) on the folders holding path_a and path_b (either may be NULL; one lock
 * when they share a folder), shared or exclusive, blocking; best effort, see dir_lock.c. */
typedef struct dir_lock {
    int fd[2];
} dir_lock;
void dir_lock_acquire(dir_lock *lk /* OUT */, const char *path_a, const char *path_b,
                      int exclusive);
void dir_lock_release(dir_lock *lk);

#endif
