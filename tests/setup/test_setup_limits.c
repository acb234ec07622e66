/*
 * The u32 counts of a Groth16 key that a large circuit can outgrow (issue 33.6), checked before
 * any work: the key's domain (setup_cir_power, at most 2^SETUP_MAX_POWER; 1u << k for k >= 32
 * would be undefined) and its coefficient count nCoef (section 4: every A and B term plus
 * nPublic + 1 rows, a u32 in the format). The circuits here are r1cs structs whose term offsets
 * (lc) describe billions of terms without holding any: the counts read only lc. Expected values
 * are computed by hand, the arithmetic beside them.
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
#include "util/error.h"

/* Two constraints, 1 public output and 2 public inputs (P = 3): constraint 0 has a0 A terms
 * and b0 B terms, constraint 1 has 3 A, 4 B and 1000 C terms (C terms are not coefficients). */
static r1cs two_constraints(uint64_t *lc, uint64_t a0, uint64_t b0)
{
    lc[0] = 0;
    lc[1] = a0;
    lc[2] = a0 + b0;
    lc[3] = lc[2] + 1000; /* C of constraint 0 */
    lc[4] = lc[3] + 3;
    lc[5] = lc[4] + 4;
    lc[6] = lc[5] + 1000;
    r1cs cs = { .n_wires = 100, .n_pub_out = 1, .n_pub_in = 2, .n_constraints = 2, .lc = lc };
    return cs;
}

static void expect_msg(const char *piece)
{
    if (strstr(err_get(), piece) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err_get(), piece);
}

/* nCoef = a0 + b0 + 3 + 4 + (P + 1 = 4) = a0 + b0 + 11: 2^32 - 1 fits, 2^32 does not, nor do
 * counts past 2^33 (a u32 count would keep only their low bits). */
static void test_coef_count(void **state)
{
    (void)state;
    uint64_t lc[7];
    /* a0 = 2^31, b0 = 2^31 - 12: 2^32 - 12 + 11 = 4294967295 */
    r1cs cs = two_constraints(lc, (uint64_t)1 << 31, ((uint64_t)1 << 31) - 12);
    assert_int_equal(setup_coef_count(&cs), 4294967295ull);
    assert_int_equal(setup_check_limits(&cs, "c.r1cs"), G16K_OK);
    /* one B term more: 4294967296 */
    cs = two_constraints(lc, (uint64_t)1 << 31, ((uint64_t)1 << 31) - 11);
    assert_int_equal(setup_coef_count(&cs), 4294967296ull);
    assert_int_equal(setup_check_limits(&cs, "c.r1cs"), G16K_EFORMAT);
    expect_msg("c.r1cs: 4294967296 coefficients");
    expect_msg("at most 4294967295");
    /* a0 = 3 * 2^31, b0 = 2^32 + 5: 6442450944 + 4294967301 + 11 = 10737418256 (low 32 bits: 16) */
    cs = two_constraints(lc, (uint64_t)3 << 31, ((uint64_t)1 << 32) + 5);
    assert_int_equal(setup_coef_count(&cs), 10737418256ull);
    assert_int_equal(setup_check_limits(&cs, "c.r1cs"), G16K_EFORMAT);
    expect_msg("10737418256 coefficients");
}

/* The key writer refuses such a circuit before writing a byte (it wrote the count's low 32 bits,
 * then read the terms the count named): no file is left. */
static void test_writer_refuses(void **state)
{
    (void)state;
    uint64_t lc[7];
    r1cs cs = two_constraints(lc, (uint64_t)1 << 31, ((uint64_t)1 << 31) - 11); /* 2^32 */
    char path[256];
    const char *t = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/g16k_setup_limits_%d.zkey", t && *t ? t : "/tmp",
             (int)getpid());
    setup_header hd = { .n_vars = 100, .n_public = 3, .domain_size = 8 };
    hd.alpha1 = hd.beta1 = hd.delta1 = G1_GENERATOR;
    hd.beta2 = hd.gamma2 = hd.delta2 = G2_GENERATOR;
    zkey_stream z;
    assert_int_equal(zkey_stream_open(&z, path, &hd, &cs), G16K_EFORMAT);
    expect_msg("4294967296 coefficients");
    assert_int_equal(access(path, F_OK), -1);
}

/* Domain exponents: 2^k >= m + P + 1. m = 2^28 - 1, P = 0: 2^28 (the largest accepted);
 * m = 2^28 - 2, P = 1: 2^28; m = 2^28: 2^29, refused; m = P = 2^32 - 1 (the u32 maxima):
 * m + P + 1 = 2^33 - 1, so 2^33, refused before any shift by 33. */
static void test_domain_power(void **state)
{
    (void)state;
    r1cs cs = { .n_wires = 2, .n_constraints = (1u << 28) - 1 };
    assert_int_equal(setup_cir_power(&cs), 28);
    cs.n_constraints = (1u << 28) - 2;
    cs.n_pub_in = 1;
    assert_int_equal(setup_cir_power(&cs), 28);
    cs = (r1cs){ .n_wires = 2, .n_constraints = 1u << 28 };
    assert_int_equal(setup_cir_power(&cs), 29);
    assert_int_equal(setup_check_limits(&cs, "d.r1cs"), G16K_EFORMAT);
    expect_msg("need a domain of 2^29, above g16k's limit of 2^28");
    cs = (r1cs){ .n_wires = UINT32_MAX, .n_constraints = UINT32_MAX, .n_pub_in = UINT32_MAX };
    assert_int_equal(setup_cir_power(&cs), 33);
    assert_int_equal(setup_check_limits(&cs, "d.r1cs"), G16K_EFORMAT);
    expect_msg("need a domain of 2^33");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coef_count),
        cmocka_unit_test(test_writer_refuses),
        cmocka_unit_test(test_domain_power),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
