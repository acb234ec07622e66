/*
 * Reader of snarkjs Groth16 proving keys (.zkey), BLS12-381 only (FORMATS.md sections 1, 2, 4).
 *
 * The whole file is validated: magic "zkey", version 1, section table (ids 1..10, unique, sizes
 * inside the file, no 64-bit overflow), protocol 1 (Groth16), n8q = 48 and q = BLS12-381 p,
 * n8r = 32 and r = BLS12-381 r, domainSize a power of two >= 1 and <= 2^28 and consistent with
 * nVars/nPublic, every section size exactly what the header implies, coefficient matrix/row/signal
 * in range and value < r, every point's coordinates < p, on the curve and in the prime-order
 * subgroup (all-zero bytes = infinity, allowed in sections 3 and 5-9, not in the header points).
 * Section 10 (contributions) is not read and may be absent. Point validation (mostly the
 * subgroup tests) dominates the load time; it runs on `threads` threads (zkey_points.c).
 * On error: returns a negative g16k_status (G16K_EFORMAT for bad content, G16K_EIO for I/O,
 * G16K_ENOMEM) and sets the core error (util/error.h) to one line naming the file, the section and
 * the byte offset. Nothing is allocated on error. Thread-safe (no shared state).
 */
#ifndef G16K_FORMATS_ZKEY_H
#define G16K_FORMATS_ZKEY_H

#include <stdint.h>

#include "g16k/plugin.h"
#include "../bls12_381/curve.h"

typedef struct zkey {
    uint32_t n_vars;        /* witness length (incl. w[0] = 1) */
    uint32_t n_public;      /* P = outputs + public inputs */
    uint32_t domain_size;   /* n = 2^log_n */
    uint32_t log_n;
    g1_affine_t alpha1, beta1, delta1;   /* Montgomery form; never infinity */
    g2_affine_t beta2, gamma2, delta2;
    g1_affine_t *ic;        /* n_public + 1 points (section 3) */
    uint64_t n_coefs;
    g16k_coef *coefs;       /* section 4; value = coef in Fr Montgomery form (stored*R^-2 * R) */
    g1_affine_t *a;         /* n_vars points (section 5) */
    g1_affine_t *b1;        /* n_vars points (section 6) */
    g2_affine_t *b2;        /* n_vars points (section 7) */
    g1_affine_t *c;         /* n_vars - n_public - 1 points (section 8), for signals P+1.. */
    g1_affine_t *h;         /* domain_size points (section 9) */
} zkey;

/* Progress report of a long load (the type of g16k.h's g16k_progress_fn): stage "check", done
 * and total in points. Non-zero return = cancel. Called on the loading thread only. */
typedef int (*zkey_progress_fn)(void *user, const char *stage, uint64_t done, uint64_t total);

/* Where a key comes from and how to load it: the file at path, or when data != NULL the size
 * bytes at data (borrowed during the call; path is then the name used in messages). */
typedef struct zkey_load_args {
    const char *path;
    const void *data;
    uint64_t size;
    unsigned threads;           /* point validation threads, the caller's included (0 = 1) */
    const char *cache_dir;      /* verdict cache of zkey_cache.h, NULL or "" = none */
    zkey_progress_fn progress;  /* optional; a cancel makes the load return G16K_ECANCELED */
    void *progress_user;
} zkey_load_args;

/* Load and validate as args say; *out as for zkey_load. */
int  zkey_load_from(const zkey_load_args *args, zkey **out);

/* Load and validate path (read through mmap; unmapped before returning, nothing kept).
 * On success *out is a new zkey owned by the caller (zkey_free); on error *out is untouched.
 * threads: threads for point validation, the calling thread included (0 = 1). */
int  zkey_load(const char *path, unsigned threads, zkey **out);
/* As zkey_load, with the verdict cache of zkey_cache.h in cache_dir (NULL or "": no cache): a key
 * whose digest is recorded there skips the subgroup checks; a fully checked key is recorded. */
int  zkey_load_cached(const char *path, unsigned threads, const char *cache_dir, zkey **out);
/* What a key promises without reading its points: the container, protocol, groth16 header (its
 * six points checked) and every section's size, of size bytes at data (borrowed; name is used in
 * messages). Fills the counts and header points of *hdr; its arrays stay NULL (nothing to free).
 * For checks that need no proving key in memory (g16k submit). Errors as zkey_load. */
int  zkey_read_header(const char *name, const void *data, uint64_t size, zkey *hdr /* OUT */);
void zkey_free(zkey *k);   /* NULL is a no-op */

#endif
