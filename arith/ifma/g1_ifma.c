/*
 * G1 bucket arithmetic in radix 2^52, eight lanes (ifma.h g1_ifma_*): g_ifma_impl.h over Fp,
 * the formulas of arith/bls12_381/g1.c. On G1 the vector path competes with a good scalar mulx
 * multiplier, so it pays less than on G2.
 */
#define GI_SFX g1
#define GI_NC 1
#define GI_FE vfp
#define GI_PART(a, i) (a)
#define GI_AFF g1_affine_t
#define GI_JAC g1_jac_t
#define GI_R52 g1_jac_r52
#define GI_AFF_R52 g1_aff_r52 /* the batch-affine buckets, for the fold */
#define GI_MUL vfp_mul
#define GI_SQR vfp_sqr
#define GI_ADD vfp_add
#define GI_SUB vfp_sub
#define GI_TRIPLE vfp_triple
#define GI_SUB_2B_C vfp_sub_2b_c
#define GI_BLEND vfp_blend
#define GI_MB 2 /* vfp_mul: < 2p */
#define GI_AFF_IS_INF g1_affine_is_inf
#define GI_AFF_NEG g1_affine_neg
#define GI_JAC_ADD_AFF g1_jac_add_affine
#define GI_ENDO g1_affine_sigma /* -sigma(P) = [x^2] P on G1 */
#define GI_X_POW 2
#define GI_REF_FE fp_t /* the reference field, for the scalar multiplication */
#define GI_REF_MUL fp_mul
#define GI_REF_INV fp_inv
#include "g_ifma_impl.h"
