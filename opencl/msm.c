/*
 * msm.c: the OpenCL MSM vtable (G1 and G2). Bases are converted to Montgomery affine limbs on
 * the host and uploaded once. Each msm() call plans signed digits and their chunks on the host
 * (common/msm_plan.c; params->window, or 0 for the auto model with this device's compute
 * units and memory), uploads the lists, runs chunk_acc (one work-item per chunk of a bucket),
 * bucket_sum (one per bucket) and segment_reduce (one per window segment) from kernels/msm.cl,
 * and finishes on the host.
 * opencl_msm_device (for compute_h_msm, ABI 1.1) takes scalars that are already on the device
 * and builds the same plan there (kernels/plan.cl: count, scan, scatter), so h is never read
 * back; only the plan's sizes and the segment sums cross the bus.
 */
#include <stdlib.h>
#include <string.h>

#include "common/msm_plan.h"
#include "common/plugin_util.h"
#include "internal.h"

struct g16k_msm_bases {
    g16k_plugin_ctx *ctx;
    uint32_t group;
    uint64_t n;
    cl_mem points;    /* n affine points, Montgomery limbs; NULL when n == 0 */
};

static int opencl_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                               uint64_t n, uint32_t point_enc, g16k_msm_bases **out);
static void opencl_bases_destroy(g16k_msm_bases *bases);
static int opencl_msm(g16k_msm_bases *bases, const void *scalars, uint64_t n, uint32_t scalar_enc,
                      const g16k_msm_params *params, void *result, uint32_t result_enc);

const g16k_msm_vtable opencl_msm_vtable = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = opencl_bases_create,
    .bases_destroy = opencl_bases_destroy,
    .msm = opencl_msm,
};

/* Copy n points (96 B G1 / 192 B G2 each, point_enc) to a device buffer in Montgomery form.
 * Errors: G16K_EUNSUPPORTED (group), G16K_EINVAL (NULL, encoding, coordinate >= p),
 * G16K_ENOMEM. Thread-safe. */
