/*
 * BN254 prime fields (snarkjs and circom call the curve bn128; Ethereum's precompiles 0x06-0x08
 * use it): Fp (base field, 254 bits) and Fr (scalar field, 254 bits, 2-adicity 28).
 *
 * The functions and their contracts are those of every field (mont/field_decl.h, one source
 * for every curve): little-endian 64-bit limbs, fully reduced, Montgomery form unless a name
 * says "canon" or "raw":
 *   bn254_fp_t holds x * 2^256 mod p;   bn254_fr_t holds x * 2^256 mod r.
 * The limb layout is the layout of snarkjs's bn128 files (32-byte little-endian elements).
 * Algorithms: no-carry CIOS Montgomery multiplication (Koc, Acar, Kaliski 1996; Botrel, El
 * Housni, eprint 2022/1400), both moduli being below 2^254; Pornin's binary-GCD inversion
 * (Fermat as its reference); square roots in Fp as a^((p+1)/4) (p = 3 mod 4).
 * Constants (hex, canonical): p = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47
 *                             r = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001
 */
#ifndef G16K_BN254_FIELD_H
#define G16K_BN254_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "mont/bigint.h"

#define BN254_FP_LIMBS 4
#define BN254_FR_LIMBS 4
#define BN254_FP_BYTES 32
#define BN254_FR_BYTES 32

typedef struct {
    uint64_t l[BN254_FP_LIMBS];
} bn254_fp_t;
typedef struct {
    uint64_t l[BN254_FR_LIMBS];
} bn254_fr_t;

/* Fp: the functions of mont/field_decl.h, with bn254_fp_sqrt. BN254_FP_DEC_MAX: the size of
 * bn254_fp_to_dec's buffer (p < 10^77). */
#define BN254_FP_DEC_MAX 80
#define FIELD_FN(n) bn254_fp_##n
#define FIELD_CONST(n) BN254_FP_##n
#define FIELD_T bn254_fp_t
#define FIELD_BYTES BN254_FP_BYTES
#define FIELD_HAS_SQRT
#include "mont/field_decl.h"

/* Fr: the same, with bn254_fr_root_of_unity (w[28] = 5^t, t = (r-1)/2^28; 5 is the smallest
 * quadratic non-residue, as ffjavascript finds it). BN254_FR_DEC_MAX: the size of
 * bn254_fr_to_dec's buffer (r < 10^77). */
#define BN254_FR_DEC_MAX 80
#define BN254_FR_TWO_ADICITY 28
#define FIELD_FN(n) bn254_fr_##n
#define FIELD_CONST(n) BN254_FR_##n
#define FIELD_T bn254_fr_t
#define FIELD_BYTES BN254_FR_BYTES
#define FIELD_HAS_ROOTS
#include "mont/field_decl.h"

#endif
