/*
 * BLS12-381 groups.
 *   G1: y^2 = x^3 + 4 over Fp.          G2: y^2 = x^3 + 4(u + 1) over Fp2 (M-twist).
 * Affine points use (0, 0) for the point at infinity (it is not on either curve), which is the
 * encoding of the plugin ABI and of snarkjs zkeys. Jacobian points (X, Y, Z) stand for
 * (X/Z^2, Y/Z^3); Z = 0 is infinity. Coordinates are in Montgomery form.
 * Formulas: Jacobian add/double from the Explicit-Formulas Database (add-2007-bl, dbl-2009-l,
 * madd-2007-bl). Subgroup checks: Scott, "A note on group membership tests for G1, G2 and GT on
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

/* ---- G1 ---- */
int g1_affine_is_inf(const g1_affine_t *p);
int g1_affine_is_on_curve(const g1_affine_t *p); /* infinity counts as on the curve */
/* 1 iff p (on the curve; inf -> 1) is in the prime-order subgroup: Scott's exact test
 * [x^2] P + sigma(P) == O, 126 doublings and 10 additions (g1.c has the proof). */
int g1_affine_in_subgroup(const g1_affine_t *p);
/* out = [|x|] p (63 doublings, 5 mixed additions; complete: any p, infinity included). */
void g1_jac_mul_x_abs(g1_jac_t *out, const g1_affine_t *p);
int g1_affine_eq(const g1_affine_t *a, const g1_affine_t *b);
void g1_affine_neg(g1_affine_t *out, const g1_affine_t *p);
/* sigma(P) = (beta x, y), beta the cube root of unity for which sigma(P) = -x^2 P on G1
 * (x = -0xd201000000010000, the BLS parameter); infinity stays infinity. For points of the
 * prime-order subgroup only. Source: GLV (Gallant, Lambert, Vanstone, CRYPTO 2001); the
 * eigenvalue as in Scott, eprint 2021/1130. */
void g1_affine_sigma(g1_affine_t *out, const g1_affine_t *p);
/* sigma on Jacobian coordinates: (beta X, Y, Z) = [-x^2] P on G1. */
void g1_jac_sigma(g1_jac_t *out, const g1_jac_t *p);
void g1_jac_set_inf(g1_jac_t *out);
int g1_jac_is_inf(const g1_jac_t *p);
void g1_jac_from_affine(g1_jac_t *out, const g1_affine_t *p);
void g1_jac_to_affine(g1_affine_t *out, const g1_jac_t *p);
/* Convert n Jacobian points with one inversion (Montgomery's trick). */
void g1_jac_batch_to_affine(g1_affine_t *out, const g1_jac_t *p, size_t n);
int g1_jac_eq(const g1_jac_t *a, const g1_jac_t *b); /* projective equality */
void g1_jac_neg(g1_jac_t *out, const g1_jac_t *p);
void g1_jac_dbl(g1_jac_t *out, const g1_jac_t *p);
void g1_jac_add(g1_jac_t *out, const g1_jac_t *a,
                const g1_jac_t *b); /* complete: handles a == b, inf */
void g1_jac_add_affine(g1_jac_t *out, const g1_jac_t *a,
                       const g1_affine_t *b); /* complete likewise */
/* out = k * p, k a canonical integer as little-endian limbs (any length; double-and-add). */
void g1_jac_mul(g1_jac_t *out, const g1_jac_t *p, const uint64_t *k, size_t k_limbs);
/* Bytes: 96 = x || y, each 48 bytes LE; _mont = Montgomery limbs (zkey), _canon = canonical.
 * Decoders check only that coordinates are < p; callers check curve and subgroup. */
int g1_affine_from_bytes_mont(g1_affine_t *out, const uint8_t in[96]);
int g1_affine_from_bytes_canon(g1_affine_t *out, const uint8_t in[96]);
void g1_affine_to_bytes_canon(uint8_t out[96], const g1_affine_t *p);

/* ---- G2 ---- (same contracts; 192 bytes = x.c0 || x.c1 || y.c0 || y.c1) */
int g2_affine_is_inf(const g2_affine_t *p);
int g2_affine_is_on_curve(const g2_affine_t *p);
/* 1 iff p (on the curve; inf -> 1) is in G2: Scott's exact test [|x|] P + psi(P) == O, 63
 * doublings and 5 mixed additions over Fp2 (g2.c has the proof). */
int g2_affine_in_subgroup(const g2_affine_t *p);
/* out = [|x|] p, like g1_jac_mul_x_abs. */
void g2_jac_mul_x_abs(g2_jac_t *out, const g2_affine_t *p);
int g2_affine_eq(const g2_affine_t *a, const g2_affine_t *b);
void g2_affine_neg(g2_affine_t *out, const g2_affine_t *p);
/* psi(P) = (conj(x) cx, conj(y) cy), the untwist-Frobenius-twist endomorphism, which acts on
 * G2 as multiplication by x (the BLS parameter, negative); infinity stays infinity. Source:
 * Galbraith, Scott, "Exponentiation in pairing-friendly groups using homomorphisms", 2008;
 * Scott, eprint 2021/1130. */
void g2_affine_psi(g2_affine_t *out, const g2_affine_t *p);
/* psi^2 on Jacobian coordinates: (X N(cx), Y N(cy), Z) = [x^2] P on G2. */
void g2_jac_psi2(g2_jac_t *out, const g2_jac_t *p);
void g2_jac_set_inf(g2_jac_t *out);
int g2_jac_is_inf(const g2_jac_t *p);
void g2_jac_from_affine(g2_jac_t *out, const g2_affine_t *p);
void g2_jac_to_affine(g2_affine_t *out, const g2_jac_t *p);
void g2_jac_batch_to_affine(g2_affine_t *out, const g2_jac_t *p, size_t n);
int g2_jac_eq(const g2_jac_t *a, const g2_jac_t *b);
void g2_jac_neg(g2_jac_t *out, const g2_jac_t *p);
void g2_jac_dbl(g2_jac_t *out, const g2_jac_t *p);
void g2_jac_add(g2_jac_t *out, const g2_jac_t *a, const g2_jac_t *b);
void g2_jac_add_affine(g2_jac_t *out, const g2_jac_t *a, const g2_affine_t *b);
void g2_jac_mul(g2_jac_t *out, const g2_jac_t *p, const uint64_t *k, size_t k_limbs);
int g2_affine_from_bytes_mont(g2_affine_t *out, const uint8_t in[192]);
int g2_affine_from_bytes_canon(g2_affine_t *out, const uint8_t in[192]);
void g2_affine_to_bytes_canon(uint8_t out[192], const g2_affine_t *p);

#endif