static int opencl_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                               uint64_t n, uint32_t point_enc, g16k_msm_bases **out)
{
    if (!ctx || !out || (n && !points))
        return plugin_fail(G16K_EINVAL, "bases_create: NULL argument");
    if (group != G16K_G1 && group != G16K_G2)
        return plugin_fail(G16K_EUNSUPPORTED, "bases_create: unknown group %u", group);
    size_t bytes = (size_t)n * (group == G16K_G1 ? 96 : 192);
    g16k_msm_bases *b = calloc(1, sizeof *b);
    uint64_t *limbs = n ? malloc(bytes) : NULL;
    int rc = G16K_OK;
    if (!b || (n && !limbs)) {
        rc = plugin_fail(G16K_ENOMEM, "bases_create: no host memory for %llu points",
                         (unsigned long long)n);
        goto out_free;
    }
    rc = msm_points_to_mont(group, points, n, point_enc, limbs);
    if (rc)
        goto out_free;
    b->ctx = ctx;
    b->group = group;
    b->n = n;
    if (n) {
        cl_int err;
        b->points = clCreateBuffer(ctx->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                                   limbs, &err);
        if (!b->points) {
            rc = opencl_fail(err, "bases_create: clCreateBuffer");
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

/* Free the device copy. NULL is a no-op. */
static void opencl_bases_destroy(g16k_msm_bases *bases)
{
    if (!bases)
        return;
    if (bases->points)
        clReleaseMemObject(bases->points);
    free(bases);
}

/* A read-only device copy of a host array; NULL with *err set on failure. */
static cl_mem upload(g16k_plugin_ctx *ctx, const void *src, size_t bytes, cl_int *err)
{
    return clCreateBuffer(ctx->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                          (void *)src, err);
}

static cl_int launch(g16k_plugin_ctx *ctx, cl_kernel k, size_t global)
{
    return clEnqueueNDRangeKernel(ctx->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL);
}

/* ENOMEM with a message when one buffer of the plan exceeds the device's largest allocation. */
static int check_alloc(const g16k_msm_bases *b, const msm_plan *plan)
{
    const g16k_plugin_ctx *ctx = b->ctx;
    size_t biggest = plan->n_entries * 4;
    size_t part = msm_plan_partial_limbs(plan, b->group) * 8;
    size_t bucket = msm_plan_bucket_limbs(plan, b->group) * 8;
    if (part > biggest)
        biggest = part;
    if (bucket > biggest)
        biggest = bucket;
    if (ctx->max_alloc && biggest > ctx->max_alloc)
        return plugin_fail(G16K_ENOMEM, "msm: window %u needs a %zu MiB buffer, the device "
                           "allows %llu MiB per buffer (%s); try a smaller [window]", plan->c,
                           biggest >> 20, (unsigned long long)(ctx->max_alloc >> 20), ctx->info);
    return G16K_OK;
}

/* Runs chunk_acc, bucket_sum and segment_reduce (kernels/msm.cl) on the plan's lists, already on
 * the device (entries, chunk starts, bucket chunks), and reads back the segment sums into segout
 * (msm_plan_segout_limbs limbs); called with ctx->lock held.
 * Errors: G16K_ENOMEM (allocation failure), G16K_EINTERNAL (other OpenCL errors), message set. */
static int run_lists(g16k_msm_bases *b, const msm_plan *plan, cl_mem entries, cl_mem starts,
                     cl_mem bchunks, uint64_t *segout)
{
    g16k_plugin_ctx *ctx = b->ctx;
    cl_int err = CL_SUCCESS;
    cl_mem partials = NULL, buckets = NULL, out = NULL;
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    uint64_t n_threads = (uint64_t)plan->nw * plan->n_segs;
    size_t seg_bytes = msm_plan_segout_limbs(plan, b->group) * 8;
    size_t part_bytes = msm_plan_partial_limbs(plan, b->group) * 8;
    size_t bucket_bytes = msm_plan_bucket_limbs(plan, b->group) * 8;
    int g1 = b->group == G16K_G1;
    cl_kernel acc = ctx->kernels[g1 ? K_G1_CHUNK_ACC : K_G2_CHUNK_ACC];
    cl_kernel sum = ctx->kernels[g1 ? K_G1_BUCKET_SUM : K_G2_BUCKET_SUM];
    cl_kernel red = ctx->kernels[g1 ? K_G1_SEGMENT_REDUCE : K_G2_SEGMENT_REDUCE];
    int rc = G16K_OK;

    if (!(partials = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, part_bytes, NULL, &err))
        || !(buckets = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, bucket_bytes, NULL, &err))
        || !(out = clCreateBuffer(ctx->context, CL_MEM_WRITE_ONLY, seg_bytes, NULL, &err)))
        goto out_cl;

    cl_uint nc = plan->n_chunks, nbk = (cl_uint)n_buckets;
    err = clSetKernelArg(acc, 0, sizeof(cl_mem), &b->points);
    err |= clSetKernelArg(acc, 1, sizeof(cl_mem), &entries);
    err |= clSetKernelArg(acc, 2, sizeof(cl_mem), &starts);
    err |= clSetKernelArg(acc, 3, sizeof(cl_uint), &nc);
    err |= clSetKernelArg(acc, 4, sizeof(cl_mem), &partials);
    if (err != CL_SUCCESS || (err = launch(ctx, acc, nc)) != CL_SUCCESS)
        goto out_cl;
    err = clSetKernelArg(sum, 0, sizeof(cl_mem), &partials);
    err |= clSetKernelArg(sum, 1, sizeof(cl_mem), &bchunks);
    err |= clSetKernelArg(sum, 2, sizeof(cl_uint), &nbk);
    err |= clSetKernelArg(sum, 3, sizeof(cl_mem), &buckets);
    if (err != CL_SUCCESS || (err = launch(ctx, sum, nbk)) != CL_SUCCESS)
        goto out_cl;
    cl_uint nt = (cl_uint)n_threads, ns = plan->n_segs, nb = plan->nb, sl = plan->seg_len;
    err = clSetKernelArg(red, 0, sizeof(cl_mem), &buckets);
    err |= clSetKernelArg(red, 1, sizeof(cl_uint), &nt);
    err |= clSetKernelArg(red, 2, sizeof(cl_uint), &ns);
    err |= clSetKernelArg(red, 3, sizeof(cl_uint), &nb);
    err |= clSetKernelArg(red, 4, sizeof(cl_uint), &sl);
    err |= clSetKernelArg(red, 5, sizeof(cl_mem), &out);
    if (err != CL_SUCCESS || (err = launch(ctx, red, nt)) != CL_SUCCESS)
        goto out_cl;
    err = clEnqueueReadBuffer(ctx->queue, out, CL_TRUE, 0, seg_bytes, segout, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        goto out_cl;
    goto out_release;

out_cl:
    rc = opencl_fail(err, "msm: OpenCL");
out_release:
    {
        cl_mem all[] = { out, buckets, partials };
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            if (all[i])
                clReleaseMemObject(all[i]);
    }
    return rc;
}

/* run_lists on a host-built plan: uploads its lists first. Called with ctx->lock held.
 * Errors: as check_alloc and run_lists. */
static int run_kernels(g16k_msm_bases *b, const msm_plan *plan, uint64_t *segout)
{
    g16k_plugin_ctx *ctx = b->ctx;
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    cl_int err = CL_SUCCESS;
    cl_mem entries = NULL, starts = NULL, bchunks = NULL;
    int rc = check_alloc(b, plan);
    if (rc)
        return rc;
    if (!(entries = upload(ctx, plan->entries, plan->n_entries * 4, &err))
        || !(starts = upload(ctx, plan->chunk_starts, ((size_t)plan->n_chunks + 1) * 4, &err))
        || !(bchunks = upload(ctx, plan->bucket_chunks, (n_buckets + 1) * 4, &err)))
        rc = opencl_fail(err, "msm: OpenCL");
    else
        rc = run_lists(b, plan, entries, starts, bchunks, segout);
    cl_mem all[] = { bchunks, starts, entries };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i])
            clReleaseMemObject(all[i]);
    return rc;
}

