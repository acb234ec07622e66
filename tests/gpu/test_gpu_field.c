/*
 * test_gpu_field.c: the GPU kernels' arithmetic (gpu/kernels/field.cl, mont.cl, curve.cl on the
 * carry-chain primitives of compat.h), compiled as C on the host (kernel_host.c), bit for bit
 * against the core's reference arithmetic (arith/bls12_381), with no device; the same text is
 * BN254's test (test_gpu_field_bn254.c: the kernels built with BN254's constants,
 * kernel_host_bn254.c, against arith/bn254 under BLS12-381's names):
 *   - every primitive's C form against its definition, on the self-test's edge operands and
 *     random ones;
 *   - Fr and Fp multiply, add, subtract (Fp negate, Fr to and from Montgomery), Fp2 multiply
 *     and square, on edge values (0, 1, 2, m - 1, m - 2, limbs of all ones below m, powers of
 *     two 2^(32k) and 2^(32k) - 1, values just below m) against each other and random values;
 *   - the G1 and G2 XYZZ additions of the MSM kernels (mixed and full, complete: equal points,
 *     opposite points, infinity on either side) against the core's Jacobian group law.
 * The same text is the OpenCL program on PoCL (tests/opencl) and the CUDA plugin's kernels.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>
#include <string.h>

#include "bls12_381/curve.h"
#include "bls12_381/field.h"
#include "bls12_381/tower.h"
#include "kernel_host.h"

#ifdef TEST_GPU_FIELD_BN254 /* test_gpu_field_bn254.c: BN254's kernels against arith/bn254 */
#include "bn254_as_bls12_381.h"
#define KH(n) kh_bn254_##n
#else
#define KH(n) kh_##n
#endif
/* an element's 64-bit limbs: Fp (W), Fp2 (2 W); arrays below are sized for BLS12-381's 6 */
#define W FP_LIMBS

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next64(void) /* splitmix64 */
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* ---- primitives ---- */

static void prim_def(uint32_t a, uint32_t b, uint32_t c, uint32_t ci, uint32_t o[20])
{
    uint64_t p = (uint64_t)a * b, lo = (uint32_t)p, hi = p >> 32, t;
    t = (uint64_t)a + b, o[0] = (uint32_t)t, o[1] = (uint32_t)(t >> 32);
    t = (uint64_t)a + b + ci, o[2] = (uint32_t)t, o[3] = (uint32_t)(t >> 32);
    o[4] = (uint32_t)((uint64_t)a + b + ci);
    o[5] = a - b, o[6] = a < b;
    o[7] = a - b - ci, o[8] = (uint64_t)a < (uint64_t)b + ci, o[9] = a - b - ci;
    o[10] = (uint32_t)lo, o[11] = (uint32_t)hi;
    t = lo + c, o[12] = (uint32_t)t, o[13] = (uint32_t)(t >> 32);
    t = lo + c + ci, o[14] = (uint32_t)t, o[15] = (uint32_t)(t >> 32);
    t = hi + c, o[16] = (uint32_t)t, o[17] = (uint32_t)(t >> 32);
    t = hi + c + ci, o[18] = (uint32_t)t, o[19] = (uint32_t)(t >> 32);
}

static void test_primitives(void **state)
{
    (void)state;
    static const uint32_t v[] = { 0,          1,          2,          0xff,       0x7fffffff,
                                  0x80000000, 0xff000001, 0xfffffffe, 0xffffffff, 0x12345678 };
    enum { NV = sizeof v / sizeof v[0] };
    for (int k = 0; k < NV * NV * NV * 2 + 20000; k++) {
        uint32_t a, b, c, ci = (uint32_t)k & 1, got[20], want[20];
        if (k < NV * NV * NV * 2) {
            a = v[k / 2 / NV / NV], b = v[k / 2 / NV % NV], c = v[k / 2 % NV];
        } else {
            uint64_t r = next64();
            a = (uint32_t)r, b = (uint32_t)(r >> 32), c = (uint32_t)next64();
        }
        KH(prims)(a, b, c, ci, got);
        prim_def(a, b, c, ci, want);
        for (int j = 0; j < 20; j++)
            if (got[j] != want[j])
                fail_msg("primitive slot %d: a %08x b %08x c %08x ci %u: %08x, want %08x", j, a, b,
                         c, ci, got[j], want[j]);
    }
}

/* ---- fields ---- */

