/*
 * Scalar multiplication by one Fr scalar through the curves' endomorphisms (GLV, Gallant,
 * Lambert and Vanstone, CRYPTO 2001; for G2 the psi^2 case of GLS, Galbraith, Lin and Scott,
 * EUROCRYPT 2009): k = k1 + k2 x^2 with x the BLS parameter, 0 <= k1, k2 < x^2 < 2^128, and
 *   G1: [x^2] P = -sigma(P)   (g1.c: sigma = [-x^2] on G1),
 *   G2: [x^2] P = psi^2(P)    (g2.c: psi = [x] on G2),
 * so [k] P = [k1] P + [k2] Q with Q a cheap image of P: 128 doublings instead of 255, and width-5
 * signed digits (wNAF, each digit odd in -15..15 or 0, no two non-zero digits within 5 places)
 * for about 2 * 128 / 6 additions. For the group FFT and the contributions of `g16k ptau`, where
 * each point has its own scalar (MSMs use the plugins' Pippenger). Variable time: for public
 * scalars (twiddles) or where timing is not observable by others; secret scalars of a
 * contribution are used on the contributor's machine only.
 * Pure, thread-safe; outputs may alias inputs.
 */
#ifndef G16K_BLS12_381_GLV_H
#define G16K_BLS12_381_GLV_H

#include <stdint.h>

#include "curve.h"

#define GLV_DIGITS 130 /* wNAF of a value below 2^128: at most 129 digits */

/* A scalar recoded once, to multiply many points by it. */
typedef struct glv_scalar {
    int8_t d[2][GLV_DIGITS]; /* d[0]: k1, d[1]: k2; digit i weighs 2^i */
    int len;                 /* digits in use (the highest non-zero + 1; 0 for k = 0) */
} glv_scalar;

/* Recode k (Montgomery form, any value of Fr). */
void glv_scalar_set(glv_scalar *s, const fr_t *k);
/* The split alone, for tests: k (canonical, < r) = k1 + k2 * x^2, each half 2 limbs. */
void glv_split(uint64_t k1[2], uint64_t k2[2], const uint64_t k[4]);

/* The same split in signed fixed windows of 4 bits, for eight lanes at once (arith/ifma
 * g1_ifma_mul_glv): every window of each half has a digit in -8..8 (0 rarely), so all lanes add
 * in step; value = sum d[h][i] 16^i. */
#define GLV_WINDOWS 33 /* 128 bits in 4-bit windows, plus the carry of the signed recoding */
typedef struct glv_fixed {
    int8_t d[2][GLV_WINDOWS];
} glv_fixed;
void glv_fixed_set(glv_fixed *s, const fr_t *k);

/* The recodings, for the lane code that recodes parts of a split itself (arith/ifma): the
 * width-w NAF of v < 2^128 (2 <= w <= 7; digits odd, |d| < 2^(w-1), or 0; no two non-zero
 * within w places) into d[0..GLV_DIGITS), returning the digit count; and count signed base-16
 * digits (-8..8) of v, sum d[i] 16^i = v for every v < 2^(4 count - 1) (glv_fixed_set's). */
int glv_wnaf(int8_t d[GLV_DIGITS], unsigned __int128 v, int w);
void glv_windows4(int8_t *d, unsigned __int128 v, int count);

/* out = [x^2] p, the cheap image of the split: -sigma(p) on G1, psi^2(p) on G2. */
void g1_jac_x2_image(g1_jac_t *out, const g1_jac_t *p);
void g2_jac_x2_image(g2_jac_t *out, const g2_jac_t *p);

/* out = [k] p. */
void g1_jac_mul_glv(g1_jac_t *out, const g1_jac_t *p, const glv_scalar *k);
void g2_jac_mul_glv(g2_jac_t *out, const g2_jac_t *p, const glv_scalar *k);

#endif
