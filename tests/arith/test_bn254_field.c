/*
 * BN254 Fp and Fr (arith/bn254): known answers from @noble/curves (vectors/bn254_fp.txt,
 * vectors/bn254_fr.txt, tools/vectors/gen_bn254_vectors.mjs), the root of unity that
 * ffjavascript's bn128 field uses (Fr.w[28], read from ffjavascript 0.3 and quoted below), and
 * the edges of the conversions (p, r, 2^256 - 1). Both fields run the same cases: one macro
 * writes the case function per field, as mont/field_impl.h writes the field.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bn254/field.h"
#include "vectors.h"

static const char *P_DEC =
    "21888242871839275222246405745257275088696311157297823662689037894645226208583";
static const char *R_DEC =
    "21888242871839275222246405745257275088548364400416034343698204186575808495617";
/* ffjavascript (snarkjs's field library), bn128 Fr: Fr.s = 28, Fr.nqr = 5, Fr.w[28]. */
static const char *W28_DEC =
    "19103219067921713944291392827692070036145651957329286315305642004821462161904";

/* Cases add|sub|mul a b want, inv a want, sqrt a root|none (Fp), root k w (Fr). */
#define FIELD_CASES(F, T, DEC_MAX)                                                                 \
    static void F##_parse(T *out, const char *tok)                                                 \
    {                                                                                              \
        if (F##_from_dec(out, tok) != 0)                                                           \
            fail_msg("bad " #F " token %s", tok);                                                  \
    }                                                                                              \
    static void F##_expect(const T *got, const char *want)                                         \
    {                                                                                              \
        char dec[DEC_MAX];                                                                         \
        F##_to_dec(dec, got);                                                                      \
        assert_string_equal(dec, want);                                                            \
    }                                                                                              \
    static void F##_case(char **tok, int ntok, void *ctx)                                          \
    {                                                                                              \
        int *seen = ctx;                                                                           \
        T a, b, got;                                                                               \
        if (strcmp(tok[0], "inv") == 0) {                                                          \
            assert_int_equal(ntok, 3);                                                             \
            F##_parse(&a, tok[1]);                                                                 \
            F##_inv(&got, &a);                                                                     \
            F##_expect(&got, tok[2]);                                                              \
            F##_inv(&a, &a); /* aliasing */                                                        \
            assert_true(F##_eq(&a, &got));                                                         \
            seen[1]++;                                                                             \
            return;                                                                                \
        }                                                                                          \
        if (strcmp(tok[0], "sqrt") == 0 || strcmp(tok[0], "root") == 0) {                          \
            F##_special(tok, ntok);                                                                \
            seen[2]++;                                                                             \
            return;                                                                                \
        }                                                                                          \
        assert_int_equal(ntok, 4);                                                                 \
        F##_parse(&a, tok[1]);                                                                     \
        F##_parse(&b, tok[2]);                                                                     \
        if (strcmp(tok[0], "add") == 0)                                                            \
            F##_add(&got, &a, &b);                                                                 \
        else if (strcmp(tok[0], "sub") == 0)                                                       \
            F##_sub(&got, &a, &b);                                                                 \
        else if (strcmp(tok[0], "mul") == 0)                                                       \
            F##_mul(&got, &a, &b);                                                                 \
        else                                                                                       \
            fail_msg("unknown case %s", tok[0]);                                                   \
        F##_expect(&got, tok[3]);                                                                  \
        if (F##_eq(&a, &b)) { /* the one-input forms */                                            \
            if (strcmp(tok[0], "mul") == 0)                                                        \
                F##_sqr(&got, &a);                                                                 \
            else if (strcmp(tok[0], "add") == 0)                                                   \
                F##_dbl(&got, &a);                                                                 \
            F##_expect(&got, tok[3]);                                                              \
        }                                                                                          \
        if (strcmp(tok[0], "sub") == 0) { /* a - b = a + (-b), and out aliasing a */               \
            T nb;                                                                                  \
            F##_neg(&nb, &b);                                                                      \
            F##_add(&a, &a, &nb);                                                                  \
            F##_expect(&a, tok[3]);                                                                \
        }                                                                                          \
        seen[0]++;                                                                                 \
    }

static void bn254_fp_special(char **tok, int ntok)
{
    assert_string_equal(tok[0], "sqrt");
    assert_int_equal(ntok, 3);
    bn254_fp_t a, got, want, neg;
    if (bn254_fp_from_dec(&a, tok[1]) != 0)
        fail_msg("bad token %s", tok[1]);
    int ok = bn254_fp_sqrt(&got, &a);
    if (strcmp(tok[2], "none") == 0) {
        assert_int_equal(ok, 0);
        return;
    }
    assert_int_equal(ok, 1);
    assert_int_equal(bn254_fp_from_dec(&want, tok[2]), 0);
    bn254_fp_neg(&neg, &want);
    assert_true(bn254_fp_eq(&got, &want) || bn254_fp_eq(&got, &neg));
}

static void bn254_fr_special(char **tok, int ntok)
{
    assert_string_equal(tok[0], "root");
    assert_int_equal(ntok, 3);
    bn254_fr_t got;
    char dec[BN254_FR_DEC_MAX];
    bn254_fr_root_of_unity(&got, (unsigned)atoi(tok[1]));
    bn254_fr_to_dec(dec, &got);
    assert_string_equal(dec, tok[2]);
}

FIELD_CASES(bn254_fp, bn254_fp_t, BN254_FP_DEC_MAX)
FIELD_CASES(bn254_fr, bn254_fr_t, BN254_FR_DEC_MAX)

static void test_fp_vectors(void **state)
{
    (void)state;
    int seen[3] = { 0 };
    vec_for_each("bn254_fp.txt", bn254_fp_case, seen);
    assert_int_equal(seen[0], 3 * 76); /* add, sub, mul over 36 edge + 40 random pairs */
    assert_int_equal(seen[1], 20);
    assert_int_equal(seen[2], 30);
}

static void test_fr_vectors(void **state)
{
    (void)state;
    int seen[3] = { 0 };
    vec_for_each("bn254_fr.txt", bn254_fr_case, seen);
    assert_int_equal(seen[0], 3 * 76);
    assert_int_equal(seen[1], 20);
    assert_int_equal(seen[2], BN254_FR_TWO_ADICITY + 1);
}

static void test_root_of_unity(void **state)
{
    (void)state;
    char dec[BN254_FR_DEC_MAX];
    bn254_fr_t w, one;
    bn254_fr_root_of_unity(&w, BN254_FR_TWO_ADICITY);
    bn254_fr_to_dec(dec, &w);
    assert_string_equal(dec, W28_DEC);
    bn254_fr_root_of_unity(&w, BN254_FR_TWO_ADICITY + 5); /* clamped */
    bn254_fr_to_dec(dec, &w);
    assert_string_equal(dec, W28_DEC);
    /* exact order 2^28: w^(2^27) = -1 */
    for (int i = 0; i < BN254_FR_TWO_ADICITY - 1; i++)
        bn254_fr_sqr(&w, &w);
    bn254_fr_set_u64(&one, 1);
    bn254_fr_add(&w, &w, &one);
    assert_true(bn254_fr_is_zero(&w));
}

static void test_conversions(void **state)
{
    (void)state;
    bn254_fp_t a, c;
    bn254_fr_t x, y, raw;
    uint8_t bytes[32];
    /* the moduli themselves, and above, are refused */
    assert_int_equal(bn254_fp_from_dec(&a, P_DEC), -1);
    assert_int_equal(bn254_fr_from_dec(&x, R_DEC), -1);
    assert_int_equal(bn254_fr_from_dec(&x, P_DEC), -1); /* p > r */
    assert_int_equal(bn254_fp_from_dec(&a, R_DEC), 0);  /* r < p */
    memset(bytes, 0xff, sizeof bytes);
    assert_int_equal(bn254_fp_from_bytes_canon(&a, bytes), -1);
    assert_int_equal(bn254_fr_from_bytes_mont(&x, bytes), -1);
    /* 1 in Montgomery form is the constant ONE; R2 is its square in Montgomery form */
    assert_int_equal(bn254_fp_from_dec(&a, "1"), 0);
    assert_memory_equal(a.l, BN254_FP_ONE.l, sizeof a.l);
    bn254_fr_set_u64(&x, 1);
    assert_memory_equal(x.l, BN254_FR_ONE.l, sizeof x.l);
    /* bytes: canonical little-endian of 2^64 + 2 is 02 00.. 01 00.. */
    assert_int_equal(bn254_fp_from_dec(&a, "18446744073709551618"), 0);
    bn254_fp_to_bytes_canon(bytes, &a);
    assert_int_equal(bytes[0], 2);
    assert_int_equal(bytes[8], 1);
    for (int i = 1; i < 32; i++)
        if (i != 8)
            assert_int_equal(bytes[i], 0);
    assert_int_equal(bn254_fp_from_bytes_canon(&c, bytes), 0);
    assert_true(bn254_fp_eq(&a, &c));
    bn254_fp_to_bytes_mont(bytes, &a);
    assert_int_equal(bn254_fp_from_bytes_mont(&c, bytes), 0);
    assert_true(bn254_fp_eq(&a, &c));
    /* zkey coefficients: raw x R^2 reduces to x in Montgomery form */
    assert_int_equal(bn254_fr_from_dec(&x, "123456789"), 0);
    bn254_fr_mul(&raw, &x, &BN254_FR_R2); /* x R * R^2 / R = x R^2, as a raw integer */
    bn254_fr_mont_reduce(&y, &raw);
    assert_true(bn254_fr_eq(&x, &y));
    /* inv of 0 is 0; inv_fermat agrees with inv */
    bn254_fr_t z = { { 0 } };
    bn254_fr_inv(&y, &z);
    assert_true(bn254_fr_is_zero(&y));
    bn254_fp_inv_fermat(&c, &a);
    bn254_fp_mul(&c, &c, &a);
    assert_memory_equal(c.l, BN254_FP_ONE.l, sizeof c.l);
}

/* The binary-GCD inverse against the Fermat power over 2,000 xorshift values a field, and
 * values next to the modulus. */
#define INV_MATCHES_FERMAT(F, T, M)                                                                \
    static void F##_inv_vs_fermat(void)                                                            \
    {                                                                                              \
        uint64_t x = 0x2545f4914f6cdd1dULL;                                                        \
        for (int i = 0; i < 2000 + 3; i++) {                                                       \
            T c, a, inv, ferm;                                                                     \
            for (int j = 0; j < 4; j++) {                                                          \
                x ^= x << 13;                                                                      \
                x ^= x >> 7;                                                                       \
                x ^= x << 17;                                                                      \
                c.l[j] = x;                                                                        \
            }                                                                                      \
            c.l[3] &= 0x1fffffffffffffffULL; /* < 2^253 < m */                                     \
            if (i >= 2000) {                 /* m - 1, m - 2, m - 3 */                             \
                memcpy(c.l, M.l, sizeof c.l);                                                      \
                c.l[0] -= (uint64_t)(i - 1999);                                                    \
            }                                                                                      \
            assert_int_equal(F##_from_canon(&a, &c), 0);                                           \
            F##_inv(&inv, &a);                                                                     \
            F##_inv_fermat(&ferm, &a);                                                             \
            assert_true(F##_eq(&inv, &ferm));                                                      \
        }                                                                                          \
    }
INV_MATCHES_FERMAT(bn254_fp, bn254_fp_t, BN254_FP_MODULUS)
INV_MATCHES_FERMAT(bn254_fr, bn254_fr_t, BN254_FR_MODULUS)

static void test_inv_matches_fermat(void **state)
{
    (void)state;
    bn254_fp_inv_vs_fermat();
    bn254_fr_inv_vs_fermat();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fp_vectors),         cmocka_unit_test(test_fr_vectors),
        cmocka_unit_test(test_root_of_unity),      cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_inv_matches_fermat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
