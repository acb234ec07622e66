/*
 * gpu_msm_plan.h: the host half of the GPU Pippenger MSM, shared by opencl/ and cuda/.
 *
 * gpu_msm_plan_build turns n scalars into signed c-bit digits (2^(c-1) buckets per window), a
 * CSR list of (point, sign) per (window, bucket), and its cut into chunks, which the device
 * kernels of gpu/kernels/msm.cl consume; gpu_msm_sum_add combines the per-segment sums those
 * kernels return, gpu_msm_sum_finish gives the affine result. An MSM too large for the device's
 * buffers or memory runs as several parts (see "Limits"), each with its own plan; the window,
 * automatic or explicit, is chosen or checked against the same limits.
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
#define GPU_MSM_PLAN_MAX_AUTO_WINDOW 20
#define GPU_MSM_PLAN_MAX_SEGS 128
#define GPU_MSM_PLAN_MIN_CHUNK 8
/* Buckets per work-item in the scans of the device-built plans (gpu/kernels/plan.cl): at
 * least GPU_MSM_PLAN_DEV_BLOCK, and enough that at most GPU_MSM_PLAN_DEV_MAX_BLOCKS block totals remain
 * for the one work-item of the top scan (gpu_msm_plan_dev_block). */
#define GPU_MSM_PLAN_DEV_BLOCK 256
#define GPU_MSM_PLAN_DEV_MAX_BLOCKS 1024

/* What the plan knows of the device: the auto window model's inputs and the limits that
 * decide how an MSM is split (see "Limits" below). */
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
 * Limits. An MSM of n points runs as parts of at most gpu_msm_plan_part_points(c) consecutive
 * points, each planned, run and read back on its own; the segment sums of every part add up
 * into one gpu_msm_sum. A part never straddles two bases buffers (gpu_msm_plan_part_len), so a plugin
 * whose device caps one buffer keeps its bases in several. What one part of window c allocates
 * on the device (dense scalars assumed: nw entries a point):
 *   per window:  nw nb XYZZ bucket sums, 4 (nw nb + 1) u32 bucket arrays, 2 nw n_segs XYZZ
 *                segment sums, and a chunk (start + XYZZ partial) per bucket
 *   per point:   nw u32 entries, and a chunk per GPU_MSM_PLAN_MIN_CHUNK entries
 * The bucket buffer and every list must fit max_alloc, the sum mem_bytes, and the host lists
 * (4 (nw nb + 1) + 4.5 nw m u32) host_bytes. A window whose bucket sums alone do not fit is
 * impossible on the device: gpu_msm_plan_window_check says why, naming the limit.
 */

/* G16K_OK when window c (1..GPU_MSM_PLAN_MAX_WINDOW) can run on dev (gpu_msm_plan_part_points > 0),
 * else G16K_EUNSUPPORTED with a message naming the buffer and the limit it exceeds. */
int gpu_msm_plan_window_check(uint32_t c, uint32_t group, const gpu_msm_device *dev);

/* The window every MSM of a plugin must be able to run whatever its limits: the create-time
 * self-test's (gpu_selftest.c) G1 MSM runs it, and the auto window of a handful of points is at
 * most this wide. */
#define GPU_MSM_PLAN_MIN_WINDOW 3u

/* Whether dev's limits (max_alloc, mem_bytes, as a plugin's configuration lowered them) leave
 * room for window GPU_MSM_PLAN_MIN_WINDOW in both groups: G16K_OK, else G16K_ECONFIG with the
 * message "WHERE: max_alloc = 64K and max_mem = 6G leave no room for the smallest MSM (window 3
 * on G2 ...); raise max_alloc to A (with this max_mem) or max_mem to M (with this max_alloc)",
 * A and M the least multiples of 1 KiB that work; where names the configuration. */
int gpu_msm_plan_limits_check(const gpu_msm_device *dev, const char *where);

/* Most points in one part for window c on dev (a multiple of part_align; also bounded by the
 * 32-bit lists: point << 1 and nw m entries fit 32 bits); 0 when c cannot run at all. dev may
 * be NULL (no limits). */
uint64_t gpu_msm_plan_part_points(uint32_t c, uint32_t group, const gpu_msm_device *dev);

/* The window of an MSM of n scalars (n_eff effective, see gpu_msm_plan_effective_n) and the most
 * points of one part: an explicit window (non-zero) is checked against dev, also when n = 0
 * (the core's load-time check of [window]), else the auto model's. G16K_OK, or the
 * G16K_EUNSUPPORTED of gpu_msm_plan_window_check. */
int gpu_msm_plan_choose(uint32_t window, uint64_t n, uint64_t n_eff, uint32_t group,
                        const gpu_msm_device *dev, uint32_t *c, uint64_t *part);

/* Points of the part that starts at point lo of an MSM of n points, at most `part`, not past
 * the end of the bases buffer holding lo when the bases sit in buffers of buf_points points
 * (0: one buffer). Iterate lo += len while lo < n. */
uint64_t gpu_msm_plan_part_len(uint64_t lo, uint64_t n, uint64_t part, uint64_t buf_points);

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

