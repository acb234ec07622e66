/*
 * The scalar field Fr of the curve a translation unit of the CPU plugin is built for, under one
 * set of names, so that synth.c, ntt.c and encoding.c are one source for every curve (as arith/
 * instantiates one field source per curve, and blst its curves): BLS12-381's by default, BN254's
 * when CPU_CURVE_BN254 is defined (the files of cpu/bn254/ include the sources with it). A TU sees only
 * its curve's Fr: the names below are arith/bls12_381/field.h's, and for BN254 they are mapped
 * onto arith/bn254's. CPU_SYM(name) gives the plugin-internal symbols of such a TU (the vtables,
 * the encoding functions) their curve's suffix: name for BLS12-381, name##_bn254 for BN254.
 *   fri_mul        Fr multiplication in the NTT's inner loops, inlined (each curve's
 *                  fr_inline.h, one source: mont/mul4_inline_impl.h).
 *   fr_ifma_*      the NTT's lanes kernels (arith/ifma/ifma.h), BN254's bn254_fr_ifma_*.
 *   CPU_FR_TWO_ADICITY  s of r - 1 = 2^s t: the largest domain is 2^(s - 1) (its coset needs the
 *                  root of order 2^s).
 *   CPU_CURVE_ID, CPU_CURVE_NAME  its g16k_curve and name, for the descriptor and messages.
 */
#ifndef G16K_CPU_FR_SEL_H
#define G16K_CPU_FR_SEL_H

#ifdef CPU_CURVE_BN254
/* BLS12-381's types first (msm.h and arith/ifma name them), before the names below map fr_t
 * and its functions onto BN254's */
#include "bls12_381/curve.h"
#include "bn254/curve.h"
#define fr_t bn254_fr_t
#undef FR_LIMBS /* BLS12-381's, the same 4 and 32 */
#undef FR_BYTES
#define FR_LIMBS BN254_FR_LIMBS
#define FR_BYTES BN254_FR_BYTES
#define FR_MODULUS BN254_FR_MODULUS
#define FR_ONE BN254_FR_ONE
#define fr_from_bytes_canon bn254_fr_from_bytes_canon
#define fr_from_bytes_mont bn254_fr_from_bytes_mont
#define fr_to_bytes_canon bn254_fr_to_bytes_canon
#define fr_to_bytes_mont bn254_fr_to_bytes_mont
#define fr_from_canon bn254_fr_from_canon
#define fr_to_canon bn254_fr_to_canon
#define fr_add bn254_fr_add
#define fr_sub bn254_fr_sub
#define fr_mul bn254_fr_mul
#define fr_sqr bn254_fr_sqr
#define fr_inv bn254_fr_inv
#define fr_pow bn254_fr_pow
#define fr_set_u64 bn254_fr_set_u64
#define fr_root_of_unity bn254_fr_root_of_unity
#define fr_mont_reduce bn254_fr_mont_reduce
#define fr_eq bn254_fr_eq
#define fr_is_zero bn254_fr_is_zero
#define fr_from_dec bn254_fr_from_dec
#include "bn254/fr_inline.h"
#define fri_mul bn254_fri_mul
#define fr_ifma_tw_from_mont bn254_fr_ifma_tw_from_mont
#define fr_ifma_ntt_cols bn254_fr_ifma_ntt_cols
#define fr_ifma_ntt_leaf bn254_fr_ifma_ntt_leaf
#define CPU_FR_TWO_ADICITY BN254_FR_TWO_ADICITY
#define CPU_CURVE_ID G16K_CURVE_BN254
#define CPU_CURVE_NAME "BN254"
#define CPU_SYM(name) name##_bn254
#else
#include "bls12_381/field.h"
#define CPU_FR_TWO_ADICITY 32
#define CPU_CURVE_ID G16K_CURVE_BLS12_381
#define CPU_CURVE_NAME "BLS12-381"
#define CPU_SYM(name) name
#endif

#endif
