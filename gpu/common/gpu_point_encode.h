/*
 * gpu_point_encode.h: the point encoding of the GPU MSM bases, shared by opencl/ and cuda/: its
 * one job is to convert affine points as the caller gives them (canonical or Montgomery bytes)
 * to the device layout, Montgomery 64-bit limbs, staged a slice at a time by bases_create.
 * All functions are thread-safe (no shared state).
 */
#ifndef G16K_GPU_POINT_ENCODE_H
#define G16K_GPU_POINT_ENCODE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Convert n affine points of a group of the unit's curve (gpu_curve_sel.h) from point_enc to
 * Montgomery limbs (the device layout, (0,0) kept for infinity) into out (n * 12 or n * 24
 * limbs on BLS12-381, n * 8 or n * 16 on BN254, caller-allocated). first: the
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
