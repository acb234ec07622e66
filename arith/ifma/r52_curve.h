/*
 * Private to arith/ifma: the curve a translation unit's radix-2^52 arithmetic (vfp.h) is built
 * for, BLS12-381's by default, BN254's where G16K_IFMA_BN254 is defined (the units of
 * arith/ifma/bn254/ include the BLS12-381 sources with it, as gpu/common and core/setup build
 * one text per curve). Include it after ifma.h and before any other arith/ifma header.
 *
 *   VFP_N          limbs of 52 bits of one r52 value: R = 2^(52 VFP_N) is its Montgomery radix
 *                  (BLS12-381 8, R = 2^416; BN254 6, R = 2^312: p < 2^254 leaves 58 spare bits,
 *                  so the lazy bounds of vfp.h, inputs below 2^17 p, hold as they do with
 *                  BLS12-381's 35; 5 limbs would leave 6 bits, too few for them). Storage keeps
 *                  R52_LIMBS (8) words a value for both curves (ifma.h): limbs VFP_N and up are 0.
 *   VFP_P_LIMBS    the nonzero limbs of p (BN254's top limb is 0: the products skip it)
 *   VFP_P, VFP_PINV   p in radix 2^52, -p^-1 mod 2^52
 *   VFP_TO_R52     2^(2 log2 R - ref) mod p, ref the reference Montgomery radix (2^384, 2^256):
 *                  a Montgomery product by it takes a reference value x ref to x R
 *   VFP_FROM_R52   ref mod p: the product by it takes x R back to x ref
 *   VFP_ONE        R mod p, the r52 form of 1
 *   VFP_RED_LO, VFP_QINV   vfp_reduce's quotient estimate: v = floor(a / 2^S), S =
 *                  52 (VFP_N - 1) - VFP_RED_LO, and QINV = floor(2^(S + 52) / p) < 2^52
 *   VFP_RED_MAX_LOG  vfp_reduce takes any a < 2^VFP_RED_MAX_LOG (= S + 52)
 *   FP_R52_ONE     R mod p as a reference fp_t (the Montgomery form of R / ref): fp_mul by it
 *                  takes x ref to the integer x R mod p
 *   IFMA_CURVE_NAME  for messages
 * Every constant was computed with Python integers; tests/ifma checks VFP_ONE and FP_R52_ONE
 * through conversions, the others through every product against the reference arithmetic.
 * In a BN254 unit the reference names (fp_t, fp_mul, g1_affine_t, ...) are BN254's
 * (arith/bn254_as_bls12_381.h) and the exported ifma.h names get the bn254_ prefix below.
 */
#ifndef G16K_CPU_IFMA_R52_CURVE_H
#define G16K_CPU_IFMA_R52_CURVE_H

#include <stdint.h>

#include "bls12_381/glv.h" /* before the BN254 names: the recodings keep their own */
#include "bn254/glv.h"
#include "ifma.h"

#ifdef G16K_IFMA_BN254
#include "bn254_as_bls12_381.h"

#define IFMA_CURVE_NAME "BN254"
#define VFP_N 6
#define VFP_P_LIMBS 5
/* p = 0x30644e72...fd47, 254 bits */
static const uint64_t VFP_P[VFP_N] = { 0x08c16d87cfd47ULL, 0x916871ca8d3c2ULL, 0x181585d97816aULL,
                                       0xa029b85045b68ULL, 0x030644e72e131ULL, 0 };
#define VFP_PINV 0x20782e4866389ULL
/* 2^368 mod p */
static const uint64_t VFP_TO_R52[VFP_N] = { 0xe30a6eb0cb91bULL, 0xa0be1d73d2693ULL,
                                            0xa7e7451a14cb5ULL, 0x47ef64dbffeecULL,
                                            0x0003b8726c680ULL, 0 };
/* 2^256 mod p */
static const uint64_t VFP_FROM_R52[VFP_N] = { 0xd438dc58f0d9dULL, 0x28f5c70b3dd35ULL,
                                              0x879462c0a78ebULL, 0xdf2f666ea36f7ULL,
                                              0x00e0a77c19a07ULL, 0 };
/* 2^312 mod p */
static const uint64_t VFP_ONE[VFP_N] = { 0x520fe22dd697aULL, 0xa09fb176fc45dULL, 0x915282abd4f92ULL,
                                         0xdf7c46296f66cULL, 0x0173128656bebULL, 0 };
/* S = 253: v = floor(a / 2^253) takes 7 bits of limb 4 and limb 5; floor(2^305 / p), 52 bits */
#define VFP_RED_LO 7
#define VFP_QINV 0xa948e8c4c4740ULL
#define VFP_RED_MAX_LOG 305
#define FP_R52_ONE_INIT                                                                            \
    {                                                                                              \
        {                                                                                          \
            0x45d520fe22dd697aULL, 0xbd4f92a09fb176fcULL, 0x46296f66c915282aULL,                   \
                0x173128656bebdf7cULL                                                              \
        }                                                                                          \
    }

