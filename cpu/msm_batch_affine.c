/*
 * Batch-affine bucket accumulation for the CPU Pippenger driver (msm.h cpu_ba_*).
 *
 * Buckets are kept in affine form. Additions bucket += P wait in a batch of distinct buckets;
 * a flush computes every slope denominator, inverts their product once and unwinds it
 * (Montgomery's trick, "Speeding the Pollard and elliptic curve methods of factorization",
 * Math. Comp. 1987), then finishes each affine addition: about 5M + 1S per addition plus
 * 1/batch of an inversion, against 7M + 4S for a Jacobian mixed addition. The same idea is the
 * "batch affine" accumulation of gnark-crypto and of Aztec's barretenberg.
 *
 * Special cases, all exact: an empty bucket takes the point as is (no arithmetic); infinity
 * points are skipped; bucket == P doubles (slope 3x^2 / 2y); bucket == -P (including y = 0)
 * empties the bucket. An addition to a bucket already waiting in the batch is deferred to a
 * later batch (a list as long as the batch, drained after each run); when that list is full
 * it goes to the bucket's Jacobian side accumulator (complete mixed addition), so a degenerate
 * input (every point in one bucket) costs a Jacobian addition per point, not an inversion.
 * A batch a quarter of the buckets long met its own bucket on ~12% of additions; deferring
 * them instead of paying a Jacobian addition, plus typed calls (msm_ba_impl.h), took
 * `g16k bench msm` one thread, 2^16, from 0.62 to 0.57 s on G1 and 1.89 to ~1.4 s on G2.
 * A batch of half the buckets was slower (0.69 s: the deferred list overflows).
 *
 * Measured (bench_cpu, G1 2^16, one thread, Zen 5): see msm_pippenger.c.
 *
 * Two kinds of one accumulator (msm_ba_impl.h holds the batch, deferral and side logic once):
 * portable (msm_ba_arith.h: mulx/adx Fp, one addition at a time) and IFMA (cpu_ba_init with
 * ifma: each batch is one call of arith/ifma's 8-lane kernel g1_/g2_ifma_ba_run, the buckets
 * stay in radix 2^52 and the window's fold reads them there, cpu_ba_fold_ifma). Same sums,
 * exactly. IFMA against portable, g16k bench msm one thread, CPU seconds, Zen 4 shared with
 * other work: G2 2^16 0.40 / 0.96 s, 2^18 1.33 / 3.6 s; G1 2^16 0.21 / 0.42,
 * 2^18 0.65 / 1.54. BN254 (arith/ifma/bn254, the same kernels on 6 limbs), msm medians of three
 * alternating runs, 2026-12-04: G1 2^16 0.120 / 0.280 s, 2^18 0.426 / 1.028; G2 2^16 0.226 /
 * 0.917, 2^18 0.814 / 2.288.
 */
#include <assert.h>
#include <string.h>

#include "bls12_381/fp_inline.h"
#include "bn254/curve.h"
#include "msm.h"

#define BA_FULL 1u /* buckets[j] holds a point */
#define BA_SIDE 2u /* side[j] holds a Jacobian point (maybe infinity) */
#define BA_WAIT 4u /* an addition to j waits in the batch */

/* The accumulator's kind (cpu_ba.kind): bit 0 G2, bit 1 BN254, bit 2 IFMA. */
enum { K_G1, K_G2, K_BN_G1, K_BN_G2, K_G1_IFMA, K_G2_IFMA, K_BN_G1_IFMA, K_BN_G2_IFMA };

/* Additions per inversion: enough to make the inversion (~110 multiplications' time with the
 * binary GCD of mont/inv_bgcd_impl.h) small per addition, and an eighth of the buckets at most, so
 * conflicts stay rare. An eighth beat a quarter once the inversion got 4.6x cheaper (G1 2^16,
 * one thread: 0.485 against 0.502 s, medians of 10 interleaved runs). */
#define BA_MAX_BATCH 2048u

static uint32_t batch_for(uint64_t nbuckets)
{
    uint64_t b = nbuckets / 8;
    if (b > BA_MAX_BATCH)
        b = BA_MAX_BATCH;
    return b ? (uint32_t)b : 1;
}