/* result = sum scalars[i] * bases[i], i < n (see plugin.h). params->window: 0 = auto.
 * Errors: G16K_EINVAL (NULL, n > bases, encoding, a scalar not below r: "scalar[i]"),
 * G16K_ENOMEM, G16K_EINTERNAL (OpenCL).
 * Thread-safe: host work runs in parallel, device work is serialised on ctx->lock. */
static int opencl_msm(g16k_msm_bases *b, const void *scalars, uint64_t n, uint32_t scalar_enc,
                      const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    if (!b || !result || (n && !scalars))
        return plugin_fail(G16K_EINVAL, "msm: NULL argument");
    if (n > b->n)
        return plugin_fail(G16K_EINVAL, "msm: %llu scalars for %llu bases",
                           (unsigned long long)n, (unsigned long long)b->n);
    if (result_enc != G16K_ENC_CANONICAL && result_enc != G16K_ENC_MONTGOMERY)
        return plugin_fail(G16K_EINVAL, "msm: result encoding %u is not 1 or 2", result_enc);
    uint32_t window = plugin_msm_window(params);
    msm_plan plan;
    int rc = msm_plan_build(&plan, scalars, n, scalar_enc, window, b->group, &b->ctx->msm_dev,
                        plugin_msm_threads(params));
    if (rc)
        return rc;
    if (plan.n_entries == 0) {
        msm_plan_cleanup(&plan);
        msm_plan_result_inf(b->group, result);
        return G16K_OK;
    }
    uint64_t *segout = malloc(msm_plan_segout_limbs(&plan, b->group) * 8);
    if (!segout) {
        msm_plan_cleanup(&plan);
        return plugin_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
    }
    pthread_mutex_lock(&b->ctx->lock);
    rc = run_kernels(b, &plan, segout);
    pthread_mutex_unlock(&b->ctx->lock);
    if (rc == G16K_OK) {
        if (b->group == G16K_G1)
            rc = msm_plan_finish_g1(&plan, segout, result, result_enc);
        else
            rc = msm_plan_finish_g2(&plan, segout, result, result_enc);
    }
    free(segout);
    msm_plan_cleanup(&plan);
    return rc;
}

