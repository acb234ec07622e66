/*
 * core/setup/fixed_base.c (k * G for many k by a table of the generator G) against
 * double-and-add (g*_jac_mul, an independent computation), on both of its paths (the IFMA
 * lanes where this CPU has them, and the reference), through both entries (fixed_base_*_batch
 * on pool threads, fixed_base_*_run on the calling thread, which `ptau contribute` uses), and
 * with the table built on one thread and on several (the same bytes). Built once per curve:
 * test_fixed_base_bn254.c includes this file with SETUP_CURVE_BN254 (core/setup/curve_sel.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "g16k/plugin.h"
#include "setup/internal.h"

/* Scalars spanning several pool chunks and partial lane groups: random ones, 0, 1, r - 1, one
 * nonzero window, all-ones windows, and digits 0 in the lowest windows (accumulators start
 * late). Every value is below both curves' r (top limbs 0x73ed... and 0x3064...). */
#define FB_N 2093
static void fb_scalars(fr_t *k)
{
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < FB_N; i++) {
        fr_t c;
        for (int l = 0; l < FR_LIMBS; l++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            c.l[l] = x;
        }
        c.l[3] &= 0x0fffffffffffffffULL;
        if (i % 5 == 1)
            c.l[0] = c.l[1] = 0; /* low windows 0 */
        if (i % 7 == 2)
            memset(c.l, 0, sizeof c.l), c.l[i % 3] = (uint64_t)0xff << (8 * (i % 8));
        if (i % 11 == 3)
            memset(c.l, 0xff, sizeof c.l), c.l[3] = 0x2fffffffffffffffULL;
        assert_int_equal(fr_from_canon(&k[i], &c), 0);
    }
    fr_t one;
    fr_set_u64(&one, 1);
    memset(&k[0], 0, sizeof k[0]); /* 0 -> infinity */
    k[1] = one;                    /* 1 -> the generator */
    fr_neg(&k[FB_N - 1], &one);    /* r - 1 -> minus the generator */
}

#define TABLE_POINTS ((size_t)FIXED_BASE_WINDOWS * FIXED_BASE_DIGITS)

static void test_fixed_base_matches_double_and_add(void **state)
{
    (void)state;
    fr_t *k = malloc(FB_N * sizeof *k);
    g1_affine_t *o1 = malloc(FB_N * sizeof *o1), *r1 = malloc(FB_N * sizeof *r1);
    g2_affine_t *o2 = malloc(FB_N * sizeof *o2), *r2 = malloc(FB_N * sizeof *r2);
    assert_true(k && o1 && o2 && r1 && r2);
    fb_scalars(k);
    fixed_base_g1 fb1, one1;
    fixed_base_g2 fb2, one2;
    assert_int_equal(fixed_base_g1_init(&fb1, &G1_GENERATOR, 0), G16K_OK);
    assert_int_equal(fixed_base_g2_init(&fb2, &G2_GENERATOR, 0), G16K_OK);
    /* rows built in parallel = rows built one after the other */
    assert_int_equal(fixed_base_g1_init(&one1, &G1_GENERATOR, 1), G16K_OK);
    assert_int_equal(fixed_base_g2_init(&one2, &G2_GENERATOR, 1), G16K_OK);
    assert_memory_equal(fb1.t, one1.t, TABLE_POINTS * sizeof *fb1.t);
    assert_memory_equal(fb2.t, one2.t, TABLE_POINTS * sizeof *fb2.t);
    fixed_base_g1_free(&one1);
    fixed_base_g2_free(&one2);
    g1_jac_t g1;
    g2_jac_t g2;
    g1_jac_from_affine(&g1, &G1_GENERATOR);
    g2_jac_from_affine(&g2, &G2_GENERATOR);
    int simd = fb1.simd;
    for (int path = simd; path >= 0; path--) {
        fb1.simd = fb2.simd = path;
        assert_int_equal(fixed_base_g1_batch(o1, &fb1, k, FB_N, 2, NULL, "t"), G16K_OK);
        assert_int_equal(fixed_base_g2_batch(o2, &fb2, k, FB_N, 2, NULL, "t"), G16K_OK);
        assert_int_equal(fixed_base_g1_run(r1, &fb1, k, FB_N), G16K_OK);
        assert_int_equal(fixed_base_g2_run(r2, &fb2, k, FB_N), G16K_OK);
        assert_memory_equal(o1, r1, FB_N * sizeof *o1);
        assert_memory_equal(o2, r2, FB_N * sizeof *o2);
        for (int i = 0; i < FB_N; i += (i < 64 ? 1 : 7)) { /* double-and-add is slow */
            fr_t c;
            g1_jac_t j1;
            g2_jac_t j2;
            g1_affine_t a1;
            g2_affine_t a2;
            fr_to_canon(&c, &k[i]);
            g1_jac_mul(&j1, &g1, c.l, FR_LIMBS);
            g2_jac_mul(&j2, &g2, c.l, FR_LIMBS);
            g1_jac_to_affine(&a1, &j1);
            g2_jac_to_affine(&a2, &j2);
            if (memcmp(&a1, &o1[i], sizeof a1) || memcmp(&a2, &o2[i], sizeof a2))
                fail_msg("fixed-base point %d differs from double-and-add (path %s)", i,
                         path ? "IFMA" : "reference");
        }
    }
    assert_true(g1_affine_is_inf(&o1[0]) && g2_affine_is_inf(&o2[0]));
    assert_memory_equal(&o1[1], &G1_GENERATOR, sizeof o1[1]);
    assert_memory_equal(&o2[1], &G2_GENERATOR, sizeof o2[1]);
    fixed_base_g1_free(&fb1);
    fixed_base_g2_free(&fb2);
    free(k);
    free(o1);
    free(o2);
    free(r1);
    free(r2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_base_matches_double_and_add),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
