/*
 * arith/ifma on BN254 (arith/ifma/bn254/: 6 limbs of 52 bits, R = 2^312) against arith/bn254's
 * reference arithmetic: Fp and Fp2 products, sums and conversions on random and edge values and
 * along lazy chains at the bounds ifma.h states, the Barrett reduction on its whole input range
 * (below 2^305: the value through the reference, the bound < 3p by comparing words), and the
 * batch-affine kernels through ifma_check.h's checks
 * (random batches with doublings and cancellations; edge coordinates), the G2 subgroup test
 * on members and non-members, and the eight products and butterflies of the group FFT (GLV on
 * G1, GLS on G2) against plain double-and-add; the Fp and Fp2 products limb for limb against
 * the word-serial method written in the test (ifma_check.h). Built twice like
 * test_ifma.c: real instructions (skipped without IFMA) and the emulated intrinsics.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ifma_check.h"
#include "bn254/curve.h"
#include "bn254/glv.h"
#include "ifma.h"

#define L IFMA_LANES

static void rnd_fp(bn254_fp_t *out)
{
    bn254_fp_t c;
    do {
        for (int i = 0; i < BN254_FP_LIMBS; i++)
            c.l[i] = rnd();
        c.l[BN254_FP_LIMBS - 1] &= 0x3fffffffffffffffULL; /* 254 bits */
    } while (bn254_fp_from_canon(out, &c) != 0);
}

/* 0, 1, -1, 2, the raw limbs p - 1, the integer p - 1, a random value and its negation. */
static void edge_fp(bn254_fp_t out[L])
{
    bn254_fp_t pm1 = BN254_FP_MODULUS;
    pm1.l[0] -= 1;
    memset(&out[0], 0, sizeof out[0]);
    out[1] = BN254_FP_ONE;
    bn254_fp_neg(&out[2], &BN254_FP_ONE);
    bn254_fp_set_u64(&out[3], 2);
    out[4] = pm1;
    assert_int_equal(bn254_fp_from_canon(&out[5], &pm1), 0);
    rnd_fp(&out[6]);
    bn254_fp_neg(&out[7], &out[6]);
}

/* ---- Fp and Fp2 ---- */

/* The lanes of r (r52) equal op(a[k], b[k]) of the reference, lane by lane. */
typedef void (*fp_op)(bn254_fp_t *out, const bn254_fp_t *a, const bn254_fp_t *b);

static void expect_lanes(const fp8_r52 *r, fp_op op, const bn254_fp_t a[L], const bn254_fp_t b[L])
{
    bn254_fp_t got[L], want;
    bn254_fp_ifma_from_r52(got, r);
    for (int k = 0; k < L; k++) {
        op(&want, &a[k], &b[k]);
        assert_memory_equal(&got[k], &want, sizeof want);
    }
}

static void ref_sqr(bn254_fp_t *out, const bn254_fp_t *a, const bn254_fp_t *b)
{
    (void)b;
    bn254_fp_sqr(out, a);
}

static void check_fp_ops(const bn254_fp_t a[L], const bn254_fp_t b[L])
{
    fp8_r52 ra, rb, rc, sq;
    bn254_fp_t got[L];
    bn254_fp_ifma_to_r52(&ra, a);
    bn254_fp_ifma_to_r52(&rb, b);
    bn254_fp_ifma_from_r52(got, &ra);
    assert_memory_equal(got, a, sizeof got);
    bn254_fp_ifma_mul(&rc, &ra, &rb);
    expect_lanes(&rc, bn254_fp_mul, a, b);
    /* the squaring gives fp_ifma_mul(a, a)'s limbs (rows 0..5: the BN254 value) */
    bn254_fp_ifma_sqr(&sq, &ra);
    bn254_fp_ifma_mul(&rc, &ra, &ra);
    assert_memory_equal(&sq.l[0][0], &rc.l[0][0], 6 * sizeof sq.l[0]);
    expect_lanes(&sq, ref_sqr, a, a);
    bn254_fp_ifma_add(&rc, &ra, &rb);
    expect_lanes(&rc, bn254_fp_add, a, b);
    bn254_fp_ifma_sub(&rc, &ra, &rb);
    expect_lanes(&rc, bn254_fp_sub, a, b);
}

