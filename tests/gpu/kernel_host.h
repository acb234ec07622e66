/*
 * kernel_host.h: gpu/kernels/ arithmetic compiled as C on the host (compat.h's host edition,
 * kernel_host.c, once per curve), behind names that do not collide with the core's fp_mul, ...
 * Elements are in the kernel-buffer layout, little-endian 64-bit limbs (Fr 4, Fp 6, Fp2 12 on
 * BLS12-381; Fp 4, Fp2 8 on BN254), Montgomery form;
 * points are affine (x, y) or XYZZ (x, y, zz, zzz) coordinates one after another, as the MSM
 * kernels read and write them.
 */
#ifndef G16K_TESTS_KERNEL_HOST_H
#define G16K_TESTS_KERNEL_HOST_H

#include <stdint.h>

/* The functions of one curve's build, names P##fr_mul ...: kernel_host.c (BLS12-381, P = kh_)
 * and kernel_host_bn254.c (BN254, P = kh_bn254_); Fp is 4 limbs there, Fp2 8. */
#define KH_DECLARE(P)                                                                                \
    void P##fr_mul(uint64_t *o, const uint64_t *a, const uint64_t *b);                               \
    void P##fr_add(uint64_t *o, const uint64_t *a, const uint64_t *b);                               \
    void P##fr_sub(uint64_t *o, const uint64_t *a, const uint64_t *b);                               \
    void P##fr_to_mont(uint64_t *o, const uint64_t *a);                                              \
    void P##fr_from_mont(uint64_t *o, const uint64_t *a);                                            \
    void P##fp_mul(uint64_t *o, const uint64_t *a, const uint64_t *b);                               \
    void P##fp_add(uint64_t *o, const uint64_t *a, const uint64_t *b);                               \
    void P##fp_sub(uint64_t *o, const uint64_t *a, const uint64_t *b);                               \
    void P##fp_neg(uint64_t *o, const uint64_t *a);                                                  \
    void P##fp2_mul(uint64_t *o, const uint64_t *a, const uint64_t *b);                              \
    void P##fp2_sqr(uint64_t *o, const uint64_t *a);                                                 \
    /* acc += q (madd, complete), acc += p (add, complete); group 1 or 2 */                          \
    void P##xyzz_add_affine(int group, uint64_t *acc, const uint64_t *q);                            \
    void P##xyzz_add(int group, uint64_t *acc, const uint64_t *p);                                   \
    /* One carry-chain primitive of compat.h, by its selftest.cl slot (0..19), on a, b, c and the  \
     * carry in ci: selftest.cl's kernel body run for one case. */ \
    void P##prims(uint32_t a, uint32_t b, uint32_t c, uint32_t ci, uint32_t out[20]);
KH_DECLARE(kh_)
KH_DECLARE(kh_bn254_)

#endif
