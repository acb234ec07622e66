/*
 * gpu_test_util.c: plugin loading through the ABI (on the shared test host, sdk/check/host.h)
 * and naive reference arithmetic for the GPU plugin tests (see gpu_test_util.h).
 */
#include "gpu_test_util.h"

#include <stdio.h>
#include <string.h>

#include "host.h"

int gpu_plugin_load(gpu_plugin *p, const char *path, const g16k_config_entry *entries,
                    uint64_t n_entries)
{
    static int echo_set;
    if (!echo_set) {
        host_echo_log(G16K_LOG_WARN); /* the plugins' warnings belong in the test's output */
        echo_set = 1;
    }
    memset(p, 0, sizeof *p);
    char err[512];
    if (host_plugin_open(&p->hp, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    p->dl = p->hp.dl;
    p->desc = p->hp.desc;
    if (p->desc->abi_major != G16K_ABI_MAJOR || p->desc->curve != G16K_CURVE_BLS12_381 ||
        p->desc->struct_size < sizeof(g16k_plugin_desc) || !p->desc->create) {
        fprintf(stderr, "%s: bad descriptor\n", path);
        return -1;
    }
    char section[80];
    snprintf(section, sizeof section, "plugin.%s", p->desc->name);
    p->create_rc = host_plugin_create(&p->hp, "prover.ini", section, entries, n_entries);
    p->ctx = p->hp.ctx;
    return 0;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

uint64_t gpu_test_rand(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

const uint64_t GPU_TEST_R_MINUS_1[4] = { 0xffffffff00000000ull, 0x53bda402fffe5bfeull,
                                         0x3339d80809a1d805ull, 0x73eda753299d7d48ull };

void gpu_test_rand_scalar(uint64_t s[4])
{
    for (int i = 0; i < 4; i++)
        s[i] = gpu_test_rand();
    s[3] &= 0x3fffffffffffffffull; /* < 2^254 < r */
}

void ref_g1_mul_gen(g1_affine_t *out, uint64_t k)
{
    g1_jac_t g;
    g1_jac_from_affine(&g, &G1_GENERATOR);
    g1_jac_mul(&g, &g, &k, 1);
    g1_jac_to_affine(out, &g);
    if (k == 0)
        memset(out, 0, sizeof *out);
}

void ref_g2_mul_gen(g2_affine_t *out, uint64_t k)
{
    g2_jac_t g;
    g2_jac_from_affine(&g, &G2_GENERATOR);
    g2_jac_mul(&g, &g, &k, 1);
    g2_jac_to_affine(out, &g);
    if (k == 0)
        memset(out, 0, sizeof *out);
}

void ref_msm_g1(g1_affine_t *want, const g1_affine_t *pts, const uint64_t (*s)[4], uint64_t n)
{
    g1_jac_t acc, t;
    g1_jac_set_inf(&acc);
    for (uint64_t i = 0; i < n; i++) {
        if (g1_affine_is_inf(&pts[i]))
            continue;
        g1_jac_from_affine(&t, &pts[i]);
        g1_jac_mul(&t, &t, s[i], 4);
        g1_jac_add(&acc, &acc, &t);
    }
    if (g1_jac_is_inf(&acc))
        memset(want, 0, sizeof *want);
    else
        g1_jac_to_affine(want, &acc);
}

void ref_msm_g2(g2_affine_t *want, const g2_affine_t *pts, const uint64_t (*s)[4], uint64_t n)
{
    g2_jac_t acc, t;
    g2_jac_set_inf(&acc);
    for (uint64_t i = 0; i < n; i++) {
        if (g2_affine_is_inf(&pts[i]))
            continue;
        g2_jac_from_affine(&t, &pts[i]);
        g2_jac_mul(&t, &t, s[i], 4);
        g2_jac_add(&acc, &acc, &t);
    }
    if (g2_jac_is_inf(&acc))
        memset(want, 0, sizeof *want);
    else
        g2_jac_to_affine(want, &acc);
}

void ref_ntt(fr_t *out, const fr_t *in, uint32_t log_n, uint32_t dir)
{
    uint64_t n = (uint64_t)1 << log_n;
    fr_t w, g, ninv;
    fr_root_of_unity(&w, log_n);
    fr_root_of_unity(&g, log_n + 1);
    int inverse = dir == G16K_NTT_INVERSE || dir == G16K_NTT_INVERSE_COSET;
    int coset = dir == G16K_NTT_FORWARD_COSET || dir == G16K_NTT_INVERSE_COSET;
    if (inverse)
        fr_inv(&w, &w);
    fr_set_u64(&ninv, n);
    fr_inv(&ninv, &ninv);
    fr_t wi = FR_ONE; /* omega^(+-i) */
    for (uint64_t i = 0; i < n; i++) {
        fr_t x = wi, acc = { { 0 } }, p = FR_ONE, t;
        if (coset && !inverse)
            fr_mul(&x, &x, &g); /* evaluate at g omega^i */
        for (uint64_t j = 0; j < n; j++) {
            fr_mul(&t, &in[j], &p);
            fr_add(&acc, &acc, &t);
            fr_mul(&p, &p, &x);
        }
        if (inverse) {
            fr_mul(&acc, &acc, &ninv);
            if (coset) { /* unshift: x_i *= g^-i */
                fr_t gi;
                uint64_t e = i;
                fr_inv(&gi, &g);
                fr_pow(&gi, &gi, &e, 1);
                fr_mul(&acc, &acc, &gi);
            }
        }
        out[i] = acc;
        fr_mul(&wi, &wi, &w);
    }
}
