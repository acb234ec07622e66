/*
 * BN254 Fp2, G1 and G2 (arith/bn254): known answers from @noble/curves (vectors/bn254_fp2.txt,
 * bn254_g1.txt, bn254_g2.txt; tools/vectors/gen_bn254_vectors.mjs): Fp2 products, inverses,
 * products by xi = 9 + u and square roots; scalar multiplication of the generators and of
 * random points, additions including doubling, P + (-P) and infinity, and subgroup membership
 * of subgroup points, raw curve points and cleared raw points, cross-checked against
 * multiplication by r (group_cases.h, shared with test_curve.c). Plus batch conversion to
 * affine, the byte encodings and GLV.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bn254/glv.h"
#include "group_cases.h"
#include "vectors.h"

/* ---- Fp2 ---- */
static void fp2_case(char **tok, int ntok, void *ctx)
{
    int *seen = ctx;
    bn254_fp2_t a, b, want, got;
    vec_bn254_fp2(&a, tok + 1);
    if (strcmp(tok[0], "fp2_mul") == 0) {
        assert_int_equal(ntok, 7);
        vec_bn254_fp2(&b, tok + 3);
        vec_bn254_fp2(&want, tok + 5);
        bn254_fp2_mul(&got, &a, &b);
        assert_true(bn254_fp2_eq(&got, &want));
        bn254_fp2_mul(&got, &a, &a);
        bn254_fp2_sqr(&b, &a);
        assert_true(bn254_fp2_eq(&got, &b));
    } else if (strcmp(tok[0], "fp2_inv") == 0) {
        assert_int_equal(ntok, 5);
        vec_bn254_fp2(&want, tok + 3);
        bn254_fp2_inv(&got, &a);
        assert_true(bn254_fp2_eq(&got, &want));
    } else if (strcmp(tok[0], "fp2_mul_nr") == 0) {
        assert_int_equal(ntok, 5);
        vec_bn254_fp2(&want, tok + 3);
        bn254_fp2_mul_nr(&a, &a); /* aliasing */
        assert_true(bn254_fp2_eq(&a, &want));
    } else if (strcmp(tok[0], "fp2_sqrt") == 0) {
        assert_int_equal(ntok, strcmp(tok[3], "none") == 0 ? 4 : 5);
        int ok = bn254_fp2_sqrt(&got, &a);
        if (strcmp(tok[3], "none") == 0) {
            assert_int_equal(ok, 0);
        } else {
            assert_int_equal(ok, 1);
            vec_bn254_fp2(&want, tok + 3);
            bn254_fp2_neg(&b, &want);
            assert_true(bn254_fp2_eq(&got, &want) || bn254_fp2_eq(&got, &b));
        }
    } else {
        fail_msg("unknown case %s", tok[0]);
    }
    seen[0]++;
}

static void test_fp2_vectors(void **state)
{
    (void)state;
    int seen[1] = { 0 };
    vec_for_each("bn254_fp2.txt", fp2_case, seen);
    assert_int_equal(seen[0], 3 * 12 + 16);
}

static const bn254_fp2_t FP2_ONE_TEST = { { { 0xd35d438dc58f0d9dULL, 0x0a78eb28f5c70b3dULL,
                                              0x666ea36f7879462cULL, 0x0e0a77c19a07df2fULL } },
                                          { { 0 } } };

GROUP_CASES(g1_case, bn254_g1_, bn254_g1_affine_t, bn254_g1_jac_t, vec_bn254_g1, 2, BN254_FP_ONE,
            BN254_FR_MODULUS.l)
GROUP_CASES(g2_case, bn254_g2_, bn254_g2_affine_t, bn254_g2_jac_t, vec_bn254_g2, 4, FP2_ONE_TEST,
            BN254_FR_MODULUS.l)

static void test_g1_vectors(void **state)
{
    (void)state;
    int nsub[2] = { 0, 0 };
    assert_true(vec_for_each("bn254_g1.txt", g1_case, nsub) > 40);
    assert_int_equal(nsub[0], 0); /* cofactor 1: every curve point is in G1 */
    assert_true(nsub[1] >= 14);
}

static void test_g2_vectors(void **state)
{
    (void)state;
    int nsub[2] = { 0, 0 };
    assert_true(vec_for_each("bn254_g2.txt", g2_case, nsub) > 40);
    assert_true(nsub[0] >= 4 && nsub[1] >= 4); /* both outcomes were exercised */
}

