/*
 * The BN254 arithmetic on real proofs: every bn128 fixture's proofs (snarkjs's own proof.json
 * and the independent BigInt prover's ref_proof_*.json, which snarkjs accepted when the fixtures
 * were made; tests/fixtures/bn128, tools/fixtures/make_fixtures.sh --curve bn128) must pass the
 * Groth16 check
 *   e(A, B) e(-alpha, beta) e(-vk_x, gamma) e(-C, delta) = 1,  vk_x = IC_0 + sum_i s_i IC_i
 * with g16k's BN254 pairing, points decoded and checked on the curve and in the subgroups; a
 * changed public signal, a swapped A and C, and B replaced by the generator must fail it. The
 * JSON is read here with json-c (the core's readers serve BLS12-381 only, issue 30.2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "bn254/pairing.h"

#define MAX_PUB 32

typedef struct {
    bn254_g1_affine_t alpha, ic[MAX_PUB + 1];
    bn254_g2_affine_t beta, gamma, delta;
    size_t n_public;
} vk_t;

typedef struct {
    bn254_g1_affine_t a, c;
    bn254_g2_affine_t b;
} proof_t;

static json_object *load(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/%s", G16K_BN128_FIXTURES, dir, name);
    json_object *o = json_object_from_file(path);
    if (o == NULL)
        fail_msg("cannot read %s", path);
    return o;
}

static json_object *member(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v))
        fail_msg("no member %s", key);
    return v;
}

static void dec_fp(bn254_fp_t *out, json_object *s)
{
    if (bn254_fp_from_dec(out, json_object_get_string(s)) != 0)
        fail_msg("bad Fp %s", json_object_get_string(s));
}

/* snarkjs's projective JSON: [x, y, "1"] or [x, y, "0"] (infinity) */
static void dec_g1(bn254_g1_affine_t *out, json_object *a)
{
    if (strcmp(json_object_get_string(json_object_array_get_idx(a, 2)), "0") == 0) {
        memset(out, 0, sizeof *out);
        return;
    }
    assert_string_equal(json_object_get_string(json_object_array_get_idx(a, 2)), "1");
    dec_fp(&out->x, json_object_array_get_idx(a, 0));
    dec_fp(&out->y, json_object_array_get_idx(a, 1));
    assert_true(bn254_g1_affine_is_on_curve(out) && bn254_g1_affine_in_subgroup(out));
}

static void dec_g2(bn254_g2_affine_t *out, json_object *a)
{
    json_object *x = json_object_array_get_idx(a, 0), *y = json_object_array_get_idx(a, 1);
    dec_fp(&out->x.c0, json_object_array_get_idx(x, 0));
    dec_fp(&out->x.c1, json_object_array_get_idx(x, 1));
    dec_fp(&out->y.c0, json_object_array_get_idx(y, 0));
    dec_fp(&out->y.c1, json_object_array_get_idx(y, 1));
    assert_true(bn254_g2_affine_is_on_curve(out) && bn254_g2_affine_in_subgroup(out));
}

static void read_vk(vk_t *vk, const char *dir)
{
    json_object *o = load(dir, "verification_key.json");
    assert_string_equal(json_object_get_string(member(o, "curve")), "bn128");
    vk->n_public = (size_t)json_object_get_int(member(o, "nPublic"));
    assert_true(vk->n_public <= MAX_PUB);
    dec_g1(&vk->alpha, member(o, "vk_alpha_1"));
    dec_g2(&vk->beta, member(o, "vk_beta_2"));
    dec_g2(&vk->gamma, member(o, "vk_gamma_2"));
    dec_g2(&vk->delta, member(o, "vk_delta_2"));
    json_object *ic = member(o, "IC");
    assert_int_equal(json_object_array_length(ic), vk->n_public + 1);
    for (size_t i = 0; i <= vk->n_public; i++)
        dec_g1(&vk->ic[i], json_object_array_get_idx(ic, i));
    json_object_put(o);
}