/* Edge values of a field of n 64-bit limbs below m (canonical), into e[]; returns the count. */
static int edges(uint64_t (*e)[6], const uint64_t *m, int n)
{
    int k = 0;
    memset(e, 0, 64 * sizeof *e);
    e[k++][0] = 0;
    e[k++][0] = 1;
    e[k++][0] = 2;
    for (int d = 1; d <= 2; d++, k++) { /* m - 1, m - 2 */
        memcpy(e[k], m, 8 * (size_t)n);
        e[k][0] -= (uint64_t)d;
    }
    for (int b = 32; b < 64 * n - 2; b += 32, k++) { /* 2^b - 1: all-ones limbs, and 2^b */
        for (int j = 0; j < n; j++)
            e[k][j] = b >= 64 * (j + 1) ? ~0ull : b > 64 * j ? (1ull << (b - 64 * j)) - 1 : 0;
        k++;
        memset(e[k], 0, sizeof e[k]);
        e[k][b / 64] = 1ull << (b % 64);
    }
    for (int j = 0; j < n; j++, k++) { /* m with limb j lowered: just below m, carries */
        memcpy(e[k], m, 8 * (size_t)n);
        if (e[k][j] == 0) {
            k--;
            continue;
        }
        e[k][j] -= 1;
    }
    /* drop anything not below m (2^b may not be) */
    int out = 0;
    for (int i = 0; i < k; i++)
        if (bigint_cmp(e[i], m, (size_t)n) < 0)
            memcpy(e[out++], e[i], sizeof e[i]);
    return out;
}

static void random_below(uint64_t *x, const uint64_t *m, int n)
{
    do {
        for (int j = 0; j < n; j++)
            x[j] = next64();
        x[n - 1] &= (1ull << (64 - __builtin_clzll(m[n - 1]))) - 1;
    } while (bigint_cmp(x, m, (size_t)n) >= 0);
}

static void test_fp(void **state)
{
    (void)state;
    uint64_t e[64][6];
    int ne = edges(e, FP_MODULUS.l, W);
    assert_true(ne > 20);
    fp_t v[64 + 40];
    int nv = 0;
    for (int i = 0; i < ne; i++)
        memcpy(v[nv++].l, e[i], FP_BYTES); /* as Montgomery limbs: any value below p is one */
    for (int i = 0; i < 40; i++)
        random_below(v[nv++].l, FP_MODULUS.l, W);
    for (int i = 0; i < nv; i++) {
        fp_t want, got;
        fp_neg(&want, &v[i]);
        KH(fp_neg)(got.l, v[i].l);
        assert_memory_equal(got.l, want.l, FP_BYTES);
        for (int j = 0; j < nv; j++) {
            fp_mul(&want, &v[i], &v[j]);
            KH(fp_mul)(got.l, v[i].l, v[j].l);
            if (memcmp(got.l, want.l, FP_BYTES))
                fail_msg("fp_mul of values %d and %d differs from the core's", i, j);
            fp_add(&want, &v[i], &v[j]);
            KH(fp_add)(got.l, v[i].l, v[j].l);
            assert_memory_equal(got.l, want.l, FP_BYTES);
            fp_sub(&want, &v[i], &v[j]);
            KH(fp_sub)(got.l, v[i].l, v[j].l);
            assert_memory_equal(got.l, want.l, FP_BYTES);
        }
    }
}

static void test_fr(void **state)
{
    (void)state;
    uint64_t e[64][6];
    int ne = edges(e, FR_MODULUS.l, 4);
    assert_true(ne > 12);
    fr_t v[64 + 40];
    int nv = 0;
    for (int i = 0; i < ne; i++)
        memcpy(v[nv++].l, e[i], 32);
    for (int i = 0; i < 40; i++)
        random_below(v[nv++].l, FR_MODULUS.l, 4);
    for (int i = 0; i < nv; i++) {
        fr_t want, got;
        fr_from_canon(&want, &v[i]); /* canonical -> Montgomery */
        KH(fr_to_mont)(got.l, v[i].l);
        assert_memory_equal(got.l, want.l, 32);
        fr_to_canon(&want, &v[i]);
        KH(fr_from_mont)(got.l, v[i].l);
        assert_memory_equal(got.l, want.l, 32);
        for (int j = 0; j < nv; j++) {
            fr_mul(&want, &v[i], &v[j]);
            KH(fr_mul)(got.l, v[i].l, v[j].l);
            if (memcmp(got.l, want.l, 32))
                fail_msg("fr_mul of values %d and %d differs from the core's", i, j);
            fr_add(&want, &v[i], &v[j]);
            KH(fr_add)(got.l, v[i].l, v[j].l);
            assert_memory_equal(got.l, want.l, 32);
            fr_sub(&want, &v[i], &v[j]);
            KH(fr_sub)(got.l, v[i].l, v[j].l);
            assert_memory_equal(got.l, want.l, 32);
        }
    }
}

