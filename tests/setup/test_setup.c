/*
 * core/setup against snarkjs: `g16k setup --ptau` must write the bytes of the fixtures'
 * circuit_0000.zkey (made by `snarkjs groth16 setup` from the same pot12_final.ptau), and
 * `g16k vk` the bytes of their verification_key.json (snarkjs zkey export verificationkey of
 * circuit_final.zkey). Plus the RFC 7693 BLAKE2b vectors, a Lagrange-basis identity, and
 * malformed or too-large inputs with their exact status and message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "g16k/plugin.h"
#include "setup/internal.h"
#include "setup/setup.h"
#include "util/error.h"

#define FIX G16K_FIXTURES
#define PTAU FIX "/ptau/pot12_final.ptau"

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}

static void spit(const char *path, const uint8_t *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
}

static void assert_same_file(const char *got, const char *want)
{
    size_t lg, lw;
    uint8_t *g = slurp(got, &lg);
    uint8_t *w = slurp(want, &lw);
    assert_non_null(g);
    assert_non_null(w);
    assert_int_equal(lg, lw);
    size_t i = 0;
    while (i < lg && g[i] == w[i])
        i++;
    if (i != lg)
        fail_msg("%s differs from %s at byte %zu", got, want, i);
    free(g);
    free(w);
}

static void tmp_path(char *buf, size_t n, const char *name)
{
    const char *d = getenv("TMPDIR");
    snprintf(buf, n, "%s/g16k_setup_%ld_%s", d ? d : "/tmp", (long)getpid(), name);
}

static void hex(char *out, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
}

static void test_blake2b_rfc7693_vectors(void **state)
{
    (void)state;
    uint8_t d[64];
    char h[129];
    blake2b_state s;
    blake2b_init(&s, 64);
    blake2b_update(&s, "abc", 3);
    blake2b_final(&s, d);
    hex(h, d, 64);
    /* RFC 7693 appendix A */
    assert_string_equal(h, "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                           "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
    blake2b_init(&s, 64);
    blake2b_final(&s, d);
    hex(h, d, 64);
    assert_string_equal(h, "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
                           "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce");
    /* Block boundaries: 128 and 300 bytes fed whole and byte by byte agree. */
    uint8_t msg[300], d2[64];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7);
    size_t lens[] = { 128, 300 };
    for (int k = 0; k < 2; k++) {
        blake2b_init(&s, 64);
        blake2b_update(&s, msg, lens[k]);
        blake2b_final(&s, d);
        blake2b_init(&s, 64);
        for (size_t i = 0; i < lens[k]; i++)
            blake2b_update(&s, msg + i, 1);
        blake2b_final(&s, d2);
        assert_memory_equal(d, d2, 64);
    }
}

/* sum_i L_i(tau) = 1 for any tau, on the n-domain and on the 2n-domain (even + odd points). */
/* blake2b_partial.c against libsodium: messages of many lengths fed in pieces of many sizes
 * (exercising the buffered and the in-place paths), and an export/import round trip in the
 * middle of a message finishes to the same digest. */
static void test_blake2b_partial_matches_libsodium(void **state)
{
    (void)state;
    static uint8_t msg[2000];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 131 + 7);
    static const size_t lens[] = { 0, 1, 127, 128, 129, 255, 256, 257, 1000, 2000 };
    static const size_t pieces[] = { 1, 64, 127, 128, 129, 300, 2000 };
    for (size_t a = 0; a < sizeof lens / sizeof lens[0]; a++) {
        uint8_t want[64], got[64];
        blake2b_state ref;
        blake2b_init(&ref, 64);
        blake2b_update(&ref, msg, lens[a]);
        blake2b_final(&ref, want);
        for (size_t b = 0; b < sizeof pieces / sizeof pieces[0]; b++) {
            b2p_state s, t;
            uint8_t part[B2P_PARTIAL_BYTES];
            b2p_init(&s);
            for (size_t i = 0; i < lens[a]; i += pieces[b]) {
                size_t n = lens[a] - i < pieces[b] ? lens[a] - i : pieces[b];
                b2p_update(&s, msg + i, n);
                if (i == 0) { /* round trip through the stored form after the first piece */
                    b2p_export(&s, part);
                    assert_int_equal(b2p_import(&t, part), 0);
                    s = t;
                }
            }
            b2p_final(&s, got);
            assert_memory_equal(got, want, 64);
        }
    }
}