static size_t up64(size_t x)
{
    return (x + 63) & ~(size_t)63;
}

/* Bytes of one bucket in the batch arithmetic's storage, and of that arithmetic's scratch
 * (the r52 types serve both curves: ifma.h). */
static size_t bucket_bytes(const cpu_group *g, int ifma)
{
    if (!ifma)
        return g->affine_size;
    return g->id == G16K_G2 ? sizeof(g2_aff_r52) : sizeof(g1_aff_r52);
}

static size_t scratch_bytes(const cpu_group *g, int ifma, uint32_t b)
{
    if (!ifma)
        return up64(b * (g->fe_size + 2 * sizeof(fp_t)));
    int bn = g->curve == G16K_CURVE_BN254;
    size_t k = g->id == G16K_G2
                   ? (bn ? bn254_g2_ifma_ba_scratch_size(b) : g2_ifma_ba_scratch_size(b))
                   : (bn ? bn254_g1_ifma_ba_scratch_size(b) : g1_ifma_ba_scratch_size(b));
    return up64(b) + k;
}

size_t cpu_ba_size(const cpu_group *g, uint64_t nbuckets, int ifma)
{
    size_t b = batch_for(nbuckets);
    /* buckets: state, point (affine, or r52 with IFMA), Jacobian side; batch and deferred
     * lists: index, point, sign; batch scratch: denominators, their Fp norms and the norms'
     * prefix products (portable) or the kernel's (IFMA, after b bytes of "sum is infinity"
     * flags) */
    return up64(nbuckets) + up64(nbuckets * bucket_bytes(g, ifma)) + up64(nbuckets * g->jac_size) +
           2 * (up64(b * sizeof(uint64_t)) + up64(b * sizeof(void *)) + up64(b)) +
           scratch_bytes(g, ifma, (uint32_t)b);
}

void cpu_ba_init(cpu_ba *ba, const cpu_group *g, void *mem, uint64_t nbuckets, int ifma)
{
    uint8_t *m = mem;
    ba->g = g;
    ba->kind = (g->id == G16K_G2 ? K_G2 : K_G1) + (g->curve == G16K_CURVE_BN254 ? K_BN_G1 : 0) +
               (ifma ? K_G1_IFMA : 0);
    ba->nbuckets = nbuckets;
    ba->batch_max = batch_for(nbuckets);
    ba->count = 0;
    ba->state = m;
    m += up64(nbuckets);
    ba->buckets = m; /* affine points, or (IFMA) r52 ones, which only the lanes read */
    m += up64(nbuckets * bucket_bytes(g, ifma));
    ba->side = m;
    m += up64(nbuckets * g->jac_size);
    ba->bidx = (uint64_t *)(void *)m;
    m += up64(ba->batch_max * sizeof(uint64_t));
    ba->bpt = (const uint8_t **)(void *)m;
    m += up64(ba->batch_max * sizeof(void *));
    ba->bneg = m;
    m += up64(ba->batch_max);
    ba->pidx = (uint64_t *)(void *)m;
    m += up64(ba->batch_max * sizeof(uint64_t));
    ba->ppt = (const uint8_t **)(void *)m;
    m += up64(ba->batch_max * sizeof(void *));
    ba->pneg = m;
    m += up64(ba->batch_max);
    ba->empty = m;
    if (ifma)
        m += up64(ba->batch_max);
    ba->fe = m;
    cpu_ba_reset(ba);
}

void cpu_ba_reset(cpu_ba *ba)
{
    memset(ba->state, 0, ba->nbuckets);
    ba->count = 0;
    ba->npend = 0;
}