static void test_generators_and_psi(void **state)
{
    (void)state;
    assert_true(bn254_g1_affine_is_on_curve(&BN254_G1_GENERATOR));
    assert_true(bn254_g2_affine_is_on_curve(&BN254_G2_GENERATOR));
    assert_true(bn254_g2_affine_in_subgroup(&BN254_G2_GENERATOR));
    /* psi acts on G2 as [p]: psi(G) = [p mod r] G, p mod r = p - r < 2^128 */
    static const uint64_t p_minus_r[2] = { 0xf83e9682e87cfd46ULL, 0x6f4d8248eeb859fbULL };
    uint64_t d[4], borrow = 0;
    for (int i = 0; i < 4; i++) {
        unsigned __int128 t =
            (unsigned __int128)BN254_FP_MODULUS.l[i] - BN254_FR_MODULUS.l[i] - borrow;
        d[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    assert_int_equal(borrow, 0);
    assert_memory_equal(d, p_minus_r, sizeof p_minus_r);
    assert_int_equal(d[2] | d[3], 0);
    bn254_g2_affine_t ps, want;
    bn254_g2_jac_t j;
    bn254_g2_affine_psi(&ps, &BN254_G2_GENERATOR);
    bn254_g2_jac_from_affine(&j, &BN254_G2_GENERATOR);
    bn254_g2_jac_mul(&j, &j, d, 2);
    bn254_g2_jac_to_affine(&want, &j);
    assert_true(bn254_g2_affine_eq(&ps, &want));
    /* infinity: on the curve, in both groups, psi keeps it */
    bn254_g2_affine_t inf = { 0 };
    bn254_g2_affine_psi(&ps, &inf);
    assert_true(bn254_g2_affine_is_inf(&ps));
    assert_true(bn254_g2_affine_in_subgroup(&inf));
    assert_true(bn254_g1_affine_in_subgroup(&(bn254_g1_affine_t){ 0 }));
    /* a point off the curve: G with y + 1 */
    bn254_g1_affine_t off = BN254_G1_GENERATOR;
    bn254_fp_add(&off.y, &off.y, &BN254_FP_ONE);
    assert_false(bn254_g1_affine_is_on_curve(&off));
}

static void test_batch_and_bytes(void **state)
{
    (void)state;
    enum { N = 5 };
    bn254_g2_jac_t j[N];
    bn254_g2_affine_t a[N], one;
    bn254_g2_jac_from_affine(&j[0], &BN254_G2_GENERATOR);
    for (int i = 1; i < N; i++)
        bn254_g2_jac_add_affine(&j[i], &j[i - 1], &BN254_G2_GENERATOR); /* (i + 1) G */
    bn254_g2_jac_set_inf(&j[2]);
    bn254_g2_jac_batch_to_affine(a, j, N);
    for (int i = 0; i < N; i++) {
        bn254_g2_jac_to_affine(&one, &j[i]);
        assert_true(bn254_g2_affine_eq(&a[i], &one));
    }
    assert_true(bn254_g2_affine_is_inf(&a[2]));
    /* canonical bytes: G1's generator is x = 1, y = 2 */
    uint8_t b1[64], b2[128];
    bn254_g1_affine_t g1;
    bn254_g1_affine_to_bytes_canon(b1, &BN254_G1_GENERATOR);
    for (int i = 0; i < 64; i++)
        assert_int_equal(b1[i], i == 0 ? 1 : i == 32 ? 2 : 0);
    assert_int_equal(bn254_g1_affine_from_bytes_canon(&g1, b1), 0);
    assert_true(bn254_g1_affine_eq(&g1, &BN254_G1_GENERATOR));
    bn254_g2_affine_to_bytes_canon(b2, &a[4]);
    assert_int_equal(bn254_g2_affine_from_bytes_canon(&one, b2), 0);
    assert_true(bn254_g2_affine_eq(&one, &a[4]));
    memset(b2 + 96, 0xff, 32); /* y.c1 >= p */
    assert_int_equal(bn254_g2_affine_from_bytes_canon(&one, b2), -1);
    assert_int_equal(bn254_g2_affine_from_bytes_mont(&one, b2), -1);
}

/* ---- GLV on G1: the split's identity and bounds, sigma = [lambda], and [k] P through the
 * split against noble's products (the mul lines of bn254_g1.txt) ---- */
static void glv_mul_case(char **tok, int ntok, void *ctx)
{
    int *seen = ctx;
    if (strcmp(tok[0], "mul") != 0)
        return;
    assert_int_equal(ntok, 6);
    uint64_t k[4];
    bn254_g1_affine_t p, want, got;
    bn254_g1_jac_t j;
    vec_scalar(k, tok[1]);
    vec_bn254_g1(&p, tok + 2);
    vec_bn254_g1(&want, tok + 4);
    bn254_g1_jac_from_affine(&j, &p);
    bn254_g1_jac_mul_glv(&j, &j, k);
    bn254_g1_jac_to_affine(&got, &j);
    assert_true(bn254_g1_affine_eq(&got, &want));
    seen[0]++;
}

/* k = the next 4 words of the xorshift64 sequence in *x, cut below 2^253 < r. */
static void next_scalar(uint64_t *x, uint64_t k[4])
{
    for (int j = 0; j < 4; j++) {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        k[j] = *x;
    }
    k[3] &= 0x1fffffffffffffffULL;
}

static void check_split(const uint64_t k[4])
{
    uint64_t k1[2], k2[2];
    int n1, n2;
    bn254_glv_split(k1, &n1, k2, &n2, k);
    bn254_fr_t a, b, lam, kk;
    bn254_fr_t c1 = { { k1[0], k1[1], 0, 0 } }, c2 = { { k2[0], k2[1], 0, 0 } },
               cl = { { BN254_GLV_LAMBDA[0], BN254_GLV_LAMBDA[1], BN254_GLV_LAMBDA[2],
                        BN254_GLV_LAMBDA[3] } },
               ck = { { k[0], k[1], k[2], k[3] } };
    assert_int_equal(bn254_fr_from_canon(&a, &c1), 0);
    assert_int_equal(bn254_fr_from_canon(&b, &c2), 0);
    assert_int_equal(bn254_fr_from_canon(&lam, &cl), 0);
    assert_int_equal(bn254_fr_from_canon(&kk, &ck), 0);
    if (n1)
        bn254_fr_neg(&a, &a);
    if (n2)
        bn254_fr_neg(&b, &b);
    bn254_fr_mul(&b, &b, &lam);
    bn254_fr_add(&a, &a, &b);
    assert_true(bn254_fr_eq(&a, &kk)); /* +-k1 +- k2 lambda = k */
}

static void test_glv(void **state)
{
    (void)state;
    /* edges: 0, 1, r - 1, lambda, lambda + 1, and a xorshift sequence below r */
    uint64_t k[4] = { 0 };
    check_split(k);
    k[0] = 1;
    check_split(k);
    memcpy(k, BN254_FR_MODULUS.l, sizeof k);
    k[0] -= 1;
    check_split(k);
    memcpy(k, BN254_GLV_LAMBDA, sizeof k);
    check_split(k);
    k[0] += 1;
    check_split(k);
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 2000; i++) {
        next_scalar(&x, k);
        check_split(k);
    }
    /* sigma(G) = [lambda] G */
    bn254_g1_jac_t g, s, l;
    bn254_g1_jac_from_affine(&g, &BN254_G1_GENERATOR);
    bn254_g1_jac_sigma(&s, &g);
    bn254_g1_jac_mul(&l, &g, BN254_GLV_LAMBDA, 4);
    assert_true(bn254_g1_jac_eq(&s, &l));
    /* [k] P through the split against noble */
    int seen[1] = { 0 };
    vec_for_each("bn254_g1.txt", glv_mul_case, seen);
    assert_true(seen[0] >= 20);
}

/* ---- GLS on G2: the split's identity, psi on Jacobian points, [k] P against noble ---- */
static void gls_mul_case(char **tok, int ntok, void *ctx)
{
    int *seen = ctx;
    if (strcmp(tok[0], "mul") != 0)
        return;
    assert_int_equal(ntok, 10);
    uint64_t k[4];
    bn254_g2_affine_t p, want, got;
    bn254_g2_jac_t j;
    vec_scalar(k, tok[1]);
    vec_bn254_g2(&p, tok + 2);
    vec_bn254_g2(&want, tok + 6);
    bn254_g2_jac_from_affine(&j, &p);
    bn254_g2_jac_mul_gls(&j, &j, k);
    bn254_g2_jac_to_affine(&got, &j);
    assert_true(bn254_g2_affine_eq(&got, &want));
    seen[0]++;
}

static void test_gls(void **state)
{
    (void)state;
    /* l = 6x^2 as an Fr element */
    bn254_fr_t l, cl = { { 0xf83e9682e87cfd46ULL, 0x6f4d8248eeb859fbULL, 0, 0 } };
    assert_int_equal(bn254_fr_from_canon(&l, &cl), 0);
    uint64_t x = 0x853c49e6748fea9bULL, k[4];
    for (int i = 0; i < 2000 + 2; i++) {
        next_scalar(&x, k);
        if (i >= 2000) { /* r - 1, r - 2 */
            memcpy(k, BN254_FR_MODULUS.l, sizeof k);
            k[0] -= (uint64_t)(i - 1999);
        }
        uint64_t k1[2], k2[2];
        bn254_gls_split(k1, k2, k);
        /* k1 < l, and k1 + k2 l = k in Fr */
        assert_true(k1[1] < cl.l[1] || (k1[1] == cl.l[1] && k1[0] < cl.l[0]));
        bn254_fr_t a, b, kk, c1 = { { k1[0], k1[1], 0, 0 } }, c2 = { { k2[0], k2[1], 0, 0 } },
                             ck = { { k[0], k[1], k[2], k[3] } };
        assert_int_equal(bn254_fr_from_canon(&a, &c1), 0);
        assert_int_equal(bn254_fr_from_canon(&b, &c2), 0);
        assert_int_equal(bn254_fr_from_canon(&kk, &ck), 0);
        bn254_fr_mul(&b, &b, &l);
        bn254_fr_add(&a, &a, &b);
        assert_true(bn254_fr_eq(&a, &kk));
    }
    /* psi on a Jacobian point with Z != 1 agrees with the affine psi */
    bn254_g2_jac_t g, g3, ps;
    bn254_g2_affine_t a3, pa, pj;
    static const uint64_t three = 3;
    bn254_g2_jac_from_affine(&g, &BN254_G2_GENERATOR);
    bn254_g2_jac_mul(&g3, &g, &three, 1);
    bn254_g2_jac_psi(&ps, &g3);
    bn254_g2_jac_to_affine(&pj, &ps);
    bn254_g2_jac_to_affine(&a3, &g3);
    bn254_g2_affine_psi(&pa, &a3);
    assert_true(bn254_g2_affine_eq(&pj, &pa));
    /* [k] P through the split against noble */
    int seen[1] = { 0 };
    vec_for_each("bn254_g2.txt", gls_mul_case, seen);
    assert_true(seen[0] >= 20);
}

/* ---- GLS in four dimensions: sum s_i v_i l^i = k in Fr, every |v_i| < 2^67 ---- */
static void check_split4(const uint64_t k[4], const bn254_fr_t *l)
{
    uint64_t v[4][2];
    int neg[4];
    bn254_gls4_split(v, neg, k);
    bn254_fr_t sum, pw, t, kk, ck = { { k[0], k[1], k[2], k[3] } };
    assert_int_equal(bn254_fr_from_canon(&kk, &ck), 0);
    memset(&sum, 0, sizeof sum);
    pw = BN254_FR_ONE;
    for (int i = 0; i < 4; i++) {
        assert_true(v[i][1] < 8); /* below 2^67 */
        bn254_fr_t c = { { v[i][0], v[i][1], 0, 0 } };
        assert_int_equal(bn254_fr_from_canon(&t, &c), 0);
        if (neg[i])
            bn254_fr_neg(&t, &t);
        bn254_fr_mul(&t, &t, &pw);
        bn254_fr_add(&sum, &sum, &t);
        bn254_fr_mul(&pw, &pw, l);
    }
    assert_true(bn254_fr_eq(&sum, &kk));
}

static void test_gls4(void **state)
{
    (void)state;
    bn254_fr_t l, cl = { { 0xf83e9682e87cfd46ULL, 0x6f4d8248eeb859fbULL, 0, 0 } };
    assert_int_equal(bn254_fr_from_canon(&l, &cl), 0);
    /* l^4 - l^2 + 1 = 0: the relation the basis rests on */
    bn254_fr_t l2, l4;
    bn254_fr_mul(&l2, &l, &l);
    bn254_fr_mul(&l4, &l2, &l2);
    bn254_fr_sub(&l4, &l4, &l2);
    bn254_fr_add(&l4, &l4, &BN254_FR_ONE);
    assert_true(bn254_fr_is_zero(&l4));
    /* edges: 0, 1, r - 1, l, l - 1, 2^128 */
    uint64_t k[4] = { 0 };
    check_split4(k, &l);
    k[0] = 1;
    check_split4(k, &l);
    memcpy(k, BN254_FR_MODULUS.l, sizeof k);
    k[0] -= 1;
    check_split4(k, &l);
    memset(k, 0, sizeof k);
    k[0] = cl.l[0];
    k[1] = cl.l[1];
    check_split4(k, &l);
    k[0] -= 1;
    check_split4(k, &l);
    memset(k, 0, sizeof k);
    k[2] = 1;
    check_split4(k, &l);
    uint64_t x = 0x2545f4914f6cdd1dULL;
    int negs = 0;
    for (int i = 0; i < 4000; i++) {
        next_scalar(&x, k);
        check_split4(k, &l);
        uint64_t v[4][2];
        int neg[4];
        bn254_gls4_split(v, neg, k);
        negs |= neg[0] | neg[1] << 1 | neg[2] << 2 | neg[3] << 3;
    }
    assert_int_equal(negs, 0xf); /* every part takes both signs */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fp2_vectors),
        cmocka_unit_test(test_g1_vectors),
        cmocka_unit_test(test_g2_vectors),
        cmocka_unit_test(test_generators_and_psi),
        cmocka_unit_test(test_batch_and_bytes),
        cmocka_unit_test(test_glv),
        cmocka_unit_test(test_gls),
        cmocka_unit_test(test_gls4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
