/*
 * gpu_ntt_tables.h: host-computed constants of a GPU NTT domain (gpu/kernels/ntt.cl), shared by
 * opencl/ and cuda/, built per curve (gpu_curve_sel.h). Roots follow snarkjs (docs/proving.md,
 * "The domain", include/g16k/plugin.h): omega = w[log_n], coset generator g = w[log_n + 1],
 * w[s] = 5^((r-1)/2^s) with s = 32 on BLS12-381, 28 on BN254.
 * All values are Fr in Montgomery form, 4 little-endian 64-bit limbs each.
 * Thread-safe (no shared state).
 */
#ifndef G16K_GPU_NTT_TABLES_H
#define G16K_GPU_NTT_TABLES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A scale table for ntt.cl ntt_scale: [0] = constant factor, [1 + b] = g^(2^b), b < 32. */
#define GPU_NTT_SCALE_ELEMS 33

typedef struct gpu_ntt_tables {
    uint32_t log_n;
    uint64_t n;
    uint64_t n_tw;                               /* max(n / 2, 1) */
    uint64_t *tw;                                /* omega^k, k < n/2 (owned) */
    uint64_t *itw;                               /* omega^-k, k < n/2 (owned) */
    uint64_t coset[GPU_NTT_SCALE_ELEMS * 4];     /* x_j *= g^j */
    uint64_t inv[GPU_NTT_SCALE_ELEMS * 4];       /* x_j *= 1/n */
    uint64_t inv_coset[GPU_NTT_SCALE_ELEMS * 4]; /* x_j *= g^-j / n */
} gpu_ntt_tables;

/* Fill t for 0 <= log_n < s (log_n up to 31 on BLS12-381, 27 on BN254; t caller-allocated;
 * owns two arrays of n/2 elements after success, released by gpu_ntt_tables_cleanup). Errors: G16K_EUNSUPPORTED (log_n), G16K_ENOMEM. */
int gpu_ntt_tables_init(gpu_ntt_tables *t, uint32_t log_n);
void gpu_ntt_tables_cleanup(gpu_ntt_tables *t);

#ifdef __cplusplus
}
#endif

#endif
