/*
 * Private to arith/ifma: one structure-of-arrays block (8 lanes of one Fp value, s[j * 8 + k] =
 * limb j of lane k) to and from the reference fp_t (Montgomery 2^384, fully reduced), the
 * Montgomery re-basing done in the vector unit. Included by the ISA-compiled files only.
 */
#ifndef G16K_CPU_IFMA_R52_BLOCK_H
#define G16K_CPU_IFMA_R52_BLOCK_H

#include "r52_radix.h"
#include "vfp.h"

/* r52 (any value < 2^17 p) -> reference fp_t: a Montgomery product by 2^384 mod p gives
 * x 2^384 below 2p, then re-radix and one conditional subtraction. */
static inline void r52_block_to_fp(fp_t out[8], const uint64_t *blk)
{
    _Alignas(64) uint64_t s[R52_LIMBS * 8];
    vfp a, c;
    vfp_load(&a, blk);
    vfp_set_const(&c, VFP_FROM_R52);
    vfp_mul(&a, &a, &c);
    vfp_store(s, &a);
    for (int k = 0; k < 8; k++)
        r52_radix_get(&out[k], s, k);
}

/* 8 reference fp_t (< p) -> r52 block below 2p: re-radix, then a Montgomery product by
 * 2^448 mod p (x 2^384 * 2^448 / 2^416 = x 2^416). */
static inline void r52_block_from_fp(uint64_t *blk, const fp_t *const in[8])
{
    vfp a, c;
    for (int k = 0; k < 8; k++)
        r52_radix_put(blk, k, in[k]);
    vfp_load(&a, blk);
    vfp_set_const(&c, VFP_TO_R52);
    vfp_mul(&a, &a, &c);
    vfp_store(blk, &a);
}

/* r = 1 / a lane by lane (a != 0 mod p in every lane, any a < 2^17 p; r < 2p): the eight lanes
 * leave for the reference fp_t, share one fp_inv by Montgomery's trick (21 products) and come
 * back. The batch-affine kernels' one inversion a batch (ba_ifma_impl.h, glv_aff_ifma_impl.h). */
static inline void r52_lanes_inv(vfp *r, const vfp *a)
{
    _Alignas(64) uint64_t s[R52_LIMBS * 8];
    fp_t x[8], pre[8], w;
    const fp_t *in[8];
    vfp_store(s, a);
    r52_block_to_fp(x, s);
    pre[0] = x[0];
    for (int k = 1; k < 8; k++)
        fp_mul(&pre[k], &pre[k - 1], &x[k]);
    fp_inv(&w, &pre[7]);
    for (int k = 7; k > 0; k--) {
        fp_mul(&pre[k], &w, &pre[k - 1]); /* 1 / x[k] */
        fp_mul(&w, &w, &x[k]);
    }
    pre[0] = w;
    for (int k = 0; k < 8; k++)
        in[k] = &pre[k];
    r52_block_from_fp(s, in);
    vfp_load(r, s);
}

#endif
