/*
 * The declarations of one prime field, written once for every field of every curve (BLS12-381
 * Fp and Fr, BN254 Fp and Fr); field_impl.h holds the one definition. A curve's field.h defines
 * the names below and includes this file once per field; the file undefines them at its end, so
 * it has no include guard on purpose.
 *
 *   FIELD_FN(name)     the public name of a function, e.g. #define FIELD_FN(n) fr_##n
 *   FIELD_CONST(name)  the public name of a constant, e.g. #define FIELD_CONST(n) FR_##n
 *   FIELD_T            the element type: a struct holding uint64_t l[limbs]
 *   FIELD_BYTES        8 * limbs
 *   FIELD_HAS_SQRT     (optional) the modulus is 3 mod 4: declare sqrt
 *   FIELD_HAS_ROOTS    (optional) a scalar field: declare the roots of unity
 *
 * Contracts, the same for every field. Elements are little-endian arrays of 64-bit limbs,
 * always fully reduced (< m). Unless a name says "canon" or "raw", an element is in Montgomery
 * form x * R mod m with R = 2^(64 limbs). The limb layout is the wire layout of the plugin ABI
 * (an element in memory is its little-endian encoding on a little-endian host). Arithmetic
 * functions return void, output first, inputs const; outputs may alias inputs. All functions
 * are pure and thread-safe (root_of_unity fills a table once, without a lock; field_impl.h).
 * Algorithms: no-carry CIOS Montgomery multiplication (mont/mont.h, mont/mont_adx.h), Fermat
 * inversion a^(m-2), square roots a^((m+1)/4).
 */
#ifndef FIELD_FN
#error "define FIELD_FN, FIELD_CONST, FIELD_T and FIELD_BYTES before including mont/field_decl.h"
#endif

#include <stddef.h>
#include <stdint.h>

extern const FIELD_T FIELD_CONST(MODULUS); /* m, canonical limbs */
extern const FIELD_T FIELD_CONST(ONE);     /* 1 in Montgomery form = R mod m */
extern const FIELD_T FIELD_CONST(R2);      /* R^2 mod m */

void FIELD_FN(add)(FIELD_T *out, const FIELD_T *a, const FIELD_T *b);
void FIELD_FN(sub)(FIELD_T *out, const FIELD_T *a, const FIELD_T *b);
void FIELD_FN(neg)(FIELD_T *out, const FIELD_T *a);
void FIELD_FN(dbl)(FIELD_T *out, const FIELD_T *a);
void FIELD_FN(mul)(FIELD_T *out, const FIELD_T *a, const FIELD_T *b); /* a*b/R */
void FIELD_FN(sqr)(FIELD_T *out, const FIELD_T *a);
/* 1/a, 0 -> 0: Fermat (a^(m-2)), or where the field includes mont/inv_bgcd_impl.h Pornin's
 * binary GCD (inv_fermat is then its reference). */
void FIELD_FN(inv)(FIELD_T *out, const FIELD_T *a);
void FIELD_FN(inv_fermat)(FIELD_T *out, const FIELD_T *a);
/* out = a^e, e given as little-endian 64-bit limbs (a canonical integer, any length). */
void FIELD_FN(pow)(FIELD_T *out, const FIELD_T *a, const uint64_t *e, size_t e_limbs);
int FIELD_FN(is_zero)(const FIELD_T *a);
int FIELD_FN(eq)(const FIELD_T *a, const FIELD_T *b);
void FIELD_FN(set_u64)(FIELD_T *out, uint64_t v); /* Montgomery form of v */
/* Canonical <-> Montgomery on limbs. from_canon returns -1 (out untouched) if a >= m. */
int FIELD_FN(from_canon)(FIELD_T *out, const FIELD_T *canon);
void FIELD_FN(to_canon)(FIELD_T *canon, const FIELD_T *a);
/* Montgomery reduction of any raw integer of the element's width: out = a / R mod m. zkey
 * section 4 stores coef * R^2 mod m: reducing once gives coef in Montgomery form. */
void FIELD_FN(mont_reduce)(FIELD_T *out, const FIELD_T *a);
/* Byte encodings, FIELD_BYTES little-endian. _canon: the canonical integer; _mont: x * R raw.
 * Decoders return 0, or -1 when the integer is not below m (out untouched). */
int FIELD_FN(from_bytes_canon)(FIELD_T *out, const uint8_t in[FIELD_BYTES]);
int FIELD_FN(from_bytes_mont)(FIELD_T *out, const uint8_t in[FIELD_BYTES]);
void FIELD_FN(to_bytes_canon)(uint8_t out[FIELD_BYTES], const FIELD_T *a);
void FIELD_FN(to_bytes_mont)(uint8_t out[FIELD_BYTES], const FIELD_T *a);
/* Decimal strings (canonical value). from_dec: digits only, no sign, no leading '+'; returns
 * -1 on a bad character, an empty string, or a value >= m. to_dec writes a NUL-terminated
 * string; buf needs the field's *_DEC_MAX bytes. */
int FIELD_FN(from_dec)(FIELD_T *out, const char *s);
void FIELD_FN(to_dec)(char *buf, const FIELD_T *a);
#ifdef FIELD_HAS_SQRT
/* Square root if a is a square: returns 1 and sets out; returns 0 otherwise. */
int FIELD_FN(sqrt)(FIELD_T *out, const FIELD_T *a);
#endif
#ifdef FIELD_HAS_ROOTS
/* Roots of unity of the snarkjs/ffjavascript convention (docs/proving.md, "The domain"):
 * w[s] = g^t with s the 2-adicity of m - 1, t = (m - 1) / 2^s and g the smallest quadratic
 * non-residue, w[k] = w[k+1]^2. Returns w[k] in Montgomery form for 0 <= k <= s; k > s is
 * clamped to s. */
void FIELD_FN(root_of_unity)(FIELD_T *out, unsigned k);
#endif

#undef FIELD_FN
#undef FIELD_CONST
#undef FIELD_T
#undef FIELD_BYTES
#undef FIELD_HAS_SQRT
#undef FIELD_HAS_ROOTS
