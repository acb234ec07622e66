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
 * empties the bucket. An addition to a bucket already waiting in the batch goes to that
 * bucket's Jacobian side accumulator instead (complete mixed addition), so a degenerate input
 * (every point in one bucket) costs a Jacobian addition per point, never an inversion each.
 *
 * Measured (bench_cpu, G1 2^16, one thread, Zen 5): see msm_pippenger.c.
 */
#include <string.h>

#include "msm.h"

#define BA_FULL 1u               /* aff[j] holds a point */
#define BA_SIDE 2u               /* side[j] holds a Jacobian point (maybe infinity) */
#define BA_WAIT 4u               /* an addition to j waits in the batch */

/* Additions per inversion: enough to make the inversion (~600 multiplications) small per
 * addition, and a quarter of the buckets at most, so conflicts stay rare. */
#define BA_MAX_BATCH 1024u

static uint32_t batch_for(uint64_t nbuckets)
{
    uint64_t b = nbuckets / 4;
    if (b > BA_MAX_BATCH)
        b = BA_MAX_BATCH;
    return b ? (uint32_t)b : 1;
}

static size_t up64(size_t x)
{
    return (x + 63) & ~(size_t)63;
}

size_t cpu_ba_size(const cpu_group *g, uint64_t nbuckets)
{
    size_t b = batch_for(nbuckets);
    return up64(nbuckets) + up64(nbuckets * g->affine_size) + up64(nbuckets * g->jac_size) +
           up64(b * sizeof(uint64_t)) + up64(b * sizeof(void *)) + up64(b) +
           up64(3 * b * g->fe_size);
}

void cpu_ba_init(cpu_ba *ba, const cpu_group *g, void *mem, uint64_t nbuckets)
{
    uint8_t *m = mem;
    ba->g = g;
    ba->nbuckets = nbuckets;
    ba->batch_max = batch_for(nbuckets);
    ba->count = 0;
    ba->state = m;
    m += up64(nbuckets);
    ba->aff = m;
    m += up64(nbuckets * g->affine_size);
    ba->side = m;
    m += up64(nbuckets * g->jac_size);
    ba->bidx = (uint64_t *)(void *)m;
    m += up64(ba->batch_max * sizeof(uint64_t));
    ba->bpt = (const uint8_t **)(void *)m;
    m += up64(ba->batch_max * sizeof(void *));
    ba->bneg = m;
    m += up64(ba->batch_max);
    ba->fe = m;
    cpu_ba_reset(ba);
}

void cpu_ba_reset(cpu_ba *ba)
{
    memset(ba->state, 0, ba->nbuckets);
    ba->count = 0;
}

/* The y coordinate of p, negated when neg. */
static const uint8_t *point_y(const cpu_group *g, const uint8_t *p, int neg, uint8_t *tmp)
{
    if (!neg)
        return p + g->fe_size;
    g->fe_neg(tmp, p + g->fe_size);
    return tmp;
}

