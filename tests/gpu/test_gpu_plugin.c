/*
 * test_gpu_plugin.c: a GPU plugin (opencl/, cuda/) loaded with dlopen through the ABI, run on
 * whatever device is present (PoCL here for OpenCL), and compared with naive host arithmetic from
 * arith/bls12_381: MSM G1/G2 on random and edge inputs (zero scalars, r-1, repeated points, P and
 * -P, infinity, n = 1, n not a power of two, several windows, both encodings), on 0/1-heavy
 * scalars (one bucket holding most points, cut into chunks) and the NTT in all four directions. Without an OpenCL device every test is skipped (and the program exits 77).
 *
 * usage: test_gpu_plugin <plugin.so> <cache dir | ->
 * The same source also tests the CUDA plugin (tests/cuda), with "-": no cache_dir key.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>

#include "gpu_test_util.h"

static const char *plugin_path;
static const char *cache_dir;
static gpu_plugin plugin;
static int no_device;

#define REQUIRE_DEVICE()                                                                           \
    do {                                                                                           \
        if (no_device)                                                                             \
            skip();                                                                                \
    } while (0)

static int setup(void **state)
{
    (void)state;
    g16k_config_entry e[] = { { "cache_dir", cache_dir, 3 } };
    if (gpu_plugin_load(&plugin, plugin_path, e, strcmp(cache_dir, "-") ? 1 : 0) != 0)
        return -1;
    /* no device: OpenCL refuses at create, CUDA creates and fails at probe */
    if (plugin.create_rc == G16K_ENODEV && strstr(host_last_error(), "no ")) {
        fprintf(stderr, "SKIP: no device: %s\n", host_last_error());
        no_device = 1;
        return 0;
    }
    if (plugin.create_rc != G16K_OK) {
        fprintf(stderr, "create failed (%d): %s\n", plugin.create_rc, host_last_error());
        return -1;
    }
    char info[256] = "";
    int rc = plugin.desc->probe ? plugin.desc->probe(plugin.ctx, info, sizeof info) : G16K_OK;
    if (rc == G16K_ENODEV) {
        fprintf(stderr, "SKIP: no device: %s\n", host_last_error());
        no_device = 1;
        return 0;
    }
    if (rc != G16K_OK)
        return -1;
    fprintf(stderr, "device: %s\n", info);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (plugin.ctx)
        plugin.desc->destroy(plugin.ctx);
    return 0;
}

/* ---- helpers ---- */

static void g1_points_bytes(uint8_t *out, const g1_affine_t *p, uint64_t n, uint32_t enc)
{
    for (uint64_t i = 0; i < n; i++) {
        if (enc == G16K_ENC_CANONICAL)
            g1_affine_to_bytes_canon(out + 96 * i, &p[i]);
        else
            memcpy(out + 96 * i, &p[i], 96);
    }
}

static void g2_points_bytes(uint8_t *out, const g2_affine_t *p, uint64_t n, uint32_t enc)
{
    for (uint64_t i = 0; i < n; i++) {
        if (enc == G16K_ENC_CANONICAL)
            g2_affine_to_bytes_canon(out + 192 * i, &p[i]);
        else
            memcpy(out + 192 * i, &p[i], 192);
    }
}

static void scalars_enc(uint64_t (*out)[4], const uint64_t (*s)[4], uint64_t n, uint32_t enc)
{
    for (uint64_t i = 0; i < n; i++) {
        fr_t v;
        memcpy(v.l, s[i], 32);
        if (enc == G16K_ENC_MONTGOMERY)
            assert_int_equal(fr_from_canon(&v, &v), 0);
        memcpy(out[i], v.l, 32);
    }
}

