/*
 * internal.h: declarations shared by the files of the CUDA plugin (cuda/). A context names
 * one CUDA device (or none: then create still succeeds, probe reports "no CUDA device" and
 * every operation returns G16K_ENODEV). CUDA's current device is per host thread, so every
 * entry point calls cudaSetDevice first; each call uses its own stream and buffers, so calls
 * from several threads run concurrently without a lock.
 */
#ifndef G16K_CUDA_INTERNAL_H
#define G16K_CUDA_INTERNAL_H

#include <cuda_runtime_api.h>

#include "g16k/plugin.h"

struct g16k_plugin_ctx {
    int device;                  /* CUDA device ordinal */
    int has_device;              /* 0: no usable device (probe fails) */
    char info[256];              /* device description, or why there is none */
};

extern const g16k_msm_vtable cuda_msm_vtable;
extern const g16k_ntt_vtable cuda_ntt_vtable;

/* G16K_ENODEV with ctx->info when ctx has no device; else cudaSetDevice (G16K_ENODEV on
 * failure). */
int cuda_use_device(const g16k_plugin_ctx *ctx);

/* Map a failed CUDA call to a status (cudaErrorMemoryAllocation -> G16K_ENOMEM, else
 * G16K_EINTERNAL) with a message "what: <cuda error string>". */
int cuda_fail(cudaError_t err, const char *what);

#endif
