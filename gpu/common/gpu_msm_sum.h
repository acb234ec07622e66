/*
 * gpu_msm_sum.h: the final sums of the GPU Pippenger MSM, shared by opencl/ and cuda/: its one
 * job is to combine, on the host, the per-segment XYZZ sums the device kernels return for each
 * part's plan (gpu_msm_plan.h) into the affine result, with the reference arithmetic of the
 * curve the unit is built for (gpu_curve_sel.h: the functions are per curve, the struct shared).
 * All functions are thread-safe (no shared state).
 */
#ifndef G16K_GPU_MSM_SUM_H
#define G16K_GPU_MSM_SUM_H

#include <stdint.h>

#include "gpu_msm_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The sum of the parts of one MSM: Jacobian, Montgomery (g1_jac_t or g2_jac_t of the curve;
 * jac holds BLS12-381's G2 point, the largest). gpu_msm_sum_add combines the segment outputs of one part's plan (layout of
 * msm.cl msm_segment_reduce: for thread t = window * n_segs + s, acc at 2t and tot at 2t + 1)
 * into it; gpu_msm_sum_finish writes the affine result, 96 (G1) / 192 (G2) bytes in result_enc
 * (BN254: 64 / 128),
 * (0, 0) for infinity. Errors: G16K_EINVAL (encoding). */
typedef struct gpu_msm_sum {
    uint32_t group;
    uint64_t jac[36];
} gpu_msm_sum;
void gpu_msm_sum_init(gpu_msm_sum *s, uint32_t group);
void gpu_msm_sum_add(gpu_msm_sum *s, const gpu_msm_plan *plan, const uint64_t *segout);
int gpu_msm_sum_finish(const gpu_msm_sum *s, void *result, uint32_t result_enc);

/* Write infinity (all zero bytes) for a group into result. */
void gpu_msm_plan_result_inf(uint32_t group, void *result);

#ifdef __cplusplus
}
#endif

#endif
