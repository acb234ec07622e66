/*
 * internal.h: declarations shared by the files of the CUDA plugin (cuda/). A context names
 * one CUDA device (or none: then create still succeeds, probe reports "no CUDA device" and
 * every operation returns G16K_ENODEV). CUDA's current device is per host thread, so every
 * device operation that needs it selects the device first (ops.c: open, limits, free); each call
 * of the GPU driver uses its own stream and buffers, so calls from several threads run
 * concurrently without a lock.
 */
#ifndef G16K_CUDA_INTERNAL_H
#define G16K_CUDA_INTERNAL_H

#include <pthread.h>
#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu_device.h"
#include "gpu_msm_plan.h"
#include "g16k/plugin.h"

typedef struct cuda_stage cuda_stage;

struct g16k_plugin_ctx {
    gpu_device dev;             /* first: the GPU driver's view (ops = cuda_gpu_ops) */
    int device;                 /* CUDA device ordinal */
    int has_device;             /* 0: no usable device (probe fails) */
    char info[256];             /* device description, or why there is none */
    uint32_t sm_count;          /* multiprocessors, for the auto window model */
    pthread_mutex_t stage_lock; /* guards stages */
    cuda_stage *stages;         /* free pinned staging buffers (transfer.c), owned */
};

/* MSM lanes per multiprocessor assumed by the auto window model: resident threads of the
 * bucket kernels, which their XYZZ registers limit to a few warps per SM. */
#define CUDA_MSM_LANES 128

/* Host <-> device copies through the context's pinned staging buffers (transfer.c); the
 * caller's arrays are never pinned. Synchronous on return. Thread-safe. */
cudaError_t cuda_h2d(g16k_plugin_ctx *ctx, void *dst, const void *src, size_t bytes,
                     cudaStream_t s);
cudaError_t cuda_d2h(g16k_plugin_ctx *ctx, void *dst, const void *src, size_t bytes,
                     cudaStream_t s);
/* Release the staging pool (at destroy, when no call is running). */
void cuda_stage_pool_free(g16k_plugin_ctx *ctx);

/* Free device memory less the reserve, and the total (may be NULL) (devmem.c).
 * Errors: as cuda_fail. */
int cuda_mem_free(uint64_t *free_bytes, uint64_t *total_bytes);
/* G16K_OK when `bytes` fit in the free device memory; else G16K_ENOMEM with a message naming
 * what, the size asked and the free memory (devmem.c). Thread-safe. */
int cuda_mem_check(const g16k_plugin_ctx *ctx, uint64_t bytes, const char *what);

/* The device operations of gpu_device.h on the CUDA runtime (ops.c). A queue is a non-blocking
 * stream of its own (open selects ctx's device on the calling thread), so calls from several
 * threads overlap; buffers are cudaMalloc'd (views: pointers into them); copies go through the
 * pinned staging buffers of transfer.c; device memory is checked before allocating (devmem.c,
 * ops->mem_check); launch runs the kernels of kernels.cu with their block sizes. */
extern const gpu_ops cuda_gpu_ops;

/* G16K_ENODEV with ctx->info when ctx has no device; else cudaSetDevice (G16K_ENODEV on
 * failure). */
int cuda_use_device(const g16k_plugin_ctx *ctx);

/* Map a failed CUDA call to a status (cudaErrorMemoryAllocation -> G16K_ENOMEM, else
 * G16K_EINTERNAL) with a message "what: <cuda error string>". */
int cuda_fail(cudaError_t err, const char *what);

#endif
