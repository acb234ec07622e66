/*
 * msm.c: the OpenCL MSM vtable (G1 and G2). Bases are converted to Montgomery affine limbs on
 * the host, MSM_PLAN_STAGE_POINTS at a time, and uploaded once into as many buffers as the
 * device's largest allocation needs. Each msm() call picks or checks its window against the
 * device's limits (common/msm_plan.h "Limits": params->window, or 0 for the auto model with
 * this device's compute units and memory), then runs the MSM as parts that fit: for each part
 * it plans signed digits and their chunks on the host (common/msm_plan.c), uploads the lists,
 * runs chunk_acc (one work-item per chunk of a bucket), bucket_sum (one per bucket) and
 * segment_reduce (one per window segment) from kernels/msm.cl, and adds the part's segment sums
 * on the host.
 * opencl_msm_device (for compute_h_msm, ABI 1.1) takes scalars that are already on the device
 * and builds the same plans there (kernels/plan.cl: count, scan, scatter), part by part, so h
 * is never read back; only the plan's sizes and the segment sums cross the bus.
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
    uint64_t buf_points;  /* points per buffer (the last may hold fewer) */
    uint32_t n_bufs;
    cl_mem *bufs;         /* n_bufs buffers of affine points, Montgomery limbs */
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

/* Copy n points (96 B G1 / 192 B G2 each, point_enc) to device buffers in Montgomery form:
 * buffers of at most max_alloc bytes (msm_device.max_alloc, a multiple of part_align points),
 * filled through one host staging buffer of MSM_PLAN_STAGE_POINTS points.
 * Errors: G16K_EUNSUPPORTED (group), G16K_EINVAL (NULL, encoding, coordinate >= p),
 * G16K_ENOMEM. Thread-safe. */
static int opencl_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                               uint64_t n, uint32_t point_enc, g16k_msm_bases **out)
{
    if (!ctx || !out || (n && !points))
        return plugin_fail(G16K_EINVAL, "bases_create: NULL argument");
    if (group != G16K_G1 && group != G16K_G2)
        return plugin_fail(G16K_EUNSUPPORTED, "bases_create: unknown group %u", group);
    if (point_enc != G16K_ENC_CANONICAL && point_enc != G16K_ENC_MONTGOMERY)
        return plugin_fail(G16K_EINVAL, "bases_create: point encoding %u is not 1 (canonical) "
                           "or 2 (Montgomery)", point_enc);
    const size_t psz = group == G16K_G1 ? 96 : 192;
    const msm_device *dev = &ctx->msm_dev;
    uint64_t per = n ? n : 1;
    if (dev->max_alloc && per > dev->max_alloc / psz) {
        uint64_t align = dev->part_align ? dev->part_align : 1;
        per = dev->max_alloc / psz / align * align;
        if (per == 0)
            return plugin_fail(G16K_ENOMEM, "bases_create: the device allows %llu bytes per "
                               "buffer, less than %llu points", (unsigned long long)dev->max_alloc,
                               (unsigned long long)align);
    }
    g16k_msm_bases *b = calloc(1, sizeof *b);
    uint32_t nbufs = n ? (uint32_t)((n + per - 1) / per) : 0;
    uint64_t stage_n = n < MSM_PLAN_STAGE_POINTS ? n : MSM_PLAN_STAGE_POINTS;
    uint64_t *stage = n ? malloc(stage_n * psz) : NULL;
    int rc = G16K_OK;
    if (b && nbufs)
        b->bufs = calloc(nbufs, sizeof *b->bufs);
    if (!b || (n && (!stage || !b->bufs))) {
        rc = plugin_fail(G16K_ENOMEM, "bases_create: no host memory for %llu points",
                         (unsigned long long)n);
        goto out_free;
    }
    b->ctx = ctx;
    b->group = group;
    b->n = n;
    b->buf_points = per;
    b->n_bufs = nbufs;
    cl_int err = CL_SUCCESS;
    for (uint32_t j = 0; j < nbufs && err == CL_SUCCESS; j++) {
        uint64_t cnt = j + 1 < nbufs ? per : n - per * j;
        b->bufs[j] = clCreateBuffer(ctx->context, CL_MEM_READ_ONLY, cnt * psz, NULL, &err);
    }
    if (err != CL_SUCCESS) {
        rc = opencl_fail(err, "bases_create: clCreateBuffer");
        goto out_free;
    }
    for (uint64_t lo = 0; lo < n && rc == G16K_OK;) {
        uint64_t cnt = msm_plan_part_len(lo, n, stage_n, per);
        rc = msm_points_to_mont(group, (const uint8_t *)points + lo * psz, cnt, point_enc, stage,
                                lo);
        if (rc)
            break;
        pthread_mutex_lock(&ctx->lock);
        err = clEnqueueWriteBuffer(ctx->queue, b->bufs[lo / per], CL_TRUE, (lo % per) * psz,
                                   cnt * psz, stage, 0, NULL, NULL);
        pthread_mutex_unlock(&ctx->lock);
        if (err != CL_SUCCESS)
            rc = opencl_fail(err, "bases_create: clEnqueueWriteBuffer");
        lo += cnt;
    }
    if (rc)
        goto out_free;
    free(stage);
    *out = b;
    return G16K_OK;

out_free:
    free(stage);
    opencl_bases_destroy(b);
    return rc;
}

