/*
 * The optimal ate pairing on BLS12-381 (x = -0xd201000000010000), as in
 * draft-irtf-cfrg-pairing-friendly-curves section 4.2 and "Pairings for beginners" (Costello);
 * final exponentiation with the hard part of Hayashida, Hayasaka, Teruya (eprint 2020/875).
 * Thread-safe, no allocation.
 */
#ifndef G16K_BLS12_381_PAIRING_H
#define G16K_BLS12_381_PAIRING_H

#include "curve.h"

/* Miller loop f_{|x|,Q}(P) (with the conjugation for negative x); infinity in either input gives 1. */
void bls_miller_loop(fp12_t *out, const g1_affine_t *p, const g2_affine_t *q);
void bls_final_exp(fp12_t *out, const fp12_t *f);
/* out = e(p, q) */
void bls_pairing(fp12_t *out, const g1_affine_t *p, const g2_affine_t *q);
/* 1 if prod_i e(p[i], q[i]) == 1, else 0. One final exponentiation for all n pairs. */
int bls_pairing_product_is_one(const g1_affine_t *p, const g2_affine_t *q, size_t n);

#endif
