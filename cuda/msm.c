/*
 * msm.c: the CUDA MSM vtable (G1 and G2): same plan as the OpenCL plugin (digits, chunks and
 * final sums on the host, gpu/common/gpu_msm_plan.c; chunk sums, bucket sums and segment running sums
 * on the device, gpu/kernels/msm.cl via kernels.cu). The window comes per call in
 * params->window, which the core fills from its [window] section for each Groth16 MSM (A, B_G1,
 * B_G2, L, H); 0 = the auto model of gpu_msm_plan.h with this GPU's multiprocessors and the device
 * memory free at the time of the call.
 * Memory: an MSM whose lists and sums do not fit the device memory free at the call runs as
 * parts that do (gpu/common/gpu_msm_plan.h "Limits"), and an explicit window whose buckets alone do
 * not fit is refused, also for n = 0 (the core's load-time check). Every call computes what
 * it will allocate first (n * point size for bases, gpu_msm_plan_device_bytes for a part) and
 * refuses with G16K_ENOMEM, naming both sizes, what does not fit (devmem.c). Bases are
 * converted GPU_MSM_PLAN_STAGE_POINTS at a time (no second host copy of a key) and go through
 * pinned staging buffers (transfer.c); the bases array itself is never pinned.
 * cuda_msm_device (for compute_h_msm, ABI 1.1) builds the same plans on the device from scalars
 * already there (gpu/kernels/plan.cl via kernels.cu), so h never comes back to the host.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu_msm_plan.h"
#include "gpu_plugin_util.h"
#include "internal.h"
#include "kernels.h"

struct g16k_msm_bases {
    g16k_plugin_ctx *ctx;
    uint32_t group;
    uint64_t n;
    uint64_t *points;     /* device: n affine points, Montgomery limbs; NULL when n == 0 */
};

static int cuda_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                             uint64_t n, uint32_t point_enc, g16k_msm_bases **out);
static void cuda_bases_destroy(g16k_msm_bases *bases);
static int cuda_msm(g16k_msm_bases *bases, const void *scalars, uint64_t n, uint32_t scalar_enc,
                    const g16k_msm_params *params, void *result, uint32_t result_enc);

const g16k_msm_vtable cuda_msm_vtable = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = cuda_bases_create,
    .bases_destroy = cuda_bases_destroy,
    .msm = cuda_msm,
};

/* Copy n points (96 / 192 B each, point_enc) to device memory in Montgomery form, converted
 * GPU_MSM_PLAN_STAGE_POINTS at a time. Errors: G16K_ENODEV (no device), G16K_EUNSUPPORTED (group),
 * G16K_EINVAL, G16K_ENOMEM. Thread-safe. */
static int cuda_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                             uint64_t n, uint32_t point_enc, g16k_msm_bases **out)
{
    if (!ctx || !out || (n && !points))
        return gpu_fail(G16K_EINVAL, "bases_create: NULL argument");
    if (group != G16K_G1 && group != G16K_G2)
        return gpu_fail(G16K_EUNSUPPORTED, "bases_create: unknown group %u", group);
    int rc = cuda_use_device(ctx);
    if (rc)
        return rc;
    const size_t psz = group == G16K_G1 ? 96 : 192;
    size_t bytes = (size_t)n * psz;
    uint64_t stage_n = n < GPU_MSM_PLAN_STAGE_POINTS ? n : GPU_MSM_PLAN_STAGE_POINTS;
    g16k_msm_bases *b = calloc(1, sizeof *b);
    uint64_t *limbs = n ? malloc(stage_n * psz) : NULL;
    if (!b || (n && !limbs)) {
        rc = gpu_fail(G16K_ENOMEM, "bases_create: no host memory for %llu points",
                         (unsigned long long)n);
        goto out_free;
    }
    b->ctx = ctx;
    b->group = group;
    b->n = n;
    if (n) {
        char what[96];
        snprintf(what, sizeof what, "bases_create: %llu G%u points", (unsigned long long)n,
                 group);
        if ((rc = cuda_mem_check(ctx, bytes, what)) != G16K_OK)
            goto out_free;
        cudaStream_t s = NULL;
        cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
        if (err == cudaSuccess)
            err = cudaMalloc((void **)&b->points, bytes);
        for (uint64_t lo = 0; lo < n && err == cudaSuccess && rc == G16K_OK; lo += stage_n) {
            uint64_t cnt = n - lo < stage_n ? n - lo : stage_n;
            rc = gpu_msm_points_to_mont(group, (const uint8_t *)points + lo * psz, cnt, point_enc,
                                    limbs, lo);
            if (rc == G16K_OK)
                err = cuda_h2d(ctx, (uint8_t *)b->points + lo * psz, limbs, cnt * psz, s);
        }
        if (s)
            cudaStreamDestroy(s);
        if (rc == G16K_OK && err != cudaSuccess)
            rc = cuda_fail(err, "bases_create: upload");
        if (rc != G16K_OK) {
            cudaFree(b->points);
            goto out_free;
        }
    }
    free(limbs);
    *out = b;
    return G16K_OK;

out_free:
    free(limbs);
    free(b);
    return rc;
}

