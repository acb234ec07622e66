/*
 * kernels.cu: the CUDA build of the device code shared with the OpenCL plugin. g16k.cl and
 * the files it includes are written against opencl/kernels/compat.h, which maps address spaces,
 * thread indices and mul_hi to CUDA when __CUDACC__ is defined; this file only adds the C launch
 * wrappers declared in kernels.h. Block sizes: 128 threads (64 for G2, whose XYZZ temporaries
 * need about twice the registers).
 */
#include "kernels.h"

#include "../opencl/kernels/g16k.cl"

static unsigned blocks(uint64_t n, unsigned bs)
{
    return (unsigned)((n + bs - 1) / bs);
}

extern "C" cudaError_t cuda_launch_chunk_acc(uint32_t group, const uint64_t *bases,
                                             const uint32_t *entries, const uint32_t *chunk_starts,
                                             uint32_t n_chunks, uint64_t *partials, cudaStream_t s)
{
    if (group == 1)
        g1_msm_chunk_acc<<<blocks(n_chunks, 128), 128, 0, s>>>(
            (const u64 *)bases, entries, chunk_starts, n_chunks, (u64 *)partials);
    else
        g2_msm_chunk_acc<<<blocks(n_chunks, 64), 64, 0, s>>>(
            (const u64 *)bases, entries, chunk_starts, n_chunks, (u64 *)partials);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_bucket_sum(uint32_t group, const uint64_t *partials,
                                              const uint32_t *bucket_chunks, uint32_t n_buckets,
                                              uint64_t *buckets, cudaStream_t s)
{
    if (group == 1)
        g1_msm_bucket_sum<<<blocks(n_buckets, 128), 128, 0, s>>>(
            (const u64 *)partials, bucket_chunks, n_buckets, (u64 *)buckets);
    else
        g2_msm_bucket_sum<<<blocks(n_buckets, 64), 64, 0, s>>>(
            (const u64 *)partials, bucket_chunks, n_buckets, (u64 *)buckets);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_segment_reduce(uint32_t group, const uint64_t *buckets,
                                                  uint32_t n_threads, uint32_t n_segs,
                                                  uint32_t nb, uint32_t seg_len, uint64_t *out,
                                                  cudaStream_t s)
{
    if (group == 1)
        g1_msm_segment_reduce<<<blocks(n_threads, 128), 128, 0, s>>>(
            (const u64 *)buckets, n_threads, n_segs, nb, seg_len, (u64 *)out);
    else
        g2_msm_segment_reduce<<<blocks(n_threads, 64), 64, 0, s>>>(
            (const u64 *)buckets, n_threads, n_segs, nb, seg_len, (u64 *)out);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_ntt_convert(uint64_t *data, uint64_t n, uint32_t to_mont,
                                               cudaStream_t s)
{
    ntt_convert<<<blocks(n, 256), 256, 0, s>>>((u64 *)data, n, to_mont);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_ntt_bitrev(uint64_t *data, uint64_t n, uint32_t log_n,
                                              cudaStream_t s)
{
    ntt_bitrev<<<blocks(n, 256), 256, 0, s>>>((u64 *)data, n, log_n);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_ntt_stage(uint64_t *data, const uint64_t *tw, uint64_t n,
                                             uint32_t log_m, cudaStream_t s)
{
    ntt_stage<<<blocks(n / 2, 256), 256, 0, s>>>((u64 *)data, (const u64 *)tw, n, log_m);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_ntt_scale(uint64_t *data, uint64_t n, const uint64_t *tab,
                                             uint32_t with_pow, cudaStream_t s)
{
    ntt_scale<<<blocks(n, 256), 256, 0, s>>>((u64 *)data, n, (const u64 *)tab, with_pow);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_ntt_h(uint64_t *a, const uint64_t *b, const uint64_t *c,
                                         uint64_t n, cudaStream_t s)
{
    ntt_h<<<blocks(n, 256), 256, 0, s>>>((u64 *)a, (const u64 *)b, (const u64 *)c, n);
    return cudaGetLastError();
}
