/*
 * The optimal ate pairing on BN254 (x = 4965661367192848881, loop 6x + 2), the pairing that
 * snarkjs's bn128 verifier and Ethereum's precompile 0x08 check: Miller loop with the two
 * Frobenius lines, final exponentiation (p^12 - 1)/r. Thread-safe, no allocation.
 * Sources: Vercauteren, "Optimal pairings", IEEE Trans. IT 2010 (the loop); Beuchat et al.,
 * "High-speed software implementation of the optimal ate pairing over BN curves", eprint
 * 2010/354, algorithm 1 (the shape of the loop and its two extra lines); Costello, Lange,
 * Naehrig, eprint 2009/615 (the projective steps), as in arith/bls12_381/pairing.c.
 */
#ifndef G16K_BN254_PAIRING_H
#define G16K_BN254_PAIRING_H

#include "curve.h"

/* out = e(p, q) = f_{6x+2,Q}(P) l_{[6x+2]Q, psi(Q)}(P) l_{.., -psi^2(Q)}(P), raised to
 * lambda (p^12 - 1)/r with lambda = 2x(6x^2 + 3x + 1): the textbook reduced pairing to the
 * power lambda, which is what snarkjs (a key's vk_alphabeta_12), @noble/curves and gnark
 * compute (tests/arith/vectors/bn254_pairing.txt has noble's values). Infinity in either input
 * gives 1. */
void bn254_pairing(bn254_fp12_t *out, const bn254_g1_affine_t *p, const bn254_g2_affine_t *q);
/* 1 if prod_i e(p[i], q[i]) == 1, else 0: n Miller loops sharing the squarings, one final
 * exponentiation. Inputs must be in G1 and G2 (the callers' subgroup checks). */
int bn254_pairing_product_is_one(const bn254_g1_affine_t *p, const bn254_g2_affine_t *q, size_t n);

#endif
