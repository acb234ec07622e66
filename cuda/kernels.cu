/*
 * kernels.cu: the CUDA build of the device code shared with the OpenCL plugin. g16k.cl and
 * the files it includes are written against gpu/kernels/compat.h, which maps address spaces,
 * thread indices and mul_hi to CUDA when __CUDACC__ is defined; this file only adds the C launch
 * wrappers declared in kernels.h. Block sizes: 128 threads (64 for G2, whose XYZZ temporaries
 * need about twice the registers).
 */
#include "kernels.h"

#include "../gpu/kernels/g16k.cl"

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

/* ---- plan.cl: the digit plan built on the device (one thread per scalar or per block) ---- */

extern "C" cudaError_t cuda_launch_plan_count(const uint64_t *scalars, uint32_t n, uint32_t c,
                                              uint32_t nw, uint32_t nb, uint32_t *counts,
                                              cudaStream_t s)
{
    plan_count<<<blocks(n, 256), 256, 0, s>>>((const u64 *)scalars, n, c, nw, nb, counts);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_plan_block_sums(const uint32_t *counts, uint32_t nbk,
                                                   uint32_t block, uint32_t *bsum,
                                                   uint32_t *bmax, cudaStream_t s)
{
    uint32_t nblocks = (nbk + block - 1) / block;
    plan_block_sums<<<blocks(nblocks, 128), 128, 0, s>>>(counts, nbk, block, bsum, bmax);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_plan_top(uint32_t *bsum, const uint32_t *bmax,
                                            uint32_t nblocks, uint32_t *meta, cudaStream_t s)
{
    plan_top<<<1, 1, 0, s>>>(bsum, bmax, nblocks, meta);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_plan_offsets(const uint32_t *counts, uint32_t nbk,
                                                uint32_t block, const uint32_t *bsum,
                                                uint32_t chunk_len, uint32_t *offsets,
                                                uint32_t *fill, uint32_t *bucket_chunks,
                                                uint32_t *bch, cudaStream_t s)
{
    uint32_t nblocks = (nbk + block - 1) / block;
    plan_offsets<<<blocks(nblocks, 128), 128, 0, s>>>(counts, nbk, block, bsum, chunk_len,
                                                       offsets, fill, bucket_chunks, bch);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_plan_top_chunks(uint32_t *bch, uint32_t nblocks,
                                                   uint32_t *meta, cudaStream_t s)
{
    plan_top_chunks<<<1, 1, 0, s>>>(bch, nblocks, meta);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_plan_scatter(const uint64_t *scalars, uint32_t n, uint32_t c,
                                                uint32_t nw, uint32_t nb, uint32_t *fill,
                                                uint32_t *entries, cudaStream_t s)
{
    plan_scatter<<<blocks(n, 256), 256, 0, s>>>((const u64 *)scalars, n, c, nw, nb, fill,
                                                 entries);
    return cudaGetLastError();
}

extern "C" cudaError_t cuda_launch_plan_chunk_starts(const uint32_t *offsets, uint32_t nbk,
                                                     uint32_t block, const uint32_t *bch,
                                                     uint32_t chunk_len, const uint32_t *meta,
                                                     uint32_t *bucket_chunks,
                                                     uint32_t *chunk_starts, cudaStream_t s)
{
    uint32_t nblocks = (nbk + block - 1) / block;
    plan_chunk_starts<<<blocks(nblocks, 128), 128, 0, s>>>(offsets, nbk, block, bch, chunk_len,
                                                            meta, bucket_chunks, chunk_starts);
    return cudaGetLastError();
}
