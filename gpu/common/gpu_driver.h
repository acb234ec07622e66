/*
 * gpu_driver.h: the GPU driver, the MSM and NTT vtables of both GPU plugins (gpu_msm.c,
 * gpu_ntt.c), written once over the device operations of gpu_device.h. A plugin's descriptor
 * points at these vtables; its context must begin with a gpu_device (gpu_device.h).
 */
#ifndef G16K_GPU_DRIVER_H
#define G16K_GPU_DRIVER_H

#include "g16k/plugin.h"
#include "gpu_device.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MSM G1/G2 (gpu_msm.c): bases_create, bases_destroy, msm; contracts in gpu_msm.c. One per
 * curve, from one text (gpu_curve_sel.h): BLS12-381's and BN254's (gpu/common/bn254/). */
extern const g16k_msm_vtable gpu_msm_vtable;
extern const g16k_msm_vtable gpu_msm_vtable_bn254;
/* NTT (gpu_ntt.c): domain_create, domain_destroy, transform, compute_h, compute_h_msm; one per
 * curve likewise. */
extern const g16k_ntt_vtable gpu_ntt_vtable;
extern const g16k_ntt_vtable gpu_ntt_vtable_bn254;

/* The curves a GPU plugin serves besides desc.curve (BLS12-381): BN254's NTT and MSMs. */
extern const g16k_curve_impl gpu_more_curves[1];

/* The descriptor of a GPU plugin (plugin.h g16k_plugin_desc): NTT and MSM G1/G2 on BLS12-381
 * and BN254 through the driver's vtables, no synthesizer; name, description and the context
 * life cycle are the plugin's. */
#define GPU_PLUGIN_DESC(NAME, DESCRIPTION, CREATE, DESTROY, PROBE)                                 \
    {                                                                                              \
        .struct_size = sizeof(g16k_plugin_desc), .abi_major = G16K_ABI_MAJOR,                      \
        .abi_minor = G16K_ABI_MINOR, .curve = G16K_CURVE_BLS12_381,                                \
        .caps = G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2, .name = NAME,                    \
        .version = "0.1.0", .description = DESCRIPTION, .create = CREATE, .destroy = DESTROY,      \
        .probe = PROBE, .synth = NULL, .ntt = &gpu_ntt_vtable, .msm = &gpu_msm_vtable,             \
        .n_more_curves = 1, .more_curves = gpu_more_curves,                                        \
    }

/* Run the create-time self-test (gpu_selftest.h) on every curve of the descriptor, each with
 * its own program and vtables. Returns G16K_OK or the first failure's status, its message in
 * why (len bytes). */
int gpu_selftest_all(g16k_plugin_ctx *ctx, char *why, size_t len);

/* The body of a GPU plugin's g16k_plugin_entry: stores host (valid until exit) in gpu_host
 * and returns desc; touches no device. Errors: G16K_EUNSUPPORTED (NULL, or the host's ABI
 * major differs). */
int gpu_plugin_entry(const g16k_host_api *host, const g16k_plugin_desc *desc,
                     const g16k_plugin_desc **out);

/* The argument checks of gpu_msm_on_device, for callers to run before the work that feeds it:
 * G16K_EINVAL (NULL bases or result, bases of another context or not G1, n > bases,
 * result_enc), message set; else G16K_OK. */
int gpu_msm_on_device_check(const g16k_msm_bases *b, const g16k_plugin_ctx *ctx, uint64_t n,
                            const void *result, uint32_t result_enc);
/* result = sum_{i<n} s[i] * P[i] for n canonical Fr scalars s already in the device buffer
 * `scalars` (32 bytes each, 4 little-endian limbs) and the G1 bases b of context ctx, on the
 * caller's open queue q: the digit plan is built on the device (gpu/kernels/plan.cl, the lists
 * of gpu_msm_plan.c), then the bucket kernels run as in msm(), part by part; only the plan's
 * sizes (12 bytes) and the segment sums come back. params->window: 0 = the auto model for n
 * scalars, all counted (h is dense). Errors: those of gpu_msm_on_device_check,
 * G16K_EUNSUPPORTED (n * windows beyond 32-bit lists), G16K_ENOMEM (including a part that does
 * not fit the device), G16K_EINTERNAL, message set. */
int gpu_msm_on_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, gpu_queue *q, gpu_buf *scalars,
                      uint64_t n, const g16k_msm_params *params, void *result, uint32_t result_enc);

#ifdef __cplusplus
}
#endif

#endif
