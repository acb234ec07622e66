/*
 * Decoding and validation of the points of a .zkey (docs/formats.md, "Encodings": affine x || y,
 * Montgomery little-endian, all-zero = infinity), one point or a run of decoded points at a
 * time; zkey_load.c spreads the runs over threads. Arithmetic (decoding, curve and subgroup tests)
 * is arith/bls12_381's, with the subgroup tests on AVX-512 IFMA (arith/ifma) when the CPU has it.
 * Private to core/formats. Thread-safe.
 */
#ifndef G16K_FORMATS_ZKEY_POINTS_H
#define G16K_FORMATS_ZKEY_POINTS_H

#include <stddef.h>
#include <stdint.h>

#include "bls12_381/curve.h"

/* Decode and validate one point (coordinates < p, infinity only if allow_inf, on the curve, and
 * unless skip_subgroup in the prime-order subgroup). Returns NULL if valid, else a static
 * description. */
const char *zkey_point_g1(g1_affine_t *out, const uint8_t in[96], int allow_inf, int skip_subgroup);
const char *zkey_point_g2(g2_affine_t *out, const uint8_t in[192], int allow_inf,
                          int skip_subgroup);

/* The messages of a point that fails the curve or the subgroup test. */
#define ZKEY_COORD_NOT_BELOW_P "a coordinate is >= p"
#define ZKEY_NOT_ON_CURVE "point not on the curve"
#define ZKEY_NOT_IN_SUBGROUP "point not in the prime-order subgroup"

/* Index of the first of the n decoded points (on the curve; infinity counts as a member) that
 * lies outside the prime-order subgroup, or n when all are members. Scott's exact tests
 * (arith/bls12_381/g1.c, g2.c), eight points at a time on AVX-512 IFMA when ifma_available(),
 * each point alone otherwise; the same answer either way. */
size_t zkey_g1_first_outside(const g1_affine_t *pts, size_t n);
size_t zkey_g2_first_outside(const g2_affine_t *pts, size_t n);
/* Index of the first of the n points (infinity valid) with a coordinate >= p, or not on the
 * curve, or not in the subgroup, or n; *what (may be NULL) gets the reason, or NULL when all are
 * valid. */
size_t zkey_g1_first_invalid(const g1_affine_t *pts, size_t n, const char **what);
size_t zkey_g2_first_invalid(const g2_affine_t *pts, size_t n, const char **what);

#endif