void cpu_ba_flush(cpu_ba *ba)
{
    const cpu_group *g = ba->g;
    size_t fs = g->fe_size;
    uint32_t cnt = ba->count;
    if (cnt == 0)
        return;
    uint8_t *den = ba->fe;                   /* cnt denominators (1 for cancellations) */
    uint8_t *pre = den + (size_t)cnt * fs;   /* pre[t] = den[0] * ... * den[t] */
    _Alignas(64) uint8_t one[sizeof(fp2_t)];
    _Alignas(64) uint8_t ty[sizeof(fp2_t)];
    _Alignas(64) uint8_t inv[sizeof(fp2_t)];
    _Alignas(64) uint8_t it[sizeof(fp2_t)];
    _Alignas(64) uint8_t lam[sizeof(fp2_t)];
    _Alignas(64) uint8_t x3[sizeof(fp2_t)];
    _Alignas(64) uint8_t t1[sizeof(fp2_t)];
    if (fs == sizeof(fp_t)) {
        memcpy(one, &FP_ONE, sizeof(fp_t));
    } else {
        fp2_t o;
        fp2_set_one(&o);
        memcpy(one, &o, sizeof o);
    }

    /* Pass 1: denominators and their prefix products. */
    for (uint32_t t = 0; t < cnt; t++) {
        const uint8_t *b = ba->aff + ba->bidx[t] * g->affine_size;
        const uint8_t *p = ba->bpt[t];
        uint8_t *d = den + (size_t)t * fs;
        if (!g->fe_eq(b, p)) {
            g->fe_sub(d, p, b);                                   /* x2 - x1 */
        } else {
            const uint8_t *py = point_y(g, p, ba->bneg[t], ty);
            g->fe_add(t1, b + fs, py);
            if (g->fe_is_zero(t1))
                memcpy(d, one, fs);                               /* P + (-P): no slope */
            else
                g->fe_add(d, b + fs, b + fs);                     /* doubling: 2 y */
        }
        if (t == 0)
            memcpy(pre, d, fs);
        else
            g->fe_mul(pre + (size_t)t * fs, pre + (size_t)(t - 1) * fs, d);
    }
    g->fe_inv(inv, pre + (size_t)(cnt - 1) * fs);

    /* Pass 2, last to first: inv = 1 / (den[0] ... den[t]) on entry. */
    for (uint32_t t = cnt; t-- > 0;) {
        uint64_t j = ba->bidx[t];
        uint8_t *b = ba->aff + j * g->affine_size;
        const uint8_t *p = ba->bpt[t];
        const uint8_t *d = den + (size_t)t * fs;
        if (t > 0) {
            g->fe_mul(it, inv, pre + (size_t)(t - 1) * fs);      /* 1 / den[t] */
            g->fe_mul(inv, inv, d);
        } else {
            memcpy(it, inv, fs);
        }
        ba->state[j] &= (uint8_t)~BA_WAIT;
        const uint8_t *py = point_y(g, p, ba->bneg[t], ty);
        if (!g->fe_eq(b, p)) {
            g->fe_sub(lam, py, b + fs);                           /* y2 - y1 */
        } else {
            g->fe_add(t1, b + fs, py);
            if (g->fe_is_zero(t1)) {
                ba->state[j] &= (uint8_t)~BA_FULL;                /* bucket + (-bucket) */
                continue;
            }
            g->fe_sqr(t1, b);                                     /* 3 x1^2 */
            g->fe_add(lam, t1, t1);
            g->fe_add(lam, lam, t1);
        }
        g->fe_mul(lam, lam, it);
        g->fe_sqr(x3, lam);                                       /* x3 = l^2 - x1 - x2 */
        g->fe_sub(x3, x3, b);
        g->fe_sub(x3, x3, p);
        g->fe_sub(t1, b, x3);                                     /* y3 = l (x1 - x3) - y1 */
        g->fe_mul(t1, t1, lam);
        g->fe_sub(b + fs, t1, b + fs);
        memcpy(b, x3, fs);
    }
    ba->count = 0;
}

void cpu_ba_add(cpu_ba *ba, uint64_t j, const void *pv, int neg)
{
    const cpu_group *g = ba->g;
    const uint8_t *p = pv;
    uint8_t st = ba->state[j];
    if (g->affine_is_inf(p))
        return;
    if (!(st & BA_FULL)) {
        uint8_t *b = ba->aff + j * g->affine_size;
        memcpy(b, p, g->affine_size);
        if (neg)
            g->fe_neg(b + g->fe_size, b + g->fe_size);
        ba->state[j] = st | BA_FULL;
        return;
    }
    if (st & BA_WAIT) {
        uint8_t *s = ba->side + j * g->jac_size;
        if (!(st & BA_SIDE)) {
            g->jac_set_inf(s);
            ba->state[j] = st | BA_SIDE;
        }
        if (neg)
            g->jac_sub_affine(s, s, p);
        else
            g->jac_add_affine(s, s, p);
        return;
    }
    /* The bucket is read at the flush, batch_max additions later: fetch it now. */
    __builtin_prefetch(ba->aff + j * g->affine_size, 1);
    ba->state[j] = st | BA_WAIT;
    uint32_t t = ba->count++;
    ba->bidx[t] = j;
    ba->bpt[t] = p;
    ba->bneg[t] = (uint8_t)(neg != 0);
    if (ba->count == ba->batch_max)
        cpu_ba_flush(ba);
}

int cpu_ba_add_bucket_to(const cpu_ba *ba, void *acc, uint64_t j)
{
    const cpu_group *g = ba->g;
    uint8_t st = ba->state[j];
    if (st & BA_FULL)
        g->jac_add_affine(acc, acc, ba->aff + j * g->affine_size);
    if (st & BA_SIDE)
        g->jac_add(acc, acc, ba->side + j * g->jac_size);
    return (st & (BA_FULL | BA_SIDE)) != 0;
}
