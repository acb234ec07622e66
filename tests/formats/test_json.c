/*
 * core/formats JSON: snarkjs' own files read and written back must be byte-identical (snarkjs
 * writes with bfj, space 1); projective z handling as ffjavascript's fromObject; strict typing
 * with the JSON path in messages; the size limit; write_file_atomic. The readers of texts in
 * memory (proof_json_parse, public_json_parse, vk_json_parse) on the same bytes: the same values
 * from every fixture, and on every malformed file of these tests the same status and message,
 * with the buffer's name where the file's path was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "fmt_util.h"
#include "g16k/plugin.h"
#include "bn254/curve.h"
#include "formats/json_io.h"
#include "util/error.h"
#include "util/atomic_write.h"

#define P_DEC                                                                                      \
    "40024095552216673934177898257359041565568828199390078853320581361240316504908378644426876291" \
    "29015664037894272559787"
#define R_DEC "52435875175126190479447740508185965837690552500527637822603658699938581184513"

static int teardown(void **state)
{
    (void)state;
    scratch_cleanup();
    return 0;
}

static void assert_same_file(const char *a, const char *b)
{
    size_t la, lb;
    uint8_t *da = read_whole(a, &la), *db = read_whole(b, &lb);
    if (la != lb || memcmp(da, db, la) != 0)
        fail_msg("%s (%zu bytes) differs from %s (%zu bytes)", a, la, b, lb);
    free(da);
    free(db);
}

/* What a reader made of a file or of a buffer: status, message, value. */
typedef struct reading {
    int rc;
    char msg[G16K_ERR_MAX];
    const curve *cv; /* the curve proofs and public signals are read on */
    groth16_proof proof;
    curve_scalar *pub;
    size_t n_pub;
    groth16_vk vk;
} reading;

/* Read path with the file reader of kind ('p' proof, 'u' public, 'v' vk), or, with name, its
 * bytes with the buffer reader under that name; proofs and public signals on curve cv. */
static void read_as(reading *r, char kind, const curve *cv, const char *path, const char *name)
{
    size_t len = 0;
    char *text = name ? (char *)read_whole(path, &len) : NULL;
    memset(r, 0, sizeof(*r));
    r->cv = cv;
    switch (kind) {
    case 'p':
        r->rc = name ? proof_json_parse(name, text, len, r->cv, &r->proof)
                     : proof_json_read(path, r->cv, &r->proof);
        break;
    case 'u':
        r->rc = name ? public_json_parse(name, text, len, r->cv, &r->pub, &r->n_pub)
                     : public_json_read(path, r->cv, &r->pub, &r->n_pub);
        break;
    default: r->rc = name ? vk_json_parse(name, text, len, &r->vk) : vk_json_read(path, &r->vk);
    }
    snprintf(r->msg, sizeof(r->msg), "%s", r->rc == 0 ? "" : err_get());
    free(text);
}

static void reading_free(reading *r)
{
    if (r->rc == 0) {
        free(r->pub);
        vk_free(&r->vk);
    }
}

/* The buffer reader on the bytes of the file at path: what the file reader says, status, value
 * and message, the message naming "<kind> buffer" where the file's says path. */
static void expect_buffer_same_on(char kind, const curve *cv, const char *path)
{
    static const char *const names[] = { "proof buffer", "public signals buffer",
                                         "verification key buffer" };
    const char *name = names[kind == 'p' ? 0 : kind == 'u' ? 1 : 2];
    char keep[1024];
    snprintf(keep, sizeof(keep), "%s", path);
    reading f, b;
    read_as(&f, kind, cv, keep, NULL);
    read_as(&b, kind, cv, keep, name);
    if (f.rc != b.rc)
        fail_msg("%s: file status %d (%s), buffer status %d (%s)", keep, f.rc, f.msg, b.rc, b.msg);
    if (f.rc != 0) {
        size_t lp = strlen(keep), ln = strlen(name);
        if (strncmp(f.msg, keep, lp) != 0 || strncmp(b.msg, name, ln) != 0 ||
            strcmp(f.msg + lp, b.msg + ln) != 0)
            fail_msg("file: \"%s\"\nbuffer: \"%s\"", f.msg, b.msg);
    } else if (kind == 'p') {
        assert_memory_equal(&f.proof, &b.proof, sizeof(f.proof));
    } else if (kind == 'u') {
        assert_int_equal(f.n_pub, b.n_pub);
        if (f.n_pub > 0)
            assert_memory_equal(f.pub, b.pub, f.n_pub * sizeof(curve_scalar));
    } else {
        assert_ptr_equal(f.vk.cv, b.vk.cv);
        assert_int_equal(f.vk.n_public, b.vk.n_public);
        assert_memory_equal(&f.vk.alpha1, &b.vk.alpha1, sizeof(f.vk.alpha1));
        assert_memory_equal(&f.vk.beta2, &b.vk.beta2, sizeof(f.vk.beta2));
        assert_memory_equal(&f.vk.gamma2, &b.vk.gamma2, sizeof(f.vk.gamma2));
        assert_memory_equal(&f.vk.delta2, &b.vk.delta2, sizeof(f.vk.delta2));
        assert_memory_equal(f.vk.ic, b.vk.ic, (f.vk.n_public + 1) * sizeof(curve_g1));
    }
    reading_free(&f);
    reading_free(&b);
}

