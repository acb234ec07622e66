/*
 * Synthesizer and H chain of the CPU plugin on real snarkjs fixtures (mult, nopub, poseidon2,
 * poseidon_chain):
 * a and b against a plain accumulation of the zkey's section 4 written here, c = a*b, and the
 * compute_h output against ref_h_scalars.json (the H-MSM scalars made by the independent
 * BigInt prover of the fixtures). Plus the circuit_create / synthesize argument errors.
 * circuit_borrow (plugin ABI 1.4) the same way, bit for bit against circuit_create on sorted
 * (kept in place) and shuffled or canonical input (copied), the lent list never written, and
 * its errors.
 * The zkey section 4 and wtns section 2 readers below are test-local (docs/formats.md, "The binary container",
 * 3, 4) so this test does not depend on core/formats.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "plugin_host.h"
#include "test_util.h"

/* The largest fixture of the test's curve: BLS12-381's poseidon_chain; BN254's fixtures
 * (tests/fixtures/bn128) stop at manypub. */
#ifdef CPU_CURVE_BN254
#define FX_CHAIN "manypub"
#define FX_DIR G16K_CPU_TEST_FIXTURES
#else
#define FX_DIR G16K_FIXTURES
#define FX_CHAIN "poseidon_chain"
#endif

/* ---- test-local readers ---- */

typedef struct blob {
    uint8_t *p;
    size_t n;
} blob;

static blob slurp(const char *name, const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/%s", FX_DIR, name, file);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    blob b = { .n = (size_t)ftell(f) };
    fseek(f, 0, SEEK_SET);
    b.p = malloc(b.n);
    assert_int_equal(fread(b.p, 1, b.n, f), b.n);
    fclose(f);
    return b;
}

static uint32_t u32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Payload of section `id` of a binfileutils container (docs/formats.md, "The binary container"). */
static const uint8_t *section(const blob *b, uint32_t id, uint64_t *size)
{
    size_t off = 12;
    uint32_t n = u32(b->p + 8);
    for (uint32_t s = 0; s < n; s++) {
        uint64_t sz;
        memcpy(&sz, b->p + off + 4, 8);
        if (u32(b->p + off) == id) {
            *size = sz;
            return b->p + off + 12;
        }
        off += 12 + sz;
    }
    fail_msg("section %u not found", id);
    return NULL;
}

typedef struct fixture {
    uint32_t n_vars;
    uint32_t domain_size;
    uint64_t n_coefs;
    g16k_coef *coefs; /* Montgomery values */
    fr_t *w;          /* canonical witness */
} fixture;

static fixture load_fixture(const char *name)
{
    fixture fx;
    uint64_t sz;
    blob z = slurp(name, "circuit_final.zkey");
    const uint8_t *h = section(&z, 2, &sz); /* n8q q n8r r nVars nPublic domainSize */
    uint32_t n8q = u32(h);                  /* 48 BLS12-381, 32 BN254 */
    fx.n_vars = u32(h + 4 + n8q + 4 + 32);
    fx.domain_size = u32(h + 4 + n8q + 4 + 32 + 8);
    const uint8_t *c = section(&z, 4, &sz);
    fx.n_coefs = u32(c);
    assert_int_equal(sz, 4 + 44 * fx.n_coefs);
    fx.coefs = calloc(fx.n_coefs, sizeof *fx.coefs);
    for (uint64_t k = 0; k < fx.n_coefs; k++) {
        const uint8_t *e = c + 4 + 44 * k;
        fr_t stored, mont;
        memcpy(stored.l, e + 12, 32);
        fr_mont_reduce(&mont, &stored); /* coef * R^2 / R = Montgomery form of coef */
        fx.coefs[k] = (g16k_coef){ .matrix = u32(e), .row = u32(e + 4), .signal = u32(e + 8) };
        memcpy(fx.coefs[k].value, mont.l, 32);
    }
    free(z.p);
    blob w = slurp(name, "witness.wtns");
    const uint8_t *v = section(&w, 2, &sz);
    assert_int_equal(sz, 32 * (uint64_t)fx.n_vars);
    fx.w = malloc(sz);
    memcpy(fx.w, v, sz);
    free(w.p);
    return fx;
}

static fr_t *load_ref_h(const char *name, uint32_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/ref_h_scalars.json", FX_DIR, name);
    json_object *j = json_object_from_file(path);
    assert_non_null(j);
    assert_int_equal(json_object_array_length(j), n);
    fr_t *h = malloc(n * sizeof *h);
    for (uint32_t i = 0; i < n; i++) {
        fr_t m;
        assert_int_equal(fr_from_dec(&m, json_object_get_string(json_object_array_get_idx(j, i))),
                         0);
        fr_to_canon(&h[i], &m);
    }
    json_object_put(j);
    return h;
}

/* ---- tests ---- */

/* The orders of a fixture's coefficients: snarkjs's (by row: each constraint's A then B
 * entries, the public inputs' A rows last), a fixed pseudo-random one, and by (matrix, row);
 * the plugin builds each on another path. */
enum { IN_FILE_ORDER, SHUFFLED, BY_MATRIX };

static void reorder(fixture *fx, int order)
{
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (uint64_t k = fx->n_coefs; order == SHUFFLED && k > 1; k--) { /* Fisher-Yates */
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t i = (rng >> 33) % k;
        g16k_coef t = fx->coefs[k - 1];
        fx->coefs[k - 1] = fx->coefs[i];
        fx->coefs[i] = t;
    }
    if (order == BY_MATRIX) { /* stable partition of the row-sorted list: A's, then B's */
        g16k_coef *by = malloc(fx->n_coefs * sizeof *by);
        uint64_t at = 0;
        for (uint32_t m = 0; m < 2; m++)
            for (uint64_t k = 0; k < fx->n_coefs; k++)
                if (fx->coefs[k].matrix == m)
                    by[at++] = fx->coefs[k];
        assert_int_equal(at, fx->n_coefs);
        free(fx->coefs);
        fx->coefs = by;
    }
}

/* fx's list in `order` and coef_enc, as the constraints a plugin takes. */
static g16k_constraints constraints_of(fixture *fx, int order, uint32_t coef_enc)
{
    reorder(fx, order);
    if (coef_enc == G16K_ENC_CANONICAL)
        for (uint64_t k = 0; k < fx->n_coefs; k++) {
            fr_t m, canon;
            memcpy(m.l, fx->coefs[k].value, 32);
            fr_to_canon(&canon, &m);
            memcpy(fx->coefs[k].value, canon.l, 32);
        }
    return (g16k_constraints){ .struct_size = sizeof(g16k_constraints),
                               .coef_encoding = coef_enc,
                               .n_vars = fx->n_vars,
                               .domain_size = fx->domain_size,
                               .n_coefs = fx->n_coefs,
                               .coefs = fx->coefs };
}

/* order: one of the above. borrow: the circuit comes from
 * circuit_borrow, and its a, b, c must equal circuit_create's bit for bit, with the lent
 * coefficients unchanged after synthesis and after circuit_destroy. */
static void check_fixture_with(const char *name, uint32_t coef_enc, int order, int borrow)
{
    const g16k_plugin_desc *d = th_plugin();
    fixture fx = load_fixture(name);
    uint32_t n = fx.domain_size;
    g16k_constraints cs = constraints_of(&fx, order, coef_enc);
    g16k_circuit *circ = NULL;
    size_t coef_bytes = fx.n_coefs * sizeof(g16k_coef);
    g16k_coef *before = malloc(coef_bytes);
    memcpy(before, fx.coefs, coef_bytes);
    if (borrow)
        assert_int_equal(TU_VT(d, synth)->circuit_borrow(th_ctx(), &cs, &circ), G16K_OK);
    else
        assert_int_equal(TU_VT(d, synth)->circuit_create(th_ctx(), &cs, &circ), G16K_OK);

    fr_t *abc = malloc(3 * (size_t)n * sizeof(fr_t));
    fr_t *a = abc, *b = abc + n, *c = abc + 2 * (size_t)n;
    assert_int_equal(TU_VT(d, synth)->synthesize(circ, fx.w, fx.n_vars, G16K_ENC_CANONICAL, a, b, c,
                                                 G16K_ENC_MONTGOMERY),
                     G16K_OK);
    if (borrow) { /* the same vectors from a copied circuit */
        g16k_circuit *copy = NULL;
        fr_t *want = malloc(3 * (size_t)n * sizeof(fr_t));
        assert_int_equal(TU_VT(d, synth)->circuit_create(th_ctx(), &cs, &copy), G16K_OK);
        assert_int_equal(TU_VT(d, synth)->synthesize(copy, fx.w, fx.n_vars, G16K_ENC_CANONICAL,
                                                     want, want + n, want + 2 * (size_t)n,
                                                     G16K_ENC_MONTGOMERY),
                         G16K_OK);
        TU_VT(d, synth)->circuit_destroy(copy);
        assert_memory_equal(abc, want, 3 * (size_t)n * sizeof(fr_t));
        free(want);
        assert_memory_equal(fx.coefs, before, coef_bytes);
    }
    /* Independent accumulation: (matrix ? b : a)[row] += coef * w[signal]. */
    fr_t *acc = calloc(2 * (size_t)n, sizeof(fr_t));
    for (uint64_t k = 0; k < fx.n_coefs; k++) {
        const g16k_coef *e = &fx.coefs[k];
        fr_t coef, w, t;
        memcpy(coef.l, e->value, 32);
        if (coef_enc == G16K_ENC_CANONICAL)
            fr_from_canon(&coef, &coef);
        fr_from_canon(&w, &fx.w[e->signal]);
        fr_mul(&t, &coef, &w);
        fr_add(&acc[e->matrix * (size_t)n + e->row], &acc[e->matrix * (size_t)n + e->row], &t);
    }
    for (uint32_t i = 0; i < n; i++) {
        fr_t ab;
        assert_true(fr_eq(&a[i], &acc[i]));
        assert_true(fr_eq(&b[i], &acc[n + i]));
        fr_mul(&ab, &acc[i], &acc[n + i]);
        assert_true(fr_eq(&c[i], &ab));
    }
    free(acc);

    unsigned log_n = 0;
    while ((1u << log_n) < n)
        log_n++;
    g16k_ntt_domain *dom = NULL;
    assert_int_equal(TU_VT(d, ntt)->domain_create(th_ctx(), log_n, &dom), G16K_OK);
    fr_t *h = malloc((size_t)n * sizeof *h);
    assert_int_equal(
        TU_VT(d, ntt)->compute_h(dom, a, b, c, G16K_ENC_MONTGOMERY, h, G16K_ENC_CANONICAL),
        G16K_OK);
    fr_t *ref = load_ref_h(name, n);
    for (uint32_t i = 0; i < n; i++)
        if (memcmp(&h[i], &ref[i], 32) != 0)
            fail_msg("%s: h[%u] differs from ref_h_scalars.json", name, i);
    free(ref);
    free(h);
    TU_VT(d, ntt)->domain_destroy(dom);
    free(abc);
    TU_VT(d, synth)->circuit_destroy(circ);
    assert_memory_equal(fx.coefs, before, coef_bytes);
    free(before);
    free(fx.coefs);
    free(fx.w);
}

static void check_fixture(const char *name, uint32_t coef_enc)
{
    check_fixture_with(name, coef_enc, IN_FILE_ORDER, 0);
}

static void test_h_matches_fixture_mult(void **state)
{
    (void)state;
    check_fixture("mult", G16K_ENC_MONTGOMERY);
}

static void test_h_matches_fixture_nopub(void **state)
{
    (void)state;
    check_fixture("nopub", G16K_ENC_CANONICAL);
}

static void test_h_matches_fixture_poseidon2(void **state)
{
    (void)state;
    check_fixture("poseidon2", G16K_ENC_MONTGOMERY);
}

/* 2^14 rows: large enough that synthesis and every NTT stage run on several threads. */
static void test_h_matches_fixture_poseidon_chain(void **state)
{
    (void)state;
    check_fixture(FX_CHAIN, G16K_ENC_MONTGOMERY);
}

static void test_h_matches_fixture_shuffled(void **state)
{
    (void)state;
    check_fixture_with("poseidon2", G16K_ENC_MONTGOMERY, SHUFFLED, 0);
    check_fixture_with(FX_CHAIN, G16K_ENC_CANONICAL, SHUFFLED, 0);
    check_fixture_with(FX_CHAIN, G16K_ENC_MONTGOMERY, BY_MATRIX, 0);
}

/* circuit_borrow: sorted Montgomery input, by row or by (matrix, row) (the list kept in
 * place), sorted canonical and shuffled input (copied), each against the accumulation, ref_h
 * and circuit_create. */
static void test_borrow_matches_create(void **state)
{
    (void)state;
    assert_non_null(TU_VT(th_plugin(), synth)->circuit_borrow);
    check_fixture_with("mult", G16K_ENC_MONTGOMERY, IN_FILE_ORDER, 1);
    check_fixture_with("nopub", G16K_ENC_MONTGOMERY, IN_FILE_ORDER, 1);
    check_fixture_with(FX_CHAIN, G16K_ENC_MONTGOMERY, IN_FILE_ORDER, 1);
    check_fixture_with(FX_CHAIN, G16K_ENC_MONTGOMERY, BY_MATRIX, 1);
    check_fixture_with("poseidon2", G16K_ENC_CANONICAL, IN_FILE_ORDER, 1);
    check_fixture_with("poseidon2", G16K_ENC_MONTGOMERY, SHUFFLED, 1);
    check_fixture_with(FX_CHAIN, G16K_ENC_CANONICAL, SHUFFLED, 1);
}

/* Whether a borrowed circuit of the fixture's list in `order` reads the lent list: a value
 * changed after the borrow (outside the contract, on purpose) shows in a[row] only then. */
static int borrow_reads_lent(const char *name, uint32_t coef_enc, int order)
{
    const g16k_synth_vtable *s = TU_VT(th_plugin(), synth);
    fixture fx = load_fixture(name);
    uint64_t n = fx.domain_size, k0 = 0;
    g16k_constraints cs = constraints_of(&fx, order, coef_enc);
    while (fx.coefs[k0].matrix != 0 || fx.w[fx.coefs[k0].signal].l[0] == 0) /* an A entry, w != 0 */
        k0++;
    g16k_circuit *c = NULL;
    assert_int_equal(s->circuit_borrow(th_ctx(), &cs, &c), G16K_OK);
    fr_t *abc[2];
    for (int pass = 0; pass < 2; pass++) {
        abc[pass] = malloc(3 * n * sizeof(fr_t));
        assert_int_equal(s->synthesize(c, fx.w, fx.n_vars, G16K_ENC_CANONICAL, abc[pass],
                                       abc[pass] + n, abc[pass] + 2 * n, G16K_ENC_MONTGOMERY),
                         G16K_OK);
        fx.coefs[k0].value[0] ^= 1; /* stays below r: the low bit of a value < r */
    }
    uint32_t row = fx.coefs[k0].row;
    int reads = memcmp(&abc[0][row], &abc[1][row], sizeof(fr_t)) != 0;
    s->circuit_destroy(c);
    free(abc[0]);
    free(abc[1]);
    free(fx.coefs);
    free(fx.w);
    return reads;
}

/* Sorted Montgomery input is kept (no copy); unsorted or canonical input is copied. */
static void test_borrow_keeps_only_sorted_montgomery(void **state)
{
    (void)state;
    assert_true(borrow_reads_lent("poseidon2", G16K_ENC_MONTGOMERY, IN_FILE_ORDER));
    assert_true(borrow_reads_lent("poseidon2", G16K_ENC_MONTGOMERY, BY_MATRIX));
    assert_false(borrow_reads_lent("poseidon2", G16K_ENC_MONTGOMERY, SHUFFLED));
    assert_false(borrow_reads_lent("poseidon2", G16K_ENC_CANONICAL, IN_FILE_ORDER));
}

/* Sorted input is checked on several threads: the error still names the first bad entry, under
 * the name of the entry called. */
static void test_synth_names_first_bad_coef(void **state)
{
    (void)state;
    const g16k_synth_vtable *s = TU_VT(th_plugin(), synth);
    uint64_t n = 200000;
    g16k_coef *e = calloc(n, sizeof *e);
    for (uint64_t k = 0; k < n; k++)
        e[k] = (g16k_coef){
            .matrix = k >= n / 2, .row = (uint32_t)(k % (n / 2) / 4), .signal = 1, .value = { 1 }
        };
    e[150001].signal = 7;
    e[170002].row = 1u << 20;
    g16k_constraints cs = { .struct_size = sizeof cs,
                            .coef_encoding = G16K_ENC_MONTGOMERY,
                            .n_vars = 2,
                            .domain_size = 1u << 16,
                            .n_coefs = n,
                            .coefs = e };
    g16k_circuit *c = NULL;
    host_clear_error();
    assert_int_equal(s->circuit_create(th_ctx(), &cs, &c), G16K_EINVAL);
    assert_null(c);
    assert_non_null(strstr(host_last_error(), "circuit_create: coef 150001: signal 7"));
    host_clear_error();
    assert_int_equal(s->circuit_borrow(th_ctx(), &cs, &c), G16K_EINVAL);
    assert_null(c);
    assert_non_null(strstr(host_last_error(), "circuit_borrow: coef 150001: signal 7"));
    free(e);
}

static void test_synth_rejects_bad_input(void **state)
{
    (void)state;
    const g16k_synth_vtable *s = TU_VT(th_plugin(), synth);
    g16k_coef e = { .matrix = 0, .row = 1, .signal = 1, .value = { 1 } };
    g16k_constraints cs = { .struct_size = sizeof cs,
                            .coef_encoding = G16K_ENC_CANONICAL,
                            .n_vars = 2,
                            .domain_size = 4,
                            .n_coefs = 1,
                            .coefs = &e };
    g16k_circuit *c = NULL;
    struct {
        g16k_coef e;
        const char *msg;
    } bad[] = {
        { { .matrix = 2, .row = 1, .signal = 1 }, "matrix 2" },
        { { .matrix = 1, .row = 4, .signal = 1 }, "row 4 >= domain size 4" },
        { { .matrix = 0, .row = 3, .signal = 2 }, "signal 2 >= n_vars 2" },
        { { .matrix = 0, .row = 0, .signal = 0, .value = { 0x1, 0x0, 0x0, 0xffffffffffffffffull } },
          "not below r" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        for (uint32_t enc = G16K_ENC_CANONICAL; enc <= G16K_ENC_MONTGOMERY; enc++) {
            cs.coefs = &bad[i].e;
            cs.coef_encoding = enc;
            host_clear_error();
            assert_int_equal(s->circuit_create(th_ctx(), &cs, &c), G16K_EINVAL);
            assert_null(c);
            assert_non_null(strstr(host_last_error(), bad[i].msg));
            host_clear_error();
            assert_int_equal(s->circuit_borrow(th_ctx(), &cs, &c), G16K_EINVAL);
            assert_null(c);
            assert_non_null(strstr(host_last_error(), bad[i].msg));
            assert_non_null(strstr(host_last_error(), "circuit_borrow: "));
        }
    cs.coefs = &e;
    cs.coef_encoding = 0;
    assert_int_equal(s->circuit_create(th_ctx(), &cs, &c), G16K_EINVAL);
    assert_int_equal(s->circuit_borrow(th_ctx(), &cs, &c), G16K_EINVAL);
    cs.coef_encoding = G16K_ENC_CANONICAL;
    cs.domain_size = 3;
    assert_int_equal(s->circuit_create(th_ctx(), &cs, &c), G16K_EINVAL);
    assert_int_equal(s->circuit_borrow(th_ctx(), &cs, &c), G16K_EINVAL);
    cs.n_coefs = 1;
    cs.coefs = NULL;
    cs.domain_size = 4;
    assert_int_equal(s->circuit_borrow(th_ctx(), &cs, &c), G16K_EINVAL);
    assert_null(c);
    cs.coefs = &e;
    assert_int_equal(s->circuit_create(th_ctx(), &cs, &c), G16K_OK);

    /* a[1] = 1 * w[1]; everything else 0. */
    uint64_t w[2][4] = { { 1 }, { 42 } }, a[4][4], b[4][4], cc[4][4];
    assert_int_equal(s->synthesize(c, w, 3, G16K_ENC_CANONICAL, a, b, cc, G16K_ENC_CANONICAL),
                     G16K_EINVAL);
    assert_int_equal(s->synthesize(c, w, 2, 0, a, b, cc, G16K_ENC_CANONICAL), G16K_EINVAL);
    assert_int_equal(s->synthesize(c, w, 2, G16K_ENC_CANONICAL, a, b, cc, G16K_ENC_CANONICAL),
                     G16K_OK);
    uint64_t zero[4] = { 0 }, want_a1[4] = { 42 };
    assert_memory_equal(a[1], want_a1, 32);
    assert_memory_equal(a[0], zero, 32);
    assert_memory_equal(b[1], zero, 32);
    assert_memory_equal(cc[1], zero, 32);
    memcpy(w[1], FR_MODULUS.l, 32);
    assert_int_equal(s->synthesize(c, w, 2, G16K_ENC_CANONICAL, a, b, cc, G16K_ENC_CANONICAL),
                     G16K_EINVAL);
    s->circuit_destroy(c);
    s->circuit_destroy(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_h_matches_fixture_mult),
        cmocka_unit_test(test_h_matches_fixture_nopub),
        cmocka_unit_test(test_h_matches_fixture_poseidon2),
        cmocka_unit_test(test_h_matches_fixture_poseidon_chain),
        cmocka_unit_test(test_h_matches_fixture_shuffled),
        cmocka_unit_test(test_borrow_matches_create),
        cmocka_unit_test(test_borrow_keeps_only_sorted_montgomery),
        cmocka_unit_test(test_synth_names_first_bad_coef),
        cmocka_unit_test(test_synth_rejects_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
