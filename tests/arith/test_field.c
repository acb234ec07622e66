/*
 * Fp, Fr and decimal/bytes conversions: known answers from @noble/curves (vectors/fp.txt,
 * vectors/fr.txt), the snarkjs roots of unity quoted in docs/proving.md, "The domain", and edge cases
 * whose values are textbook (2^64 - 1, 2^128, p, r).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/field.h"
#include "vectors.h"

static const char *P_DEC = "40024095552216673934177898257359041565568828199390078853320581361240316"
                           "50490837864442687629129015664037894272559787";
static const char *R_DEC =
    "52435875175126190479447740508185965837690552500527637822603658699938581184513";

/* ---- Fp ---- */
static void fp_case(char **tok, int ntok, void *ctx)
{
    (void)ctx;
    fp_t a, b, want, got;
    char dec[FP_DEC_MAX];
    if (strcmp(tok[0], "sqrt") == 0) {
        assert_int_equal(ntok, 3);
        vec_fp(&a, tok[1]);
        int ok = fp_sqrt(&got, &a);
        if (strcmp(tok[2], "none") == 0) {
            assert_int_equal(ok, 0);
            return;
        }
        assert_int_equal(ok, 1);
        vec_fp(&want, tok[2]);
        fp_t neg;
        fp_neg(&neg, &want);
        assert_true(fp_eq(&got, &want) || fp_eq(&got, &neg));
        return;
    }
    if (strcmp(tok[0], "inv") == 0) {
        vec_fp(&a, tok[1]);
        fp_inv(&got, &a);
        fp_to_dec(dec, &got);
        assert_string_equal(dec, tok[2]);
        fp_inv(&a, &a); /* aliasing */
        assert_true(fp_eq(&a, &got));
        return;
    }
    assert_int_equal(ntok, 4);
    vec_fp(&a, tok[1]);
    vec_fp(&b, tok[2]);
    if (strcmp(tok[0], "add") == 0)
        fp_add(&got, &a, &b);
    else if (strcmp(tok[0], "sub") == 0)
        fp_sub(&got, &a, &b);
    else if (strcmp(tok[0], "mul") == 0)
        fp_mul(&got, &a, &b);
    else
        fail_msg("unknown case %s", tok[0]);
    fp_to_dec(dec, &got);
    assert_string_equal(dec, tok[3]);
    if (strcmp(tok[0], "mul") == 0 && fp_eq(&a, &b)) {
        fp_sqr(&got, &a);
        fp_to_dec(dec, &got);
        assert_string_equal(dec, tok[3]);
    }
    if (strcmp(tok[0], "add") == 0 && fp_eq(&a, &b)) {
        fp_dbl(&got, &a);
        fp_to_dec(dec, &got);
        assert_string_equal(dec, tok[3]);
    }
}

static void test_fp_vectors(void **state)
{
    (void)state;
    assert_true(vec_for_each("fp.txt", fp_case, NULL) > 200);
}

/* ---- Fr ---- */
static void fr_case(char **tok, int ntok, void *ctx)
{
    (void)ctx;
    fr_t a, b, got;
    char dec[FR_DEC_MAX];
    if (strcmp(tok[0], "inv") == 0) {
        vec_fr(&a, tok[1]);
        fr_inv(&got, &a);
        fr_to_dec(dec, &got);
        assert_string_equal(dec, tok[2]);
        return;
    }
    assert_int_equal(ntok, 4);
    vec_fr(&a, tok[1]);
    vec_fr(&b, tok[2]);
    if (strcmp(tok[0], "add") == 0)
        fr_add(&got, &a, &b);
    else if (strcmp(tok[0], "sub") == 0)
        fr_sub(&got, &a, &b);
    else if (strcmp(tok[0], "mul") == 0)
        fr_mul(&got, &a, &b);
    else
        fail_msg("unknown case %s", tok[0]);
    fr_to_dec(dec, &got);
    assert_string_equal(dec, tok[3]);
    /* aliasing: out == a */
    if (strcmp(tok[0], "sub") == 0) {
        fr_sub(&a, &a, &b);
        assert_true(fr_eq(&a, &got));
    }
}

