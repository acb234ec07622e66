/*
 * G1 and G2: known answers from @noble/curves (vectors/g1.txt, vectors/g2.txt): scalar
 * multiplication of the generators and of random points, additions including doubling,
 * P + (-P) and infinity, and subgroup membership of subgroup points and of raw curve points
 * (random x with a valid y, not cleared of the cofactor). Membership is also cross-checked
 * against multiplication by r. Plus batch conversion to affine and byte encodings.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/curve.h"
#include "vectors.h"

/* ---- G1 ---- */
static void g1_case(char **tok, int ntok, void *ctx)
{
    int *nsub_out = ctx;
    if (strcmp(tok[0], "mul") == 0) {
        assert_int_equal(ntok, 6);
        uint64_t k[4];
        g1_affine_t p, want, got;
        g1_jac_t j;
        vec_scalar(k, tok[1]);
        vec_g1(&p, tok + 2);
        vec_g1(&want, tok + 4);
        g1_jac_from_affine(&j, &p);
        g1_jac_mul(&j, &j, k, 4);
        g1_jac_to_affine(&got, &j);
        assert_true(g1_affine_eq(&got, &want));
        assert_true(g1_affine_is_on_curve(&got));
    } else if (strcmp(tok[0], "add") == 0) {
        assert_int_equal(ntok, 7);
        g1_affine_t a, b, want, got;
        g1_jac_t ja, jb, s;
        vec_g1(&a, tok + 1);
        vec_g1(&b, tok + 3);
        vec_g1(&want, tok + 5);
        g1_jac_from_affine(&ja, &a);
        g1_jac_from_affine(&jb, &b);
        /* give ja a non-trivial Z so the Jacobian paths are exercised: 2a - a */
        g1_jac_t a2, na;
        g1_jac_dbl(&a2, &ja);
        g1_jac_neg(&na, &ja);
        g1_jac_add(&ja, &a2, &na);
        assert_true(g1_jac_eq(&ja, &(g1_jac_t){ a.x, a.y, FP_ONE }) || g1_affine_is_inf(&a));
        g1_jac_add(&s, &ja, &jb);
        g1_jac_to_affine(&got, &s);
        assert_true(g1_affine_eq(&got, &want));
        g1_jac_add_affine(&s, &ja, &b);
        g1_jac_to_affine(&got, &s);
        assert_true(g1_affine_eq(&got, &want));
        g1_jac_add(&jb, &jb, &ja); /* aliasing, other order */
        g1_jac_to_affine(&got, &jb);
        assert_true(g1_affine_eq(&got, &want));
    } else if (strcmp(tok[0], "sub") == 0) {
        assert_int_equal(ntok, 4);
        g1_affine_t p;
        vec_g1(&p, tok + 1);
        int want = tok[3][0] == '1';
        assert_true(g1_affine_is_on_curve(&p));
        assert_int_equal(g1_affine_in_subgroup(&p), want);
        g1_jac_t j;
        g1_jac_from_affine(&j, &p);
        g1_jac_mul(&j, &j, FR_MODULUS.l, 4);
        assert_int_equal(g1_jac_is_inf(&j), want);
        nsub_out[want]++;
    } else {
        fail_msg("unknown case %s", tok[0]);
    }
}

static void test_g1_vectors(void **state)
{
    (void)state;
    int nsub[2] = { 0, 0 };
    assert_true(vec_for_each("g1.txt", g1_case, nsub) > 40);
    assert_true(nsub[0] >= 4 && nsub[1] >= 4); /* both outcomes were exercised */
}

/* ---- G2 ---- */
static void g2_case(char **tok, int ntok, void *ctx)
{
    int *nsub_out = ctx;
    if (strcmp(tok[0], "mul") == 0) {
        assert_int_equal(ntok, 10);
        uint64_t k[4];
        g2_affine_t p, want, got;
        g2_jac_t j;
        vec_scalar(k, tok[1]);
        vec_g2(&p, tok + 2);
        vec_g2(&want, tok + 6);
        g2_jac_from_affine(&j, &p);
        g2_jac_mul(&j, &j, k, 4);
        g2_jac_to_affine(&got, &j);
        assert_true(g2_affine_eq(&got, &want));
        assert_true(g2_affine_is_on_curve(&got));
    } else if (strcmp(tok[0], "add") == 0) {
        assert_int_equal(ntok, 13);
        g2_affine_t a, b, want, got;
        g2_jac_t ja, jb, s, a2, na;
        vec_g2(&a, tok + 1);
        vec_g2(&b, tok + 5);
        vec_g2(&want, tok + 9);
        g2_jac_from_affine(&ja, &a);
        g2_jac_from_affine(&jb, &b);
        g2_jac_dbl(&a2, &ja);
        g2_jac_neg(&na, &ja);
        g2_jac_add(&ja, &a2, &na);
        g2_jac_add(&s, &ja, &jb);
        g2_jac_to_affine(&got, &s);
        assert_true(g2_affine_eq(&got, &want));
        g2_jac_add_affine(&s, &ja, &b);
        g2_jac_to_affine(&got, &s);
        assert_true(g2_affine_eq(&got, &want));
        g2_jac_add(&jb, &jb, &ja);
        g2_jac_to_affine(&got, &jb);
        assert_true(g2_affine_eq(&got, &want));
    } else if (strcmp(tok[0], "sub") == 0) {
        assert_int_equal(ntok, 6);
        g2_affine_t p;
        vec_g2(&p, tok + 1);
        int want = tok[5][0] == '1';
        assert_true(g2_affine_is_on_curve(&p));
        assert_int_equal(g2_affine_in_subgroup(&p), want);
        g2_jac_t j;
        g2_jac_from_affine(&j, &p);
        g2_jac_mul(&j, &j, FR_MODULUS.l, 4);
        assert_int_equal(g2_jac_is_inf(&j), want);
        nsub_out[want]++;
    } else {
        fail_msg("unknown case %s", tok[0]);
    }
}