/* ---- MSM on scalars already in device memory (compute_h_msm) ---- */

typedef struct karg {
    size_t size;
    const void *val;
} karg;
#define KMEM(x) { sizeof(cl_mem), &(x) }
#define KU32(x) { sizeof(cl_uint), &(x) }

/* Set the na arguments of k and launch it over `global` work-items. */
static cl_int run_k(g16k_plugin_ctx *ctx, cl_kernel k, const karg *a, cl_uint na, size_t global)
{
    cl_int err = CL_SUCCESS;
    for (cl_uint i = 0; i < na && err == CL_SUCCESS; i++)
        err = clSetKernelArg(k, i, a[i].size, a[i].val);
    return err != CL_SUCCESS ? err : launch(ctx, k, global);
}

/* Build the plan's lists on the device from n canonical scalars in `scalars` (kernels/plan.cl):
 * fills plan (n_entries, max_bucket, chunk_len, n_chunks) and returns the entry, chunk start and
 * bucket chunk buffers in lists[0..2] (NULL when n_entries is 0). Called with ctx->lock held.
 * Errors: G16K_ENOMEM, G16K_EINTERNAL (OpenCL), message set; lists released on error. */
static int device_plan(g16k_msm_bases *b, cl_mem scalars, uint64_t n, msm_plan *plan,
                       cl_mem lists[3])
{
    g16k_plugin_ctx *ctx = b->ctx;
    cl_kernel *K = ctx->kernels;
    cl_uint nbk = (cl_uint)((uint64_t)plan->nw * plan->nb), blk = msm_plan_dev_block(nbk);
    cl_uint nblocks = (nbk + blk - 1) / blk, nn = (cl_uint)n, c = plan->c, nw = plan->nw,
            nb = plan->nb, len = 0, one = 1;
    cl_mem counts = NULL, offsets = NULL, fill = NULL, bsum = NULL, bmax = NULL, bch = NULL,
           meta = NULL;
    cl_uint m[4] = { 0, 0, 0, 0 };
    cl_int err = CL_SUCCESS;
    int rc = G16K_OK;
    lists[0] = lists[1] = lists[2] = NULL;
#define DEVBUF(var, count)                                                                     \
    (var = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, (size_t)(count) * 4, NULL, &err))
    if (!DEVBUF(counts, nbk) || !DEVBUF(offsets, nbk + 1) || !DEVBUF(fill, nbk)
        || !DEVBUF(lists[2], nbk + 1) || !DEVBUF(bsum, nblocks) || !DEVBUF(bmax, nblocks)
        || !DEVBUF(bch, nblocks) || !DEVBUF(meta, 4))
        goto out_cl;
    const cl_uint zero = 0;
    if ((err = clEnqueueFillBuffer(ctx->queue, counts, &zero, sizeof zero, 0, (size_t)nbk * 4,
                                   0, NULL, NULL)) != CL_SUCCESS)
        goto out_cl;
    {
        karg count[] = { KMEM(scalars), KU32(nn), KU32(c), KU32(nw), KU32(nb), KMEM(counts) };
        karg sums[] = { KMEM(counts), KU32(nbk), KU32(blk), KMEM(bsum), KMEM(bmax) };
        karg top[] = { KMEM(bsum), KMEM(bmax), KU32(nblocks), KMEM(meta) };
        if ((err = run_k(ctx, K[K_PLAN_COUNT], count, 6, n)) != CL_SUCCESS
            || (err = run_k(ctx, K[K_PLAN_BLOCK_SUMS], sums, 5, nblocks)) != CL_SUCCESS
            || (err = run_k(ctx, K[K_PLAN_TOP], top, 4, one)) != CL_SUCCESS
            || (err = clEnqueueReadBuffer(ctx->queue, meta, CL_TRUE, 0, 8, m, 0, NULL, NULL))
                   != CL_SUCCESS)
            goto out_cl;
    }
    plan->n_entries = m[0];
    plan->max_bucket = m[1];
    if (plan->n_entries == 0)
        goto out_release;
    plan->chunk_len = len = msm_plan_chunk_len(plan->n_entries, plan->max_bucket, nbk);
    {
        karg offs[] = { KMEM(counts), KU32(nbk), KU32(blk), KMEM(bsum), KU32(len),
                        KMEM(offsets), KMEM(fill), KMEM(lists[2]), KMEM(bch) };
        karg topc[] = { KMEM(bch), KU32(nblocks), KMEM(meta) };
        if ((err = run_k(ctx, K[K_PLAN_OFFSETS], offs, 9, nblocks)) != CL_SUCCESS
            || (err = run_k(ctx, K[K_PLAN_TOP_CHUNKS], topc, 3, one)) != CL_SUCCESS
            || (err = clEnqueueReadBuffer(ctx->queue, meta, CL_TRUE, 8, 4, &m[2], 0, NULL,
                                          NULL)) != CL_SUCCESS)
            goto out_cl;
    }
    plan->n_chunks = m[2];
    if ((rc = check_alloc(b, plan)) != G16K_OK)
        goto out_release;
    if (!DEVBUF(lists[0], plan->n_entries) || !DEVBUF(lists[1], (uint64_t)plan->n_chunks + 1))
        goto out_cl;
    {
        karg scat[] = { KMEM(scalars), KU32(nn), KU32(c), KU32(nw), KU32(nb), KMEM(fill),
                        KMEM(lists[0]) };
        karg starts[] = { KMEM(offsets), KU32(nbk), KU32(blk), KMEM(bch), KU32(len), KMEM(meta),
                          KMEM(lists[2]), KMEM(lists[1]) };
        if ((err = run_k(ctx, K[K_PLAN_SCATTER], scat, 7, n)) != CL_SUCCESS
            || (err = run_k(ctx, K[K_PLAN_CHUNK_STARTS], starts, 8, nblocks)) != CL_SUCCESS)
            goto out_cl;
    }
    goto out_release;