/* NULL is a no-op. */
static void cuda_bases_destroy(g16k_msm_bases *bases)
{
    if (!bases)
        return;
    if (bases->points && cuda_use_device(bases->ctx) == G16K_OK)
        cudaFree(bases->points);
    free(bases);
}

/* Runs chunk_acc, bucket_sum and segment_reduce on the plan's lists, already on the device
 * (entries, chunk starts, bucket chunks), over the part's points (device pointer to its first),
 * on stream s, and reads the segment sums back into
 * segout (gpu_msm_plan_segout_limbs limbs). Errors: G16K_EINTERNAL or G16K_ENOMEM (CUDA), message
 * set. */
static int run_lists(g16k_msm_bases *b, const gpu_msm_plan *plan, const uint64_t *points,
                     const uint32_t *entries, const uint32_t *starts, const uint32_t *bchunks,
                     uint64_t *segout, cudaStream_t s)
{
    uint64_t *partials = NULL, *buckets = NULL, *out = NULL;
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    uint32_t n_threads = plan->nw * plan->n_segs;
    size_t seg_bytes = gpu_msm_plan_segout_limbs(plan, b->group) * 8;
    cudaError_t err = cudaMalloc((void **)&partials, gpu_msm_plan_partial_limbs(plan, b->group) * 8);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&buckets, gpu_msm_plan_bucket_limbs(plan, b->group) * 8);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&out, seg_bytes);
    if (err == cudaSuccess)
        err = cuda_launch_chunk_acc(b->group, points, entries, starts, plan->n_chunks,
                                    partials, s);
    if (err == cudaSuccess)
        err = cuda_launch_bucket_sum(b->group, partials, bchunks, (uint32_t)n_buckets, buckets, s);
    if (err == cudaSuccess)
        err = cuda_launch_segment_reduce(b->group, buckets, n_threads, plan->n_segs, plan->nb,
                                         plan->seg_len, out, s);
    if (err == cudaSuccess)
        err = cuda_d2h(b->ctx, segout, out, seg_bytes, s);
    if (err == cudaSuccess)
        err = cudaStreamSynchronize(s);
    cudaFree(out);
    cudaFree(buckets);
    cudaFree(partials);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "msm: CUDA");
}

/* Uploads a host-built plan of the points from `points` on and runs run_lists. Errors:
 * G16K_ENOMEM (does not fit: checked before allocating), G16K_EINTERNAL (CUDA), message set. */