static void test_fp_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    bn254_fp_t a[L], b[L], e[L];
    for (int it = 0; it < 300; it++) {
        for (int k = 0; k < L; k++) {
            rnd_fp(&a[k]);
            rnd_fp(&b[k]);
        }
        check_fp_ops(a, b);
    }
    edge_fp(e);
    for (int i = 0; i < L; i++) {
        for (int k = 0; k < L; k++) {
            a[k] = e[k];
            b[k] = e[(i + k) % L];
        }
        check_fp_ops(a, b);
    }
}

/* Lazy chains at the stated bounds: sums of 32 values below 2p (< 64p, ifma.h's fp_ifma_add
 * input bound) multiplied together, and 64p - b by fp_ifma_sub, against the reference. */
static void test_fp_lazy_chain(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    for (int it = 0; it < 50; it++) {
        bn254_fp_t a[L], b[L], sa[L], sb[L];
        fp8_r52 ra, rb, acc_a, acc_b, t;
        for (int k = 0; k < L; k++) {
            rnd_fp(&a[k]);
            bn254_fp_neg(&b[k], &a[k]); /* near p: the largest values */
            memset(&sa[k], 0, sizeof sa[k]);
            memset(&sb[k], 0, sizeof sb[k]);
        }
        bn254_fp_ifma_to_r52(&ra, a);
        bn254_fp_ifma_to_r52(&rb, b);
        acc_a = ra;
        acc_b = rb;
        for (int i = 1; i < 32; i++) {
            bn254_fp_ifma_add(&acc_a, &acc_a, &ra);
            bn254_fp_ifma_add(&acc_b, &acc_b, &rb);
        }
        for (int k = 0; k < L; k++)
            for (int i = 0; i < 32; i++) {
                bn254_fp_add(&sa[k], &sa[k], &a[k]);
                bn254_fp_add(&sb[k], &sb[k], &b[k]);
            }
        bn254_fp_ifma_mul(&t, &acc_a, &acc_b);
        expect_lanes(&t, bn254_fp_mul, sa, sb);
        bn254_fp_ifma_reduce(&acc_b, &acc_b); /* below 3p: a valid subtrahend */
        bn254_fp_ifma_sub(&t, &ra, &acc_b);
        expect_lanes(&t, bn254_fp_sub, a, sb);
    }
}

static void rnd_fp2(bn254_fp2_t *out)
{
    rnd_fp(&out->c0);
    rnd_fp(&out->c1);
}

/* The Fp2 twin of expect_lanes. */
typedef void (*fp2_op)(bn254_fp2_t *out, const bn254_fp2_t *a, const bn254_fp2_t *b);

static void expect_lanes2(const fp2x8_r52 *r, fp2_op op, const bn254_fp2_t a[L],
                          const bn254_fp2_t b[L])
{
    bn254_fp2_t got[L], want;
    bn254_fp2_ifma_from_r52(got, r);
    for (int k = 0; k < L; k++) {
        op(&want, &a[k], &b[k]);
        assert_memory_equal(&got[k], &want, sizeof want);
    }
}

static void ref_sqr2(bn254_fp2_t *out, const bn254_fp2_t *a, const bn254_fp2_t *b)
{
    (void)b;
    bn254_fp2_sqr(out, a);
}

static void test_fp2_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    for (int it = 0; it < 100; it++) {
        bn254_fp2_t a[L], b[L];
        fp2x8_r52 ra, rb, rc;
        for (int k = 0; k < L; k++) {
            rnd_fp2(&a[k]);
            rnd_fp2(&b[k]);
        }
        bn254_fp2_ifma_to_r52(&ra, a);
        bn254_fp2_ifma_to_r52(&rb, b);
        bn254_fp2_ifma_mul(&rc, &ra, &rb);
        expect_lanes2(&rc, bn254_fp2_mul, a, b);
        bn254_fp2_ifma_sqr(&rc, &ra);
        expect_lanes2(&rc, ref_sqr2, a, a);
    }
}

