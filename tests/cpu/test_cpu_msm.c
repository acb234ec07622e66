/*
 * The CPU plugin's MSM (G1 and G2) against a naive sum of g1_jac_mul / g2_jac_mul written
 * here, on BLS12-381, or on BN254 when built with CPU_CURVE_BN254 (its groups under the same
 * names, arith/bn254_as_bls12_381.h): random inputs of several lengths (n = 1, not a power of two), zero scalars, scalar
 * r - 1, repeated points, P and -P, infinity bases, n = 0, every forced window 1..16 on G1 and a
 * spread on G2, both scalar encodings, both point and result encodings, several thread counts,
 * and the argument errors. The batch-affine bucket path (windows >= 10) gets its own cases:
 * every point in one bucket (conflicts and doublings), P and -P meeting in a bucket, sizes
 * around the batch length, and results equal to the Jacobian path (window 9) and to closed
 * forms. The witness split (scalars 0 and 1) is checked with only 0/1 scalars, one other
 * scalar among them, and n = 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/curve.h"
#include "plugin_host.h"
#include "test_util.h"
#ifdef CPU_CURVE_BN254 /* the same test on BN254's groups */
#include "bn254_as_bls12_381.h"
#define TOP_ONES "0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" /* < r */
#else
#define TOP_ONES "0x3fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
#endif
#define G1W (2 * FP_BYTES) /* affine wire bytes: 96 / 192 (BN254 64 / 128) */
#define G2W (4 * FP_BYTES)

/* One group's test helpers, so every case runs on G1 and G2. */
typedef struct grp {
    uint32_t id;
    size_t wire; /* G1W / G2W */
    /* bytes (canonical wire) of k * base_i summed naively; bases given as canonical wire. */
    void (*naive)(uint8_t *out, const uint8_t *bases, const fr_t *k, uint64_t n);
    /* canonical wire bytes of a random point (seeded), or of -P for a given P. */
    void (*random_point)(uint8_t *out, uint64_t *seed);
    void (*neg)(uint8_t *out, const uint8_t *in);
    /* canonical wire -> Montgomery wire */
    void (*to_mont)(uint8_t *out, const uint8_t *in);
} grp;

static void g1_naive(uint8_t *out, const uint8_t *bases, const fr_t *k, uint64_t n)
{
    g1_jac_t acc;
    g1_jac_set_inf(&acc);
    for (uint64_t i = 0; i < n; i++) {
        g1_affine_t a;
        g1_jac_t p;
        assert_int_equal(g1_affine_from_bytes_canon(&a, bases + G1W * i), 0);
        if (g1_affine_is_inf(&a))
            continue;
        g1_jac_from_affine(&p, &a);
        g1_jac_mul(&p, &p, k[i].l, 4);
        g1_jac_add(&acc, &acc, &p);
    }
    memset(out, 0, G1W);
    if (!g1_jac_is_inf(&acc)) {
        g1_affine_t a;
        g1_jac_to_affine(&a, &acc);
        g1_affine_to_bytes_canon(out, &a);
    }
}

static void g1_random(uint8_t *out, uint64_t *seed)
{
    g1_jac_t p;
    g1_affine_t a;
    uint64_t k = tu_rand(seed) | 1;
    g1_jac_from_affine(&p, &G1_GENERATOR);
    g1_jac_mul(&p, &p, &k, 1);
    g1_jac_to_affine(&a, &p);
    g1_affine_to_bytes_canon(out, &a);
}

static void g1_negate(uint8_t *out, const uint8_t *in)
{
    g1_affine_t a;
    g1_affine_from_bytes_canon(&a, in);
    g1_affine_neg(&a, &a);
    g1_affine_to_bytes_canon(out, &a);
}

static void g1_mont(uint8_t *out, const uint8_t *in)
{
    g1_affine_t a;
    g1_affine_from_bytes_canon(&a, in);
    fp_to_bytes_mont(out, &a.x);
    fp_to_bytes_mont(out + FP_BYTES, &a.y);
}

