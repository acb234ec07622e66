/*
 * gpu_selftest.c: the create-time known-answer test of the GPU plugins (see gpu_selftest.h). Expected
 * values come from double-and-add (g1_jac_mul) and the O(n^2) DFT with the reference Fr
 * arithmetic, independent of the device code.
 */
#include "gpu_selftest.h"

#include <string.h>

#include "bls12_381/curve.h"
#include "gpu_plugin_util.h"

static const uint64_t R_MINUS_1[4] = { 0xffffffff00000000ull, 0x53bda402fffe5bfeull,
                                       0x3339d80809a1d805ull, 0x73eda753299d7d48ull };

static void scalar_u64(uint64_t s[4], uint64_t v)
{
    s[0] = v;
    s[1] = s[2] = s[3] = 0;
}

static int check_g1(g16k_plugin_ctx *ctx, const g16k_msm_vtable *vt)
{
    enum { N = 5 };
    static const uint64_t mult[N] = { 3, 5, 5, 0, 7 }; /* 0: infinity; 5 twice: repeat */
    uint64_t sc[N][4];
    uint8_t pts[N][96], got[96], want[96];
    g1_jac_t g, acc, t;
    scalar_u64(sc[0], 2);
    memcpy(sc[1], R_MINUS_1, 32);
    scalar_u64(sc[2], 0x1234567890abcdefull);
    scalar_u64(sc[3], 9);
    scalar_u64(sc[4], 0);
    g1_jac_from_affine(&g, &G1_GENERATOR);
    g1_jac_set_inf(&acc);
    for (int i = 0; i < N; i++) {
        g1_affine_t a;
        g1_jac_mul(&t, &g, &mult[i], 1);
        g1_jac_to_affine(&a, &t);
        if (mult[i] == 0)
            memset(&a, 0, sizeof a);
        g1_affine_to_bytes_canon(pts[i], &a);
        g1_jac_mul(&t, &t, sc[i], 4);
        g1_jac_add(&acc, &acc, &t);
    }
    g1_affine_t w;
    g1_jac_to_affine(&w, &acc);
    g1_affine_to_bytes_canon(want, &w);
    g16k_msm_bases *b = NULL;
    int rc = vt->bases_create(ctx, G16K_G1, pts, N, G16K_ENC_CANONICAL, &b);
    if (rc)
        return rc;
    g16k_msm_params par = { sizeof par, G16K_MSM_GENERIC, 3, 0 };
    rc = vt->msm(b, sc, N, G16K_ENC_CANONICAL, &par, got, G16K_ENC_CANONICAL);
    vt->bases_destroy(b);
    if (rc)
        return rc;
    if (memcmp(got, want, 96) != 0)
        return gpu_fail(G16K_EINTERNAL, "self-test: G1 MSM of 5 points differs from the host "
                                        "reference");
    return G16K_OK;
}

static int check_g2(g16k_plugin_ctx *ctx, const g16k_msm_vtable *vt)
{
    enum { N = 3 };
    static const uint64_t mult[N] = { 2, 2, 11 };
    uint64_t sc[N][4];
    uint8_t pts[N][192], got[192], want[192];
    g2_jac_t g, acc, t;
    memcpy(sc[0], R_MINUS_1, 32);
    scalar_u64(sc[1], 5);
    scalar_u64(sc[2], 0xfedcba9876543210ull);
    g2_jac_from_affine(&g, &G2_GENERATOR);
    g2_jac_set_inf(&acc);
    for (int i = 0; i < N; i++) {
        g2_affine_t a;
        g2_jac_mul(&t, &g, &mult[i], 1);
        g2_jac_to_affine(&a, &t);
        g2_affine_to_bytes_canon(pts[i], &a);
        g2_jac_mul(&t, &t, sc[i], 4);
        g2_jac_add(&acc, &acc, &t);
    }
    g2_affine_t w;
    g2_jac_to_affine(&w, &acc);
    g2_affine_to_bytes_canon(want, &w);
    g16k_msm_bases *b = NULL;
    int rc = vt->bases_create(ctx, G16K_G2, pts, N, G16K_ENC_CANONICAL, &b);
    if (rc)
        return rc;
    rc = vt->msm(b, sc, N, G16K_ENC_CANONICAL, NULL, got, G16K_ENC_CANONICAL);
    vt->bases_destroy(b);
    if (rc)
        return rc;
    if (memcmp(got, want, 192) != 0)
        return gpu_fail(G16K_EINTERNAL, "self-test: G2 MSM of 3 points differs from the host "
                                        "reference");
    return G16K_OK;
}

static int check_ntt(g16k_plugin_ctx *ctx, const g16k_ntt_vtable *vt)
{
    enum { LOG_N = 3, N = 1 << LOG_N };
    fr_t x[N], want[N], data[N], w, g, wi;
    fr_root_of_unity(&w, LOG_N);
    fr_root_of_unity(&g, LOG_N + 1);
    for (int j = 0; j < N; j++)
        fr_set_u64(&x[j], 1000 + 77 * (uint64_t)j * j);
    wi = g; /* g omega^i */
    for (int i = 0; i < N; i++) {
        fr_t acc = { { 0 } }, p = FR_ONE, t;
        for (int j = 0; j < N; j++) {
            fr_mul(&t, &x[j], &p);
            fr_add(&acc, &acc, &t);
            fr_mul(&p, &p, &wi);
        }
        want[i] = acc;
        fr_mul(&wi, &wi, &w);
    }
    g16k_ntt_domain *d = NULL;
    int rc = vt->domain_create(ctx, LOG_N, &d);
    if (rc)
        return rc;
    memcpy(data, x, sizeof data);
    rc = vt->transform(d, data, G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK && memcmp(data, want, sizeof data) != 0)
        rc = gpu_fail(G16K_EINTERNAL, "self-test: forward coset NTT of size 8 differs from "
                                      "the host DFT");
    if (rc == G16K_OK)
        rc = vt->transform(d, data, G16K_NTT_INVERSE_COSET, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK && memcmp(data, x, sizeof data) != 0)
        rc = gpu_fail(G16K_EINTERNAL, "self-test: inverse coset NTT of size 8 does not give "
                                      "back its input");
    vt->domain_destroy(d);
    return rc;
}

int gpu_selftest_run(g16k_plugin_ctx *ctx, const g16k_msm_vtable *msm, const g16k_ntt_vtable *ntt)
{
    int rc = check_g1(ctx, msm);
    if (rc == G16K_OK)
        rc = check_g2(ctx, msm);
    if (rc == G16K_OK)
        rc = check_ntt(ctx, ntt);
    return rc;
}
