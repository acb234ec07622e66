/*
 * Batch-affine Pippenger buckets in radix 2^52, eight lanes (ifma.h g1_/g2_ifma_ba_run): the
 * affine additions of one batch of distinct buckets share one field inversion (Montgomery's
 * trick), so an addition costs 6 (G1) or 15 (G2) Fp products instead of the 11 or 29 of a
 * Jacobian mixed addition (g1_ifma.c, g2_ifma.c). The kernel is written once for both groups
 * (ba_ifma_impl.h); this file holds what the two share and instantiates it.
 *
 * Conversions stay cheap: a reference fp_t x 2^384 shifted left by 32 bits is x 2^416, the r52
 * form, once brought below 4p by vfp_reduce (15 IFMA products, against 128 + 128 for the
 * Montgomery multiplication by 2^448 that g1_/g2_ifma_bucket_add use); sums are reduced the
 * same way before they are stored, so that bucket values stay below 4p however long they
 * accumulate.
 *
 * One text for both curves (r52_curve.h): built as is for BLS12-381, and again with
 * G16K_IFMA_BN254 by arith/ifma/bn254/ba_ifma.c, where only the point loads differ (load_fp).
 */
#include "ifma.h"
#include "r52_curve.h" /* BLS12-381's, or BN254's in arith/ifma/bn254/ba_ifma.c */
#include "r52_block.h"

#define BLK (R52_LIMBS * IFMA_LANES) /* words of one structure-of-arrays block */

/* R mod p in reference Montgomery form (the Montgomery form of R / ref: 2^32 on BLS12-381,
 * 2^56 on BN254): fp_mul by it takes x ref to x R, a reference value to its r52 integer.
 * (tests/ifma checks it.) */
static const fp_t FP_R52_ONE = FP_R52_ONE_INIT;

/* r = block blk (R52_LIMBS words, 64-byte aligned, the first VFP_N the limbs) of buckets idx[k]
 * (bw words each), lane k < n; other lanes 0 (r52_rows_gather). */
R52_INLINE void gather_vfp(vfp *r, const uint64_t *bk, size_t bw, const uint64_t *idx, unsigned n,
                           int blk)
{
    const uint64_t *row[IFMA_LANES];
    R52_UNROLL
    for (unsigned k = 0; k < IFMA_LANES; k++)
        row[k] = k < n ? bk + idx[k] * bw + (size_t)blk * R52_LIMBS : r52_zero_row;
    r52_rows_gather(r, row);
}

/* The inverse of gather_vfp, lanes in mask only (words VFP_N and up written as 0). */
R52_INLINE void scatter_vfp(uint64_t *bk, size_t bw, const uint64_t *idx, r52m mask, const vfp *a,
                            int blk)
{
    uint64_t *row[IFMA_LANES];
    R52_UNROLL
    for (unsigned k = 0; k < IFMA_LANES; k++)
        row[k] = (mask >> k) & 1 ? bk + idx[k] * bw + (size_t)blk * R52_LIMBS : NULL;
    r52_rows_scatter(row, mask, a);
}

#ifndef G16K_IFMA_BN254
/* r = the r52 form (< 3p) of the reference fp_t at byte off of f[k], lanes k < n (other
 * lanes 0). The 8 values x 2^384 come in as rows of 6 words and are transposed; the 52-bit
 * limbs of x 2^384 * 2^32 = x 2^416 are cut with shifts (limb j holds bits 52 j - 32 ..
 * 52 j + 19 of x 2^384), and vfp_reduce brings the < 2^413 result below 3p. */
