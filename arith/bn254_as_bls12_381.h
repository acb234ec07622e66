/*
 * bn254_as_bls12_381.h: BN254 under the names of arith/bls12_381 (fp_t is bn254_fp_t, g1_jac_add is
 * bn254_g1_jac_add, G1_GENERATOR is BN254_G1_GENERATOR, ...), for the sources that are one text
 * for both curves and are built a second time for BN254 with this header included: the setup and
 * powers-of-tau commands (core/setup/curve_sel.h) and the GPU plugins' host code
 * (gpu/common/gpu_curve_sel.h). BLS12-381's headers are included first, so their declarations
 * keep their own names; a name missing here is a type error in such a unit (the mapped types
 * differ), never a silent BLS12-381 call. Include it only in a unit built for BN254, after every
 * other header.
 */
#ifndef G16K_BN254_AS_BLS12_381_H
#define G16K_BN254_AS_BLS12_381_H

#include "bls12_381/curve.h"
#include "bn254/curve.h"

/* fields */
#undef FP_LIMBS
#undef FR_LIMBS
#undef FP_BYTES
#undef FR_BYTES
#undef FR_TWO_ADICITY
#define FP_LIMBS BN254_FP_LIMBS
#define FR_LIMBS BN254_FR_LIMBS
#define FP_BYTES BN254_FP_BYTES
#define FR_BYTES BN254_FR_BYTES
#define FR_TWO_ADICITY BN254_FR_TWO_ADICITY
#define fp_t bn254_fp_t
#define fr_t bn254_fr_t
#define fp2_t bn254_fp2_t
#define FP_MODULUS BN254_FP_MODULUS
#define FP_ONE BN254_FP_ONE
#define FR_MODULUS BN254_FR_MODULUS
#define FR_ONE BN254_FR_ONE
#define FR_R2 BN254_FR_R2
#define fp_add bn254_fp_add
#define fp_sub bn254_fp_sub
#define fp_neg bn254_fp_neg
#define fp_mul bn254_fp_mul
#define fp_sqr bn254_fp_sqr
#define fp_inv bn254_fp_inv
#define fp_sqrt bn254_fp_sqrt
#define fp_is_zero bn254_fp_is_zero
#define fp_eq bn254_fp_eq
#define fp_set_u64 bn254_fp_set_u64
#define fp_from_canon bn254_fp_from_canon
#define fp_to_canon bn254_fp_to_canon
#define fp_to_bytes_mont bn254_fp_to_bytes_mont
#define fp_to_bytes_canon bn254_fp_to_bytes_canon
#define fp_from_bytes_mont bn254_fp_from_bytes_mont
#define fr_add bn254_fr_add
#define fr_sub bn254_fr_sub
#define fr_neg bn254_fr_neg
#define fr_mul bn254_fr_mul
#define fr_sqr bn254_fr_sqr
#define fr_inv bn254_fr_inv
#define fr_pow bn254_fr_pow
#define fr_eq bn254_fr_eq
#define fr_is_zero bn254_fr_is_zero
#define fr_set_u64 bn254_fr_set_u64
#define fr_from_canon bn254_fr_from_canon
#define fr_to_canon bn254_fr_to_canon
#define fr_to_bytes_mont bn254_fr_to_bytes_mont
#define fr_to_bytes_canon bn254_fr_to_bytes_canon
#define fr_from_bytes_canon bn254_fr_from_bytes_canon
#define fr_mont_reduce bn254_fr_mont_reduce
#define fr_root_of_unity bn254_fr_root_of_unity
#define fp2_add bn254_fp2_add
#define fp2_sub bn254_fp2_sub
#define fp2_neg bn254_fp2_neg
#define fp2_mul bn254_fp2_mul
#define fp2_sqr bn254_fp2_sqr
#define fp2_sqrt bn254_fp2_sqrt
#define fp2_is_zero bn254_fp2_is_zero
#define fp2_inv bn254_fp2_inv
#define fp2_set_one bn254_fp2_set_one

/* groups */
#define g1_affine_t bn254_g1_affine_t
#define g1_jac_t bn254_g1_jac_t
#define g2_affine_t bn254_g2_affine_t
#define g2_jac_t bn254_g2_jac_t
#define G1_GENERATOR BN254_G1_GENERATOR
#define G2_GENERATOR BN254_G2_GENERATOR
#define g1_affine_is_inf bn254_g1_affine_is_inf
#define g1_affine_is_on_curve bn254_g1_affine_is_on_curve
#define g1_affine_eq bn254_g1_affine_eq
#define g1_affine_neg bn254_g1_affine_neg
#define g1_affine_in_subgroup bn254_g1_affine_in_subgroup
#define g1_affine_from_bytes_mont bn254_g1_affine_from_bytes_mont
#define g1_affine_to_bytes_canon bn254_g1_affine_to_bytes_canon
#define g1_affine_from_bytes_canon bn254_g1_affine_from_bytes_canon
#define g1_jac_set_inf bn254_g1_jac_set_inf
#define g1_jac_is_inf bn254_g1_jac_is_inf
#define g1_jac_from_affine bn254_g1_jac_from_affine
#define g1_jac_to_affine bn254_g1_jac_to_affine
#define g1_jac_batch_to_affine bn254_g1_jac_batch_to_affine
#define g1_jac_eq bn254_g1_jac_eq
#define g1_jac_neg bn254_g1_jac_neg
#define g1_jac_dbl bn254_g1_jac_dbl
#define g1_jac_add bn254_g1_jac_add
#define g1_jac_add_affine bn254_g1_jac_add_affine
#define g1_jac_mul bn254_g1_jac_mul
#define g2_affine_is_inf bn254_g2_affine_is_inf
#define g2_affine_is_on_curve bn254_g2_affine_is_on_curve
#define g2_affine_eq bn254_g2_affine_eq
#define g2_affine_neg bn254_g2_affine_neg
#define g2_affine_psi bn254_g2_affine_psi
#define g2_affine_in_subgroup bn254_g2_affine_in_subgroup
#define g2_affine_from_bytes_mont bn254_g2_affine_from_bytes_mont
#define g2_affine_to_bytes_canon bn254_g2_affine_to_bytes_canon
#define g2_affine_from_bytes_canon bn254_g2_affine_from_bytes_canon
#define g2_jac_set_inf bn254_g2_jac_set_inf
#define g2_jac_is_inf bn254_g2_jac_is_inf
#define g2_jac_from_affine bn254_g2_jac_from_affine
#define g2_jac_to_affine bn254_g2_jac_to_affine
#define g2_jac_batch_to_affine bn254_g2_jac_batch_to_affine
#define g2_jac_eq bn254_g2_jac_eq
#define g2_jac_neg bn254_g2_jac_neg
#define g2_jac_dbl bn254_g2_jac_dbl
#define g2_jac_add bn254_g2_jac_add
#define g2_jac_add_affine bn254_g2_jac_add_affine
#define g2_jac_mul bn254_g2_jac_mul

#endif