static void test_lagrange_sums_to_one(void **state)
{
    (void)state;
    enum { N = 16 };
    fr_t tau, one = FR_ONE, omega, omega2, g2, l[N], le[N], lo[N], sum;
    fr_set_u64(&tau, 123456789);
    fr_root_of_unity(&omega, 4);
    fr_root_of_unity(&g2, 5);
    assert_int_equal(lagrange_eval(l, N, &tau, &one, &omega, N), G16K_OK);
    memset(&sum, 0, sizeof sum);
    for (int i = 0; i < N; i++)
        fr_add(&sum, &sum, &l[i]);
    assert_true(fr_eq(&sum, &one));
    omega2 = omega; /* the 2N-domain = even points (omega^i) and odd points (g2 omega^i) */
    assert_int_equal(lagrange_eval(le, N, &tau, &one, &omega2, 2 * N), G16K_OK);
    assert_int_equal(lagrange_eval(lo, N, &tau, &g2, &omega2, 2 * N), G16K_OK);
    memset(&sum, 0, sizeof sum);
    for (int i = 0; i < N; i++) {
        fr_add(&sum, &sum, &le[i]);
        fr_add(&sum, &sum, &lo[i]);
    }
    assert_true(fr_eq(&sum, &one));
    /* tau on the domain is refused */
    assert_int_equal(lagrange_eval(l, N, &omega, &one, &omega, N), G16K_EINVAL);
}

static void check_ptau_setup(const char *name)
{
    char r1cs[512], want[512], out[512];
    snprintf(r1cs, sizeof r1cs, FIX "/%s/circuit.r1cs", name);
    snprintf(want, sizeof want, FIX "/%s/circuit_0000.zkey", name);
    tmp_path(out, sizeof out, "out.zkey");
    setup_opts o = { .r1cs_path = r1cs, .ptau_path = PTAU, .zkey_path = out, .threads = 2 };
    int rc = setup_run(&o);
    if (rc)
        fail_msg("setup_run: %d %s", rc, err_get());
    assert_same_file(out, want);
    unlink(out);
}

/* ---- the sums of `ptau verify` (ptau_sum64, ptau_sum_full) against double-and-add ---- */

#define SUM_N1 3001 /* G1 points: two chunks (2 threads), 8-bit windows (G2: 6 bits) */
#define SUM_N2 601  /* G2 points */

static uint64_t sum_rnd(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

/* Random points [k] G, k < 2^64, with the cases the buckets must get right: point 5 at
 * infinity, points 11 = -10 and 21 = 20 (their weights equal: a bucket cancels, or doubles, in
 * every window), point 30 = 31 = 32 (three in one bucket). */
#define SUM_POINTS(G, AFF, JAC, GEN)                                                               \
    static void G##_sum_points(AFF *pts, uint64_t n, uint64_t *x)                                  \
    {                                                                                              \
        JAC g, t;                                                                                  \
        G##_jac_from_affine(&g, &GEN);                                                             \
        for (uint64_t i = 0; i < n; i++) {                                                         \
            uint64_t k = sum_rnd(x);                                                               \
            G##_jac_mul(&t, &g, &k, 1);                                                            \
            G##_jac_to_affine(&pts[i], &t);                                                        \
        }                                                                                          \
        memset(&pts[5], 0, sizeof pts[5]);                                                         \
        G##_affine_neg(&pts[11], &pts[10]);                                                        \
        pts[21] = pts[20];                                                                         \
        pts[31] = pts[32] = pts[30];                                                               \
    }                                                                                              \
                                                                                                   \
    /* sum_{i < n} k_i P_(i + shift), k_i of `words` words, by double-and-add point by point */    \
    static void G##_sum_ref(JAC *out, const AFF *pts, const uint64_t *k, unsigned words,           \
                            uint64_t n, unsigned shift)                                            \
    {                                                                                              \
        JAC p, t;                                                                                  \
        G##_jac_set_inf(out);                                                                      \
        for (uint64_t i = 0; i < n; i++) {                                                         \
            G##_jac_from_affine(&p, &pts[i + shift]);                                              \
            G##_jac_mul(&t, &p, k + i * words, words);                                             \
            G##_jac_add(out, out, &t);                                                             \
        }                                                                                          \
    }