static void expect_buffer_same(char kind, const char *path)
{
    expect_buffer_same_on(kind, &curve_bls12_381, path);
}

static void test_proof_round_trip_is_byte_exact(void **state)
{
    (void)state;
    static const char *const files[] = { "proof.json", "ref_proof_r0_s0.json",
                                         "ref_proof_r123456789_s987654321.json" };
    char src[1024];
    for (int i = 0; i < FIXTURE_COUNT; i++) {
        for (int f = 0; f < 3; f++) {
            snprintf(src, sizeof(src), "%s", fixture_path(FIXTURES[i], files[f]));
            groth16_proof p;
            if (proof_json_read(src, &curve_bls12_381, &p) != 0)
                fail_msg("%s", err_get());
            expect_buffer_same('p', src);
            const char *out = scratch_path("proof.json");
            assert_int_equal(proof_json_write(out, &p), 0);
            assert_same_file(out, src);
        }
    }
}

static void test_public_round_trip_is_byte_exact(void **state)
{
    (void)state;
    char src[1024];
    for (int i = 0; i < FIXTURE_COUNT; i++) {
        snprintf(src, sizeof(src), "%s", fixture_path(FIXTURES[i], "public.json"));
        curve_scalar *v;
        size_t n;
        if (public_json_read(src, &curve_bls12_381, &v, &n) != 0)
            fail_msg("%s", err_get());
        expect_buffer_same('u', src);
        const char *out = scratch_path("public.json");
        assert_int_equal(public_json_write(out, &curve_bls12_381, v, n), 0);
        assert_same_file(out, src); /* includes "[\n]" for nopub */
        free(v);
    }
    /* mult: [33] (docs/formats.md, ".wtns") */
    curve_scalar *v;
    size_t n;
    assert_int_equal(
        public_json_read(fixture_path("mult", "public.json"), &curve_bls12_381, &v, &n), 0);
    assert_int_equal(n, 1);
    assert_int_equal(v[0].l[0], 33);
    free(v);
    /* The compact empty array of ref_public.json reads too. */
    assert_int_equal(
        public_json_read(fixture_path("nopub", "ref_public.json"), &curve_bls12_381, &v, &n), 0);
    assert_int_equal(n, 0);
    free(v);
}

static void test_vk_fixtures(void **state)
{
    (void)state;
    for (int i = 0; i < FIXTURE_COUNT; i++) {
        groth16_vk vk;
        if (vk_json_read(fixture_path(FIXTURES[i], "verification_key.json"), &vk) != 0)
            fail_msg("%s", err_get());
        expect_buffer_same('v', fixture_path(FIXTURES[i], "verification_key.json"));
        assert_int_equal(vk.n_public, r1cs_info(FIXTURES[i], "Outputs") +
                                          r1cs_info(FIXTURES[i], "Public Inputs"));
        assert_ptr_equal(vk.cv, &curve_bls12_381);
        assert_true(g2_affine_eq(&vk.gamma2.bls12_381, &G2_GENERATOR));
        vk_free(&vk);
    }
}

/* Write text to a scratch file and return its path. */
static const char *text_file(const char *name, const char *text)
{
    const char *path = scratch_path(name);
    write_whole(path, text, strlen(text));
    return path;
}

static void put_dec(char *buf, const fp_t *a)
{
    fp_to_dec(buf, a);
}