static void read_proof(proof_t *p, const char *dir, const char *name)
{
    json_object *o = load(dir, name);
    assert_string_equal(json_object_get_string(member(o, "curve")), "bn128");
    dec_g1(&p->a, member(o, "pi_a"));
    dec_g2(&p->b, member(o, "pi_b"));
    dec_g1(&p->c, member(o, "pi_c"));
    json_object_put(o);
}

/* public signals as canonical limbs (< r) */
static size_t read_public(uint64_t pub[][4], const char *dir, const char *name)
{
    json_object *o = load(dir, name);
    size_t n = json_object_array_length(o);
    assert_true(n <= MAX_PUB);
    for (size_t i = 0; i < n; i++) {
        bn254_fr_t f, c;
        if (bn254_fr_from_dec(&f, json_object_get_string(json_object_array_get_idx(o, i))) != 0)
            fail_msg("bad public signal %zu", i);
        bn254_fr_to_canon(&c, &f);
        memcpy(pub[i], c.l, sizeof c.l);
    }
    json_object_put(o);
    return n;
}

static int groth16_ok(const vk_t *vk, const proof_t *p, uint64_t pub[][4], size_t n)
{
    assert_int_equal(n, vk->n_public);
    bn254_g1_jac_t acc, t;
    bn254_g1_jac_from_affine(&acc, &vk->ic[0]);
    for (size_t i = 0; i < n; i++) {
        bn254_g1_jac_from_affine(&t, &vk->ic[i + 1]);
        bn254_g1_jac_mul(&t, &t, pub[i], 4);
        bn254_g1_jac_add(&acc, &acc, &t);
    }
    bn254_g1_affine_t g1[4];
    bn254_g2_affine_t g2[4] = { p->b, vk->beta, vk->gamma, vk->delta };
    g1[0] = p->a;
    bn254_g1_affine_neg(&g1[1], &vk->alpha);
    bn254_g1_jac_to_affine(&g1[2], &acc);
    bn254_g1_affine_neg(&g1[2], &g1[2]);
    bn254_g1_affine_neg(&g1[3], &p->c);
    return bn254_pairing_product_is_one(g1, g2, 4);
}

static void check_fixture(const char *dir)
{
    vk_t vk;
    proof_t p;
    uint64_t pub[MAX_PUB][4];
    read_vk(&vk, dir);
    static const char *const proofs[][2] = {
        { "proof.json", "public.json" },
        { "ref_proof_r0_s0.json", "ref_public.json" },
        { "ref_proof_r123456789_s987654321.json", "ref_public.json" },
    };
    for (size_t k = 0; k < 3; k++) {
        read_proof(&p, dir, proofs[k][0]);
        size_t n = read_public(pub, dir, proofs[k][1]);
        assert_int_equal(groth16_ok(&vk, &p, pub, n), 1);
        /* the statement changed: the first public signal + 1 (if there is one) */
        if (n > 0) {
            pub[0][0] += 1;
            assert_int_equal(groth16_ok(&vk, &p, pub, n), 0);
            pub[0][0] -= 1;
        }
        /* A and C swapped; B replaced by the generator */
        proof_t q = p;
        q.a = p.c;
        q.c = p.a;
        assert_int_equal(groth16_ok(&vk, &q, pub, n), 0);
        q = p;
        q.b = BN254_G2_GENERATOR;
        assert_int_equal(groth16_ok(&vk, &q, pub, n), 0);
    }
}

static void test_mult(void **state)
{
    (void)state;
    check_fixture("mult");
}

static void test_nopub(void **state)
{
    (void)state;
    check_fixture("nopub");
}

static void test_poseidon2(void **state)
{
    (void)state;
    check_fixture("poseidon2");
}

static void test_manypub(void **state)
{
    (void)state;
    check_fixture("manypub");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mult),
        cmocka_unit_test(test_nopub),
        cmocka_unit_test(test_poseidon2),
        cmocka_unit_test(test_manypub),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