/* x = m a (m >= 1) by m - 1 lazy fp_ifma_add on each part, and its reference ma[k] = m a[k]. */
static void lazy_times(fp2x8_r52 *x, bn254_fp2_t ma[L], const fp2x8_r52 *ra, const bn254_fp2_t a[L],
                       int m)
{
    *x = *ra;
    for (int i = 1; i < m; i++) {
        bn254_fp_ifma_add(&x->c0, &x->c0, &ra->c0);
        bn254_fp_ifma_add(&x->c1, &x->c1, &ra->c1);
    }
    for (int k = 0; k < L; k++) {
        memset(&ma[k], 0, sizeof ma[k]);
        for (int i = 0; i < m; i++)
            bn254_fp2_add(&ma[k], &ma[k], &a[k]);
    }
}

/* Fp2 products of lazy sums (16 a times 64 b: parts up to 128p, past 2^260, where limb 5 of
 * a value is no longer 0: a product that skipped it agreed on every smaller input). */
static void test_fp2_lazy_chain(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    for (int it = 0; it < 30; it++) {
        bn254_fp2_t a[L], b[L], sa[L], sb[L];
        fp2x8_r52 ra, rb, xa, xb, rc;
        for (int k = 0; k < L; k++) {
            rnd_fp2(&a[k]);
            rnd_fp2(&b[k]);
        }
        bn254_fp2_ifma_to_r52(&ra, a);
        bn254_fp2_ifma_to_r52(&rb, b);
        lazy_times(&xa, sa, &ra, a, 16);
        lazy_times(&xb, sb, &rb, b, 64);
        bn254_fp2_ifma_mul(&rc, &xa, &xb);
        expect_lanes2(&rc, bn254_fp2_mul, sa, sb);
        bn254_fp2_ifma_sqr(&rc, &xb);
        expect_lanes2(&rc, ref_sqr2, sb, sb);
    }
}

/* ---- the Barrett reduction, inputs below 2^305 ---- */

/* Lane k of a (6 limbs of 52 bits) as 5 words, and back. */
static void get_words(uint64_t w[5], const fp8_r52 *a, int k)
{
    memset(w, 0, 5 * sizeof *w);
    for (int j = 0; j < 6; j++) {
        int bit = 52 * j;
        w[bit / 64] |= a->l[j][k] << (bit % 64);
        if (bit % 64 > 12)
            w[bit / 64 + 1] |= a->l[j][k] >> (64 - bit % 64);
    }
}

static void set_words(fp8_r52 *a, int k, const uint64_t w[5])
{
    for (int j = 0; j < 6; j++) {
        int bit = 52 * j, i = bit / 64, sh = bit % 64;
        uint64_t v = w[i] >> sh;
        if (sh > 12)
            v |= w[i + 1] << (64 - sh);
        a->l[j][k] = v & M52_MASK;
    }
}

/* x < y for 5-word integers */
static int words_less(const uint64_t x[5], const uint64_t y[5])
{
    for (int i = 4; i >= 0; i--)
        if (x[i] != y[i])
            return x[i] < y[i];
    return 0;
}

/* w = m p - sub1 (m p < 2^305) */
static void mult_of_p(uint64_t w[5], uint64_t m, int sub1)
{
    unsigned __int128 c = 0;
    for (int i = 0; i < 4; i++) {
        c += (unsigned __int128)BN254_FP_MODULUS.l[i] * m;
        w[i] = (uint64_t)c;
        c >>= 64;
    }
    w[4] = (uint64_t)c;
    if (sub1)
        for (int i = 0; i < 5 && w[i]-- == 0; i++) {
        }
}

/* out = a mod p (equal through the reference: a Montgomery product by 2^256 takes any
 * a < 2^305 below 2p) and out < 3p with normalized limbs, lane by lane. */
static void check_reduce(const fp8_r52 *a)
{
    fp8_r52 r;
    bn254_fp_t want[L], got[L];
    uint64_t three_p[5], w[5];
    mult_of_p(three_p, 3, 0);
    bn254_fp_ifma_reduce(&r, a);
    bn254_fp_ifma_from_r52(want, a);
    bn254_fp_ifma_from_r52(got, &r);
    for (int k = 0; k < L; k++) {
        assert_memory_equal(&got[k], &want[k], sizeof want[k]);
        get_words(w, &r, k);
        assert_true(words_less(w, three_p));
        for (int j = 0; j < 6; j++)
            assert_true(r.l[j][k] <= M52_MASK);
    }
}