static void g2_naive(uint8_t *out, const uint8_t *bases, const fr_t *k, uint64_t n)
{
    g2_jac_t acc;
    g2_jac_set_inf(&acc);
    for (uint64_t i = 0; i < n; i++) {
        g2_affine_t a;
        g2_jac_t p;
        assert_int_equal(g2_affine_from_bytes_canon(&a, bases + G2W * i), 0);
        if (g2_affine_is_inf(&a))
            continue;
        g2_jac_from_affine(&p, &a);
        g2_jac_mul(&p, &p, k[i].l, 4);
        g2_jac_add(&acc, &acc, &p);
    }
    memset(out, 0, G2W);
    if (!g2_jac_is_inf(&acc)) {
        g2_affine_t a;
        g2_jac_to_affine(&a, &acc);
        g2_affine_to_bytes_canon(out, &a);
    }
}

static void g2_random(uint8_t *out, uint64_t *seed)
{
    g2_jac_t p;
    g2_affine_t a;
    uint64_t k = tu_rand(seed) | 1;
    g2_jac_from_affine(&p, &G2_GENERATOR);
    g2_jac_mul(&p, &p, &k, 1);
    g2_jac_to_affine(&a, &p);
    g2_affine_to_bytes_canon(out, &a);
}

static void g2_negate(uint8_t *out, const uint8_t *in)
{
    g2_affine_t a;
    g2_affine_from_bytes_canon(&a, in);
    g2_affine_neg(&a, &a);
    g2_affine_to_bytes_canon(out, &a);
}

static void g2_mont(uint8_t *out, const uint8_t *in)
{
    g2_affine_t a;
    g2_affine_from_bytes_canon(&a, in);
    fp_to_bytes_mont(out, &a.x.c0);
    fp_to_bytes_mont(out + FP_BYTES, &a.x.c1);
    fp_to_bytes_mont(out + 2 * FP_BYTES, &a.y.c0);
    fp_to_bytes_mont(out + 3 * FP_BYTES, &a.y.c1);
}

static const grp G1 = { G16K_G1, G1W, g1_naive, g1_random, g1_negate, g1_mont };
static const grp G2 = { G16K_G2, G2W, g2_naive, g2_random, g2_negate, g2_mont };

static const g16k_msm_vtable *vt(void)
{
    return TU_VT(th_plugin(), msm);
}

/* Scalars kinds for a case. */
enum { S_RANDOM, S_ZERO, S_R_MINUS_1, S_MIXED };

static void make_scalars(fr_t *k, uint64_t n, int kind, uint64_t *seed)
{
    for (uint64_t i = 0; i < n; i++) {
        int kk = kind == S_MIXED ? (int)(tu_rand(seed) % 4) : kind;
        switch (kk) {
        case S_ZERO: memset(&k[i], 0, sizeof k[i]); break;
        case S_R_MINUS_1: tu_r_minus_1(&k[i]); break;
        case 3: /* small: 1, 2 or 3 (witness-like) */
            memset(&k[i], 0, sizeof k[i]);
            k[i].l[0] = 1 + tu_rand(seed) % 3;
            break;
        default: tu_rand_canon(&k[i], seed);
        }
    }
}

/* Run the plugin on (bases, k) with the given window/threads/encodings and compare with
 * expect (canonical wire bytes of the sum), or with the naive sum when expect is NULL.
 * bases are canonical wire bytes. */
