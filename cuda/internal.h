/*
 * internal.h: declarations shared by the files of the CUDA plugin (cuda/). A context names
 * one CUDA device (or none: then create still succeeds, probe reports "no CUDA device" and
 * every operation returns G16K_ENODEV). CUDA's current device is per host thread, so every
 * entry point calls cudaSetDevice first; each call uses its own stream and buffers, so calls
 * from several threads run concurrently without a lock.
 */
#ifndef G16K_CUDA_INTERNAL_H
#define G16K_CUDA_INTERNAL_H

#include <pthread.h>
#include <stddef.h>

#include <cuda_runtime_api.h>

#include "gpu_msm_plan.h"
#include "g16k/plugin.h"

typedef struct cuda_stage cuda_stage;

struct g16k_plugin_ctx {
    int device;                  /* CUDA device ordinal */
    int has_device;              /* 0: no usable device (probe fails) */
    char info[256];              /* device description, or why there is none */
    uint32_t sm_count;           /* multiprocessors, for the auto window model */
    pthread_mutex_t stage_lock;  /* guards stages */
    cuda_stage *stages;          /* free pinned staging buffers (transfer.c), owned */
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

/* result = sum_{i<n} s[i] * P[i] for n canonical Fr scalars s already in device memory
 * (`scalars`, 4 little-endian limbs each) and the G1 bases b of context ctx (msm.c): the digit
 * plan is built on the device (gpu/kernels/plan.cl), then the bucket kernels run as in
 * msm(), all on stream s; only the plan's sizes (12 bytes) and the segment sums come back.
 * params->window: 0 = the auto model for n scalars (all counted: h is dense) and the free
 * memory. Errors: those of cuda_msm_device_check, G16K_EUNSUPPORTED (n * windows beyond 32-bit
 * lists), G16K_ENOMEM (checked before allocating), G16K_EINTERNAL, message set. Thread-safe
 * (own buffers; the caller owns s). */
int cuda_msm_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, const uint64_t *scalars,
                    uint64_t n, const g16k_msm_params *params, void *result,
                    uint32_t result_enc, cudaStream_t s);
/* The argument checks of cuda_msm_device, for callers to run before the work that feeds it:
 * G16K_EINVAL (NULL bases or result, bases of another context or not G1, n > bases,
 * result_enc), message set; else G16K_OK. */
int cuda_msm_device_check(const g16k_msm_bases *b, const g16k_plugin_ctx *ctx, uint64_t n,
                          const void *result, uint32_t result_enc);

extern const g16k_msm_vtable cuda_msm_vtable;
extern const g16k_ntt_vtable cuda_ntt_vtable;

/* G16K_ENODEV with ctx->info when ctx has no device; else cudaSetDevice (G16K_ENODEV on
 * failure). */
int cuda_use_device(const g16k_plugin_ctx *ctx);

/* Map a failed CUDA call to a status (cudaErrorMemoryAllocation -> G16K_ENOMEM, else
 * G16K_EINTERNAL) with a message "what: <cuda error string>". */
int cuda_fail(cudaError_t err, const char *what);

#endif