/*
 * Window for n scalars when params->window is 0, by a cost model of the kernels above, in units
 * of one point addition on one lane (P = compute_units * lanes lanes), for each c in
 * 1..GPU_MSM_PLAN_MAX_AUTO_WINDOW that dev can run, with windows nw = ceil(256 / c), nb = 2^(c-1)
 * buckets and k = ceil(n / gpu_msm_plan_part_points(c)) parts:
 *   work  = nw (n_eff + 3 nb k)                 bucket additions, chunk partials, running sums
 *   depth = n_eff / (2 nb) + k 2 nb / n_segs     longest serial chains (chunk, segment)
 *   host  = k nw n_segs                          final combination on the host (3 Jacobian
 *                                                additions per segment, ~1/3 of a lane's)
 *   cost  = work / P + depth + host
 * n_eff: scalars that are not small; see gpu_msm_plan_effective_n. group 1 = G1, 2 = G2 (G2 doubles
 * every term, which does not move the minimum, but doubles memory). 1 when no window fits.
 */
uint32_t gpu_msm_plan_auto_window(uint64_t n, uint64_t n_eff, uint32_t group,
                                  const gpu_msm_device *dev);

/* The n_eff of the model from n scalars (32 B each, enc): zero scalars count 0, scalars below
 * 2^64 count 1/4 (they have digits in a quarter of the windows at most), the rest 1. Montgomery
 * scalars are not decoded: every non-zero one counts 1. */
uint64_t gpu_msm_plan_effective_n(const void *scalars, uint64_t n, uint32_t enc);

/* G16K_OK when each of the n scalars (32 B each, as stored: canonical or Montgomery) is below
 * r, else G16K_EINVAL with "msm: scalar[i] is not below r" for the first one (plugin.h). */
int gpu_msm_plan_check_scalars(const void *scalars, uint64_t n);

/* Build the digit plan and its chunks for n scalars (32 B each, scalar_enc G16K_ENC_*, each
 * below r: gpu_msm_plan_check_scalars first) of one part of an MSM over group (1 = G1, 2 = G2) and
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

/* Device bytes one MSM call of this plan allocates (entries, chunk starts, bucket chunk CSR,
 * chunk partials, buckets, segment sums), for the memory check before allocating. */
uint64_t gpu_msm_plan_device_bytes(const gpu_msm_plan *plan, uint32_t group);

/* Sizes in 64-bit limbs of the device buffers for a group (1 = G1, 2 = G2). */
uint64_t gpu_msm_plan_bucket_limbs(const gpu_msm_plan *plan, uint32_t group);  /* nw*nb XYZZ */
uint64_t gpu_msm_plan_partial_limbs(const gpu_msm_plan *plan, uint32_t group); /* n_chunks XYZZ */
uint64_t gpu_msm_plan_segout_limbs(const gpu_msm_plan *plan, uint32_t group); /* 2*nw*n_segs XYZZ */

/* The sum of the parts of one MSM: Jacobian, Montgomery (g1_jac_t or g2_jac_t of
 * arith/bls12_381). gpu_msm_sum_add combines the segment outputs of one part's plan (layout of
 * msm.cl msm_segment_reduce: for thread t = window * n_segs + s, acc at 2t and tot at 2t + 1)
 * into it; gpu_msm_sum_finish writes the affine result, 96 (G1) / 192 (G2) bytes in result_enc,
 * (0, 0) for infinity. Errors: G16K_EINVAL (encoding). */
typedef struct gpu_msm_sum {
    uint32_t group;
    uint64_t jac[36];
} gpu_msm_sum;
void gpu_msm_sum_init(gpu_msm_sum *s, uint32_t group);
void gpu_msm_sum_add(gpu_msm_sum *s, const gpu_msm_plan *plan, const uint64_t *segout);
int gpu_msm_sum_finish(const gpu_msm_sum *s, void *result, uint32_t result_enc);

/* G16K_OK when every buffer of a built plan fits dev (a check before allocating: the part
 * sizing of gpu_msm_plan_part_points guarantees it), else G16K_ENOMEM naming the buffer. */
int gpu_msm_plan_fits(const gpu_msm_plan *plan, uint32_t group, const gpu_msm_device *dev);

/* Write infinity (all zero bytes) for a group into result. */
void gpu_msm_plan_result_inf(uint32_t group, void *result);

/* Convert n affine points of a group from point_enc to Montgomery limbs (the device layout,
 * (0,0) kept for infinity) into out (n * 12 or n * 24 limbs, caller-allocated). first: the
 * index of points[0] in the caller's array, for messages.
 * Errors: G16K_EINVAL (encoding, coordinate >= p). */
int gpu_msm_points_to_mont(uint32_t group, const void *points, uint64_t n, uint32_t point_enc,
                           uint64_t *out, uint64_t first);

/* Points converted and uploaded at a time by bases_create (the host staging buffer: 3 MiB of
 * G1, 6 MiB of G2 points), so that a large key never needs a second host copy. */
#define GPU_MSM_PLAN_STAGE_POINTS ((uint64_t)1 << 15)

#ifdef __cplusplus
}
#endif

#endif