static void check_against(const grp *g, const uint8_t *bases, const fr_t *k, uint64_t n,
                          uint32_t window, uint32_t threads, uint32_t point_enc,
                          uint32_t scalar_enc, uint32_t result_enc, const uint8_t *expect)
{
    uint8_t *pts = malloc(n ? n * g->wire : 1);
    for (uint64_t i = 0; i < n; i++) {
        if (point_enc == G16K_ENC_MONTGOMERY)
            g->to_mont(pts + i * g->wire, bases + i * g->wire);
        else
            memcpy(pts + i * g->wire, bases + i * g->wire, g->wire);
    }
    uint8_t *sc = malloc(n ? n * 32 : 1);
    for (uint64_t i = 0; i < n; i++) {
        if (scalar_enc == G16K_ENC_MONTGOMERY) {
            fr_t m;
            fr_from_canon(&m, &k[i]);
            fr_to_bytes_mont(sc + 32 * i, &m);
        } else {
            memcpy(sc + 32 * i, k[i].l, 32);
        }
    }
    g16k_msm_bases *b = NULL;
    assert_int_equal(vt()->bases_create(th_ctx(), g->id, pts, n, point_enc, &b), G16K_OK);
    g16k_msm_params params = { .struct_size = sizeof params, .window = window, .threads = threads };
    uint8_t got[G2W], want[G2W];
    assert_int_equal(vt()->msm(b, sc, n, scalar_enc, &params, got, result_enc), G16K_OK);
    if (expect)
        memcpy(want, expect, g->wire);
    else
        g->naive(want, bases, k, n);
    if (result_enc == G16K_ENC_MONTGOMERY)
        g->to_mont(want, want); /* zeros (infinity) stay zeros */
    if (memcmp(got, want, g->wire) != 0)
        fail_msg("G%u n=%llu window=%u threads=%u enc p/s/r=%u/%u/%u: result differs", g->id,
                 (unsigned long long)n, window, threads, point_enc, scalar_enc, result_enc);
    vt()->bases_destroy(b);
    free(pts);
    free(sc);
}

static void check(const grp *g, const uint8_t *bases, const fr_t *k, uint64_t n, uint32_t window,
                  uint32_t threads, uint32_t point_enc, uint32_t scalar_enc, uint32_t result_enc)
{
    check_against(g, bases, k, n, window, threads, point_enc, scalar_enc, result_enc, NULL);
}

static uint8_t *random_bases(const grp *g, uint64_t n, uint64_t *seed)
{
    uint8_t *p = malloc(n * g->wire);
    for (uint64_t i = 0; i < n; i++)
        g->random_point(p + i * g->wire, seed);
    return p;
}

/* Random bases and scalars for n = ns[0..count); G2 takes the shorter list (its naive
 * reference is ~3x slower, and the tests must stay quick under sanitizers). */
