/*
 * The operation tables of the CPU Pippenger driver (msm.h cpu_group), one per group and curve:
 * msm_group_impl.h on BLS12-381's G1 and G2 and BN254's.
 */
#include "bn254/curve.h"
#include "msm.h"

#define G_VAR cpu_group_g1
#define G_CURVE G16K_CURVE_BLS12_381
#define G_ID G16K_G1
#define G_NAME "G1"
#define G_FN(n) g1_##n
#define G_AFF g1_affine_t
#define G_JAC g1_jac_t
#define G_FE fp_t
#define G_FP fp_t
#define G_FP_BYTES FP_BYTES
#define G_FP_TO_BYTES_MONT fp_to_bytes_mont
#include "msm_group_impl.h"

#define G_VAR cpu_group_g2
#define G_CURVE G16K_CURVE_BLS12_381
#define G_ID G16K_G2
#define G_NAME "G2"
#define G_FN(n) g2_##n
#define G_AFF g2_affine_t
#define G_JAC g2_jac_t
#define G_FE fp2_t
#define G_FP fp_t
#define G_FP_BYTES FP_BYTES
#define G_FP_TO_BYTES_MONT fp_to_bytes_mont
#include "msm_group_impl.h"

#define G_VAR cpu_group_g1_bn254
#define G_CURVE G16K_CURVE_BN254
#define G_ID G16K_G1
#define G_NAME "G1"
#define G_FN(n) bn254_g1_##n
#define G_AFF bn254_g1_affine_t
#define G_JAC bn254_g1_jac_t
#define G_FE bn254_fp_t
#define G_FP bn254_fp_t
#define G_FP_BYTES BN254_FP_BYTES
#define G_FP_TO_BYTES_MONT bn254_fp_to_bytes_mont
#include "msm_group_impl.h"

#define G_VAR cpu_group_g2_bn254
#define G_CURVE G16K_CURVE_BN254
#define G_ID G16K_G2
#define G_NAME "G2"
#define G_FN(n) bn254_g2_##n
#define G_AFF bn254_g2_affine_t
#define G_JAC bn254_g2_jac_t
#define G_FE bn254_fp2_t
#define G_FP bn254_fp_t
#define G_FP_BYTES BN254_FP_BYTES
#define G_FP_TO_BYTES_MONT bn254_fp_to_bytes_mont
#include "msm_group_impl.h"