/* Run the plugin MSM over (pts, s) with all encodings and the given windows; compare. */
static void check_g1(const g1_affine_t *pts, const uint64_t (*s)[4], uint64_t n_bases, uint64_t n,
                     const uint32_t *windows, int n_windows)
{
    const g16k_msm_vtable *vt = plugin.desc->msm;
    g1_affine_t want;
    ref_msm_g1(&want, pts, s, n);
    uint8_t want_canon[96], got[96];
    g1_points_bytes(want_canon, &want, 1, G16K_ENC_CANONICAL);
    uint8_t *pb = malloc(96 * (n_bases ? n_bases : 1));
    uint64_t(*sc)[4] = malloc(32 * (n ? n : 1));
    for (uint32_t enc = G16K_ENC_CANONICAL; enc <= G16K_ENC_MONTGOMERY; enc++) {
        g1_points_bytes(pb, pts, n_bases, enc);
        scalars_enc(sc, s, n, enc);
        g16k_msm_bases *b = NULL;
        assert_int_equal(vt->bases_create(plugin.ctx, G16K_G1, pb, n_bases, enc, &b), G16K_OK);
        for (int w = 0; w < n_windows; w++) {
            g16k_msm_params par = { sizeof par, G16K_MSM_GENERIC, windows[w], 0 };
            memset(got, 0xa5, sizeof got);
            assert_int_equal(vt->msm(b, sc, n, enc, &par, got, enc), G16K_OK);
            if (enc == G16K_ENC_CANONICAL)
                assert_memory_equal(got, want_canon, 96);
            else
                assert_memory_equal(got, &want, 96);
        }
        vt->bases_destroy(b);
    }
    free(pb);
    free(sc);
}

static void check_g2(const g2_affine_t *pts, const uint64_t (*s)[4], uint64_t n_bases, uint64_t n,
                     const uint32_t *windows, int n_windows)
{
    const g16k_msm_vtable *vt = plugin.desc->msm;
    g2_affine_t want;
    ref_msm_g2(&want, pts, s, n);
    uint8_t want_canon[192], got[192];
    g2_points_bytes(want_canon, &want, 1, G16K_ENC_CANONICAL);
    uint8_t *pb = malloc(192 * (n_bases ? n_bases : 1));
    uint64_t(*sc)[4] = malloc(32 * (n ? n : 1));
    for (uint32_t enc = G16K_ENC_CANONICAL; enc <= G16K_ENC_MONTGOMERY; enc++) {
        g2_points_bytes(pb, pts, n_bases, enc);
        scalars_enc(sc, s, n, enc);
        g16k_msm_bases *b = NULL;
        assert_int_equal(vt->bases_create(plugin.ctx, G16K_G2, pb, n_bases, enc, &b), G16K_OK);
        for (int w = 0; w < n_windows; w++) {
            g16k_msm_params par = { sizeof par, G16K_MSM_B_G2, windows[w], 0 };
            memset(got, 0xa5, sizeof got);
            assert_int_equal(vt->msm(b, sc, n, enc, n_windows > 1 ? &par : NULL, got, enc),
                             G16K_OK);
            if (enc == G16K_ENC_CANONICAL)
                assert_memory_equal(got, want_canon, 192);
            else
                assert_memory_equal(got, &want, 192);
        }
        vt->bases_destroy(b);
    }
    free(pb);
    free(sc);
}

/* ---- tests ---- */

static void test_config_unknown_key_rejected(void **state)
{
    (void)state;
    gpu_plugin p;
    g16k_config_entry e[] = { { "bogus_key", "1", 7 } };
    assert_int_equal(gpu_plugin_load(&p, plugin_path, e, 1), 0);
    assert_int_equal(p.create_rc, G16K_ECONFIG);
    assert_null(p.ctx);
    assert_non_null(strstr(host_last_error(), "prover.ini:7"));
    assert_non_null(strstr(host_last_error(), "bogus_key"));
}

static void test_msm_g1_random_matches_naive(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    enum { N = 37 }; /* not a power of two */
    g1_affine_t pts[N];
    uint64_t s[N][4];
    for (int i = 0; i < N; i++) {
        ref_g1_mul_gen(&pts[i], 1 + gpu_test_rand() % 1000000);
        gpu_test_rand_scalar(s[i]);
    }
    pts[5] = pts[4];                   /* repeated point */
    memset(&pts[9], 0, sizeof pts[9]); /* infinity */
    memcpy(s[11], GPU_TEST_R_MINUS_1, 32);
    memset(s[12], 0, 32); /* zero scalar */
    const uint32_t windows[] = { 0, 1, 2, 5, 13 };
    check_g1(pts, (const uint64_t(*)[4])s, N, N, windows, 5);
}

