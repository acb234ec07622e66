/*
 * Fp2 / Fp6 / Fp12: known answers from @noble/curves (vectors/tower.txt; noble's tower and
 * coefficient layout are ours, see tools/vectors/gen_bls_vectors.mjs) and algebraic identities.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/tower.h"
#include "vectors.h"

static void tower_case(char **tok, int ntok, void *ctx)
{
    (void)ctx;
    if (strcmp(tok[0], "fp2_mul") == 0) {
        assert_int_equal(ntok, 7);
        fp2_t a, b, want, got;
        vec_fp2(&a, tok + 1);
        vec_fp2(&b, tok + 3);
        vec_fp2(&want, tok + 5);
        fp2_mul(&got, &a, &b);
        assert_true(fp2_eq(&got, &want));
        fp2_sqr(&got, &a);
        fp2_mul(&b, &a, &a);
        assert_true(fp2_eq(&got, &b));
    } else if (strcmp(tok[0], "fp2_inv") == 0) {
        fp2_t a, want, got;
        vec_fp2(&a, tok + 1);
        vec_fp2(&want, tok + 3);
        fp2_inv(&got, &a);
        assert_true(fp2_eq(&got, &want));
    } else if (strcmp(tok[0], "fp2_sqrt") == 0) {
        fp2_t a, want, got, neg;
        vec_fp2(&a, tok + 1);
        int ok = fp2_sqrt(&got, &a);
        if (strcmp(tok[3], "none") == 0) {
            assert_int_equal(ok, 0);
            return;
        }
        assert_int_equal(ok, 1);
        vec_fp2(&want, tok + 3);
        fp2_neg(&neg, &want);
        assert_true(fp2_eq(&got, &want) || fp2_eq(&got, &neg));
    } else if (strcmp(tok[0], "fp12_mul") == 0) {
        assert_int_equal(ntok, 37);
        fp12_t a, b, want, got, sq;
        vec_fp12(&a, tok + 1);
        vec_fp12(&b, tok + 13);
        vec_fp12(&want, tok + 25);
        fp12_mul(&got, &a, &b);
        assert_true(fp12_eq(&got, &want));
        fp12_sqr(&sq, &a);
        fp12_mul(&got, &a, &a);
        assert_true(fp12_eq(&sq, &got));
        fp12_mul(&a, &a, &b); /* aliasing */
        assert_true(fp12_eq(&a, &want));
    } else if (strcmp(tok[0], "fp12_inv") == 0) {
        fp12_t a, want, got;
        vec_fp12(&a, tok + 1);
        vec_fp12(&want, tok + 13);
        fp12_inv(&got, &a);
        assert_true(fp12_eq(&got, &want));
        fp12_mul(&got, &got, &a);
        assert_true(fp12_is_one(&got));
    } else if (strcmp(tok[0], "fp12_frob") == 0) {
        fp12_t a, want, got;
        vec_fp12(&a, tok + 1);
        vec_fp12(&want, tok + 13);
        fp12_frobenius(&got, &a);
        assert_true(fp12_eq(&got, &want));
    } else {
        fail_msg("unknown case %s", tok[0]);
    }
}

static void test_tower_vectors(void **state)
{
    (void)state;
    assert_true(vec_for_each("tower.txt", tower_case, NULL) > 40);
}

/* Identities that pin the tower's defining relations: u^2 = -1, v^3 = u + 1, w^2 = v. */
static void test_tower_relations(void **state)
{
    (void)state;
    fp2_t u = { { { 0 } }, FP_ONE }, t, want;
    fp2_sqr(&t, &u);
    fp2_set_one(&want);
    fp2_neg(&want, &want);
    assert_true(fp2_eq(&t, &want));
    fp6_t v, v3, xi6;
    fp6_set_zero(&v);
    fp2_set_one(&v.c1);
    fp6_mul(&v3, &v, &v);
    fp6_mul(&v3, &v3, &v);
    fp6_set_zero(&xi6);
    fp2_set_one(&xi6.c0);
    fp2_mul_nr(&xi6.c0, &xi6.c0); /* u + 1 */
    assert_true(fp6_eq(&v3, &xi6));
    fp6_t a;
    fp6_mul_v(&a, &v); /* v * v */
    fp6_sqr(&v3, &v);
    assert_true(fp6_eq(&a, &v3));
    fp12_t w, w2, e;
    memset(&w, 0, sizeof w);
    fp2_set_one(&w.c1.c0);
    fp12_sqr(&w2, &w);
    memset(&e, 0, sizeof e);
    e.c0 = v;
    assert_true(fp12_eq(&w2, &e));
    /* Fp6 inverse */
    fp6_t b, bi, prod, one6;
    for (int i = 0; i < 3; i++) {
        fp2_t *c = i == 0 ? &b.c0 : i == 1 ? &b.c1 : &b.c2;
        fp_set_u64(&c->c0, 3 + 7 * (uint64_t)i);
        fp_set_u64(&c->c1, 11 + 5 * (uint64_t)i);
    }
    fp6_inv(&bi, &b);
    fp6_mul(&prod, &b, &bi);
    fp6_set_one(&one6);
    assert_true(fp6_eq(&prod, &one6));
    /* Frobenius applied 12 times is the identity; 6 times is conjugation */
    fp12_t f, g, c;
    f.c0 = b;
    f.c1 = bi;
    g = f;
    for (int i = 0; i < 6; i++)
        fp12_frobenius(&g, &g);
    fp12_conj(&c, &f);
    assert_true(fp12_eq(&g, &c));
    for (int i = 0; i < 6; i++)
        fp12_frobenius(&g, &g);
    assert_true(fp12_eq(&g, &f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tower_vectors),
        cmocka_unit_test(test_tower_relations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
