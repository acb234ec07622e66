/*
 * BN254 groups (snarkjs's bn128; EIP-196/197).
 *   G1: y^2 = x^3 + 3 over Fp, cofactor 1.    G2: y^2 = x^3 + 3/(9 + u) over Fp2 (D-twist).
 * The group law of each, its functions and contracts, is the one source of every group
 * (curve/jac_decl.h, curve/jac_impl.h): affine (0, 0) is infinity, Jacobian (X, Y, Z) stands for
 * (X/Z^2, Y/Z^3), Montgomery coordinates, EFD formulas. Here: the generators, psi and the
 * subgroup tests (g1.c and g2.c give the proofs). The BN parameter x = 4965661367192848881:
 * p = 36x^4 + 36x^3 + 24x^2 + 6x + 1, r = 36x^4 + 36x^3 + 18x^2 + 6x + 1.
 */
#ifndef G16K_BN254_CURVE_H
#define G16K_BN254_CURVE_H

#include "tower.h"

typedef struct {
    bn254_fp_t x, y;
} bn254_g1_affine_t;
typedef struct {
    bn254_fp_t x, y, z;
} bn254_g1_jac_t;
typedef struct {
    bn254_fp2_t x, y;
} bn254_g2_affine_t;
typedef struct {
    bn254_fp2_t x, y, z;
} bn254_g2_jac_t;

extern const bn254_g1_affine_t BN254_G1_GENERATOR; /* (1, 2) */
extern const bn254_g2_affine_t BN254_G2_GENERATOR; /* EIP-197's, snarkjs's */

#define BN254_X 4965661367192848881ULL

/* ---- G1 ---- the group law of curve/jac_decl.h (64 bytes = x || y), and: */
#define G_FN(n) bn254_g1_##n
#define G_AFF bn254_g1_affine_t
#define G_JAC bn254_g1_jac_t
#define G_BYTES 64
#include "curve/jac_decl.h"
/* 1 iff p (on the curve; inf -> 1) is in G1: every point of E(Fp) is (cofactor 1). */
int bn254_g1_affine_in_subgroup(const bn254_g1_affine_t *p);

/* ---- G2 ---- the group law (128 bytes = x.c0 || x.c1 || y.c0 || y.c1), and: */
#define G_FN(n) bn254_g2_##n
#define G_AFF bn254_g2_affine_t
#define G_JAC bn254_g2_jac_t
#define G_BYTES 128
#include "curve/jac_decl.h"
/* psi(P) = (conj(x) cx, conj(y) cy), cx = xi^((p-1)/3), cy = xi^((p-1)/2): the twisted
 * p-power Frobenius, a group endomorphism of E'(Fp2) acting on G2 as [p] = [6x^2]; infinity
 * stays infinity. Source: Galbraith, Scott, "Exponentiation in pairing-friendly groups using
 * homomorphisms", 2008. */
void bn254_g2_affine_psi(bn254_g2_affine_t *out, const bn254_g2_affine_t *p);
/* psi on Jacobian coordinates: (conj(X) cx, conj(Y) cy, conj(Z)) = [6x^2] P on G2. */
void bn254_g2_jac_psi(bn254_g2_jac_t *out, const bn254_g2_jac_t *p);
/* 1 iff p (on the curve; inf -> 1) is in G2: the exact test
 * [x + 1] P + psi([x] P) + psi^2([x] P) == psi^3([2x] P) (g2.c has the proof; Scott, eprint
 * 2021/1130; El Housni, Guillevic, Piellard, eprint 2022/348, section 4), 63 doublings and
 * about 32 additions over Fp2. */
int bn254_g2_affine_in_subgroup(const bn254_g2_affine_t *p);

#endif