static void test_msm_g1_edges(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    enum { N = 12 };
    g1_affine_t pts[N], neg;
    uint64_t s[N][4];
    const uint32_t windows[] = { 0, 3, 8 };
    ref_g1_mul_gen(&pts[0], 7);
    for (int i = 1; i < N; i++)
        pts[i] = pts[0];
    /* n = 1 */
    memset(s, 0, sizeof s);
    s[0][0] = 5;
    check_g1(pts, (const uint64_t(*)[4])s, 1, 1, windows, 3);
    /* n = 1 with scalar r - 1 */
    memcpy(s[0], GPU_TEST_R_MINUS_1, 32);
    check_g1(pts, (const uint64_t(*)[4])s, 1, 1, windows, 3);
    /* all scalars zero: infinity */
    memset(s, 0, sizeof s);
    check_g1(pts, (const uint64_t(*)[4])s, N, N, windows, 3);
    /* the same point N times with scalar 1 and 3: P + P lands in one bucket */
    for (int i = 0; i < N; i++)
        s[i][0] = i % 2 ? 1 : 3;
    check_g1(pts, (const uint64_t(*)[4])s, N, N, windows, 3);
    /* P and -P with equal scalars cancel to infinity */
    g1_affine_neg(&neg, &pts[0]);
    pts[1] = neg;
    memset(s, 0, sizeof s);
    s[0][0] = 42;
    s[1][0] = 42;
    check_g1(pts, (const uint64_t(*)[4])s, N, 2, windows, 3);
    /* all points infinity */
    memset(pts, 0, sizeof pts);
    for (int i = 0; i < N; i++)
        gpu_test_rand_scalar(s[i]);
    check_g1(pts, (const uint64_t(*)[4])s, N, N, windows, 3);
    /* fewer scalars than bases: the first n are used */
    for (int i = 0; i < N; i++)
        ref_g1_mul_gen(&pts[i], 100 + (uint64_t)i);
    check_g1(pts, (const uint64_t(*)[4])s, N, 5, windows, 3);
}

static void test_msm_g2_random_and_edges(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    enum { N = 9 };
    g2_affine_t pts[N];
    uint64_t s[N][4];
    for (int i = 0; i < N; i++) {
        ref_g2_mul_gen(&pts[i], 1 + gpu_test_rand() % 100000);
        gpu_test_rand_scalar(s[i]);
    }
    pts[3] = pts[2];                   /* repeated */
    memset(&pts[6], 0, sizeof pts[6]); /* infinity */
    memcpy(s[7], GPU_TEST_R_MINUS_1, 32);
    memset(s[8], 0, 32);
    const uint32_t windows[] = { 0, 4 };
    check_g2(pts, (const uint64_t(*)[4])s, N, N, windows, 2);
    /* n = 1 */
    check_g2(pts, (const uint64_t(*)[4])s, 1, 1, windows, 1);
    /* P + (-P) = infinity; P + P with small scalars */
    g2_affine_neg(&pts[1], &pts[0]);
    pts[2] = pts[0];
    memset(s, 0, sizeof s);
    s[0][0] = 9;
    s[1][0] = 9;
    s[2][0] = 1;
    check_g2(pts, (const uint64_t(*)[4])s, N, 2, windows, 2);
    check_g2(pts, (const uint64_t(*)[4])s, N, 3, windows, 2);
    memset(s, 0, sizeof s);
    check_g2(pts, (const uint64_t(*)[4])s, N, N, windows, 1);
}

/* 0/1-heavy scalars, as real witnesses have: one bucket (digit 1 of window 0) holds most
 * points, so the plan cuts it into several chunks summed in parallel (gpu/common/gpu_msm_plan.h) */