static void random_cases(const grp *g, uint64_t seed0, size_t count)
{
    uint64_t seed = seed0;
    const uint64_t ns[] = { 1, 2, 3, 7, 33, 100 };
    for (size_t t = 0; t < count; t++) {
        uint64_t n = ns[t];
        uint8_t *bases = random_bases(g, n, &seed);
        fr_t *k = malloc(n * sizeof *k);
        make_scalars(k, n, S_RANDOM, &seed);
        check(g, bases, k, n, 0, 0, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
        make_scalars(k, n, S_MIXED, &seed);
        check(g, bases, k, n, 0, (uint32_t)t + 1, G16K_ENC_MONTGOMERY, G16K_ENC_MONTGOMERY,
              G16K_ENC_MONTGOMERY);
        free(k);
        free(bases);
    }
}

static void test_msm_g1_random(void **state)
{
    (void)state;
    random_cases(&G1, 100, 6);
}

static void test_msm_g2_random(void **state)
{
    (void)state;
    random_cases(&G2, 200, 5);
}

/* zero scalars, r-1, repeated points, P and -P, infinity bases, n = 0 */
static void edge_cases(const grp *g, uint64_t seed0)
{
    uint64_t seed = seed0;
    const uint64_t n = 24;
    uint8_t *bases = random_bases(g, n, &seed);
    fr_t *k = malloc(n * sizeof *k);

    make_scalars(k, n, S_ZERO, &seed); /* all zero: infinity */
    check(g, bases, k, n, 0, 0, G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL);
    make_scalars(k, n, S_R_MINUS_1, &seed); /* = -sum P */
    check(g, bases, k, n, 0, 0, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    check(g, bases, k, n, 5, 2, G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY, G16K_ENC_MONTGOMERY);

    /* Every point the same: P + P meets in buckets. */
    for (uint64_t i = 1; i < n; i++)
        memcpy(bases + i * g->wire, bases, g->wire);
    make_scalars(k, n, S_MIXED, &seed);
    check(g, bases, k, n, 0, 0, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    make_scalars(k, n, S_R_MINUS_1, &seed);
    for (uint64_t i = 0; i < n; i += 2)
        k[i].l[0] = 7; /* same scalar 7 on half, r-1 on the others */
    check(g, bases, k, n, 3, 3, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);

    /* P and -P with equal scalars cancel exactly: infinity. */
    for (uint64_t i = 0; i < n; i += 2) {
        g->random_point(bases + i * g->wire, &seed);
        g->neg(bases + (i + 1) * g->wire, bases + i * g->wire);
    }
    make_scalars(k, n, S_RANDOM, &seed);
    for (uint64_t i = 0; i < n; i += 2)
        k[i + 1] = k[i];
    check(g, bases, k, n, 0, 0, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    k[0].l[0] ^= 1; /* now only nearly cancelling */
    check(g, bases, k, n, 0, 0, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);

    /* Infinity bases every third point, and all of them. */
    for (uint64_t i = 0; i < n; i += 3)
        memset(bases + i * g->wire, 0, g->wire);
    make_scalars(k, n, S_MIXED, &seed);
    check(g, bases, k, n, 0, 0, G16K_ENC_MONTGOMERY, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL);
    memset(bases, 0, n * g->wire);
    check(g, bases, k, n, 0, 0, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY);

    /* n = 0: (0,0), with or without a scalar buffer; also fewer scalars than bases. */
    check(g, bases, k, 0, 0, 0, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    g16k_msm_bases *b = NULL;
    uint8_t *pts = random_bases(g, 4, &seed);
    assert_int_equal(vt()->bases_create(th_ctx(), g->id, pts, 4, G16K_ENC_CANONICAL, &b), G16K_OK);
    uint8_t got[G2W], want[G2W];
    memset(got, 0xab, sizeof got);
    assert_int_equal(vt()->msm(b, NULL, 0, G16K_ENC_CANONICAL, NULL, got, G16K_ENC_CANONICAL),
                     G16K_OK);
    memset(want, 0, sizeof want);
    assert_memory_equal(got, want, g->wire);
    make_scalars(k, 4, S_RANDOM, &seed);
    assert_int_equal(vt()->msm(b, k, 3, G16K_ENC_CANONICAL, NULL, got, G16K_ENC_CANONICAL),
                     G16K_OK);
    g->naive(want, pts, k, 3);
    assert_memory_equal(got, want, g->wire);
    vt()->bases_destroy(b);
    free(pts);
    free(k);
    free(bases);
}

static void test_msm_g1_edges(void **state)
{
    (void)state;
    edge_cases(&G1, 300);
}

static void test_msm_g2_edges(void **state)
{
    (void)state;
    edge_cases(&G2, 400);
}

#ifdef CPU_CURVE_BN254
/* BN254's: the boundaries of its splits (arith/bn254/glv.h: GLV on G1 with the eigenvalue
 * lambda of sigma, GLS on G2 with l = 6x^2, the eigenvalue of psi), values computed with Python
 * integers; each alone and all together against the naive sum, windows auto, 4 and 13. */
static const char *const SPLIT_EDGES[] = {
    "0x30644e72e131a029048b6e193fd84104cc37a73fec2bc5e9b8ca0b2d36636f22", /* lambda - 1 */
    "0x30644e72e131a029048b6e193fd84104cc37a73fec2bc5e9b8ca0b2d36636f23", /* lambda */
    "0x30644e72e131a029048b6e193fd84104cc37a73fec2bc5e9b8ca0b2d36636f24", /* lambda + 1 */
    "0x0000000000000000b3c4d79d41a917585bfc41088d8daaa78b17ea66b99c90de", /* r - lambda */
    "0x000000000000000000000000000000006f4d8248eeb859fbf83e9682e87cfd45", /* l - 1 */
    "0x000000000000000000000000000000006f4d8248eeb859fbf83e9682e87cfd46", /* l */
    "0x000000000000000000000000000000006f4d8248eeb859fbf83e9682e87cfd47", /* l + 1 */
    "0x00000000000000000000000000000000de9b0491dd70b3f7f07d2d05d0f9fa8c", /* 2 l */
    "0x0000000000000000000000000000000080000000000000000000000000000000", /* 2^127 */
    "0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff", /* 2^128 - 1 */
    "0x0000000000000000000000000000000100000000000000000000000000000000", /* 2^128 */
    "0x30644e72e131a029b85045b68181585cb8e665ff8b0116954ba35f11078302bb", /* r - l */
    "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593efffffff", /* r - 2 */
};
#else
/* Scalars at the base-|x| digit boundaries of the endomorphism split (cpu/msm_endo.c: k =
 * d0 + d1 |x| + d2 |x|^2 + d3 |x|^3, |x| = 0xd201000000010000), values computed with Python
 * integers: |x| - 1, |x|, |x| + 1, x^2 - 1, x^2, x^2 + 1, |x|^3 - 1, |x|^3,
 * |x|^3 + x^2 + |x| + 1, (|x| - 1)(1 + |x| + x^2), r - |x|, r - x^2, r - |x|^3, r - 2; each
 * alone (one point, so the window's only bucket sees it) and all together against the naive
 * sum, windows auto, 4 and 13. */
static const char *const SPLIT_EDGES[] = {
    "0x000000000000000000000000000000000000000000000000d20100000000ffff",
    "0x000000000000000000000000000000000000000000000000d201000000010000",
    "0x000000000000000000000000000000000000000000000000d201000000010001",
    "0x00000000000000000000000000000000ac45a4010001a40200000000ffffffff",
    "0x00000000000000000000000000000000ac45a4010001a4020000000100000000",
    "0x00000000000000000000000000000000ac45a4010001a4020000000100000001",
    "0x00000000000000008d51ccce760304d0ec030002760300000000ffffffffffff",
    "0x00000000000000008d51ccce760304d0ec030002760300000001000000000000",
    "0x00000000000000008d51ccce760304d19848a4037604a402d202000100010001",
    "0x00000000000000008d51ccce760304d0ec030002760300000000ffffffffffff",
    "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfe2dfefffeffff0001",
    "0x73eda753299d7d483339d80809a1d804a7780001fffcb7fcfffffffe00000001",
    "0x73eda753299d7d47a5e80b39939ed33467baa40089fb5bfefffeffff00000001",
    "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfefffffffeffffffff",
};

#endif

static void split_edges(const grp *g, uint64_t seed)
{
    const uint64_t n = sizeof SPLIT_EDGES / sizeof SPLIT_EDGES[0];
    uint8_t *bases = random_bases(g, n, &seed);
    fr_t k[sizeof SPLIT_EDGES / sizeof SPLIT_EDGES[0]];
    for (uint64_t i = 0; i < n; i++)
        tu_hex(&k[i], SPLIT_EDGES[i]);
    for (uint64_t i = 0; i < n; i++)
        check(g, bases + i * g->wire, &k[i], 1, 0, 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL,
              G16K_ENC_CANONICAL);
    const uint32_t windows[] = { 0, 4, 13 };
    for (size_t w = 0; w < 3; w++)
        check(g, bases, k, n, windows[w], 1 + (uint32_t)w % 2, G16K_ENC_CANONICAL,
              G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL);
    /* 16 copies (the split starts at 16 scalars), each scalar once per copy. */
    uint8_t *many = malloc(16 * n * g->wire);
    fr_t *km = malloc(16 * n * sizeof *km);
    for (uint64_t i = 0; i < 16 * n; i++) {
        memcpy(many + i * g->wire, bases + (i % n) * g->wire, g->wire);
        km[i] = k[(i / n + i) % n];
    }
    check(g, many, km, 16 * n, 0, 2, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    free(km);
    free(many);
    free(bases);
}

static void test_msm_split_edges(void **state)
{
    (void)state;
    split_edges(&G1, 610);
    split_edges(&G2, 620);
}

static void test_msm_g1_every_window(void **state)
{
    (void)state;
    uint64_t seed = 500;
    const uint64_t n = 41;
    uint8_t *bases = random_bases(&G1, n, &seed);
    fr_t *k = malloc(n * sizeof *k);
    uint8_t want[2][G1W];
    for (int v = 0; v < 2; v++) {
        make_scalars(k, n, v ? S_MIXED : S_RANDOM, &seed);
        tu_r_minus_1(&k[v + 3]);
        G1.naive(want[v], bases, k, n);
        for (uint32_t c = 1; c <= 16; c++)
            check_against(&G1, bases, k, n, c, c % 4 + 1, G16K_ENC_CANONICAL,
                          c % 3 ? G16K_ENC_CANONICAL : G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL,
                          want[v]);
    }
    free(k);
    free(bases);
}

static void test_msm_g2_windows(void **state)
{
    (void)state;
    uint64_t seed = 600;
    const uint64_t n = 19;
    uint8_t *bases = random_bases(&G2, n, &seed);
    fr_t *k = malloc(n * sizeof *k);
    const uint32_t cs[] = { 1, 2, 4, 7, 9, 12 };
    uint8_t want[G2W];
    make_scalars(k, n, S_MIXED, &seed);
    G2.naive(want, bases, k, n);
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
        check_against(&G2, bases, k, n, cs[i], (uint32_t)i + 1, G16K_ENC_MONTGOMERY,
                      G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY, want);
    free(k);
    free(bases);
}

/* Canonical wire bytes of m * P (P canonical wire bytes), for closed-form expectations. */
static void g1_mul_bytes(uint8_t *out, const uint8_t *p, const fr_t *m)
{
    g1_affine_t a;
    g1_jac_t j;
    g1_affine_from_bytes_canon(&a, p);
    g1_jac_from_affine(&j, &a);
    g1_jac_mul(&j, &j, m->l, 4);
    memset(out, 0, G1W);
    if (!g1_jac_is_inf(&j)) {
        g1_jac_to_affine(&a, &j);
        g1_affine_to_bytes_canon(out, &a);
    }
}

/* n * s mod r for a canonical s < r, by repeated modular addition in Montgomery form. */
static void times_n(fr_t *out, const fr_t *s, uint64_t n)
{
    fr_t m;
    fr_t acc = { { 0 } };
    fr_from_canon(&m, s);
    for (uint64_t i = 0; i < n; i++)
        fr_add(&acc, &acc, &m);
    fr_to_canon(out, &acc);
}

/* Windows 10..13 take the batch-affine path (batch = min(2048, B / 8) additions for the B
 * buckets of a task's window group, cpu/msm_batch_affine.c and msm_pippenger.c). */
static void test_msm_g1_batch_affine_edges(void **state)
{
    (void)state;
    uint64_t seed = 800;
    const uint64_t n = 1100;
    uint8_t *bases = random_bases(&G1, n, &seed);
    fr_t *k = malloc(n * sizeof *k);
    uint8_t want[G1W];

    /* Random points and scalars; sizes around batch lengths (window 10: 4096 buckets in a group,
     * 512 additions a batch; the endomorphism split makes each G1 point two scalars) (2 threads:
     * chunks split too). Jacobian window 9 and naive agree. */
    const uint64_t ns[] = { 127, 128, 129, 255, 256, 257, 300, 513 };
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        make_scalars(k, ns[t], t % 2 ? S_MIXED : S_RANDOM, &seed);
        tu_r_minus_1(&k[ns[t] - 1]);
        G1.naive(want, bases, k, ns[t]);
        for (uint32_t c = 9; c <= 13; c++)
            check_against(&G1, bases, k, ns[t], c, 1 + (uint32_t)t % 2, G16K_ENC_CANONICAL,
                          G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, want);
    }

    /* One point, one scalar, n times: every addition of a window hits one bucket (bucket == P,
     * doublings, then conflicts into the side bucket). Expect (n * s) P. */
    uint8_t *same = malloc(n * G1W);
    for (uint64_t i = 0; i < n; i++)
        memcpy(same + i * G1W, bases, G1W);
    const uint64_t cnts[] = { 1, 2, 3, 1023, 1024, 1025, 1100 };
    for (size_t t = 0; t < sizeof cnts / sizeof cnts[0]; t++) {
        fr_t s;
        fr_t m;
        if (t % 3 == 0)
            tu_r_minus_1(&s);
        else if (t % 3 == 1)
            tu_hex(&s, TOP_ONES);
        else
            tu_rand_canon(&s, &seed);
        for (uint64_t i = 0; i < cnts[t]; i++)
            k[i] = s;
        times_n(&m, &s, cnts[t]);
        g1_mul_bytes(want, bases, &m);
        check_against(&G1, same, k, cnts[t], 10 + (uint32_t)t % 4, 1, G16K_ENC_CANONICAL,
                      G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, want);
        check_against(&G1, same, k, cnts[t], 16, 2, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL,
                      G16K_ENC_MONTGOMERY, want);
    }

    /* P, -P, P, -P ... with one scalar: buckets empty out and refill. Odd n leaves P * s. */
    for (uint64_t i = 0; i < n; i++)
        G1.neg(same + i * G1W, bases);
    for (uint64_t i = 0; i < n; i += 2)
        memcpy(same + i * G1W, bases, G1W);
    fr_t s;
    tu_rand_canon(&s, &seed);
    for (uint64_t i = 0; i < n; i++)
        k[i] = s;
    memset(want, 0, sizeof want);
    check_against(&G1, same, k, 1024, 11, 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL,
                  G16K_ENC_CANONICAL, want);
    g1_mul_bytes(want, bases, &s);
    check_against(&G1, same, k, 1025, 12, 2, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL,
                  G16K_ENC_CANONICAL, want);

    /* Pairs (P_i, -P_i) and repeats (P_i, P_i) spread over many buckets, infinity every 5th,
     * random scalars: naive and every path agree. */
    const uint64_t m = 200;
    for (uint64_t i = 0; i + 3 < m; i += 4) {
        G1.neg(bases + (i + 1) * G1W, bases + i * G1W);
        memcpy(bases + (i + 3) * G1W, bases + (i + 2) * G1W, G1W);
    }
    for (uint64_t i = 0; i < m; i += 5)
        memset(bases + i * G1W, 0, G1W);
    make_scalars(k, m, S_RANDOM, &seed);
    for (uint64_t i = 0; i + 3 < m; i += 4) {
        k[i + 1] = k[i];
        k[i + 3] = k[i + 2];
    }
    G1.naive(want, bases, k, m);
    for (uint32_t c = 9; c <= 12; c++)
        check_against(&G1, bases, k, m, c, 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL,
                      G16K_ENC_CANONICAL, want);
    free(same);
    free(k);
    free(bases);
}

static void test_msm_g2_batch_affine(void **state)
{
    (void)state;
    uint64_t seed = 900;
    const uint64_t n = 130;
    uint8_t *bases = random_bases(&G2, n, &seed);
    fr_t *k = malloc(n * sizeof *k);
    uint8_t want[G2W];
    for (uint64_t i = 0; i + 1 < 40; i += 2) /* P, -P pairs and one repeat run */
        G2.neg(bases + (i + 1) * G2W, bases + i * G2W);
    for (uint64_t i = 40; i < 60; i++)
        memcpy(bases + i * G2W, bases + 40 * G2W, G2W);
    memset(bases + 70 * G2W, 0, G2W);
    make_scalars(k, n, S_MIXED, &seed);
    for (uint64_t i = 0; i + 1 < 40; i += 2)
        k[i + 1] = k[i];
    for (uint64_t i = 40; i < 60; i++)
        k[i] = k[40];
    G2.naive(want, bases, k, n);
    for (uint32_t c = 9; c <= 11; c++)
        check_against(&G2, bases, k, n, c, c % 2 + 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL,
                      G16K_ENC_CANONICAL, want);
    free(k);
    free(bases);
}

/* Witness-like scalars: only 0 and 1 (no Pippenger at all), one larger scalar among them,
 * n = 1 with scalar 1, all ones. */
static void witness_cases(const grp *g, uint64_t seed0)
{
    uint64_t seed = seed0;
    const uint64_t n = 37;
    uint8_t *bases = random_bases(g, n, &seed);
    memset(bases + 5 * g->wire, 0, g->wire); /* an infinity base with scalar 1 */
    fr_t *k = malloc(n * sizeof *k);
    for (uint64_t i = 0; i < n; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].l[0] = tu_rand(&seed) % 2;
    }
    k[5].l[0] = 1;
    check(g, bases, k, n, 0, 2, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    check(g, bases, k, n, 3, 1, G16K_ENC_MONTGOMERY, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL);
    tu_r_minus_1(&k[9]);
    check(g, bases, k, n, 0, 3, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    k[9].l[0] = 2;
    k[9].l[1] = k[9].l[2] = k[9].l[3] = 0;
    check(g, bases, k, n, 10, 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY);
    for (uint64_t i = 0; i < n; i++) {
        memset(&k[i], 0, sizeof k[i]);
        k[i].l[0] = 1;
    }
    check(g, bases, k, n, 0, 2, G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL);
    check(g, bases, k, 1, 0, 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    k[0].l[0] = 0;
    check(g, bases, k, 1, 0, 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL);
    free(k);
    free(bases);
}

static void test_msm_witness_split(void **state)
{
    (void)state;
    witness_cases(&G1, 1000);
    witness_cases(&G2, 1100);
}

static void test_msm_rejects_bad_arguments(void **state)
{
    (void)state;
    uint64_t seed = 700;
    uint8_t *pts = random_bases(&G1, 2, &seed);
    g16k_msm_bases *b = NULL;
    assert_int_equal(vt()->bases_create(th_ctx(), 3, pts, 2, G16K_ENC_CANONICAL, &b),
                     G16K_EUNSUPPORTED);
    assert_int_equal(vt()->bases_create(th_ctx(), G16K_G1, pts, 2, 0, &b), G16K_EINVAL);
    uint8_t bad[G1W];
    memcpy(bad, pts, G1W);
    memcpy(bad, FP_MODULUS.l, FP_BYTES); /* x = p */
    assert_int_equal(vt()->bases_create(th_ctx(), G16K_G1, bad, 1, G16K_ENC_CANONICAL, &b),
                     G16K_EINVAL);
    assert_null(b);
    assert_int_equal(vt()->bases_create(th_ctx(), G16K_G1, pts, 2, G16K_ENC_CANONICAL, &b),
                     G16K_OK);
    fr_t k[3] = { { { 1 } }, { { 2 } }, { { 3 } } };
    uint8_t out[G1W];
    assert_int_equal(vt()->msm(b, k, 3, G16K_ENC_CANONICAL, NULL, out, G16K_ENC_CANONICAL),
                     G16K_EINVAL);
    assert_int_equal(vt()->msm(b, k, 2, 0, NULL, out, G16K_ENC_CANONICAL), G16K_EINVAL);
    assert_int_equal(vt()->msm(b, k, 2, G16K_ENC_CANONICAL, NULL, out, 0), G16K_EINVAL);
    g16k_msm_params p = { .struct_size = sizeof p, .window = 25 };
    assert_int_equal(vt()->msm(b, k, 2, G16K_ENC_CANONICAL, &p, out, G16K_ENC_CANONICAL),
                     G16K_EINVAL);
    k[1] = FR_MODULUS; /* scalar = r is not < r */
    host_clear_error();
    assert_int_equal(vt()->msm(b, k, 2, G16K_ENC_CANONICAL, NULL, out, G16K_ENC_CANONICAL),
                     G16K_EINVAL);
    assert_non_null(strstr(host_last_error(), "[1]"));
    vt()->bases_destroy(b);
    vt()->bases_destroy(NULL);
    free(pts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_msm_g1_random),
        cmocka_unit_test(test_msm_g2_random),
        cmocka_unit_test(test_msm_g1_edges),
        cmocka_unit_test(test_msm_g2_edges),
        cmocka_unit_test(test_msm_split_edges),
        cmocka_unit_test(test_msm_g1_every_window),
        cmocka_unit_test(test_msm_g2_windows),
        cmocka_unit_test(test_msm_g1_batch_affine_edges),
        cmocka_unit_test(test_msm_g2_batch_affine),
        cmocka_unit_test(test_msm_witness_split),
        cmocka_unit_test(test_msm_rejects_bad_arguments),
    };
    if (getenv("CPU_TEST_FILTER")) /* run one test by name pattern when debugging */
        cmocka_set_test_filter(getenv("CPU_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