static void test_fp2(void **state)
{
    (void)state;
    uint64_t e[64][6];
    int ne = edges(e, FP_MODULUS.l, W);
    for (int k = 0; k < 400; k++) {
        fp2_t a, b, want, got;
        if (k < ne * 4) { /* edge values in each coordinate */
            memcpy(a.c0.l, e[k % ne], FP_BYTES), memcpy(a.c1.l, e[(k / ne + 3) % ne], FP_BYTES);
            memcpy(b.c0.l, e[(k * 7) % ne], FP_BYTES),
                memcpy(b.c1.l, e[(k * 5 + 1) % ne], FP_BYTES);
        } else {
            random_below(a.c0.l, FP_MODULUS.l, W), random_below(a.c1.l, FP_MODULUS.l, W);
            random_below(b.c0.l, FP_MODULUS.l, W), random_below(b.c1.l, FP_MODULUS.l, W);
        }
        fp2_mul(&want, &a, &b);
        KH(fp2_mul)((uint64_t *)&got, (const uint64_t *)&a, (const uint64_t *)&b);
        if (memcmp(&got, &want, sizeof got))
            fail_msg("fp2_mul case %d differs from the core's", k);
        fp2_sqr(&want, &a);
        KH(fp2_sqr)((uint64_t *)&got, (const uint64_t *)&a);
        assert_memory_equal(&got, &want, sizeof got);
    }
}

/* ---- curves: the kernels' XYZZ against the core's Jacobian ---- */

static void g1_to_xyzz(uint64_t o[24], const g1_affine_t *a)
{
    fp_t one;
    fp_set_u64(&one, 1);
    memset(o, 0, 24 * 8);
    if (g1_affine_is_inf(a))
        return;
    memcpy(o, a->x.l, FP_BYTES), memcpy(o + W, a->y.l, FP_BYTES),
        memcpy(o + 2 * W, one.l, FP_BYTES), memcpy(o + 3 * W, one.l, FP_BYTES);
}

static void g1_from_xyzz(g1_affine_t *a, const uint64_t o[24])
{
    fp_t x, y, zz, zzz, t;
    memcpy(x.l, o, FP_BYTES), memcpy(y.l, o + W, FP_BYTES), memcpy(zz.l, o + 2 * W, FP_BYTES),
        memcpy(zzz.l, o + 3 * W, FP_BYTES);
    if (fp_is_zero(&zz)) {
        memset(a, 0, sizeof *a);
        return;
    }
    fp_inv(&t, &zz);
    fp_mul(&a->x, &x, &t);
    fp_inv(&t, &zzz);
    fp_mul(&a->y, &y, &t);
}

static void g2_to_xyzz(uint64_t o[48], const g2_affine_t *a)
{
    fp2_t one;
    fp2_set_one(&one);
    memset(o, 0, 48 * 8);
    if (g2_affine_is_inf(a))
        return;
    memcpy(o, &a->x, 2 * FP_BYTES), memcpy(o + 2 * W, &a->y, 2 * FP_BYTES),
        memcpy(o + 4 * W, &one, 2 * FP_BYTES), memcpy(o + 6 * W, &one, 2 * FP_BYTES);
}

static void g2_from_xyzz(g2_affine_t *a, const uint64_t o[48])
{
    fp2_t x, y, zz, zzz, t;
    memcpy(&x, o, 2 * FP_BYTES), memcpy(&y, o + 2 * W, 2 * FP_BYTES),
        memcpy(&zz, o + 4 * W, 2 * FP_BYTES), memcpy(&zzz, o + 6 * W, 2 * FP_BYTES);
    if (fp2_is_zero(&zz)) {
        memset(a, 0, sizeof *a);
        return;
    }
    fp2_inv(&t, &zz);
    fp2_mul(&a->x, &x, &t);
    fp2_inv(&t, &zzz);
    fp2_mul(&a->y, &y, &t);
}

