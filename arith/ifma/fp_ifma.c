/*
 * Fp and Fp2 in radix 2^52, eight lanes (ifma.h): the exported batch entry points over the
 * inline arithmetic of vfp.h, and the conversions to and from the reference fp_t. The group
 * code (g1_ifma.c, g2_ifma.c) inlines vfp.h directly; these entry points serve tests, benchmarks
 * and the MSM's edges. Compiled with the AVX-512 IFMA flags (or as the emulation build).
 */
#include "ifma.h"
#include "r52_curve.h" /* BLS12-381's, or BN254's in arith/ifma/bn254/fp_ifma.c */
#include "r52_block.h"

void fp_ifma_to_r52(fp8_r52 *out, const fp_t in[IFMA_LANES])
{
    const fp_t *p[IFMA_LANES];
    for (int k = 0; k < IFMA_LANES; k++)
        p[k] = &in[k];
    r52_block_from_fp(&out->l[0][0], p);
}

void fp_ifma_from_r52(fp_t out[IFMA_LANES], const fp8_r52 *in)
{
    r52_block_to_fp(out, &in->l[0][0]);
}

void fp_ifma_mul(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b)
{
    vfp x, y;
    vfp_load(&x, &a->l[0][0]);
    vfp_load(&y, &b->l[0][0]);
    vfp_mul(&x, &x, &y);
    vfp_store(&out->l[0][0], &x);
}

void fp_ifma_sqr(fp8_r52 *out, const fp8_r52 *a)
{
    vfp x;
    vfp_load(&x, &a->l[0][0]);
    vfp_sqr(&x, &x);
    vfp_store(&out->l[0][0], &x);
}

void fp_ifma_add(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b)
{
    vfp x, y;
    vfp_load(&x, &a->l[0][0]);
    vfp_load(&y, &b->l[0][0]);
    vfp_add(&x, &x, &y);
    vfp_store(&out->l[0][0], &x);
}

void fp_ifma_sub(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b)
{
    vfp x, y;
    vfp_load(&x, &a->l[0][0]);
    vfp_load(&y, &b->l[0][0]);
    vfp_sub(&x, &x, &y, 64);
    vfp_store(&out->l[0][0], &x);
}

void fp_ifma_reduce(fp8_r52 *out, const fp8_r52 *a)
{
    vfp x;
    vfp_load(&x, &a->l[0][0]);
    vfp_reduce(&x, &x);
    vfp_store(&out->l[0][0], &x);
}

void fp2_ifma_to_r52(fp2x8_r52 *out, const fp2_t in[IFMA_LANES])
{
    fp_t c0[IFMA_LANES];
    fp_t c1[IFMA_LANES];
    for (int k = 0; k < IFMA_LANES; k++) {
        c0[k] = in[k].c0;
        c1[k] = in[k].c1;
    }
    fp_ifma_to_r52(&out->c0, c0);
    fp_ifma_to_r52(&out->c1, c1);
}

void fp2_ifma_from_r52(fp2_t out[IFMA_LANES], const fp2x8_r52 *in)
{
    fp_t c0[IFMA_LANES];
    fp_t c1[IFMA_LANES];
    fp_ifma_from_r52(c0, &in->c0);
    fp_ifma_from_r52(c1, &in->c1);
    for (int k = 0; k < IFMA_LANES; k++) {
        out[k].c0 = c0[k];
        out[k].c1 = c1[k];
    }
}

static void load2(vfp2 *r, const fp2x8_r52 *a)
{
    vfp_load(&r->c0, &a->c0.l[0][0]);
    vfp_load(&r->c1, &a->c1.l[0][0]);
}

static void store2(fp2x8_r52 *out, const vfp2 *a)
{
    vfp_store(&out->c0.l[0][0], &a->c0);
    vfp_store(&out->c1.l[0][0], &a->c1);
}

void fp2_ifma_mul(fp2x8_r52 *out, const fp2x8_r52 *a, const fp2x8_r52 *b)
{
    vfp2 x, y;
    load2(&x, a);
    load2(&y, b);
    vfp2_mul(&x, &x, &y);
    store2(out, &x);
}

void fp2_ifma_sqr(fp2x8_r52 *out, const fp2x8_r52 *a)
{
    vfp2 x;
    load2(&x, a);
    vfp2_sqr(&x, &x);
    store2(out, &x);
}