static int run_kernels(g16k_msm_bases *b, const gpu_msm_plan *plan, const uint64_t *points,
                       uint64_t *segout)
{
    g16k_plugin_ctx *ctx = b->ctx;
    uint32_t *entries = NULL, *starts = NULL, *bchunks = NULL;
    cudaStream_t s = NULL;
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    char what[128];
    snprintf(what, sizeof what, "msm G%u: window %u, %llu bucket entries", b->group, plan->c,
             (unsigned long long)plan->n_entries);
    int rc = cuda_mem_check(ctx, gpu_msm_plan_device_bytes(plan, b->group), what);
    if (rc)
        return rc;
    cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&entries, plan->n_entries * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&starts, ((size_t)plan->n_chunks + 1) * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&bchunks, (n_buckets + 1) * 4);
    if (err == cudaSuccess)
        err = cuda_h2d(ctx, entries, plan->entries, plan->n_entries * 4, s);
    if (err == cudaSuccess)
        err = cuda_h2d(ctx, starts, plan->chunk_starts, ((size_t)plan->n_chunks + 1) * 4, s);
    if (err == cudaSuccess)
        err = cuda_h2d(ctx, bchunks, plan->bucket_chunks, (n_buckets + 1) * 4, s);
    rc = err == cudaSuccess ? run_lists(b, plan, points, entries, starts, bchunks, segout, s)
                            : cuda_fail(err, "msm: CUDA");
    cudaFree(bchunks);
    cudaFree(starts);
    cudaFree(entries);
    if (s)
        cudaStreamDestroy(s);
    return rc;
}

/* The plan's view of this GPU: its multiprocessors, the memory free now (less the bases
 * already resident) as the budget of one MSM, no per-buffer cap, an eighth of the RAM for a
 * part's host plan. */
static int cuda_device_limits(const g16k_plugin_ctx *ctx, gpu_msm_device *dev)
{
    memset(dev, 0, sizeof *dev);
    dev->compute_units = ctx->sm_count;
    dev->lanes = CUDA_MSM_LANES;
    dev->part_align = 1;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        dev->host_bytes = (uint64_t)pages * (uint64_t)page / 8;
    return cuda_mem_free(&dev->mem_bytes, NULL);
}

/* result = sum scalars[i] * bases[i], i < n (plugin.h). params->window: 0 = auto.
 * Errors: G16K_EINVAL, G16K_EUNSUPPORTED (a window this GPU cannot hold), G16K_ENODEV,
 * G16K_ENOMEM, G16K_EINTERNAL (CUDA). Thread-safe. */
static int cuda_msm(g16k_msm_bases *b, const void *scalars, uint64_t n, uint32_t scalar_enc,
                    const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    if (!b || !result || (n && !scalars))
        return gpu_fail(G16K_EINVAL, "msm: NULL argument");
    if (n > b->n)
        return gpu_fail(G16K_EINVAL, "msm: %llu scalars for %llu bases",
                           (unsigned long long)n, (unsigned long long)b->n);
    if (result_enc != G16K_ENC_CANONICAL && result_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL, "msm: result encoding %u is not 1 or 2", result_enc);
    if (scalar_enc != G16K_ENC_CANONICAL && scalar_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL, "msm: scalar encoding %u is not 1 (canonical) or 2 "
                           "(Montgomery)", scalar_enc);
    int rc = cuda_use_device(b->ctx);
    gpu_msm_device dev;
    uint32_t c = 0;
    uint64_t part = 0;
    if (rc == G16K_OK)
        rc = gpu_msm_plan_check_scalars(scalars, n);
    if (rc == G16K_OK)
        rc = cuda_device_limits(b->ctx, &dev);
    if (rc == G16K_OK)
        rc = gpu_msm_plan_choose(gpu_msm_window(params), n,
                             n ? gpu_msm_plan_effective_n(scalars, n, scalar_enc) : 0, b->group, &dev,
                             &c, &part);
    if (rc)
        return rc;
    const size_t psz = b->group == G16K_G1 ? 96 : 192;
    uint32_t threads = gpu_msm_threads(params);
    gpu_msm_sum sum;
    gpu_msm_sum_init(&sum, b->group);
    uint64_t *segout = NULL;
    for (uint64_t lo = 0, len; lo < n && rc == G16K_OK; lo += len) {
        len = gpu_msm_plan_part_len(lo, n, part, 0);
        gpu_msm_plan plan;
        rc = gpu_msm_plan_build(&plan, (const uint8_t *)scalars + 32 * lo, len, scalar_enc, c,
                            b->group, &dev, threads);
        if (rc == G16K_OK && plan.n_entries) {
            if (!segout && !(segout = malloc(gpu_msm_plan_segout_limbs(&plan, b->group) * 8)))
                rc = gpu_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
            if (rc == G16K_OK)
                rc = run_kernels(b, &plan, (const uint64_t *)((const uint8_t *)b->points
                                                              + lo * psz), segout);
            if (rc == G16K_OK)
                gpu_msm_sum_add(&sum, &plan, segout);
        }
        gpu_msm_plan_cleanup(&plan);
    }
    free(segout);
    return rc ? rc : gpu_msm_sum_finish(&sum, result, result_enc);
}

