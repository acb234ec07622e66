/*
 * gpu_selftest.h: known-answer check a GPU plugin runs at create (shared by opencl/ and cuda/):
 * each carry-chain primitive of gpu/kernels/compat.h on its edge operands (every pair of 0, 1,
 * 2, 0xff, 0x7fffffff, 0x80000000, 0xff000001, 0xfffffffe, 0xffffffff and two others, both
 * carries in) against its definition; then a small G1 and G2 MSM (repeated point, infinity,
 * zero and r-1 scalars, signed digits) and a size-8 coset NTT round trip, each compared with
 * the reference arithmetic of the curve (gpu_selftest_run: BLS12-381's program and vtables,
 * gpu_selftest_run_bn254: BN254's; gpu_curve_sel.h). It calls the plugin's own kernels and
 * vtables, so it checks exactly the code the core will use.
 */
#ifndef G16K_GPU_SELFTEST_H
#define G16K_GPU_SELFTEST_H

#include <stddef.h>

#include "g16k/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run the checks on a created ctx (whose first member is its gpu_device). Returns G16K_OK, or
 * G16K_EINTERNAL naming the failing check (the primitive, its operands, what it gave and what
 * it should have), or the error of the failing plugin call; the message goes to gpu_fail and,
 * when why is not NULL, into why (len bytes, NUL-terminated), for the plugin's refusal. Not
 * thread-safe with respect to ctx creation (call it from create). */
int gpu_selftest_run(g16k_plugin_ctx *ctx, const g16k_msm_vtable *msm, const g16k_ntt_vtable *ntt,
                     char *why, size_t len);
int gpu_selftest_run_bn254(g16k_plugin_ctx *ctx, const g16k_msm_vtable *msm,
                           const g16k_ntt_vtable *ntt, char *why, size_t len);

#ifdef __cplusplus
}
#endif

#endif
