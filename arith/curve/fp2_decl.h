/*
 * The declarations of one quadratic extension Fp2 = Fp[u]/(u^2 + 1), written once for every
 * curve whose Fp has p = 3 mod 4 (-1 a non-square: BLS12-381, BN254); fp2_impl.h holds the one
 * definition. A curve's header defines the names below and includes this file; the file
 * undefines them at its end (no include guard on purpose).
 *
 *   E_FN(name)   the public name of a function, e.g. #define E_FN(n) fp2_##n
 *   E_T          the element type: struct { Fp c0, c1; } for c0 + c1 u
 *   B_T          the base field's element type;  E_BYTES the encoded size (2 x Fp's)
 *
 * Contracts: coefficients in Montgomery form, fully reduced; output first, inputs const,
 * outputs may alias inputs; pure and thread-safe. mul_nr multiplies by the curve's sextic
 * non-residue xi = k + u (BLS12-381: 1 + u; BN254: 9 + u), the constant of its Fp6 tower and
 * of its twist. Bytes: c0 || c1, each little-endian, as in snarkjs's files.
 */
#ifndef E_FN
#error "define E_FN, E_T, B_T and E_BYTES before including curve/fp2_decl.h"
#endif

#include <stdint.h>

void E_FN(add)(E_T *out, const E_T *a, const E_T *b);
void E_FN(sub)(E_T *out, const E_T *a, const E_T *b);
void E_FN(neg)(E_T *out, const E_T *a);
void E_FN(dbl)(E_T *out, const E_T *a);
void E_FN(mul)(E_T *out, const E_T *a, const E_T *b);
void E_FN(sqr)(E_T *out, const E_T *a);
void E_FN(inv)(E_T *out, const E_T *a);  /* 0 -> 0 */
void E_FN(conj)(E_T *out, const E_T *a); /* c0 - c1 u (= the Frobenius a^p) */
void E_FN(mul_fp)(E_T *out, const E_T *a, const B_T *b);
void E_FN(mul_nr)(E_T *out, const E_T *a); /* a * xi */
int E_FN(is_zero)(const E_T *a);
int E_FN(eq)(const E_T *a, const E_T *b);
void E_FN(set_one)(E_T *out);
void E_FN(set_zero)(E_T *out);
int E_FN(sqrt)(E_T *out, const E_T *a); /* 1 and out = a root if a is a square, else 0 */
/* Decoders return 0, or -1 (out untouched) when a coefficient is not below p. */
int E_FN(from_bytes_mont)(E_T *out, const uint8_t in[E_BYTES]);
int E_FN(from_bytes_canon)(E_T *out, const uint8_t in[E_BYTES]);
void E_FN(to_bytes_canon)(uint8_t out[E_BYTES], const E_T *a);

#undef E_FN
#undef E_T
#undef B_T
#undef E_BYTES
