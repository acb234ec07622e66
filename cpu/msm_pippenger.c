/*
 * Pippenger multi-scalar multiplication for any group with a cpu_group table (msm.h).
 *
 * Scalars are cut into signed radix-2^c digits by Booth recoding: digit w is
 *   d_w = v_w + b_{wc-1} - 2^c * b_{wc+c-1},   v_w = bits [wc, wc+c) of k,
 * which lies in [-2^(c-1), 2^(c-1)] and is computed from the scalar alone (no carry chain), so
 * any window can be processed on its own. Since k < r < 2^255, ceil(256/c) windows suffice
 * (the top bit read is >= 255, hence 0). One MSM is spread over all threads: each (window,
 * chunk of points) is a task, with enough chunks that every thread has work, claimed chunk by
 * chunk (bases larger than memory are read once, see CPU_MSM_CHUNK_BYTES in msm.h). A task sorts its
 * points into 2^(c-1) buckets (negative digits add -P), then folds the buckets with the
 * running-sum trick (sum_j j * B_j in 2 additions per bucket). Buckets are batch-affine
 * (msm_batch_affine.c) for c >= CPU_BA_MIN_WINDOW, else Jacobian with mixed additions and a
 * prefetch of the next point's bucket. With IFMA chosen, the batch-affine batches run 8 lanes
 * at a time on arith/ifma (buckets in radix 2^52, ba_ifma.c) and fold there too, 8 ranges of
 * buckets in the lanes (g1_/g2_ifma_ba_fold; in scalar code the fold was about a quarter of a
 * G1 2^20 MSM at window 16); the smaller windows' Jacobian buckets are radix-2^52 ones added 8
 * at a time (msm_ifma.c), converted once per task for the scalar fold. Window sums are
 * combined by Horner's rule with c doublings each. Zero digits cost nothing; infinity bases and
 * repeated points rely on the complete addition formulas of curve.h and the exact special cases
 * of the batch path.
 * Batch-affine tasks take a group of windows (CPU_BA_GROUP_BUCKETS buckets in all): one pass
 * over the chunk's points fills every window of the group, and the group shares each batch
 * inversion (G1 2^16, one thread: 2048 buckets 0.56 s, 4096 0.54 s, 8192 0.56 s, min of 3x3).
 * Memory per worker is bounded by the window: 2^(c-1) buckets (see msm.h), reused by its tasks.
 * Measured (tests/cpu/bench_cpu, one thread, shared 2-core Zen 5, both sides on the same field
 * arithmetic, medians): G1 2^18 5.7 -> 4.1 s, G2 2^18 13.2 -> 8.7 s, G1 2^16 1.08 -> 0.80 s
 * (2.2 -> 0.9 s on the older, slower Fp). Batch 2^(c-2) beat 2^(c-1) (conflicts cost more
 * than the extra inversions save).
 * Sources: Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery identification",
 * INDOCRYPT 2012, section 4; A. D. Booth, "A signed binary multiplication technique", 1951.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msm.h"
#include "platform/big_alloc.h"
#include "platform/parallel.h"

typedef struct pip {
    const cpu_group *g;
    const uint8_t *bases;  /* affine points, stride g->affine_size */
    const uint64_t *idx;   /* NULL, or the base index of each point */
    const uint8_t *images; /* NULL, or m - 1 endomorphism images per point */
    uint32_t mlog;         /* m = 2^mlog scalars per point */
    const uint64_t *k;     /* n scalars of kl limbs */
    uint32_t kl;
    uint64_t n;
    uint32_t c; /* widest window; window w is c_w = base + (w < extra) bits */
    uint32_t base, extra;
    uint32_t nwin;
    uint64_t nchunks;
    uint64_t chunk_len;
    uint32_t ngroups;    /* window groups: task t is chunk t / ngroups, group t % ngroups */
    uint64_t nbuckets;   /* 2^(c-1), the widest window's (window w uses 2^(c_w-1)) */
    uint32_t wgroup;     /* windows per task (batch-affine: they share each batch) */
    int batch;           /* 1: batch-affine buckets (cpu_ba), 0: Jacobian */
    int ifma;            /* 1: buckets on arith/ifma: batch-affine ones (cpu_ba with
                                    ifma) when batch, else Jacobian ones (cpu_ifma_set) */
    int stage;           /* batch path on unaligned bases: copy CPU_MSM_STAGE_POINTS at a time
                            into the worker's stage (after its buckets in the scratch) */
    size_t stage_off;    /* offset of the stage in a worker's scratch */
    size_t worker_bytes; /* per-worker scratch, 64-byte multiple */
    uint8_t *scratch;    /* workers * worker_bytes */
    uint8_t *partial;    /* per (window, chunk): its weighted bucket sum */
} pip;
/* Bits [pos, pos + len) of the kl-limb k, len <= 32; bits past the last limb read as 0. */
static uint64_t bits_at(const uint64_t *k, uint32_t kl, uint32_t pos, uint32_t len)
{
    uint32_t limb = pos / 64;
    uint32_t off = pos % 64;
    if (limb >= kl)
        return 0;
    uint64_t v = k[limb] >> off;
    if (off + len > 64 && limb + 1 < kl)
        v |= k[limb + 1] << (64 - off);
    return v & (((uint64_t)1 << len) - 1);
}