/* The generator given in Jacobian form with z = 2 and z = (2 + 3u) must read as the affine
 * generator (x/z^2, y/z^3); z = 0 is infinity. */
static void test_proof_projective_z(void **state)
{
    (void)state;
    fp_t z, z2, z3, x, y;
    fp_set_u64(&z, 2);
    fp_sqr(&z2, &z);
    fp_mul(&z3, &z2, &z);
    fp_mul(&x, &G1_GENERATOR.x, &z2);
    fp_mul(&y, &G1_GENERATOR.y, &z3);
    fp2_t w, w2, w3, bx, by;
    fp_set_u64(&w.c0, 2);
    fp_set_u64(&w.c1, 3);
    fp2_sqr(&w2, &w);
    fp2_mul(&w3, &w2, &w);
    fp2_mul(&bx, &G2_GENERATOR.x, &w2);
    fp2_mul(&by, &G2_GENERATOR.y, &w3);
    char d[9][FP_DEC_MAX];
    put_dec(d[0], &x);
    put_dec(d[1], &y);
    put_dec(d[2], &bx.c0);
    put_dec(d[3], &bx.c1);
    put_dec(d[4], &by.c0);
    put_dec(d[5], &by.c1);
    char text[4096];
    snprintf(text, sizeof(text),
             "{\"pi_a\": [\"%s\", \"%s\", \"2\"],\n"
             " \"pi_b\": [[\"%s\", \"%s\"], [\"%s\", \"%s\"], [\"2\", \"3\"]],\n"
             " \"pi_c\": [\"5\", \"7\", \"0\"]}\n",
             d[0], d[1], d[2], d[3], d[4], d[5]);
    groth16_proof p;
    if (proof_json_read(text_file("jac.json", text), &curve_bls12_381, &p) != 0)
        fail_msg("%s", err_get());
    assert_true(g1_affine_eq(&p.a.bls12_381, &G1_GENERATOR));
    assert_true(g2_affine_eq(&p.b.bls12_381, &G2_GENERATOR));
    assert_true(g1_affine_is_inf(&p.c.bls12_381));

    /* Infinity is written as snarkjs' zero: [0, 1, 0], and reads back as infinity. */
    const char *out = scratch_path("inf.json");
    memset(&p.b, 0, sizeof(p.b));
    assert_int_equal(proof_json_write(out, &p), 0);
    size_t len;
    char *t = (char *)read_whole(out, &len);
    assert_non_null(strstr(t, " \"pi_c\": [\n  \"0\",\n  \"1\",\n  \"0\"\n ],"));
    assert_non_null(strstr(t, "  [\n   \"0\",\n   \"0\"\n  ],\n  [\n   \"1\",\n   \"0\"\n  ],\n"
                              "  [\n   \"0\",\n   \"0\"\n  ]\n ],\n \"pi_c\""));
    free(t);
    groth16_proof q;
    assert_int_equal(proof_json_read(out, &curve_bls12_381, &q), 0);
    assert_true(g1_affine_eq(&q.a.bls12_381, &G1_GENERATOR));
    assert_true(g2_affine_is_inf(&q.b.bls12_381));
    assert_true(g1_affine_is_inf(&q.c.bls12_381));
}

/* The file at src with its first `from` replaced by `to`, written to the scratch file `name`
 * (its path returned). */
static const char *mutated(const char *src, const char *from, const char *to, const char *name)
{
    size_t len;
    char *t = (char *)read_whole(src, &len);
    char *hit = strstr(t, from);
    if (hit == NULL)
        fail_msg("\"%s\" not in %s", from, src);
    char *o = malloc(len + strlen(to) + 1);
    size_t pre = (size_t)(hit - t);
    memcpy(o, t, pre);
    strcpy(o + pre, to);
    strcat(o, hit + strlen(from));
    const char *path = text_file(name, o);
    free(o);
    free(t);
    return path;
}

/* A valid proof text with one piece replaced: fixture proof with `from` swapped for `to`. */
static const char *mutated_proof(const char *from, const char *to)
{
    return mutated(fixture_path("mult", "proof.json"), from, to, "bad_proof.json");
}

static void expect_proof_bad(const char *path, int code, ...)
{
    groth16_proof p;
    int rc = proof_json_read(path, &curve_bls12_381, &p);
    va_list ap;
    va_start(ap, code);
    expect_error_in(rc, code, strrchr(path, '/') + 1, ap);
    va_end(ap);
    if (access(path, R_OK) == 0)
        expect_buffer_same('p', path);
}

