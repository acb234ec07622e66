/*
 * gpu_msm_size.h: the device sizing of the GPU Pippenger MSM, shared by opencl/ and cuda/: its
 * one job is to say what fits the device: the window of an MSM (automatic or explicit, chosen
 * or checked against the device's limits), how many points one part of an MSM too large for
 * the device's buffers or memory may hold, and the device buffers of a part's plan
 * (gpu_msm_plan.h), checked against the limits before allocating.
 * All functions are thread-safe (no shared state).
 */
#ifndef G16K_GPU_MSM_SIZE_H
#define G16K_GPU_MSM_SIZE_H

#include <stdint.h>

#include "gpu_msm_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GPU_MSM_PLAN_MAX_AUTO_WINDOW 20

/* Every `group` below is G16K_G1 or G16K_G2 of BLS12-381 (coordinates of 6 and 12 64-bit
 * limbs), or either with GPU_MSM_SIZE_BN254 set for BN254's (4 and 8 limbs): the sizes of the
 * buckets, partials and segment sums follow the coordinates. */
#define GPU_MSM_SIZE_BN254 0x100u

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
 * Window for n scalars when params->window is 0, by a cost model of the kernels (gpu_msm_plan.h),
 * in units of one point addition on one lane (P = compute_units * lanes lanes), for each c in
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

/* Device bytes one MSM call of this plan allocates (entries, chunk starts, bucket chunk CSR,
 * chunk partials, buckets, segment sums), for the memory check before allocating. */
uint64_t gpu_msm_plan_device_bytes(const gpu_msm_plan *plan, uint32_t group);

/* Sizes in 64-bit limbs of the device buffers for a group (1 = G1, 2 = G2). */
uint64_t gpu_msm_plan_bucket_limbs(const gpu_msm_plan *plan, uint32_t group);  /* nw*nb XYZZ */
uint64_t gpu_msm_plan_partial_limbs(const gpu_msm_plan *plan, uint32_t group); /* n_chunks XYZZ */
uint64_t gpu_msm_plan_segout_limbs(const gpu_msm_plan *plan, uint32_t group); /* 2*nw*n_segs XYZZ */

/* G16K_OK when every buffer of a built plan fits dev (a check before allocating: the part
 * sizing of gpu_msm_plan_part_points guarantees it), else G16K_ENOMEM naming the buffer. */
int gpu_msm_plan_fits(const gpu_msm_plan *plan, uint32_t group, const gpu_msm_device *dev);

#ifdef __cplusplus
}
#endif

#endif
