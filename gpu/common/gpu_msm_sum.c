/*
 * gpu_msm_sum.c: the final sums of the GPU Pippenger MSM (see gpu_msm_sum.h), its one job: the
 * combination of the segment sums of each part with the reference arithmetic of the unit's
 * curve (gpu_curve_sel.h: arith/bls12_381, or arith/bn254 in gpu/common/bn254/), and the
 * affine result. The host does O(windows * segments)
 * point additions a part, a few thousand at most, which costs milliseconds.
 */
#include "gpu_curve_sel.h" /* first: the unit's curve */

#include "gpu_msm_sum.h"

#include <string.h>

#include "g16k/plugin.h"
#include "gpu_plugin_util.h"

void gpu_msm_plan_result_inf(uint32_t group, void *result)
{
    memset(result, 0, group == G16K_G2 ? GPU_G2_BYTES : GPU_G1_BYTES);
}

/* XYZZ (x/zz, y/zzz) -> Jacobian without inversion: Z = ZZ ZZZ, X = X ZZ ZZZ^2,
 * Y = Y ZZ^3 ZZZ^2; ZZ = 0 gives Z = 0, infinity. */
static void g1_from_xyzz(g1_jac_t *o, const uint64_t *limbs)
{
    const int w = GPU_FP_WORDS;
    fp_t x, y, zz, zzz, t, u;
    memcpy(x.l, limbs, FP_BYTES);
    memcpy(y.l, limbs + w, FP_BYTES);
    memcpy(zz.l, limbs + 2 * w, FP_BYTES);
    memcpy(zzz.l, limbs + 3 * w, FP_BYTES);
    fp_mul(&o->z, &zz, &zzz);
    fp_sqr(&t, &zzz);    /* ZZZ^2 */
    fp_mul(&u, &t, &zz); /* ZZ ZZZ^2 */
    fp_mul(&o->x, &x, &u);
    fp_sqr(&t, &zz);
    fp_mul(&u, &u, &t); /* ZZ^3 ZZZ^2 */
    fp_mul(&o->y, &y, &u);
}

static void g2_from_xyzz(g2_jac_t *o, const uint64_t *limbs)
{
    const int w = 2 * GPU_FP_WORDS;
    fp2_t x, y, zz, zzz, t, u;
    _Static_assert(sizeof(fp2_t) == 2 * FP_BYTES, "fp2_t is c0 || c1, the kernels' layout");
    memcpy(&x, limbs, 2 * FP_BYTES);
    memcpy(&y, limbs + w, 2 * FP_BYTES);
    memcpy(&zz, limbs + 2 * w, 2 * FP_BYTES);
    memcpy(&zzz, limbs + 3 * w, 2 * FP_BYTES);
    fp2_mul(&o->z, &zz, &zzz);
    fp2_sqr(&t, &zzz);
    fp2_mul(&u, &t, &zz);
    fp2_mul(&o->x, &x, &u);
    fp2_sqr(&t, &zz);
    fp2_mul(&u, &u, &t);
    fp2_mul(&o->y, &y, &u);
}

static int check_enc(uint32_t enc)
{
    if (enc != G16K_ENC_CANONICAL && enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "msm: result encoding %u is not 1 (canonical) or 2 "
                        "(Montgomery)",
                        enc);
    return G16K_OK;
}

/* Both groups share this shape; written twice because the reference API is typed per group.
 * total += sum over windows w (from the top) of 2^(c w) (sum_s acc_s + seg_len sum_s s tot_s). */
