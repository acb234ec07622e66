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

/* A row of zeros for r52_rows_gather's lanes that have no row. */
static const _Alignas(64) uint64_t r52_zero_row[R52_LIMBS] __attribute__((unused));

/* r = the first VFP_N words of row[k] in lane k (each row R52_LIMBS words, 64-byte aligned;
 * r52_zero_row for a lane of zeros): one 64-byte load a row and an 8 x 8 transpose. The
 * batch-affine kernels' lane-major rows (buckets: ba_ifma.c; table entries:
 * glv_aff_ifma_impl.h) into a structure-of-arrays value. */
R52_INLINE void r52_rows_gather(vfp *r, const uint64_t *const row[IFMA_LANES])
{
    r52v t[IFMA_LANES];
    R52_UNROLL
    for (unsigned k = 0; k < IFMA_LANES; k++)
        t[k] = r52v_load(row[k]);
    r52v_transpose8(t);
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        r->l[j] = t[j];
}

/* The inverse of r52_rows_gather: row[k] = lane k of a (its words VFP_N and up 0) for the lanes
 * k in mask (the others' rows are not read and may be NULL). */
R52_INLINE void r52_rows_scatter(uint64_t *const row[IFMA_LANES], r52m mask, const vfp *a)
{
    r52v t[IFMA_LANES];
    R52_UNROLL
    for (int j = 0; j < IFMA_LANES; j++)
        t[j] = j < VFP_N ? a->l[j] : r52v_zero();
    r52v_transpose8(t);
    R52_UNROLL
    for (unsigned k = 0; k < IFMA_LANES; k++)
        if ((mask >> k) & 1)
            r52v_store(row[k], t[k]);
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
