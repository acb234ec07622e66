/*
 * bench_field: nanoseconds per call of the reference BLS12-381 arithmetic (arith/bls12_381),
 * and of BN254's fields (arith/bn254, the same one-source field code at 4 limbs).
 * Not a test (no ctest registration); run by hand:  build/bin/bench_field [filter]
 * Each operation runs as a dependent chain (out feeds the next call), so the figure is latency,
 * the way an MSM bucket chain or a Miller loop uses it. Each row is the median of 5 trials;
 * a checksum of the final values keeps the compiler from dropping the work. Time is this
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so a shared, loaded machine skews it less.
 * G16K_SIMD=portable forces the portable C field code (see arith/bls12_381/fp.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bls12_381/pairing.h"
#include "bn254/glv.h"
#include "bn254/pairing.h"

#define TRIALS 5

static uint64_t sink;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef void bench_fn(long iters);

static const char *filter;

static void run(const char *name, bench_fn *fn, long iters)
{
    if (filter != NULL && strstr(name, filter) == NULL)
        return;
    double t[TRIALS];
    fn(iters / 10 + 1); /* warm up */
    for (int k = 0; k < TRIALS; k++) {
        double t0 = now_ns();
        fn(iters);
        t[k] = (now_ns() - t0) / (double)iters;
    }
    qsort(t, TRIALS, sizeof t[0], cmp_double);
    printf("%-22s %10.1f ns   (min %.1f, max %.1f)\n", name, t[TRIALS / 2], t[0], t[TRIALS - 1]);
    fflush(stdout);
}

static fp_t fp_a, fp_b;
static fr_t fr_a, fr_b;
static g1_affine_t g1_p;
static g2_affine_t g2_p;
static g1_jac_t g1_j;
static g2_jac_t g2_j;

static void b_fp_mul(long n)
{
    fp_t x = fp_a;
    for (long i = 0; i < n; i++)
        fp_mul(&x, &x, &fp_b);
    sink += x.l[0];
}

/* four independent chains: per-call cost when calls may overlap (throughput) */
static void b_fp_mul_x4(long n)
{
    fp_t x = fp_a, y = fp_b, z = fp_a, w = fp_b;
    for (long i = 0; i < n; i += 4) {
        fp_mul(&x, &x, &fp_b);
        fp_mul(&y, &y, &fp_a);
        fp_mul(&z, &z, &fp_a);
        fp_mul(&w, &w, &fp_b);
    }
    sink += x.l[0] ^ y.l[0] ^ z.l[0] ^ w.l[0];
}

static void b_fp_sqr(long n)
{
    fp_t x = fp_a;
    for (long i = 0; i < n; i++)
        fp_sqr(&x, &x);
    sink += x.l[0];
}

static void b_fp_add(long n)
{
    fp_t x = fp_a;
    for (long i = 0; i < n; i++)
        fp_add(&x, &x, &fp_b);
    sink += x.l[0];
}

static void b_fp_sub(long n)
{
    fp_t x = fp_a;
    for (long i = 0; i < n; i++)
        fp_sub(&x, &x, &fp_b);
    sink += x.l[0];
}

static void b_fp_inv(long n)
{
    fp_t x = fp_a;
    for (long i = 0; i < n; i++)
        fp_inv(&x, &x);
    sink += x.l[0];
}

static void b_fr_mul(long n)
{
    fr_t x = fr_a;
    for (long i = 0; i < n; i++)
        fr_mul(&x, &x, &fr_b);
    sink += x.l[0];
}

static void b_fr_sqr(long n)
{
    fr_t x = fr_a;
    for (long i = 0; i < n; i++)
        fr_sqr(&x, &x);
    sink += x.l[0];
}

static void b_fr_add(long n)
{
    fr_t x = fr_a;
    for (long i = 0; i < n; i++)
        fr_add(&x, &x, &fr_b);
    sink += x.l[0];
}

static void b_fp2_mul(long n)
{
    fp2_t x = { fp_a, fp_b }, y = { fp_b, fp_a };
    for (long i = 0; i < n; i++)
        fp2_mul(&x, &x, &y);
    sink += x.c0.l[0];
}

static void b_fp2_sqr(long n)
{
    fp2_t x = { fp_a, fp_b };
    for (long i = 0; i < n; i++)
        fp2_sqr(&x, &x);
    sink += x.c0.l[0];
}

static void b_fp12_mul(long n)
{
    fp12_t x, y;
    bls_miller_loop(&x, &G1_GENERATOR, &G2_GENERATOR);
    y = x;
    for (long i = 0; i < n; i++)
        fp12_mul(&x, &x, &y);
    sink += x.c0.c0.c0.l[0];
}

static void b_fp12_sqr(long n)
{
    fp12_t x;
    bls_miller_loop(&x, &G1_GENERATOR, &G2_GENERATOR);
    for (long i = 0; i < n; i++)
        fp12_sqr(&x, &x);
    sink += x.c0.c0.c0.l[0];
}

