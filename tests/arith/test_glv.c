/*
 * GLV/GLS scalar multiplication (arith/bls12_381/glv.c) against the plain double-and-add of
 * g1_jac_mul/g2_jac_mul, an independent computation on the full 255-bit scalar: random scalars,
 * the edge scalars 0, 1, 2, r - 1, x^2 - 1, x^2, x^2 + 1 (the split's boundary) and 2^128 - 1,
 * on random subgroup points and on infinity. The split itself: k = k1 + k2 x^2 exactly, both
 * halves below x^2, checked with 128 x 128-bit products.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/glv.h"
#include "arith_check.h"

typedef unsigned __int128 u128;

static uint64_t rng = 0x3c6ef372fe94f82bULL;

static uint64_t rnd(void)
{
    return splitmix64(&rng);
}

/* A canonical scalar below r: 4 random limbs reduced by repeated subtraction of r. */
static void rnd_canon(uint64_t k[4])
{
    for (int i = 0; i < 4; i++)
        k[i] = rnd();
    k[3] &= 0x7fffffffffffffffULL;
    while (bigint_cmp(k, FR_MODULUS.l, 4) >= 0) {
        u128 b = 0;
        for (int i = 0; i < 4; i++) {
            u128 t = (u128)k[i] - FR_MODULUS.l[i] - b;
            k[i] = (uint64_t)t;
            b = (t >> 64) & 1;
        }
    }
}

/* The edge scalars; returns how many were written to e. */
static int edge_scalars(uint64_t e[][4])
{
    u128 x2 = (u128)BLS_X_ABS * BLS_X_ABS;
    int n = 0;
    memset(e, 0, 8 * sizeof e[0]);
    n++;           /* 0 */
    e[n++][0] = 1; /* 1 */
    e[n++][0] = 2; /* 2 */
    memcpy(e[n], FR_MODULUS.l, 32);
    e[n++][0] -= 1; /* r - 1 (r is odd) */
    for (int d = -1; d <= 1; d++) {
        u128 v = x2 + (u128)(__int128)d;
        e[n][0] = (uint64_t)v;
        e[n][1] = (uint64_t)(v >> 64);
        n++;
    }
    e[n][0] = ~0ULL;
    e[n++][1] = ~0ULL; /* 2^128 - 1 */
    return n;
}

static void test_split(void **state)
{
    (void)state;
    u128 x2 = (u128)BLS_X_ABS * BLS_X_ABS;
    uint64_t e[8][4];
    int ne = edge_scalars(e);
    for (int t = 0; t < 2000 + ne; t++) {
        uint64_t k[4], k1[2], k2[2];
        if (t < ne)
            memcpy(k, e[t], sizeof k);
        else
            rnd_canon(k);
        glv_split(k1, k2, k);
        u128 a = (u128)k1[1] << 64 | k1[0], b = (u128)k2[1] << 64 | k2[0];
        assert_true(a < x2);
        assert_true(b < x2);
        uint64_t prod[4]; /* k2 x^2 + k1 as 256 bits */
        mul_add_u128(prod, b, x2, a);
        assert_memory_equal(prod, k, 32);
    }
}

static void check_scalar(const uint64_t k[4], const g1_jac_t *p1, const g2_jac_t *p2)
{
    fr_t canon, mont;
    memcpy(canon.l, k, 32);
    assert_int_equal(fr_from_canon(&mont, &canon), 0);
    glv_scalar s;
    glv_scalar_set(&s, &mont);
    g1_jac_t a1, b1;
    g1_jac_mul_glv(&a1, p1, &s);
    g1_jac_mul(&b1, p1, k, 4);
    assert_true(g1_jac_eq(&a1, &b1));
    g2_jac_t a2, b2;
    g2_jac_mul_glv(&a2, p2, &s);
    g2_jac_mul(&b2, p2, k, 4);
    assert_true(g2_jac_eq(&a2, &b2));
}

static void test_mul(void **state)
{
    (void)state;
    uint64_t e[8][4], k[4];
    int ne = edge_scalars(e);
    g1_jac_t p1;
    g2_jac_t p2;
    for (int t = 0; t < 200; t++) {
        /* a random subgroup point: a random multiple of the generator */
        rnd_canon(k);
        g1_jac_from_affine(&p1, &G1_GENERATOR);
        g1_jac_mul(&p1, &p1, k, 4);
        g2_jac_from_affine(&p2, &G2_GENERATOR);
        g2_jac_mul(&p2, &p2, k, 4);
        if (t < ne) {
            check_scalar(e[t], &p1, &p2);
        } else {
            rnd_canon(k);
            check_scalar(k, &p1, &p2);
        }
    }
    /* infinity times anything is infinity */
    g1_jac_set_inf(&p1);
    g2_jac_set_inf(&p2);
    rnd_canon(k);
    check_scalar(k, &p1, &p2);
}

/* glv_windows4's signed digits: each in -8..8 and sum d[i] 16^i = v exactly, the top digit
 * (weight 2^128, the last carry) included: the sum is taken in two halves, digits 0..15 (low)
 * and 16..32 (high, weight 2^64), and v = high 2^64 + low checked in 128-bit signed parts. For
 * random values of every size up to 2^128 - 1, and 0x88..8 (no carry), 0x99..9 (a carry chained
 * through every window into the top digit) and 2^128 - 1. */
static void test_windows4(void **state)
{
    (void)state;
    for (int t = 0; t < 4000; t++) {
        u128 v = (u128)rnd() << 64 | rnd();
        int bits = t % 129;
        if (bits < 128)
            v &= ((u128)1 << bits) - 1;
        if (t == 1 || t == 2) { /* 32 windows of 8, or of 9 */
            v = 0;
            for (int i = 0; i < 32; i++)
                v = v << 4 | (t == 1 ? 8 : 9);
        }
        if (t == 3)
            v = ~(u128)0;
        int8_t d[GLV_WINDOWS];
        glv_windows4(d, v, GLV_WINDOWS);
        __int128 low = 0, high = 0;
        for (int i = GLV_WINDOWS - 1; i >= 0; i--) {
            assert_true(d[i] >= -8 && d[i] <= 8);
            if (i >= 16)
                high = high * 16 + d[i];
            else
                low = low * 16 + d[i];
        }
        /* v - low = high 2^64: v - low is (v >> 64) 2^64 + (v mod 2^64 - low) */
        __int128 rest = (__int128)(uint64_t)v - low;
        assert_true((rest & (__int128)UINT64_MAX) == 0);
        assert_true(high == (__int128)(uint64_t)(v >> 64) + (rest >> 64));
        if (t == 2 || t == 3)
            assert_int_equal(d[GLV_WINDOWS - 1], 1); /* the carry out of the top window */
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_mul),
        cmocka_unit_test(test_windows4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
