/*
 * Decoding and validation of the point arrays of a .zkey (FORMATS.md section 2: affine x || y,
 * Montgomery little-endian, all-zero = infinity), spread over pthreads because subgroup checks of
 * a large key dominate its load time. Private to core/formats (zkey.c).
 */
#ifndef G16K_FORMATS_ZKEY_POINTS_H
#define G16K_FORMATS_ZKEY_POINTS_H

#include <stdint.h>

#include "../bls12_381/curve.h"

/* One array of points: count points of 96 (G1) or 192 (G2) bytes at src, decoded into dst. */
typedef struct zkey_point_job {
    uint32_t section;       /* section id, for messages */
    const uint8_t *src;     /* borrowed: mapped file bytes */
    uint64_t file_offset;   /* file offset of src, for messages */
    void *dst;              /* g1_affine_t[count] or g2_affine_t[count], caller-owned */
    uint64_t count;
    int g2;                 /* 0 = G1, 1 = G2 */
    int allow_inf;          /* infinity (all-zero bytes) accepted */
    int skip_subgroup;      /* 1: the key's digest is in the verdict cache (zkey_cache.h) */
} zkey_point_job;

/* Where validation failed: the first bad point found (not necessarily the lowest index when
 * several are bad and threads > 1). */
typedef struct zkey_point_error {
    uint32_t job;           /* index into the job array */
    uint64_t index;         /* point index inside that job */
    const char *what;       /* static string: "a coordinate is >= p", "not on the curve", ... */
} zkey_point_error;

/* Decode and validate one point (coordinates < p, infinity only if allow_inf, on the curve, and
 * unless skip_subgroup in the prime-order subgroup). Returns NULL if valid, else a static
 * description. */
const char *zkey_point_g1(g1_affine_t *out, const uint8_t in[96], int allow_inf, int skip_subgroup);
const char *zkey_point_g2(g2_affine_t *out, const uint8_t in[192], int allow_inf, int skip_subgroup);

/* Progress of a validation: fn(user, "check", points done, points in all jobs) is called on the
 * calling thread only, at the start and after each chunk it validated; non-zero = cancel. */
typedef struct zkey_points_progress {
    int (*fn)(void *user, const char *stage, uint64_t done, uint64_t total);
    void *user;
} zkey_points_progress;

#define ZKEY_POINTS_CANCELED 2

/* Decode and validate all jobs with `threads` threads (0 = 1; the calling thread is one of them).
 * Returns 0 when every point is valid; 1 with *err filled when one is not; -1 when a thread
 * could not be started (no message set; the caller reports it); ZKEY_POINTS_CANCELED when
 * progress (NULL = none) asked to stop: every thread stops at its next chunk. Thread-safe. */
int zkey_points_validate(const zkey_point_job *jobs, uint32_t n_jobs, unsigned threads,
                         const zkey_points_progress *progress, zkey_point_error *err /* OUT */);

#endif