/* vfp.h's products by columns against the word-serial method, limb for limb (ifma_check.h):
 * 6 limbs, p's top limb 0. */
static void test_products_limb_for_limb(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    m52_field f;
    m52_init(&f, BN254_FP_MODULUS.l, BN254_FP_LIMBS, 6);
    m52_products_limb_for_limb(&f, bn254_fp_ifma_mul, bn254_fp_ifma_sqr, bn254_fp2_ifma_mul, 300);
}

static void test_reduce_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    fp8_r52 a;
    memset(&a, 0, sizeof a);
    uint64_t w[5];
    for (int it = 0; it < 300; it++) {
        for (int k = 0; k < L; k++) {
            int bits = 254 + (int)(rnd() % 52); /* 254 .. 305 bits */
            for (int i = 0; i < 5; i++)
                w[i] = rnd();
            for (int b = bits; b < 320; b++)
                w[b / 64] &= ~(1ULL << (b % 64));
            set_words(&a, k, w);
        }
        check_reduce(&a);
    }
    /* the top of the range and m p, m p - 1 across the quotient's range (q < 2^52) */
    static const uint64_t mults[L] = { 1, 2, 3, 4, 127, 1ULL << 20, 1ULL << 40, 1ULL << 51 };
    for (int sub1 = 0; sub1 < 2; sub1++) {
        for (int k = 0; k < L; k++) {
            mult_of_p(w, mults[k], sub1);
            set_words(&a, k, w);
        }
        check_reduce(&a);
    }
    for (int k = 0; k < L; k++) {
        for (int i = 0; i < 5; i++)
            w[i] = ~0ULL;
        w[4] &= (1ULL << (305 - 256)) - 1; /* 2^305 - 1 */
        w[0] -= (uint64_t)k;
        set_words(&a, k, w);
    }
    check_reduce(&a);
}

/* ---- batch-affine kernels ---- */

static void rnd_g1(void *out)
{
    bn254_g1_jac_t g, r;
    uint64_t k[2] = { rnd(), rnd() };
    bn254_g1_jac_from_affine(&g, &BN254_G1_GENERATOR);
    bn254_g1_jac_mul(&r, &g, k, 2);
    bn254_g1_jac_to_affine(out, &r);
}

static void rnd_g2(void *out)
{
    bn254_g2_jac_t g, r;
    uint64_t k[2] = { rnd(), rnd() };
    bn254_g2_jac_from_affine(&g, &BN254_G2_GENERATOR);
    bn254_g2_jac_mul(&r, &g, k, 2);
    bn254_g2_jac_to_affine(out, &r);
}

static void edges_v(uint8_t *out, size_t stride)
{
    bn254_fp_t e[L];
    edge_fp(e);
    for (int k = 0; k < L; k++)
        memcpy(out + k * stride, &e[k], sizeof e[k]);
}

static void inc_v(void *x)
{
    bn254_fp_add(x, x, &BN254_FP_ONE);
}

BA_CHECK_OPS(BA_G1, bn254_g1, g1_aff_r52, bn254_fp_t, rnd_g1, edges_v, inc_v);
BA_CHECK_OPS(BA_G2, bn254_g2, g2_aff_r52, bn254_fp_t, rnd_g2, edges_v, inc_v);
BA_CHECK_TESTS(BA_G1, BA_G2)

/* FP_R52_ONE (the Montgomery form of 2^56) and VFP_ONE (2^312 mod p): a point of coordinates 1
 * and 2^56 survives aff_set / aff_get, and the r52 integer of 1 is 2^312 mod p, whose limb 0
 * Python gives as 0x520fe22dd697a; words 6 and 7 of the storage are 0. */
static void test_ba_aff_set_constant(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    bn254_g1_affine_t p, got;
    g1_aff_r52 b;
    memset(&b, 0xa5, sizeof b);
    bn254_fp_set_u64(&p.x, 1);
    bn254_fp_set_u64(&p.y, 1ULL << 56);
    bn254_g1_ifma_aff_set(&b, &p, 0);
    bn254_g1_ifma_aff_get(&got, &b, 1);
    assert_memory_equal(&got, &p, sizeof p);
    assert_int_equal(b.c[0][0], 0x520fe22dd697aULL);
    assert_int_equal(b.c[0][6] | b.c[0][7] | b.c[1][6] | b.c[1][7], 0);
}