/* ---- MSM on scalars already in device memory (compute_h_msm) ---- */

/* Build the plan's lists on the device from n canonical scalars (kernels/plan.cl via
 * kernels.cu), as opencl/msm.c device_plan: fills plan's sizes and returns the entry, chunk
 * start and bucket chunk buffers in lists[0..2] (NULL when n_entries is 0). Device memory is
 * checked before each allocation. Errors: G16K_ENOMEM, G16K_EINTERNAL, message set; lists
 * freed on error. */
static int device_plan(g16k_msm_bases *b, const uint64_t *scalars, uint64_t n, gpu_msm_plan *plan,
                       uint32_t *lists[3], cudaStream_t s)
{
    g16k_plugin_ctx *ctx = b->ctx;
    uint32_t nbk = (uint32_t)((uint64_t)plan->nw * plan->nb), blk = gpu_msm_plan_dev_block(nbk);
    uint32_t nblocks = (nbk + blk - 1) / blk;
    uint32_t *counts = NULL, *offsets = NULL, *fill = NULL, *bsum = NULL, *bmax = NULL,
             *bch = NULL, *meta = NULL;
    uint32_t m[3] = { 0, 0, 0 };
    char what[128];
    lists[0] = lists[1] = lists[2] = NULL;
    snprintf(what, sizeof what, "msm H on the device: window %u, plan of %u buckets", plan->c,
             nbk);
    int rc = cuda_mem_check(ctx, (4 * (uint64_t)nbk + 3 * (uint64_t)nblocks + 8) * 4, what);
    if (rc)
        return rc;
    cudaError_t err = cudaMalloc((void **)&counts, (size_t)nbk * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&offsets, ((size_t)nbk + 1) * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&fill, (size_t)nbk * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&lists[2], ((size_t)nbk + 1) * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&bsum, (size_t)nblocks * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&bmax, (size_t)nblocks * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&bch, (size_t)nblocks * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&meta, 4 * 4);
    if (err == cudaSuccess)
        err = cudaMemsetAsync(counts, 0, (size_t)nbk * 4, s);
    if (err == cudaSuccess)
        err = cuda_launch_plan_count(scalars, (uint32_t)n, plan->c, plan->nw, plan->nb, counts, s);
    if (err == cudaSuccess)
        err = cuda_launch_plan_block_sums(counts, nbk, blk, bsum, bmax, s);
    if (err == cudaSuccess)
        err = cuda_launch_plan_top(bsum, bmax, nblocks, meta, s);
    if (err == cudaSuccess)
        err = cuda_d2h(ctx, m, meta, 8, s);         /* synchronous: entries, largest bucket */
    if (err != cudaSuccess)
        goto out;
    plan->n_entries = m[0];
    plan->max_bucket = m[1];
    if (plan->n_entries == 0)
        goto out;
    plan->chunk_len = gpu_msm_plan_chunk_len(plan->n_entries, plan->max_bucket, nbk);
    err = cuda_launch_plan_offsets(counts, nbk, blk, bsum, plan->chunk_len, offsets, fill,
                                   lists[2], bch, s);
    if (err == cudaSuccess)
        err = cuda_launch_plan_top_chunks(bch, nblocks, meta, s);
    if (err == cudaSuccess)
        err = cuda_d2h(ctx, &m[2], meta + 2, 4, s);  /* the chunk count */
    if (err != cudaSuccess)
        goto out;
    plan->n_chunks = m[2];
    snprintf(what, sizeof what, "msm H on the device: window %u, %llu bucket entries", plan->c,
             (unsigned long long)plan->n_entries);
    if ((rc = cuda_mem_check(ctx, gpu_msm_plan_device_bytes(plan, b->group), what)) != G16K_OK)
        goto out;
    err = cudaMalloc((void **)&lists[0], plan->n_entries * 4);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&lists[1], ((size_t)plan->n_chunks + 1) * 4);
    if (err == cudaSuccess)
        err = cuda_launch_plan_scatter(scalars, (uint32_t)n, plan->c, plan->nw, plan->nb, fill,
                                       lists[0], s);
    if (err == cudaSuccess)
        err = cuda_launch_plan_chunk_starts(offsets, nbk, blk, bch, plan->chunk_len, meta,
                                            lists[2], lists[1], s);
