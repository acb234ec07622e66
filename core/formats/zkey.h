/*
 * Reader of snarkjs Groth16 proving keys (.zkey), BLS12-381 only (FORMATS.md sections 1, 2, 4).
 *
 * The whole file is validated: magic "zkey", version 1, section table (ids 1..10, unique, sizes
 * inside the file, no 64-bit overflow), protocol 1 (Groth16), n8q = 48 and q = BLS12-381 p,
 * n8r = 32 and r = BLS12-381 r, domainSize a power of two >= 1 and <= 2^28 and consistent with
 * nVars/nPublic, every section size exactly what the header implies, coefficient matrix/row/signal
 * in range and value < r, every point's coordinates < p, on the curve and in the prime-order
 * subgroup (all-zero bytes = infinity, allowed in sections 3 and 5-9, not in the header points).
 * Section 10 (contributions) is not read and may be absent.
 *
 * Work and threads (load_pool.h): a reader thread reads the file into memory while the other
 * threads decode it in file order (coefficients, points and their on-curve tests) and hash it
 * (the tree digest of zkey_cache.h, when a verdict cache is used). The curve and subgroup tests,
 * which dominate the load, run on every thread: during the read when the decoding waits for the disk,
 * then after zkey_load_begin has returned, while the caller does other work (key.c hands the
 * points to the providers meanwhile), and in zkey_load_end. A key whose digest the verdict cache
 * holds skips those tests. All of the file comes from one read: the digest, the table and
 * every decoded value describe the same bytes, even if the file changes meanwhile (then the
 * load fails, or describes the old content).
 *
 * On error: returns a negative g16k_status (G16K_EFORMAT for bad content, G16K_EIO for I/O,
 * G16K_ENOMEM) and sets the core error (util/error.h) to one line naming the file, the section and
 * the byte offset (and the point index for points). When several points are bad, the first in
 * file order is named (the subgroup tests: the first in section order), whatever the threads.
 * Thread-safe (no shared state).
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

/* What a long load has done so far (zkey_load_opts.progress). */
typedef struct zkey_progress {
    uint64_t bytes_read, bytes;     /* of the file */
    uint64_t checked, to_check;     /* points through the subgroup test / all points to test */
    double seconds;                 /* since zkey_load_begin */
    int cached;                     /* 1 once the verdict cache vouched for the file (no tests) */
    int done;                       /* 1 in the last call */
} zkey_progress;
typedef void zkey_progress_fn(void *user, const zkey_progress *p);

typedef struct zkey_load_opts {
    unsigned threads;               /* threads, the caller's included (0 = 1) */
    const char *cache_dir;          /* verdict cache folder (zkey_cache.h); NULL or "" = none */
    zkey_progress_fn *progress;     /* NULL = none. Called from any of the load's threads, never
                                     * two at once, at most every 0.1 s, and once at the end */
    void *progress_user;
    int no_tests;                   /* 1: no subgroup tests, no digest (g16k bench load's parse
                                     * phase only: such a key is not validated) */
} zkey_load_opts;

/* Seconds from zkey_load_begin to the end of each phase, and what was tested. */
typedef struct zkey_load_stats {
    double read, decoded, digest, checked;
    int cached;                     /* 1: the verdict cache held the key, no subgroup tests */
    uint64_t g1_points, g2_points;  /* points tested (infinity included) */
} zkey_load_stats;

typedef struct zkey_loading zkey_loading;

/* Read and decode path (headers, coefficients, point coordinates < p); start the tests of the
 * points (on the curve, in the subgroup). On success
 * *out is a new zkey owned by the caller (zkey_free), fully decoded, and *ld the tests still
 * running: the caller must call zkey_load_end or zkey_load_cancel, and must not free *out
 * before that. On error nothing is allocated and *out, *ld are untouched. */
int  zkey_load_begin(const char *path, const zkey_load_opts *opts, zkey **out, zkey_loading **ld);
/* Help with and wait for the subgroup tests; on success record the verdict in the cache.
 * G16K_OK, or G16K_EFORMAT naming the first point off the curve or outside its subgroup (in
 * section order). Frees ld; *out of
 * zkey_load_begin stays the caller's either way. st (may be NULL) gets the phase times. */
int  zkey_load_end(zkey_loading *ld, zkey_load_stats *st /* OUT */);
/* Stop the tests and free ld (after another error). */
void zkey_load_cancel(zkey_loading *ld);
/* zkey_load_begin + zkey_load_end without a cache. On error *out is untouched, nothing kept. */
int  zkey_load(const char *path, unsigned threads, zkey **out);
void zkey_free(zkey *k);   /* NULL is a no-op */

#endif
