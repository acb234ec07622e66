/*
 * gpu_msm_plan.h: the digit plan of the GPU Pippenger MSM, shared by opencl/ and cuda/: its
 * one job is to turn n scalars into signed c-bit digits (2^(c-1) buckets per window), a CSR
 * list of (point, sign) per (window, bucket), and its cut into chunks, which the device kernels
 * of gpu/kernels/msm.cl consume (the device-built plans of gpu/kernels/plan.cl make the same
 * lists). Also the types the host half of the MSM shares: gpu_msm_device (what it knows of the
 * device) and gpu_msm_plan.
 * The rest of the host half, one job a file: gpu_msm_size.h sizes an MSM for the device (the
 * window, automatic or explicit, and the parts of an MSM too large for the device's buffers or
 * memory, each with its own plan), gpu_msm_sum.h combines the per-segment sums the kernels
 * return into the affine result, gpu_point_encode.h converts affine points to the device
 * layout.
 * Device layout of a point sum: XYZZ (X, Y, ZZ, ZZZ),
 * each coordinate FE_LIMBS 64-bit little-endian Montgomery limbs (6 for G1, 12 for G2).
 * Source: Pippenger's bucket method with signed digits (Bernstein, Doumen, Lange, Oosterwijk,
 * "Faster batch forgery identification", 2012, section 4); design after sppark and ec-gpu.
 * All functions are thread-safe (no shared state).
 */
#ifndef G16K_GPU_MSM_PLAN_H
#define G16K_GPU_MSM_PLAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPU_MSM_PLAN_MAX_WINDOW 24
#define GPU_MSM_PLAN_MAX_SEGS 128
#define GPU_MSM_PLAN_MIN_CHUNK 8
/* Buckets per work-item in the scans of the device-built plans (gpu/kernels/plan.cl): at
 * least GPU_MSM_PLAN_DEV_BLOCK, and enough that at most GPU_MSM_PLAN_DEV_MAX_BLOCKS block totals remain
 * for the one work-item of the top scan (gpu_msm_plan_dev_block). */
#define GPU_MSM_PLAN_DEV_BLOCK 256
#define GPU_MSM_PLAN_DEV_MAX_BLOCKS 1024

/* What the plan knows of the device: the auto window model's inputs and the limits that
 * decide how an MSM is split (see gpu_msm_size.h, "Limits"). */
typedef struct gpu_msm_device {
    uint32_t compute_units; /* SMs (CUDA) or CL_DEVICE_MAX_COMPUTE_UNITS, >= 1 */
    uint32_t lanes;         /* work-items running at once per compute unit: 1 on a CPU device,
                              * about 64-128 on a GPU (bounded by the XYZZ registers) */
    uint64_t mem_bytes;     /* device memory one MSM call may allocate (free memory, or a share
                              * of the global size); 0 = no limit */
    uint64_t max_alloc;     /* largest single device buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE);
                              * 0 = no limit */
    uint64_t host_bytes;    /* host memory the plan of one part may use; 0 = no limit */
    uint32_t part_align;    /* parts start at multiples of this many points (sub-buffer
                              * alignment); 0 = 1 */
    uint32_t point_extra;   /* device bytes per point that a part holds beside its plan and
                              * bases (32: its scalars, uploaded for a device-built plan) */
} gpu_msm_device;

/*
 * The bucket lists of a plan are cut into chunks of at most chunk_len consecutive entries that
 * never straddle two buckets, so a bucket holding most points (a 0/1-heavy witness puts every
 * scalar 1 into bucket 0 of window 0) is summed by many work-items in parallel:
 *   msm_chunk_acc:  one work-item per chunk sums its entries        -> partials[chunk]
 *   msm_bucket_sum: one work-item per bucket sums its chunk partials -> buckets[bucket]
 * chunk_len = max(GPU_MSM_PLAN_MIN_CHUNK, ceil(sqrt(largest bucket)), ceil(entries / (2 buckets))),
 * so the longest serial chain is about 2 sqrt(largest bucket) additions instead of the bucket
 * size, and random scalars (buckets of similar size) keep about two chunks per bucket.
 */
