/*
 * BN254 tower and pairing (arith/bn254): known answers from @noble/curves
 * (vectors/bn254_tower.txt: Fp12 products, inverses, Frobenius; vectors/bn254_pairing.txt:
 * e(aG1, bG2), noble's pairing: its Miller loop raised to lambda (p^12 - 1)/r, snarkjs's
 * convention), and the properties a verifier relies on: bilinearity, e(P, Q) e(-P, Q) = 1
 * through the product check, infinity, and a product that is not 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bn254/pairing.h"
#include "vectors.h"

static void tower_case(char **tok, int ntok, void *ctx)
{
    int *seen = ctx;
    bn254_fp12_t a, b, want, got;
    vec_bn254_fp12(&a, tok + 1);
    if (strcmp(tok[0], "fp12_mul") == 0) {
        assert_int_equal(ntok, 37);
        vec_bn254_fp12(&b, tok + 13);
        vec_bn254_fp12(&want, tok + 25);
        bn254_fp12_mul(&got, &a, &b);
        assert_true(bn254_fp12_eq(&got, &want));
        bn254_fp12_mul(&got, &a, &a);
        bn254_fp12_sqr(&b, &a);
        assert_true(bn254_fp12_eq(&got, &b));
    } else if (strcmp(tok[0], "fp12_inv") == 0) {
        assert_int_equal(ntok, 25);
        vec_bn254_fp12(&want, tok + 13);
        bn254_fp12_inv(&got, &a);
        assert_true(bn254_fp12_eq(&got, &want));
    } else if (strcmp(tok[0], "fp12_frob") == 0) {
        assert_int_equal(ntok, 25);
        vec_bn254_fp12(&want, tok + 13);
        bn254_fp12_frobenius(&a, &a); /* aliasing */
        assert_true(bn254_fp12_eq(&a, &want));
    } else {
        fail_msg("unknown case %s", tok[0]);
    }
    seen[0]++;
}

static void test_tower_vectors(void **state)
{
    (void)state;
    int seen[1] = { 0 };
    vec_for_each("bn254_tower.txt", tower_case, seen);
    assert_int_equal(seen[0], 12);
}

static void pairing_case(char **tok, int ntok, void *ctx)
{
    int *seen = ctx;
    assert_string_equal(tok[0], "pair");
    assert_int_equal(ntok, 1 + 2 + 2 + 4 + 12);
    bn254_g1_affine_t p;
    bn254_g2_affine_t q;
    bn254_fp12_t want, got;
    vec_bn254_fp(&p.x, tok[3]);
    vec_bn254_fp(&p.y, tok[4]);
    vec_bn254_fp2(&q.x, tok + 5);
    vec_bn254_fp2(&q.y, tok + 7);
    vec_bn254_fp12(&want, tok + 9);
    assert_true(bn254_g1_affine_in_subgroup(&p) && bn254_g1_affine_is_on_curve(&p));
    assert_true(bn254_g2_affine_is_on_curve(&q) && bn254_g2_affine_in_subgroup(&q));
    bn254_pairing(&got, &p, &q);
    assert_true(bn254_fp12_eq(&got, &want));
    seen[0]++;
}

static void test_pairing_vectors(void **state)
{
    (void)state;
    int seen[1] = { 0 };
    vec_for_each("bn254_pairing.txt", pairing_case, seen);
    assert_int_equal(seen[0], 6);
}

static void mul_g1(bn254_g1_affine_t *out, const bn254_g1_affine_t *p, uint64_t k)
{
    bn254_g1_jac_t j;
    bn254_g1_jac_from_affine(&j, p);
    bn254_g1_jac_mul(&j, &j, &k, 1);
    bn254_g1_jac_to_affine(out, &j);
}

static void mul_g2(bn254_g2_affine_t *out, const bn254_g2_affine_t *q, uint64_t k)
{
    bn254_g2_jac_t j;
    bn254_g2_jac_from_affine(&j, q);
    bn254_g2_jac_mul(&j, &j, &k, 1);
    bn254_g2_jac_to_affine(out, &j);
}

static void test_bilinear_and_product(void **state)
{
    (void)state;
    const bn254_g1_affine_t *g1 = &BN254_G1_GENERATOR;
    const bn254_g2_affine_t *g2 = &BN254_G2_GENERATOR;
    bn254_g1_affine_t p5, p15, np15;
    bn254_g2_affine_t q3;
    bn254_fp12_t e1, e2, one;
    mul_g1(&p5, g1, 5);
    mul_g1(&p15, g1, 15);
    mul_g2(&q3, g2, 3);
    /* e(5 G1, 3 G2) = e(15 G1, G2) */
    bn254_pairing(&e1, &p5, &q3);
    bn254_pairing(&e2, &p15, g2);
    assert_true(bn254_fp12_eq(&e1, &e2));
    bn254_fp12_set_one(&one);
    assert_false(bn254_fp12_eq(&e1, &one)); /* non-degenerate */
    /* e(5 G1, 3 G2) e(-15 G1, G2) = 1; with +15 it is not */
    bn254_g1_affine_neg(&np15, &p15);
    bn254_g1_affine_t ps[3] = { p5, np15, { { { 0 } }, { { 0 } } } };
    bn254_g2_affine_t qs[3] = { q3, *g2, *g2 };
    assert_int_equal(bn254_pairing_product_is_one(ps, qs, 3), 1); /* third pair: P = O */
    ps[1] = p15;
    assert_int_equal(bn254_pairing_product_is_one(ps, qs, 2), 0);
    /* more pairs than one Miller batch (8): 5 x (e(G1, G2) e(-G1, G2)) */
    bn254_g1_affine_t many_p[10];
    bn254_g2_affine_t many_q[10];
    for (int i = 0; i < 10; i++) {
        many_p[i] = *g1;
        if (i % 2)
            bn254_g1_affine_neg(&many_p[i], g1);
        many_q[i] = *g2;
    }
    assert_int_equal(bn254_pairing_product_is_one(many_p, many_q, 10), 1);
    bn254_g1_affine_neg(&many_p[9], &many_p[9]);
    assert_int_equal(bn254_pairing_product_is_one(many_p, many_q, 10), 0);
    /* infinity on either side gives 1 */
    bn254_g2_affine_t inf2 = { 0 };
    bn254_pairing(&e1, g1, &inf2);
    assert_true(bn254_fp12_is_one(&e1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tower_vectors),
        cmocka_unit_test(test_pairing_vectors),
        cmocka_unit_test(test_bilinear_and_product),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
