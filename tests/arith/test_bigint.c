/*
 * bigint_div_u128 (arith/mont/bigint.c): the division of the GLV/GLS splits. Each case builds
 * k = q d + r from a chosen quotient q < 2^128 and remainder r < d by 64-bit limb products
 * (arith_check.h's mul_add_u128: an independent computation) and expects exactly q and r back.
 * Divisors: BLS12-381's x^2 (top bit set), BN254's 6x^2 mod r (127 bits: one shift to
 * normalise), random ones of every bit length from 65 to 128 (each normalising shift) and below
 * 2^64 (the bit-serial path), powers of two and 2^128 - 1. Quotients and remainders: random, 0,
 * 1, the largest (q = 2^128 - 1, r = d - 1, where the first digit's estimate takes the
 * top-limbs-equal branch), and digits of all ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mont/bigint.h"
#include "arith_check.h"

typedef unsigned __int128 u128;

static uint64_t rng = 0x6a09e667f3bcc908ULL;

static uint64_t rnd(void)
{
    return splitmix64(&rng);
}

static int failures;

static void expect(u128 q, u128 d, u128 r)
{
    uint64_t k[4], qq[2], rr[2];
    const uint64_t dd[2] = { (uint64_t)d, (uint64_t)(d >> 64) };
    mul_add_u128(k, q, d, r);
    bigint_div_u128(qq, rr, k, dd);
    u128 gq = (u128)qq[1] << 64 | qq[0], gr = (u128)rr[1] << 64 | rr[0];
    if (gq != q || gr != r) {
        if (failures++ < 5)
            print_error("d = %016llx%016llx q = %016llx%016llx r = %016llx%016llx: got q = "
                        "%016llx%016llx r = %016llx%016llx\n",
                        (unsigned long long)(d >> 64), (unsigned long long)d,
                        (unsigned long long)(q >> 64), (unsigned long long)q,
                        (unsigned long long)(r >> 64), (unsigned long long)r,
                        (unsigned long long)qq[1], (unsigned long long)qq[0],
                        (unsigned long long)rr[1], (unsigned long long)rr[0]);
    }
}

static u128 rnd128(void)
{
    return (u128)rnd() << 64 | rnd();
}

/* the fixed quotients, then n random ones, each with the fixed and random remainders below d */
static void cases(u128 d, int n)
{
    const u128 all = ~(u128)0;
    const u128 qs[] = { 0, 1, all, all >> 64, all << 64, (u128)1 << 64, (u128)1 << 127 };
    for (size_t i = 0; i < sizeof qs / sizeof *qs + (size_t)n; i++) {
        u128 q = i < sizeof qs / sizeof *qs ? qs[i] : rnd128();
        expect(q, d, 0);
        expect(q, d, d - 1);
        expect(q, d, rnd128() % d);
    }
}

static void test_curve_divisors(void **state)
{
    (void)state;
    const u128 x = 0xd201000000010000ULL;                                     /* |x|, BLS12-381 */
    const u128 l = (u128)0x6f4d8248eeb859fbULL << 64 | 0xf83e9682e87cfd46ULL; /* BN254 */
    failures = 0;
    cases(x * x, 20000);
    cases(l, 20000);
    assert_int_equal(failures, 0);
}

static void test_every_length(void **state)
{
    (void)state;
    failures = 0;
    for (int bits = 1; bits <= 128; bits++) {
        for (int i = 0; i < 200; i++) {
            u128 d = rnd128() >> (128 - bits) | (u128)1 << (bits - 1);
            cases(d, 10);
        }
        cases(((u128)1 << (bits - 1)), 10); /* a power of two */
    }
    cases(~(u128)0, 1000);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_curve_divisors),
        cmocka_unit_test(test_every_length),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
