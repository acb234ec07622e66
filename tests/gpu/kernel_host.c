/* gpu/kernels/ arithmetic and primitives run on the host (kernel_host.h): BLS12-381's build;
 * kernel_host_bn254.c includes this file for BN254's (G16K_CURVE_BN254, names KH(n)). */
#include "kernel_host.h"

#ifndef KH
#define KH(n) kh_##n
#endif

#define G16K_KERNELS_HOST
static uint64_t g16k_host_gid; /* G16K_GID of selftest_prims */
#include "../../gpu/kernels/compat.h"
#define G16K_ARITH_ONLY
#include "../../gpu/kernels/g16k.cl"
#include "../../gpu/kernels/selftest.cl"

#define BIN(name, T, op)                                                                           \
    void name(uint64_t *o, const uint64_t *a, const uint64_t *b)                                   \
    {                                                                                              \
        T x, y, r;                                                                                 \
        G16K_CAT(T, load)(&x, a);                                                                  \
        G16K_CAT(T, load)(&y, b);                                                                  \
        op(&r, &x, &y);                                                                            \
        G16K_CAT(T, store)(o, &r);                                                                 \
    }
#define UN(name, T, op)                                                                            \
    void name(uint64_t *o, const uint64_t *a)                                                      \
    {                                                                                              \
        T x, r;                                                                                    \
        G16K_CAT(T, load)(&x, a);                                                                  \
        op(&r, &x);                                                                                \
        G16K_CAT(T, store)(o, &r);                                                                 \
    }
BIN(KH(fr_mul), fr, fr_mul)
BIN(KH(fr_add), fr, fr_add)
BIN(KH(fr_sub), fr, fr_sub)
UN(KH(fr_to_mont), fr, fr_to_mont)
UN(KH(fr_from_mont), fr, fr_from_mont)
BIN(KH(fp_mul), fp, fp_mul)
BIN(KH(fp_add), fp, fp_add)
BIN(KH(fp_sub), fp, fp_sub)
UN(KH(fp_neg), fp, fp_neg)
BIN(KH(fp2_mul), fp2, fp2_mul)
UN(KH(fp2_sqr), fp2, fp2_sqr)

void KH(xyzz_add_affine)(int group, uint64_t *acc, const uint64_t *q)
{
    if (group == 1) {
        g1_xyzz p;
        g1_affine a;
        g1_xyzz_load(&p, acc);
        g1_affine_load(&a, q);
        g1_xyzz_add_affine(&p, &a);
        g1_xyzz_store(acc, &p);
    } else {
        g2_xyzz p;
        g2_affine a;
        g2_xyzz_load(&p, acc);
        g2_affine_load(&a, q);
        g2_xyzz_add_affine(&p, &a);
        g2_xyzz_store(acc, &p);
    }
}

void KH(xyzz_add)(int group, uint64_t *acc, const uint64_t *q)
{
    if (group == 1) {
        g1_xyzz p, r;
        g1_xyzz_load(&p, acc);
        g1_xyzz_load(&r, q);
        g1_xyzz_add(&p, &r);
        g1_xyzz_store(acc, &p);
    } else {
        g2_xyzz p, r;
        g2_xyzz_load(&p, acc);
        g2_xyzz_load(&r, q);
        g2_xyzz_add(&p, &r);
        g2_xyzz_store(acc, &p);
    }
}

void KH(prims)(uint32_t a, uint32_t b, uint32_t c, uint32_t ci, uint32_t out[20])
{
    uint32_t in[4] = { a, b, c, ci };
    g16k_host_gid = 0;
    selftest_prims(in, 1, out);
}
