/*
 * gpu_device.h: the device operations a GPU API (opencl/, cuda/) implements for the GPU driver
 * (gpu_msm.c, gpu_ntt.c), which runs every MSM and NTT sequence once for both plugins.
 *
 * A plugin's struct g16k_plugin_ctx begins with a gpu_device (its first member), so the driver
 * reaches the operations from the context the core hands it: ((gpu_device *)ctx)->ops.
 * The driver brackets device work with open/close: a gpu_queue is one caller's ordered stream
 * of device work (OpenCL: the context's in-order queue, held under its lock from open to close,
 * because clSetKernelArg is not thread-safe; CUDA: a stream of its own, so calls from several
 * threads overlap). Operations on one queue run in the order they are issued; copy_out has
 * returned only once the bytes are on the host; sync waits for everything issued on the queue.
 * Buffers (gpu_buf) belong to the device, not to a queue: any queue of the same device may use
 * them, and free may be called without one.
 * Every int-returning operation returns G16K_OK or a g16k status with the message set through
 * gpu_fail (G16K_ENOMEM for an allocation the device refuses, G16K_ENODEV when there is no
 * device, G16K_EINTERNAL for any other API error, naming the API call).
 */
#ifndef G16K_GPU_DEVICE_H
#define G16K_GPU_DEVICE_H

#include <stdint.h>

#include "gpu_msm_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpu_ops gpu_ops;
typedef struct gpu_buf gpu_buf;     /* a device buffer or a view into one (per API) */
typedef struct gpu_queue gpu_queue; /* one caller's ordered device work (per API) */

/* The first member of every GPU plugin's struct g16k_plugin_ctx. */
typedef struct gpu_device {
    const gpu_ops *ops;
} gpu_device;

/* The kernels of gpu/kernels/ (g16k.cl), by id. Arguments, in order, as the kernel declares
 * them (B: a buffer, U32 / U64: a value):
 *   G1/G2_CHUNK_ACC      B bases, B entries, B chunk_starts, U32 n_chunks, B partials
 *   G1/G2_BUCKET_SUM     B partials, B bucket_chunks, U32 n_buckets, B buckets
 *   G1/G2_SEGMENT_REDUCE B buckets, U32 n_threads, U32 n_segs, U32 nb, U32 seg_len, B out
 *   NTT_CONVERT          B data, U64 n, U32 to_mont
 *   NTT_BITREV           B data, U64 n, U32 log_n
 *   NTT_STAGE            B data, B tw, U64 n, U32 log_m
 *   NTT_SCALE            B data, U64 n, B tab, U32 with_pow
 *   NTT_H                B a, B b, B c, U64 n
 *   PLAN_COUNT           B scalars, U32 n, U32 c, U32 nw, U32 nb, B counts
 *   PLAN_BLOCK_SUMS      B counts, U32 nbk, U32 block, B bsum, B bmax
 *   PLAN_TOP             B bsum, B bmax, U32 nblocks, B meta
 *   PLAN_OFFSETS         B counts, U32 nbk, U32 block, B bsum, U32 chunk_len, B offsets, B fill,
 *                        B bucket_chunks, B bch
 *   PLAN_TOP_CHUNKS      B bch, U32 nblocks, B meta
 *   PLAN_SCATTER         B scalars, U32 n, U32 c, U32 nw, U32 nb, B fill, B entries
 *   PLAN_CHUNK_STARTS    B offsets, U32 nbk, U32 block, B bch, U32 chunk_len, B meta,
 *                        B bucket_chunks, B chunk_starts
 *   SELFTEST_PRIMS       B cases, U32 n, B out  (gpu/kernels/selftest.cl) */
typedef enum gpu_kernel {
    GPU_K_G1_CHUNK_ACC,
    GPU_K_G1_BUCKET_SUM,
    GPU_K_G1_SEGMENT_REDUCE,
    GPU_K_G2_CHUNK_ACC,
    GPU_K_G2_BUCKET_SUM,
    GPU_K_G2_SEGMENT_REDUCE,
    GPU_K_NTT_CONVERT,
    GPU_K_NTT_BITREV,
    GPU_K_NTT_STAGE,
    GPU_K_NTT_SCALE,
    GPU_K_NTT_H,
    GPU_K_PLAN_COUNT,
    GPU_K_PLAN_BLOCK_SUMS,
    GPU_K_PLAN_TOP,
    GPU_K_PLAN_OFFSETS,
    GPU_K_PLAN_TOP_CHUNKS,
    GPU_K_PLAN_SCATTER,
    GPU_K_PLAN_CHUNK_STARTS,
    GPU_K_SELFTEST_PRIMS,
    GPU_K_COUNT
} gpu_kernel;

/* The program is built once per curve from the same text (gpu/kernels/g16k.cl; BN254's with
 * G16K_CURVE_BN254 defined): kernel k of the build for curve index cv (0 BLS12-381, 1 BN254)
 * has the id GPU_K_CURVE_BASE(cv) + k, so ids run to GPU_K_TOTAL. A plugin's launch takes
 * every id below GPU_K_TOTAL; the driver picks its curve's with gpu_curve_sel.h GPU_K. */
