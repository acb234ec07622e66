/*
 * gpu_curve_sel.h: the curve a translation unit of the GPU driver (gpu/common) is built for, so
 * that the driver (gpu_msm.c, gpu_ntt.c) and its per-curve helpers (final sums, point encoding,
 * NTT tables, self-test) are one text for every curve, as the CPU plugin's sources are
 * (cpu/fr_sel.h): BLS12-381 by default, BN254 when GPU_CURVE_BN254 is defined (the units of
 * gpu/common/bn254/ include the sources with it, after which arith/bn254_as_bls12_381.h gives them
 * BN254's fields and groups under BLS12-381's names).
 *   GPU_CURVE_ID, GPU_CURVE_NAME  the unit's g16k_curve and its name, for messages
 *   GPU_FR_TWO_ADICITY  s of r - 1 = 2^s t: domains up to 2^(s - 1) (the coset needs 2^s)
 *   GPU_K(k)       the id of kernel k in the program built for this curve (gpu_device.h
 *                  GPU_K_CURVE_BASE); the plan kernels do not depend on the curve and are run
 *                  from the first build whichever the curve
 *   GPU_SIZE(g)    the MSM sizing functions' group for group g of this curve (gpu_msm_size.h)
 *   GPU_SYM(name)  the symbol of a per-curve function or table: name on BLS12-381, name##_bn254
 *                  on BN254; the per-curve names of gpu_driver.h, gpu_msm_sum.h,
 *                  gpu_point_encode.h, gpu_ntt_tables.h and gpu_selftest.h are renamed so below,
 *                  so that both builds of a source link into one plugin.
 * Include it first in a per-curve unit (before the headers whose names it renames).
 */
#ifndef G16K_GPU_CURVE_SEL_H
#define G16K_GPU_CURVE_SEL_H

#include "bls12_381/curve.h"
#include "g16k/plugin.h"
#include "gpu_device.h"

#ifdef GPU_CURVE_BN254
#include "bn254_as_bls12_381.h"
#define GPU_CURVE_ID G16K_CURVE_BN254
#define GPU_CURVE_NAME "BN254"
#define GPU_FR_TWO_ADICITY BN254_FR_TWO_ADICITY
#define GPU_K(k) ((gpu_kernel)((k) + GPU_K_CURVE_BASE(1)))
#define GPU_SIZE(g) ((g) | GPU_MSM_SIZE_BN254)
#define GPU_SYM(name) name##_bn254
#else
#define GPU_CURVE_ID G16K_CURVE_BLS12_381
#define GPU_CURVE_NAME "BLS12-381"
#define GPU_FR_TWO_ADICITY 32
#define GPU_K(k) (k)
#define GPU_SIZE(g) (g)
#define GPU_SYM(name) name
#endif

/* an affine point in the ABI's layout: 2 or 4 coordinates of FP_BYTES */
#define GPU_G1_BYTES (2 * FP_BYTES)
#define GPU_G2_BYTES (4 * FP_BYTES)
#define GPU_FP_WORDS (FP_BYTES / 8)

#define gpu_msm_vtable GPU_SYM(gpu_msm_vtable)
#define gpu_ntt_vtable GPU_SYM(gpu_ntt_vtable)
#define gpu_msm_on_device GPU_SYM(gpu_msm_on_device)
#define gpu_msm_on_device_check GPU_SYM(gpu_msm_on_device_check)
#define gpu_msm_sum_init GPU_SYM(gpu_msm_sum_init)
#define gpu_msm_sum_add GPU_SYM(gpu_msm_sum_add)
#define gpu_msm_sum_finish GPU_SYM(gpu_msm_sum_finish)
#define gpu_msm_plan_result_inf GPU_SYM(gpu_msm_plan_result_inf)
#define gpu_msm_points_to_mont GPU_SYM(gpu_msm_points_to_mont)
#define gpu_ntt_tables_init GPU_SYM(gpu_ntt_tables_init)
#define gpu_ntt_tables_cleanup GPU_SYM(gpu_ntt_tables_cleanup)
#define gpu_selftest_run GPU_SYM(gpu_selftest_run)

#endif
