/*
 * ops.c: the device operations of gpu_device.h on OpenCL 1.2, for the GPU driver of
 * gpu/common/ (gpu_msm.c, gpu_ntt.c), which runs the MSM and NTT sequences.
 * A gpu_queue is the context itself, its one in-order command queue held under ctx->lock
 * from open to close (clSetKernelArg and the enqueue that captures the arguments must not
 * interleave with another caller's). A gpu_buf is a cl_mem (a view: a sub-buffer); both
 * pointers are only converted back here, never dereferenced as the opaque types.
 * Errors: opencl_fail (CL_*_OUT_OF_*_MEMORY and CL_MEM_OBJECT_ALLOCATION_FAILURE ->
 * G16K_ENOMEM, anything else G16K_EINTERNAL), naming the OpenCL call.
 */
#include <string.h>

#include "gpu_plugin_util.h"
#include "internal.h"

const char *const opencl_kernel_names[GPU_K_COUNT] = {
    [GPU_K_G1_CHUNK_ACC] = "g1_msm_chunk_acc",
    [GPU_K_G1_BUCKET_SUM] = "g1_msm_bucket_sum",
    [GPU_K_G1_SEGMENT_REDUCE] = "g1_msm_segment_reduce",
    [GPU_K_G2_CHUNK_ACC] = "g2_msm_chunk_acc",
    [GPU_K_G2_BUCKET_SUM] = "g2_msm_bucket_sum",
    [GPU_K_G2_SEGMENT_REDUCE] = "g2_msm_segment_reduce",
    [GPU_K_NTT_CONVERT] = "ntt_convert",
    [GPU_K_NTT_BITREV] = "ntt_bitrev",
    [GPU_K_NTT_STAGE] = "ntt_stage",
    [GPU_K_NTT_SCALE] = "ntt_scale",
    [GPU_K_NTT_H] = "ntt_h",
    [GPU_K_PLAN_COUNT] = "plan_count",
    [GPU_K_PLAN_BLOCK_SUMS] = "plan_block_sums",
    [GPU_K_PLAN_TOP] = "plan_top",
    [GPU_K_PLAN_OFFSETS] = "plan_offsets",
    [GPU_K_PLAN_TOP_CHUNKS] = "plan_top_chunks",
    [GPU_K_PLAN_SCATTER] = "plan_scatter",
    [GPU_K_PLAN_CHUNK_STARTS] = "plan_chunk_starts",
    [GPU_K_SELFTEST_PRIMS] = "selftest_prims",
};

static g16k_plugin_ctx *ctx_of(gpu_queue *q)
{
    return (g16k_plugin_ctx *)q;
}

static cl_mem mem_of(gpu_buf *b)
{
    return (cl_mem)b;
}

static int cl_open(gpu_device *dev, gpu_queue **q)
{
    g16k_plugin_ctx *ctx = (g16k_plugin_ctx *)dev;
    pthread_mutex_lock(&ctx->lock);
    *q = (gpu_queue *)ctx;
    return G16K_OK;
}

static void cl_close(gpu_queue *q)
{
    pthread_mutex_unlock(&ctx_of(q)->lock);
}

/* Fixed at create (device.c, lowered by max_alloc / max_mem): OpenCL cannot tell free memory. */
static int cl_limits(gpu_device *dev, gpu_msm_device *out)
{
    *out = ((g16k_plugin_ctx *)dev)->msm_dev;
    return G16K_OK;
}

static int cl_alloc(gpu_queue *q, uint64_t bytes, gpu_buf **out)
{
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(ctx_of(q)->context, CL_MEM_READ_WRITE, (size_t)bytes, NULL, &err);
    *out = (gpu_buf *)m;
    return m ? G16K_OK : opencl_fail(err, "clCreateBuffer");
}

