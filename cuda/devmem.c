/*
 * devmem.c: the device-memory check done before every large allocation of the CUDA plugin
 * (bases handles, one MSM call, NTT domains and transforms). The size a request needs is
 * computed first (gpu_msm_plan_device_bytes, n * point size, n * 32 ...) and compared with
 * cudaMemGetInfo's free memory less CUDA_MEM_RESERVE (kept for the runtime and kernel stacks);
 * a request that does not fit fails with G16K_ENOMEM and a message naming both sizes, instead
 * of a bare cudaErrorMemoryAllocation. Concurrent calls can still race for the same memory;
 * the cudaMalloc that loses then fails and is reported by cuda_fail (also G16K_ENOMEM).
 * Thread-safe.
 */
#include "gpu_plugin_util.h"
#include "internal.h"

#define CUDA_MEM_RESERVE ((size_t)256 << 20)

int cuda_mem_free(uint64_t *free_bytes, uint64_t *total_bytes)
{
    size_t fr = 0, tot = 0;
    cudaError_t err = cudaMemGetInfo(&fr, &tot);
    if (err != cudaSuccess)
        return cuda_fail(err, "cudaMemGetInfo");
    *free_bytes = fr > CUDA_MEM_RESERVE ? fr - CUDA_MEM_RESERVE : 0;
    if (total_bytes)
        *total_bytes = tot;
    return G16K_OK;
}

int cuda_mem_check(const g16k_plugin_ctx *ctx, uint64_t bytes, const char *what)
{
    uint64_t fr = 0, tot = 0;
    int rc = cuda_mem_free(&fr, &tot);
    if (rc)
        return rc;
    if (bytes <= fr)
        return G16K_OK;
    return gpu_fail(G16K_ENOMEM,
                    "%s: needs %llu MiB (%llu bytes) of device memory, %llu MiB "
                    "free of %llu MiB (cudaMemGetInfo, %llu MiB kept in reserve) on %s",
                    what, (unsigned long long)(bytes >> 20), (unsigned long long)bytes,
                    (unsigned long long)(fr >> 20), (unsigned long long)(tot >> 20),
                    (unsigned long long)(CUDA_MEM_RESERVE >> 20), ctx->info);
}
