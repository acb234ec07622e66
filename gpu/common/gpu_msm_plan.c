/*
 * gpu_msm_plan.c: the digit plan of the GPU Pippenger MSM (see gpu_msm_plan.h), its one job:
 * signed digits of the scalars, the CSR bucket lists of (point, sign) and their cut into
 * chunks, built on the host. The device does the O(n) work (bucket sums) and the O(2^c) work
 * (running sums per segment) over these lists. The two passes of the plan (count, place) run
 * on up to one thread per window, within the call's thread share (run_passes).
 */
#include "gpu_msm_plan.h"

#include <stdlib.h>
#include <string.h>

#include "bls12_381/curve.h"
#include "g16k/plugin.h"
#include "gpu_msm_size.h"
#include "gpu_plugin_util.h"
#include "platform/parallel.h"

/* bits [off, off + c) of a canonical 256-bit scalar, c <= 31 */
static uint32_t scalar_bits(const uint64_t s[4], uint32_t off, uint32_t c)
{
    if (off >= 256)
        return 0;
    uint32_t li = off / 64;
    uint32_t sh = off % 64;
    uint64_t v = s[li] >> sh;
    if (sh + c > 64 && li + 1 < 4)
        v |= s[li + 1] << (64 - sh);
    return (uint32_t)(v & (((uint64_t)1 << c) - 1));
}

/* Signed digits of s: d[w] in [-2^(c-1), 2^(c-1)], s = sum d[w] 2^(wc). */
static void scalar_digits(int32_t *d, const uint64_t s[4], uint32_t c, uint32_t nw)
{
    uint32_t carry = 0;
    int64_t half = (int64_t)1 << (c - 1);
    for (uint32_t w = 0; w < nw; w++) {
        int64_t v = (int64_t)scalar_bits(s, w * c, c) + carry;
        carry = 0;
        if (v > half) {
            v -= (int64_t)1 << c;
            carry = 1;
        }
        d[w] = (int32_t)v;
    }
}

static int load_scalar(uint64_t out[4], const uint8_t *src, uint32_t enc)
{
    fr_t v;
    memcpy(v.l, src, 32);
    if (enc == G16K_ENC_MONTGOMERY)
        fr_to_canon(&v, &v);
    memcpy(out, v.l, 32);
    return 0;
}

/* One thread's share of a pass over all scalars: windows [w_lo, w_hi). Pass 1 (fill == NULL)
 * counts into offsets[k + 1], pass 2 places entries at fill[k]++. Threads own disjoint window
 * ranges, so they write disjoint parts of offsets, fill and entries: no locks. Each thread
 * decodes every scalar (digits of windows below w_hi, for the carries); the scattered writes,
 * which dominate, are split. */
typedef struct plan_pass {
    gpu_msm_plan *plan;
    const uint8_t *src;
    uint64_t n;
    uint32_t enc, w_lo, w_hi;
    uint32_t *fill;
} plan_pass;

static void plan_pass_run(const plan_pass *a)
{
    gpu_msm_plan *p = a->plan;
    int32_t d[256];
    uint64_t s[4];
    for (uint64_t i = 0; i < a->n; i++) {
        load_scalar(s, a->src + 32 * i, a->enc);
        if ((s[0] | s[1] | s[2] | s[3]) == 0)
            continue;
        scalar_digits(d, s, p->c, a->w_hi);
        for (uint32_t w = a->w_lo; w < a->w_hi; w++) {
            if (d[w] == 0)
                continue;
            uint64_t k = (uint64_t)w * p->nb + (uint32_t)abs(d[w]) - 1;
            if (a->fill)
                p->entries[a->fill[k]++] = (uint32_t)(i << 1) | (d[w] < 0);
            else
                p->offsets[k + 1]++;
        }
    }
}

/* A worker's share: the windows [begin, end) of pass a (arith/platform/parallel.h). */
static void plan_pass_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    plan_pass share = *(const plan_pass *)arg;
    share.w_lo = (uint32_t)begin;
    share.w_hi = (uint32_t)end;
    plan_pass_run(&share);
}