R52_INLINE void load_fp(vfp *r, const uint8_t *const *f, unsigned n, size_t off)
{
    const r52v mask = r52v_set1(R52_MASK);
    r52v w[8];
    R52_UNROLL
    for (unsigned k = 0; k < IFMA_LANES; k++)
        w[k] = k < n ? r52v_load6((const uint64_t *)(const void *)(f[k] + off)) : r52v_zero();
    r52v_transpose8(w); /* w[i] = word i of every lane; w[6] = w[7] = 0 */
    r->l[0] = r52v_and(r52v_shl(w[0], 32), mask);
    r->l[1] = r52v_and(r52v_or(r52v_shr(w[0], 20), r52v_shl(w[1], 44)), mask);
    r->l[2] = r52v_and(r52v_shr(w[1], 8), mask);
    r->l[3] = r52v_and(r52v_or(r52v_shr(w[1], 60), r52v_shl(w[2], 4)), mask);
    r->l[4] = r52v_and(r52v_or(r52v_shr(w[2], 48), r52v_shl(w[3], 16)), mask);
    r->l[5] = r52v_and(r52v_or(r52v_shr(w[3], 36), r52v_shl(w[4], 28)), mask);
    r->l[6] = r52v_and(r52v_or(r52v_shr(w[4], 24), r52v_shl(w[5], 40)), mask);
    r->l[7] = r52v_shr(w[5], 12); /* x 2^384 < 2^381: below 2^49 */
    vfp_reduce(r, r);
}
#else
/* BN254: the same with x 2^256 (4 words, below p < 2^254) and R / ref = 2^56, which one cut
 * cannot take (x 2^312 may reach 2^310, past vfp_reduce's 2^305): limb j of x 2^256 * 2^51
 * holds bits 52 j - 51 .. 52 j of x 2^256 (below 2^305), vfp_reduce takes it below 3p, the
 * remaining 2^5 is a shift across limbs (below 96p < 2^261), and a second vfp_reduce ends
 * below 3p: 24 IFMA products against a Montgomery product's 72. */
R52_INLINE void load_fp(vfp *r, const uint8_t *const *f, unsigned n, size_t off)
{
    const r52v mask = r52v_set1(R52_MASK);
    r52v w[8];
    R52_UNROLL
    for (unsigned k = 0; k < IFMA_LANES; k++)
        w[k] = k < n ? r52v_load4((const uint64_t *)(const void *)(f[k] + off)) : r52v_zero();
    r52v_transpose8(w); /* w[i] = word i of every lane; w[4..7] = 0 */
    r->l[0] = r52v_and(r52v_shl(w[0], 51), mask);
    r->l[1] = r52v_and(r52v_shr(w[0], 1), mask);
    r->l[2] = r52v_and(r52v_or(r52v_shr(w[0], 53), r52v_shl(w[1], 11)), mask);
    r->l[3] = r52v_and(r52v_or(r52v_shr(w[1], 41), r52v_shl(w[2], 23)), mask);
    r->l[4] = r52v_and(r52v_or(r52v_shr(w[2], 29), r52v_shl(w[3], 35)), mask);
    r->l[5] = r52v_shr(w[3], 17); /* x 2^256 < 2^254: below 2^37 */
    vfp_reduce(r, r);
    R52_UNROLL
    for (int j = VFP_N - 1; j > 0; j--)
        r->l[j] = r52v_and(r52v_or(r52v_shl(r->l[j], 5), r52v_shr(r->l[j - 1], 47)), mask);
    r->l[0] = r52v_and(r52v_shl(r->l[0], 5), mask);
    vfp_reduce(r, r);
}
#endif

/* ---- Fp2 pieces for G2 ---- */

R52_INLINE void vfp2_gather(vfp2 *r, const uint64_t *bk, size_t bw, const uint64_t *idx, unsigned n,
                            int blk)
{
    gather_vfp(&r->c0, bk, bw, idx, n, blk);
    gather_vfp(&r->c1, bk, bw, idx, n, blk + 1);
}

R52_INLINE void vfp2_scatter(uint64_t *bk, size_t bw, const uint64_t *idx, r52m mask, const vfp2 *a,
                             int blk)
{
    scatter_vfp(bk, bw, idx, mask, &a->c0, blk);
    scatter_vfp(bk, bw, idx, mask, &a->c1, blk + 1);
}

R52_INLINE void vfp2_load(vfp2 *r, const uint64_t *s)
{
    vfp_load(&r->c0, s);
    vfp_load(&r->c1, s + BLK);
}

R52_INLINE void vfp2_store(uint64_t *s, const vfp2 *a)
{
    vfp_store(s, &a->c0);
    vfp_store(s + BLK, &a->c1);
}

R52_INLINE void vfp2_reduce(vfp2 *r, const vfp2 *a)
{
    vfp_reduce(&r->c0, &a->c0);
    vfp_reduce(&r->c1, &a->c1);
}

R52_INLINE r52m vfp2_is_zero_exact(const vfp2 *a)
{
    return (r52m)(vfp_is_zero_exact(&a->c0) & vfp_is_zero_exact(&a->c1));
}

/* n = d0^2 + d1^2 (< 3p: one reduction of the two wide squares): nonzero for d != 0, as -1
 * is not a square mod p. Needs d < 2^17 p. */