static void b_g1_add_affine(long n)
{
    g1_jac_t x = g1_j;
    for (long i = 0; i < n; i++)
        g1_jac_add_affine(&x, &x, &g1_p);
    sink += x.x.l[0];
}

static void b_g1_add(long n)
{
    g1_jac_t x = g1_j;
    for (long i = 0; i < n; i++)
        g1_jac_add(&x, &x, &g1_j);
    sink += x.x.l[0];
}

static void b_g1_dbl(long n)
{
    g1_jac_t x = g1_j;
    for (long i = 0; i < n; i++)
        g1_jac_dbl(&x, &x);
    sink += x.x.l[0];
}

static void b_g2_add_affine(long n)
{
    g2_jac_t x = g2_j;
    for (long i = 0; i < n; i++)
        g2_jac_add_affine(&x, &x, &g2_p);
    sink += x.x.c0.l[0];
}

static void b_g2_add(long n)
{
    g2_jac_t x = g2_j;
    for (long i = 0; i < n; i++)
        g2_jac_add(&x, &x, &g2_j);
    sink += x.x.c0.l[0];
}

static void b_g2_dbl(long n)
{
    g2_jac_t x = g2_j;
    for (long i = 0; i < n; i++)
        g2_jac_dbl(&x, &x);
    sink += x.x.c0.l[0];
}

static void b_pairing(long n)
{
    fp12_t e;
    for (long i = 0; i < n; i++) {
        bls_pairing(&e, &g1_p, &g2_p);
        sink += e.c0.c0.c0.l[0];
    }
}

static void b_miller(long n)
{
    fp12_t e;
    for (long i = 0; i < n; i++) {
        bls_miller_loop(&e, &g1_p, &g2_p);
        sink += e.c0.c0.c0.l[0];
    }
}

static void b_root_of_unity(long n)
{
    fr_t w;
    for (long i = 0; i < n; i++) {
        fr_root_of_unity(&w, (unsigned)(i & 31));
        sink += w.l[0];
    }
}

static bn254_fp_t bn_fp_a, bn_fp_b;
static bn254_fr_t bn_fr_a, bn_fr_b;

static void b_bn254_fp_mul(long n)
{
    bn254_fp_t x = bn_fp_a;
    for (long i = 0; i < n; i++)
        bn254_fp_mul(&x, &x, &bn_fp_b);
    sink += x.l[0];
}

static void b_bn254_fp_add(long n)
{
    bn254_fp_t x = bn_fp_a;
    for (long i = 0; i < n; i++)
        bn254_fp_add(&x, &x, &bn_fp_b);
    sink += x.l[0];
}

static void b_bn254_fr_mul(long n)
{
    bn254_fr_t x = bn_fr_a;
    for (long i = 0; i < n; i++)
        bn254_fr_mul(&x, &x, &bn_fr_b);
    sink += x.l[0];
}

static void b_bn254_fp_inv(long n)
{
    bn254_fp_t x = bn_fp_a;
    for (long i = 0; i < n; i++)
        bn254_fp_inv(&x, &x);
    sink += x.l[0];
}

static void b_bn254_g2_add(long n)
{
    bn254_g2_jac_t x;
    bn254_g2_jac_from_affine(&x, &BN254_G2_GENERATOR);
    for (long i = 0; i < n; i++)
        bn254_g2_jac_add_affine(&x, &x, &BN254_G2_GENERATOR);
    sink += x.x.c0.l[0];
}

static void b_bn254_g1_add(long n)
{
    bn254_g1_jac_t x;
    bn254_g1_jac_from_affine(&x, &BN254_G1_GENERATOR);
    for (long i = 0; i < n; i++)
        bn254_g1_jac_add_affine(&x, &x, &BN254_G1_GENERATOR);
    sink += x.x.l[0];
}

static const uint64_t BN_K[4] = { 0x0123456789abcdefULL, 0xfedcba9876543210ULL,
                                  0x0f1e2d3c4b5a6978ULL, 0x1122334455667788ULL };

static void b_bn254_g1_mul(long n)
{
    bn254_g1_jac_t x;
    bn254_g1_jac_from_affine(&x, &BN254_G1_GENERATOR);
    for (long i = 0; i < n; i++)
        bn254_g1_jac_mul(&x, &x, BN_K, 4);
    sink += x.x.l[0];
}

static void b_bn254_g1_mul_glv(long n)
{
    bn254_g1_jac_t x;
    bn254_g1_jac_from_affine(&x, &BN254_G1_GENERATOR);
    for (long i = 0; i < n; i++)
        bn254_g1_jac_mul_glv(&x, &x, BN_K);
    sink += x.x.l[0];
}

static void b_bn254_g2_mul(long n)
{
    bn254_g2_jac_t x;
    bn254_g2_jac_from_affine(&x, &BN254_G2_GENERATOR);
    for (long i = 0; i < n; i++)
        bn254_g2_jac_mul(&x, &x, BN_K, 4);
    sink += x.x.c0.l[0];
}