static void test_fr_vectors(void **state)
{
    (void)state;
    assert_true(vec_for_each("fr.txt", fr_case, NULL) > 200);
}

/* ---- roots of unity (docs/proving.md, "The domain") ---- */
static void hex_to_fr_canon(fr_t *out, const char *hex)
{
    memset(out, 0, sizeof *out);
    size_t n = strlen(hex);
    for (size_t i = 0; i < n; i++) {
        char c = hex[n - 1 - i];
        uint64_t v = (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
        out->l[i / 16] |= v << (4 * (i % 16));
    }
}

static void assert_root(unsigned k, const char *hex)
{
    fr_t want, got, canon;
    hex_to_fr_canon(&want, hex);
    fr_root_of_unity(&got, k);
    fr_to_canon(&canon, &got);
    assert_memory_equal(canon.l, want.l, sizeof want.l);
}

static void test_roots_of_unity(void **state)
{
    (void)state;
    assert_root(32, "0212d79e5b416b6f0fd56dc8d168d6c0c4024ff270b3e0941b788f500b912f1f");
    assert_root(16, "6709c6cd56aa725b0409ee987a02402c0caba63a29c01b06137b458acfc35f7a");
    assert_root(14, "50646ac81fe1959577e48bf529ca9f2a82c057275306243d13e96ade69583404");
    assert_root(2, "8d51ccce760304d0ec030002760300000001000000000000");
    fr_t w, one = FR_ONE, minus_one;
    fr_neg(&minus_one, &one);
    fr_root_of_unity(&w, 1);
    assert_true(fr_eq(&w, &minus_one));
    fr_root_of_unity(&w, 0);
    assert_true(fr_eq(&w, &one));
    /* w[k] has order exactly 2^k */
    for (unsigned k = 1; k <= 32; k++) {
        fr_root_of_unity(&w, k);
        for (unsigned i = 1; i < k; i++)
            fr_sqr(&w, &w);
        assert_true(fr_eq(&w, &minus_one));
    }
}

/* ---- decimal, bytes, conversions ---- */
static void test_bigint_dec(void **state)
{
    (void)state;
    uint64_t a[4], b[4];
    char buf[20 * 4 + 2];
    assert_int_equal(bigint_from_dec(a, 4, "18446744073709551615"), 0);
    assert_true(a[0] == UINT64_MAX && a[1] == 0 && a[2] == 0 && a[3] == 0);
    assert_int_equal(bigint_from_dec(a, 4, "340282366920938463463374607431768211456"), 0);
    assert_true(a[0] == 0 && a[1] == 0 && a[2] == 1 && a[3] == 0);
    bigint_to_dec(buf, a, 4);
    assert_string_equal(buf, "340282366920938463463374607431768211456");
    const char *max256 =
        "115792089237316195423570985008687907853269984665640564039457584007913129639935";
    assert_int_equal(bigint_from_dec(a, 4, max256), 0);
    for (int i = 0; i < 4; i++)
        assert_true(a[i] == UINT64_MAX);
    bigint_to_dec(buf, a, 4);
    assert_string_equal(buf, max256);
    assert_int_equal(
        bigint_from_dec(
            a, 4, "115792089237316195423570985008687907853269984665640564039457584007913129639936"),
        -1);
    assert_int_equal(bigint_from_dec(a, 4, ""), -1);
    assert_int_equal(bigint_from_dec(a, 4, "12a"), -1);
    assert_int_equal(bigint_from_dec(a, 4, "-1"), -1);
    assert_int_equal(bigint_from_dec(a, 4, "+1"), -1);
    assert_int_equal(bigint_from_dec(a, 4, "0"), 0);
    bigint_to_dec(buf, a, 4);
    assert_string_equal(buf, "0");
    /* 10^19 exactly: a chunk boundary of the printer */
    assert_int_equal(bigint_from_dec(a, 4, "10000000000000000000"), 0);
    bigint_to_dec(buf, a, 4);
    assert_string_equal(buf, "10000000000000000000");
    assert_int_equal(bigint_from_dec(a, 4, "000123"), 0);
    bigint_to_dec(buf, a, 4);
    assert_string_equal(buf, "123");
    assert_int_equal(bigint_from_dec(b, 4, "124"), 0);
    assert_int_equal(bigint_cmp(a, b, 4), -1);
    assert_int_equal(bigint_cmp(b, a, 4), 1);
    assert_int_equal(bigint_cmp(a, a, 4), 0);
}

static void test_field_dec_bounds(void **state)
{
    (void)state;
    fp_t x;
    fr_t y;
    char buf[FP_DEC_MAX];
    assert_int_equal(fp_from_dec(&x, P_DEC), -1);
    assert_int_equal(fr_from_dec(&y, R_DEC), -1);
    /* p - 1 and r - 1 round trip, and equal -1 */
    char pm1[200], rm1[200];
    strcpy(pm1, P_DEC);
    pm1[strlen(pm1) - 1]--; /* last digit 7 -> 6 */
    strcpy(rm1, R_DEC);
    rm1[strlen(rm1) - 1]--; /* 3 -> 2 */
    assert_int_equal(fp_from_dec(&x, pm1), 0);
    fp_t minus_one, one = FP_ONE;
    fp_neg(&minus_one, &one);
    assert_true(fp_eq(&x, &minus_one));
    fp_to_dec(buf, &x);
    assert_string_equal(buf, pm1);
    assert_int_equal(fr_from_dec(&y, rm1), 0);
    fr_t fminus_one, fone = FR_ONE;
    fr_neg(&fminus_one, &fone);
    assert_true(fr_eq(&y, &fminus_one));
    fr_to_dec(buf, &y);
    assert_string_equal(buf, rm1);
}

static void test_bytes_and_canon(void **state)
{
    (void)state;
    uint8_t bytes[FP_BYTES];
    fp_t x, y, c;
    /* p itself is rejected in both encodings */
    memcpy(bytes, FP_MODULUS.l, FP_BYTES); /* the test host is little-endian (x86-64) */
    assert_int_equal(fp_from_bytes_canon(&x, bytes), -1);
    assert_int_equal(fp_from_bytes_mont(&x, bytes), -1);
    /* 5: canonical bytes 05 00 .. ; Montgomery bytes are those of 5 R mod p */
    memset(bytes, 0, sizeof bytes);
    bytes[0] = 5;
    assert_int_equal(fp_from_bytes_canon(&x, bytes), 0);
    fp_set_u64(&y, 5);
    assert_true(fp_eq(&x, &y));
    fp_to_canon(&c, &x);
    assert_true(c.l[0] == 5 && c.l[1] == 0 && c.l[5] == 0);
    uint8_t out[FP_BYTES];
    fp_to_bytes_canon(out, &x);
    assert_memory_equal(out, bytes, FP_BYTES);
    fp_to_bytes_mont(out, &x);
    assert_int_equal(fp_from_bytes_mont(&y, out), 0);
    assert_true(fp_eq(&x, &y));
    /* FP_ONE is R mod p: its canonical value is 1 */
    fp_to_canon(&c, &FP_ONE);
    assert_true(c.l[0] == 1 && c.l[1] == 0);
    /* Fr: the Montgomery bytes of 1 are R_r mod r (docs/proving.md, "The domain") */
    fr_t one = FR_ONE, t;
    uint8_t rb[FR_BYTES];
    fr_to_bytes_mont(rb, &one);
    fr_t want_r;
    hex_to_fr_canon(&want_r, "1824b159acc5056f998c4fefecbc4ff55884b7fa0003480200000001fffffffe");
    assert_memory_equal(rb, want_r.l, FR_BYTES);
    fr_to_bytes_canon(rb, &one);
    assert_int_equal(rb[0], 1);
    assert_int_equal(fr_from_bytes_canon(&t, rb), 0);
    assert_true(fr_eq(&t, &one));
    /* inverse of zero is zero */
    fp_t z = { { 0 } };
    fp_inv(&x, &z);
    assert_true(fp_is_zero(&x));
}

/* zkey section 4: raw = coef * R^2 mod r; fr_mont_reduce(raw) = coef in Montgomery form. */
static void test_fr_mont_reduce(void **state)
{
    (void)state;
    fr_t coef, m, raw, got;
    assert_int_equal(fr_from_dec(&coef, "123456789012345678901234567890"), 0); /* coef * R */
    /* raw integer = (coef R) * R mod r = the Montgomery form of the integer coef R */
    fr_from_canon(&raw, &coef);
    fr_to_canon(&m, &raw); /* sanity: canonical of that is coef R */
    assert_memory_equal(m.l, coef.l, sizeof m.l);
    fr_mont_reduce(&got, &raw);
    assert_true(fr_eq(&got, &coef));
}

static void test_fp_sqrt_and_pow(void **state)
{
    (void)state;
    fp_t a, s, t, m1, one = FP_ONE;
    fp_set_u64(&a, 4);
    assert_int_equal(fp_sqrt(&s, &a), 1);
    fp_sqr(&t, &s);
    assert_true(fp_eq(&t, &a));
    fp_neg(&m1, &one);
    assert_int_equal(fp_sqrt(&s, &m1), 0); /* p = 3 mod 4: -1 is not a square */
    uint64_t e = 10;
    fp_set_u64(&a, 2);
    fp_pow(&t, &a, &e, 1);
    fp_set_u64(&s, 1024);
    assert_true(fp_eq(&t, &s));
}

/* fp_inv (binary GCD, mont/inv_bgcd_impl.h) against fp_inv_fermat (a^(p-2), mont/field_impl.h),
 * two independent ways, on random values and on values that stress the GCD's approximations:
 * 0, 1, 2, p - 1, p - 2, powers of two, all-ones limbs, values with long runs of equal bits, and
 * a * inv = 1. */
static void test_fp_inv_matches_fermat(void **state)
{
    (void)state;
    uint64_t x = 0x243f6a8885a308d3ULL;
    for (int i = 0; i < 3000; i++) {
        fp_t a, want, got, one;
        for (int j = 0; j < FP_LIMBS; j++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            a.l[j] = x;
        }
        switch (i % 10) {
        case 0: /* small integers 0.. */
            memset(&a, 0, sizeof a);
            a.l[0] = (uint64_t)(i / 10);
            break;
        case 1: /* p - 1 - small */
            a = FP_MODULUS;
            a.l[0] -= 1 + (uint64_t)(i / 10) % 64;
            break;
        case 2: /* a power of two below p */
            memset(&a, 0, sizeof a);
            a.l[(i / 10) % 6] = 1ULL << ((i / 60) % 64);
            break;
        case 3: /* limbs all ones or zeros */
            for (int j = 0; j < FP_LIMBS; j++)
                a.l[j] = (a.l[j] & 1) ? ~0ULL : 0;
            break;
        case 4: /* a long run of ones above a short value */
            for (int j = 0; j < FP_LIMBS; j++)
                a.l[j] = ~0ULL;
            a.l[0] = x & 0xff;
            break;
        default: break;
        }
        a.l[FP_LIMBS - 1] &= 0x1fffffffffffffffULL;
        while (!(a.l[FP_LIMBS - 1] < FP_MODULUS.l[FP_LIMBS - 1]))
            a.l[FP_LIMBS - 1] >>= 1; /* < p */
        fp_inv_fermat(&want, &a);
        fp_inv(&got, &a);
        if (!fp_eq(&want, &got))
            fail_msg("fp_inv != fp_inv_fermat at case %d", i);
        fp_mul(&one, &a, &got);
        if (!fp_is_zero(&a))
            assert_true(fp_eq(&one, &FP_ONE));
        fp_inv(&a, &a); /* aliasing */
        assert_true(fp_eq(&a, &want));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fp_vectors),
        cmocka_unit_test(test_fr_vectors),
        cmocka_unit_test(test_roots_of_unity),
        cmocka_unit_test(test_bigint_dec),
        cmocka_unit_test(test_field_dec_bounds),
        cmocka_unit_test(test_bytes_and_canon),
        cmocka_unit_test(test_fr_mont_reduce),
        cmocka_unit_test(test_fp_sqrt_and_pow),
        cmocka_unit_test(test_fp_inv_matches_fermat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