#define GPU_K_CURVES 2
#define GPU_K_CURVE_BASE(cv) ((cv) * (uint32_t)GPU_K_COUNT)
#define GPU_K_TOTAL (GPU_K_CURVES * (uint32_t)GPU_K_COUNT)

enum gpu_arg_kind { GPU_ARG_BUF = 1, GPU_ARG_U32, GPU_ARG_U64 };

/* One kernel argument: a buffer (buf) or a value (val, of kind's width). */
typedef struct gpu_arg {
    uint32_t kind;
    gpu_buf *buf;
    uint64_t val;
} gpu_arg;

#define GPU_BUF(b)                                                                                 \
    {                                                                                              \
        GPU_ARG_BUF, (b), 0                                                                        \
    }
#define GPU_U32(v)                                                                                 \
    {                                                                                              \
        GPU_ARG_U32, NULL, (uint32_t)(v)                                                           \
    }
#define GPU_U64(v)                                                                                 \
    {                                                                                              \
        GPU_ARG_U64, NULL, (uint64_t)(v)                                                           \
    }

struct gpu_ops {
    /* "opencl", "cuda": the prefix of the driver's log lines. */
    const char *name;
    /* Start a queue on dev (OpenCL: takes the context lock; CUDA: selects the device, creates a
     * stream). Errors: G16K_ENODEV (no device), G16K_EINTERNAL. */
    int (*open)(gpu_device *dev, gpu_queue **q);
    /* End q (after the driver's last copy_out or sync on it); releases what open took. */
    void (*close)(gpu_queue *q);
    /* The MSM plan's view of dev now (compute units, lanes, memory one MSM may use, largest
     * buffer, sub-buffer alignment, host memory for a part's plan). Thread-safe.
     * Errors: G16K_ENODEV, G16K_EINTERNAL. */
    int (*limits)(gpu_device *dev, gpu_msm_device *out);
    /* G16K_OK when `bytes` more fit in the device memory free now, else G16K_ENOMEM with a
     * message naming `what`, the bytes asked and the bytes free. NULL where the API cannot tell
     * free memory (OpenCL: limits' mem_bytes bounds a call instead). */
    int (*mem_check)(gpu_queue *q, uint64_t bytes, const char *what);
    /* A new uninitialised device buffer of `bytes` > 0 bytes, owned by the caller (free). */
    int (*alloc)(gpu_queue *q, uint64_t bytes, gpu_buf **out);
    /* A view of bytes [off, off + bytes) of parent (not itself a view), owned by the caller
     * (free releases the view, not the parent; the parent must outlive it). off must be a
     * multiple of the device's sub-buffer alignment (limits' part_align elements). */
    int (*view)(gpu_queue *q, gpu_buf *parent, uint64_t off, uint64_t bytes, gpu_buf **out);
    /* Release b (a buffer or a view; NULL is a no-op), once the work using it is done or has
     * been issued on a queue that the API keeps it alive for (OpenCL); the driver syncs first
     * where the API needs that (CUDA). Thread-safe. */
    void (*free)(gpu_device *dev, gpu_buf *b);
    /* Copy `bytes` host bytes to dst at byte offset off; src may be reused on return. */
    int (*copy_in)(gpu_queue *q, gpu_buf *dst, uint64_t off, const void *src, uint64_t bytes);
    /* Copy `bytes` from src at byte offset off to the host; complete on return. */
    int (*copy_out)(gpu_queue *q, void *dst, gpu_buf *src, uint64_t off, uint64_t bytes);
    /* Set the first `bytes` bytes of b to zero. */
    int (*zero)(gpu_queue *q, gpu_buf *b, uint64_t bytes);
    /* Issue kernel k (an id below GPU_K_TOTAL) with its n_args arguments (the table above, for
     * k modulo GPU_K_COUNT) over `global` work-items, index 0 .. global - 1 (the kernels ignore
     * indices past their count, so an API may round global up to its work-group or block
     * size). Does not wait. */
    int (*launch)(gpu_queue *q, gpu_kernel k, const gpu_arg *args, uint32_t n_args,
                  uint64_t global);
    /* Wait until everything issued on q has finished. */
    int (*sync)(gpu_queue *q);
};

/* ops->mem_check(q, bytes, printf(fmt, ...)) where the API has one; else G16K_OK. */
int gpu_mem_check(gpu_device *dev, gpu_queue *q, uint64_t bytes, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* *out = a new device buffer (ops->alloc) holding a copy of `bytes` > 0 host bytes (copy_in);
 * on error *out is NULL and nothing is left allocated. */
int gpu_upload(gpu_device *dev, gpu_queue *q, const void *src, uint64_t bytes, gpu_buf **out);
/* dev->ops->free on each of the n buffers of bufs (NULL entries skipped) and NULL them. */
void gpu_free_all(gpu_device *dev, gpu_buf **bufs, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
