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
#include "group_cases.h"
#include "vectors.h"

/* ---- G1 and G2: the cases of group_cases.h ---- */
static const fp2_t FP2_ONE_TEST = { { { 0x760900000002fffdULL, 0xebf4000bc40c0002ULL,
                                        0x5f48985753c758baULL, 0x77ce585370525745ULL,
                                        0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL } },
                                    { { 0 } } };

GROUP_CASES(g1_case, g1_, g1_affine_t, g1_jac_t, vec_g1, 2, FP_ONE, FR_MODULUS.l)
GROUP_CASES(g2_case, g2_, g2_affine_t, g2_jac_t, vec_g2, 4, FP2_ONE_TEST, FR_MODULUS.l)

static void test_g1_vectors(void **state)
{
    (void)state;
    int nsub[2] = { 0, 0 };
    assert_true(vec_for_each("g1.txt", g1_case, nsub) > 40);
    assert_true(nsub[0] >= 4 && nsub[1] >= 4); /* both outcomes were exercised */
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
