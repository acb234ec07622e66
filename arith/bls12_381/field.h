/*
 * BLS12-381 prime fields: Fp (base field, 381 bits) and Fr (scalar field, 255 bits).
 *
 * Elements are little-endian arrays of 64-bit limbs, always fully reduced (< modulus).
 * Unless a function name says "canon" or "raw", an element is in Montgomery form:
 *   fp_t holds x * R_p mod p, R_p = 2^384;   fr_t holds x * R_r mod r, R_r = 2^256.
 * The limb layout is the wire layout of the plugin ABI (include/g16k/plugin.h): an fp_t
 * in memory is the 48-byte little-endian encoding on a little-endian host.
 *
 * Arithmetic functions return void, output first, inputs const; outputs may alias inputs.
 * All functions are pure and thread-safe. Algorithms: CIOS Montgomery multiplication
 * (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", 1996);
 * inversion in Fp by Pornin's optimized binary GCD (eprint 2020/972; fp_inv.c), in Fr and as
 * the Fp reference (fp_inv_fermat) by Fermat's little theorem (a^(p-2)).
 * Constants (hex, canonical): p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
 *                             r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
 */
#ifndef G16K_BLS12_381_FIELD_H
#define G16K_BLS12_381_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "mont/bigint.h"

#define FP_LIMBS 6
#define FR_LIMBS 4
#define FP_BYTES 48
#define FR_BYTES 32

typedef struct {
    uint64_t l[FP_LIMBS];
} fp_t;
typedef struct {
    uint64_t l[FR_LIMBS];
} fr_t;

/* Moduli (canonical limbs) and Montgomery constants. */
extern const fp_t FP_MODULUS; /* p */
extern const fp_t FP_ONE;     /* 1 in Montgomery form = R_p mod p */
extern const fp_t FP_R2;      /* R_p^2 mod p */
extern const fr_t FR_MODULUS; /* r */
extern const fr_t FR_ONE;     /* 1 in Montgomery form = R_r mod r */
extern const fr_t FR_R2;      /* R_r^2 mod r */

/* ---- Fp ---- */
void fp_add(fp_t *out, const fp_t *a, const fp_t *b);
void fp_sub(fp_t *out, const fp_t *a, const fp_t *b);
void fp_neg(fp_t *out, const fp_t *a);
void fp_dbl(fp_t *out, const fp_t *a);
void fp_mul(fp_t *out, const fp_t *a, const fp_t *b); /* a*b/R */
void fp_sqr(fp_t *out, const fp_t *a);
void fp_inv(fp_t *out, const fp_t *a);        /* 1/a; 0 -> 0 (binary GCD) */
void fp_inv_fermat(fp_t *out, const fp_t *a); /* the same, as a^(p-2) */
/* out = a^e, e given as little-endian 64-bit limbs (canonical integer). */
void fp_pow(fp_t *out, const fp_t *a, const uint64_t *e, size_t e_limbs);
/* Square root if a is a square: returns 1 and sets out; returns 0 otherwise. */
int fp_sqrt(fp_t *out, const fp_t *a);
int fp_is_zero(const fp_t *a);
int fp_eq(const fp_t *a, const fp_t *b);
void fp_set_u64(fp_t *out, uint64_t v); /* Montgomery form of v */
/* Canonical <-> Montgomery on limbs. from_canon returns -1 (out untouched) if a >= p. */
int fp_from_canon(fp_t *out, const fp_t *canon);
void fp_to_canon(fp_t *canon, const fp_t *a);
/* Byte encodings, 48 bytes little-endian. _canon: canonical integer; _mont: x*R_p raw.
 * Decoders return 0, or -1 when the integer is not below p (out untouched). */
int fp_from_bytes_canon(fp_t *out, const uint8_t in[FP_BYTES]);
int fp_from_bytes_mont(fp_t *out, const uint8_t in[FP_BYTES]);
void fp_to_bytes_canon(uint8_t out[FP_BYTES], const fp_t *a);
void fp_to_bytes_mont(uint8_t out[FP_BYTES], const fp_t *a);
/* Decimal strings (canonical value). from_dec: digits only, no sign, no leading '+';
 * returns -1 on a bad character, an empty string, or a value >= p.
 * to_dec writes a NUL-terminated string; buf needs FP_DEC_MAX bytes. */
#define FP_DEC_MAX 120
int fp_from_dec(fp_t *out, const char *s);
void fp_to_dec(char *buf, const fp_t *a);

/* ---- Fr ---- (same contracts as Fp) */
void fr_add(fr_t *out, const fr_t *a, const fr_t *b);
void fr_sub(fr_t *out, const fr_t *a, const fr_t *b);
void fr_neg(fr_t *out, const fr_t *a);
void fr_dbl(fr_t *out, const fr_t *a);
void fr_mul(fr_t *out, const fr_t *a, const fr_t *b);
void fr_sqr(fr_t *out, const fr_t *a);
void fr_inv(fr_t *out, const fr_t *a);
void fr_pow(fr_t *out, const fr_t *a, const uint64_t *e, size_t e_limbs);
int fr_is_zero(const fr_t *a);
int fr_eq(const fr_t *a, const fr_t *b);
void fr_set_u64(fr_t *out, uint64_t v);
int fr_from_canon(fr_t *out, const fr_t *canon);
void fr_to_canon(fr_t *canon, const fr_t *a);
int fr_from_bytes_canon(fr_t *out, const uint8_t in[FR_BYTES]);
int fr_from_bytes_mont(fr_t *out, const uint8_t in[FR_BYTES]);
void fr_to_bytes_canon(uint8_t out[FR_BYTES], const fr_t *a);
void fr_to_bytes_mont(uint8_t out[FR_BYTES], const fr_t *a);
/* Montgomery reduction of a raw integer: out = a / R_r mod r. zkey section 4 stores coef*R_r^2
 * mod r: reducing once gives coef in Montgomery form (the key load keeps it unreduced). */
void fr_mont_reduce(fr_t *out, const fr_t *a);
#define FR_DEC_MAX 80
int fr_from_dec(fr_t *out, const char *s);
void fr_to_dec(char *buf, const fr_t *a);

/* Roots of unity of the snarkjs/ffjavascript convention (docs/proving.md, "The domain"): w[32] = 5^t,
 * t = (r-1)/2^32, w[k] = w[k+1]^2. Returns w[k] in Montgomery form for 0 <= k <= 32. */
void fr_root_of_unity(fr_t *out, unsigned k);

#endif