static void fill_01_heavy(uint64_t (*s)[4], int n)
{
    for (int i = 0; i < n; i++) {
        uint64_t r = gpu_test_rand() % 10;
        memset(s[i], 0, 32);
        if (r < 6)
            s[i][0] = 1; /* 60% ones */
        else if (r == 9)
            gpu_test_rand_scalar(s[i]); /* 10% dense */
        else if (r == 8)
            s[i][0] = 2 + gpu_test_rand() % 5; /* 10% small */
    }                                          /* 20% zeros */
}

static void test_msm_g1_01_heavy_matches_naive(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    enum { N = 400 };
    g1_affine_t *pts = malloc(N * sizeof *pts);
    uint64_t(*s)[4] = malloc(N * sizeof *s);
    for (int i = 0; i < N; i++)
        ref_g1_mul_gen(&pts[i], 1 + gpu_test_rand() % 1000000);
    pts[7] = pts[3];                     /* repeated point in the big bucket */
    memset(&pts[11], 0, sizeof pts[11]); /* infinity */
    fill_01_heavy(s, N);
    s[3][0] = 1, s[3][1] = s[3][2] = s[3][3] = 0;
    s[7][0] = 1, s[7][1] = s[7][2] = s[7][3] = 0;
    s[11][0] = 1, s[11][1] = s[11][2] = s[11][3] = 0;
    const uint32_t windows[] = { 0, 1, 4, 9 };
    check_g1(pts, (const uint64_t(*)[4])s, N, N, windows, 4);
    /* every scalar 1: a single bucket holds all points */
    for (int i = 0; i < N; i++)
        memcpy(s[i], (uint64_t[4]){ 1, 0, 0, 0 }, 32);
    check_g1(pts, (const uint64_t(*)[4])s, N, N, windows, 4);
    /* random scalars over the same points, many windows */
    for (int i = 0; i < N; i++)
        gpu_test_rand_scalar(s[i]);
    const uint32_t wr[] = { 0, 3, 7, 11 };
    check_g1(pts, (const uint64_t(*)[4])s, N, N, wr, 4);
    free(pts);
    free(s);
}

static void test_msm_g2_01_heavy_matches_naive(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    enum { N = 120 };
    g2_affine_t *pts = malloc(N * sizeof *pts);
    uint64_t(*s)[4] = malloc(N * sizeof *s);
    for (int i = 0; i < N; i++)
        ref_g2_mul_gen(&pts[i], 1 + gpu_test_rand() % 100000);
    pts[5] = pts[4];
    fill_01_heavy(s, N);
    memcpy(s[4], (uint64_t[4]){ 1, 0, 0, 0 }, 32);
    memcpy(s[5], (uint64_t[4]){ 1, 0, 0, 0 }, 32);
    const uint32_t windows[] = { 0, 5 };
    check_g2(pts, (const uint64_t(*)[4])s, N, N, windows, 2);
    for (int i = 0; i < N; i++)
        gpu_test_rand_scalar(s[i]);
    check_g2(pts, (const uint64_t(*)[4])s, N, N, windows, 2);
    free(pts);
    free(s);
}

