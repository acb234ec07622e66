/* BLS12-381's entry in the core's curve table (curve.h): curve_impl.h on arith/bls12_381. */
#include "bls12_381/pairing.h"

#define C_VAR curve_bls12_381
#define C_NAME "BLS12-381"
#define C_SNARKJS "bls12381"
#define C_ID G16K_CURVE_BLS12_381
#define C_FP_T fp_t
#define C_FP(n) fp_##n
#define C_FP_LIMBS FP_LIMBS
#define C_FP_MODULUS FP_MODULUS
#define C_FP_ONE FP_ONE
#define C_FR_MODULUS FR_MODULUS
#define C_FR_T fr_t
#define C_FR(n) fr_##n
#define C_FP2_T fp2_t
#define C_FP2(n) fp2_##n
#define C_G1A g1_affine_t
#define C_G1J g1_jac_t
#define C_G1(n) g1_##n
#define C_G2A g2_affine_t
#define C_G2J g2_jac_t
#define C_G2(n) g2_##n
#define C_FP12_T fp12_t
#define C_PAIRING bls_pairing
#define C_PAIRING_PRODUCT_IS_ONE bls_pairing_product_is_one
#define C_G1_GENERATOR G1_GENERATOR
#include "curve_impl.h"
