/*
 * The optimal ate pairing: known answers e(aG1, bG2) from @noble/curves (vectors/pairing.txt,
 * Fp12 coefficients in our tower layout) and algebraic properties: bilinearity, e(P,Q)e(-P,Q) = 1,
 * order r, and bls_pairing_product_is_one with several pairs, infinity, and more pairs than
 * one internal batch.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/pairing.h"
#include "vectors.h"

static void fp12_pow_limbs(fp12_t *out, const fp12_t *a, const uint64_t *e, size_t n)
{
    fp12_t acc;
    fp12_set_one(&acc);
    for (size_t i = n; i-- > 0;)
        for (int bit = 63; bit >= 0; bit--) {
            fp12_sqr(&acc, &acc);
            if ((e[i] >> bit) & 1)
                fp12_mul(&acc, &acc, a);
        }
    *out = acc;
}

static void g1_mul_affine(g1_affine_t *out, const g1_affine_t *p, const uint64_t k[4])
{
    g1_jac_t j;
    g1_jac_from_affine(&j, p);
    g1_jac_mul(&j, &j, k, 4);
    g1_jac_to_affine(out, &j);
}

static void g2_mul_affine(g2_affine_t *out, const g2_affine_t *p, const uint64_t k[4])
{
    g2_jac_t j;
    g2_jac_from_affine(&j, p);
    g2_jac_mul(&j, &j, k, 4);
    g2_jac_to_affine(out, &j);
}

static void pair_case(char **tok, int ntok, void *ctx)
{
    (void)ctx;
    assert_string_equal(tok[0], "pair");
    assert_int_equal(ntok, 21);
    uint64_t a[4], b[4];
    g1_affine_t p, pa;
    g2_affine_t q, qb;
    fp12_t want, got;
    vec_scalar(a, tok[1]);
    vec_scalar(b, tok[2]);
    vec_g1(&p, tok + 3);
    vec_g2(&q, tok + 5);
    vec_fp12(&want, tok + 9);
    g1_mul_affine(&pa, &G1_GENERATOR, a);
    g2_mul_affine(&qb, &G2_GENERATOR, b);
    assert_true(g1_affine_eq(&pa, &p));
    assert_true(g2_affine_eq(&qb, &q));
    bls_pairing(&got, &p, &q);
    assert_true(fp12_eq(&got, &want));
}

static void test_pairing_vectors(void **state)
{
    (void)state;
    assert_true(vec_for_each("pairing.txt", pair_case, NULL) >= 6);
}

static void test_bilinearity(void **state)
{
    (void)state;
    fr_t fa, fb, fab, ca, cb, cab;
    assert_int_equal(
        fr_from_dec(&fa, "31415926535897932384626433832795028841971693993751058209749445923"), 0);
    assert_int_equal(
        fr_from_dec(&fb, "27182818284590452353602874713526624977572470936999595749669676277"), 0);
    fr_mul(&fab, &fa, &fb);
    fr_to_canon(&ca, &fa);
    fr_to_canon(&cb, &fb);
    fr_to_canon(&cab, &fab);
    g1_affine_t pa;
    g2_affine_t qb;
    g1_mul_affine(&pa, &G1_GENERATOR, ca.l);
    g2_mul_affine(&qb, &G2_GENERATOR, cb.l);
    fp12_t e, eab, want;
    bls_pairing(&e, &G1_GENERATOR, &G2_GENERATOR);
    assert_false(fp12_is_one(&e)); /* non-degenerate */
    bls_pairing(&eab, &pa, &qb);
    fp12_pow_limbs(&want, &e, cab.l, 4);
    assert_true(fp12_eq(&eab, &want));
    /* e(aP, Q) = e(P, aQ) */
    g2_affine_t qa;
    fp12_t e1, e2;
    g2_mul_affine(&qa, &G2_GENERATOR, ca.l);
    bls_pairing(&e1, &pa, &G2_GENERATOR);
    bls_pairing(&e2, &G1_GENERATOR, &qa);
    assert_true(fp12_eq(&e1, &e2));
    /* e^r = 1 */
    fp12_pow_limbs(&want, &e, FR_MODULUS.l, 4);
    assert_true(fp12_is_one(&want));
}