static void test_ntt_all_directions_match_naive(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    const g16k_ntt_vtable *vt = plugin.desc->ntt;
    for (uint32_t log_n = 0; log_n <= 6; log_n++) {
        uint64_t n = (uint64_t)1 << log_n;
        fr_t *in = malloc(n * sizeof *in), *want = malloc(n * sizeof *want);
        fr_t *data = malloc(n * sizeof *data), *back = malloc(n * sizeof *back);
        g16k_ntt_domain *d = NULL;
        assert_int_equal(vt->domain_create(plugin.ctx, log_n, &d), G16K_OK);
        for (uint64_t j = 0; j < n; j++) {
            fr_t v;
            gpu_test_rand_scalar(v.l);
            if (j == 1)
                memcpy(v.l, GPU_TEST_R_MINUS_1, 32);
            if (j == 2)
                memset(&v, 0, sizeof v);
            assert_int_equal(fr_from_canon(&in[j], &v), 0);
        }
        for (uint32_t dir = G16K_NTT_FORWARD; dir <= G16K_NTT_INVERSE_COSET; dir++) {
            ref_ntt(want, in, log_n, dir);
            /* Montgomery in and out */
            memcpy(data, in, n * sizeof *in);
            assert_int_equal(vt->transform(d, data, dir, G16K_ENC_MONTGOMERY), G16K_OK);
            assert_memory_equal(data, want, n * sizeof *want);
            /* canonical in and out */
            for (uint64_t j = 0; j < n; j++)
                fr_to_canon(&data[j], &in[j]);
            assert_int_equal(vt->transform(d, data, dir, G16K_ENC_CANONICAL), G16K_OK);
            for (uint64_t j = 0; j < n; j++) {
                fr_t c;
                fr_to_canon(&c, &want[j]);
                assert_memory_equal(&data[j], &c, 32);
            }
            /* round trip: forward then its inverse gives the input back */
            if (dir == G16K_NTT_FORWARD || dir == G16K_NTT_FORWARD_COSET) {
                memcpy(back, want, n * sizeof *want);
                assert_int_equal(vt->transform(d, back, dir + 1, G16K_ENC_MONTGOMERY), G16K_OK);
                assert_memory_equal(back, in, n * sizeof *in);
            }
        }
        vt->domain_destroy(d);
        free(in);
        free(want);
        free(data);
        free(back);
    }
}

static void test_bad_arguments_rejected(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    const g16k_msm_vtable *msm = plugin.desc->msm;
    const g16k_ntt_vtable *ntt = plugin.desc->ntt;
    g1_affine_t p;
    uint8_t pb[96], res[96];
    uint64_t s[2][4] = { { 1, 0, 0, 0 }, { 2, 0, 0, 0 } };
    ref_g1_mul_gen(&p, 3);
    g1_points_bytes(pb, &p, 1, G16K_ENC_CANONICAL);
    g16k_msm_bases *b = NULL;
    assert_int_equal(msm->bases_create(plugin.ctx, G16K_G1, pb, 1, 0, &b), G16K_EINVAL);
    assert_int_equal(msm->bases_create(plugin.ctx, 7, pb, 1, G16K_ENC_CANONICAL, &b),
                     G16K_EUNSUPPORTED);
    assert_int_equal(msm->bases_create(plugin.ctx, G16K_G1, pb, 1, G16K_ENC_CANONICAL, &b),
                     G16K_OK);
    assert_int_equal(msm->msm(b, s, 1, 0, NULL, res, G16K_ENC_CANONICAL), G16K_EINVAL);
    assert_int_equal(msm->msm(b, s, 1, G16K_ENC_CANONICAL, NULL, res, 0), G16K_EINVAL);
    assert_int_equal(msm->msm(b, s, 2, G16K_ENC_CANONICAL, NULL, res, G16K_ENC_CANONICAL),
                     G16K_EINVAL); /* n > number of bases */
    msm->bases_destroy(b);
    msm->bases_destroy(NULL);

    g16k_ntt_domain *d = NULL;
    fr_t data[2] = { { { 1, 0, 0, 0 } }, { { 2, 0, 0, 0 } } };
    assert_int_equal(ntt->domain_create(plugin.ctx, 32, &d), G16K_EUNSUPPORTED);
    assert_int_equal(ntt->domain_create(plugin.ctx, 1, &d), G16K_OK);
    assert_int_equal(ntt->transform(d, data, G16K_NTT_FORWARD, 0), G16K_EINVAL);
    assert_int_equal(ntt->transform(d, data, 0, G16K_ENC_CANONICAL), G16K_EINVAL);
    assert_int_equal(ntt->transform(d, data, 5, G16K_ENC_CANONICAL), G16K_EINVAL);
    ntt->domain_destroy(d);
    ntt->domain_destroy(NULL);
}

/* Overwrite the start of every cached binary (after the g16k header: magic, key, length) with
 * garbage; a new context must notice, rebuild from source and rewrite the entry. */