/* ---- G2 subgroup test ---- */

/* A random point of E'(Fp2): y^2 = x^3 + b', b' = 3 / (9 + u), almost surely outside G2 (the
 * cofactor is a 254-bit integer). */
static void rnd_twist_point(bn254_g2_affine_t *out)
{
    bn254_fp2_t b, xi, rhs;
    memset(&xi, 0, sizeof xi);
    bn254_fp_set_u64(&xi.c0, 9);
    xi.c1 = BN254_FP_ONE;
    bn254_fp2_inv(&b, &xi);
    bn254_fp_set_u64(&xi.c0, 3);
    memset(&xi.c1, 0, sizeof xi.c1);
    bn254_fp2_mul(&b, &b, &xi);
    do {
        rnd_fp2(&out->x);
        bn254_fp2_sqr(&rhs, &out->x);
        bn254_fp2_mul(&rhs, &rhs, &out->x);
        bn254_fp2_add(&rhs, &rhs, &b);
    } while (!bn254_fp2_sqrt(&out->y, &rhs));
    assert_true(bn254_g2_affine_is_on_curve(out));
}

/* Batches of members and non-members in every lane pattern and count: a set bit only for
 * members (soundness: a clear bit sends the point to the reference test), and every member's
 * bit set (the lanes do their job; a member never meets an exceptional case). */
static void test_g2_in_subgroup(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    enum { ROUNDS = 40 };
    for (int round = 0; round < ROUNDS; round++) {
        bn254_g2_affine_t pts[L];
        unsigned n = 1 + (unsigned)(rnd() % L), member = 0;
        for (unsigned k = 0; k < n; k++) {
            int in = round == 0 || (round > 1 && (rnd() & 1)); /* round 0 all in, 1 all out */
            if (in)
                rnd_g2(&pts[k]);
            else
                rnd_twist_point(&pts[k]);
            assert_int_equal(bn254_g2_affine_in_subgroup(&pts[k]), in);
            member |= (unsigned)in << k;
        }
        assert_int_equal(bn254_g2_ifma_in_subgroup(pts, n), member);
    }
}

/* ---- eight products through the endomorphisms, and the butterflies (glv_ifma_impl.h) ---- */

/* A random canonical scalar below r (254 random bits, reduced by subtracting r while above). */
static void rnd_scalar(uint64_t k[4])
{
    bn254_fr_t c, m;
    do {
        for (int i = 0; i < 4; i++)
            c.l[i] = rnd();
        c.l[3] &= 0x3fffffffffffffffULL;
    } while (bn254_fr_from_canon(&m, &c) != 0);
    memcpy(k, c.l, sizeof c.l);
}

/* (x z^2, y z^3, z) for a random z: a Jacobian point with Z != 1. */
static void rnd_jac(bn254_g1_jac_t *p1, bn254_g2_jac_t *p2)
{
    bn254_g1_affine_t a1;
    bn254_g2_affine_t a2;
    rnd_g1(&a1);
    rnd_g2(&a2);
    bn254_fp_t z, z2, z3;
    rnd_fp(&z);
    bn254_fp_sqr(&z2, &z);
    bn254_fp_mul(&z3, &z2, &z);
    bn254_fp_mul(&p1->x, &a1.x, &z2);
    bn254_fp_mul(&p1->y, &a1.y, &z3);
    p1->z = z;
    bn254_fp2_t w, w2, w3;
    rnd_fp2(&w);
    bn254_fp2_sqr(&w2, &w);
    bn254_fp2_mul(&w3, &w2, &w);
    bn254_fp2_mul(&p2->x, &a2.x, &w2);
    bn254_fp2_mul(&p2->y, &a2.y, &w3);
    p2->z = w;
}

/* sf[i] from the canonical k[i], sp[i] = &sf[i]. */
static void fixed_from(bn254_glv_fixed *sf, const bn254_glv_fixed **sp, const uint64_t (*k)[4],
                       unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        bn254_fr_t c, m;
        memcpy(c.l, k[i], sizeof c.l);
        assert_int_equal(bn254_fr_from_canon(&m, &c), 0);
        bn254_glv_fixed_set(&sf[i], &m);
        assert_memory_equal(sf[i].k, k[i], sizeof sf[i].k);
        sp[i] = &sf[i];
    }
}

/* A scalar whose GLV split has k2 < 0 (the lanes then negate that part's digits): k |b1| just
 * above a multiple of r, found with Python integers by the split's own formulas; random scalars
 * never give a negative part (none in 2 10^6 trials). */
static const uint64_t K_NEG2[4] = { 0x2cea5141cc6bd759ULL, 0x3dfe208446c6d554ULL,
                                    0x59e26bcea0d48bacULL, 0 };

/* The scalars 0, 1, r - 1, lambda, r - lambda, l = p mod r (psi's eigenvalue), l - 1 and
 * K_NEG2. */
static void edge_scalars(uint64_t k[L][4])
{
    static const uint64_t l[2] = { 0xf83e9682e87cfd46ULL, 0x6f4d8248eeb859fbULL };
    memset(k, 0, sizeof(uint64_t) * 4 * L);
    k[1][0] = 1;
    memcpy(k[2], BN254_FR_MODULUS.l, sizeof k[2]);
    k[2][0] -= 1;
    memcpy(k[3], BN254_GLV_LAMBDA, sizeof k[3]);
    unsigned __int128 borrow = 0;
    for (int i = 0; i < 4; i++) {
        unsigned __int128 d =
            (unsigned __int128)BN254_FR_MODULUS.l[i] - BN254_GLV_LAMBDA[i] - borrow;
        k[4][i] = (uint64_t)d;
        borrow = (d >> 64) & 1;
    }
    k[5][0] = l[0];
    k[5][1] = l[1];
    k[6][0] = l[0] - 1;
    k[6][1] = l[1];
    memcpy(k[7], K_NEG2, sizeof k[7]);
}

/* Rounds of 1..8 lanes, per-lane and shared scalars (the NAF path), random and edge scalars and
 * points at infinity, against bn254_g*_jac_mul (double-and-add on the whole scalar, no
 * endomorphism). Round 3 takes the edge scalars lane by lane, round 4 K_NEG2 in every lane. */
static void test_mul_glv_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    uint64_t h1[2], h2[2];
    int n1, n2;
    bn254_glv_split(h1, &n1, h2, &n2, K_NEG2);
    assert_true(n2 && !n1);
    for (int round = 0; round < 16; round++) {
        unsigned n = 1 + (unsigned)(round * 5) % L;
        uint64_t k[L][4];
        bn254_glv_fixed sf[L];
        const bn254_glv_fixed *sp[L];
        bn254_g1_jac_t p1[L], o1[L];
        bn254_g2_jac_t p2[L], o2[L];
        for (unsigned i = 0; i < n; i++) {
            rnd_jac(&p1[i], &p2[i]);
            rnd_scalar(k[i]);
        }
        if (round == 3) {
            n = L;
            for (unsigned i = 0; i < n; i++)
                rnd_jac(&p1[i], &p2[i]);
            edge_scalars(k);
            bn254_g1_jac_set_inf(&p1[2]);
            bn254_g2_jac_set_inf(&p2[2]);
        }
        if (round == 4)
            memcpy(k[0], K_NEG2, sizeof k[0]);
        if (round % 3 == 1) /* one scalar in every lane */
            for (unsigned i = 1; i < n; i++)
                memcpy(k[i], k[0], sizeof k[0]);
        fixed_from(sf, sp, (const uint64_t(*)[4])k, n);
        bn254_g1_ifma_mul_glv(o1, p1, sp, n);
        bn254_g2_ifma_mul_glv(o2, p2, sp, n);
        for (unsigned i = 0; i < n; i++) {
            bn254_g1_jac_t w1;
            bn254_g2_jac_t w2;
            bn254_g1_jac_mul(&w1, &p1[i], k[i], 4);
            bn254_g2_jac_mul(&w2, &p2[i], k[i], 4);
            assert_true(bn254_g1_jac_eq(&o1[i], &w1));
            assert_true(bn254_g2_jac_eq(&o2[i], &w2));
        }
    }
}

/* Many products, all affine (bn254_g*_ifma_mul_glv_aff), against double-and-add: 2100 points
 * (past one G1 batch of 2048 and two G2 batches of 1024), random points and scalars with the
 * edge scalars of edge_scalars spread over two batches and points at infinity (the first, one
 * mid-group, the last), as affine points (unique; (0, 0) for infinity); then a call of 13. */
#define AFF_N 2100
static void expect_mul_aff(const bn254_g1_affine_t *p1, const bn254_g2_affine_t *p2,
                           const bn254_glv_fixed *sf, const uint64_t (*k)[4], size_t n)
{
    bn254_g1_affine_t *o1 = malloc(n * sizeof *o1);
    bn254_g2_affine_t *o2 = malloc(n * sizeof *o2);
    void *w1 = aligned_alloc(64, bn254_g1_ifma_mul_glv_aff_scratch(n));
    void *w2 = aligned_alloc(64, bn254_g2_ifma_mul_glv_aff_scratch(n));
    assert_true(o1 && o2 && w1 && w2);
    bn254_g1_ifma_mul_glv_aff(o1, p1, sf, n, w1);
    bn254_g2_ifma_mul_glv_aff(o2, p2, sf, n, w2);
    for (size_t i = 0; i < n; i++) {
        bn254_g1_jac_t j1;
        bn254_g2_jac_t j2;
        bn254_g1_affine_t a1;
        bn254_g2_affine_t a2;
        bn254_g1_jac_from_affine(&j1, &p1[i]);
        bn254_g2_jac_from_affine(&j2, &p2[i]);
        bn254_g1_jac_mul(&j1, &j1, k[i], 4);
        bn254_g2_jac_mul(&j2, &j2, k[i], 4);
        bn254_g1_jac_to_affine(&a1, &j1);
        bn254_g2_jac_to_affine(&a2, &j2);
        assert_memory_equal(&o1[i], &a1, sizeof a1);
        assert_memory_equal(&o2[i], &a2, sizeof a2);
    }
    free(o1);
    free(o2);
    free(w1);
    free(w2);
}

static void test_mul_glv_aff_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    bn254_g1_affine_t *p1 = malloc(AFF_N * sizeof *p1);
    bn254_g2_affine_t *p2 = malloc(AFF_N * sizeof *p2);
    uint64_t(*k)[4] = malloc(AFF_N * sizeof *k);
    bn254_glv_fixed *sf = malloc(AFF_N * sizeof *sf);
    const bn254_glv_fixed **sp = malloc(AFF_N * sizeof *sp);
    assert_true(p1 && p2 && k && sf && sp);
    for (size_t i = 0; i < AFF_N; i++) {
        rnd_g1(&p1[i]);
        rnd_g2(&p2[i]);
        rnd_scalar(k[i]);
    }
    uint64_t e[L][4];
    edge_scalars(e);
    for (unsigned i = 0; i < L; i++) {
        memcpy(k[2 + 3 * i], e[i], sizeof e[i]);
        memcpy(k[2050 + i], e[i], sizeof e[i]);
    }
    size_t inf[] = { 0, 13, AFF_N - 1 };
    for (size_t i = 0; i < sizeof inf / sizeof inf[0]; i++) {
        memset(&p1[inf[i]], 0, sizeof p1[0]);
        memset(&p2[inf[i]], 0, sizeof p2[0]);
    }
    fixed_from(sf, sp, (const uint64_t(*)[4])k, AFF_N);
    expect_mul_aff(p1, p2, sf, (const uint64_t(*)[4])k, AFF_N);
    expect_mul_aff(p1 + 1, p2 + 1, sf + 1, (const uint64_t(*)[4])(k + 1), 13);
    free(p1);
    free(p2);
    free(k);
    free(sf);
    free(sp);
}

/* (u, v) <- (u + [k] v, u - [k] v) in the lanes against the reference's complete additions,
 * with the cases the lanes leave to the reference in round 2: v at infinity, u at infinity,
 * u = [k] v (the sum doubles) and u = -[k] v (the sum is infinity). */
