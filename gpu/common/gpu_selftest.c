/*
 * gpu_selftest.c: the create-time known-answer test of the GPU plugins (see gpu_selftest.h). Expected
 * values come from double-and-add (g1_jac_mul) and the O(n^2) DFT with the reference Fr
 * arithmetic, independent of the device code. Built per curve (gpu_curve_sel.h): each curve's
 * program is checked with its own arithmetic.
 */
#include "gpu_curve_sel.h" /* first: the unit's curve */

#include "gpu_selftest.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gpu_device.h"
#include "gpu_plugin_util.h"

/* why = the message (also the core's error, through gpu_fail); returns rc. */
static int say(char *why, size_t len, int rc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int say(char *why, size_t len, int rc, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    int k = snprintf(msg, sizeof msg, "%s ", GPU_CURVE_NAME); /* "BN254 self-test: ..." */
    vsnprintf(msg + k, sizeof msg - (size_t)k, fmt, ap);
    va_end(ap);
    if (why && len)
        snprintf(why, len, "%s", msg);
    return gpu_fail(rc, "%s", msg);
}

/* ---- the carry-chain primitives (gpu/kernels/selftest.cl) ---- */

/* selftest.cl's outputs, in its order: the primitive, what it computes, and whether the slot is
 * its result d or its carry out. The expected values are their definitions in 64-bit C. */
enum { PRIM_OUTS = 20 };
static const struct {
    const char *ptx, *def;
} prim_slot[PRIM_OUTS] = {
    { "add.cc.u32", "d = a + b" },
    { "add.cc.u32", "carry out" },
    { "addc.cc.u32", "d = a + b + CF" },
    { "addc.cc.u32", "carry out" },
    { "addc.u32", "d = a + b + CF" },
    { "sub.cc.u32", "d = a - b" },
    { "sub.cc.u32", "borrow out" },
    { "subc.cc.u32", "d = a - b - CF" },
    { "subc.cc.u32", "borrow out" },
    { "subc.u32", "d = a - b - CF" },
    { "mul.lo.u32", "d = lo(a b)" },
    { "mul.hi.u32", "d = hi(a b)" },
    { "mad.lo.cc.u32", "d = lo(a b) + c" },
    { "mad.lo.cc.u32", "carry out" },
    { "madc.lo.cc.u32", "d = lo(a b) + c + CF" },
    { "madc.lo.cc.u32", "carry out" },
    { "mad.hi.cc.u32", "d = hi(a b) + c" },
    { "mad.hi.cc.u32", "carry out" },
    { "madc.hi.cc.u32", "d = hi(a b) + c + CF" },
    { "madc.hi.cc.u32", "carry out" },
};

static void prim_expect(uint32_t a, uint32_t b, uint32_t c, uint32_t ci, uint32_t out[PRIM_OUTS])
{
    uint64_t p = (uint64_t)a * b, lo = (uint32_t)p, hi = p >> 32, t;
    t = (uint64_t)a + b, out[0] = (uint32_t)t, out[1] = (uint32_t)(t >> 32);
    t = (uint64_t)a + b + ci, out[2] = (uint32_t)t, out[3] = (uint32_t)(t >> 32);
    out[4] = (uint32_t)((uint64_t)a + b + ci);
    out[5] = a - b, out[6] = a < b;
    out[7] = a - b - ci, out[8] = (uint64_t)a < (uint64_t)b + ci;
    out[9] = a - b - ci;
    out[10] = (uint32_t)lo, out[11] = (uint32_t)hi;
    t = lo + c, out[12] = (uint32_t)t, out[13] = (uint32_t)(t >> 32);
    t = lo + c + ci, out[14] = (uint32_t)t, out[15] = (uint32_t)(t >> 32);
    t = hi + c, out[16] = (uint32_t)t, out[17] = (uint32_t)(t >> 32);
    t = hi + c + ci, out[18] = (uint32_t)t, out[19] = (uint32_t)(t >> 32);
}

/* Every pair of these operands, with each carry in, c cycling through them: the limbs where
 * carries start, stop and run through (0, all ones), and small high words of products. */
static const uint32_t prim_values[] = { 0,          1,          2,          0xff,
                                        0x7fffffff, 0x80000000, 0xff000001, 0xfffffffe,
                                        0xffffffff, 0x12345678, 0xdeadbeef };
enum { N_VALUES = sizeof prim_values / sizeof prim_values[0], N_CASES = 2 * N_VALUES * N_VALUES };

static int check_prims(g16k_plugin_ctx *ctx, char *why, size_t len)
{
    gpu_device *D = (gpu_device *)ctx; /* every GPU plugin's context starts with one */
    uint32_t in[4 * N_CASES], got[PRIM_OUTS * N_CASES]; /* 23 KiB */
    for (uint32_t k = 0; k < N_CASES; k++) {
        in[4 * k] = prim_values[k / (2 * N_VALUES)];
        in[4 * k + 1] = prim_values[k / 2 % N_VALUES];
        in[4 * k + 2] = prim_values[(7 * k) % N_VALUES];
        in[4 * k + 3] = k & 1;
    }
    gpu_queue *q = NULL;
    gpu_buf *bi = NULL, *bo = NULL;
    int rc = D->ops->open(D, &q);
    if (rc == G16K_OK)
        rc = D->ops->alloc(q, sizeof in, &bi);
    if (rc == G16K_OK)
        rc = D->ops->alloc(q, sizeof got, &bo);
    if (rc == G16K_OK)
        rc = D->ops->copy_in(q, bi, 0, in, sizeof in);
    if (rc == G16K_OK) {
        const gpu_arg args[] = { GPU_BUF(bi), GPU_U32(N_CASES), GPU_BUF(bo) };
        rc = D->ops->launch(q, GPU_K(GPU_K_SELFTEST_PRIMS), args, 3, N_CASES);
    }
    if (rc == G16K_OK)
        rc = D->ops->copy_out(q, got, bo, 0, sizeof got);
    if (q)
        D->ops->close(q);
    D->ops->free(D, bi);
    D->ops->free(D, bo);
    if (rc)
        return say(why, len, rc, "self-test: the carry-chain primitives kernel failed (status %d)",
                   rc);
    for (uint32_t k = 0; k < N_CASES; k++) {
        uint32_t want[PRIM_OUTS], a = in[4 * k], b = in[4 * k + 1], c = in[4 * k + 2],
                                  ci = in[4 * k + 3];
        prim_expect(a, b, c, ci, want);
        for (int j = 0; j < PRIM_OUTS; j++)
            if (got[PRIM_OUTS * k + j] != want[j])
                return say(why, len, G16K_EINTERNAL,
                           "self-test: primitive %s (%s) is wrong for a = 0x%08x, b = 0x%08x, "
                           "c = 0x%08x, carry in %u: %s 0x%08x, expected 0x%08x",
                           prim_slot[j].ptx, prim_slot[j].def, a, b, c, ci,
                           strstr(prim_slot[j].def, "out") ? "got" : "d", got[PRIM_OUTS * k + j],
                           want[j]);
    }
    return G16K_OK;
}

/* r - 1, the largest scalar (r is odd) */
static void r_minus_1(uint64_t s[4])
{
    memcpy(s, FR_MODULUS.l, 32);
    s[0] -= 1;
}

static void scalar_u64(uint64_t s[4], uint64_t v)
{
    s[0] = v;
    s[1] = s[2] = s[3] = 0;
}

static int check_g1(g16k_plugin_ctx *ctx, const g16k_msm_vtable *vt, char *why, size_t len)
{
    enum { N = 5 };
    static const uint64_t mult[N] = { 3, 5, 5, 0, 7 }; /* 0: infinity; 5 twice: repeat */
    uint64_t sc[N][4];
    uint8_t pts[N][GPU_G1_BYTES], got[GPU_G1_BYTES], want[GPU_G1_BYTES];
    g1_jac_t g, acc, t;
    scalar_u64(sc[0], 2);
    r_minus_1(sc[1]);
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
        return say(why, len, rc, "self-test: G1 bases_create failed (status %d)", rc);
    g16k_msm_params par = { sizeof par, G16K_MSM_GENERIC, 3, 0 };
    rc = vt->msm(b, sc, N, G16K_ENC_CANONICAL, &par, got, G16K_ENC_CANONICAL);
    vt->bases_destroy(b);
    if (rc)
        return say(why, len, rc, "self-test: G1 MSM failed (status %d)", rc);
    if (memcmp(got, want, sizeof want) != 0)
        return say(why, len, G16K_EINTERNAL,
                   "self-test: G1 MSM of 5 points differs from the host "
                   "reference");
    return G16K_OK;
}

static int check_g2(g16k_plugin_ctx *ctx, const g16k_msm_vtable *vt, char *why, size_t len)
{
    enum { N = 3 };
    static const uint64_t mult[N] = { 2, 2, 11 };
    uint64_t sc[N][4];
    uint8_t pts[N][GPU_G2_BYTES], got[GPU_G2_BYTES], want[GPU_G2_BYTES];
    g2_jac_t g, acc, t;
    r_minus_1(sc[0]);
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
        return say(why, len, rc, "self-test: G2 bases_create failed (status %d)", rc);
    rc = vt->msm(b, sc, N, G16K_ENC_CANONICAL, NULL, got, G16K_ENC_CANONICAL);
    vt->bases_destroy(b);
    if (rc)
        return say(why, len, rc, "self-test: G2 MSM failed (status %d)", rc);
    if (memcmp(got, want, sizeof want) != 0)
        return say(why, len, G16K_EINTERNAL,
                   "self-test: G2 MSM of 3 points differs from the host "
                   "reference");
    return G16K_OK;
}

static int check_ntt(g16k_plugin_ctx *ctx, const g16k_ntt_vtable *vt, char *why, size_t len)
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
        return say(why, len, rc, "self-test: NTT domain_create failed (status %d)", rc);
    memcpy(data, x, sizeof data);
    rc = vt->transform(d, data, G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK && memcmp(data, want, sizeof data) != 0)
        rc = say(why, len, G16K_EINTERNAL,
                 "self-test: forward coset NTT of size 8 differs from "
                 "the host DFT");
    if (rc == G16K_OK)
        rc = vt->transform(d, data, G16K_NTT_INVERSE_COSET, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK && memcmp(data, x, sizeof data) != 0)
        rc = say(why, len, G16K_EINTERNAL,
                 "self-test: inverse coset NTT of size 8 does not give "
                 "back its input");
    vt->domain_destroy(d);
    return rc;
}

int gpu_selftest_run(g16k_plugin_ctx *ctx, const g16k_msm_vtable *msm, const g16k_ntt_vtable *ntt,
                     char *why, size_t len)
{
    if (why && len)
        why[0] = '\0';
    int rc = check_prims(ctx, why, len);
    if (rc == G16K_OK)
        rc = check_g1(ctx, msm, why, len);
    if (rc == G16K_OK)
        rc = check_g2(ctx, msm, why, len);
    if (rc == G16K_OK)
        rc = check_ntt(ctx, ntt, why, len);
    return rc;
}
