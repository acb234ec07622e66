/*
 * BLS12-381 prime fields: Fp (base field, 381 bits) and Fr (scalar field, 255 bits).
 *
 * The functions and their contracts are those of every field (mont/field_decl.h, one source
 * for every curve): little-endian 64-bit limbs, fully reduced, Montgomery form unless a name
 * says "canon" or "raw":
 *   fp_t holds x * R_p mod p, R_p = 2^384;   fr_t holds x * R_r mod r, R_r = 2^256.
 * The limb layout is the wire layout of the plugin ABI (include/g16k/plugin.h): an fp_t
 * in memory is the 48-byte little-endian encoding on a little-endian host.
 * Algorithms: no-carry CIOS Montgomery multiplication (Koc, Acar, Kaliski 1996; Botrel, El
 * Housni, eprint 2022/1400); inversion in Fp by Pornin's optimized binary GCD (eprint
 * 2020/972; mont/inv_bgcd_impl.h), in Fr and as the Fp reference (fp_inv_fermat) by Fermat's
 * little theorem (a^(p-2)).
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

/* Fp: the functions and contracts of mont/field_decl.h, with fp_sqrt. FP_DEC_MAX: the size of
 * fp_to_dec's buffer (p < 10^116). */
#define FP_DEC_MAX 120
#define FIELD_FN(n) fp_##n
#define FIELD_CONST(n) FP_##n
#define FIELD_T fp_t
#define FIELD_BYTES FP_BYTES
#define FIELD_HAS_SQRT
#include "mont/field_decl.h"

/* Fr: the same, with fr_root_of_unity (w[32] = 5^t, t = (r-1)/2^32: 2^32 is the largest power
 * of two dividing r - 1, FR_TWO_ADICITY). FR_DEC_MAX: the size of fr_to_dec's buffer
 * (r < 10^77). */
#define FR_TWO_ADICITY 32
#define FR_DEC_MAX 80
#define FIELD_FN(n) fr_##n
#define FIELD_CONST(n) FR_##n
#define FIELD_T fr_t
#define FIELD_BYTES FR_BYTES
#define FIELD_HAS_ROOTS
#include "mont/field_decl.h"

#endif
