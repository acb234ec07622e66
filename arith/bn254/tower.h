/*
 * The BN254 extension tower over Fp (coefficients in Montgomery form):
 *   Fp2  = Fp[u]  / (u^2 + 1)          element c0 + c1*u
 *   Fp6  = Fp2[v] / (v^3 - (9 + u))     element c0 + c1*v + c2*v^2
 *   Fp12 = Fp6[w] / (w^2 - v)           element c0 + c1*w
 * the tower of snarkjs/ffjavascript's bn128, of EIP-197 and of noble (xi = 9 + u). The
 * functions and their contracts are those of every tower (curve/fp2_decl.h,
 * curve/tower_decl.h: one source for every curve).
 */
#ifndef G16K_BN254_TOWER_H
#define G16K_BN254_TOWER_H

#include "field.h"

typedef struct {
    bn254_fp_t c0, c1;
} bn254_fp2_t;

#define E_FN(n) bn254_fp2_##n
#define E_T bn254_fp2_t
#define B_T bn254_fp_t
#define E_BYTES (2 * BN254_FP_BYTES)
#include "curve/fp2_decl.h"

typedef struct {
    bn254_fp2_t c0, c1, c2;
} bn254_fp6_t;
typedef struct {
    bn254_fp6_t c0, c1;
} bn254_fp12_t;

#define T6_FN(n) bn254_fp6_##n
#define T12_FN(n) bn254_fp12_##n
#define T6_T bn254_fp6_t
#define T12_T bn254_fp12_t
#include "curve/tower_decl.h"

#endif
