/*
 * Pippenger multi-scalar multiplication for any group with a cpu_group table (msm.h).
 *
 * Scalars are cut into signed radix-2^c digits by Booth recoding: digit w is
 *   d_w = v_w + b_{wc-1} - 2^c * b_{wc+c-1},   v_w = bits [wc, wc+c) of k,
 * which lies in [-2^(c-1), 2^(c-1)] and is computed from the scalar alone (no carry chain), so
 * any window can be processed on its own. Since k < r < 2^255, ceil(256/c) windows suffice
 * (the top bit read is >= 255, hence 0). Each (window, chunk of points) task sorts its points
 * into 2^(c-1) Jacobian buckets with mixed additions (negative digits add -P), then folds the
 * buckets with the running-sum trick (sum_j j * B_j in 2 additions per bucket). Window sums
 * are combined by Horner's rule with c doublings each. Zero digits cost nothing; infinity bases
 * and repeated points rely on the complete addition formulas of curve.h.
 * Sources: Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery identification",
 * INDOCRYPT 2012, section 4; A. D. Booth, "A signed binary multiplication technique", 1951.
 */
#include <stdlib.h>
#include <string.h>

#include "msm.h"
#include "threads.h"

#define SCALAR_BITS 256u

typedef struct pip {
    const cpu_group *g;
    const uint8_t *bases;        /* n affine points, stride g->affine_size */
    const uint64_t (*k)[4];
    uint64_t n;
    uint32_t c;
    uint32_t nwin;
    uint64_t nchunks;
    uint64_t chunk_len;
    uint64_t nbuckets;           /* 2^(c-1) */
    uint8_t *buckets;            /* per worker: nbuckets Jacobian buckets + 2 scratch points */
    uint8_t *partial;            /* per task: the weighted bucket sum of (window, chunk) */
} pip;

/* Bits [pos, pos + len) of the 256-bit k, len <= 32; bits at or above 256 read as 0. */
static uint64_t bits_at(const uint64_t k[4], uint32_t pos, uint32_t len)
{
    if (pos >= SCALAR_BITS)
        return 0;
    uint32_t limb = pos / 64;
    uint32_t off = pos % 64;
    uint64_t v = k[limb] >> off;
    if (off + len > 64 && limb + 1 < 4)
        v |= k[limb + 1] << (64 - off);
    return v & (((uint64_t)1 << len) - 1);
}

static int64_t booth_digit(const uint64_t k[4], uint32_t w, uint32_t c)
{
    uint64_t v = bits_at(k, w * c, c);
    uint64_t prev = w ? bits_at(k, w * c - 1, 1) : 0;
    int64_t d = (int64_t)(v + prev);
    if (v >> (c - 1))
        d -= (int64_t)1 << c;
    return d;
}

/* out = m * p for m >= 1 (left-to-right double-and-add); out must not alias p. */
static void mul_small(const cpu_group *g, void *out, const void *p, uint64_t m)
{
    int top = 63 - __builtin_clzll(m);
    memcpy(out, p, g->jac_size);
    for (int b = top - 1; b >= 0; b--) {
        g->jac_dbl(out, out);
        if ((m >> b) & 1)
            g->jac_add(out, out, p);
    }
}

/* acc = sum_j (j + 1) * bucket[j] by the running-sum trick: acc = sum_j R_j with
 * R_j = sum_{i >= j} bucket[i]. R only changes at non-empty buckets, so a stretch of `pending`
 * equal terms is added as pending * R: dense buckets cost 2 additions each as usual, sparse
 * ones (a large window on few points) about 2 log2(gap). running and tmp are scratch. */
static void fold_buckets(const cpu_group *g, uint8_t *acc, const uint8_t *bk, uint64_t nb,
                         uint8_t *running, uint8_t *tmp)
{
    size_t js = g->jac_size;
    uint64_t pending = 0;
    g->jac_set_inf(running);
    g->jac_set_inf(acc);
    for (uint64_t j = nb; j-- > 0;) {
        const uint8_t *b = bk + j * js;
        if (!g->jac_is_inf(b)) {
            if (pending && !g->jac_is_inf(running)) {
                mul_small(g, tmp, running, pending);
                g->jac_add(acc, acc, tmp);
            }
            pending = 0;
            g->jac_add(running, running, b);
        }
        pending++;
    }
    if (!g->jac_is_inf(running)) {
        mul_small(g, tmp, running, pending);
        g->jac_add(acc, acc, tmp);
    }
}

