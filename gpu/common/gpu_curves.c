/*
 * gpu_curves.c: the curves a GPU plugin serves: the descriptor's list beyond BLS12-381
 * (desc.curve) and the create-time self-test of each curve's program and vtables.
 */
#include "gpu_driver.h"
#include "gpu_selftest.h"

const g16k_curve_impl gpu_more_curves[1] = { {
    .struct_size = sizeof(g16k_curve_impl),
    .curve = G16K_CURVE_BN254,
    .caps = G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .ntt = &gpu_ntt_vtable_bn254,
    .msm = &gpu_msm_vtable_bn254,
} };

int gpu_selftest_all(g16k_plugin_ctx *ctx, char *why, size_t len)
{
    int rc = gpu_selftest_run(ctx, &gpu_msm_vtable, &gpu_ntt_vtable, why, len);
    if (rc == G16K_OK)
        rc = gpu_selftest_run_bn254(ctx, &gpu_msm_vtable_bn254, &gpu_ntt_vtable_bn254, why, len);
    return rc;
}
