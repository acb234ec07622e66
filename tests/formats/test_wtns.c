/*
 * core/formats/wtns.c against the fixtures' witness.wtns (lengths from r1cs_info.txt, public
 * values from snarkjs' public.json, the mult witness [1, 33, 3, 11] from docs/formats.md) and against
 * corrupted copies of mult/witness.wtns; the bn128 fixtures' witnesses on BN254.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fmt_util.h"
#include "g16k/plugin.h"
#include "formats/json_io.h"
#include "formats/wtns.h"
#include "util/error.h"

static void test_wtns_fixtures(void **state)
{
    (void)state;
    for (int i = 0; i < FIXTURE_COUNT; i++) {
        const char *fx = FIXTURES[i];
        uint32_t wires = r1cs_info(fx, "Wires");
        wtns *w = NULL;
        int rc = wtns_load(fixture_path(fx, "witness.wtns"), &curve_bls12_381, wires, &w);
        if (rc != 0)
            fail_msg("%s: %s", fx, err_get());
        assert_int_equal(w->n, wires);
        fr_t *pub;
        size_t np;
        assert_int_equal(
            public_json_read(fixture_path(fx, "public.json"), &curve_bls12_381, &pub, &np), 0);
        assert_int_equal(np, r1cs_info(fx, "Outputs") + r1cs_info(fx, "Public Inputs"));
        for (size_t j = 0; j < np; j++)
            assert_memory_equal(w->values[1 + j].l, pub[j].l, 32);
        free(pub);
        wtns_free(w);
        /* 0 = no expected length */
        assert_int_equal(wtns_load(fixture_path(fx, "witness.wtns"), NULL, 0, &w), 0);
        wtns_free(w);
    }
}

/* BN254 (the committed bn128 fixtures): the curve comes from the prime; the public values are
 * snarkjs's public.json; a BLS12-381 key refuses the witness naming both curves. */
static void test_wtns_bn128(void **state)
{
    (void)state;
    static const char *const fx[] = { "mult", "nopub", "poseidon2", "manypub" };
    char path[1024];
    for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s/witness.wtns", G16K_BN128_FIXTURES, fx[i]);
        wtns *w = NULL;
        if (wtns_load(path, &curve_bn254, 0, &w) != 0)
            fail_msg("%s: %s", fx[i], err_get());
        assert_ptr_equal(w->cv, &curve_bn254);
        snprintf(path, sizeof(path), "%s/%s/public.json", G16K_BN128_FIXTURES, fx[i]);
        curve_scalar *pub;
        size_t np;
        assert_int_equal(public_json_read(path, &curve_bn254, &pub, &np), 0);
        assert_true(np < w->n);
        for (size_t j = 0; j < np; j++)
            assert_memory_equal(w->values[1 + j].l, pub[j].l, 32);
        free(pub);
        wtns_free(w);
    }
    snprintf(path, sizeof(path), "%s/mult/witness.wtns", G16K_BN128_FIXTURES);
    wtns *w = NULL;
    assert_int_equal(wtns_load(path, NULL, 4, &w), 0); /* mult: [1, 33, 3, 11] on BN254 too */
    static const uint64_t want[4] = { 1, 33, 3, 11 };
    for (int i = 0; i < 4; i++)
        assert_int_equal(w->values[i].l[0], want[i]);
    wtns_free(w);
    expect_error(wtns_load(path, &curve_bls12_381, 4, &w), G16K_EFORMAT, "witness.wtns",
                 "section 1 (header) at byte 28: a BN254 witness (its prime is BN254's r), the "
                 "proving key is BLS12-381's (a witness of another circuit",
                 NULL);
}

static void test_wtns_mult_values(void **state)
{
    (void)state;
    wtns *w;
    assert_int_equal(wtns_load(fixture_path("mult", "witness.wtns"), &curve_bls12_381, 4, &w), 0);
    static const uint64_t want[4] = { 1, 33, 3, 11 };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(w->values[i].l[0], want[i]);
        assert_int_equal(w->values[i].l[1] | w->values[i].l[2] | w->values[i].l[3], 0);
    }
    wtns_free(w);
}

static uint8_t *orig;
static size_t orig_len;

static int setup(void **state)
{
    (void)state;
    orig = read_whole(fixture_path("mult", "witness.wtns"), &orig_len);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(orig);
    scratch_cleanup();
    return 0;
}

static void expect_bad(const uint8_t *d, size_t len, uint32_t expect_n, ...)
{
    const char *path = scratch_path("bad.wtns");
    write_whole(path, d, len);
    wtns *w = (wtns *)0x1;
    int rc = wtns_load(path, NULL, expect_n, &w);
    assert_ptr_equal(w, (wtns *)0x1);
    va_list ap;
    va_start(ap, expect_n);
    expect_error_in(rc, G16K_EFORMAT, "bad.wtns", ap);
    va_end(ap);
}

static size_t payload_of(uint32_t id)
{
    size_t p;
    assert_int_equal(container_find(orig, orig_len, id, &p, NULL, NULL), 0);
    return p;
}

static void test_wtns_malformed(void **state)
{
    (void)state;
    uint8_t *d = malloc(orig_len);
    size_t h = payload_of(1), v = payload_of(2);
    char at[64];

    expect_bad(orig, 10, 4, "byte 0", NULL);
    expect_bad(orig, orig_len - 1, 4, "section 2 size 128", "past the end", NULL);
    expect_bad(orig, h + 20, 4, "section 1 size 40", "past the end", NULL);

    memcpy(d, orig, orig_len);
    memcpy(d, "zkey", 4);
    expect_bad(d, orig_len, 4, "magic", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + 4, 1);
    expect_bad(d, orig_len, 4, "version 1", NULL);

    memcpy(d, orig, orig_len);
    put_le32(d + h, 48);
    expect_bad(d, orig_len, 4, "section 1 (header)", "n8 48", NULL);
    memcpy(d, orig, orig_len);
    d[h + 4] ^= 0x10; /* prime */
    snprintf(at, sizeof(at), "at byte %zu:", h + 4);
    expect_bad(d, orig_len, 4, "section 1 (header)", at, "prime", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h + 36, 5); /* nWitness 5, section 2 holds 4 */
    expect_bad(d, orig_len, 0, "section 2 (values)", "header says 5 values", NULL);

    /* Wrong witness length for the proving key. */
    expect_bad(orig, orig_len, 5, "4 witness values", "5 variables", NULL);

    memcpy(d, orig, orig_len);
    d[v] = 2;
    snprintf(at, sizeof(at), "at byte %zu:", v);
    expect_bad(d, orig_len, 4, "section 2 (values)", at, "w[0] is not 1", NULL);

    memcpy(d, orig, orig_len);
    memset(d + v + 64, 0xff, 32);
    snprintf(at, sizeof(at), "at byte %zu:", v + 64);
    expect_bad(d, orig_len, 4, "section 2 (values)", at, "w[2] >= r", NULL);

    size_t len;
    uint8_t *dropped = container_drop(orig, orig_len, 2, &len);
    expect_bad(dropped, len, 4, "section 2 (values) missing", NULL);
    free(dropped);
    free(d);

    wtns *w;
    expect_error(wtns_load(scratch_path("none.wtns"), NULL, 4, &w), G16K_EIO, "none.wtns", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wtns_fixtures),
        cmocka_unit_test(test_wtns_mult_values),
        cmocka_unit_test(test_wtns_bn128),
        cmocka_unit_test(test_wtns_malformed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