static int cl_view(gpu_queue *q, gpu_buf *parent, uint64_t off, uint64_t bytes, gpu_buf **out)
{
    (void)q;
    cl_int err = CL_SUCCESS;
    cl_buffer_region r = { (size_t)off, (size_t)bytes };
    cl_mem m = clCreateSubBuffer(mem_of(parent), 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    *out = (gpu_buf *)m;
    return m ? G16K_OK : opencl_fail(err, "clCreateSubBuffer");
}

static void cl_free(gpu_device *dev, gpu_buf *b)
{
    (void)dev;
    if (b)
        clReleaseMemObject(mem_of(b));
}

static int cl_copy_in(gpu_queue *q, gpu_buf *dst, uint64_t off, const void *src, uint64_t bytes)
{
    cl_int err = clEnqueueWriteBuffer(ctx_of(q)->queue, mem_of(dst), CL_TRUE, (size_t)off,
                                      (size_t)bytes, src, 0, NULL, NULL);
    return err == CL_SUCCESS ? G16K_OK : opencl_fail(err, "clEnqueueWriteBuffer");
}

static int cl_copy_out(gpu_queue *q, void *dst, gpu_buf *src, uint64_t off, uint64_t bytes)
{
    cl_int err = clEnqueueReadBuffer(ctx_of(q)->queue, mem_of(src), CL_TRUE, (size_t)off,
                                     (size_t)bytes, dst, 0, NULL, NULL);
    return err == CL_SUCCESS ? G16K_OK : opencl_fail(err, "clEnqueueReadBuffer");
}

static int cl_zero(gpu_queue *q, gpu_buf *b, uint64_t bytes)
{
    const cl_uint zero = 0;
    cl_int err = clEnqueueFillBuffer(ctx_of(q)->queue, mem_of(b), &zero, sizeof zero, 0,
                                     (size_t)bytes, 0, NULL, NULL);
    return err == CL_SUCCESS ? G16K_OK : opencl_fail(err, "clEnqueueFillBuffer");
}

static int cl_launch(gpu_queue *q, gpu_kernel k, const gpu_arg *args, uint32_t n_args,
                     uint64_t global)
{
    g16k_plugin_ctx *ctx = ctx_of(q);
    if ((uint32_t)k >= GPU_K_TOTAL)
        return gpu_fail(G16K_EINTERNAL, "opencl: no kernel %u", (unsigned)k);
    cl_kernel kern = ctx->kernels[k];
    cl_int err = CL_SUCCESS;
    for (uint32_t i = 0; i < n_args && err == CL_SUCCESS; i++) {
        const gpu_arg *a = &args[i];
        cl_mem m = a->kind == GPU_ARG_BUF ? mem_of(a->buf) : NULL;
        cl_uint u32 = (cl_uint)a->val;
        cl_ulong u64 = a->val;
        if (a->kind == GPU_ARG_BUF)
            err = clSetKernelArg(kern, i, sizeof m, &m);
        else if (a->kind == GPU_ARG_U32)
            err = clSetKernelArg(kern, i, sizeof u32, &u32);
        else
            err = clSetKernelArg(kern, i, sizeof u64, &u64);
    }
    if (err != CL_SUCCESS)
        return opencl_fail(err, opencl_kernel_names[k]);
    size_t g = (size_t)global;
    err = clEnqueueNDRangeKernel(ctx->queue, kern, 1, NULL, &g, NULL, 0, NULL, NULL);
    return err == CL_SUCCESS ? G16K_OK : opencl_fail(err, opencl_kernel_names[k]);
}

static int cl_sync(gpu_queue *q)
{
    cl_int err = clFinish(ctx_of(q)->queue);
    return err == CL_SUCCESS ? G16K_OK : opencl_fail(err, "clFinish");
}

const gpu_ops opencl_gpu_ops = {
    .name = "opencl",
    .open = cl_open,
    .close = cl_close,
    .limits = cl_limits,
    .mem_check = NULL,
    .alloc = cl_alloc,
    .view = cl_view,
    .free = cl_free,
    .copy_in = cl_copy_in,
    .copy_out = cl_copy_out,
    .zero = cl_zero,
    .launch = cl_launch,
    .sync = cl_sync,
};
