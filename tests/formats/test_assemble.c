/*
 * The core's Groth16 algebra per curve (curve.h groth16_assemble) against the independent
 * BigInt prover's proofs of the fixtures (ref_proof_r0_s0.json, ref_proof_r123456789_s987654321
 * .json; tools/fixtures), on both curves: the key as the prover loads it (zkey_load), the
 * witness (wtns_load), the five MSMs summed here by double-and-add (the curve's own jac_mul,
 * not any provider), h from the reference prover's ref_h_scalars.json, then assembled with the
 * reference's r and s. Point for point the reference's proof; and the prover's check
 * (groth16_check) holds on it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "curve/curve.h"
#include "formats/json_io.h"
#include "formats/wtns.h"
#include "formats/zkey.h"
#include "util/error.h"
#include "fmt_util.h"

/* The arithmetic of one curve the sums need, on its own types (through void). */
typedef struct sums {
    void (*g1)(void *out, const void *pts, const curve_scalar *k, size_t n);
    void (*g2)(void *out, const void *pts, const curve_scalar *k, size_t n);
    int (*h_from_dec)(curve_scalar *out, const char *s); /* canonical */
} sums;

/* out = sum_i k[i] pts[i] by double-and-add, k canonical. */
#define SUM(NAME, AFF, JAC, FN)                                                                    \
    static void NAME(void *out, const void *pts, const curve_scalar *k, size_t n)                  \
    {                                                                                              \
        JAC acc, t;                                                                                \
        AFF p;                                                                                     \
        FN(jac_set_inf)(&acc);                                                                     \
        for (size_t i = 0; i < n; i++) {                                                           \
            memcpy(&p, (const AFF *)pts + i, sizeof p);                                            \
            FN(jac_from_affine)(&t, &p);                                                           \
            FN(jac_mul)(&t, &t, k[i].l, CURVE_FR_LIMBS);                                           \
            FN(jac_add)(&acc, &acc, &t);                                                           \
        }                                                                                          \
        FN(jac_to_affine)(&p, &acc);                                                               \
        memcpy(out, &p, sizeof p);                                                                 \
    }
#define BLS_G1(n) g1_##n
#define BLS_G2(n) g2_##n
#define BN_G1(n) bn254_g1_##n
#define BN_G2(n) bn254_g2_##n
SUM(bls_g1, g1_affine_t, g1_jac_t, BLS_G1)
SUM(bls_g2, g2_affine_t, g2_jac_t, BLS_G2)
SUM(bn_g1, bn254_g1_affine_t, bn254_g1_jac_t, BN_G1)
SUM(bn_g2, bn254_g2_affine_t, bn254_g2_jac_t, BN_G2)

static int bls_dec(curve_scalar *out, const char *s)
{
    fr_t x;
    if (fr_from_dec(&x, s) != 0)
        return -1;
    fr_to_canon(&x, &x);
    memcpy(out->l, x.l, sizeof x.l);
    return 0;
}

static int bn_dec(curve_scalar *out, const char *s)
{
    bn254_fr_t x;
    if (bn254_fr_from_dec(&x, s) != 0)
        return -1;
    bn254_fr_to_canon(&x, &x);
    memcpy(out->l, x.l, sizeof x.l);
    return 0;
}

static const sums BLS = { bls_g1, bls_g2, bls_dec };
static const sums BN = { bn_g1, bn_g2, bn_dec };

static void fixture(char *out, size_t len, const char *dir, const char *name, const char *file)
{
    snprintf(out, len, "%s/%s/%s", dir, name, file);
}

/* The reference proof with r, s of circuit `name` in dir on cv. */
static void check_one(const char *dir, const char *name, const curve *cv, const sums *ops,
                      uint64_t r_val, uint64_t s_val, const char *ref_file)
{
    char path[1024];
    zkey *k = NULL;
    wtns *w = NULL;
    fixture(path, sizeof path, dir, name, "circuit_final.zkey");
    if (zkey_load(path, 2, &k) != G16K_OK)
        fail_msg("%s", err_get());
    assert_ptr_equal(k->cv, cv);
    fixture(path, sizeof path, dir, name, "witness.wtns");
    if (wtns_load(path, cv, k->n_vars, &w) != G16K_OK)
        fail_msg("%s", err_get());

    fixture(path, sizeof path, dir, name, "ref_h_scalars.json");
    json_object *hj = json_object_from_file(path);
    assert_non_null(hj);
    assert_int_equal(json_object_array_length(hj), k->domain_size);
    curve_scalar *h = calloc(k->domain_size, sizeof *h);
    assert_non_null(h);
    for (uint32_t i = 0; i < k->domain_size; i++)
        assert_int_equal(
            ops->h_from_dec(&h[i], json_object_get_string(json_object_array_get_idx(hj, i))), 0);
    json_object_put(hj);

    curve_g1 a0, b1_0, l0, h0;
    curve_g2 b2_0;
    uint32_t np1 = k->n_public + 1;
    ops->g1(&a0, k->a, w->values, k->n_vars);
    ops->g1(&b1_0, k->b1, w->values, k->n_vars);
    ops->g2(&b2_0, k->b2, w->values, k->n_vars);
    ops->g1(&l0, k->c, w->values + np1, k->n_vars - np1);
    ops->g1(&h0, k->h, h, k->domain_size);
    curve_groth16_parts parts = { .alpha1 = &k->alpha1,
                                  .beta1 = &k->beta1,
                                  .delta1 = &k->delta1,
                                  .beta2 = &k->beta2,
                                  .delta2 = &k->delta2,
                                  .a0 = &a0,
                                  .b1_0 = &b1_0,
                                  .l0 = &l0,
                                  .h0 = &h0,
                                  .b2_0 = &b2_0 };
    curve_scalar r = { { r_val, 0, 0, 0 } }, s = { { s_val, 0, 0, 0 } };
    groth16_proof got, want;
    memset(&got, 0, sizeof got);
    got.cv = cv;
    cv->groth16_assemble(&got.a, &got.b, &got.c, &parts, &r, &s);

    fixture(path, sizeof path, dir, name, ref_file);
    if (proof_json_read(path, cv, &want) != G16K_OK)
        fail_msg("%s", err_get());
    assert_memory_equal(&got.a, &want.a, cv->g1_bytes);
    assert_memory_equal(&got.b, &want.b, cv->g2_bytes);
    assert_memory_equal(&got.c, &want.c, cv->g1_bytes);
    assert_true(cv->groth16_check(&got.a, &got.b, &got.c, &k->alpha1, &k->beta2, &k->gamma2,
                                  &k->delta2, k->ic, cv->g1_bytes, np1, w->values + 1,
                                  k->n_public));
    free(h);
    wtns_free(w);
    zkey_free(k);
}

static void check_all(const char *dir, const curve *cv, const sums *ops)
{
    static const char *const names[] = { "mult", "nopub", "poseidon2", "manypub" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        check_one(dir, names[i], cv, ops, 0, 0, "ref_proof_r0_s0.json");
        check_one(dir, names[i], cv, ops, 123456789, 987654321,
                  "ref_proof_r123456789_s987654321.json");
    }
}

static void test_assemble_bls12_381(void **state)
{
    (void)state;
    check_all(G16K_FIXTURES, &curve_bls12_381, &BLS);
}

static void test_assemble_bn254(void **state)
{
    (void)state;
    check_all(G16K_BN128_FIXTURES, &curve_bn254, &BN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_assemble_bls12_381),
        cmocka_unit_test(test_assemble_bn254),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
