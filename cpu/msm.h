/*
 * The MSM pieces of the CPU plugin: one group-agnostic Pippenger driver (msm_pippenger.c) run
 * on a table of group operations, one table per group (msm_g1.c, msm_g2.c), and the vtable
 * that ties them to the ABI (msm.c). Points passed through `void *` are the curve.h types of
 * the table's group (g1_affine_t / g1_jac_t or g2_affine_t / g2_jac_t), in Montgomery form.
 */
#ifndef G16K_CPU_MSM_H
#define G16K_CPU_MSM_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"

/* Operations of one group. All are pure and thread-safe; outputs may alias inputs. */
typedef struct cpu_group {
    uint32_t id;                 /* G16K_G1 or G16K_G2 */
    const char *name;            /* "G1" / "G2", for messages */
    size_t wire_bytes;           /* affine point on the wire: 96 or 192 */
    size_t affine_size;          /* sizeof the affine struct */
    size_t jac_size;             /* sizeof the Jacobian struct */
    /* Wire bytes (any alignment, in enc) -> affine; (0,0) stays infinity. 0, or -1 when a
     * coordinate is not below p. Not an on-curve check (the core did that). */
    int (*affine_decode)(void *out, const uint8_t *in, uint32_t enc);
    /* Jacobian -> affine wire bytes in enc; infinity -> all zeros. */
    void (*jac_encode)(uint8_t *out, const void *p, uint32_t enc);
    void (*jac_set_inf)(void *out);
    int (*jac_is_inf)(const void *p);
    void (*jac_add)(void *out, const void *a, const void *b);           /* complete */
    void (*jac_add_affine)(void *out, const void *a, const void *b);    /* complete */
    void (*jac_sub_affine)(void *out, const void *a, const void *b);    /* a - b, complete */
    void (*jac_dbl)(void *out, const void *p);
} cpu_group;

extern const cpu_group cpu_group_g1;
extern const cpu_group cpu_group_g2;

/* Largest window accepted from g16k_msm_params.window, and largest chosen automatically
 * (beyond 16 the 2^(c-1) buckets per worker stop fitting in cache and gains are < 2%). */
#define CPU_MSM_MAX_WINDOW 24u
#define CPU_MSM_MAX_AUTO_WINDOW 16u

/* The window c minimising the modelled cost ceil(256/c) * (n + 2^c) of signed-digit Pippenger
 * (n bucket additions plus ~2 additions per bucket in each window). 1 <= c <= MAX_AUTO. */
uint32_t cpu_msm_window(uint64_t n);

/* out (Jacobian, g's type) = sum_{i<n} k[i] * bases[i]. bases: n affine points of group g
 * (infinity allowed, repeats allowed); k: n canonical scalars < r as 4 little-endian limbs.
 * c: window bits, 1..CPU_MSM_MAX_WINDOW. Runs on up to `threads` threads; allocates its
 * buckets (2^(c-1) Jacobian points per worker). Thread-safe (no shared state).
 * Algorithm: Pippenger's bucket method with signed (Booth) radix-2^c digits, buckets in
 * Jacobian with mixed additions, windows and point chunks spread over threads
 * (Bernstein et al., "Faster batch forgery identification", INDOCRYPT 2012, section 4;
 * digit recoding as in Booth 1951). Returns G16K_OK or G16K_ENOMEM (message set). */
int cpu_msm_pippenger(const cpu_group *g, const void *bases, const uint64_t (*k)[4], uint64_t n,
                      uint32_t c, uint32_t threads, void *out);

#endif