/* the exported names of arith/ifma, BN254's */
#define fp_ifma_to_r52 bn254_fp_ifma_to_r52
#define fp_ifma_from_r52 bn254_fp_ifma_from_r52
#define fp_ifma_mul bn254_fp_ifma_mul
#define fp_ifma_sqr bn254_fp_ifma_sqr
#define fp_ifma_add bn254_fp_ifma_add
#define fp_ifma_sub bn254_fp_ifma_sub
#define fp_ifma_reduce bn254_fp_ifma_reduce
#define fp2_ifma_to_r52 bn254_fp2_ifma_to_r52
#define fp2_ifma_from_r52 bn254_fp2_ifma_from_r52
#define fp2_ifma_mul bn254_fp2_ifma_mul
#define fp2_ifma_sqr bn254_fp2_ifma_sqr
#define g1_ifma_ba_scratch_size bn254_g1_ifma_ba_scratch_size
#define g1_ifma_ba_run bn254_g1_ifma_ba_run
#define g1_ifma_aff_set bn254_g1_ifma_aff_set
#define g1_ifma_aff_get bn254_g1_ifma_aff_get
#define g2_ifma_ba_scratch_size bn254_g2_ifma_ba_scratch_size
#define g2_ifma_ba_run bn254_g2_ifma_ba_run
#define g2_ifma_aff_set bn254_g2_ifma_aff_set
#define g2_ifma_aff_get bn254_g2_ifma_aff_get
#define g2_ifma_in_subgroup bn254_g2_ifma_in_subgroup
#define g1_ifma_ba_fold bn254_g1_ifma_ba_fold
#define g2_ifma_ba_fold bn254_g2_ifma_ba_fold
#define g1_ifma_mul_glv bn254_g1_ifma_mul_glv
#define g2_ifma_mul_glv bn254_g2_ifma_mul_glv
#define g1_ifma_mul_glv_aff bn254_g1_ifma_mul_glv_aff
#define g2_ifma_mul_glv_aff bn254_g2_ifma_mul_glv_aff
#define g1_ifma_mul_glv_aff_scratch bn254_g1_ifma_mul_glv_aff_scratch
#define g2_ifma_mul_glv_aff_scratch bn254_g2_ifma_mul_glv_aff_scratch
#define g1_ifma_butterfly bn254_g1_ifma_butterfly
#define g2_ifma_butterfly bn254_g2_ifma_butterfly
#define fr_ifma_tw_from_mont bn254_fr_ifma_tw_from_mont
#define fr_ifma_ntt_cols bn254_fr_ifma_ntt_cols
#define fr_ifma_ntt_leaf bn254_fr_ifma_ntt_leaf
#define glv_fixed bn254_glv_fixed /* the scalars of the products: k canonical (bn254/glv.h) */

#else /* BLS12-381 */

#define IFMA_CURVE_NAME "BLS12-381"
#define VFP_N 8
#define VFP_P_LIMBS 8
/* p = 0x1a0111ea...ffaaab, 381 bits */
static const uint64_t VFP_P[VFP_N] = { 0xeffffffffaaabULL, 0xfeb153ffffb9fULL, 0x6b0f6241eabffULL,
                                       0x12bf6730d2a0fULL, 0x764774b84f385ULL, 0x1ba7b6434bacdULL,
                                       0x1ea397fe69a4bULL, 0x000000001a011ULL };
#define VFP_PINV 0x3fffcfffcfffdULL
/* 2^448 mod p */
static const uint64_t VFP_TO_R52[VFP_N] = { 0x7fde37dba9366ULL, 0x4e27525bc342bULL,
                                            0x1f5b1e9778489ULL, 0xb872b2b91b9dcULL,
                                            0xb206f497dfcafULL, 0x4137cc89a9b0bULL,
                                            0xd9d20d7e39959ULL, 0x000000000411cULL };
/* 2^384 mod p */
static const uint64_t VFP_FROM_R52[VFP_N] = { 0x900000002fffdULL, 0x0bc40c0002760ULL,
                                              0x3c758baebf400ULL, 0x57455f4898575ULL,
                                              0xd77ce58537052ULL, 0x071a97a256ec6ULL,
                                              0xec3fa80e4935cULL, 0x0000000015f65ULL };
/* 2^416 mod p */
static const uint64_t VFP_ONE[VFP_N] = { 0x6480ea8e9b9afULL, 0x65766c8fe444fULL, 0x8b540fea96f7dULL,
                                         0x3b2ee82efd422ULL, 0xa6723e5f0ade5ULL, 0xff6eb6fdd4230ULL,
                                         0xe06ef23c24a25ULL, 0x0000000014c8eULL };
/* S = 364: v is limb 7 itself; floor(2^416 / p), 36 bits */
#define VFP_RED_LO 0
#define VFP_QINV 0x9d835d2f3ULL
#define VFP_RED_MAX_LOG 416
#define FP_R52_ONE_INIT                                                                            \
    {                                                                                              \
        {                                                                                          \
            0x44f6480ea8e9b9afULL, 0xa96f7d65766c8fe4ULL, 0xe82efd4228b540feULL,                   \
                0x6723e5f0ade53b2eULL, 0x25ff6eb6fdd4230aULL, 0x14c8ee06ef23c24aULL                \
        }                                                                                          \
    }
#endif

#endif