/* Free the device copy. NULL is a no-op. */
static void opencl_bases_destroy(g16k_msm_bases *bases)
{
    if (!bases)
        return;
    for (uint32_t j = 0; bases->bufs && j < bases->n_bufs; j++)
        if (bases->bufs[j])
            clReleaseMemObject(bases->bufs[j]);
    free(bases->bufs);
    free(bases);
}

/* A read-only view of points [lo, lo + len) of b (inside one of its buffers); NULL with *err. */
static cl_mem bases_view(const g16k_msm_bases *b, uint64_t lo, uint64_t len, cl_int *err)
{
    size_t psz = b->group == G16K_G1 ? 96 : 192;
    cl_buffer_region r = { (size_t)(lo % b->buf_points) * psz, (size_t)len * psz };
    return clCreateSubBuffer(b->bufs[lo / b->buf_points], CL_MEM_READ_ONLY,
                             CL_BUFFER_CREATE_TYPE_REGION, &r, err);
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

/* Runs chunk_acc, bucket_sum and segment_reduce (kernels/msm.cl) on the plan's lists, already on
 * the device (entries, chunk starts, bucket chunks), over the part's points, and reads back the
 * segment sums into segout (msm_plan_segout_limbs limbs); called with ctx->lock held.
 * Errors: G16K_ENOMEM (allocation failure), G16K_EINTERNAL (other OpenCL errors), message set. */
static int run_lists(g16k_msm_bases *b, const msm_plan *plan, cl_mem points, cl_mem entries,
                     cl_mem starts, cl_mem bchunks, uint64_t *segout)
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
    err = clSetKernelArg(acc, 0, sizeof(cl_mem), &points);
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

/* Inner phases for the core's trace (plugin.h ABI 1.2; 0 / no-op on an older core or when the
 * core is not tracing this call). */
static uint64_t trace_begin(void)
{
    const g16k_host_api *h = plugin_host;
    return h && h->struct_size >= offsetof(g16k_host_api, trace_end) + sizeof(h->trace_end)
           && h->trace_begin && h->trace_end ? h->trace_begin() : 0;
}

static void trace_end(const char *name, uint64_t t)
{
    if (t)
        plugin_host->trace_end(name, t, NULL);
}

/* run_lists on a host-built plan of points [lo, lo + len): uploads its lists first. Called
 * with ctx->lock held. Errors: as msm_plan_fits and run_lists. */
static int run_kernels(g16k_msm_bases *b, const msm_plan *plan, uint64_t lo, uint64_t len,
                       uint64_t *segout)
{
    g16k_plugin_ctx *ctx = b->ctx;
    uint64_t n_buckets = (uint64_t)plan->nw * plan->nb;
    cl_int err = CL_SUCCESS;
    cl_mem entries = NULL, starts = NULL, bchunks = NULL, points = NULL;
    int rc = msm_plan_fits(plan, b->group, &ctx->msm_dev);
    if (rc)
        return rc;
    uint64_t t = trace_begin();
    if (!(points = bases_view(b, lo, len, &err))
        || !(entries = upload(ctx, plan->entries, plan->n_entries * 4, &err))
        || !(starts = upload(ctx, plan->chunk_starts, ((size_t)plan->n_chunks + 1) * 4, &err))
        || !(bchunks = upload(ctx, plan->bucket_chunks, (n_buckets + 1) * 4, &err)))
        rc = opencl_fail(err, "msm: OpenCL");
    trace_end("upload bucket lists", t);
    if (rc == G16K_OK) {
        t = trace_begin();
        rc = run_lists(b, plan, points, entries, starts, bchunks, segout);
        trace_end("kernels and download of segment sums", t);
    }
    cl_mem all[] = { bchunks, starts, entries, points };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i])
            clReleaseMemObject(all[i]);
    return rc;
}

static void log_parts(const g16k_msm_bases *b, uint64_t n, uint32_t c, uint64_t part,
                      uint64_t parts)
{
    plugin_log(G16K_LOG_DEBUG, "opencl: msm G%u: %llu points, window %u, %llu part(s) of at most "
               "%llu points, bases in %u buffer(s)", b->group, (unsigned long long)n, c,
               (unsigned long long)parts, (unsigned long long)part, b->n_bufs);
}