/* ---- G1: Fp inlined (fp_inline.h) ---- */
#define BA_SFX g1
#define BA_FE fp_t
#define BA_AFF g1_affine_t
#define BA_JAC g1_jac_t
#define BA_MUL fpi_mul
#define BA_SQR fpi_sqr
#define BA_ADD fpi_add
#define BA_SUB fpi_sub
#define BA_SUB_LAZY fpi_sub_lazy
#define BA_NEG fpi_neg
#define BA_NORM(n, d) (*(n) = *(d))
#define BA_FROM_NINV(o, d, ninv) (*(o) = *(ninv))
#define BA_EQ fpi_eq
#define BA_IS_ZERO fpi_is_zero
#define BA_SET_ONE(x) (*(x) = FP_ONE)
#define BA_AFF_IS_INF g1_affine_is_inf
#define BA_JAC_ADD_AFF g1_jac_add_affine
#define BA_JAC_SET_INF g1_jac_set_inf
#define BA_BUCKET_BYTES sizeof(g1_affine_t)
#define BA_PREFETCH_BYTES 1
#include "msm_ba_arith.h"
#include "msm_ba_impl.h"

/* Fp2 additions and comparisons inlined from fp_inline.h (calls through fp2_sub to fp_sub were
 * 7% of the G2 instructions); the products stay calls to fp2.c. */
static inline void fp2i_add(fp2_t *o, const fp2_t *a, const fp2_t *b)
{
    fpi_add(&o->c0, &a->c0, &b->c0);
    fpi_add(&o->c1, &a->c1, &b->c1);
}

static inline void fp2i_sub(fp2_t *o, const fp2_t *a, const fp2_t *b)
{
    fpi_sub(&o->c0, &a->c0, &b->c0);
    fpi_sub(&o->c1, &a->c1, &b->c1);
}

static inline void fp2i_neg(fp2_t *o, const fp2_t *a)
{
    fpi_neg(&o->c0, &a->c0);
    fpi_neg(&o->c1, &a->c1);
}

static inline int fp2i_eq(const fp2_t *a, const fp2_t *b)
{
    return fpi_eq(&a->c0, &b->c0) & fpi_eq(&a->c1, &b->c1);
}

static inline int fp2i_is_zero(const fp2_t *a)
{
    return fpi_is_zero(&a->c0) & fpi_is_zero(&a->c1);
}

/* N(d) = d0^2 + d1^2 in Fp (d d-bar; nonzero for d != 0, as -1 is not a square mod p). */
static inline void g2_norm(fp_t *n, const fp2_t *d)
{
    fp_t t;
    fpi_sqr(n, &d->c0);
    fpi_sqr(&t, &d->c1);
    fpi_add(n, n, &t);
}

/* 1/d = conj(d) / N(d), given ninv = 1/N(d). */
static inline void g2_from_ninv(fp2_t *o, const fp2_t *d, const fp_t *ninv)
{
    fp_t t;
    fpi_mul(&o->c0, &d->c0, ninv);
    fpi_mul(&t, &d->c1, ninv);
    fpi_neg(&o->c1, &t);
}

/* ---- G2: Fp2 products as calls (~120 ns each, the call costs little), the rest inlined ---- */
#define BA_SFX g2
#define BA_FE fp2_t
#define BA_AFF g2_affine_t
#define BA_JAC g2_jac_t
#define BA_MUL fp2_mul
#define BA_SQR fp2_sqr
#define BA_ADD fp2i_add
#define BA_SUB fp2i_sub
#define BA_SUB_LAZY fp2i_sub
#define BA_NEG fp2i_neg
#define BA_NORM g2_norm
#define BA_FROM_NINV g2_from_ninv
#define BA_EQ fp2i_eq
#define BA_IS_ZERO fp2i_is_zero
#define BA_SET_ONE fp2_set_one
#define BA_AFF_IS_INF g2_affine_is_inf
#define BA_JAC_ADD_AFF g2_jac_add_affine
#define BA_JAC_SET_INF g2_jac_set_inf
#define BA_BUCKET_BYTES sizeof(g2_affine_t)
#define BA_PREFETCH_BYTES 1
#include "msm_ba_arith.h"
#include "msm_ba_impl.h"

/* ---- BN254 G1 and G2: the field operations as calls (no inlined BN254 Fp yet) ---- */
static inline void bn_fp_one(bn254_fp_t *x)
{
    *x = BN254_FP_ONE;
}

