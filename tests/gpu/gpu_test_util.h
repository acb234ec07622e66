/*
 * gpu_test_util.h: shared by tests/opencl and tests/cuda. Loads a provider plugin with dlopen
 * through the ABI exactly as the core does (entry symbol, descriptor checks, create), and gives
 * naive reference MSM / DFT built on arith/bls12_381 (double-and-add, O(n^2) sums), which share
 * no code with the plugins' device kernels.
 */
#ifndef G16K_TESTS_GPU_TEST_UTIL_H
#define G16K_TESTS_GPU_TEST_UTIL_H

#include <stdint.h>

#include "bls12_381/curve.h"
#include "g16k/plugin.h"
#include "host.h"

typedef struct gpu_plugin {
    host_plugin hp; /* the shared test host's handle (sdk/check/host.h) */
    void *dl;
    const g16k_plugin_desc *desc;
    g16k_plugin_ctx *ctx;
    int create_rc;
} gpu_plugin;

/* The host the plugins see is sdk/check/host.h's (host_api, host_last_error,
 * host_last_log; warnings echoed on stderr). */

/* dlopen path, check the descriptor (ABI, curve), create with the given entries (file name
 * "prover.ini", section "plugin.<name>"). Returns 0 when loading worked (create_rc holds the
 * create status), -1 on a load failure (message on stderr). */
int gpu_plugin_load(gpu_plugin *p, const char *path, const g16k_config_entry *entries,
                    uint64_t n_entries);

/* Deterministic xorshift random numbers. */
uint64_t gpu_test_rand(void);
/* A random canonical Fr value < r. */
void gpu_test_rand_scalar(uint64_t s[4]);
extern const uint64_t GPU_TEST_R_MINUS_1[4];

/* want = sum s_i P_i, canonical scalars, affine points ((0,0) = infinity) */
void ref_msm_g1(g1_affine_t *want, const g1_affine_t *pts, const uint64_t (*s)[4], uint64_t n);
void ref_msm_g2(g2_affine_t *want, const g2_affine_t *pts, const uint64_t (*s)[4], uint64_t n);
/* k * generator, affine */
void ref_g1_mul_gen(g1_affine_t *out, uint64_t k);
void ref_g2_mul_gen(g2_affine_t *out, uint64_t k);

/* Naive transform with the plugin.h g16k_ntt_dir semantics, Montgomery elements. */
void ref_ntt(fr_t *out, const fr_t *in, uint32_t log_n, uint32_t dir);

#endif