/* Width and first bit of window w. */
static uint32_t win_bits(const struct pip *p, uint32_t w)
{
    return p->base + (w < p->extra);
}

static uint32_t win_pos(const struct pip *p, uint32_t w)
{
    return w * p->base + (w < p->extra ? w : p->extra);
}

/* Buckets of window w: 2^(c_w - 1). */
static uint64_t win_buckets(const struct pip *p, uint32_t w)
{
    return (uint64_t)1 << (win_bits(p, w) - 1);
}

/* Digit w of scalar i. */
static int64_t booth_digit(const struct pip *p, uint64_t i, uint32_t w)
{
    const uint64_t *k = p->k + i * p->kl;
    uint32_t c = win_bits(p, w), pos = win_pos(p, w);
    uint64_t v = bits_at(k, p->kl, pos, c);
    uint64_t prev = w ? bits_at(k, p->kl, pos - 1, 1) : 0;
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

/* Adds bucket j to acc; returns 0 when the bucket is empty. */
typedef int bucket_add_fn(const void *set, void *acc, uint64_t j);

typedef struct jac_set {
    const cpu_group *g;
    const uint8_t *bk;
} jac_set;

static int jac_bucket_add(const void *set, void *acc, uint64_t j)
{
    const jac_set *s = set;
    const uint8_t *b = s->bk + j * s->g->jac_size;
    if (s->g->jac_is_inf(b))
        return 0;
    s->g->jac_add(acc, acc, b);
    return 1;
}

/* One window's buckets inside a batch-affine set that holds several windows. */
typedef struct ba_window {
    const cpu_ba *ba;
    uint64_t first; /* index of the window's bucket 0 in the set */
} ba_window;

static int ba_bucket_add(const void *set, void *acc, uint64_t j)
{
    const ba_window *w = set;
    return cpu_ba_add_bucket_to(w->ba, acc, w->first + j);
}

static int ba_side_add(const void *set, void *acc, uint64_t j)
{
    const ba_window *w = set;
    return cpu_ba_add_side_to(w->ba, acc, w->first + j);
}

/* acc = sum_j (j + 1) * bucket[j] by the running-sum trick: acc = sum_j R_j with
 * R_j = sum_{i >= j} bucket[i]. R only changes at non-empty buckets, so a stretch of `pending`
 * equal terms is added as pending * R: dense buckets cost 2 additions each as usual, sparse
 * ones (a large window on few points) about 2 log2(gap). running and tmp are scratch. */
static void fold_buckets(const cpu_group *g, uint8_t *acc, bucket_add_fn *add, const void *set,
                         uint64_t nb, uint8_t *running, uint8_t *tmp)
{
    uint64_t pending = 0;
    g->jac_set_inf(running);
    g->jac_set_inf(acc);
    for (uint64_t j = nb; j-- > 0;) {
        memcpy(tmp, running, g->jac_size);
        if (add(set, tmp, j)) {
            if (pending && !g->jac_is_inf(running)) {
                uint8_t *m = tmp + g->jac_size;
                mul_small(g, m, running, pending);
                g->jac_add(acc, acc, m);
            }
            pending = 0;
            memcpy(running, tmp, g->jac_size);
        }
        pending++;
    }
    if (!g->jac_is_inf(running)) {
        mul_small(g, tmp, running, pending);
        g->jac_add(acc, acc, tmp);
    }
}

/* The point of scalar i: point i >> mlog itself, or one of its images. */
static const uint8_t *base_of(const pip *p, uint64_t i)
{
    uint64_t pt = i >> p->mlog;
    uint64_t img = i & (((uint64_t)1 << p->mlog) - 1);
    if (img)
        return p->images + (pt * ((1u << p->mlog) - 1) + img - 1) * p->g->affine_size;
    return p->bases + (p->idx ? p->idx[pt] : pt) * p->g->affine_size;
}

/* Batch-affine tasks fetch the point PT_AHEAD scalars ahead. With the endomorphism split each
 * point is read from two streams (the base, then its images), which the hardware prefetcher
 * followed poorly: perf, G2 2^16 one thread, the stall on a point's first touch went from 3.0%
 * to 0.3% of samples; wall time about 2% better, inside the noise (medians of three interleaved
 * spells: 1.224 -> 1.174, 1.343 -> 1.351, 1.701 -> 1.664 s). G1 2^16 and G2 2^18 unchanged. */
#define PT_AHEAD 8

/* Fetch the 64-byte lines of an affine point (96 or 192 bytes). */
static inline void prefetch_point(const pip *p, const uint8_t *pt)
{
    for (size_t off = 0; off < p->g->affine_size; off += 64)
        __builtin_prefetch(pt + off, 0);
}

/* Sort the points [lo, hi) into Jacobian buckets for window win (mixed additions). The bucket
 * of the next point is prefetched while the current one is added. */
static void fill_jacobian(const pip *p, uint8_t *bk, uint32_t win, uint64_t lo, uint64_t hi)
{
    const cpu_group *g = p->g;
    size_t js = g->jac_size;
    for (uint64_t b = 0; b < p->nbuckets; b++)
        g->jac_set_inf(bk + b * js);
    int64_t d = lo < hi ? booth_digit(p, lo, win) : 0;
    for (uint64_t i = lo; i < hi; i++) {
        int64_t next = i + 1 < hi ? booth_digit(p, i + 1, win) : 0;
        if (next)
            __builtin_prefetch(bk + (uint64_t)((next > 0 ? next : -next) - 1) * js, 1);
        if (d > 0) {
            uint8_t *b = bk + (uint64_t)(d - 1) * js;
            g->jac_add_affine(b, b, base_of(p, i));
        } else if (d < 0) {
            uint8_t *b = bk + (uint64_t)(-d - 1) * js;
            g->jac_sub_affine(b, b, base_of(p, i));
        }
        d = next;
    }
}

static void window_tasks(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    const pip *p = arg;
    const cpu_group *g = p->g;
    size_t js = g->jac_size;
    uint8_t *mem = p->scratch + (size_t)worker * p->worker_bytes;
    uint8_t *running = mem; /* 4 Jacobian points of fold scratch */
    uint8_t *sets = mem + ((4 * js + 63) & ~(size_t)63);
    cpu_ba ba;
    cpu_ifma_set vs;
    jac_set js_set = { .g = g, .bk = sets };
    if (p->batch)
        cpu_ba_init(&ba, g, sets, (uint64_t)p->wgroup * p->nbuckets, p->ifma);
    else if (p->ifma) {
        cpu_ifma_init(&vs, g, sets, p->nbuckets);
        js_set.bk = vs.jac;
    }
    for (uint64_t t = begin; t < end; t++) {
        uint64_t chunk = t / p->ngroups;
        uint32_t grp = (uint32_t)(t % p->ngroups);
        uint32_t win = grp; /* wgroup is 1 off the batch path */
        uint64_t lo = chunk * p->chunk_len;
        uint64_t hi = lo + p->chunk_len < p->n ? lo + p->chunk_len : p->n;
        uint8_t *acc = p->partial + ((uint64_t)win * p->nchunks + chunk) * js;
        if (p->ifma && !p->batch) {
            cpu_ifma_reset(&vs);
            for (uint64_t i = lo; i < hi; i++) {
                int64_t d = booth_digit(p, i, win);
                if (d)
                    cpu_ifma_add(&vs, (uint64_t)(d > 0 ? d : -d) - 1, base_of(p, i), d < 0);
            }
            cpu_ifma_finish(&vs);
            fold_buckets(g, acc, jac_bucket_add, &js_set, win_buckets(p, win), running,
                         running + js);
            continue;
        }
        if (!p->batch) {
            fill_jacobian(p, sets, win, lo, hi);
            fold_buckets(g, acc, jac_bucket_add, &js_set, win_buckets(p, win), running,
                         running + js);
            continue;
        }
        cpu_ba_reset(&ba);
        /* Task t is (group of windows, chunk) here: every window of the group fills its own
         * buckets from one pass over the points, and they share the batch inversions. Bases
         * off their alignment are copied into the worker's stage a block at a time, and the
         * batches flushed before the stage is reused (no addition waits on a staged point). */
        uint32_t w0 = grp * p->wgroup;
        uint32_t w1 = w0 + p->wgroup < p->nwin ? w0 + p->wgroup : p->nwin;
        uint8_t *stage = p->stage ? mem + p->stage_off : NULL;
        uint64_t block = stage ? CPU_MSM_STAGE_POINTS : hi - lo;
        for (uint64_t b0 = lo; b0 < hi; b0 += block) {
            uint64_t b1 = hi - b0 < block ? hi : b0 + block;
            if (stage)
                for (uint64_t i = b0; i < b1; i++)
                    memcpy(stage + (i - b0) * g->affine_size, base_of(p, i), g->affine_size);
            for (uint64_t i = b0; i < b1; i++) {
                const uint8_t *pt = stage ? stage + (i - b0) * g->affine_size : base_of(p, i);
                if (!stage && i + PT_AHEAD < hi)
                    prefetch_point(p, base_of(p, i + PT_AHEAD));
                for (uint32_t w = w0; w < w1; w++) {
                    int64_t d = booth_digit(p, i, w);
                    uint64_t first = (uint64_t)(w - w0) * p->nbuckets;
                    if (d > 0)
                        cpu_ba_add(&ba, first + (uint64_t)(d - 1), pt, 0);
                    else if (d < 0)
                        cpu_ba_add(&ba, first + (uint64_t)(-d - 1), pt, 1);
                }
            }
            if (stage)
                cpu_ba_flush(&ba);
        }
        /* IFMA: the affine parts fold in 8 lanes straight from radix 2^52 (no conversion of
         * every bucket), the rare side accumulators by a sparse fold beside them. */
        cpu_ba_flush(&ba);
        for (uint32_t w = w0; w < w1; w++) {
            ba_window bw = { .ba = &ba, .first = (uint64_t)(w - w0) * p->nbuckets };
            uint8_t *out = p->partial + ((uint64_t)w * p->nchunks + chunk) * js;
            uint64_t nb = win_buckets(p, w);
            if (!p->ifma) {
                fold_buckets(g, out, ba_bucket_add, &bw, nb, running, running + js);
                continue;
            }
            cpu_ba_fold_ifma(&ba, out, bw.first, nb);
            if (cpu_ba_any_side(&ba, bw.first, nb)) {
                uint8_t *side = running + 3 * js;
                fold_buckets(g, side, ba_side_add, &bw, nb, running, running + js);
                g->jac_add(out, out, side);
            }
        }
    }
}

/* Modelled cost of one window, in Jacobian mixed additions: each point costs one bucket
 * addition (a batch-affine one is ~0.6 of a mixed one at these field speeds, inversion
 * included), each bucket ~2.5 in the fold (one mixed and one full addition). */
static double window_cost(uint64_t n, uint32_t c)
{
    double add = c >= CPU_BA_MIN_WINDOW ? 0.6 : 1.0;
    return (double)n * add + 2.5 * (double)((uint64_t)1 << (c - 1));
}

uint32_t cpu_msm_window(uint64_t n, uint32_t bits)
{
    uint32_t best = 1;
    double best_cost = 0;
    for (uint32_t c = 1; c <= CPU_MSM_MAX_AUTO_WINDOW; c++) {
        double cost = (double)(bits / c + 1) * window_cost(n, c);
        if (c == 1 || cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

uint8_t *cpu_points_gather(const cpu_group *g, const void *bases, const uint64_t *idx, uint64_t n)
{
    size_t sz = g->affine_size;
    uint8_t *copy = big_alloc(n * sz);
    if (copy)
        for (uint64_t i = 0; i < n; i++)
            memcpy(copy + i * sz, (const uint8_t *)bases + (idx ? idx[i] : i) * sz, sz);
    return copy;
}

int cpu_msm_pippenger(const cpu_group *g, const cpu_msm_in *in, uint32_t c, uint32_t threads,
                      int ifma, void *out)
{
    uint64_t n = in->n;
    /* An explicit [window] far wider than the MSM never pays and costs dearly: window 24 on one
     * point zeroed and folded 2^23 buckets per window and thread (G1: 63 s, 3.7 GB). Past
     * bitlen(points) + 1 bits a window has over twice as many buckets as points, so it is cut
     * there (the sum is the same for every window). */
    uint64_t pts = n * in->m;
    uint32_t cap = (pts ? 64u - (uint32_t)__builtin_clzll(pts) : 1u) + 1u;
    if (c > cap) {
        cpu_log(G16K_LOG_DEBUG, "msm %s: window %u cut to %u for %llu points", g->name, c, cap,
                (unsigned long long)pts);
        c = cap;
    }
    uint8_t *copy = NULL;
    pip p = { .g = g,
              .bases = in->bases,
              .idx = in->idx,
              .images = in->images,
              .k = in->k,
              .kl = in->kl,
              .n = n,
              .c = c };
    p.mlog = (uint32_t)__builtin_ctz(in->m);
    /* Booth digits need the bit above the top one to be 0: windows cover bits + 1 bits, as
     * ceil((bits + 1) / c) windows of c or fewer bits, as equal as they go. Equal widths
     * matter to batch-affine buckets: a last window of a few bits (one c-bit window too many)
     * sent every point to a handful of buckets, which a batch of distinct buckets cannot
     * take, so the points overflowed into the Jacobian side accumulators (G2 2^18, window 13:
     * the top window had 9 bits). */
    p.nwin = in->bits / c + 1;
    p.base = (in->bits + 1) / p.nwin;
    p.extra = (in->bits + 1) % p.nwin;
    p.c = c = p.base + (p.extra > 0);
    cpu_msm_window_used(c);
    p.nbuckets = (uint64_t)1 << (c - 1);
    p.batch = c >= CPU_BA_MIN_WINDOW;
    /* BN254 has IFMA batch-affine buckets only (arith/ifma/bn254); its Jacobian ones stay
     * portable */
    p.ifma = ifma && (p.batch || g->curve == G16K_CURVE_BLS12_381);
    /* Unaligned bases off the batch path (small windows: few points, or an explicit window):
     * one aligned copy of the points this MSM reads, in scalar order (m is 1: only the
     * endomorphism split makes images, and it hands aligned bases). */
    if (in->unaligned && !p.batch) {
        if ((copy = cpu_points_gather(g, in->bases, in->idx, n)) == NULL)
            return cpu_error(G16K_ENOMEM, "msm %s: out of memory for %llu aligned points", g->name,
                             (unsigned long long)n);
        p.bases = copy;
        p.idx = NULL;
    }
    /* Batch-affine tasks take several windows, up to CPU_BA_GROUP_BUCKETS buckets in all, so
     * the points are read once per group and each inversion serves a longer batch (see
     * msm_batch_affine.c); but never so few groups that a thread would go without a task. */
    p.wgroup = 1;
    if (p.batch) {
        uint64_t w = CPU_BA_GROUP_BUCKETS / p.nbuckets;
        uint64_t most_w = p.nwin / (threads < p.nwin ? threads : p.nwin);
        if (w > most_w)
            w = most_w;
        p.wgroup = w > 1 ? (uint32_t)w : 1;
    }
    uint32_t ngroups = p.ngroups = (p.nwin + p.wgroup - 1) / p.wgroup;
    /* Enough tasks for every thread, but chunks no shorter than the bucket count, where the
     * per-chunk bucket fold (2 additions per bucket) would start to dominate. */
    uint64_t want = ((uint64_t)threads * 2 + ngroups - 1) / ngroups;
    uint64_t most = n / p.nbuckets;
    p.nchunks = want < most ? want : most;
    if (p.nchunks == 0 || threads == 1)
        p.nchunks = 1;
    /* Tasks run chunk by chunk (every window of chunk 0, then of chunk 1, ...), and a chunk's
     * points are at most in->chunk_bytes (msm.h): bases that do not fit in memory (a mapped key
     * larger than RAM) are read from the file once per MSM, each chunk staying in the page
     * cache while its windows run, instead of once per window. */
    uint64_t budget = in->chunk_bytes ? in->chunk_bytes : CPU_MSM_CHUNK_BYTES;
    uint64_t least = (n * in->m * g->affine_size + budget - 1) / budget;
    if (p.nchunks < least)
        p.nchunks = least;
    p.chunk_len = (n + p.nchunks - 1) / p.nchunks;
    if (p.chunk_len == 0)
        p.chunk_len = 1;
    uint64_t tasks = (uint64_t)ngroups * p.nchunks;
    uint32_t workers = par_workers(threads, tasks, 1);

    size_t js = g->jac_size;
    size_t sets = p.batch  ? cpu_ba_size(g, (uint64_t)p.wgroup * p.nbuckets, p.ifma)
                  : p.ifma ? cpu_ifma_size(g, p.nbuckets)
                           : p.nbuckets * js;
    p.worker_bytes = ((4 * js + 63) & ~(size_t)63) + ((sets + 63) & ~(size_t)63);
    p.stage = in->unaligned && p.batch;
    p.stage_off = p.worker_bytes;
    if (p.stage)
        p.worker_bytes += (CPU_MSM_STAGE_POINTS * g->affine_size + 63) & ~(size_t)63;
    p.scratch = big_alloc((size_t)workers * p.worker_bytes);
    p.partial = malloc((uint64_t)p.nwin * p.nchunks * js);
    if (!p.scratch || !p.partial) {
        free(copy);
        free(p.scratch);
        free(p.partial);
        return cpu_error(G16K_ENOMEM, "msm %s: out of memory for %u workers x 2^%u buckets",
                         g->name, workers, c - 1);
    }
    uint64_t t = cpu_trace_begin();
    par_for(threads, tasks, 1, window_tasks, &p);
    if (t) {
        char detail[96];
        snprintf(detail, sizeof(detail), "%u windows of up to %u bits, %s buckets%s", p.nwin, c,
                 p.batch ? "batch-affine" : "Jacobian", p.ifma ? " (IFMA)" : "");
        cpu_trace_end("buckets: accumulate and sum", t, detail);
    }

    /* Horner over windows, top first: out = 2^(c_w) * out + sum of window w's chunks. */
    t = cpu_trace_begin();
    g->jac_set_inf(out);
    for (uint32_t w = p.nwin; w-- > 0;) {
        if (!g->jac_is_inf(out))
            for (uint32_t i = 0; i < win_bits(&p, w); i++)
                g->jac_dbl(out, out);
        for (uint64_t ch = 0; ch < p.nchunks; ch++)
            g->jac_add(out, out, p.partial + ((uint64_t)w * p.nchunks + ch) * js);
    }
    cpu_trace_end("window reduction", t, NULL);
    free(copy);
    free(p.scratch);
    free(p.partial);
    return G16K_OK;
}
