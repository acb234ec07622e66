/*
 * Subgroup tests (arith/bls12_381 g1.c, g2.c: Scott's endomorphism tests) against the naive test
 * [r] P == O: 10^4 subgroup points of each group, and the crafted points of vectors/torsion.txt
 * (tools/vectors, independent arithmetic): for each small prime l of each cofactor (G1: 3, 11,
 * 10177, 859267, 52437899; G2: 13, 23, 2713, 11953, 262069), torsion points T of exact order l
 * and P + T with P in the subgroup. The orders are cross-checked here too: [l] T = O, T != O,
 * [r] (P + T) != O, [l r] (P + T) = O.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/curve.h"
#include "vectors.h"
#include "arith_check.h"

#define N_RANDOM 10000

static uint64_t rng = 0x243f6a8885a308d3ULL;

static uint64_t rnd(void)
{
    return splitmix64(&rng);
}

static void rnd_scalar(uint64_t k[4])
{
    for (int i = 0; i < 4; i++)
        k[i] = rnd();
    k[3] &= 0x3fffffffffffffffULL;
}

static int g1_naive(const g1_affine_t *p)
{
    g1_jac_t j;
    g1_jac_from_affine(&j, p);
    g1_jac_mul(&j, &j, FR_MODULUS.l, 4);
    return g1_jac_is_inf(&j);
}

static int g2_naive(const g2_affine_t *p)
{
    g2_jac_t j;
    g2_jac_from_affine(&j, p);
    g2_jac_mul(&j, &j, FR_MODULUS.l, 4);
    return g2_jac_is_inf(&j);
}

/* [l r] as limbs: l < 2^32, r < 2^255, so five limbs. */
static void times_r(uint64_t out[5], uint64_t l)
{
    unsigned __int128 c = 0;
    for (int i = 0; i < 4; i++) {
        c += (unsigned __int128)FR_MODULUS.l[i] * l;
        out[i] = (uint64_t)c;
        c >>= 64;
    }
    out[4] = (uint64_t)c;
}

/* Members: P_i = P_0 + i S with random P_0 = [k0] G and S = [k1] G (10^4 distinct points). */
static void test_g1_members_match_naive(void **state)
{
    (void)state;
    uint64_t k[4];
    g1_jac_t acc, step, g;
    g1_jac_t *jac = malloc(N_RANDOM * sizeof *jac);
    g1_affine_t *pts = malloc(N_RANDOM * sizeof *pts);
    assert_non_null(jac);
    assert_non_null(pts);
    g1_jac_from_affine(&g, &G1_GENERATOR);
    rnd_scalar(k);
    g1_jac_mul(&acc, &g, k, 4);
    rnd_scalar(k);
    g1_jac_mul(&step, &g, k, 4);
    for (int i = 0; i < N_RANDOM; i++) {
        jac[i] = acc;
        g1_jac_add(&acc, &acc, &step);
    }
    g1_jac_batch_to_affine(pts, jac, N_RANDOM);
    for (int i = 0; i < N_RANDOM; i++) {
        assert_true(g1_affine_is_on_curve(&pts[i]));
        assert_int_equal(g1_affine_in_subgroup(&pts[i]), 1);
        assert_int_equal(g1_naive(&pts[i]), 1);
    }
    free(jac);
    free(pts);
}

static void test_g2_members_match_naive(void **state)
{
    (void)state;
    uint64_t k[4];
    g2_jac_t acc, step, g;
    g2_jac_t *jac = malloc(N_RANDOM * sizeof *jac);
    g2_affine_t *pts = malloc(N_RANDOM * sizeof *pts);
    assert_non_null(jac);
    assert_non_null(pts);
    g2_jac_from_affine(&g, &G2_GENERATOR);
    rnd_scalar(k);
    g2_jac_mul(&acc, &g, k, 4);
    rnd_scalar(k);
    g2_jac_mul(&step, &g, k, 4);
    for (int i = 0; i < N_RANDOM; i++) {
        jac[i] = acc;
        g2_jac_add(&acc, &acc, &step);
    }
    g2_jac_batch_to_affine(pts, jac, N_RANDOM);
    for (int i = 0; i < N_RANDOM; i++) {
        assert_true(g2_affine_is_on_curve(&pts[i]));
        assert_int_equal(g2_affine_in_subgroup(&pts[i]), 1);
        assert_int_equal(g2_naive(&pts[i]), 1);
    }
    free(jac);
    free(pts);
}

