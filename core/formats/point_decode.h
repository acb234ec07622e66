/*
 * One point of a .zkey or .ptau decoded and validated: docs/formats.md, "Encodings":
 * affine x || y, Montgomery little-endian, all-zero = infinity. The runs of points of a key are
 * validated in bulk by core/key/zkey_points.h, with the same messages. Thread-safe.
 */
#ifndef G16K_FORMATS_POINT_DECODE_H
#define G16K_FORMATS_POINT_DECODE_H

#include <stdint.h>

#include "bls12_381/curve.h"
#include "bn254/curve.h"

/* Decode and validate one point (coordinates < p, infinity only if allow_inf, on the curve, and
 * unless skip_subgroup in the prime-order subgroup). Returns NULL if valid, else a static
 * description. */
const char *zkey_point_g1(g1_affine_t *out, const uint8_t in[96], int allow_inf, int skip_subgroup);
const char *zkey_point_g2(g2_affine_t *out, const uint8_t in[192], int allow_inf,
                          int skip_subgroup);
/* The same on BN254 (the readers of core/setup's BN254 build). */
const char *bn254_zkey_point_g1(bn254_g1_affine_t *out, const uint8_t in[64], int allow_inf,
                                int skip_subgroup);
const char *bn254_zkey_point_g2(bn254_g2_affine_t *out, const uint8_t in[128], int allow_inf,
                                int skip_subgroup);

/* The messages of a point that fails the curve or the subgroup test. */
#define ZKEY_COORD_NOT_BELOW_P "a coordinate is >= p"
#define ZKEY_NOT_ON_CURVE "point not on the curve"
#define ZKEY_NOT_IN_SUBGROUP "point not in the prime-order subgroup"

#endif
