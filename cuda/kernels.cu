/*
 * kernels.cu: the CUDA build of the device code shared with the OpenCL plugin. g16k.cl and
 * the files it includes are written against gpu/kernels/compat.h, which maps address spaces,
 * thread indices and the carry-chain primitives (one PTX instruction each) to CUDA when
 * __CUDACC__ is defined; this file only adds the launch
 * by kernel id declared in kernels.h. It is built once per curve (kernels_bn254.cu). Block sizes: 128 threads for the G1 MSM kernels and the
 * per-block plan scans (64 for G2, whose XYZZ temporaries need about twice the registers), 256
 * for the NTT and the per-scalar plan kernels, one thread for the plan's totals.
 */
#include "kernels.h"

#include "gpu_device.h"

/* The unit's curve: BLS12-381's program here, BN254's where kernels_bn254.cu defines
 * G16K_CURVE_BN254 and includes this file; each build's kernels live in a namespace of their
 * own, so that the two link into one plugin. */
#ifdef G16K_CURVE_BN254
#define G16K_CUDA_NS g16k_bn254
#define G16K_CUDA_LAUNCH cuda_launch_curve_bn254
#else
#define G16K_CUDA_NS g16k_bls12_381
#define G16K_CUDA_LAUNCH cuda_launch_curve_bls12_381
#endif

#include "../gpu/kernels/compat.h" /* outside the namespace: it includes system headers */

namespace G16K_CUDA_NS
{
#include "../gpu/kernels/g16k.cl"
}
using namespace G16K_CUDA_NS;

#define P(i, T) ((T *)(uintptr_t)a[i]) /* argument i as a device pointer */
#define U(i) ((u32)a[i])               /* ... as a 32-bit value */
#define L(i) ((u64)a[i])               /* ... as a 64-bit value */
#define GO(kern, bs) kern<<<(unsigned)((global + (bs)-1) / (bs)), (bs), 0, s>>>

extern "C" cudaError_t G16K_CUDA_LAUNCH(uint32_t k, const uint64_t *a, uint32_t n_args,
                                        uint64_t global, cudaStream_t s)
{
    static const unsigned char nargs[GPU_K_COUNT] = {
        5, 4, 6, 5, 4, 6, /* G1, G2: chunk_acc, bucket_sum, segment_reduce */
        3, 3, 4, 4, 4,    /* ntt: convert, bitrev, stage, scale, h */
        6, 5, 4, 9, 3, 7,
        8, /* plan: count, block_sums, top, offsets, top_chunks, scatter,
            * chunk_starts */
        3  /* selftest_prims */
    };
    if (k >= GPU_K_COUNT || n_args != nargs[k])
        return cudaErrorInvalidValue;
    if (global == 0)
        return cudaSuccess;
    switch (k) {
    case GPU_K_G1_CHUNK_ACC:
        GO(g1_msm_chunk_acc, 128)
        (P(0, const u64), P(1, const u32), P(2, const u32), U(3), P(4, u64));
        break;
    case GPU_K_G1_BUCKET_SUM:
        GO(g1_msm_bucket_sum, 128)(P(0, const u64), P(1, const u32), U(2), P(3, u64));
        break;
    case GPU_K_G1_SEGMENT_REDUCE:
        GO(g1_msm_segment_reduce, 128)(P(0, const u64), U(1), U(2), U(3), U(4), P(5, u64));
        break;
    case GPU_K_G2_CHUNK_ACC:
        GO(g2_msm_chunk_acc, 64)
        (P(0, const u64), P(1, const u32), P(2, const u32), U(3), P(4, u64));
        break;
    case GPU_K_G2_BUCKET_SUM:
        GO(g2_msm_bucket_sum, 64)(P(0, const u64), P(1, const u32), U(2), P(3, u64));
        break;
    case GPU_K_G2_SEGMENT_REDUCE:
        GO(g2_msm_segment_reduce, 64)(P(0, const u64), U(1), U(2), U(3), U(4), P(5, u64));
        break;
    case GPU_K_NTT_CONVERT: GO(ntt_convert, 256)(P(0, u64), L(1), U(2)); break;
    case GPU_K_NTT_BITREV: GO(ntt_bitrev, 256)(P(0, u64), L(1), U(2)); break;
    case GPU_K_NTT_STAGE: GO(ntt_stage, 256)(P(0, u64), P(1, const u64), L(2), U(3)); break;
    case GPU_K_NTT_SCALE: GO(ntt_scale, 256)(P(0, u64), L(1), P(2, const u64), U(3)); break;
    case GPU_K_NTT_H: GO(ntt_h, 256)(P(0, u64), P(1, const u64), P(2, const u64), L(3)); break;
    case GPU_K_PLAN_COUNT:
        GO(plan_count, 256)(P(0, const u64), U(1), U(2), U(3), U(4), P(5, u32));
        break;
    case GPU_K_PLAN_BLOCK_SUMS:
        GO(plan_block_sums, 128)(P(0, const u32), U(1), U(2), P(3, u32), P(4, u32));
        break;
    case GPU_K_PLAN_TOP: GO(plan_top, 1)(P(0, u32), P(1, const u32), U(2), P(3, u32)); break;
    case GPU_K_PLAN_OFFSETS:
        GO(plan_offsets, 128)
        (P(0, const u32), U(1), U(2), P(3, const u32), U(4), P(5, u32), P(6, u32), P(7, u32),
         P(8, u32));
        break;
    case GPU_K_PLAN_TOP_CHUNKS: GO(plan_top_chunks, 1)(P(0, u32), U(1), P(2, u32)); break;
    case GPU_K_PLAN_SCATTER:
        GO(plan_scatter, 256)(P(0, const u64), U(1), U(2), U(3), U(4), P(5, u32), P(6, u32));
        break;
    case GPU_K_PLAN_CHUNK_STARTS:
        GO(plan_chunk_starts, 128)
        (P(0, const u32), U(1), U(2), P(3, const u32), U(4), P(5, const u32), P(6, u32), P(7, u32));
        break;
    case GPU_K_SELFTEST_PRIMS: GO(selftest_prims, 128)(P(0, const u32), U(1), P(2, u32)); break;
    default: return cudaErrorInvalidValue;
    }
    return cudaGetLastError();
}

#ifndef G16K_CURVE_BN254
/* By the id's curve (gpu_device.h GPU_K_CURVE_BASE): this unit's build or kernels_bn254.cu's. */
extern "C" cudaError_t cuda_launch(uint32_t k, const uint64_t *a, uint32_t n_args, uint64_t global,
                                   cudaStream_t s)
{
    if (k >= GPU_K_TOTAL)
        return cudaErrorInvalidValue;
    if (k >= GPU_K_CURVE_BASE(1))
        return cuda_launch_curve_bn254(k - GPU_K_CURVE_BASE(1), a, n_args, global, s);
    return cuda_launch_curve_bls12_381(k, a, n_args, global, s);
}
#endif
