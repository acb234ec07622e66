/*
 * gpu_msm_plan.c: host side of the GPU Pippenger MSM (see gpu_msm_plan.h): signed digits, the CSR
 * bucket lists, and the final combination of segment sums with the reference arithmetic of
 * arith/bls12_381 (g16k_bls). The device does the O(n) work (bucket sums) and the O(2^c) work
 * (running sums per segment); the host does O(windows * segments) point additions, a few
 * thousand at most, which costs milliseconds. The two passes of the plan (count, place) run on
 * up to one thread per window, within the call's thread share (run_passes).
 */
#include "gpu_msm_plan.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bls12_381/curve.h"
#include "g16k/plugin.h"
#include "gpu_plugin_util.h"

static uint64_t fe_limbs(uint32_t group)
{
    return group == G16K_G2 ? 12 : 6;
}

/* The sizes of window c (gpu_msm_plan.h "Limits"): windows, buckets per window, segments. */
typedef struct win_shape {
    uint64_t nw, nb, nbk, segs, xyzz;
} win_shape;

static win_shape shape_of(uint32_t c, uint32_t group)
{
    win_shape w;
    w.nw = (256 + c - 1) / c;
    w.nb = (uint64_t)1 << (c - 1);
    w.nbk = w.nw * w.nb;
    w.segs = w.nb < GPU_MSM_PLAN_MAX_SEGS ? w.nb : GPU_MSM_PLAN_MAX_SEGS;
    w.xyzz = 32 * fe_limbs(group);
    return w;
}

/* Device bytes of the buffers of window c whatever the part: bucket sums, the bucket CSR and
 * the device plan's three other per-bucket arrays, the segment sums, the plan's block
 * scratch. */
static uint64_t window_bytes(const win_shape *w)
{
    return w->nbk * w->xyzz + 4 * (w->nbk + 1) * 4 + 2 * w->nw * w->segs * w->xyzz +
           3 * (GPU_MSM_PLAN_DEV_MAX_BLOCKS + 1) * 4 + 16;
}

/* Device bytes per point of a part (all its scalars dense: nw entries each): the entry, and
 * at most one chunk (start and partial) per GPU_MSM_PLAN_MIN_CHUNK entries; plus the chunk bound's
 * one chunk per bucket. */
static double part_bytes_per_point(const win_shape *w)
{
    return (double)w->nw * (4 + (4.0 + (double)w->xyzz) / GPU_MSM_PLAN_MIN_CHUNK);
}

int gpu_msm_plan_window_check(uint32_t c, uint32_t group, const gpu_msm_device *dev)
{
    if (c < 1 || c > GPU_MSM_PLAN_MAX_WINDOW)
        return gpu_fail(G16K_EUNSUPPORTED, "msm: window %u is not 1..%u", c,
                        GPU_MSM_PLAN_MAX_WINDOW);
    if (gpu_msm_plan_part_points(c, group, dev) != 0)
        return G16K_OK;
    win_shape w = shape_of(c, group);
    uint64_t bucket = w.nbk * w.xyzz, fixed = window_bytes(&w) + (w.nbk + 1) * (4 + w.xyzz);
    if (dev->max_alloc && bucket > dev->max_alloc)
        return gpu_fail(G16K_EUNSUPPORTED,
                        "msm: window %u (G%u) needs a %llu MiB (%llu "
                        "bytes) bucket buffer; the device allows %llu MiB (%llu bytes) per "
                        "buffer",
                        c, group, (unsigned long long)(bucket >> 20), (unsigned long long)bucket,
                        (unsigned long long)(dev->max_alloc >> 20),
                        (unsigned long long)dev->max_alloc);
    if (dev->host_bytes && 4 * (w.nbk + 1) * 4 >= dev->host_bytes)
        return gpu_fail(G16K_EUNSUPPORTED,
                        "msm: window %u (G%u) needs %llu MiB of host "
                        "memory for its bucket lists; the plan may use %llu MiB",
                        c, group, (unsigned long long)((16 * (w.nbk + 1)) >> 20),
                        (unsigned long long)(dev->host_bytes >> 20));
    return gpu_fail(G16K_EUNSUPPORTED,
                    "msm: window %u (G%u) needs %llu MiB (%llu bytes) of "
                    "device memory for its buckets, leaving no room for %u points; one MSM "
                    "may use %llu MiB (%llu bytes)",
                    c, group, (unsigned long long)(fixed >> 20), (unsigned long long)fixed,
                    dev->part_align ? dev->part_align : 1,
                    (unsigned long long)(dev->mem_bytes >> 20), (unsigned long long)dev->mem_bytes);
}