static void vfp2_norm(vfp *n, const vfp2 *d)
{
    vfp_wide s0, s1;
    vfp_sqr_wide(&s0, &d->c0);
    vfp_sqr_wide(&s1, &d->c1);
    vfp_wide_add(&s0, &s0, &s1);
    vfp_redc(n, &s0);
}

/* 1/d = conj(d) / N(d) = (d0 ninv, -d1 ninv), each <= 2p. */
R52_INLINE void vfp2_dinv(vfp2 *o, const vfp2 *d, const vfp *ninv)
{
    vfp z, t;
    vfp_zero(&z);
    vfp_mul(&o->c0, &d->c0, ninv);
    vfp_mul(&t, &d->c1, ninv);
    vfp_sub(&o->c1, &z, &t, 2);
}

R52_INLINE void vfp2_one(vfp2 *r)
{
    vfp_set_const(&r->c0, VFP_ONE);
    vfp_zero(&r->c1);
}

R52_INLINE void vfp2_zero(vfp2 *r)
{
    vfp_zero(&r->c0);
    vfp_zero(&r->c1);
}

/* The point layouts BI_LOAD_POINTS relies on: coordinates as consecutive fp_t. */
_Static_assert(sizeof(g1_affine_t) == 2 * sizeof(fp_t), "g1_affine_t is x, y");
_Static_assert(sizeof(g2_affine_t) == 4 * sizeof(fp_t), "g2_affine_t is x.c0, x.c1, y.c0, y.c1");

/* r = Fp blocks [blk, blk + BI_NC) of the points f[k]. */
R52_INLINE void vfp2_load_points(vfp2 *r, const uint8_t *const *f, unsigned n, int blk)
{
    load_fp(&r->c0, f, n, (size_t)blk * sizeof(fp_t));
    load_fp(&r->c1, f, n, (size_t)(blk + 1) * sizeof(fp_t));
}

R52_INLINE void vfp_load_points(vfp *r, const uint8_t *const *f, unsigned n, int blk)
{
    load_fp(r, f, n, (size_t)blk * sizeof(fp_t));
}

/* ---- G1 ---- */
#define BI_SFX g1
#define BI_NC 1
#define BI_FE vfp
#define BI_AFF g1_affine_t
#define BI_R52 g1_aff_r52
#define BI_COORD(p, i) ((i) == 0 ? &(p)->x : &(p)->y)
#define BI_LOAD vfp_load
#define BI_STORE vfp_store
#define BI_GATHER gather_vfp
#define BI_SCATTER scatter_vfp
#define BI_LOAD_POINTS vfp_load_points
#define BI_MUL vfp_mul
#define BI_SQR vfp_sqr
#define BI_ADD vfp_add
#define BI_SUB vfp_sub
#define BI_BLEND vfp_blend
#define BI_REDUCE vfp_reduce
#define BI_IS_ZERO vfp_is_zero_exact
#define BI_NORM(n, d) (*(n) = *(d))
#define BI_NORM_KMAX 8 /* the norm is d itself, < 8p */
#define BI_DINV(o, d, ninv) (*(o) = *(ninv))
#define BI_ONE(r) vfp_set_const((r), VFP_ONE)
#define BI_ZERO vfp_zero
#include "ba_ifma_impl.h"

/* ---- G2 ---- */
#define BI_SFX g2
#define BI_NC 2
#define BI_FE vfp2
#define BI_AFF g2_affine_t
#define BI_R52 g2_aff_r52
#define BI_COORD(p, i)                                                                             \
    ((i) < 2 ? ((i) ? &(p)->x.c1 : &(p)->x.c0) : ((i) == 3 ? &(p)->y.c1 : &(p)->y.c0))
#define BI_LOAD vfp2_load
#define BI_STORE vfp2_store
#define BI_GATHER vfp2_gather
#define BI_SCATTER vfp2_scatter
#define BI_LOAD_POINTS vfp2_load_points
#define BI_MUL vfp2_mul
#define BI_SQR vfp2_sqr
#define BI_ADD vfp2_add
#define BI_SUB vfp2_sub
#define BI_BLEND vfp2_blend
#define BI_REDUCE vfp2_reduce
#define BI_IS_ZERO vfp2_is_zero_exact
#define BI_NORM vfp2_norm
#define BI_NORM_KMAX 3 /* d0^2 + d1^2 < 3p */
#define BI_DINV vfp2_dinv
#define BI_ONE vfp2_one
#define BI_ZERO vfp2_zero
#include "ba_ifma_impl.h"
