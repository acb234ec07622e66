/*
 * The BLS12-381 extension tower over Fp (all coefficients in Montgomery form):
 *   Fp2  = Fp[u]  / (u^2 + 1)          element c0 + c1*u
 *   Fp6  = Fp2[v] / (v^3 - (u + 1))     element c0 + c1*v + c2*v^2
 *   Fp12 = Fp6[w] / (w^2 - v)           element c0 + c1*w
 * This is the tower of the IETF pairing-friendly-curves draft (draft-irtf-cfrg-pairing-friendly-curves,
 * section 4.2.1) and of zkcrypto/blst/noble. Output first, inputs const, aliasing allowed, thread-safe.
 */
#ifndef G16K_BLS12_381_TOWER_H
#define G16K_BLS12_381_TOWER_H

#include "field.h"

typedef struct {
    fp_t c0, c1;
} fp2_t;
typedef struct {
    fp2_t c0, c1, c2;
} fp6_t;
typedef struct {
    fp6_t c0, c1;
} fp12_t;

/* Fp2: the functions and contracts of curve/fp2_decl.h, xi = 1 + u. */
#define E_FN(n) fp2_##n
#define E_T fp2_t
#define B_T fp_t
#define E_BYTES (2 * FP_BYTES)
#include "curve/fp2_decl.h"

/* Fp6 and Fp12: the functions and contracts of curve/tower_decl.h. */
#define T6_FN(n) fp6_##n
#define T12_FN(n) fp12_##n
#define T6_T fp6_t
#define T12_T fp12_t
#include "curve/tower_decl.h"

#endif