#define MULT_PI_A_X                                                                                \
    "28196377858037943252008182440467989047922148090658220532829657410463770396165397077732057127" \
    "09597945699321965085241"
#define MULT_PI_B_Y0                                                                               \
    "32313514308462741719951990120975621945039139222010541280947489684411762181274155735358630121" \
    "85018538758953529200633"

static void test_proof_malformed(void **state)
{
    (void)state;
    expect_proof_bad(mutated_proof("\"" MULT_PI_A_X "\"", "12"), G16K_EFORMAT,
                     "pi_a[0]: not a decimal string", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, P_DEC), G16K_EFORMAT, "pi_a[0]",
                     "not a canonical decimal integer below p (not below p)", NULL);
    /* One spelling per coordinate, as for public signals: snarkjs reads each of these as x. */
    expect_proof_bad(mutated_proof(MULT_PI_A_X, "0" MULT_PI_A_X), G16K_EFORMAT, "pi_a[0]",
                     "(leading zero)", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, "+" MULT_PI_A_X), G16K_EFORMAT, "pi_a[0]",
                     "(not a digit)", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, " " MULT_PI_A_X), G16K_EFORMAT, "pi_a[0]",
                     "(not a digit)", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_B_Y0, "00" MULT_PI_B_Y0), G16K_EFORMAT, "pi_b[1][0]",
                     "(leading zero)", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, "0x12"), G16K_EFORMAT, "pi_a[0]", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, "-1"), G16K_EFORMAT, "pi_a[0]", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, ""), G16K_EFORMAT, "pi_a[0]", NULL);
    expect_proof_bad(mutated_proof(MULT_PI_A_X, "1"), G16K_EVERIFY, "pi_a: point not on the curve",
                     NULL);
    expect_proof_bad(mutated_proof(MULT_PI_B_Y0, "7"), G16K_EVERIFY, "pi_b: point not on the curve",
                     NULL);
    expect_proof_bad(mutated_proof("\"" MULT_PI_B_Y0 "\",", "\"1\", \"2\","), G16K_EFORMAT,
                     "pi_b[1]: 3 elements, expected 2", NULL);
    expect_proof_bad(mutated_proof("\"pi_c\"", "\"pi_x\""), G16K_EFORMAT, "pi_c: missing", NULL);
    expect_proof_bad(mutated_proof("\"pi_a\": [", "\"pi_a\": {\"a\": 1}, \"q\": ["), G16K_EFORMAT,
                     "pi_a: expected array, found object", NULL);
    expect_proof_bad(mutated_proof("\"groth16\"", "\"plonk\""), G16K_EFORMAT, "protocol", NULL);
    expect_proof_bad(mutated_proof("\"bls12381\"", "\"bn128\""), G16K_EFORMAT, "curve", NULL);
    expect_proof_bad(mutated_proof("\"bls12381\"\n}", "\"bls12381\"\n} x"), G16K_EFORMAT,
                     "invalid JSON", NULL);
    expect_proof_bad(mutated_proof("\"bls12381\"\n}", "\"bls12381\"\n}{}"), G16K_EFORMAT, "JSON",
                     NULL);
    /* Trailing white space is fine. */
    groth16_proof ok;
    if (proof_json_read(mutated_proof("\"bls12381\"\n}", "\"bls12381\"\n}\n \r\n"),
                        &curve_bls12_381, &ok) != 0)
        fail_msg("%s", err_get());
    expect_proof_bad(mutated_proof("\"bls12381\"\n}", "\"bls12381\""), G16K_EFORMAT, "invalid JSON",
                     NULL);
    expect_proof_bad(mutated_proof("\"pi_a\": [", "\"pi_a\": [,"), G16K_EFORMAT, "invalid JSON",
                     NULL);
    expect_proof_bad(text_file("arr.json", "[1, 2]"), G16K_EFORMAT, "expected an object", NULL);
    expect_proof_bad(text_file("empty.json", ""), G16K_EFORMAT,
                     "byte 0: invalid JSON: unexpected end of file", NULL);
    expect_proof_bad(scratch_path("missing.json"), G16K_EIO, NULL);

    /* Over the 16 MiB limit: rejected by size before reading (sparse file). */
    const char *big = scratch_path("big.json");
    write_whole(big, "{}", 2);
    assert_int_equal(truncate(big, (16 << 20) + 1), 0);
    expect_proof_bad(big, G16K_EFORMAT, "16777217 bytes", NULL);
}

