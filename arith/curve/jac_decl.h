/*
 * The declarations of one short Weierstrass group y^2 = x^3 + b (a = 0) over a field F, written
 * once for every group of every curve (BLS12-381 G1 over Fp and G2 over Fp2, BN254 G1 and G2);
 * jac_impl.h holds the one definition. A curve's curve.h defines the names below and includes
 * this file once per group; the file undefines them at its end (no include guard on purpose).
 *
 *   G_FN(name)   the public name of a function, e.g. #define G_FN(n) g1_##n
 *   G_AFF        the affine point type: struct { F x, y; }
 *   G_JAC        the Jacobian point type: struct { F x, y, z; }
 *   G_BYTES      bytes of an encoded affine point: 2 x the coordinate field's bytes
 *
 * Contracts, the same for every group. Affine points use (0, 0) for the point at infinity (it
 * is on no curve with b != 0), the encoding of the plugin ABI and of snarkjs zkeys. Jacobian
 * points (X, Y, Z) stand for (X/Z^2, Y/Z^3); Z = 0 is infinity. Coordinates are in Montgomery
 * form. All functions are pure and thread-safe; outputs may alias inputs. Formulas: Jacobian
 * add/double of the Explicit-Formulas Database for a = 0 (add-2007-bl, dbl-2009-l,
 * madd-2007-bl), made complete by branching on infinity and on equal x.
 */
#ifndef G_FN
#error "define G_FN, G_AFF, G_JAC and G_BYTES before including curve/jac_decl.h"
#endif

#include <stddef.h>
#include <stdint.h>

int G_FN(affine_is_inf)(const G_AFF *p);
int G_FN(affine_is_on_curve)(const G_AFF *p); /* infinity counts as on the curve */
int G_FN(affine_eq)(const G_AFF *a, const G_AFF *b);
void G_FN(affine_neg)(G_AFF *out, const G_AFF *p);
void G_FN(jac_set_inf)(G_JAC *out);
int G_FN(jac_is_inf)(const G_JAC *p);
void G_FN(jac_from_affine)(G_JAC *out, const G_AFF *p);
void G_FN(jac_to_affine)(G_AFF *out, const G_JAC *p);
/* Convert n Jacobian points with one inversion (Montgomery's trick); out and p do not overlap. */
void G_FN(jac_batch_to_affine)(G_AFF *out, const G_JAC *p, size_t n);
int G_FN(jac_eq)(const G_JAC *a, const G_JAC *b); /* projective equality */
void G_FN(jac_neg)(G_JAC *out, const G_JAC *p);
void G_FN(jac_dbl)(G_JAC *out, const G_JAC *p);
void G_FN(jac_add)(G_JAC *out, const G_JAC *a, const G_JAC *b);        /* complete: a == b, inf */
void G_FN(jac_add_affine)(G_JAC *out, const G_JAC *a, const G_AFF *b); /* complete likewise */
/* out = k * p, k a canonical integer as little-endian limbs (any length; double-and-add). */
void G_FN(jac_mul)(G_JAC *out, const G_JAC *p, const uint64_t *k, size_t k_limbs);
/* Bytes: x || y, each coordinate little-endian (Fp2: c0 || c1); _mont = Montgomery limbs (zkey),
 * _canon = canonical. Decoders check only that coordinates are below p (return -1, out
 * untouched, otherwise); callers check curve and subgroup. */
int G_FN(affine_from_bytes_mont)(G_AFF *out, const uint8_t in[G_BYTES]);
int G_FN(affine_from_bytes_canon)(G_AFF *out, const uint8_t in[G_BYTES]);
void G_FN(affine_to_bytes_canon)(uint8_t out[G_BYTES], const G_AFF *p);

#undef G_FN
#undef G_AFF
#undef G_JAC
#undef G_BYTES