static void b_bn254_g2_mul_gls(long n)
{
    bn254_g2_jac_t x;
    bn254_g2_jac_from_affine(&x, &BN254_G2_GENERATOR);
    for (long i = 0; i < n; i++)
        bn254_g2_jac_mul_gls(&x, &x, BN_K);
    sink += x.x.c0.l[0];
}

static void b_bn254_pairing(long n)
{
    bn254_fp12_t e;
    for (long i = 0; i < n; i++) {
        bn254_pairing(&e, &BN254_G1_GENERATOR, &BN254_G2_GENERATOR);
        sink += e.c0.c0.c0.l[0];
    }
}

int main(int argc, char **argv)
{
    filter = argc > 1 ? argv[1] : NULL;
    fp_set_u64(&fp_a, 0x123456789abcdefULL);
    fp_inv(&fp_a, &fp_a);
    fp_set_u64(&fp_b, 0xfedcba987654321ULL);
    fp_inv(&fp_b, &fp_b);
    fr_set_u64(&fr_a, 0x123456789abcdefULL);
    fr_inv(&fr_a, &fr_a);
    fr_set_u64(&fr_b, 0xfedcba987654321ULL);
    fr_inv(&fr_b, &fr_b);
    bn254_fp_set_u64(&bn_fp_a, 0x123456789abcdefULL);
    bn254_fp_inv(&bn_fp_a, &bn_fp_a);
    bn254_fp_set_u64(&bn_fp_b, 0xfedcba987654321ULL);
    bn254_fp_inv(&bn_fp_b, &bn_fp_b);
    bn254_fr_set_u64(&bn_fr_a, 0x123456789abcdefULL);
    bn254_fr_inv(&bn_fr_a, &bn_fr_a);
    bn254_fr_set_u64(&bn_fr_b, 0xfedcba987654321ULL);
    bn254_fr_inv(&bn_fr_b, &bn_fr_b);
    /* 5 G and 3 G: generic points, Z != 1 for the Jacobian ones */
    static const uint64_t five = 5, three = 3;
    g1_jac_t t1;
    g2_jac_t t2;
    g1_jac_from_affine(&t1, &G1_GENERATOR);
    g1_jac_mul(&g1_j, &t1, &five, 1);
    g1_jac_mul(&t1, &t1, &three, 1);
    g1_jac_to_affine(&g1_p, &t1);
    g2_jac_from_affine(&t2, &G2_GENERATOR);
    g2_jac_mul(&g2_j, &t2, &five, 1);
    g2_jac_mul(&t2, &t2, &three, 1);
    g2_jac_to_affine(&g2_p, &t2);

    run("fp_mul", b_fp_mul, 2000000);
    run("fp_mul_x4", b_fp_mul_x4, 2000000);
    run("fp_sqr", b_fp_sqr, 2000000);
    run("fp_add", b_fp_add, 5000000);
    run("fp_sub", b_fp_sub, 5000000);
    run("fp_inv", b_fp_inv, 2000);
    run("fr_mul", b_fr_mul, 2000000);
    run("fr_sqr", b_fr_sqr, 2000000);
    run("fr_add", b_fr_add, 5000000);
    run("fp2_mul", b_fp2_mul, 1000000);
    run("fp2_sqr", b_fp2_sqr, 1000000);
    run("fp12_mul", b_fp12_mul, 50000);
    run("fp12_sqr", b_fp12_sqr, 50000);
    run("g1_jac_add_affine", b_g1_add_affine, 500000);
    run("g1_jac_add", b_g1_add, 500000);
    run("g1_jac_dbl", b_g1_dbl, 500000);
    run("g2_jac_add_affine", b_g2_add_affine, 200000);
    run("g2_jac_add", b_g2_add, 200000);
    run("g2_jac_dbl", b_g2_dbl, 200000);
    run("miller_loop", b_miller, 100);
    run("pairing", b_pairing, 50);
    run("fr_root_of_unity", b_root_of_unity, 2000);
    run("bn254_fp_mul", b_bn254_fp_mul, 2000000);
    run("bn254_fp_add", b_bn254_fp_add, 5000000);
    run("bn254_fp_inv", b_bn254_fp_inv, 2000);
    run("bn254_fr_mul", b_bn254_fr_mul, 2000000);
    run("bn254_g1_jac_add_affine", b_bn254_g1_add, 500000);
    run("bn254_g2_jac_add_affine", b_bn254_g2_add, 200000);
    run("bn254_g1_mul", b_bn254_g1_mul, 2000);
    run("bn254_g1_mul_glv", b_bn254_g1_mul_glv, 2000);
    run("bn254_g2_mul", b_bn254_g2_mul, 1000);
    run("bn254_g2_mul_gls", b_bn254_g2_mul_gls, 1000);
    run("bn254_pairing", b_bn254_pairing, 50);
    printf("checksum %016llx\n", (unsigned long long)sink);
    return 0;
}