SUM_POINTS(g1, g1_affine_t, g1_jac_t, G1_GENERATOR)
SUM_POINTS(g2, g2_affine_t, g2_jac_t, G2_GENERATOR)

/* Weights with equal pairs where the points pair up, a zero weight, and full scalars below r
 * (canonical: `ck`, Montgomery: `k`). */
static void sum_scalars(uint64_t *r, fr_t *k, fr_t *ck, uint64_t n, uint64_t *x)
{
    for (uint64_t i = 0; i < n; i++) {
        r[i] = sum_rnd(x);
        for (int l = 0; l < FR_LIMBS; l++)
            ck[i].l[l] = sum_rnd(x);
        ck[i].l[3] &= 0x0fffffffffffffffULL;
    }
    r[11] = r[10], r[21] = r[20], r[31] = r[32] = r[30], r[7] = 0;
    ck[11] = ck[10], ck[21] = ck[20], ck[31] = ck[32] = ck[30];
    memset(&ck[7], 0, sizeof ck[7]);
    for (uint64_t i = 0; i < n; i++)
        assert_int_equal(fr_from_canon(&k[i], &ck[i]), 0);
}

static void test_ptau_sums_match_double_and_add(void **state)
{
    (void)state;
    uint64_t x = 0x2545f4914f6cdd1dULL;
    uint64_t n = SUM_N1;
    g1_affine_t *p1 = malloc((n + 1) * sizeof *p1);
    g2_affine_t *p2 = malloc((SUM_N2 + 1) * sizeof *p2);
    uint64_t *r = malloc(n * sizeof *r);
    fr_t *k = malloc(n * sizeof *k), *ck = malloc(n * sizeof *ck);
    assert_true(p1 && p2 && r && k && ck);
    g1_sum_points(p1, n + 1, &x);
    g2_sum_points(p2, SUM_N2 + 1, &x);
    sum_scalars(r, k, ck, n, &x);
    g1_jac_t a1, b1, w1;
    g2_jac_t a2, b2, w2;
    /* 64-bit weights, R1 and R2 = sum r_i P_(i+1) */
    assert_int_equal(ptau_sum64(0, p1, r, n, 2, &a1, &b1), G16K_OK);
    g1_sum_ref(&w1, p1, r, 1, n, 0);
    assert_true(g1_jac_eq(&a1, &w1));
    g1_sum_ref(&w1, p1, r, 1, n, 1);
    assert_true(g1_jac_eq(&b1, &w1));
    assert_int_equal(ptau_sum64(1, p2, r, SUM_N2, 2, &a2, &b2), G16K_OK);
    g2_sum_ref(&w2, p2, r, 1, SUM_N2, 0);
    assert_true(g2_jac_eq(&a2, &w2));
    g2_sum_ref(&w2, p2, r, 1, SUM_N2, 1);
    assert_true(g2_jac_eq(&b2, &w2));
    /* full scalars (k consumed: ck keeps the canonical values) */
    g1_sum_ref(&w1, p1, (const uint64_t *)(const void *)ck, FR_LIMBS, n, 0);
    assert_int_equal(ptau_sum_full(0, p1, k, n, 2, &a1), G16K_OK);
    assert_true(g1_jac_eq(&a1, &w1));
    for (uint64_t i = 0; i < SUM_N2; i++)
        assert_int_equal(fr_from_canon(&k[i], &ck[i]), 0);
    g2_sum_ref(&w2, p2, (const uint64_t *)(const void *)ck, FR_LIMBS, SUM_N2, 0);
    assert_int_equal(ptau_sum_full(1, p2, k, SUM_N2, 2, &a2), G16K_OK);
    assert_true(g2_jac_eq(&a2, &w2));
    /* two points, one thread: the smallest window */
    assert_int_equal(ptau_sum64(0, p1 + 10, r + 10, 2, 1, &a1, NULL), G16K_OK);
    assert_true(g1_jac_is_inf(&a1)); /* r P + r (-P) */
    free(p1);
    free(p2);
    free(r);
    free(k);
    free(ck);
}

