/*
 * msm_plan.h: the host half of the GPU Pippenger MSM, shared by opencl/ and cuda/.
 *
 * msm_plan_build turns n scalars into signed c-bit digits (2^(c-1) buckets per window) and a
 * CSR list of (point, sign) per (window, bucket) that the device kernels of
 * opencl/kernels/msm.cl consume; msm_plan_finish_g1/_g2 combine the per-segment sums those
 * kernels return into the affine result. Device layout of a point sum: XYZZ (X, Y, ZZ, ZZZ),
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

#define MSM_PLAN_MAX_WINDOW 24
#define MSM_PLAN_MAX_SEGS 128

typedef struct msm_plan {
    uint32_t c;             /* window bits, 1..MSM_PLAN_MAX_WINDOW */
    uint32_t nw;            /* windows = ceil(256 / c): the top signed digit never carries out */
    uint32_t nb;            /* buckets per window = 2^(c-1); bucket b holds digit +-(b+1) */
    uint32_t n_segs;        /* reduction segments per window (power of two, <= nb) */
    uint32_t seg_len;       /* nb / n_segs buckets per segment */
    uint32_t *offsets;      /* nw*nb + 1 CSR offsets into entries (owned, msm_plan_cleanup) */
    uint32_t *entries;      /* n_entries of point_index << 1 | (digit < 0) (owned) */
    uint64_t n_entries;     /* 0: every scalar is zero, the result is infinity */
} msm_plan;

/* Window the plugin picks for n points when params->window is 0. */
uint32_t msm_plan_auto_window(uint64_t n);

/* Build the digit plan for n scalars (32 B each, scalar_enc G16K_ENC_*) and window c (0: auto;
 * values above MSM_PLAN_MAX_WINDOW are clamped). plan is caller-allocated; on success it owns two
 * heap arrays released by msm_plan_cleanup. Errors: G16K_EINVAL (encoding), G16K_EUNSUPPORTED
 * (n * windows does not fit 32-bit indices), G16K_ENOMEM; the message is set via plugin_fail. */
int msm_plan_build(msm_plan *plan, const void *scalars, uint64_t n, uint32_t scalar_enc,
                   uint32_t window);
void msm_plan_cleanup(msm_plan *plan);

/* Sizes in 64-bit limbs of the device buffers for a group (1 = G1, 2 = G2). */
uint64_t msm_plan_bucket_limbs(const msm_plan *plan, uint32_t group);   /* nw*nb XYZZ */
uint64_t msm_plan_segout_limbs(const msm_plan *plan, uint32_t group);   /* 2*nw*n_segs XYZZ */

/* Combine the segment outputs (layout of msm.cl msm_segment_reduce: for thread
 * t = window * n_segs + s, acc at 2t and tot at 2t + 1) into the affine result, written as
 * 96 (G1) / 192 (G2) bytes in result_enc; (0, 0) for infinity. Errors: G16K_EINVAL (encoding). */
int msm_plan_finish_g1(const msm_plan *plan, const uint64_t *segout, void *result,
                       uint32_t result_enc);
int msm_plan_finish_g2(const msm_plan *plan, const uint64_t *segout, void *result,
                       uint32_t result_enc);

/* Write infinity (all zero bytes) for a group into result. */
void msm_plan_result_inf(uint32_t group, void *result);

/* Convert n affine points of a group from point_enc to Montgomery limbs (the device layout,
 * (0,0) kept for infinity) into out (n * 12 or n * 24 limbs, caller-allocated).
 * Errors: G16K_EINVAL (encoding, coordinate >= p). */
int msm_points_to_mont(uint32_t group, const void *points, uint64_t n, uint32_t point_enc,
                       uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif
