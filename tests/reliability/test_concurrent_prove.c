/*
 * Concurrency of the embedding API (include/g16k/g16k.h): one prover and one key shared by 4
 * threads, each proving the same witness several times with the insecure fixed r = s = 0.
 * Every proof must equal the sequential one and the fixture's ref_proof_r0_s0.json, whose decimal
 * coordinates this test decodes itself (json-c + the reference fp_from_dec), so a bug shared by
 * the writer and the reader of proof.json cannot hide a wrong result.
 * A third test shares one prover between two keys (mult and nopub) proved at the same time.
 * Fixtures: mult, poseidon2, nopub (small keys, fast); config: conf/cpu.ini (G16K_CONFIG).
 * Only the main thread runs cmocka assertions; workers record status and bytes.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "bls12_381/field.h"
#include "g16k/g16k.h"

#define N_THREADS 4
#define ROUNDS 3 /* proofs per thread */

typedef struct proof_bytes {
    uint8_t a[96], b[192], c[96];
} proof_bytes;

typedef struct worker {
    g16k_prover *prover;
    g16k_key *key;
    const char *wtns;
    proof_bytes got[ROUNDS];
    int rc[ROUNDS];
    char err[256];
} worker;

static void fixture_path(char *out, size_t len, const char *fx, const char *file)
{
    snprintf(out, len, "%s/%s/%s", G16K_FIXTURES, fx, file);
}

/* Decimal string -> 48 canonical little-endian bytes, through the reference Fp. */
static void dec_to_bytes(uint8_t out[48], json_object *s)
{
    fp_t x;
    assert_true(json_object_is_type(s, json_type_string));
    assert_int_equal(fp_from_dec(&x, json_object_get_string(s)), 0);
    fp_to_bytes_canon(out, &x);
}

/* ref_proof_r0_s0.json -> the affine points in g16k_proof_points' layout. */
static void read_ref(const char *fx, proof_bytes *ref)
{
    char path[1024];
    json_object *root, *pa, *pb, *pc;
    fixture_path(path, sizeof(path), fx, "ref_proof_r0_s0.json");
    root = json_object_from_file(path);
    assert_non_null(root);
    assert_true(json_object_object_get_ex(root, "pi_a", &pa));
    assert_true(json_object_object_get_ex(root, "pi_b", &pb));
    assert_true(json_object_object_get_ex(root, "pi_c", &pc));
    /* All three are affine (z = 1) in the reference files. */
    assert_string_equal(json_object_get_string(json_object_array_get_idx(pa, 2)), "1");
    assert_string_equal(json_object_get_string(json_object_array_get_idx(pc, 2)), "1");
    for (int i = 0; i < 2; i++) {
        dec_to_bytes(ref->a + 48 * i, json_object_array_get_idx(pa, (size_t)i));
        dec_to_bytes(ref->c + 48 * i, json_object_array_get_idx(pc, (size_t)i));
        json_object *pair = json_object_array_get_idx(pb, (size_t)i); /* x, then y: [c0, c1] */
        for (int j = 0; j < 2; j++)
            dec_to_bytes(ref->b + 96 * i + 48 * j, json_object_array_get_idx(pair, (size_t)j));
    }
    json_object_put(root);
}

static int prove_once(g16k_prover *p, g16k_key *k, const char *wtns, proof_bytes *out)
{
    g16k_prove_opts o;
    g16k_proof *pf = NULL;
    memset(&o, 0, sizeof(o));
    o.struct_size = sizeof(o);
    o.insecure_fixed_rs = 1; /* r = s = 0: deterministic */
    o.verify = 1;
    int rc = g16k_prove(p, k, wtns, &o, &pf);
    if (rc == G16K_OK) {
        g16k_proof_points(pf, out->a, out->b, out->c);
        g16k_proof_free(pf);
    }
    return rc;
}

static void *work(void *arg)
{
    worker *w = arg;
    for (int i = 0; i < ROUNDS; i++) {
        w->rc[i] = prove_once(w->prover, w->key, w->wtns, &w->got[i]);
        if (w->rc[i] != G16K_OK && !w->err[0])
            snprintf(w->err, sizeof(w->err), "%s", g16k_last_error());
    }
    return NULL;
}