/* The parts of the last MSM, from the plugin's debug log line (gpu/common/gpu_msm.c log_parts). */
static void last_parts(unsigned long long *parts, unsigned *bufs, unsigned *c)
{
    unsigned g;
    unsigned long long n, most;
    *parts = 0;
    *bufs = 0;
    assert_int_equal(sscanf(host_last_log(),
                            "opencl: msm G%u: %llu points, window %u, %llu "
                            "part(s) of at most %llu points, bases in %u buffer(s)",
                            &g, &n, c, parts, &most, bufs),
                     6);
}

/* [plugin.opencl] max_alloc and max_mem lowered to 256 KiB and 1 MiB: 3000 G1 and 1500 G2
 * points sit in several bases buffers and every MSM runs as several parts, with the auto
 * window and explicit ones, on dense and 0/1-heavy scalars, in both encodings; the results
 * equal the naive sums. A window whose buckets exceed a buffer is refused, also for n = 0
 * (the core asks that at load time). */
static void test_msm_split_under_small_limits(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    if (strncmp(plugin.desc->name, "opencl", 6) != 0)
        skip();
    gpu_plugin small;
    g16k_config_entry e[] = { { "cache_dir", cache_dir, 3 },
                              { "max_alloc", "256K", 4 },
                              { "max_mem", "1M", 5 } };
    assert_int_equal(gpu_plugin_load(&small, plugin_path, e, 3), 0);
    assert_int_equal(small.create_rc, G16K_OK);
    gpu_plugin saved = plugin;
    plugin = small;
    enum { N1 = 3000, N2 = 1500 };
    g1_affine_t *p1 = malloc(N1 * sizeof *p1);
    g2_affine_t *p2 = malloc(N2 * sizeof *p2);
    uint64_t(*s)[4] = calloc(N1, sizeof *s);
    for (int i = 0; i < N1; i++)
        ref_g1_mul_gen(&p1[i], 1 + gpu_test_rand() % 1000000);
    for (int i = 0; i < N2; i++)
        ref_g2_mul_gen(&p2[i], 1 + gpu_test_rand() % 1000000);
    unsigned long long parts;
    unsigned bufs, c;
    for (int heavy = 0; heavy < 2; heavy++) {
        for (int i = 0; i < N1; i++) {
            memset(s[i], 0, 32);
            if (!heavy || gpu_test_rand() % 10 == 0)
                gpu_test_rand_scalar(s[i]);
            else
                s[i][0] = gpu_test_rand() % 2;
        }
        const uint32_t w1[] = { 0, 2, 5 };
        check_g1(p1, (const uint64_t(*)[4])s, N1, N1, w1, 3);
        last_parts(&parts, &bufs, &c);
        assert_true(parts > 2 && bufs == 2); /* 2730 points a buffer */
        const uint32_t w2[] = { 0, 3 };
        check_g2(p2, (const uint64_t(*)[4])s, N2, N2, w2, 2);
        last_parts(&parts, &bufs, &c);
        assert_true(parts > 2 && bufs == 2); /* 1364 points a buffer */
    }
    /* the auto window stays within the limits: G1 window 6 needs 264 KiB of bucket sums */
    check_g1(p1, (const uint64_t(*)[4])s, N1, N1, (const uint32_t[]){ 0 }, 1);
    last_parts(&parts, &bufs, &c);
    assert_true(c >= 1 && c <= 5);
    const g16k_msm_vtable *vt = plugin.desc->msm;
    g16k_msm_bases *b = NULL;
    uint8_t out[96];
    assert_int_equal(vt->bases_create(plugin.ctx, G16K_G1, NULL, 0, G16K_ENC_CANONICAL, &b),
                     G16K_OK);
    g16k_msm_params par = { sizeof par, G16K_MSM_H, 6, 0 };
    assert_int_equal(vt->msm(b, NULL, 0, G16K_ENC_CANONICAL, &par, out, G16K_ENC_CANONICAL),
                     G16K_EUNSUPPORTED);
    assert_non_null(strstr(host_last_error(), "window 6 (G1) needs a 0 MiB (264192 bytes) "
                                              "bucket buffer; the device allows 0 MiB "
                                              "(262144 bytes) per buffer"));
    par.window = 5;
    assert_int_equal(vt->msm(b, NULL, 0, G16K_ENC_CANONICAL, &par, out, G16K_ENC_CANONICAL),
                     G16K_OK);
    vt->bases_destroy(b);
    plugin = saved;
    small.desc->destroy(small.ctx);
    free(p1);
    free(p2);
    free(s);
}

