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

void fp6_add(fp6_t *out, const fp6_t *a, const fp6_t *b);
void fp6_sub(fp6_t *out, const fp6_t *a, const fp6_t *b);
void fp6_neg(fp6_t *out, const fp6_t *a);
void fp6_mul(fp6_t *out, const fp6_t *a, const fp6_t *b);
void fp6_sqr(fp6_t *out, const fp6_t *a);
void fp6_inv(fp6_t *out, const fp6_t *a);
void fp6_mul_v(fp6_t *out, const fp6_t *a); /* a * v */
void fp6_set_one(fp6_t *out);
void fp6_set_zero(fp6_t *out);
int fp6_is_zero(const fp6_t *a);
int fp6_eq(const fp6_t *a, const fp6_t *b);

void fp12_mul(fp12_t *out, const fp12_t *a, const fp12_t *b);
void fp12_sqr(fp12_t *out, const fp12_t *a);
void fp12_inv(fp12_t *out, const fp12_t *a);
void fp12_conj(fp12_t *out, const fp12_t *a);      /* c0 - c1*w (= ^(p^6)) */
void fp12_frobenius(fp12_t *out, const fp12_t *a); /* a^p */
void fp12_set_one(fp12_t *out);
int fp12_is_one(const fp12_t *a);
int fp12_eq(const fp12_t *a, const fp12_t *b);

#endif