static void add_segout_g1(g1_jac_t *sum, const gpu_msm_plan *plan, const uint64_t *segout)
{
    const uint64_t stride = 4 * GPU_FP_WORDS; /* an XYZZ point */
    g1_jac_t total, win, a, run, bsum, p;
    g1_jac_set_inf(&total);
    for (uint32_t w = plan->nw; w-- > 0;) {
        for (uint32_t i = 0; i < plan->c; i++)
            g1_jac_dbl(&total, &total);
        g1_jac_set_inf(&a);
        g1_jac_set_inf(&run);
        g1_jac_set_inf(&bsum);
        for (uint32_t s = plan->n_segs; s-- > 0;) {
            uint64_t t = (uint64_t)w * plan->n_segs + s;
            g1_from_xyzz(&p, segout + 2 * t * stride);
            g1_jac_add(&a, &a, &p);
            if (s == 0)
                break;
            g1_from_xyzz(&p, segout + (2 * t + 1) * stride);
            g1_jac_add(&run, &run, &p);
            g1_jac_add(&bsum, &bsum, &run); /* sum_{s>=1} s tot_s */
        }
        for (uint32_t l = plan->seg_len; l > 1; l >>= 1)
            g1_jac_dbl(&bsum, &bsum); /* seg_len is a power of two */
        g1_jac_add(&win, &a, &bsum);
        g1_jac_add(&total, &total, &win);
    }
    g1_jac_add(sum, sum, &total);
}

static void add_segout_g2(g2_jac_t *sum, const gpu_msm_plan *plan, const uint64_t *segout)
{
    const uint64_t stride = 8 * GPU_FP_WORDS;
    g2_jac_t total, win, a, run, bsum, p;
    g2_jac_set_inf(&total);
    for (uint32_t w = plan->nw; w-- > 0;) {
        for (uint32_t i = 0; i < plan->c; i++)
            g2_jac_dbl(&total, &total);
        g2_jac_set_inf(&a);
        g2_jac_set_inf(&run);
        g2_jac_set_inf(&bsum);
        for (uint32_t s = plan->n_segs; s-- > 0;) {
            uint64_t t = (uint64_t)w * plan->n_segs + s;
            g2_from_xyzz(&p, segout + 2 * t * stride);
            g2_jac_add(&a, &a, &p);
            if (s == 0)
                break;
            g2_from_xyzz(&p, segout + (2 * t + 1) * stride);
            g2_jac_add(&run, &run, &p);
            g2_jac_add(&bsum, &bsum, &run);
        }
        for (uint32_t l = plan->seg_len; l > 1; l >>= 1)
            g2_jac_dbl(&bsum, &bsum);
        g2_jac_add(&win, &a, &bsum);
        g2_jac_add(&total, &total, &win);
    }
    g2_jac_add(sum, sum, &total);
}

_Static_assert(sizeof(g2_jac_t) <= sizeof(((gpu_msm_sum *)0)->jac), "gpu_msm_sum holds a G2 point");

void gpu_msm_sum_init(gpu_msm_sum *s, uint32_t group)
{
    s->group = group;
    if (group == G16K_G2)
        g2_jac_set_inf((g2_jac_t *)s->jac);
    else
        g1_jac_set_inf((g1_jac_t *)s->jac);
}

void gpu_msm_sum_add(gpu_msm_sum *s, const gpu_msm_plan *plan, const uint64_t *segout)
{
    if (s->group == G16K_G2)
        add_segout_g2((g2_jac_t *)s->jac, plan, segout);
    else
        add_segout_g1((g1_jac_t *)s->jac, plan, segout);
}

int gpu_msm_sum_finish(const gpu_msm_sum *s, void *result, uint32_t result_enc)
{
    int rc = check_enc(result_enc);
    if (rc)
        return rc;
    if (s->group == G16K_G2) {
        const g2_jac_t *t = (const g2_jac_t *)s->jac;
        g2_affine_t r;
        if (g2_jac_is_inf(t)) {
            gpu_msm_plan_result_inf(G16K_G2, result);
            return G16K_OK;
        }
        g2_jac_to_affine(&r, t);
        if (result_enc == G16K_ENC_CANONICAL)
            g2_affine_to_bytes_canon(result, &r);
        else
            memcpy(result, &r, GPU_G2_BYTES);
        return G16K_OK;
    }
    const g1_jac_t *t = (const g1_jac_t *)s->jac;
    g1_affine_t r;
    if (g1_jac_is_inf(t)) {
        gpu_msm_plan_result_inf(G16K_G1, result);
        return G16K_OK;
    }
    g1_jac_to_affine(&r, t);
    if (result_enc == G16K_ENC_CANONICAL)
        g1_affine_to_bytes_canon(result, &r);
    else {
        memcpy(result, r.x.l, FP_BYTES);
        memcpy((uint8_t *)result + FP_BYTES, r.y.l, FP_BYTES);
    }
    return G16K_OK;
}