/* Run one pass over windows split into `threads` contiguous ranges, one a worker, the caller
 * included (one worker below 4096 scalars): each worker decodes every scalar, so more, smaller
 * ranges would only repeat that. */
static void run_passes(gpu_msm_plan *plan, const uint8_t *src, uint64_t n, uint32_t enc,
                       uint32_t *fill, uint32_t threads)
{
    uint32_t t = n < 4096 || threads < 2 ? 1 : threads;
    if (t > plan->nw)
        t = plan->nw;
    plan_pass all = { .plan = plan, .src = src, .n = n, .enc = enc, .fill = fill };
    par_for(t, plan->nw, (plan->nw + t - 1) / t, plan_pass_range, &all);
}

static uint32_t isqrt_ceil(uint64_t v)
{
    uint64_t r = 0;
    while (r * r < v)
        r++; /* at most 2^16 steps: v < 2^32 */
    return (uint32_t)r;
}

uint32_t gpu_msm_plan_dev_block(uint64_t nbk)
{
    uint64_t b = (nbk + GPU_MSM_PLAN_DEV_MAX_BLOCKS - 1) / GPU_MSM_PLAN_DEV_MAX_BLOCKS;
    return (uint32_t)(b > GPU_MSM_PLAN_DEV_BLOCK ? b : GPU_MSM_PLAN_DEV_BLOCK);
}

uint32_t gpu_msm_plan_chunk_len(uint64_t n_entries, uint32_t max_bucket, uint64_t n_buckets)
{
    uint64_t even = (n_entries + 2 * n_buckets - 1) / (2 * n_buckets);
    uint64_t len = isqrt_ceil(max_bucket);
    if (len < even)
        len = even;
    if (len < GPU_MSM_PLAN_MIN_CHUNK)
        len = GPU_MSM_PLAN_MIN_CHUNK;
    return (uint32_t)len; /* even <= n_entries / n_buckets + 1 < 2^32 */
}

/* Cut the bucket lists of a built plan into chunks (gpu_msm_plan.h); G16K_OK or G16K_ENOMEM. */
static int build_chunks(gpu_msm_plan *plan)
{
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    uint32_t max_len = 0;
    for (uint64_t k = 0; k < n_buckets; k++) {
        uint32_t len = plan->offsets[k + 1] - plan->offsets[k];
        if (len > max_len)
            max_len = len;
    }
    uint64_t len = gpu_msm_plan_chunk_len(plan->n_entries, max_len, n_buckets);
    plan->chunk_len = (uint32_t)len;
    plan->max_bucket = max_len;
    plan->bucket_chunks = malloc((n_buckets + 1) * sizeof *plan->bucket_chunks);
    if (!plan->bucket_chunks) {
        gpu_msm_plan_cleanup(plan);
        return gpu_fail(G16K_ENOMEM, "msm: no memory for %llu bucket chunk offsets",
                        (unsigned long long)n_buckets);
    }
    uint64_t total = 0;
    for (uint64_t k = 0; k < n_buckets; k++) {
        plan->bucket_chunks[k] = (uint32_t)total;
        total += (plan->offsets[k + 1] - plan->offsets[k] + len - 1) / len;
    }
    plan->bucket_chunks[n_buckets] = (uint32_t)total;
    plan->n_chunks = (uint32_t)total; /* <= n_entries < 2^32 */
    plan->chunk_starts = malloc((total + 1) * sizeof *plan->chunk_starts);
    if (!plan->chunk_starts) {
        gpu_msm_plan_cleanup(plan);
        return gpu_fail(G16K_ENOMEM, "msm: no memory for %llu chunk offsets",
                        (unsigned long long)total);
    }
    uint64_t j = 0;
    for (uint64_t k = 0; k < n_buckets; k++)
        for (uint64_t e = plan->offsets[k]; e < plan->offsets[k + 1]; e += len)
            plan->chunk_starts[j++] = (uint32_t)e;
    plan->chunk_starts[j] = (uint32_t)plan->n_entries;
    return G16K_OK;
}

