/*
 * msm.c: the OpenCL MSM vtable (G1 and G2). Bases are converted to Montgomery affine limbs on
 * the host and uploaded once. Each msm() call plans signed digits and their chunks on the host
 * (common/msm_plan.c; params->window, or 0 for the auto model with this device's compute
 * units and memory), uploads the lists, runs chunk_acc (one work-item per chunk of a bucket),
 * bucket_sum (one per bucket) and segment_reduce (one per window segment) from kernels/msm.cl,
 * and finishes on the host.
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

/* Runs chunk_acc, bucket_sum and segment_reduce (kernels/msm.cl) and reads back the segment
 * sums into segout (msm_plan_segout_limbs limbs); called with ctx->lock held.
 * Errors: G16K_ENOMEM (a buffer larger than the device allows, or allocation failure),
 * G16K_EINTERNAL (other OpenCL errors), message set. */
static int run_kernels(g16k_msm_bases *b, const msm_plan *plan, uint64_t *segout)
{
    g16k_plugin_ctx *ctx = b->ctx;
    cl_int err = CL_SUCCESS;
    cl_mem entries = NULL, starts = NULL, bchunks = NULL, partials = NULL, buckets = NULL,
           out = NULL;
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

    size_t biggest = plan->n_entries * 4;
    if (part_bytes > biggest)
        biggest = part_bytes;
    if (bucket_bytes > biggest)
        biggest = bucket_bytes;
    if (ctx->max_alloc && biggest > ctx->max_alloc)
        return plugin_fail(G16K_ENOMEM, "msm: window %u needs a %zu MiB buffer, the device "
                           "allows %llu MiB per buffer (%s); try a smaller [window]", plan->c,
                           biggest >> 20, (unsigned long long)(ctx->max_alloc >> 20), ctx->info);

    if (!(entries = upload(ctx, plan->entries, plan->n_entries * 4, &err))
        || !(starts = upload(ctx, plan->chunk_starts, ((size_t)plan->n_chunks + 1) * 4, &err))
        || !(bchunks = upload(ctx, plan->bucket_chunks, (n_buckets + 1) * 4, &err))
        || !(partials = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE, part_bytes, NULL, &err))
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
        cl_mem all[] = { out, buckets, partials, bchunks, starts, entries };
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            if (all[i])
                clReleaseMemObject(all[i]);
    }
    return rc;
}

/* result = sum scalars[i] * bases[i], i < n (see plugin.h). params->window: 0 = auto.
 * Errors: G16K_EINVAL (NULL, n > bases, encoding), G16K_ENOMEM, G16K_EINTERNAL (OpenCL).
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
    uint32_t window = 0;
    if (params && params->struct_size >= offsetof(g16k_msm_params, window) + sizeof(uint32_t))
        window = params->window;
    msm_plan plan;
    int rc = msm_plan_build(&plan, scalars, n, scalar_enc, window, b->group, &b->ctx->msm_dev);
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
