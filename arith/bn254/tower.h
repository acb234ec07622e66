/*
 * The BN254 extension tower over Fp (coefficients in Montgomery form), as far as G2 needs it:
 *   Fp2 = Fp[u] / (u^2 + 1)          element c0 + c1*u,  xi = 9 + u
 * the tower of snarkjs/ffjavascript's bn128, of EIP-197 and of noble. The functions and their
 * contracts are those of every Fp2 (curve/fp2_decl.h, one source for every curve).
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

#endif