static void bn_norm_g1(bn254_fp_t *n, const bn254_fp_t *d)
{
    *n = *d;
}

static void bn_from_ninv_g1(bn254_fp_t *o, const bn254_fp_t *d, const bn254_fp_t *ninv)
{
    (void)d;
    *o = *ninv;
}

/* N(d) = d0^2 + d1^2 (u^2 = -1 on BN254 too, and -1 is not a square mod p). */
static void bn_norm_g2(bn254_fp_t *n, const bn254_fp2_t *d)
{
    bn254_fp_t t;
    bn254_fp_sqr(n, &d->c0);
    bn254_fp_sqr(&t, &d->c1);
    bn254_fp_add(n, n, &t);
}

static void bn_from_ninv_g2(bn254_fp2_t *o, const bn254_fp2_t *d, const bn254_fp_t *ninv)
{
    bn254_fp_t t;
    bn254_fp_mul(&o->c0, &d->c0, ninv);
    bn254_fp_mul(&t, &d->c1, ninv);
    bn254_fp_neg(&o->c1, &t);
}

#define BA_FP_T bn254_fp_t
#define BA_FP_MUL bn254_fp_mul
#define BA_FP_INV bn254_fp_inv
#define BA_SFX bn_g1
#define BA_FE bn254_fp_t
#define BA_AFF bn254_g1_affine_t
#define BA_JAC bn254_g1_jac_t
#define BA_MUL bn254_fp_mul
#define BA_SQR bn254_fp_sqr
#define BA_ADD bn254_fp_add
#define BA_SUB bn254_fp_sub
#define BA_SUB_LAZY bn254_fp_sub
#define BA_NEG bn254_fp_neg
#define BA_NORM bn_norm_g1
#define BA_FROM_NINV bn_from_ninv_g1
#define BA_EQ bn254_fp_eq
#define BA_IS_ZERO bn254_fp_is_zero
#define BA_SET_ONE bn_fp_one
#define BA_AFF_IS_INF bn254_g1_affine_is_inf
#define BA_JAC_ADD_AFF bn254_g1_jac_add_affine
#define BA_JAC_SET_INF bn254_g1_jac_set_inf
#define BA_BUCKET_BYTES sizeof(bn254_g1_affine_t)
#define BA_PREFETCH_BYTES 1
#include "msm_ba_arith.h"
#include "msm_ba_impl.h"

#define BA_FP_T bn254_fp_t
#define BA_FP_MUL bn254_fp_mul
#define BA_FP_INV bn254_fp_inv
#define BA_SFX bn_g2
#define BA_FE bn254_fp2_t
#define BA_AFF bn254_g2_affine_t
#define BA_JAC bn254_g2_jac_t
#define BA_MUL bn254_fp2_mul
#define BA_SQR bn254_fp2_sqr
#define BA_ADD bn254_fp2_add
#define BA_SUB bn254_fp2_sub
#define BA_SUB_LAZY bn254_fp2_sub
#define BA_NEG bn254_fp2_neg
#define BA_NORM bn_norm_g2
#define BA_FROM_NINV bn_from_ninv_g2
#define BA_EQ bn254_fp2_eq
#define BA_IS_ZERO bn254_fp2_is_zero
#define BA_SET_ONE bn254_fp2_set_one
#define BA_AFF_IS_INF bn254_g2_affine_is_inf
#define BA_JAC_ADD_AFF bn254_g2_jac_add_affine
#define BA_JAC_SET_INF bn254_g2_jac_set_inf
#define BA_BUCKET_BYTES sizeof(bn254_g2_affine_t)
#define BA_PREFETCH_BYTES 1
#include "msm_ba_arith.h"
#include "msm_ba_impl.h"

/* ---- IFMA: buckets in radix 2^52, each batch one call of the arith/ifma kernel ---- */

/* After the kernel: the batch's buckets wait no more; those whose sum was infinity are empty. */
static void ifma_batch_done(cpu_ba *ba)
{
    for (uint32_t t = 0; t < ba->count; t++)
        ba->state[ba->bidx[t]] &= (uint8_t) ~(BA_WAIT | (ba->empty[t] ? BA_FULL : 0));
    ba->count = 0;
}

