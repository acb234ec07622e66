/*
 * Validation of runs of decoded points of a .zkey (one point at a time: formats/point_decode.h);
 * zkey_load.c spreads the runs over threads. Arithmetic (decoding, curve and subgroup tests)
 * is the key's curve's (arith/bls12_381, arith/bn254), with the subgroup tests on AVX-512 IFMA
 * (arith/ifma) when the CPU has it: both of BLS12-381's, BN254's G2 (its G1 has cofactor 1).
 * Private to core/key. Thread-safe.
 */
#ifndef G16K_KEY_ZKEY_POINTS_H
#define G16K_KEY_ZKEY_POINTS_H

#include <stddef.h>
#include <stdint.h>

#include "bls12_381/curve.h"
#include "bn254/curve.h"
#include "curve/curve.h"
#include "formats/point_decode.h" /* the messages */

/* Index of the first of the n decoded points (on the curve; infinity counts as a member) that
 * lies outside the prime-order subgroup, or n when all are members. Scott's exact tests
 * (arith/bls12_381/g1.c, g2.c), eight points at a time on AVX-512 IFMA when ifma_available(),
 * each point alone otherwise; the same answer either way. */
size_t zkey_g1_first_outside(const g1_affine_t *pts, size_t n);
size_t zkey_g2_first_outside(const g2_affine_t *pts, size_t n);
/* BN254's G2 ([x + 1] P + psi([x] P) + psi^2([x] P) = psi^3([2x] P), arith/bn254/g2.c), the
 * same way (bn254_g2_ifma_in_subgroup). */
size_t zkey_bn254_g2_first_outside(const bn254_g2_affine_t *pts, size_t n);
/* Index of the first of the n points (infinity valid) with a coordinate >= p, or not on the
 * curve, or not in the subgroup, or n; *what (may be NULL) gets the reason, or NULL when all are
 * valid. */
size_t zkey_g1_first_invalid(const g1_affine_t *pts, size_t n, const char **what);
size_t zkey_g2_first_invalid(const g2_affine_t *pts, size_t n, const char **what);
size_t zkey_bn254_g2_first_invalid(const bn254_g2_affine_t *pts, size_t n, const char **what);
/* The same for n points of curve cv's G1 (g2 = 0) or G2 (g2 = 1), of its affine type
 * (8-byte aligned): BLS12-381's and BN254's G2 through the functions above, BN254's G1 one point
 * at a time through its descriptor's exact tests (curve.h g1_from_mont_bytes). */
size_t zkey_first_invalid(const curve *cv, int g2, const void *pts, size_t n, const char **what);

#endif