int gpu_msm_plan_shape(gpu_msm_plan *plan, uint64_t n, uint32_t window, uint32_t c_auto)
{
    uint32_t c = window ? window : c_auto;
    if (c < 1)
        c = 1;
    if (c > GPU_MSM_PLAN_MAX_WINDOW)
        c = GPU_MSM_PLAN_MAX_WINDOW;
    /* an auto window never trips the 32-bit limit below while a wider one would not */
    while (!window && c < GPU_MSM_PLAN_MAX_WINDOW && n * ((256 + c - 1) / c) > UINT32_MAX)
        c++;
    plan->c = c;
    plan->nw = (256 + c - 1) / c;
    plan->nb = (uint32_t)1 << (c - 1);
    plan->n_segs = plan->nb < GPU_MSM_PLAN_MAX_SEGS ? plan->nb : GPU_MSM_PLAN_MAX_SEGS;
    plan->seg_len = plan->nb / plan->n_segs;
    if (n > (uint64_t)INT32_MAX || n * plan->nw > UINT32_MAX)
        return gpu_fail(G16K_EUNSUPPORTED,
                        "msm: %llu points with window %u exceed the "
                        "32-bit bucket lists",
                        (unsigned long long)n, c);
    return G16K_OK;
}

int gpu_msm_plan_check_scalars(const void *scalars, uint64_t n, const uint64_t r[4])
{
    const uint64_t *s = scalars;
    for (uint64_t i = 0; i < n; i++, s += 4)
        if (bigint_cmp(s, r, 4) >= 0)
            return gpu_fail(G16K_EINVAL, "msm: scalar[%llu] is not below r", (unsigned long long)i);
    return G16K_OK;
}

int gpu_msm_plan_build(gpu_msm_plan *plan, const void *scalars, uint64_t n, uint32_t scalar_enc,
                       uint32_t window, uint32_t group, const gpu_msm_device *dev, uint32_t threads)
{
    memset(plan, 0, sizeof *plan);
    if (scalar_enc != G16K_ENC_CANONICAL && scalar_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "msm: scalar encoding %u is not 1 (canonical) or 2 "
                        "(Montgomery)",
                        scalar_enc);
    int rc = gpu_msm_plan_shape(
        plan, n, window,
        window ? 0
               : gpu_msm_plan_auto_window(n, gpu_msm_plan_effective_n(scalars, n, scalar_enc),
                                          group, dev));
    if (rc)
        return rc;

    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    const uint8_t *src = scalars;
    plan->offsets = calloc(n_buckets + 1, sizeof *plan->offsets);
    if (!plan->offsets)
        return gpu_fail(G16K_ENOMEM, "msm: no memory for %llu bucket offsets",
                        (unsigned long long)n_buckets);
    /* pass 1: count entries per bucket (offsets[k + 1]) */
    run_passes(plan, src, n, scalar_enc, NULL, threads);
    for (uint64_t k = 0; k < n_buckets; k++)
        plan->offsets[k + 1] += plan->offsets[k];
    plan->n_entries = plan->offsets[n_buckets];
    if (plan->n_entries == 0)
        return G16K_OK;
    plan->entries = malloc(plan->n_entries * sizeof *plan->entries);
    uint32_t *fill = malloc(n_buckets * sizeof *fill);
    if (!plan->entries || !fill) {
        free(fill);
        gpu_msm_plan_cleanup(plan);
        return gpu_fail(G16K_ENOMEM, "msm: no memory for %llu bucket entries",
                        (unsigned long long)n * plan->nw);
    }
    memcpy(fill, plan->offsets, n_buckets * sizeof *fill);
    /* pass 2: place entries; digits are recomputed rather than stored (n * nw ints) */
    run_passes(plan, src, n, scalar_enc, fill, threads);
    free(fill);
    return build_chunks(plan);
}

void gpu_msm_plan_cleanup(gpu_msm_plan *plan)
{
    free(plan->offsets);
    free(plan->entries);
    free(plan->chunk_starts);
    free(plan->bucket_chunks);
    plan->offsets = NULL;
    plan->entries = NULL;
    plan->chunk_starts = NULL;
    plan->bucket_chunks = NULL;
}