/* Bytes as prover.ini takes them: "448K", "2M", "6G" (the largest exact unit), "none" for 0. */
static void bytes_text(char *out, size_t cap, uint64_t v)
{
    static const char units[] = "KMG";
    int u = -1;
    while (u < 2 && v && v % 1024 == 0) {
        v /= 1024;
        u++;
    }
    if (!v)
        snprintf(out, cap, "none");
    else if (u < 0)
        snprintf(out, cap, "%llu", (unsigned long long)v);
    else
        snprintf(out, cap, "%llu%c", (unsigned long long)v, units[u]);
}

/* 1 when both groups can run the smallest window on dev. */
static int min_window_fits(const gpu_msm_device *dev)
{
    return gpu_msm_plan_part_points(GPU_MSM_PLAN_MIN_WINDOW, G16K_G1, dev) != 0 &&
           gpu_msm_plan_part_points(GPU_MSM_PLAN_MIN_WINDOW, G16K_G2, dev) != 0;
}

/* The least multiple of 1 KiB that, put in *limit of a copy of dev, fits min_window_fits (the
 * fit only grows with the limit; 0 when even 1 TiB does not fit). */
static uint64_t least_limit(const gpu_msm_device *dev, int mem)
{
    gpu_msm_device d = *dev;
    uint64_t *limit = mem ? &d.mem_bytes : &d.max_alloc;
    uint64_t lo = 0, hi = 1ull << 30; /* in KiB */
    *limit = hi << 10;
    if (!min_window_fits(&d))
        return 0;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        *limit = mid << 10;
        if (min_window_fits(&d))
            hi = mid;
        else
            lo = mid;
    }
    return hi << 10;
}

int gpu_msm_plan_limits_check(const gpu_msm_device *dev, const char *where)
{
    if (min_window_fits(dev))
        return G16K_OK;
    uint32_t g = gpu_msm_plan_part_points(GPU_MSM_PLAN_MIN_WINDOW, G16K_G1, dev) ? 2 : 1;
    char have_a[32], have_m[32], a_txt[32], m_txt[32], fix[160];
    bytes_text(have_a, sizeof have_a, dev->max_alloc);
    bytes_text(have_m, sizeof have_m, dev->mem_bytes);
    uint64_t a = least_limit(dev, 0), m = least_limit(dev, 1);
    if (a || m) { /* one of the two, raised alone, is enough */
        bytes_text(a_txt, sizeof a_txt, a);
        bytes_text(m_txt, sizeof m_txt, m);
        snprintf(fix, sizeof fix, "raise %s%s%s%s%s", a ? "max_alloc to " : "", a ? a_txt : "",
                 a && m ? " or " : "", m ? "max_mem to " : "", m ? m_txt : "");
    } else { /* both: each as the other unbounded would need it */
        gpu_msm_device d = *dev;
        d.mem_bytes = 0;
        bytes_text(a_txt, sizeof a_txt, least_limit(&d, 0));
        d = *dev;
        d.max_alloc = 0;
        bytes_text(m_txt, sizeof m_txt, least_limit(&d, 1));
        snprintf(fix, sizeof fix, "raise both: max_alloc to at least %s and max_mem to at least %s",
                 a_txt, m_txt);
    }
    return gpu_fail(G16K_ECONFIG,
                    "%s: max_alloc = %s and max_mem = %s leave no room for the smallest MSM "
                    "(window %u on G%u: its bucket and segment sums); %s",
                    where, have_a, have_m, GPU_MSM_PLAN_MIN_WINDOW, g, fix);
}