static void expect_public_bad(const char *text, const char *want)
{
    curve_scalar *v = (curve_scalar *)0x1;
    size_t n = 99;
    int rc = public_json_read(text_file("bad_public.json", text), &curve_bls12_381, &v, &n);
    assert_ptr_equal(v, (curve_scalar *)0x1);
    expect_error(rc, G16K_EFORMAT, "bad_public.json", want, NULL);
    expect_buffer_same('u', scratch_path("bad_public.json"));
}

static void test_public_malformed(void **state)
{
    (void)state;
    expect_public_bad("{\"a\": \"1\"}", "expected an array");
    expect_public_bad("[\"1\", 2]", "[1]: not a decimal string");
    expect_public_bad("[\"" R_DEC "\"]", "[0]: \"" R_DEC "\" is not a canonical decimal integer "
                                         "below r (not below r)");
    expect_public_bad("[\"1e3\"]", "[0]");
    /* Only the canonical spelling: no leading zeros, sign or space (snarkjs accepts these). */
    expect_public_bad("[\"1\", \"033\"]", "[1]: \"033\" is not a canonical decimal integer below r "
                                          "(leading zero)");
    expect_public_bad("[\"0033\"]", "[0]: \"0033\" is not a canonical decimal integer below r "
                                    "(leading zero)");
    expect_public_bad("[\"00\"]", "leading zero");
    expect_public_bad("[\"-1\"]", "[0]: \"-1\" is not a canonical decimal integer below r "
                                  "(not a digit)");
    expect_public_bad("[\"+1\"]", "not a digit");
    expect_public_bad("[\" 33\"]", "not a digit");
    expect_public_bad("[\"33 \"]", "not a digit");
    expect_public_bad("[\"\"]", "empty");
    expect_public_bad("[\"1\",]", "invalid JSON");

    /* r - 1 is the largest valid value. */
    curve_scalar *v;
    size_t n;
    const char *ok = text_file(
        "max.json",
        "[\"52435875175126190479447740508185965837690552500527637822603658699938581184512\"]");
    assert_int_equal(public_json_read(ok, &curve_bls12_381, &v, &n), 0);
    assert_int_equal(n, 1);
    fr_t rm1 = FR_MODULUS;
    rm1.l[0] -= 1;
    assert_memory_equal(v[0].l, rm1.l, 32);
    free(v);
    /* Writing a value >= r is a caller bug. */
    expect_error(public_json_write(scratch_path("w.json"), &curve_bls12_381, &FR_MODULUS, 1),
                 G16K_EINVAL, "w.json", NULL);
}

/* The mult vk with one piece replaced. */
static const char *mutated_vk(const char *from, const char *to)
{
    return mutated(fixture_path("mult", "verification_key.json"), from, to, "bad_vk.json");
}

static void expect_vk_bad(const char *path, const char *want)
{
    groth16_vk vk;
    expect_error(vk_json_read(path, &vk), G16K_EFORMAT, "bad_vk.json", want, NULL);
    expect_buffer_same('v', path);
}

static void test_vk_malformed(void **state)
{
    (void)state;
    expect_vk_bad(mutated_vk("\"nPublic\": 1", "\"nPublic\": 2"), "IC: 2 elements, expected 3");
    expect_vk_bad(mutated_vk("\"nPublic\": 1", "\"nPublic\": -1"), "nPublic: -1 is out of range");
    expect_vk_bad(mutated_vk("\"nPublic\": 1", "\"nPublic\": 99999999999999999999999"), "nPublic");
    expect_vk_bad(mutated_vk("\"nPublic\": 1", "\"nPublic\": 1.5"),
                  "nPublic: expected int, found double");
    expect_vk_bad(mutated_vk("\"nPublic\": 1", "\"nPublic\": \"1\""),
                  "nPublic: expected int, found string");
    /* BLS12-381's coordinates are not below BN254's p: the message names the key's claim */
    expect_vk_bad(mutated_vk("\"curve\": \"bls12381\"", "\"curve\": \"bn128\""),
                  "vk_alpha_1[0]: \"");
    expect_vk_bad(mutated_vk("\"curve\": \"bls12381\"", "\"curve\": \"bn128\""),
                  "(not below p); the key says \"curve\": \"bn128\" (BN254)");
    expect_vk_bad(mutated_vk("\"curve\": \"bls12381\"", "\"curve\": \"bls12_377\""),
                  "curve: \"bls12_377\", expected \"bls12381\" or \"bn128\"");
    expect_vk_bad(mutated_vk("\"IC\": [\n  [\n   \"", "\"IC\": [\n  [\n   \"1"), "IC[0]");
    expect_vk_bad(mutated_vk("\"vk_delta_2\"", "\"vk_delta\""), "vk_delta_2: missing");
    /* alpha1, beta2, gamma2, delta2 at infinity: no setup makes them (a forged key) */
    expect_vk_bad(mutated_vk("\"vk_gamma_2\": [",
                             "\"vk_gamma_2\": [[\"0\", \"0\"], [\"1\", \"0\"], "
                             "[\"0\", \"0\"]], \"x\": ["),
                  "vk_gamma_2: the point at infinity");
}