static void test_g2_vectors(void **state)
{
    (void)state;
    int nsub[2] = { 0, 0 };
    assert_true(vec_for_each("g2.txt", g2_case, nsub) > 40);
    assert_true(nsub[0] >= 4 && nsub[1] >= 4);
}

/* ---- generators, batch conversion, encodings ---- */
static void test_generators(void **state)
{
    (void)state;
    assert_true(g1_affine_is_on_curve(&G1_GENERATOR));
    assert_true(g2_affine_is_on_curve(&G2_GENERATOR));
    assert_true(g1_affine_in_subgroup(&G1_GENERATOR));
    assert_true(g2_affine_in_subgroup(&G2_GENERATOR));
    g1_affine_t inf1;
    g2_affine_t inf2;
    memset(&inf1, 0, sizeof inf1);
    memset(&inf2, 0, sizeof inf2);
    assert_true(g1_affine_is_inf(&inf1) && g1_affine_is_on_curve(&inf1) &&
                g1_affine_in_subgroup(&inf1));
    assert_true(g2_affine_is_inf(&inf2) && g2_affine_is_on_curve(&inf2) &&
                g2_affine_in_subgroup(&inf2));
    /* a point off the curve */
    g1_affine_t bad = G1_GENERATOR;
    fp_add(&bad.y, &bad.y, &FP_ONE);
    assert_false(g1_affine_is_on_curve(&bad));
    g2_affine_t bad2 = G2_GENERATOR;
    fp_add(&bad2.y.c0, &bad2.y.c0, &FP_ONE);
    assert_false(g2_affine_is_on_curve(&bad2));
}

static void test_batch_to_affine(void **state)
{
    (void)state;
    enum { N = 7 };
    g1_jac_t j1[N];
    g2_jac_t j2[N];
    g1_affine_t a1[N];
    g2_affine_t a2[N];
    g1_jac_from_affine(&j1[0], &G1_GENERATOR);
    g2_jac_from_affine(&j2[0], &G2_GENERATOR);
    for (int i = 1; i < N; i++) {
        g1_jac_dbl(&j1[i], &j1[i - 1]);
        g2_jac_dbl(&j2[i], &j2[i - 1]);
    }
    g1_jac_set_inf(&j1[0]); /* infinity first, in the middle and last */
    g1_jac_set_inf(&j1[3]);
    g1_jac_set_inf(&j1[N - 1]);
    g2_jac_set_inf(&j2[2]);
    g2_jac_set_inf(&j2[N - 1]);
    g1_jac_batch_to_affine(a1, j1, N);
    g2_jac_batch_to_affine(a2, j2, N);
    for (int i = 0; i < N; i++) {
        g1_affine_t s1;
        g2_affine_t s2;
        g1_jac_to_affine(&s1, &j1[i]);
        g2_jac_to_affine(&s2, &j2[i]);
        assert_true(g1_affine_eq(&a1[i], &s1));
        assert_true(g2_affine_eq(&a2[i], &s2));
    }
    assert_true(g1_affine_is_inf(&a1[3]) && g2_affine_is_inf(&a2[2]));
    g1_jac_batch_to_affine(a1, j1, 0);
}

static void test_encodings(void **state)
{
    (void)state;
    uint8_t b1[96], b2[192];
    g1_affine_t p1;
    g2_affine_t p2;
    g1_affine_to_bytes_canon(b1, &G1_GENERATOR);
    assert_int_equal(g1_affine_from_bytes_canon(&p1, b1), 0);
    assert_true(g1_affine_eq(&p1, &G1_GENERATOR));
    /* Montgomery bytes are the raw limbs (little-endian host) */
    assert_int_equal(g1_affine_from_bytes_mont(&p1, (const uint8_t *)&G1_GENERATOR), 0);
    assert_true(g1_affine_eq(&p1, &G1_GENERATOR));
    g2_affine_to_bytes_canon(b2, &G2_GENERATOR);
    assert_int_equal(g2_affine_from_bytes_canon(&p2, b2), 0);
    assert_true(g2_affine_eq(&p2, &G2_GENERATOR));
    assert_int_equal(g2_affine_from_bytes_mont(&p2, (const uint8_t *)&G2_GENERATOR), 0);
    assert_true(g2_affine_eq(&p2, &G2_GENERATOR));
    /* infinity is all zeros both ways */
    memset(b1, 0, sizeof b1);
    assert_int_equal(g1_affine_from_bytes_mont(&p1, b1), 0);
    assert_true(g1_affine_is_inf(&p1));
    /* the first coordinate byte of x = p is rejected */
    memcpy(b1, FP_MODULUS.l, FP_BYTES);
    assert_int_equal(g1_affine_from_bytes_canon(&p1, b1), -1);
    memset(b2, 0, sizeof b2);
    memcpy(b2 + 3 * FP_BYTES, FP_MODULUS.l, FP_BYTES); /* y.c1 = p */
    assert_int_equal(g2_affine_from_bytes_mont(&p2, b2), -1);
    /* negation */
    g1_affine_t n1;
    g1_affine_neg(&n1, &G1_GENERATOR);
    g1_jac_t s, jn;
    g1_jac_from_affine(&s, &G1_GENERATOR);
    g1_jac_from_affine(&jn, &n1);
    g1_jac_add(&s, &s, &jn);
    assert_true(g1_jac_is_inf(&s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generators), cmocka_unit_test(test_g1_vectors),
        cmocka_unit_test(test_g2_vectors), cmocka_unit_test(test_batch_to_affine),
        cmocka_unit_test(test_encodings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