/* ba_set_<SFX> and ba_run_batch_<SFX> (msm_ba_impl.h's contract) on one arith/ifma kernel pair:
 * AFF_SET puts a reference point into an R52 bucket, BA_RUN runs a batch. */
#define BA_IFMA_KERNELS(SFX, AFF, R52, AFF_SET, BA_RUN)                                            \
    static inline void ba_set_##SFX(cpu_ba *ba, uint64_t j, const AFF *p, int neg)                 \
    {                                                                                              \
        AFF_SET((R52 *)(void *)ba->buckets + j, p, neg);                                           \
        ba->state[j] |= BA_FULL;                                                                   \
    }                                                                                              \
    static void ba_run_batch_##SFX(cpu_ba *ba)                                                     \
    {                                                                                              \
        BA_RUN((R52 *)(void *)ba->buckets, ba->bidx, ba->bpt, ba->bneg, ba->count, ba->empty,      \
               ba->fe);                                                                            \
        ifma_batch_done(ba);                                                                       \
    }

BA_IFMA_KERNELS(g1_ifma, g1_affine_t, g1_aff_r52, g1_ifma_aff_set, g1_ifma_ba_run)
BA_IFMA_KERNELS(g2_ifma, g2_affine_t, g2_aff_r52, g2_ifma_aff_set, g2_ifma_ba_run)
/* BN254's on arith/ifma/bn254 (the same r52 bucket types) */
BA_IFMA_KERNELS(bn_g1_ifma, bn254_g1_affine_t, g1_aff_r52, bn254_g1_ifma_aff_set,
                bn254_g1_ifma_ba_run)
BA_IFMA_KERNELS(bn_g2_ifma, bn254_g2_affine_t, g2_aff_r52, bn254_g2_ifma_aff_set,
                bn254_g2_ifma_ba_run)

#define BA_SFX g1_ifma
#define BA_AFF g1_affine_t
#define BA_JAC g1_jac_t
#define BA_NEG fp_neg
#define BA_AFF_IS_INF g1_affine_is_inf
#define BA_JAC_ADD_AFF g1_jac_add_affine
#define BA_JAC_SET_INF g1_jac_set_inf
#define BA_BUCKET_BYTES sizeof(g1_aff_r52)
#define BA_PREFETCH_BYTES sizeof(g1_aff_r52)
#include "msm_ba_impl.h"

#define BA_SFX g2_ifma
#define BA_AFF g2_affine_t
#define BA_JAC g2_jac_t
#define BA_NEG fp2i_neg
#define BA_AFF_IS_INF g2_affine_is_inf
#define BA_JAC_ADD_AFF g2_jac_add_affine
#define BA_JAC_SET_INF g2_jac_set_inf
#define BA_BUCKET_BYTES sizeof(g2_aff_r52)
#define BA_PREFETCH_BYTES sizeof(g2_aff_r52)
#include "msm_ba_impl.h"

#define BA_SFX bn_g1_ifma
#define BA_AFF bn254_g1_affine_t
#define BA_JAC bn254_g1_jac_t
#define BA_NEG bn254_fp_neg
#define BA_AFF_IS_INF bn254_g1_affine_is_inf
#define BA_JAC_ADD_AFF bn254_g1_jac_add_affine
#define BA_JAC_SET_INF bn254_g1_jac_set_inf
#define BA_BUCKET_BYTES sizeof(g1_aff_r52)
#define BA_PREFETCH_BYTES sizeof(g1_aff_r52)
#include "msm_ba_impl.h"

#define BA_SFX bn_g2_ifma
#define BA_AFF bn254_g2_affine_t
#define BA_JAC bn254_g2_jac_t
#define BA_NEG bn254_fp2_neg
#define BA_AFF_IS_INF bn254_g2_affine_is_inf
#define BA_JAC_ADD_AFF bn254_g2_jac_add_affine
#define BA_JAC_SET_INF bn254_g2_jac_set_inf
#define BA_BUCKET_BYTES sizeof(g2_aff_r52)
#define BA_PREFETCH_BYTES sizeof(g2_aff_r52)
#include "msm_ba_impl.h"