#undef DEVBUF

out_cl:
    rc = opencl_fail(err, "msm: device plan: OpenCL");
out_release:
    {
        cl_mem tmp[] = { counts, offsets, fill, bsum, bmax, bch, meta };
        for (size_t i = 0; i < sizeof tmp / sizeof tmp[0]; i++)
            if (tmp[i])
                clReleaseMemObject(tmp[i]);
    }
    if (rc != G16K_OK || plan->n_entries == 0) {
        for (int i = 0; i < 3; i++) {
            if (lists[i])
                clReleaseMemObject(lists[i]);
            lists[i] = NULL;
        }
    }
    return rc;
}

int opencl_msm_device_check(const g16k_msm_bases *b, const g16k_plugin_ctx *ctx, uint64_t n,
                            const void *result, uint32_t result_enc)
{
    return plugin_check_h_msm(b != NULL, b && b->ctx == ctx, b ? b->group : 0, b ? b->n : 0, n,
                              result, result_enc);
}

int opencl_msm_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, cl_mem scalars, uint64_t n,
                      const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    int rc = opencl_msm_device_check(b, ctx, n, result, result_enc);
    if (rc)
        return rc;
    uint32_t window = plugin_msm_window(params);
    msm_plan plan;
    memset(&plan, 0, sizeof plan);
    rc = msm_plan_shape(&plan, n, window,
                        window ? 0 : msm_plan_auto_window(n, G16K_G1, &ctx->msm_dev));
    cl_mem lists[3] = { NULL, NULL, NULL };
    if (rc == G16K_OK)
        rc = device_plan(b, scalars, n, &plan, lists);
    if (rc != G16K_OK)
        return rc;
    if (plan.n_entries == 0) {
        msm_plan_result_inf(G16K_G1, result);
        return G16K_OK;
    }
    uint64_t *segout = malloc(msm_plan_segout_limbs(&plan, G16K_G1) * 8);
    if (!segout)
        rc = plugin_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
    else
        rc = run_lists(b, &plan, lists[0], lists[1], lists[2], segout);
    for (int i = 0; i < 3; i++)
        clReleaseMemObject(lists[i]);
    if (rc == G16K_OK)
        rc = msm_plan_finish_g1(&plan, segout, result, result_enc);
    free(segout);
    return rc;
}
