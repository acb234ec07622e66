/*
 * GLV on BN254 G1 and GLS on G2. G1 (Gallant, Lambert, Vanstone, CRYPTO 2001): sigma(x, y) = (beta x, y), beta a
 * cube root of unity in Fp, acts on G1 as [lambda] with lambda a cube root of unity mod r, so
 * [k] P = [k1] P + [k2] sigma(P) with |k1|, |k2| < 2^128 found by Babai rounding on a short basis
 * of the lattice {(a, b) : a + b lambda = 0 mod r} (extended Euclid on r and lambda, the
 * paper's section 4; the precomputed g1 = floor(2^256 b2 / r), g2 = floor(2^256 |b1| / r) turn
 * the two roundings into products, as gnark-crypto and arkworks do). For the MSMs' digit
 * plans and the group FFT of `g16k ptau` on BN254; variable time (public scalars, or on the
 * contributor's own machine). Pure, thread-safe; outputs may alias inputs.
 */
#ifndef G16K_BN254_GLV_H
#define G16K_BN254_GLV_H

#include <stdint.h>

#include "curve.h"

/* lambda = 21888242871839275217838484774961031246154997185409878258781734729429964517155, as
 * little-endian limbs (canonical). */
extern const uint64_t BN254_GLV_LAMBDA[4];

/* k (canonical, < r) = s1 k1 + s2 k2 lambda mod r with k1, k2 < 2^128 as two limbs each and
 * s1, s2 in {+1, -1} (neg1/neg2 set to 1 for -1). Bound: the roundings are off by at most 1,
 * so |k_i| <= 1.5 (|a_i| + |b_i|) < 2^128 for the basis below (127 bits in 10^5 random trials). */
void bn254_glv_split(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2, const uint64_t k[4]);
/* sigma on Jacobian coordinates: (beta X, Y, Z) = [lambda] P on G1; infinity stays infinity. */
void bn254_g1_jac_sigma(bn254_g1_jac_t *out, const bn254_g1_jac_t *p);
/* out = [k] p, k canonical (< r), through the split and a joint double-and-add (Shamir's
 * trick): 128 doublings instead of 254. */
void bn254_g1_jac_mul_glv(bn254_g1_jac_t *out, const bn254_g1_jac_t *p, const uint64_t k[4]);

/* GLS on G2 (Galbraith, Lin, Scott, EUROCRYPT 2009), in two dimensions: psi acts on G2 as [l],
 * l = p mod r = 6x^2 (127 bits), so [k] P = [k1] P + [k2] psi(P) with k = k1 + k2 l, k1 < l,
 * k2 = floor(k / l) < r / l < 2^127 (a division, as BLS12-381's glv_split). */
void bn254_gls_split(uint64_t k1[2], uint64_t k2[2], const uint64_t k[4]);
/* out = [k] p on G2, k canonical (< r): 127 doublings instead of 254. */
void bn254_g2_jac_mul_gls(bn254_g2_jac_t *out, const bn254_g2_jac_t *p, const uint64_t k[4]);

/* GLS on G2 in four dimensions (Galbraith and Scott, "Exponentiation in pairing-friendly groups
 * using homomorphisms", Pairing 2008, section 7 for BN curves): psi's eigenvalue l = 6x^2 is a
 * root of l^4 - l^2 + 1 mod r, so k = s0 v0 + s1 v1 l + s2 v2 l^2 + s3 v3 l^3 mod r with
 * v_i < 2^67 (two limbs each) and signs s_i = -1 where neg[i] is 1: 64 doublings instead of
 * 127, for the IFMA lanes' products (arith/ifma). Babai rounding on the short basis of the
 * paper, (x+1, x, x, -2x), (2x+1, -x, -x-1, -x), (2x, 2x+1, 2x+1, 2x+1), (x-1, 4x+2, -2x+1,
 * x-1), which spans the vectors (a_i) with sum a_i l^i = 0 mod r (index 3: determinant -3r),
 * each rounding a product by a precomputed floor(2^256 |adj_j| / 3r); the result is k's
 * vector minus the rounded combination, computed modulo 2^128. Bound: each rounding is off by
 * less than 2, so |v_i| < 2 (sum_j |b_ji|) <= 16x + 6 < 2^67 (65 bits in 10^5 random trials).
 * k canonical (< r). */
void bn254_gls4_split(uint64_t v[4][2], int neg[4], const uint64_t k[4]);

/* A scalar made ready once for many products, BN254's counterpart of BLS12-381's glv_fixed: k
 * canonical (< r), each group splitting it its own way where it multiplies (GLV on G1, GLS on
 * G2), so one value serves both groups. The setup's reference products and the IFMA lanes'
 * eight at a time (arith/ifma bn254_g1_/g2_ifma_mul_glv) take it. */
typedef struct bn254_glv_fixed {
    uint64_t k[4];
} bn254_glv_fixed;
/* Makes *s from k (Montgomery form, any value of Fr). */
void bn254_glv_fixed_set(bn254_glv_fixed *s, const bn254_fr_t *k);

#endif
