/*
 * BLS12-381 groups.
 *   G1: y^2 = x^3 + 4 over Fp.          G2: y^2 = x^3 + 4(u + 1) over Fp2 (M-twist).
 * The group law of each, its functions and contracts, is the one source of every group
 * (curve/jac_decl.h, curve/jac_impl.h): affine (0, 0) is infinity, Jacobian (X, Y, Z) stands for
 * (X/Z^2, Y/Z^3), Montgomery coordinates, EFD formulas. Here: the generators, the
 * endomorphisms and the subgroup tests. Subgroup checks: Scott, "A note on group membership tests for G1, G2 and GT on
 * BLS pairing-friendly curves", eprint 2021/1130; g1.c and g2.c give the proofs.
 * All functions are pure and thread-safe; outputs may alias inputs.
 */
#ifndef G16K_BLS12_381_CURVE_H
#define G16K_BLS12_381_CURVE_H

#include "tower.h"

typedef struct {
    fp_t x, y;
} g1_affine_t;
typedef struct {
    fp_t x, y, z;
} g1_jac_t;
typedef struct {
    fp2_t x, y;
} g2_affine_t;
typedef struct {
    fp2_t x, y, z;
} g2_jac_t;

extern const g1_affine_t G1_GENERATOR;
extern const g2_affine_t G2_GENERATOR;

/* |x| for the BLS parameter x = -0xd201000000010000 (negative; bits 63, 62, 60, 57, 48, 16):
 * the loop of the pairing and of the subgroup tests. */
#define BLS_X_ABS 0xd201000000010000ULL

/* ---- G1 ---- the group law of curve/jac_decl.h (96 bytes = x || y), and: */
#define G_FN(n) g1_##n
#define G_AFF g1_affine_t
#define G_JAC g1_jac_t
#define G_BYTES 96
#include "curve/jac_decl.h"
/* 1 iff p (on the curve; inf -> 1) is in the prime-order subgroup: Scott's exact test
 * [x^2] P + sigma(P) == O, 126 doublings and 10 additions (g1.c has the proof). */
int g1_affine_in_subgroup(const g1_affine_t *p);
/* out = [|x|] p (63 doublings, 5 mixed additions; complete: any p, infinity included). */
void g1_jac_mul_x_abs(g1_jac_t *out, const g1_affine_t *p);
/* sigma(P) = (beta x, y), beta the cube root of unity for which sigma(P) = -x^2 P on G1
 * (x = -0xd201000000010000, the BLS parameter); infinity stays infinity. For points of the
 * prime-order subgroup only. Source: GLV (Gallant, Lambert, Vanstone, CRYPTO 2001); the
 * eigenvalue as in Scott, eprint 2021/1130. */
void g1_affine_sigma(g1_affine_t *out, const g1_affine_t *p);
/* sigma on Jacobian coordinates: (beta X, Y, Z) = [-x^2] P on G1. */
void g1_jac_sigma(g1_jac_t *out, const g1_jac_t *p);

/* ---- G2 ---- the group law (192 bytes = x.c0 || x.c1 || y.c0 || y.c1), and: */
#define G_FN(n) g2_##n
#define G_AFF g2_affine_t
#define G_JAC g2_jac_t
#define G_BYTES 192
#include "curve/jac_decl.h"
/* 1 iff p (on the curve; inf -> 1) is in G2: Scott's exact test [|x|] P + psi(P) == O, 63
 * doublings and 5 mixed additions over Fp2 (g2.c has the proof). */
int g2_affine_in_subgroup(const g2_affine_t *p);
/* out = [|x|] p, like g1_jac_mul_x_abs. */
void g2_jac_mul_x_abs(g2_jac_t *out, const g2_affine_t *p);
/* psi(P) = (conj(x) cx, conj(y) cy), the untwist-Frobenius-twist endomorphism, which acts on
 * G2 as multiplication by x (the BLS parameter, negative); infinity stays infinity. Source:
 * Galbraith, Scott, "Exponentiation in pairing-friendly groups using homomorphisms", 2008;
 * Scott, eprint 2021/1130. */
void g2_affine_psi(g2_affine_t *out, const g2_affine_t *p);
/* psi^2 on Jacobian coordinates: (X N(cx), Y N(cy), Z) = [x^2] P on G2. */
void g2_jac_psi2(g2_jac_t *out, const g2_jac_t *p);

#endif
