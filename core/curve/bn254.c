/* BN254's entry (snarkjs's bn128) in the core's curve table (curve.h): curve_impl.h on
 * arith/bn254. */
#include "bn254/pairing.h"

#define C_VAR curve_bn254
#define C_NAME "BN254"
#define C_SNARKJS "bn128"
#define C_ID G16K_CURVE_BN254
#define C_FP_T bn254_fp_t
#define C_FP(n) bn254_fp_##n
#define C_FP_LIMBS BN254_FP_LIMBS
#define C_FP_MODULUS BN254_FP_MODULUS
#define C_FP_ONE BN254_FP_ONE
#define C_FR_MODULUS BN254_FR_MODULUS
#define C_FR_T bn254_fr_t
#define C_FR(n) bn254_fr_##n
#define C_FP2_T bn254_fp2_t
#define C_FP2(n) bn254_fp2_##n
#define C_G1A bn254_g1_affine_t
#define C_G1J bn254_g1_jac_t
#define C_G1(n) bn254_g1_##n
#define C_G2A bn254_g2_affine_t
#define C_G2J bn254_g2_jac_t
#define C_G2(n) bn254_g2_##n
#define C_FP12_T bn254_fp12_t
#define C_PAIRING bn254_pairing
#define C_PAIRING_PRODUCT_IS_ONE bn254_pairing_product_is_one
#define C_G1_GENERATOR BN254_G1_GENERATOR
#include "curve_impl.h"