void cpu_ba_flush(cpu_ba *ba)
{
    switch (ba->kind) {
    case K_G1: ba_flush_g1(ba); break;
    case K_G2: ba_flush_g2(ba); break;
    case K_BN_G1: ba_flush_bn_g1(ba); break;
    case K_BN_G2: ba_flush_bn_g2(ba); break;
    case K_G1_IFMA: ba_flush_g1_ifma(ba); break;
    case K_G2_IFMA: ba_flush_g2_ifma(ba); break;
    case K_BN_G1_IFMA: ba_flush_bn_g1_ifma(ba); break;
    case K_BN_G2_IFMA: ba_flush_bn_g2_ifma(ba); break;
    }
}

void cpu_ba_add(cpu_ba *ba, uint64_t j, const void *p, int neg)
{
    switch (ba->kind) {
    case K_G1: ba_add_g1(ba, j, p, neg); break;
    case K_G2: ba_add_g2(ba, j, p, neg); break;
    case K_BN_G1: ba_add_bn_g1(ba, j, p, neg); break;
    case K_BN_G2: ba_add_bn_g2(ba, j, p, neg); break;
    case K_G1_IFMA: ba_add_g1_ifma(ba, j, p, neg); break;
    case K_G2_IFMA: ba_add_g2_ifma(ba, j, p, neg); break;
    case K_BN_G1_IFMA: ba_add_bn_g1_ifma(ba, j, p, neg); break;
    case K_BN_G2_IFMA: ba_add_bn_g2_ifma(ba, j, p, neg); break;
    }
}

int cpu_ba_add_bucket_to(const cpu_ba *ba, void *acc, uint64_t j)
{
    const cpu_group *g = ba->g;
    assert(ba->kind < K_G1_IFMA); /* IFMA buckets are r52: cpu_ba_fold_ifma reads them */
    uint8_t st = ba->state[j];
    if (st & BA_FULL)
        g->jac_add_affine(acc, acc, ba->buckets + j * g->affine_size);
    if (st & BA_SIDE)
        g->jac_add(acc, acc, ba->side + j * g->jac_size);
    return (st & (BA_FULL | BA_SIDE)) != 0;
}

void cpu_ba_fold_ifma(const cpu_ba *ba, void *out, uint64_t first, uint64_t nb)
{
    const uint8_t *st = ba->state + first;
    switch (ba->kind) {
    case K_G1_IFMA:
        g1_ifma_ba_fold(out, (const g1_aff_r52 *)(const void *)ba->buckets + first, st, BA_FULL,
                        nb);
        break;
    case K_G2_IFMA:
        g2_ifma_ba_fold(out, (const g2_aff_r52 *)(const void *)ba->buckets + first, st, BA_FULL,
                        nb);
        break;
    case K_BN_G1_IFMA:
        bn254_g1_ifma_ba_fold(out, (const g1_aff_r52 *)(const void *)ba->buckets + first, st,
                              BA_FULL, nb);
        break;
    case K_BN_G2_IFMA:
        bn254_g2_ifma_ba_fold(out, (const g2_aff_r52 *)(const void *)ba->buckets + first, st,
                              BA_FULL, nb);
        break;
    default: /* a portable set: its caller folds with cpu_ba_add_bucket_to */
        assert(!"cpu_ba_fold_ifma on a portable set");
        ba->g->jac_set_inf(out);
        break;
    }
}

int cpu_ba_any_side(const cpu_ba *ba, uint64_t first, uint64_t nb)
{
    uint8_t any = 0;
    for (uint64_t j = first; j < first + nb; j++)
        any |= ba->state[j];
    return (any & BA_SIDE) != 0;
}

int cpu_ba_add_side_to(const cpu_ba *ba, void *acc, uint64_t j)
{
    if (!(ba->state[j] & BA_SIDE))
        return 0;
    ba->g->jac_add(acc, acc, ba->side + j * ba->g->jac_size);
    return 1;
}