static void window_tasks(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    const pip *p = arg;
    const cpu_group *g = p->g;
    size_t js = g->jac_size;
    uint8_t *bk = p->buckets + (size_t)worker * (p->nbuckets + 2) * js;
    uint8_t *running = bk + p->nbuckets * js;
    for (uint64_t t = begin; t < end; t++) {
        uint32_t win = (uint32_t)(t / p->nchunks);
        uint64_t lo = (t % p->nchunks) * p->chunk_len;
        uint64_t hi = lo + p->chunk_len < p->n ? lo + p->chunk_len : p->n;
        for (uint64_t b = 0; b < p->nbuckets; b++)
            g->jac_set_inf(bk + b * js);
        for (uint64_t i = lo; i < hi; i++) {
            int64_t d = booth_digit(p->k[i], win, p->c);
            const uint8_t *base = p->bases + i * g->affine_size;
            if (d > 0) {
                uint8_t *b = bk + (uint64_t)(d - 1) * js;
                g->jac_add_affine(b, b, base);
            } else if (d < 0) {
                uint8_t *b = bk + (uint64_t)(-d - 1) * js;
                g->jac_sub_affine(b, b, base);
            }
        }
        fold_buckets(g, p->partial + t * js, bk, p->nbuckets, running, running + js);
    }
}

uint32_t cpu_msm_window(uint64_t n)
{
    uint32_t best = 1;
    double best_cost = 0;
    for (uint32_t c = 1; c <= CPU_MSM_MAX_AUTO_WINDOW; c++) {
        double nwin = (SCALAR_BITS + c - 1) / c;
        double cost = nwin * ((double)n + (double)((uint64_t)1 << c));
        if (c == 1 || cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

int cpu_msm_pippenger(const cpu_group *g, const void *bases, const uint64_t (*k)[4], uint64_t n,
                      uint32_t c, uint32_t threads, void *out)
{
    pip p = {.g = g, .bases = bases, .k = k, .n = n, .c = c};
    p.nwin = (SCALAR_BITS + c - 1) / c;
    p.nbuckets = (uint64_t)1 << (c - 1);
    /* Enough tasks for every thread, but chunks no shorter than the bucket count, where the
     * per-chunk bucket fold (2 additions per bucket) would start to dominate. */
    uint64_t want = ((uint64_t)threads * 2 + p.nwin - 1) / p.nwin;
    uint64_t most = n / p.nbuckets;
    p.nchunks = want < most ? want : most;
    if (p.nchunks == 0 || threads == 1)
        p.nchunks = 1;
    p.chunk_len = (n + p.nchunks - 1) / p.nchunks;
    if (p.chunk_len == 0)
        p.chunk_len = 1;
    uint64_t tasks = (uint64_t)p.nwin * p.nchunks;
    uint32_t workers = cpu_parallel_workers(threads, tasks, 1);

    size_t js = g->jac_size;
    p.buckets = malloc((size_t)workers * (p.nbuckets + 2) * js);
    p.partial = malloc(tasks * js);
    if (!p.buckets || !p.partial) {
        free(p.buckets);
        free(p.partial);
        return cpu_error(G16K_ENOMEM, "msm %s: out of memory for %u workers x 2^%u buckets",
                         g->name, workers, c - 1);
    }
    cpu_parallel_for(threads, tasks, 1, window_tasks, &p);

    /* Horner over windows, top first: out = 2^c * out + sum of the window's chunks. */
    g->jac_set_inf(out);
    for (uint32_t w = p.nwin; w-- > 0;) {
        if (!g->jac_is_inf(out))
            for (uint32_t i = 0; i < c; i++)
                g->jac_dbl(out, out);
        for (uint64_t ch = 0; ch < p.nchunks; ch++)
            g->jac_add(out, out, p.partial + ((uint64_t)w * p.nchunks + ch) * js);
    }
    free(p.buckets);
    free(p.partial);
    return G16K_OK;
}
