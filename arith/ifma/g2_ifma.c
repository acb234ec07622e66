/*
 * G2 bucket arithmetic in radix 2^52, eight lanes (ifma.h g2_ifma_*): g_ifma_impl.h over Fp2,
 * the formulas of arith/bls12_381/g2.c.
 */
#define GI_SFX g2
#define GI_NC 2
#define GI_FE vfp2
#define GI_PART(a, i) ((i) ? &(a)->c1 : &(a)->c0)
#define GI_AFF g2_affine_t
#define GI_JAC g2_jac_t
#define GI_R52 g2_jac_r52
#define GI_AFF_R52 g2_aff_r52 /* the batch-affine buckets, for the fold */
#define GI_MUL vfp2_mul
#define GI_SQR vfp2_sqr
#define GI_ADD vfp2_add
#define GI_SUB vfp2_sub
#define GI_TRIPLE vfp2_triple
#define GI_SUB_2B_C vfp2_sub_2b_c
#define GI_BLEND vfp2_blend
#define GI_MB 8 /* vfp2_mul < 3p, vfp2_sqr < 4p */
#define GI_AFF_IS_INF g2_affine_is_inf
#define GI_AFF_NEG g2_affine_neg
#define GI_JAC_ADD_AFF g2_jac_add_affine
#define GI_ENDO g2_affine_psi /* -psi(P) = [|x|] P on G2 */
#define GI_X_POW 1
#define GI_REF_FE fp2_t /* the reference field, for the scalar multiplication */
#define GI_REF_MUL fp2_mul
#define GI_REF_INV fp2_inv
#include "g_ifma_impl.h"
