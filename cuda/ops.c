/*
 * ops.c: the device operations of gpu_device.h on the CUDA runtime, for the GPU driver of
 * gpu/common/ (gpu_msm.c, gpu_ntt.c), which runs the MSM and NTT sequences.
 * A gpu_queue is a non-blocking stream of the calling thread's own, on ctx's device; a gpu_buf
 * is a device pointer, owned (cudaMalloc'd) or a view into an owned one. Copies go through the
 * pinned staging buffers of transfer.c (synchronous on return); mem_check is devmem.c's check
 * of the free device memory; launch is kernels.cu's launch by kernel id.
 * Errors: cuda_fail (cudaErrorMemoryAllocation -> G16K_ENOMEM, else G16K_EINTERNAL), naming the
 * CUDA call; G16K_ENODEV where ctx has no device (cuda_use_device).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu_plugin_util.h"
#include "internal.h"
#include "kernels.h"

struct gpu_queue {
    g16k_plugin_ctx *ctx;
    cudaStream_t s;
};

struct gpu_buf {
    void *ptr;
    int owned; /* 0: a view, ptr points into another buffer */
};

static int cu_open(gpu_device *dev, gpu_queue **q)
{
    g16k_plugin_ctx *ctx = (g16k_plugin_ctx *)dev;
    int rc = cuda_use_device(ctx);
    if (rc)
        return rc;
    gpu_queue *nq = calloc(1, sizeof *nq);
    if (!nq)
        return gpu_fail(G16K_ENOMEM, "cuda: no host memory for a stream");
    nq->ctx = ctx;
    cudaError_t err = cudaStreamCreateWithFlags(&nq->s, cudaStreamNonBlocking);
    if (err != cudaSuccess) {
        free(nq);
        return cuda_fail(err, "cudaStreamCreateWithFlags");
    }
    *q = nq;
    return G16K_OK;
}

static void cu_close(gpu_queue *q)
{
    cudaStreamDestroy(q->s);
    free(q);
}

/* The plan's view of this GPU: its multiprocessors, the memory free now (less the bases
 * already resident) as the budget of one MSM, no per-buffer cap, an eighth of the RAM for a
 * part's host plan. */
static int cu_limits(gpu_device *dev, gpu_msm_device *out)
{
    g16k_plugin_ctx *ctx = (g16k_plugin_ctx *)dev;
    int rc = cuda_use_device(ctx);
    if (rc)
        return rc;
    memset(out, 0, sizeof *out);
    out->compute_units = ctx->sm_count;
    out->lanes = CUDA_MSM_LANES;
    out->part_align = 1;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        out->host_bytes = (uint64_t)pages * (uint64_t)page / 8;
    return cuda_mem_free(&out->mem_bytes, NULL);
}

static int cu_mem_check(gpu_queue *q, uint64_t bytes, const char *what)
{
    return cuda_mem_check(q->ctx, bytes, what);
}

static int cu_alloc(gpu_queue *q, uint64_t bytes, gpu_buf **out)
{
    (void)q;
    gpu_buf *b = calloc(1, sizeof *b);
    if (!b)
        return gpu_fail(G16K_ENOMEM, "cuda: no host memory for a buffer handle");
    cudaError_t err = cudaMalloc(&b->ptr, (size_t)bytes);
    if (err != cudaSuccess) {
        free(b);
        return cuda_fail(err, "cudaMalloc");
    }
    b->owned = 1;
    *out = b;
    return G16K_OK;
}

static int cu_view(gpu_queue *q, gpu_buf *parent, uint64_t off, uint64_t bytes, gpu_buf **out)
{
    (void)q;
    (void)bytes;
    gpu_buf *b = calloc(1, sizeof *b);
    if (!b)
        return gpu_fail(G16K_ENOMEM, "cuda: no host memory for a buffer handle");
    b->ptr = (char *)parent->ptr + off;
    *out = b;
    return G16K_OK;
}

static void cu_free(gpu_device *dev, gpu_buf *b)
{
    if (!b)
        return;
    if (b->owned && cuda_use_device((g16k_plugin_ctx *)dev) == G16K_OK)
        cudaFree(b->ptr);
    free(b);
}

static int cu_copy_in(gpu_queue *q, gpu_buf *dst, uint64_t off, const void *src, uint64_t bytes)
{
    cudaError_t err = cuda_h2d(q->ctx, (char *)dst->ptr + off, src, (size_t)bytes, q->s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "cuda: copy to the device");
}

static int cu_copy_out(gpu_queue *q, void *dst, gpu_buf *src, uint64_t off, uint64_t bytes)
{
    cudaError_t err = cuda_d2h(q->ctx, dst, (const char *)src->ptr + off, (size_t)bytes, q->s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "cuda: copy from the device");
}

static int cu_zero(gpu_queue *q, gpu_buf *b, uint64_t bytes)
{
    cudaError_t err = cudaMemsetAsync(b->ptr, 0, (size_t)bytes, q->s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "cudaMemsetAsync");
}

static int cu_launch(gpu_queue *q, gpu_kernel k, const gpu_arg *args, uint32_t n_args,
                     uint64_t global)
{
    uint64_t a[16];
    if (n_args > 16)
        return gpu_fail(G16K_EINTERNAL, "cuda: kernel %u with %u arguments", (unsigned)k, n_args);
    for (uint32_t i = 0; i < n_args; i++)
        a[i] = args[i].kind == GPU_ARG_BUF ? (uint64_t)(uintptr_t)args[i].buf->ptr : args[i].val;
    cudaError_t err = cuda_launch((uint32_t)k, a, n_args, global, q->s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "cuda: kernel launch");
}

static int cu_sync(gpu_queue *q)
{
    cudaError_t err = cudaStreamSynchronize(q->s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "cudaStreamSynchronize");
}

const gpu_ops cuda_gpu_ops = {
    .name = "cuda",
    .open = cu_open,
    .close = cu_close,
    .limits = cu_limits,
    .mem_check = cu_mem_check,
    .alloc = cu_alloc,
    .view = cu_view,
    .free = cu_free,
    .copy_in = cu_copy_in,
    .copy_out = cu_copy_out,
    .zero = cu_zero,
    .launch = cu_launch,
    .sync = cu_sync,
};
