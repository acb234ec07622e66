/*
 * kernels.h: C entry points of cuda/kernels.cu, which compiles the shared device code of
 * gpu/kernels/ (g16k.cl) with nvcc. Each function enqueues one kernel on stream s over the
 * given device buffers (layouts as in gpu/kernels/msm.cl and ntt.cl) and returns the launch
 * status (cudaGetLastError); it does not synchronise. Thread-safe (no shared state).
 */
#ifndef G16K_CUDA_KERNELS_H
#define G16K_CUDA_KERNELS_H

#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* group: 1 = G1, 2 = G2 (g16k_group) */
/* msm.cl chunk_acc (one thread per chunk) and bucket_sum (one per bucket) */
cudaError_t cuda_launch_chunk_acc(uint32_t group, const uint64_t *bases, const uint32_t *entries,
                                  const uint32_t *chunk_starts, uint32_t n_chunks,
                                  uint64_t *partials, cudaStream_t s);
cudaError_t cuda_launch_bucket_sum(uint32_t group, const uint64_t *partials,
                                   const uint32_t *bucket_chunks, uint32_t n_buckets,
                                   uint64_t *buckets, cudaStream_t s);
cudaError_t cuda_launch_segment_reduce(uint32_t group, const uint64_t *buckets, uint32_t n_threads,
                                       uint32_t n_segs, uint32_t nb, uint32_t seg_len,
                                       uint64_t *out, cudaStream_t s);
cudaError_t cuda_launch_ntt_convert(uint64_t *data, uint64_t n, uint32_t to_mont, cudaStream_t s);
cudaError_t cuda_launch_ntt_bitrev(uint64_t *data, uint64_t n, uint32_t log_n, cudaStream_t s);
cudaError_t cuda_launch_ntt_stage(uint64_t *data, const uint64_t *tw, uint64_t n, uint32_t log_m,
                                  cudaStream_t s);
cudaError_t cuda_launch_ntt_scale(uint64_t *data, uint64_t n, const uint64_t *tab,
                                  uint32_t with_pow, cudaStream_t s);
/* a[i] = a[i] * b[i] - c[i] (Montgomery), the last step of compute_h. */
cudaError_t cuda_launch_ntt_h(uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t n,
                              cudaStream_t s);

/* plan.cl, the device-built MSM plan (order and meaning as in gpu/kernels/plan.cl): counts
 * zeroed by the caller; block = GPU_MSM_PLAN_DEV_BLOCK buckets per thread of the scans; meta holds
 * entries, largest bucket and chunks (3 x u32). n: scalars (canonical, 4 limbs each). */
cudaError_t cuda_launch_plan_count(const uint64_t *scalars, uint32_t n, uint32_t c, uint32_t nw,
                                   uint32_t nb, uint32_t *counts, cudaStream_t s);
cudaError_t cuda_launch_plan_block_sums(const uint32_t *counts, uint32_t nbk, uint32_t block,
                                        uint32_t *bsum, uint32_t *bmax, cudaStream_t s);
cudaError_t cuda_launch_plan_top(uint32_t *bsum, const uint32_t *bmax, uint32_t nblocks,
                                 uint32_t *meta, cudaStream_t s);
cudaError_t cuda_launch_plan_offsets(const uint32_t *counts, uint32_t nbk, uint32_t block,
                                     const uint32_t *bsum, uint32_t chunk_len, uint32_t *offsets,
                                     uint32_t *fill, uint32_t *bucket_chunks, uint32_t *bch,
                                     cudaStream_t s);
cudaError_t cuda_launch_plan_top_chunks(uint32_t *bch, uint32_t nblocks, uint32_t *meta,
                                        cudaStream_t s);
cudaError_t cuda_launch_plan_scatter(const uint64_t *scalars, uint32_t n, uint32_t c, uint32_t nw,
                                     uint32_t nb, uint32_t *fill, uint32_t *entries,
                                     cudaStream_t s);
cudaError_t cuda_launch_plan_chunk_starts(const uint32_t *offsets, uint32_t nbk, uint32_t block,
                                          const uint32_t *bch, uint32_t chunk_len,
                                          const uint32_t *meta, uint32_t *bucket_chunks,
                                          uint32_t *chunk_starts, cudaStream_t s);

#ifdef __cplusplus
}
#endif

#endif