uint64_t gpu_msm_plan_part_points(uint32_t c, uint32_t group, const gpu_msm_device *dev)
{
    if (c < 1 || c > GPU_MSM_PLAN_MAX_WINDOW)
        return 0;
    win_shape w = shape_of(c, group);
    uint64_t align = dev && dev->part_align ? dev->part_align : 1;
    uint64_t m = (uint64_t)INT32_MAX; /* entries hold point << 1 in 32 bits */
    if (m > UINT32_MAX / w.nw)
        m = UINT32_MAX / w.nw; /* 32-bit entry offsets */
    uint64_t a = dev ? dev->max_alloc : 0;
    if (a) {
        if (w.nbk * w.xyzz > a || (w.nbk + 1) * 4 > a)
            return 0;
        if (m > a / (4 * w.nw))
            m = a / (4 * w.nw);               /* the entry list */
        uint64_t chunks = a / w.xyzz - w.nbk; /* the chunk partials */
        if (m > chunks * GPU_MSM_PLAN_MIN_CHUNK / w.nw)
            m = chunks * GPU_MSM_PLAN_MIN_CHUNK / w.nw;
    }
    uint64_t fixed = window_bytes(&w) + (w.nbk + 1) * (4 + w.xyzz);
    double per = part_bytes_per_point(&w) + (dev ? dev->point_extra : 0);
    if (dev && dev->mem_bytes) {
        if (fixed >= dev->mem_bytes)
            return 0;
        double fit = (double)(dev->mem_bytes - fixed) / per;
        if ((double)m > fit)
            m = (uint64_t)fit;
    }
    if (dev && dev->host_bytes) { /* the host half of the plan */
        uint64_t host_fixed = 4 * (w.nbk + 1) * 4;
        if (host_fixed >= dev->host_bytes)
            return 0;
        uint64_t per_point = w.nw * 4 + w.nw * 4 / GPU_MSM_PLAN_MIN_CHUNK + 1;
        uint64_t fit = (dev->host_bytes - host_fixed) / per_point;
        if (m > fit)
            m = fit;
    }
    m -= m % align;
    return m;
}

int gpu_msm_plan_choose(uint32_t window, uint64_t n, uint64_t n_eff, uint32_t group,
                        const gpu_msm_device *dev, uint32_t *c, uint64_t *part)
{
    int rc = window ? gpu_msm_plan_window_check(window, group, dev) : G16K_OK;
    if (rc)
        return rc;
    *c = window ? window : gpu_msm_plan_auto_window(n, n_eff, group, dev);
    *part = gpu_msm_plan_part_points(*c, group, dev);
    return *part ? G16K_OK : gpu_msm_plan_window_check(*c, group, dev);
}

uint64_t gpu_msm_plan_part_len(uint64_t lo, uint64_t n, uint64_t part, uint64_t buf_points)
{
    uint64_t len = n - lo;
    if (len > part)
        len = part;
    if (buf_points) {
        uint64_t to_end = buf_points - lo % buf_points; /* parts never straddle two buffers */
        if (len > to_end)
            len = to_end;
    }
    return len;
}