static void test_write_file_atomic(void **state)
{
    (void)state;
    const char *path = scratch_path("atomic.txt");
    char keep[1024];
    snprintf(keep, sizeof(keep), "%s", path);
    assert_int_equal(write_file_atomic(keep, "first", 5), 0);
    assert_int_equal(write_file_atomic(keep, "second!", 7), 0);
    size_t len;
    char *t = (char *)read_whole(keep, &len);
    assert_int_equal(len, 7);
    assert_memory_equal(t, "second!", 7);
    free(t);
    struct stat st;
    assert_int_equal(stat(keep, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);

    /* A folder that does not exist: EIO, nothing created. */
    snprintf(keep, sizeof(keep), "%s/no/such/dir/x.json", scratch_dir());
    expect_error(write_file_atomic(keep, "x", 1), G16K_EIO, "x.json", NULL);
    /* rename onto a folder fails after the temp file was written: the temp must be gone. */
    snprintf(keep, sizeof(keep), "%s/adir", scratch_dir());
    assert_int_equal(mkdir(keep, 0755), 0);
    expect_error(write_file_atomic(keep, "x", 1), G16K_EIO, "adir", "rename", NULL);
    char cmd[1200];
    snprintf(cmd, sizeof(cmd), "ls '%s' | grep -q tmp", scratch_dir());
    assert_int_not_equal(system(cmd), 0);
}

/* ---- BN254 (snarkjs's bn128): the committed fixtures of tests/fixtures/bn128 ---- */

static const char *const BN128[] = { "mult", "nopub", "poseidon2", "manypub" };
#define BN128_COUNT (sizeof(BN128) / sizeof(BN128[0]))

/* snarkjs's bn128 proof.json, the reference prover's proofs, public.json and the key: read on
 * BN254 and written back byte for byte; the key names BN254, its gamma2 is the generator
 * (snarkjs's setup takes gamma = 1) and it has as many IC points as public.json has signals + 1. */
static void test_bn128_round_trip(void **state)
{
    (void)state;
    static const char *const proofs[] = { "proof.json", "ref_proof_r0_s0.json",
                                          "ref_proof_r123456789_s987654321.json" };
    char src[1024];
    for (size_t i = 0; i < BN128_COUNT; i++) {
        for (int f = 0; f < 3; f++) {
            snprintf(src, sizeof(src), "%s", bn128_path(BN128[i], proofs[f]));
            groth16_proof p;
            if (proof_json_read(src, &curve_bn254, &p) != 0)
                fail_msg("%s", err_get());
            assert_ptr_equal(p.cv, &curve_bn254);
            expect_buffer_same_on('p', &curve_bn254, src);
            const char *out = scratch_path("proof.json");
            assert_int_equal(proof_json_write(out, &p), 0);
            assert_same_file(out, src);
        }
        snprintf(src, sizeof(src), "%s", bn128_path(BN128[i], "public.json"));
        curve_scalar *v;
        size_t n;
        if (public_json_read(src, &curve_bn254, &v, &n) != 0)
            fail_msg("%s", err_get());
        expect_buffer_same_on('u', &curve_bn254, src);
        const char *out = scratch_path("public.json");
        assert_int_equal(public_json_write(out, &curve_bn254, v, n), 0);
        assert_same_file(out, src);
        free(v);

        snprintf(src, sizeof(src), "%s", bn128_path(BN128[i], "verification_key.json"));
        groth16_vk vk;
        if (vk_json_read(src, &vk) != 0)
            fail_msg("%s", err_get());
        expect_buffer_same_on('v', &curve_bn254, src);
        assert_ptr_equal(vk.cv, &curve_bn254);
        assert_int_equal(vk.n_public, n);
        assert_true(bn254_g2_affine_eq(&vk.gamma2.bn254, &BN254_G2_GENERATOR));
        vk_free(&vk);
    }
}

/* The mult bn128 proof.json with `from` replaced by `to`. */
static const char *mutated_bn128_proof(const char *from, const char *to)
{
    char src[1024];
    snprintf(src, sizeof(src), "%s", bn128_path("mult", "proof.json"));
    return mutated(src, from, to, "bad_bn_proof.json");
}

static void test_bn128_hostile(void **state)
{
    (void)state;
    groth16_proof p;
    /* a bn128 proof on BLS12-381 (a key of the other curve): its "curve" says so */
    expect_error(proof_json_read(bn128_path("mult", "proof.json"), &curve_bls12_381, &p),
                 G16K_EFORMAT, "proof.json", "curve: \"bn128\", expected \"bls12381\"", NULL);
    /* snarkjs's other spellings of the same curve are the same curve */
    assert_int_equal(
        proof_json_read(mutated_bn128_proof("\"bn128\"", "\"alt_bn128\""), &curve_bn254, &p), 0);
    assert_int_equal(
        proof_json_read(mutated_bn128_proof("\"bn128\"", "\"BN254\""), &curve_bn254, &p), 0);
    /* G1 off the curve: (1, 3): 3^2 != 1 + 3 */
    size_t len;
    char *t = (char *)read_whole(bn128_path("mult", "proof.json"), &len);
    char a_x[100], a_y[100];
    assert_int_equal(
        sscanf(strstr(t, "\"pi_a\""), "\"pi_a\": [ \"%99[0-9]\", \"%99[0-9]\"", a_x, a_y), 2);
    free(t);
    char from[256];
    snprintf(from, sizeof(from), "\"%s\",\n  \"%s\"", a_x, a_y);
    expect_error(proof_json_read(mutated_bn128_proof(from, "\"1\",\n  \"3\""), &curve_bn254, &p),
                 G16K_EVERIFY, "bad_bn_proof.json", "pi_a: point not on the curve (BN254)", NULL);
    /* G2 on the twist, outside the subgroup */
    bn254_g2_affine_t q;
    bn254_g2_off_subgroup(&q);
    char d[4][BN254_FP_DEC_MAX], pi_b[1024];
    bn254_fp_to_dec(d[0], &q.x.c0);
    bn254_fp_to_dec(d[1], &q.x.c1);
    bn254_fp_to_dec(d[2], &q.y.c0);
    bn254_fp_to_dec(d[3], &q.y.c1);
    snprintf(pi_b, sizeof(pi_b),
             "\"pi_b\": [[\"%s\", \"%s\"], [\"%s\", \"%s\"], [\"1\", \"0\"]], \"x\":", d[0], d[1],
             d[2], d[3]);
    expect_error(proof_json_read(mutated_bn128_proof("\"pi_b\":", pi_b), &curve_bn254, &p),
                 G16K_EVERIFY, "bad_bn_proof.json",
                 "pi_b: point not in the prime-order subgroup (BN254)", NULL);
    /* a coordinate of BLS12-381's size is not below BN254's p */
    expect_error(
        proof_json_read(mutated_bn128_proof("\"pi_a\": [\n  \"",
                                            "\"pi_a\": [\n  \"4002409555221667393417789825"
                                            "735904156556882819939007885332058136124031650490"
                                            "837864442687629129015664037894272559786"),
                        &curve_bn254, &p),
        G16K_EFORMAT, "bad_bn_proof.json", "pi_a[0]", "not below p", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_proof_round_trip_is_byte_exact),
        cmocka_unit_test(test_public_round_trip_is_byte_exact),
        cmocka_unit_test(test_vk_fixtures),
        cmocka_unit_test(test_proof_projective_z),
        cmocka_unit_test(test_proof_malformed),
        cmocka_unit_test(test_public_malformed),
        cmocka_unit_test(test_vk_malformed),
        cmocka_unit_test(test_write_file_atomic),
        cmocka_unit_test(test_bn128_round_trip),
        cmocka_unit_test(test_bn128_hostile),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