static void test_program_cache_corrupt_rebuilt(void **state)
{
    (void)state;
    REQUIRE_DEVICE();
    if (!plugin.desc->probe || strncmp(plugin.desc->name, "opencl", 6) != 0)
        skip();
    DIR *dir = opendir(cache_dir);
    assert_non_null(dir);
    int corrupted = 0;
    char path[4096];
    for (struct dirent *e; (e = readdir(dir));) {
        if (!strstr(e->d_name, ".bin"))
            continue;
        snprintf(path, sizeof path, "%s/%s", cache_dir, e->d_name);
        FILE *f = fopen(path, "r+b");
        assert_non_null(f);
        uint32_t klen = 0;
        assert_int_equal(fseek(f, 9, SEEK_SET), 0);
        assert_int_equal(fread(&klen, 4, 1, f), 1);
        assert_int_equal(fseek(f, 9 + 4 + (long)klen + 8, SEEK_SET), 0);
        unsigned char junk[64];
        memset(junk, 0x5a, sizeof junk);
        assert_int_equal(fwrite(junk, 1, sizeof junk, f), sizeof junk);
        fclose(f);
        corrupted++;
    }
    closedir(dir);
    assert_true(corrupted > 0);
    gpu_plugin p2;
    g16k_config_entry e[] = { { "cache_dir", cache_dir, 3 } };
    assert_int_equal(gpu_plugin_load(&p2, plugin_path, e, 1), 0);
    assert_int_equal(p2.create_rc, G16K_OK);
    p2.desc->destroy(p2.ctx);
    /* the current entries (one program per curve the plugin serves) were rewritten: their
     * payload no longer starts with the junk (older entries of other source versions may stay
     * corrupt) */
    dir = opendir(cache_dir);
    assert_non_null(dir);
    int rewritten = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        if (!strstr(e->d_name, ".bin"))
            continue;
        snprintf(path, sizeof path, "%s/%s", cache_dir, e->d_name);
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        uint32_t klen = 0;
        unsigned char head[64], junk[64];
        memset(junk, 0x5a, sizeof junk);
        assert_int_equal(fseek(f, 9, SEEK_SET), 0);
        assert_int_equal(fread(&klen, 4, 1, f), 1);
        assert_int_equal(fseek(f, 9 + 4 + (long)klen + 8, SEEK_SET), 0);
        assert_int_equal(fread(head, 1, sizeof head, f), sizeof head);
        fclose(f);
        rewritten += memcmp(head, junk, sizeof head) != 0;
    }
    closedir(dir);
    assert_int_equal(rewritten, 1 + (int)plugin.desc->n_more_curves);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s <plugin.so> <cache dir | ->\n", argv[0]);
        return 2;
    }
    plugin_path = argv[1];
    cache_dir = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_unknown_key_rejected),
        cmocka_unit_test(test_msm_g1_random_matches_naive),
        cmocka_unit_test(test_msm_g1_edges),
        cmocka_unit_test(test_msm_g2_random_and_edges),
        cmocka_unit_test(test_msm_g1_01_heavy_matches_naive),
        cmocka_unit_test(test_msm_g2_01_heavy_matches_naive),
        cmocka_unit_test(test_ntt_all_directions_match_naive),
        cmocka_unit_test(test_bad_arguments_rejected),
        cmocka_unit_test(test_msm_split_under_small_limits),
        cmocka_unit_test(test_program_cache_corrupt_rebuilt),
    };
    int failed = cmocka_run_group_tests(tests, setup, teardown);
    if (failed == 0 && no_device)
        return 77; /* SKIP_RETURN_CODE: no device, visibly */
    return failed;
}