/* k G1, affine; k = 0 gives infinity */
static void g1_mult(g1_affine_t *o, uint64_t k)
{
    g1_jac_t g, t;
    g1_jac_from_affine(&g, &G1_GENERATOR);
    g1_jac_mul(&t, &g, &k, 1);
    g1_jac_to_affine(o, &t);
}

static void g2_mult(g2_affine_t *o, uint64_t k)
{
    g2_jac_t g, t;
    g2_jac_from_affine(&g, &G2_GENERATOR);
    g2_jac_mul(&t, &g, &k, 1);
    g2_jac_to_affine(o, &t);
}

/* s = p + q by the core's Jacobian group law */
static void g1_sum(g1_affine_t *s, const g1_affine_t *p, const g1_affine_t *q)
{
    g1_jac_t a, b;
    g1_jac_from_affine(&a, p), g1_jac_from_affine(&b, q);
    g1_jac_add(&a, &a, &b);
    g1_jac_to_affine(s, &a);
}

static void g2_sum(g2_affine_t *s, const g2_affine_t *p, const g2_affine_t *q)
{
    g2_jac_t a, b;
    g2_jac_from_affine(&a, p), g2_jac_from_affine(&b, q);
    g2_jac_add(&a, &a, &b);
    g2_jac_to_affine(s, &a);
}

/* (k1 G) + (k2 G) through the kernels' madd and add, against the core's sum; pairs include
 * equal points (the doubling branch) and infinity on either side */
static void test_curves(void **state)
{
    (void)state;
    static const uint64_t k1s[] = { 0, 1, 2, 5, 7, 1234567, 0xfedcba9876543210ull };
    for (size_t i = 0; i < sizeof k1s / sizeof k1s[0]; i++) {
        for (size_t j = 0; j < sizeof k1s / sizeof k1s[0] + 2; j++) {
            uint64_t k1 = k1s[i], k2 = j < sizeof k1s / sizeof k1s[0] ? k1s[j] : k1 + j;
            g1_affine_t p, q, s, got;
            g2_affine_t p2, q2, s2, got2;
            uint64_t acc[24], qx[24], acc2[48], qx2[48];
            g1_mult(&p, k1), g1_mult(&q, k2), g2_mult(&p2, k1), g2_mult(&q2, k2);
            g1_sum(&s, &p, &q), g2_sum(&s2, &p2, &q2);
            g1_to_xyzz(acc, &p);
            KH(xyzz_add_affine)(1, acc, (const uint64_t *)&q);
            g1_from_xyzz(&got, acc);
            if (memcmp(&got, &s, sizeof s))
                fail_msg("G1 madd %llu G + %llu G", (unsigned long long)k1, (unsigned long long)k2);
            g1_to_xyzz(acc, &p), g1_to_xyzz(qx, &q);
            KH(xyzz_add)(1, acc, qx);
            g1_from_xyzz(&got, acc);
            assert_memory_equal(&got, &s, sizeof s);
            g2_to_xyzz(acc2, &p2);
            KH(xyzz_add_affine)(2, acc2, (const uint64_t *)&q2);
            g2_from_xyzz(&got2, acc2);
            if (memcmp(&got2, &s2, sizeof s2))
                fail_msg("G2 madd %llu G + %llu G", (unsigned long long)k1, (unsigned long long)k2);
            g2_to_xyzz(acc2, &p2), g2_to_xyzz(qx2, &q2);
            KH(xyzz_add)(2, acc2, qx2);
            g2_from_xyzz(&got2, acc2);
            assert_memory_equal(&got2, &s2, sizeof s2);
        }
        /* P + (-P) = infinity (zz = 0), -P being (x, -y) */
        g1_affine_t p, np;
        uint64_t acc[24];
        g1_mult(&p, k1s[i] + 3);
        np = p;
        fp_neg(&np.y, &p.y);
        g1_to_xyzz(acc, &p);
        KH(xyzz_add_affine)(1, acc, (const uint64_t *)&np);
        uint64_t zz0[6] = { 0 };
        assert_memory_equal(acc + 2 * W, zz0, FP_BYTES);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_primitives), cmocka_unit_test(test_fp),     cmocka_unit_test(test_fr),
        cmocka_unit_test(test_fp2),        cmocka_unit_test(test_curves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