typedef struct gpu_msm_plan {
    uint32_t c;              /* window bits, 1..GPU_MSM_PLAN_MAX_WINDOW */
    uint32_t nw;             /* windows = ceil(256 / c): the top signed digit never carries out */
    uint32_t nb;             /* buckets per window = 2^(c-1); bucket b holds digit +-(b+1) */
    uint32_t n_segs;         /* reduction segments per window (power of two, <= nb) */
    uint32_t seg_len;        /* nb / n_segs buckets per segment */
    uint32_t *offsets;       /* nw*nb + 1 CSR offsets into entries (owned, gpu_msm_plan_cleanup) */
    uint32_t *entries;       /* n_entries of point_index << 1 | (digit < 0) (owned) */
    uint64_t n_entries;      /* 0: every scalar is zero, the result is infinity */
    uint32_t chunk_len;      /* most entries per chunk */
    uint32_t max_bucket;     /* entries in the largest bucket */
    uint32_t n_chunks;       /* chunks over all buckets (empty buckets have none) */
    uint32_t *chunk_starts;  /* n_chunks + 1 offsets into entries: chunk j is
                             * entries[chunk_starts[j] .. chunk_starts[j + 1]) (owned) */
    uint32_t *bucket_chunks; /* nw*nb + 1 CSR offsets into the chunks: bucket k owns chunks
                             * bucket_chunks[k] .. bucket_chunks[k + 1] - 1 (owned) */
} gpu_msm_plan;

/* G16K_OK when each of the n scalars (32 B each, as stored: canonical or Montgomery) is below
 * the curve's r (4 little-endian limbs), else G16K_EINVAL with "msm: scalar[i] is not below r"
 * for the first one (plugin.h). */
int gpu_msm_plan_check_scalars(const void *scalars, uint64_t n, const uint64_t r[4]);

/* Build the digit plan and its chunks for n scalars (32 B each, scalar_enc G16K_ENC_*, each
 * below r: gpu_msm_plan_check_scalars first; Montgomery ones are decoded with BLS12-381's r: this
 * host plan is the reference of the device-built one in the tests, whose digits do not depend
 * on the curve) of one part of an MSM over group (1 = G1, 2 = G2) and
 * window c (0: gpu_msm_plan_auto_window for dev, which may be NULL = one lane, no limits; values
 * above GPU_MSM_PLAN_MAX_WINDOW are clamped). threads: host threads the passes may use, the
 * caller included (gpu_msm_threads; 0 counts as 1). plan is caller-allocated; on success it
 * owns heap arrays released by gpu_msm_plan_cleanup (also safe after a failed build). Errors:
 * G16K_EINVAL (encoding), G16K_EUNSUPPORTED (n * windows does not fit 32-bit indices),
 * G16K_ENOMEM; the message is set via gpu_fail. */
int gpu_msm_plan_build(gpu_msm_plan *plan, const void *scalars, uint64_t n, uint32_t scalar_enc,
                       uint32_t window, uint32_t group, const gpu_msm_device *dev,
                       uint32_t threads);
void gpu_msm_plan_cleanup(gpu_msm_plan *plan);

/* The window part of a plan (c, nw, nb, n_segs, seg_len) for n scalars, as gpu_msm_plan_build sets
 * it: window when non-zero (clamped to GPU_MSM_PLAN_MAX_WINDOW), else c_auto widened until
 * n * windows fits 32 bits. Used alone by the device-built plans (plan.cl), which fill the
 * lists on the device. Errors: G16K_EUNSUPPORTED (n * windows exceeds the 32-bit lists). */
int gpu_msm_plan_shape(gpu_msm_plan *plan, uint64_t n, uint32_t window, uint32_t c_auto);

/* Buckets per work-item of the device plan's scans for nbk buckets (see GPU_MSM_PLAN_DEV_BLOCK). */
uint32_t gpu_msm_plan_dev_block(uint64_t nbk);

/* Entries per chunk for a plan of n_entries entries over n_buckets buckets whose largest holds
 * max_bucket: the chunk_len rule of gpu_msm_plan above (the device plans use the same). */
uint32_t gpu_msm_plan_chunk_len(uint64_t n_entries, uint32_t max_bucket, uint64_t n_buckets);

#ifdef __cplusplus
}
#endif

#endif