uint32_t gpu_msm_plan_auto_window(uint64_t n, uint64_t n_eff, uint32_t group,
                                  const gpu_msm_device *dev)
{
    double lanes = 1;
    if (dev)
        lanes =
            (double)(dev->compute_units ? dev->compute_units : 1) * (dev->lanes ? dev->lanes : 1);
    double ne = n_eff ? (double)n_eff : 1;
    uint32_t best = 0;
    double best_cost = 0;
    for (uint32_t c = 1; c <= GPU_MSM_PLAN_MAX_AUTO_WINDOW; c++) {
        uint64_t part = gpu_msm_plan_part_points(c, group, dev);
        if (part == 0) {
            if (best)
                break; /* larger windows need still more */
            continue;
        }
        win_shape w = shape_of(c, group);
        double nw = (double)w.nw, nb = (double)w.nb, segs = (double)w.segs;
        double k = n > part ? (double)((n + part - 1) / part) : 1; /* parts */
        double work = nw * (ne + 3 * nb * k);
        double depth = ne / (2 * nb) + k * 2 * nb / segs;
        double cost = work / lanes + depth + k * nw * segs;
        if (!best || cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best ? best : 1;
}

uint64_t gpu_msm_plan_effective_n(const void *scalars, uint64_t n, uint32_t enc)
{
    const uint64_t *s = scalars;
    uint64_t dense = 0, small = 0;
    for (uint64_t i = 0; i < n; i++, s += 4) {
        if (s[1] | s[2] | s[3])
            dense++;
        else if (s[0])
            small++;
    }
    if (enc == G16K_ENC_MONTGOMERY)
        return dense + small;
    return dense + (small + 3) / 4;
}

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

static void *plan_pass_run(void *arg)
{
    plan_pass *a = arg;
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
    return NULL;
}

#define PLAN_MAX_THREADS 32

/* Run one pass over windows split among `threads` threads, the caller included (at most
 * PLAN_MAX_THREADS; one below 4096 scalars); a share whose thread cannot start runs on the
 * caller. */
static void run_passes(gpu_msm_plan *plan, const uint8_t *src, uint64_t n, uint32_t enc,
                       uint32_t *fill, uint32_t threads)
{
    uint32_t t = n < 4096 || threads < 2      ? 1
                 : threads < PLAN_MAX_THREADS ? threads
                                              : PLAN_MAX_THREADS;
    if (t > plan->nw)
        t = plan->nw;
    plan_pass a[PLAN_MAX_THREADS];
    pthread_t th[PLAN_MAX_THREADS];
    int started[PLAN_MAX_THREADS] = { 0 };
    for (uint32_t j = 0; j < t; j++) {
        a[j] = (plan_pass){ .plan = plan,
                            .src = src,
                            .n = n,
                            .enc = enc,
                            .fill = fill,
                            .w_lo = plan->nw * j / t,
                            .w_hi = plan->nw * (j + 1) / t };
    }
    for (uint32_t j = 1; j < t; j++)
        started[j] = pthread_create(&th[j], NULL, plan_pass_run, &a[j]) == 0;
    plan_pass_run(&a[0]);
    for (uint32_t j = 1; j < t; j++) {
        if (started[j])
            pthread_join(th[j], NULL);
        else
            plan_pass_run(&a[j]); /* no thread: do its share here */
    }
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

int gpu_msm_plan_check_scalars(const void *scalars, uint64_t n)
{
    const uint64_t *s = scalars;
    for (uint64_t i = 0; i < n; i++, s += 4)
        if (bigint_cmp(s, FR_MODULUS.l, 4) >= 0)
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

uint64_t gpu_msm_plan_bucket_limbs(const gpu_msm_plan *plan, uint32_t group)
{
    return (uint64_t)plan->nw * plan->nb * 4 * fe_limbs(group);
}

uint64_t gpu_msm_plan_partial_limbs(const gpu_msm_plan *plan, uint32_t group)
{
    return (uint64_t)plan->n_chunks * 4 * fe_limbs(group);
}

uint64_t gpu_msm_plan_device_bytes(const gpu_msm_plan *plan, uint32_t group)
{
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    return plan->n_entries * 4 + ((uint64_t)plan->n_chunks + 1) * 4 + (n_buckets + 1) * 4 +
           (gpu_msm_plan_partial_limbs(plan, group) + gpu_msm_plan_bucket_limbs(plan, group) +
            gpu_msm_plan_segout_limbs(plan, group)) *
               8;
}

uint64_t gpu_msm_plan_segout_limbs(const gpu_msm_plan *plan, uint32_t group)
{
    return (uint64_t)2 * plan->nw * plan->n_segs * 4 * fe_limbs(group);
}

void gpu_msm_plan_result_inf(uint32_t group, void *result)
{
    memset(result, 0, group == G16K_G2 ? 192 : 96);
}

/* XYZZ (x/zz, y/zzz) -> Jacobian without inversion: Z = ZZ ZZZ, X = X ZZ ZZZ^2,
 * Y = Y ZZ^3 ZZZ^2; ZZ = 0 gives Z = 0, infinity. */
static void g1_from_xyzz(g1_jac_t *o, const uint64_t *limbs)
{
    fp_t x, y, zz, zzz, t, u;
    memcpy(x.l, limbs, 48);
    memcpy(y.l, limbs + 6, 48);
    memcpy(zz.l, limbs + 12, 48);
    memcpy(zzz.l, limbs + 18, 48);
    fp_mul(&o->z, &zz, &zzz);
    fp_sqr(&t, &zzz);    /* ZZZ^2 */
    fp_mul(&u, &t, &zz); /* ZZ ZZZ^2 */
    fp_mul(&o->x, &x, &u);
    fp_sqr(&t, &zz);
    fp_mul(&u, &u, &t); /* ZZ^3 ZZZ^2 */
    fp_mul(&o->y, &y, &u);
}

static void g2_from_xyzz(g2_jac_t *o, const uint64_t *limbs)
{
    fp2_t x, y, zz, zzz, t, u;
    memcpy(&x, limbs, 96);
    memcpy(&y, limbs + 12, 96);
    memcpy(&zz, limbs + 24, 96);
    memcpy(&zzz, limbs + 36, 96);
    fp2_mul(&o->z, &zz, &zzz);
    fp2_sqr(&t, &zzz);
    fp2_mul(&u, &t, &zz);
    fp2_mul(&o->x, &x, &u);
    fp2_sqr(&t, &zz);
    fp2_mul(&u, &u, &t);
    fp2_mul(&o->y, &y, &u);
}

static int check_enc(uint32_t enc)
{
    if (enc != G16K_ENC_CANONICAL && enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "msm: result encoding %u is not 1 (canonical) or 2 "
                        "(Montgomery)",
                        enc);
    return G16K_OK;
}

/* Both groups share this shape; written twice because the reference API is typed per group.
 * total += sum over windows w (from the top) of 2^(c w) (sum_s acc_s + seg_len sum_s s tot_s). */
static void add_segout_g1(g1_jac_t *sum, const gpu_msm_plan *plan, const uint64_t *segout)
{
    const uint64_t stride = 4 * 6;
    g1_jac_t total, win, a, run, bsum, p;
    g1_jac_set_inf(&total);
    for (uint32_t w = plan->nw; w-- > 0;) {
        for (uint32_t i = 0; i < plan->c; i++)
            g1_jac_dbl(&total, &total);
        g1_jac_set_inf(&a);
        g1_jac_set_inf(&run);
        g1_jac_set_inf(&bsum);
        for (uint32_t s = plan->n_segs; s-- > 0;) {
            uint64_t t = (uint64_t)w * plan->n_segs + s;
            g1_from_xyzz(&p, segout + 2 * t * stride);
            g1_jac_add(&a, &a, &p);
            if (s == 0)
                break;
            g1_from_xyzz(&p, segout + (2 * t + 1) * stride);
            g1_jac_add(&run, &run, &p);
            g1_jac_add(&bsum, &bsum, &run); /* sum_{s>=1} s tot_s */
        }
        for (uint32_t l = plan->seg_len; l > 1; l >>= 1)
            g1_jac_dbl(&bsum, &bsum); /* seg_len is a power of two */
        g1_jac_add(&win, &a, &bsum);
        g1_jac_add(&total, &total, &win);
    }
    g1_jac_add(sum, sum, &total);
}

static void add_segout_g2(g2_jac_t *sum, const gpu_msm_plan *plan, const uint64_t *segout)
{
    const uint64_t stride = 4 * 12;
    g2_jac_t total, win, a, run, bsum, p;
    g2_jac_set_inf(&total);
    for (uint32_t w = plan->nw; w-- > 0;) {
        for (uint32_t i = 0; i < plan->c; i++)
            g2_jac_dbl(&total, &total);
        g2_jac_set_inf(&a);
        g2_jac_set_inf(&run);
        g2_jac_set_inf(&bsum);
        for (uint32_t s = plan->n_segs; s-- > 0;) {
            uint64_t t = (uint64_t)w * plan->n_segs + s;
            g2_from_xyzz(&p, segout + 2 * t * stride);
            g2_jac_add(&a, &a, &p);
            if (s == 0)
                break;
            g2_from_xyzz(&p, segout + (2 * t + 1) * stride);
            g2_jac_add(&run, &run, &p);
            g2_jac_add(&bsum, &bsum, &run);
        }
        for (uint32_t l = plan->seg_len; l > 1; l >>= 1)
            g2_jac_dbl(&bsum, &bsum);
        g2_jac_add(&win, &a, &bsum);
        g2_jac_add(&total, &total, &win);
    }
    g2_jac_add(sum, sum, &total);
}

_Static_assert(sizeof(g2_jac_t) <= sizeof(((gpu_msm_sum *)0)->jac), "gpu_msm_sum holds a G2 point");

void gpu_msm_sum_init(gpu_msm_sum *s, uint32_t group)
{
    s->group = group;
    if (group == G16K_G2)
        g2_jac_set_inf((g2_jac_t *)s->jac);
    else
        g1_jac_set_inf((g1_jac_t *)s->jac);
}

void gpu_msm_sum_add(gpu_msm_sum *s, const gpu_msm_plan *plan, const uint64_t *segout)
{
    if (s->group == G16K_G2)
        add_segout_g2((g2_jac_t *)s->jac, plan, segout);
    else
        add_segout_g1((g1_jac_t *)s->jac, plan, segout);
}

int gpu_msm_sum_finish(const gpu_msm_sum *s, void *result, uint32_t result_enc)
{
    int rc = check_enc(result_enc);
    if (rc)
        return rc;
    if (s->group == G16K_G2) {
        const g2_jac_t *t = (const g2_jac_t *)s->jac;
        g2_affine_t r;
        if (g2_jac_is_inf(t)) {
            gpu_msm_plan_result_inf(G16K_G2, result);
            return G16K_OK;
        }
        g2_jac_to_affine(&r, t);
        if (result_enc == G16K_ENC_CANONICAL)
            g2_affine_to_bytes_canon(result, &r);
        else
            memcpy(result, &r, 192);
        return G16K_OK;
    }
    const g1_jac_t *t = (const g1_jac_t *)s->jac;
    g1_affine_t r;
    if (g1_jac_is_inf(t)) {
        gpu_msm_plan_result_inf(G16K_G1, result);
        return G16K_OK;
    }
    g1_jac_to_affine(&r, t);
    if (result_enc == G16K_ENC_CANONICAL)
        g1_affine_to_bytes_canon(result, &r);
    else {
        memcpy(result, r.x.l, 48);
        memcpy((uint8_t *)result + 48, r.y.l, 48);
    }
    return G16K_OK;
}

int gpu_msm_plan_fits(const gpu_msm_plan *plan, uint32_t group, const gpu_msm_device *dev)
{
    uint64_t a = dev->max_alloc, biggest = plan->n_entries * 4;
    uint64_t part = gpu_msm_plan_partial_limbs(plan, group) * 8;
    uint64_t bucket = gpu_msm_plan_bucket_limbs(plan, group) * 8;
    uint64_t total = gpu_msm_plan_device_bytes(plan, group);
    if (part > biggest)
        biggest = part;
    if (bucket > biggest)
        biggest = bucket;
    if (a && biggest > a)
        return gpu_fail(G16K_ENOMEM,
                        "msm: window %u: a %llu MiB buffer, the device allows "
                        "%llu MiB per buffer",
                        plan->c, (unsigned long long)(biggest >> 20),
                        (unsigned long long)(a >> 20));
    if (dev->mem_bytes && total > dev->mem_bytes)
        return gpu_fail(G16K_ENOMEM,
                        "msm: window %u: %llu MiB of device memory, one MSM may "
                        "use %llu MiB",
                        plan->c, (unsigned long long)(total >> 20),
                        (unsigned long long)(dev->mem_bytes >> 20));
    return G16K_OK;
}

int gpu_msm_points_to_mont(uint32_t group, const void *points, uint64_t n, uint32_t point_enc,
                           uint64_t *out, uint64_t first)
{
    if (point_enc != G16K_ENC_CANONICAL && point_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "bases_create: point encoding %u is not 1 (canonical) "
                        "or 2 (Montgomery)",
                        point_enc);
    uint64_t limbs = 2 * fe_limbs(group);
    if (point_enc == G16K_ENC_MONTGOMERY) {
        memcpy(out, points, n * limbs * 8);
        return G16K_OK;
    }
    const uint8_t *src = points;
    for (uint64_t i = 0; i < n * limbs / 6; i++) {
        fp_t v;
        memcpy(v.l, src + 48 * i, 48);
        if (fp_from_canon(&v, &v) != 0)
            return gpu_fail(G16K_EINVAL, "bases_create: point %llu: coordinate >= p",
                            (unsigned long long)(first + i * 6 / limbs));
        memcpy(out + 6 * i, v.l, 48);
    }
    return G16K_OK;
}
