/*
 * gpu_msm_size.c: the device sizing of the GPU Pippenger MSM (see gpu_msm_size.h), its one
 * job: what one part of an MSM of window c allocates on the device and the host, so how many
 * points fit a part, which windows can run at all (and the configuration that would let them),
 * the auto window's cost model, and the device buffers of a built plan.
 */
#include "gpu_msm_size.h"

#include <stdio.h>

#include "g16k/plugin.h"
#include "gpu_plugin_util.h"

/* 64-bit limbs of a coordinate (gpu_msm_size.h "group"): Fp or Fp2 of BLS12-381 or BN254 */
static uint64_t fe_limbs(uint32_t group)
{
    uint64_t fp = group & GPU_MSM_SIZE_BN254 ? 4 : 6;
    return (group & ~GPU_MSM_SIZE_BN254) == G16K_G2 ? 2 * fp : fp;
}

/* The sizes of window c (gpu_msm_size.h "Limits"): windows, buckets per window, segments. */
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
                        c, group & ~GPU_MSM_SIZE_BN254, (unsigned long long)(bucket >> 20),
                        (unsigned long long)bucket, (unsigned long long)(dev->max_alloc >> 20),
                        (unsigned long long)dev->max_alloc);
    if (dev->host_bytes && 4 * (w.nbk + 1) * 4 >= dev->host_bytes)
        return gpu_fail(G16K_EUNSUPPORTED,
                        "msm: window %u (G%u) needs %llu MiB of host "
                        "memory for its bucket lists; the plan may use %llu MiB",
                        c, group & ~GPU_MSM_SIZE_BN254,
                        (unsigned long long)((16 * (w.nbk + 1)) >> 20),
                        (unsigned long long)(dev->host_bytes >> 20));
    return gpu_fail(G16K_EUNSUPPORTED,
                    "msm: window %u (G%u) needs %llu MiB (%llu bytes) of "
                    "device memory for its buckets, leaving no room for %u points; one MSM "
                    "may use %llu MiB (%llu bytes)",
                    c, group & ~GPU_MSM_SIZE_BN254, (unsigned long long)(fixed >> 20),
                    (unsigned long long)fixed, dev->part_align ? dev->part_align : 1,
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