out:
    if (err == cudaSuccess)
        err = cudaStreamSynchronize(s);             /* the kernels are done with the scratch */
    if (err != cudaSuccess)
        rc = cuda_fail(err, "msm: device plan: CUDA");
    cudaFree(counts);
    cudaFree(offsets);
    cudaFree(fill);
    cudaFree(bsum);
    cudaFree(bmax);
    cudaFree(bch);
    cudaFree(meta);
    if (rc != G16K_OK || plan->n_entries == 0) {
        for (int i = 0; i < 3; i++) {
            cudaFree(lists[i]);
            lists[i] = NULL;
        }
    }
    return rc;
}

int cuda_msm_device_check(const g16k_msm_bases *b, const g16k_plugin_ctx *ctx, uint64_t n,
                          const void *result, uint32_t result_enc)
{
    return gpu_check_h_msm(b != NULL, b && b->ctx == ctx, b ? b->group : 0, b ? b->n : 0, n,
                              result, result_enc);
}

int cuda_msm_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, const uint64_t *scalars,
                    uint64_t n, const g16k_msm_params *params, void *result,
                    uint32_t result_enc, cudaStream_t s)
{
    int rc = cuda_msm_device_check(b, ctx, n, result, result_enc);
    gpu_msm_device dev;
    uint32_t c = 0;
    uint64_t part = 0;
    if (rc == G16K_OK)
        rc = cuda_device_limits(ctx, &dev);
    if (rc == G16K_OK)       /* all counted: h is dense */
        rc = gpu_msm_plan_choose(gpu_msm_window(params), n, n, G16K_G1, &dev, &c, &part);
    if (rc)
        return rc;
    gpu_msm_sum sum;
    gpu_msm_sum_init(&sum, G16K_G1);
    uint64_t *segout = NULL;
    for (uint64_t lo = 0, len; lo < n && rc == G16K_OK; lo += len) {
        len = gpu_msm_plan_part_len(lo, n, part, 0);
        gpu_msm_plan plan;
        memset(&plan, 0, sizeof plan);
        uint32_t *lists[3] = { NULL, NULL, NULL };
        rc = gpu_msm_plan_shape(&plan, len, c, 0);
        if (rc == G16K_OK)
            rc = device_plan(b, scalars + 4 * lo, len, &plan, lists, s);
        if (rc == G16K_OK && plan.n_entries) {
            if (!segout && !(segout = malloc(gpu_msm_plan_segout_limbs(&plan, G16K_G1) * 8)))
                rc = gpu_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
            if (rc == G16K_OK)
                rc = run_lists(b, &plan, b->points + 12 * lo, lists[0], lists[1], lists[2],
                               segout, s);
            if (rc == G16K_OK)
                gpu_msm_sum_add(&sum, &plan, segout);
        }
        for (int i = 0; i < 3; i++)
            cudaFree(lists[i]);
    }
    free(segout);
    return rc ? rc : gpu_msm_sum_finish(&sum, result, result_enc);
}