static void test_butterfly_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    for (int round = 0; round < 8; round++) {
        unsigned n = round == 2 ? L : 1 + (unsigned)(round * 3) % L;
        uint64_t k[L][4];
        bn254_glv_fixed sf[L];
        const bn254_glv_fixed *sp[L];
        bn254_g1_jac_t u1[L], v1[L], a1[L], b1[L], *pa1[L], *pb1[L];
        bn254_g2_jac_t u2[L], v2[L], a2[L], b2[L], *pa2[L], *pb2[L];
        for (unsigned i = 0; i < n; i++) {
            rnd_jac(&u1[i], &u2[i]);
            rnd_jac(&v1[i], &v2[i]);
            rnd_scalar(k[i]);
        }
        if (round % 4 == 1)
            for (unsigned i = 1; i < n; i++)
                memcpy(k[i], k[0], sizeof k[0]);
        if (round == 2) {
            bn254_g1_jac_set_inf(&v1[0]);
            bn254_g2_jac_set_inf(&v2[0]);
            bn254_g1_jac_set_inf(&u1[1]);
            bn254_g2_jac_set_inf(&u2[1]);
            bn254_g1_jac_mul(&u1[3], &v1[3], k[3], 4);
            bn254_g2_jac_mul(&u2[3], &v2[3], k[3], 4);
            bn254_g1_jac_mul(&u1[4], &v1[4], k[4], 4);
            bn254_g2_jac_mul(&u2[4], &v2[4], k[4], 4);
            bn254_g1_jac_neg(&u1[4], &u1[4]);
            bn254_g2_jac_neg(&u2[4], &u2[4]);
        }
        fixed_from(sf, sp, (const uint64_t(*)[4])k, n);
        for (unsigned i = 0; i < n; i++) {
            a1[i] = u1[i], b1[i] = v1[i], a2[i] = u2[i], b2[i] = v2[i];
            pa1[i] = &a1[i], pb1[i] = &b1[i], pa2[i] = &a2[i], pb2[i] = &b2[i];
        }
        bn254_g1_ifma_butterfly(pa1, pb1, sp, n);
        bn254_g2_ifma_butterfly(pa2, pb2, sp, n);
        for (unsigned i = 0; i < n; i++) {
            bn254_g1_jac_t t1, w1;
            bn254_g2_jac_t t2, w2;
            bn254_g1_jac_mul(&t1, &v1[i], k[i], 4);
            bn254_g2_jac_mul(&t2, &v2[i], k[i], 4);
            bn254_g1_jac_add(&w1, &u1[i], &t1);
            bn254_g2_jac_add(&w2, &u2[i], &t2);
            assert_true(bn254_g1_jac_eq(&a1[i], &w1));
            assert_true(bn254_g2_jac_eq(&a2[i], &w2));
            bn254_g1_jac_neg(&t1, &t1);
            bn254_g2_jac_neg(&t2, &t2);
            bn254_g1_jac_add(&w1, &u1[i], &t1);
            bn254_g2_jac_add(&w2, &u2[i], &t2);
            assert_true(bn254_g1_jac_eq(&b1[i], &w1));
            assert_true(bn254_g2_jac_eq(&b2[i], &w2));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fp_matches_ref),
        cmocka_unit_test(test_fp_lazy_chain),
        cmocka_unit_test(test_fp2_matches_ref),
        cmocka_unit_test(test_fp2_lazy_chain),
        cmocka_unit_test(test_reduce_matches_ref),
        cmocka_unit_test(test_products_limb_for_limb),
        cmocka_unit_test(test_g1_ba_run_matches_ref),
        cmocka_unit_test(test_g2_ba_run_matches_ref),
        cmocka_unit_test(test_ba_edge_coordinates),
        cmocka_unit_test(test_ba_fold_matches_ref),
        cmocka_unit_test(test_ba_aff_set_constant),
        cmocka_unit_test(test_g2_in_subgroup),
        cmocka_unit_test(test_mul_glv_matches_ref),
        cmocka_unit_test(test_mul_glv_aff_matches_ref),
        cmocka_unit_test(test_butterfly_matches_ref),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
