/*
 * kernels.h: the C entry point of cuda/kernels.cu, which compiles the shared device code of
 * gpu/kernels/ (g16k.cl) with nvcc.
 */
#ifndef G16K_CUDA_KERNELS_H
#define G16K_CUDA_KERNELS_H

#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Enqueue kernel k (an id below GPU_K_TOTAL: a curve's base plus a gpu_kernel, gpu_device.h) on
 * stream s over `global` threads (rounded up to the kernel's block size; the kernels ignore the
 * extra ones), with its n_args arguments in the order of gpu_device.h's table, each as 64 bits:
 * a device address for a buffer, the value otherwise. Returns cudaErrorInvalidValue for an unknown k or a wrong n_args, else the launch
 * status (cudaGetLastError); global = 0 launches nothing. Does not synchronise. Thread-safe (no
 * shared state). */
cudaError_t cuda_launch(uint32_t k, const uint64_t *a, uint32_t n_args, uint64_t global,
                        cudaStream_t s);
/* The same for one curve's build (kernels.cu, kernels_bn254.cu), k below GPU_K_COUNT. */
cudaError_t cuda_launch_curve_bls12_381(uint32_t k, const uint64_t *a, uint32_t n_args,
                                        uint64_t global, cudaStream_t s);
cudaError_t cuda_launch_curve_bn254(uint32_t k, const uint64_t *a, uint32_t n_args, uint64_t global,
                                    cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
