/*
 * Reader for the known-answer files of tests/arith/vectors (written by
 * tools/vectors/gen_bls_vectors.mjs and gen_bn254_vectors.mjs): one case per line, space-separated tokens, '#' comments.
 * Plus parsers from decimal tokens to field elements and points (Montgomery form).
 */
#ifndef G16K_TESTS_ARITH_VECTORS_H
#define G16K_TESTS_ARITH_VECTORS_H

#include <stddef.h>

#include "bls12_381/pairing.h"
#include "bn254/pairing.h"

#define VEC_MAX_TOKENS 40

/* Calls fn(tok, ntok, ctx) for each case line of G16K_ARITH_VECTORS/name; returns the number
 * of lines seen; fails the running cmocka test if the file cannot be opened. */
size_t vec_for_each(const char *name, void (*fn)(char **tok, int ntok, void *ctx), void *ctx);

/* Parse decimal tokens; fail the running test on a bad token. */
void vec_fp(fp_t *out, const char *tok);
void vec_fr(fr_t *out, const char *tok);
void vec_fp2(fp2_t *out, char **tok);      /* 2 tokens */
void vec_fp12(fp12_t *out, char **tok);    /* 12 tokens */
void vec_g1(g1_affine_t *out, char **tok); /* 2 tokens */
void vec_g2(g2_affine_t *out, char **tok); /* 4 tokens */
/* The same for BN254 (bn254_*.txt). */
void vec_bn254_fp(bn254_fp_t *out, const char *tok);
void vec_bn254_fp2(bn254_fp2_t *out, char **tok);      /* 2 tokens */
void vec_bn254_fp12(bn254_fp12_t *out, char **tok);    /* 12 tokens */
void vec_bn254_g1(bn254_g1_affine_t *out, char **tok); /* 2 tokens */
void vec_bn254_g2(bn254_g2_affine_t *out, char **tok); /* 4 tokens */
/* Scalar as 4 canonical limbs (any value below 2^256). */
void vec_scalar(uint64_t out[4], const char *tok);

#endif