static void test_inverse_pairs(void **state)
{
    (void)state;
    g1_affine_t np;
    g1_affine_neg(&np, &G1_GENERATOR);
    fp12_t e1, e2, prod;
    bls_pairing(&e1, &G1_GENERATOR, &G2_GENERATOR);
    bls_pairing(&e2, &np, &G2_GENERATOR);
    fp12_mul(&prod, &e1, &e2);
    assert_true(fp12_is_one(&prod));
    g1_affine_t ps[2] = { G1_GENERATOR, np };
    g2_affine_t qs[2] = { G2_GENERATOR, G2_GENERATOR };
    assert_int_equal(bls_pairing_product_is_one(ps, qs, 2), 1);
    assert_int_equal(bls_pairing_product_is_one(ps, qs, 1), 0);
    assert_int_equal(bls_pairing_product_is_one(ps, qs, 0), 1);
    /* infinity gives 1 */
    g1_affine_t inf1;
    g2_affine_t inf2;
    memset(&inf1, 0, sizeof inf1);
    memset(&inf2, 0, sizeof inf2);
    fp12_t f;
    bls_miller_loop(&f, &inf1, &G2_GENERATOR);
    assert_true(fp12_is_one(&f));
    bls_pairing(&f, &G1_GENERATOR, &inf2);
    assert_true(fp12_is_one(&f));
}

/* sum_i k_i = 0 over 11 pairs (more than one internal batch), with infinity mixed in:
 * prod e(k_i G1, G2) = e(G1, G2)^(sum k_i) = 1; changing one pair breaks it. */
static void test_product_many(void **state)
{
    (void)state;
    enum { N = 11 };
    g1_affine_t ps[N];
    g2_affine_t qs[N];
    fr_t sum = { { 0 } }, k;
    for (int i = 0; i < N - 1; i++) {
        fr_set_u64(&k, 1000003u * (uint64_t)(i + 1) + 17u);
        fr_add(&sum, &sum, &k);
        fr_t c;
        fr_to_canon(&c, &k);
        g1_mul_affine(&ps[i], &G1_GENERATOR, c.l);
        qs[i] = G2_GENERATOR;
    }
    fr_t neg, c;
    fr_neg(&neg, &sum);
    fr_to_canon(&c, &neg);
    /* last pair puts the scalar on the G2 side */
    ps[N - 1] = G1_GENERATOR;
    g2_mul_affine(&qs[N - 1], &G2_GENERATOR, c.l);
    assert_int_equal(bls_pairing_product_is_one(ps, qs, N), 1);
    /* an infinity pair in the middle changes nothing */
    g1_affine_t ps2[N + 1];
    g2_affine_t qs2[N + 1];
    memcpy(ps2, ps, 5 * sizeof ps[0]);
    memcpy(qs2, qs, 5 * sizeof qs[0]);
    memset(&ps2[5], 0, sizeof ps2[5]);
    qs2[5] = G2_GENERATOR;
    memcpy(ps2 + 6, ps + 5, (N - 5) * sizeof ps[0]);
    memcpy(qs2 + 6, qs + 5, (N - 5) * sizeof qs[0]);
    assert_int_equal(bls_pairing_product_is_one(ps2, qs2, N + 1), 1);
    g1_affine_neg(&ps[3], &ps[3]);
    assert_int_equal(bls_pairing_product_is_one(ps, qs, N), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairing_vectors),
        cmocka_unit_test(test_bilinearity),
        cmocka_unit_test(test_inverse_pairs),
        cmocka_unit_test(test_product_many),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