static void test_setup_ptau_mult_matches_snarkjs(void **s)
{
    (void)s;
    check_ptau_setup("mult");
}
static void test_setup_ptau_nopub_matches_snarkjs(void **s)
{
    (void)s;
    check_ptau_setup("nopub");
}
static void test_setup_ptau_poseidon2_matches_snarkjs(void **s)
{
    (void)s;
    check_ptau_setup("poseidon2");
}

static void test_vk_matches_snarkjs_all_fixtures(void **state)
{
    (void)state;
    const char *names[] = { "mult", "nopub", "poseidon2", "poseidon_chain", "sha256_64" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char zkey[512], want[512], out[512];
        snprintf(zkey, sizeof zkey, FIX "/%s/circuit_final.zkey", names[i]);
        snprintf(want, sizeof want, FIX "/%s/verification_key.json", names[i]);
        if (access(zkey, R_OK) != 0)
            fail_msg("%s missing (ctest runs fixtures_large first; tests/fixtures/README.md)",
                     zkey);
        tmp_path(out, sizeof out, "vk.json");
        int rc = setup_vk_export(zkey, out);
        if (rc)
            fail_msg("setup_vk_export %s: %d %s", names[i], rc, err_get());
        assert_same_file(out, want);
        unlink(out);
    }
}

/* BN254: the committed bn128 fixtures' keys give snarkjs's verification_key.json (curve "bn128",
 * vk_alphabeta_12 with snarkjs's final exponentiation) byte for byte. */
static void test_vk_matches_snarkjs_bn128(void **state)
{
    (void)state;
    const char *names[] = { "mult", "nopub", "poseidon2", "manypub" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char zkey[512], want[512], out[512];
        snprintf(zkey, sizeof zkey, G16K_BN128_FIXTURES "/%s/circuit_final.zkey", names[i]);
        snprintf(want, sizeof want, G16K_BN128_FIXTURES "/%s/verification_key.json", names[i]);
        tmp_path(out, sizeof out, "vk.json");
        int rc = setup_vk_export(zkey, out);
        if (rc)
            fail_msg("setup_vk_export %s: %d %s", zkey, rc, err_get());
        assert_same_file(out, want);
        unlink(out);
    }
}

/* A broken r1cs: the status, a message naming the file, and no output left behind. */
static void expect_r1cs_error(const uint8_t *b, size_t len, int status, const char *msg)
{
    char r1cs[512], out[512];
    tmp_path(r1cs, sizeof r1cs, "bad.r1cs");
    tmp_path(out, sizeof out, "bad.zkey");
    spit(r1cs, b, len);
    setup_opts o = { .r1cs_path = r1cs, .ptau_path = PTAU, .zkey_path = out, .threads = 1 };
    assert_int_equal(setup_run(&o), status);
    assert_non_null(strstr(err_get(), r1cs));
    if (!strstr(err_get(), msg))
        fail_msg("message '%s' lacks '%s'", err_get(), msg);
    assert_int_equal(access(out, F_OK), -1);
    unlink(r1cs);
}

static void test_setup_rejects_malformed_r1cs(void **state)
{
    (void)state;
    size_t len;
    uint8_t *b = slurp(FIX "/mult/circuit.r1cs", &len);
    assert_non_null(b);
    /* Section 2 (constraints) comes first in circom's files: find its payload. */
    assert_int_equal(b[12], 2);
    size_t c0 = 12 + 12;
    uint8_t *copy = malloc(len);
    /* 1. the first A term's wire id -> 99 (mult has 4 wires) */
    memcpy(copy, b, len);
    copy[c0 + 4] = 99;
    expect_r1cs_error(copy, len, G16K_EFORMAT, "uses wire 99 of 4");
    /* 2. its coefficient -> 2^256 - 1 (not below r) */
    memcpy(copy, b, len);
    memset(copy + c0 + 8, 0xff, 32);
    expect_r1cs_error(copy, len, G16K_EFORMAT, "coefficient not below r");
    /* 3. A term count so large the section cannot hold it */
    memcpy(copy, b, len);
    copy[c0 + 3] = 0x7f;
    expect_r1cs_error(copy, len, G16K_EFORMAT, "truncated");
    /* 4. a file cut in the middle of the section table */
    expect_r1cs_error(b, 30, G16K_EFORMAT, "");
    free(copy);
    free(b);
}

static void test_setup_circuit_too_big_for_ptau(void **state)
{
    (void)state;
    char out[512];
    tmp_path(out, sizeof out, "big.zkey");
    setup_opts o = { .r1cs_path = FIX "/poseidon_chain/circuit.r1cs",
                     .ptau_path = PTAU,
                     .zkey_path = out,
                     .threads = 1 };
    if (access(o.r1cs_path, R_OK) != 0)
        fail_msg("%s missing (ctest runs fixtures_large first)", o.r1cs_path);
    assert_int_equal(setup_run(&o), G16K_EFORMAT);
    if (!strstr(err_get(), "need a domain of 2^14, the file has 2^12 powers of tau"))
        fail_msg("message: %s", err_get());
    assert_int_equal(access(out, F_OK), -1);
}

static void test_setup_missing_ptau_is_io_error(void **state)
{
    (void)state;
    char out[512];
    tmp_path(out, sizeof out, "none.zkey");
    setup_opts o = { .r1cs_path = FIX "/mult/circuit.r1cs",
                     .ptau_path = "/nonexistent.ptau",
                     .zkey_path = out,
                     .threads = 1 };
    assert_int_equal(setup_run(&o), G16K_EIO);
    assert_non_null(strstr(err_get(), "/nonexistent.ptau"));
    /* a zkey is not a ptau */
    o.ptau_path = FIX "/mult/circuit_0000.zkey";
    assert_int_equal(setup_run(&o), G16K_EFORMAT);
    assert_int_equal(access(out, F_OK), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blake2b_rfc7693_vectors),
        cmocka_unit_test(test_blake2b_partial_matches_libsodium),
        cmocka_unit_test(test_lagrange_sums_to_one),
        cmocka_unit_test(test_ptau_sums_match_double_and_add),
        cmocka_unit_test(test_setup_ptau_mult_matches_snarkjs),
        cmocka_unit_test(test_setup_ptau_nopub_matches_snarkjs),
        cmocka_unit_test(test_setup_ptau_poseidon2_matches_snarkjs),
        cmocka_unit_test(test_vk_matches_snarkjs_all_fixtures),
        cmocka_unit_test(test_vk_matches_snarkjs_bn128),
        cmocka_unit_test(test_setup_rejects_malformed_r1cs),
        cmocka_unit_test(test_setup_circuit_too_big_for_ptau),
        cmocka_unit_test(test_setup_missing_ptau_is_io_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