static void run_fixture(const char *fx)
{
    char zkey[1024], wtns[1024];
    g16k_prover *p = NULL;
    g16k_key *k = NULL;
    proof_bytes ref, seq;
    worker w[N_THREADS];
    pthread_t th[N_THREADS];

    read_ref(fx, &ref);
    fixture_path(zkey, sizeof(zkey), fx, "circuit_final.zkey");
    fixture_path(wtns, sizeof(wtns), fx, "witness.wtns");
    if (g16k_prover_open(G16K_CONFIG, &p) != G16K_OK)
        fail_msg("g16k_prover_open: %s", g16k_last_error());
    if (g16k_key_load(p, zkey, &k) != G16K_OK)
        fail_msg("g16k_key_load: %s", g16k_last_error());

    if (prove_once(p, k, wtns, &seq) != G16K_OK)
        fail_msg("sequential proof: %s", g16k_last_error());
    assert_memory_equal(&seq, &ref, sizeof(ref));

    memset(w, 0, sizeof(w));
    for (int t = 0; t < N_THREADS; t++) {
        w[t].prover = p;
        w[t].key = k;
        w[t].wtns = wtns;
        assert_int_equal(pthread_create(&th[t], NULL, work, &w[t]), 0);
    }
    for (int t = 0; t < N_THREADS; t++)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < N_THREADS; t++)
        for (int i = 0; i < ROUNDS; i++) {
            if (w[t].rc[i] != G16K_OK)
                fail_msg("%s: thread %d proof %d: status %d: %s", fx, t, i, w[t].rc[i], w[t].err);
            if (memcmp(&w[t].got[i], &seq, sizeof(seq)) != 0)
                fail_msg("%s: thread %d proof %d differs from the sequential proof", fx, t, i);
        }
    g16k_key_free(k);
    g16k_prover_close(p);
}

static void test_concurrent_mult(void **state)
{
    (void)state;
    run_fixture("mult");
}

static void test_concurrent_poseidon2(void **state)
{
    (void)state;
    run_fixture("poseidon2");
}

/* Two keys of different circuits on one prover, proved at the same time: threads alternate. */
static void test_concurrent_two_keys(void **state)
{
    (void)state;
    static const char *const fx[2] = { "mult", "nopub" };
    char zkey[1024], wtns[2][1024];
    g16k_prover *p = NULL;
    g16k_key *k[2] = { NULL, NULL };
    proof_bytes ref[2];
    worker w[N_THREADS];
    pthread_t th[N_THREADS];

    if (g16k_prover_open(G16K_CONFIG, &p) != G16K_OK)
        fail_msg("g16k_prover_open: %s", g16k_last_error());
    for (int i = 0; i < 2; i++) {
        read_ref(fx[i], &ref[i]);
        fixture_path(zkey, sizeof(zkey), fx[i], "circuit_final.zkey");
        fixture_path(wtns[i], sizeof(wtns[i]), fx[i], "witness.wtns");
        if (g16k_key_load(p, zkey, &k[i]) != G16K_OK)
            fail_msg("g16k_key_load %s: %s", fx[i], g16k_last_error());
    }
    memset(w, 0, sizeof(w));
    for (int t = 0; t < N_THREADS; t++) {
        w[t].prover = p;
        w[t].key = k[t % 2];
        w[t].wtns = wtns[t % 2];
        assert_int_equal(pthread_create(&th[t], NULL, work, &w[t]), 0);
    }
    for (int t = 0; t < N_THREADS; t++)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < N_THREADS; t++)
        for (int i = 0; i < ROUNDS; i++) {
            if (w[t].rc[i] != G16K_OK)
                fail_msg("%s: thread %d proof %d: status %d: %s", fx[t % 2], t, i, w[t].rc[i],
                         w[t].err);
            if (memcmp(&w[t].got[i], &ref[t % 2], sizeof(proof_bytes)) != 0)
                fail_msg("%s: thread %d proof %d differs from ref_proof_r0_s0.json", fx[t % 2], t,
                         i);
        }
    g16k_key_free(k[0]);
    g16k_key_free(k[1]);
    g16k_prover_close(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concurrent_mult),
        cmocka_unit_test(test_concurrent_poseidon2),
        cmocka_unit_test(test_concurrent_two_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