typedef struct {
    int g1[2], g2[2];
} torsion_counts;

static void torsion_case(char **tok, int ntok, void *ctx)
{
    torsion_counts *n = ctx;
    uint64_t l = strtoull(tok[1], NULL, 10), lr[5];
    int is_t = strstr(tok[0], "torsion") != NULL;
    assert_true(l >= 3);
    times_r(lr, l);
    if (strncmp(tok[0], "g1_", 3) == 0) {
        assert_int_equal(ntok, 4);
        g1_affine_t p;
        g1_jac_t j, m;
        vec_g1(&p, tok + 2);
        assert_true(g1_affine_is_on_curve(&p));
        assert_false(g1_affine_is_inf(&p));
        assert_int_equal(g1_affine_in_subgroup(&p), 0);
        assert_int_equal(g1_naive(&p), 0);
        g1_jac_from_affine(&j, &p);
        if (is_t)
            g1_jac_mul(&m, &j, &l, 1); /* order exactly l: l prime, T != O */
        else
            g1_jac_mul(&m, &j, lr, 5); /* P + T has order l r */
        assert_true(g1_jac_is_inf(&m));
        n->g1[is_t]++;
    } else {
        assert_int_equal(ntok, 6);
        g2_affine_t p;
        g2_jac_t j, m;
        vec_g2(&p, tok + 2);
        assert_true(g2_affine_is_on_curve(&p));
        assert_false(g2_affine_is_inf(&p));
        assert_int_equal(g2_affine_in_subgroup(&p), 0);
        assert_int_equal(g2_naive(&p), 0);
        g2_jac_from_affine(&j, &p);
        if (is_t)
            g2_jac_mul(&m, &j, &l, 1);
        else
            g2_jac_mul(&m, &j, lr, 5);
        assert_true(g2_jac_is_inf(&m));
        n->g2[is_t]++;
    }
}

static void test_torsion_vectors(void **state)
{
    (void)state;
    torsion_counts n = { { 0, 0 }, { 0, 0 } };
    vec_for_each("torsion.txt", torsion_case, &n);
    /* two of each kind for each prime: 5 primes per group */
    assert_int_equal(n.g1[0], 10);
    assert_int_equal(n.g1[1], 10);
    assert_int_equal(n.g2[0], 10);
    assert_int_equal(n.g2[1], 10);
}

/* [|x|] P by the chain equals the generic double-and-add by BLS_X_ABS, on members, torsion
 * points (whose chains meet O and +-P on the way) and infinity. */
static void chain_case(char **tok, int ntok, void *ctx)
{
    (void)ntok;
    (void)ctx;
    static const uint64_t x_abs = BLS_X_ABS;
    if (strncmp(tok[0], "g1_", 3) == 0) {
        g1_affine_t p;
        g1_jac_t a, b;
        vec_g1(&p, tok + 2);
        g1_jac_mul_x_abs(&a, &p);
        g1_jac_from_affine(&b, &p);
        g1_jac_mul(&b, &b, &x_abs, 1);
        assert_true(g1_jac_eq(&a, &b));
    } else {
        g2_affine_t p;
        g2_jac_t a, b;
        vec_g2(&p, tok + 2);
        g2_jac_mul_x_abs(&a, &p);
        g2_jac_from_affine(&b, &p);
        g2_jac_mul(&b, &b, &x_abs, 1);
        assert_true(g2_jac_eq(&a, &b));
    }
}

static void test_mul_x_abs(void **state)
{
    (void)state;
    vec_for_each("torsion.txt", chain_case, NULL);
    g1_affine_t inf1;
    g2_affine_t inf2;
    g1_jac_t a;
    g2_jac_t b;
    memset(&inf1, 0, sizeof inf1);
    memset(&inf2, 0, sizeof inf2);
    g1_jac_mul_x_abs(&a, &inf1);
    g2_jac_mul_x_abs(&b, &inf2);
    assert_true(g1_jac_is_inf(&a) && g2_jac_is_inf(&b));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_torsion_vectors),
        cmocka_unit_test(test_mul_x_abs),
        cmocka_unit_test(test_g1_members_match_naive),
        cmocka_unit_test(test_g2_members_match_naive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