/* result = sum scalars[i] * bases[i], i < n (see plugin.h). params->window: 0 = auto.
 * Errors: G16K_EINVAL (NULL, n > bases, encoding, a scalar not below r: "scalar[i]"),
 * G16K_EUNSUPPORTED (a window this device cannot run, checked also for n = 0), G16K_ENOMEM,
 * G16K_EINTERNAL (OpenCL). Host memory: one part's plan (msm_device.host_bytes at most).
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
    if (scalar_enc != G16K_ENC_CANONICAL && scalar_enc != G16K_ENC_MONTGOMERY)
        return plugin_fail(G16K_EINVAL, "msm: scalar encoding %u is not 1 (canonical) or 2 "
                           "(Montgomery)", scalar_enc);
    const msm_device *dev = &b->ctx->msm_dev;
    uint32_t c = 0;
    uint64_t part = 0, parts = 0;
    int rc = msm_plan_check_scalars(scalars, n);
    if (rc == G16K_OK)
        rc = msm_plan_choose(plugin_msm_window(params), n,
                             n ? msm_plan_effective_n(scalars, n, scalar_enc) : 0, b->group, dev,
                             &c, &part);
    if (rc)
        return rc;
    msm_sum sum;
    msm_sum_init(&sum, b->group);
    uint64_t *segout = NULL;
    uint32_t threads = plugin_msm_threads(params);
    for (uint64_t lo = 0, len; lo < n && rc == G16K_OK; lo += len, parts++) {
        len = msm_plan_part_len(lo, n, part, b->buf_points);
        msm_plan plan;
        rc = msm_plan_build(&plan, (const uint8_t *)scalars + 32 * lo, len, scalar_enc, c,
                            b->group, dev, threads);
        if (rc == G16K_OK && plan.n_entries) {
            if (!segout && !(segout = malloc(msm_plan_segout_limbs(&plan, b->group) * 8)))
                rc = plugin_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
            if (rc == G16K_OK) {
                pthread_mutex_lock(&b->ctx->lock);
                rc = run_kernels(b, &plan, lo, len, segout);
                pthread_mutex_unlock(&b->ctx->lock);
            }
            if (rc == G16K_OK)
                msm_sum_add(&sum, &plan, segout);
        }
        msm_plan_cleanup(&plan);
    }
    free(segout);
    if (rc)
        return rc;
    if (n)
        log_parts(b, n, c, part, parts);
    return msm_sum_finish(&sum, result, result_enc);
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
    if ((rc = msm_plan_fits(plan, b->group, &ctx->msm_dev)) != G16K_OK)
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

/* The scalars [lo, lo + len) of a device buffer of canonical scalars (32 bytes each). */
static cl_mem scalars_view(cl_mem scalars, uint64_t lo, uint64_t len, cl_int *err)
{
    cl_buffer_region r = { (size_t)lo * 32, (size_t)len * 32 };
    return clCreateSubBuffer(scalars, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, err);
}

int opencl_msm_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, cl_mem scalars, uint64_t n,
                      const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    int rc = opencl_msm_device_check(b, ctx, n, result, result_enc);
    uint32_t c = 0;
    uint64_t part = 0, parts = 0;
    if (rc == G16K_OK)       /* all counted: h is dense */
        rc = msm_plan_choose(plugin_msm_window(params), n, n, G16K_G1, &ctx->msm_dev, &c,
                             &part);
    if (rc)
        return rc;
    msm_sum sum;
    msm_sum_init(&sum, G16K_G1);
    uint64_t *segout = NULL;
    for (uint64_t lo = 0, len; lo < n && rc == G16K_OK; lo += len, parts++) {
        len = msm_plan_part_len(lo, n, part, b->buf_points);
        msm_plan plan;
        memset(&plan, 0, sizeof plan);
        cl_mem lists[3] = { NULL, NULL, NULL }, sv = NULL, pv = NULL;
        cl_int err = CL_SUCCESS;
        rc = msm_plan_shape(&plan, len, c, 0);
        if (rc == G16K_OK && (!(sv = scalars_view(scalars, lo, len, &err))
                              || !(pv = bases_view(b, lo, len, &err))))
            rc = opencl_fail(err, "msm: device plan: OpenCL sub-buffer");
        if (rc == G16K_OK)
            rc = device_plan(b, sv, len, &plan, lists);
        if (rc == G16K_OK && plan.n_entries) {
            if (!segout && !(segout = malloc(msm_plan_segout_limbs(&plan, G16K_G1) * 8)))
                rc = plugin_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
            if (rc == G16K_OK)
                rc = run_lists(b, &plan, pv, lists[0], lists[1], lists[2], segout);
            if (rc == G16K_OK)
                msm_sum_add(&sum, &plan, segout);
        }
        cl_mem all[] = { lists[0], lists[1], lists[2], sv, pv };
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            if (all[i])
                clReleaseMemObject(all[i]);
    }
    free(segout);
    if (rc)
        return rc;
    if (n)
        log_parts(b, n, c, part, parts);
    return msm_sum_finish(&sum, result, result_enc);
}
