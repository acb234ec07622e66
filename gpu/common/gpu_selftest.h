/*
 * gpu_selftest.h: known-answer check a GPU plugin runs at create (shared by opencl/ and cuda/):
 * a small G1 and G2 MSM (repeated point, infinity, zero and r-1 scalars, signed digits) and a
 * size-8 coset NTT round trip, each compared with the reference arithmetic of core/bls12_381.
 * It calls the plugin's own vtables, so it checks exactly the code path the core will use.
 */
#ifndef G16K_GPU_SELFTEST_H
#define G16K_GPU_SELFTEST_H

#include <stddef.h>

#include "g16k/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run the checks on a created ctx. Returns G16K_OK, or G16K_EINTERNAL with a message naming
 * the failing check (set via gpu_fail), or the error of the failing plugin call. Not
 * thread-safe with respect to ctx creation (call it from create). */
int gpu_selftest_run(g16k_plugin_ctx *ctx, const g16k_msm_vtable *msm, const g16k_ntt_vtable *ntt);

#ifdef __cplusplus
}
#endif

#endif
