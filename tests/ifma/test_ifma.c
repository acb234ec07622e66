/*
 * arith/ifma against the reference arithmetic (arith/bls12_381), lane by lane, bit for bit after
 * conversion back to fp_t: Fp mul/add/sub and conversions, Fp2 mul/sqr, G1 and G2 bucket
 * mixed addition and doubling, on random values and the edge cases (0, 1, p - 1, infinity on
 * either side, P + P, P + (-P), idle lanes, long accumulation chains that test the lazy bounds).
 *
 * Subgroup tests (g1/g2_ifma_in_subgroup): 10^4 points of each subgroup (2^9 on the emulation)
 * against the reference test and [r] P == O, and the crafted points outside the subgroups of
 * tests/arith/vectors/torsion.txt, in every lane position and mixed with members.
 *
 * The Fp and Fp2 products limb for limb against the word-serial Montgomery method written in
 * the test (ifma_check.h), at inputs in [64p, 128p).
 *
 * Built twice from this one source: test_ifma links g16k_ifma and skips (cmocka skip(), exit 77)
 * on CPUs without AVX-512 IFMA; test_ifma_emul links g16k_ifma_emul (IFMA_TEST_EMUL defined),
 * the same code on emulated intrinsics, and runs everywhere.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ifma_check.h"
#include "bls12_381/glv.h"
#include "ifma.h"
#include "vectors.h"

#define L IFMA_LANES

static void rnd_fp(fp_t *out)
{
    fp_t c;
    do {
        for (int i = 0; i < FP_LIMBS; i++)
            c.l[i] = rnd();
        c.l[FP_LIMBS - 1] &= 0x1fffffffffffffffULL; /* 381 bits */
    } while (fp_from_canon(out, &c) != 0);
}

static void rnd_fp2(fp2_t *out)
{
    rnd_fp(&out->c0);
    rnd_fp(&out->c1);
}

/* The edge values of Fp, Montgomery form: 0, 1, p - 1 (= -1), 2, and the raw limb p - 1. */
static void edge_fp(fp_t out[L])
{
    fp_t pm1 = FP_MODULUS;
    pm1.l[0] -= 1;
    memset(&out[0], 0, sizeof out[0]);
    out[1] = FP_ONE;
    fp_neg(&out[2], &FP_ONE);
    fp_set_u64(&out[3], 2);
    out[4] = pm1;                 /* Montgomery limbs p - 1 */
    fp_from_canon(&out[5], &pm1); /* the integer p - 1 */
    rnd_fp(&out[6]);
    fp_neg(&out[7], &out[6]);
}

static void assert_fp_eq(const fp_t *got, const fp_t *want)
{
    assert_memory_equal(got, want, sizeof *want);
}

/* ---- Fp ---- */

static void check_fp_ops(const fp_t a[L], const fp_t b[L])
{
    fp8_r52 ra, rb, rc;
    fp_t got[L], want;
    fp_ifma_to_r52(&ra, a);
    fp_ifma_to_r52(&rb, b);
    fp_ifma_from_r52(got, &ra);
    for (int k = 0; k < L; k++)
        assert_fp_eq(&got[k], &a[k]);
    fp_ifma_mul(&rc, &ra, &rb);
    fp_ifma_from_r52(got, &rc);
    for (int k = 0; k < L; k++) {
        fp_mul(&want, &a[k], &b[k]);
        assert_fp_eq(&got[k], &want);
    }
    fp8_r52 sq;
    fp_ifma_sqr(&sq, &ra); /* the squaring: fp_ifma_mul(a, a)'s limbs, the reference's value */
    fp_ifma_mul(&rc, &ra, &ra);
    assert_memory_equal(&sq, &rc, sizeof sq);
    fp_ifma_from_r52(got, &sq);
    for (int k = 0; k < L; k++) {
        fp_sqr(&want, &a[k]);
        assert_fp_eq(&got[k], &want);
    }
    fp_ifma_add(&rc, &ra, &rb);
    fp_ifma_from_r52(got, &rc);
    for (int k = 0; k < L; k++) {
        fp_add(&want, &a[k], &b[k]);
        assert_fp_eq(&got[k], &want);
    }
    fp_ifma_sub(&rc, &ra, &rb);
    fp_ifma_from_r52(got, &rc);
    for (int k = 0; k < L; k++) {
        fp_sub(&want, &a[k], &b[k]);
        assert_fp_eq(&got[k], &want);
    }
}

static void test_fp_ifma_matches_ref_random(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    fp_t a[L], b[L];
    for (int it = 0; it < 200; it++) {
        for (int k = 0; k < L; k++) {
            rnd_fp(&a[k]);
            rnd_fp(&b[k]);
        }
        check_fp_ops(a, b);
    }
}

static void test_fp_ifma_matches_ref_edges(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    fp_t e[L], a[L], b[L];
    edge_fp(e);
    /* every pair of edge values, one lane each */
    for (int i = 0; i < L; i++) {
        for (int k = 0; k < L; k++) {
            a[k] = e[i];
            b[k] = e[k];
        }
        check_fp_ops(a, b);
    }
}

/* Long chains of lazy add/sub feeding multiplications: the bounds of vfp.h hold. */
static void test_fp_ifma_lazy_chain_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    fp_t x[L], b[L], c[L], got[L];
    fp8_r52 rx, rb, rc, s, d;
    for (int k = 0; k < L; k++) {
        rnd_fp(&x[k]);
        rnd_fp(&b[k]);
        rnd_fp(&c[k]);
    }
    fp_ifma_to_r52(&rx, x);
    fp_ifma_to_r52(&rb, b);
    fp_ifma_to_r52(&rc, c);
    for (int it = 0; it < 300; it++) {
        fp_ifma_add(&s, &rx, &rb); /* < 4p */
        fp_ifma_add(&s, &s, &s);   /* < 8p */
        fp_ifma_sub(&d, &rx, &rc); /* < 66p */
        fp8_r52 s2, m2;
        fp_ifma_sqr(&s2, &d); /* squaring at the largest input of the chain: vfp_mul's limbs */
        fp_ifma_mul(&m2, &d, &d);
        assert_memory_equal(&s2, &m2, sizeof s2);
        fp_ifma_mul(&rx, &s, &d);
        for (int k = 0; k < L; k++) {
            fp_t t, u;
            fp_add(&t, &x[k], &b[k]);
            fp_dbl(&t, &t);
            fp_sub(&u, &x[k], &c[k]);
            fp_mul(&x[k], &t, &u);
        }
    }
    fp_ifma_from_r52(got, &rx);
    for (int k = 0; k < L; k++)
        assert_fp_eq(&got[k], &x[k]);
}

/* ---- Fp2 ---- */

static void check_fp2(const fp2_t a[L], const fp2_t b[L])
{
    fp2x8_r52 ra, rb, rc;
    fp2_t got[L], want;
    fp2_ifma_to_r52(&ra, a);
    fp2_ifma_to_r52(&rb, b);
    fp2_ifma_mul(&rc, &ra, &rb);
    fp2_ifma_from_r52(got, &rc);
    for (int k = 0; k < L; k++) {
        fp2_mul(&want, &a[k], &b[k]);
        assert_memory_equal(&got[k], &want, sizeof want);
    }
    fp2_ifma_sqr(&rc, &ra);
    fp2_ifma_from_r52(got, &rc);
    for (int k = 0; k < L; k++) {
        fp2_sqr(&want, &a[k]);
        assert_memory_equal(&got[k], &want, sizeof want);
    }
}

static void test_fp2_ifma_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    fp2_t a[L], b[L];
    for (int it = 0; it < 100; it++) {
        for (int k = 0; k < L; k++) {
            rnd_fp2(&a[k]);
            rnd_fp2(&b[k]);
        }
        check_fp2(a, b);
    }
    fp_t e[L];
    edge_fp(e);
    for (int i = 0; i < L; i++) {
        for (int k = 0; k < L; k++) {
            a[k].c0 = e[i];
            a[k].c1 = e[k];
            b[k].c0 = e[k];
            b[k].c1 = e[(i + k) % L];
        }
        check_fp2(a, b);
    }
}

/* ---- G2 ---- */

/* A random point of G2 (a multiple of the generator) and a random Jacobian form of it. */
static void rnd_g2(g2_affine_t *out)
{
    g2_jac_t g, r;
    uint64_t k[2] = { rnd(), rnd() };
    g2_jac_from_affine(&g, &G2_GENERATOR);
    g2_jac_mul(&r, &g, k, 2);
    g2_jac_to_affine(out, &r);
}

static void g2_scale(g2_jac_t *out, const g2_affine_t *p)
{
    /* (x z^2, y z^3, z) for a random z */
    fp2_t z, z2, z3;
    g2_jac_from_affine(out, p);
    if (g2_affine_is_inf(p))
        return;
    rnd_fp2(&z);
    fp2_sqr(&z2, &z);
    fp2_mul(&z3, &z2, &z);
    fp2_mul(&out->x, &p->x, &z2);
    fp2_mul(&out->y, &p->y, &z3);
    out->z = z;
}

static void assert_g2_jac_eq(const g2_jac_r52 *b, const g2_jac_t *want)
{
    g2_jac_t got;
    g2_ifma_to_jac(&got, b, 1);
    assert_memory_equal(&got, want, sizeof *want);
}

#define NB 11 /* buckets: 8 lanes plus some never touched */

/* buckets[idx[k]] += +-pts[k] through g2_ifma_bucket_add and through the reference. */
static unsigned g2_add_both(g2_jac_r52 *rb, g2_jac_t *ref, const uint32_t idx[L],
                            const g2_affine_t pts[L], unsigned neg, unsigned n)
{
    const g2_affine_t *pp[L];
    for (unsigned k = 0; k < L; k++)
        pp[k] = &pts[k];
    unsigned slow = g2_ifma_bucket_add(rb, idx, pp, neg, n);
    for (unsigned k = 0; k < n; k++) {
        g2_affine_t q = pts[k];
        if ((neg >> k) & 1)
            g2_affine_neg(&q, &q);
        g2_jac_add_affine(&ref[idx[k]], &ref[idx[k]], &q);
    }
    for (unsigned i = 0; i < NB; i++)
        assert_g2_jac_eq(&rb[i], &ref[i]);
    return slow;
}

static void test_g2_bucket_add_matches_ref_random(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g2_jac_r52 rb[NB];
    g2_jac_t ref[NB];
    g2_affine_t pool[16], pts[L];
    for (int i = 0; i < 16; i++)
        rnd_g2(&pool[i]);
    for (int i = 0; i < NB; i++) {
        g2_affine_t p;
        rnd_g2(&p);
        g2_scale(&ref[i], &p);
    }
    g2_ifma_from_jac(rb, ref, NB);
    for (int i = 0; i < NB; i++)
        assert_g2_jac_eq(&rb[i], &ref[i]);
    /* Accumulate for many rounds in radix 52: the stored bounds stay valid. */
    for (int it = 0; it < 60; it++) {
        uint32_t idx[L];
        uint32_t perm[NB];
        for (uint32_t i = 0; i < NB; i++)
            perm[i] = i;
        for (uint32_t i = NB - 1; i > 0; i--) {
            uint32_t j = (uint32_t)(rnd() % (i + 1)), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (int k = 0; k < L; k++) {
            idx[k] = perm[k];
            pts[k] = pool[rnd() % 16];
        }
        unsigned n = it % 5 == 4 ? (unsigned)(1 + rnd() % L) : L;
        assert_int_equal(g2_add_both(rb, ref, idx, pts, (unsigned)rnd() & 0xff, n), 0);
    }
}

static void test_g2_bucket_add_matches_ref_edges(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g2_jac_r52 rb[NB];
    g2_jac_t ref[NB];
    g2_affine_t p, q, pts[L];
    static const uint32_t idx[L] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    rnd_g2(&p);
    rnd_g2(&q);
    for (int i = 0; i < NB; i++) {
        g2_ifma_set_inf(&rb[i]);
        g2_jac_set_inf(&ref[i]);
    }
    for (int i = 0; i < NB; i++)
        assert_g2_jac_eq(&rb[i], &ref[i]);
    /* lanes 0-1: empty bucket + P (then P with the sign flipped) */
    /* lane 2: bucket P + P (Z = 1 and scaled Z), lane 3: P + (-P), lane 4: P + (-P) by neg bit,
     * lane 5: bucket + infinity, lane 6: infinity + infinity, lane 7: ordinary Q + P */
    g2_jac_t jp, jq;
    g2_scale(&jp, &p);
    g2_scale(&jq, &q);
    ref[2] = jp;
    ref[3] = jp;
    ref[4] = jp;
    ref[5] = jq;
    ref[7] = jq;
    g2_ifma_from_jac(rb, ref, NB);
    g2_affine_t inf;
    memset(&inf, 0, sizeof inf);
    g2_affine_t np;
    g2_affine_neg(&np, &p);
    pts[0] = p;
    pts[1] = p;
    pts[2] = p;
    pts[3] = np;
    pts[4] = p;
    pts[5] = inf;
    pts[6] = inf;
    pts[7] = p;
    unsigned neg = (1u << 1) | (1u << 4) | (1u << 6);
    assert_int_equal(g2_add_both(rb, ref, idx, pts, neg, L), 3);
    /* Again, on the results: lanes 3-4 are now infinity made by the scalar path, lane 2 is 2P;
     * lane 0 (P) + P doubles and lane 1 (-P) + P cancels, both on the scalar path. */
    assert_int_equal(g2_add_both(rb, ref, idx, pts, 0, L), 2);
    /* Bucket == P with Z = 1 (from an empty bucket): lane 0 holds P, add P again. */
    g2_ifma_set_inf(&rb[0]);
    g2_jac_set_inf(&ref[0]);
    assert_int_equal(g2_add_both(rb, ref, idx, pts, 0, 1), 0);
    assert_int_equal(g2_add_both(rb, ref, idx, pts, 0, 1), 1);
}

static void test_g2_bucket_dbl_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g2_jac_r52 rb[NB];
    g2_jac_t ref[NB];
    static const uint32_t idx[L] = { 7, 1, 2, 9, 4, 5, 6, 3 };
    for (int i = 0; i < NB; i++) {
        g2_affine_t p;
        rnd_g2(&p);
        g2_scale(&ref[i], &p);
    }
    g2_jac_set_inf(&ref[9]);
    g2_ifma_from_jac(rb, ref, NB);
    for (int it = 0; it < 20; it++) {
        unsigned n = it == 5 ? 3 : L;
        g2_ifma_bucket_dbl(rb, idx, n);
        for (unsigned k = 0; k < n; k++)
            g2_jac_dbl(&ref[idx[k]], &ref[idx[k]]);
        for (int i = 0; i < NB; i++)
            assert_g2_jac_eq(&rb[i], &ref[i]);
    }
}

/* ---- G1 ---- */

static void rnd_g1(g1_affine_t *out)
{
    g1_jac_t g, r;
    uint64_t k[2] = { rnd(), rnd() };
    g1_jac_from_affine(&g, &G1_GENERATOR);
    g1_jac_mul(&r, &g, k, 2);
    g1_jac_to_affine(out, &r);
}

static void g1_scale(g1_jac_t *out, const g1_affine_t *p)
{
    fp_t z, z2, z3;
    g1_jac_from_affine(out, p);
    if (g1_affine_is_inf(p))
        return;
    rnd_fp(&z);
    fp_sqr(&z2, &z);
    fp_mul(&z3, &z2, &z);
    fp_mul(&out->x, &p->x, &z2);
    fp_mul(&out->y, &p->y, &z3);
    out->z = z;
}

static void assert_g1_jac_eq(const g1_jac_r52 *b, const g1_jac_t *want)
{
    g1_jac_t got;
    g1_ifma_to_jac(&got, b, 1);
    assert_memory_equal(&got, want, sizeof *want);
}

static unsigned g1_add_both(g1_jac_r52 *rb, g1_jac_t *ref, const uint32_t idx[L],
                            const g1_affine_t pts[L], unsigned neg, unsigned n)
{
    const g1_affine_t *pp[L];
    for (unsigned k = 0; k < L; k++)
        pp[k] = &pts[k];
    unsigned slow = g1_ifma_bucket_add(rb, idx, pp, neg, n);
    for (unsigned k = 0; k < n; k++) {
        g1_affine_t q = pts[k];
        if ((neg >> k) & 1)
            g1_affine_neg(&q, &q);
        g1_jac_add_affine(&ref[idx[k]], &ref[idx[k]], &q);
    }
    for (unsigned i = 0; i < NB; i++)
        assert_g1_jac_eq(&rb[i], &ref[i]);
    return slow;
}

static void test_g1_bucket_ops_match_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g1_jac_r52 rb[NB];
    g1_jac_t ref[NB];
    g1_affine_t pool[16], pts[L];
    for (int i = 0; i < 16; i++)
        rnd_g1(&pool[i]);
    for (int i = 0; i < NB; i++)
        g1_scale(&ref[i], &pool[i]);
    g1_ifma_from_jac(rb, ref, NB);
    for (int it = 0; it < 60; it++) {
        uint32_t idx[L];
        for (int k = 0; k < L; k++) {
            idx[k] = (uint32_t)((k + it) % NB);
            pts[k] = pool[rnd() % 16];
        }
        g1_add_both(rb, ref, idx, pts, (unsigned)rnd() & 0xff, it % 7 == 6 ? 5 : L);
    }
    /* edges: empty + P, P + P, P + (-P), P + (-P) by neg bit, bucket + inf, inf + inf */
    static const uint32_t lane[L] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g1_affine_t p = pool[0], np, inf;
    g1_affine_neg(&np, &p);
    memset(&inf, 0, sizeof inf);
    for (int i = 0; i < NB; i++)
        g1_scale(&ref[i], &p);
    g1_jac_set_inf(&ref[0]);
    g1_jac_set_inf(&ref[6]);
    g1_ifma_from_jac(rb, ref, NB);
    pts[0] = p;
    pts[1] = p;
    pts[2] = np;
    pts[3] = p;
    pts[4] = inf;
    pts[5] = pool[1];
    pts[6] = inf;
    pts[7] = p;
    assert_int_equal(g1_add_both(rb, ref, lane, pts, 1u << 3, L), 4);
    /* lane 0 now holds P: P + P; lanes 2-3 are scalar-made infinity */
    assert_int_equal(g1_add_both(rb, ref, lane, pts, 0, L), 1);
    /* doubling, infinity included */
    for (int it = 0; it < 10; it++) {
        g1_ifma_bucket_dbl(rb, lane, L);
        for (int k = 0; k < L; k++)
            g1_jac_dbl(&ref[k], &ref[k]);
        for (int i = 0; i < NB; i++)
            assert_g1_jac_eq(&rb[i], &ref[i]);
    }
}

/* ---- vfp_reduce (fp_ifma_reduce) ---- */

/* The integer of lane k of a (8 limbs of 52 bits) as 7 words. */
static void r52_words(uint64_t w[7], const fp8_r52 *a, int k)
{
    memset(w, 0, 7 * sizeof *w);
    for (int j = 0; j < R52_LIMBS; j++) {
        int bit = 52 * j;
        w[bit / 64] |= a->l[j][k] << (bit % 64);
        if (bit % 64 > 12)
            w[bit / 64 + 1] |= a->l[j][k] >> (64 - bit % 64);
    }
}

/* Lane k of a = the integer m p (m < 2^35, so m p < 2^416), minus 1 when sub1. */
static void set_mult_of_p(fp8_r52 *a, int k, uint64_t m, int sub1)
{
    uint64_t w[7] = { 0 };
    unsigned __int128 c = 0;
    for (int i = 0; i < FP_LIMBS; i++) {
        c += (unsigned __int128)FP_MODULUS.l[i] * m;
        w[i] = (uint64_t)c;
        c >>= 64;
    }
    w[6] = (uint64_t)c;
    if (sub1)
        for (int i = 0; i < 7 && w[i]-- == 0; i++) {
        }
    for (int j = 0; j < R52_LIMBS; j++) {
        int bit = 52 * j, i = bit / 64, sh = bit % 64;
        uint64_t v = w[i] >> sh;
        if (sh > 12)
            v |= w[i + 1] << (64 - sh);
        a->l[j][k] = v & 0xfffffffffffffULL;
    }
}

/* out = a mod p (same value after conversion) and out < 3p, lane by lane. */
static void check_reduce(const fp8_r52 *a)
{
    fp8_r52 r;
    fp_t want[L], got[L];
    uint64_t three_p[7] = { 0 }, w[7];
    unsigned __int128 c = 0;
    for (int i = 0; i < FP_LIMBS; i++) {
        c += (unsigned __int128)FP_MODULUS.l[i] * 3;
        three_p[i] = (uint64_t)c;
        c >>= 64;
    }
    three_p[6] = (uint64_t)c;
    fp_ifma_reduce(&r, a);
    fp_ifma_from_r52(want, a); /* any input below 2^416: a Montgomery product by 2^384 */
    fp_ifma_from_r52(got, &r);
    for (int k = 0; k < L; k++) {
        assert_fp_eq(&got[k], &want[k]);
        r52_words(w, &r, k);
        assert_true(bigint_cmp(w, three_p, 7) < 0);
        for (int j = 0; j < R52_LIMBS; j++)
            assert_true(r.l[j][k] < (1ULL << 52));
    }
}

/* vfp.h's products by columns against the word-serial method, limb for limb (ifma_check.h). */
static void test_products_limb_for_limb(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    m52_field f;
    m52_init(&f, FP_MODULUS.l, FP_LIMBS, 8);
    m52_products_limb_for_limb(&f, fp_ifma_mul, fp_ifma_sqr, fp2_ifma_mul, 300);
}

static void test_fp_ifma_reduce_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    fp8_r52 a;
    /* random limbs: values up to 2^416 */
    for (int it = 0; it < 200; it++) {
        for (int j = 0; j < R52_LIMBS; j++)
            for (int k = 0; k < L; k++)
                a.l[j][k] = rnd() & 0xfffffffffffffULL;
        check_reduce(&a);
    }
    /* edges: 0, 2^416 - 1, 2^416 - 2^364, and m p, m p - 1 around the quotient's range */
    static const uint64_t mults[] = { 1, 2, 3, 4, 127, 128, 1ULL << 20, (1ULL << 35) - 1 };
    for (int k = 0; k < L; k++)
        for (int j = 0; j < R52_LIMBS; j++)
            a.l[j][k] = k == 0 ? 0 : k == 1 ? 0xfffffffffffffULL : (j == 7) * 0xfffffffffffffULL;
    check_reduce(&a);
    for (int sub1 = 0; sub1 < 2; sub1++) {
        for (int k = 0; k < L; k++)
            set_mult_of_p(&a, k, mults[k], sub1);
        check_reduce(&a);
    }
}

/* ---- Batch-affine kernels (ba_ifma.c), G1 and G2 through one table (ifma_check.h) ---- */

/* edge_fp's values at a stride (ba_ops.edges), and x += 1 (ba_ops.fp_inc) */
static void edges_v(uint8_t *out, size_t stride)
{
    fp_t e[L];
    edge_fp(e);
    for (int k = 0; k < L; k++)
        memcpy(out + k * stride, &e[k], sizeof e[k]);
}
static void inc_v(void *x)
{
    fp_add(x, x, &FP_ONE);
}

BA_CHECK_OPS(BA_G1, g1, g1_aff_r52, fp_t, rnd_g1, edges_v, inc_v);
BA_CHECK_OPS(BA_G2, g2, g2_aff_r52, fp_t, rnd_g2, edges_v, inc_v);
BA_CHECK_TESTS(BA_G1, BA_G2)

/* FP_R52_ONE in ba_ifma.c is the Montgomery form of 2^32: aff_set of a point whose coordinates
 * are 1 and 2^32 gives, after aff_get, the same point (a wrong constant would scale it). */
static void test_ba_aff_set_constant(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g1_affine_t p, got;
    g1_aff_r52 b;
    fp_set_u64(&p.x, 1);
    fp_set_u64(&p.y, 1ULL << 32);
    g1_ifma_aff_set(&b, &p, 0);
    g1_ifma_aff_get(&got, &b, 1);
    assert_memory_equal(&got, &p, sizeof p);
    /* and the r52 integer of x = 1 is 2^416 mod p, the VFP_ONE of vfp.h: limb 0 0x6480ea8e9b9af */
    assert_int_equal(b.c[0][0], 0x6480ea8e9b9afULL);
}

/* ---- subgroup tests ---- */

#if defined(IFMA_TEST_EMUL)
#define N_MEMBERS 512 /* emulated intrinsics are ~100x slower */
#else
#define N_MEMBERS 10000
#endif

/* n members P_i = P_0 + i S with random P_0 and S (G1 and G2). */
static g1_affine_t *g1_members(int n)
{
    g1_jac_t acc, step, *jac = malloc((size_t)n * sizeof *jac);
    g1_affine_t p, *out = malloc((size_t)n * sizeof *out);
    assert_non_null(jac);
    assert_non_null(out);
    rnd_g1(&p);
    g1_jac_from_affine(&acc, &p);
    rnd_g1(&p);
    g1_jac_from_affine(&step, &p);
    for (int i = 0; i < n; i++) {
        jac[i] = acc;
        g1_jac_add(&acc, &acc, &step);
    }
    g1_jac_batch_to_affine(out, jac, (size_t)n);
    free(jac);
    return out;
}

static g2_affine_t *g2_members(int n)
{
    g2_jac_t acc, step, *jac = malloc((size_t)n * sizeof *jac);
    g2_affine_t p, *out = malloc((size_t)n * sizeof *out);
    assert_non_null(jac);
    assert_non_null(out);
    rnd_g2(&p);
    g2_jac_from_affine(&acc, &p);
    rnd_g2(&p);
    g2_jac_from_affine(&step, &p);
    for (int i = 0; i < n; i++) {
        jac[i] = acc;
        g2_jac_add(&acc, &acc, &step);
    }
    g2_jac_batch_to_affine(out, jac, (size_t)n);
    free(jac);
    return out;
}

static void test_g1_in_subgroup_members(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g1_affine_t *pts = g1_members(N_MEMBERS);
    for (int i = 0; i < N_MEMBERS; i += L) {
        unsigned n = N_MEMBERS - i < L ? (unsigned)(N_MEMBERS - i) : L;
        assert_int_equal(g1_ifma_in_subgroup(pts + i, n), (1u << n) - 1);
        for (unsigned k = 0; k < n; k++) {
            g1_jac_t j;
            g1_jac_from_affine(&j, &pts[i + k]);
            g1_jac_mul(&j, &j, FR_MODULUS.l, 4);
            assert_true(g1_jac_is_inf(&j));
            assert_true(g1_affine_in_subgroup(&pts[i + k]));
        }
    }
    /* fewer lanes than 8 */
    for (unsigned n = 1; n < L; n++)
        assert_int_equal(g1_ifma_in_subgroup(pts, n), (1u << n) - 1);
    free(pts);
}

static void test_g2_in_subgroup_members(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g2_affine_t *pts = g2_members(N_MEMBERS);
    for (int i = 0; i < N_MEMBERS; i += L) {
        unsigned n = N_MEMBERS - i < L ? (unsigned)(N_MEMBERS - i) : L;
        assert_int_equal(g2_ifma_in_subgroup(pts + i, n), (1u << n) - 1);
        for (unsigned k = 0; k < n; k++) {
            g2_jac_t j;
            g2_jac_from_affine(&j, &pts[i + k]);
            g2_jac_mul(&j, &j, FR_MODULUS.l, 4);
            assert_true(g2_jac_is_inf(&j));
            assert_true(g2_affine_in_subgroup(&pts[i + k]));
        }
    }
    for (unsigned n = 1; n < L; n++)
        assert_int_equal(g2_ifma_in_subgroup(pts, n), (1u << n) - 1);
    free(pts);
}

typedef struct {
    g1_affine_t g1[48];
    g2_affine_t g2[48];
    int n1, n2;
} crafted;

static void crafted_case(char **tok, int ntok, void *ctx)
{
    crafted *c = ctx;
    if (strncmp(tok[0], "g1_", 3) == 0) {
        assert_int_equal(ntok, 4);
        assert_true(c->n1 < 48);
        vec_g1(&c->g1[c->n1++], tok + 2);
    } else {
        assert_int_equal(ntok, 6);
        assert_true(c->n2 < 48);
        vec_g2(&c->g2[c->n2++], tok + 2);
    }
}

/* The random curve points outside the subgroup of vectors/g1.txt and g2.txt ("sub P 0"). */
static void raw_g1_case(char **tok, int ntok, void *ctx)
{
    crafted *c = ctx;
    if (strcmp(tok[0], "sub") == 0 && ntok == 4 && tok[3][0] == '0') {
        assert_true(c->n1 < 48);
        vec_g1(&c->g1[c->n1++], tok + 1);
    }
}

static void raw_g2_case(char **tok, int ntok, void *ctx)
{
    crafted *c = ctx;
    if (strcmp(tok[0], "sub") == 0 && ntok == 6 && tok[5][0] == '0') {
        assert_true(c->n2 < 48);
        vec_g2(&c->g2[c->n2++], tok + 1);
    }
}

/* Every crafted point (torsion T of small prime order l, P + T) and every random curve point
 * outside the subgroup, in every lane, next to members: exactly the members' bits are set, and
 * the reference test rejects the rest. */
static void test_in_subgroup_crafted(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    crafted c = { .n1 = 0, .n2 = 0 };
    vec_for_each("torsion.txt", crafted_case, &c);
    assert_int_equal(c.n1, 20);
    assert_int_equal(c.n2, 20);
    vec_for_each("g1.txt", raw_g1_case, &c);
    vec_for_each("g2.txt", raw_g2_case, &c);
    assert_true(c.n1 >= 24 && c.n2 >= 24);
    g1_affine_t *m1 = g1_members(L);
    g2_affine_t *m2 = g2_members(L);
    for (int i = 0; i < c.n1; i++) {
        assert_false(g1_affine_in_subgroup(&c.g1[i]));
        for (unsigned k = 0; k < L; k++) {
            g1_affine_t lanes[L];
            memcpy(lanes, m1, sizeof lanes);
            lanes[k] = c.g1[i];
            assert_int_equal(g1_ifma_in_subgroup(lanes, L), 0xffu & ~(1u << k));
            assert_int_equal(g1_ifma_in_subgroup(lanes, k + 1), (1u << k) - 1);
        }
    }
    for (int i = 0; i < c.n2; i++) {
        assert_false(g2_affine_in_subgroup(&c.g2[i]));
        for (unsigned k = 0; k < L; k++) {
            g2_affine_t lanes[L];
            memcpy(lanes, m2, sizeof lanes);
            lanes[k] = c.g2[i];
            assert_int_equal(g2_ifma_in_subgroup(lanes, L), 0xffu & ~(1u << k));
            assert_int_equal(g2_ifma_in_subgroup(lanes, k + 1), (1u << k) - 1);
        }
    }
    /* all eight lanes outside the subgroup at once */
    assert_int_equal(g1_ifma_in_subgroup(c.g1, L), 0);
    assert_int_equal(g2_ifma_in_subgroup(c.g2 + 8, L), 0);
    free(m1);
    free(m2);
}

static void test_ifma_available_honours_g16k_simd(void **state)
{
    (void)state;
    setenv("G16K_SIMD", "portable", 1);
    assert_int_equal(ifma_available(), 0);
    unsetenv("G16K_SIMD");
}

/* ---- eight GLV scalar multiplications (glv_ifma_impl.h) against double-and-add ---- */

/* A scalar below r from 4 random limbs (top bits cleared: < 2^254 < r), canonical. */
static void rnd_scalar(uint64_t k[4])
{
    for (int i = 0; i < 4; i++)
        k[i] = rnd();
    k[3] &= 0x3fffffffffffffffULL;
}

/* n random points of G1 and G2 in Jacobian form with Z != 1. */
static void mul_points(g1_jac_t *p1, g2_jac_t *p2, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        g1_affine_t a1;
        g2_affine_t a2;
        rnd_g1(&a1);
        rnd_g2(&a2);
        g1_scale(&p1[i], &a1);
        g2_scale(&p2[i], &a2);
    }
}

/* The lanes' products of p1, p2 by sp, against double-and-add by the canonical k[i] (or by
 * k[0] in every lane when one_k). */
static void expect_mul(const g1_jac_t *p1, const g2_jac_t *p2, const glv_fixed *const *sp,
                       const uint64_t (*k)[4], int one_k, unsigned n)
{
    g1_jac_t o1[L];
    g2_jac_t o2[L];
    g1_ifma_mul_glv(o1, p1, sp, n);
    g2_ifma_mul_glv(o2, p2, sp, n);
    for (unsigned i = 0; i < n; i++) {
        g1_jac_t w1;
        g2_jac_t w2;
        g1_jac_mul(&w1, &p1[i], k[one_k ? 0 : i], 4);
        g2_jac_mul(&w2, &p2[i], k[one_k ? 0 : i], 4);
        assert_true(g1_jac_eq(&o1[i], &w1));
        assert_true(g2_jac_eq(&o2[i], &w2));
    }
}

/* sf[i] = glv_fixed_set of the canonical k[i], sp[i] = &sf[i], i < n. */
static void recode(glv_fixed *sf, const glv_fixed **sp, const uint64_t (*k)[4], unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        fr_t c, m;
        memcpy(c.l, k[i], sizeof c.l);
        assert_int_equal(fr_from_canon(&m, &c), 0);
        glv_fixed_set(&sf[i], &m);
        sp[i] = &sf[i];
    }
}

/* The crafted halves x^2 and 1 (k = 2 x^2): the lanes' accumulator holds [x^2] P when the last
 * part adds [x^2] P again (H = 0, a doubling), see test_mul_glv_exact_case. */
static void halves_x2_1(glv_fixed *sf, uint64_t k[4])
{
    unsigned __int128 x2 = (unsigned __int128)BLS_X_ABS * BLS_X_ABS, v = 2 * x2;
    glv_windows4(sf->d[0], x2, GLV_WINDOWS);
    glv_windows4(sf->d[1], 1, GLV_WINDOWS);
    k[0] = (uint64_t)v; /* 2 x^2 < 2^129: limbs 0..2 */
    k[1] = (uint64_t)(v >> 64);
    k[2] = (uint64_t)(x2 >> 127);
    k[3] = 0;
}

/* k[0..3] = 0, 1, r - 1 and x^2 (the GLV split's boundary): the products' edge scalars. */
static void edge_scalars(uint64_t (*k)[4])
{
    memset(k[0], 0, sizeof k[0]);
    memset(k[1], 0, sizeof k[1]);
    k[1][0] = 1;
    memcpy(k[2], FR_MODULUS.l, sizeof k[2]);
    k[2][0] -= 1;
    unsigned __int128 x2 = (unsigned __int128)BLS_X_ABS * BLS_X_ABS;
    memset(k[3], 0, sizeof k[3]);
    k[3][0] = (uint64_t)x2;
    k[3][1] = (uint64_t)(x2 >> 64);
}
/* The halves of r itself (1 and r div x^2, whose last signed digit is -1): the last addition
 * cancels; k = r = 0 as a scalar (see test_mul_glv_exact_case). */
static void halves_of_r(glv_fixed *sf, uint64_t k[4])
{
    uint64_t h0[2], h1[2];
    glv_split(h0, h1, FR_MODULUS.l);
    glv_windows4(sf->d[0], (unsigned __int128)h0[1] << 64 | h0[0], GLV_WINDOWS);
    glv_windows4(sf->d[1], (unsigned __int128)h1[1] << 64 | h1[0], GLV_WINDOWS);
    assert_int_equal(sf->d[1][0], -1);
    memset(k, 0, 4 * sizeof k[0]);
}

static void test_mul_glv_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    for (int round = 0; round < 12; round++) {
        unsigned n = 1 + (unsigned)round % L;
        uint64_t k[L][4];
        glv_fixed sf[L];
        const glv_fixed *sp[L];
        g1_jac_t p1[L];
        g2_jac_t p2[L];
        mul_points(p1, p2, n);
        for (unsigned i = 0; i < n; i++)
            rnd_scalar(k[i]);
        /* edges: infinity, two equal points, scalars 0, 1, r - 1, x^2 (the split's boundary) */
        if (round == 3) {
            g1_jac_set_inf(&p1[0]);
            g2_jac_set_inf(&p2[0]);
            p1[1] = p1[2];
            p2[1] = p2[2];
            edge_scalars(k);
        }
        if (round % 3 == 1) /* one scalar in every lane: the kernel's NAF path */
            for (unsigned i = 1; i < n; i++)
                memcpy(k[i], k[0], sizeof k[0]);
        recode(sf, sp, (const uint64_t(*)[4])k, n);
        expect_mul(p1, p2, sp, (const uint64_t(*)[4])k, 0, n);
    }
}

/* The lanes' rare exact case, crafted. Lane 2: halves x^2 and 1, so that at the last digit the
 * accumulator holds [x^2] P and the last part adds [x^2] P again (H = 0, a doubling): k = 2 x^2.
 * Lane 5: the halves of r itself (1 and r div x^2, whose last signed digit is -1), so that the
 * last addition cancels (k = r: infinity). Those lanes go to the reference; the other lanes are
 * random (per-lane windows); then lane 2's scalar in every lane (the shared scalar's NAF). The
 * same holds in G2's four parts (|x| divides x^2; r's last part ends in digit -1 too). Without
 * the fallback both parts fail (checked by breaking it). */
static void test_mul_glv_exact_case(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    uint64_t k[L][4];
    glv_fixed sf[L];
    const glv_fixed *sp[L];
    g1_jac_t p1[L], o1[L];
    g2_jac_t p2[L], o2[L];
    mul_points(p1, p2, L);
    for (unsigned i = 0; i < L; i++) {
        rnd_scalar(k[i]);
        fr_t c, m;
        memcpy(c.l, k[i], sizeof c.l);
        assert_int_equal(fr_from_canon(&m, &c), 0);
        glv_fixed_set(&sf[i], &m);
        if (i == 2)
            halves_x2_1(&sf[i], k[i]);
        if (i == 5)
            halves_of_r(&sf[i], k[i]);
        sp[i] = &sf[i];
    }
    expect_mul(p1, p2, sp, (const uint64_t(*)[4])k, 0, L);
    g1_ifma_mul_glv(o1, p1, sp, L);
    g2_ifma_mul_glv(o2, p2, sp, L);
    assert_true(g1_jac_is_inf(&o1[5]));
    assert_true(g2_jac_is_inf(&o2[5]));
    /* Lane 2's scalar in every lane: the NAF path (x^2 has no digit below 2^32) meets the same
     * doubling at its last digit in all lanes. */
    for (unsigned i = 0; i < L; i++)
        sp[i] = &sf[2];
    expect_mul(p1, p2, sp, (const uint64_t(*)[4]) & k[2], 1, L);
}

/* ---- many products, all affine (g*_ifma_mul_glv_aff) against double-and-add ---- */

/* Points past one G1 batch (2048) and two G2 batches (1024), so that batches end mid-call. */
#define AFF_N 2100

/* [k[i]] p[i] for i < n by the lanes' affine batches, each against the reference's
 * double-and-add on the canonical k[i], as affine points (unique; (0, 0) for infinity). */
static void expect_mul_aff(const g1_affine_t *p1, const g2_affine_t *p2, const glv_fixed *sf,
                           const uint64_t (*k)[4], size_t n)
{
    g1_affine_t *o1 = malloc(n * sizeof *o1);
    g2_affine_t *o2 = malloc(n * sizeof *o2);
    size_t sz1 = g1_ifma_mul_glv_aff_scratch(n), sz2 = g2_ifma_mul_glv_aff_scratch(n);
    void *w1 = aligned_alloc(64, sz1), *w2 = aligned_alloc(64, sz2);
    assert_true(o1 && o2 && w1 && w2);
    assert_int_equal(sz1 % 64, 0);
    assert_int_equal(sz2 % 64, 0);
    g1_ifma_mul_glv_aff(o1, p1, sf, n, w1);
    g2_ifma_mul_glv_aff(o2, p2, sf, n, w2);
    for (size_t i = 0; i < n; i++) {
        g1_jac_t j1;
        g2_jac_t j2;
        g1_affine_t a1;
        g2_affine_t a2;
        g1_jac_from_affine(&j1, &p1[i]);
        g2_jac_from_affine(&j2, &p2[i]);
        g1_jac_mul(&j1, &j1, k[i], 4);
        g2_jac_mul(&j2, &j2, k[i], 4);
        g1_jac_to_affine(&a1, &j1);
        g2_jac_to_affine(&a2, &j2);
        assert_memory_equal(&o1[i], &a1, sizeof a1);
        assert_memory_equal(&o2[i], &a2, sizeof a2);
    }
    free(o1);
    free(o2);
    free(w1);
    free(w2);
}

/* o[i] equals the reference's GLV product [k[i]] q[i] (g1_jac_mul_glv), i < n, as affine
 * points: for points off the group, where that product is not [k] q. */
static void expect_glv_ref_g1(const g1_affine_t *o, const g1_affine_t *q, const uint64_t (*k)[4],
                              int n)
{
    for (int i = 0; i < n; i++) {
        fr_t c, m;
        glv_scalar gs;
        g1_jac_t j;
        g1_affine_t a;
        memcpy(c.l, k[i], sizeof c.l);
        assert_int_equal(fr_from_canon(&m, &c), 0);
        glv_scalar_set(&gs, &m);
        g1_jac_from_affine(&j, &q[i]);
        g1_jac_mul_glv(&j, &j, &gs);
        g1_jac_to_affine(&a, &j);
        assert_memory_equal(&o[i], &a, sizeof a);
    }
}

/* Points of the group plus T, of order 10177 or 10177^2 (10177 is a prime of the cofactor h:
 * no addition of the lanes meets a zero denominator, unlike with the order-3 point),
 * multiplied by the lanes' affine batches and by the reference's GLV product (which is not
 * [k] P off the group): the same points. The halves' odd digits must stay an exact rewrite of
 * the halves for any point (made odd by GLV lattice vectors, they differed here: checked).
 * T = [r (h / 10177^2)] R for a point R of the curve (the first x = 1, 2, ... where T is not
 * infinity), h the cofactor; sf and k: AFF_N scalars. */
static void expect_off_group_g1(const glv_fixed *sf, const uint64_t (*k)[4])
{
    enum { N = 64 };
    static const uint64_t h_10177_2[2] = { 0x630149c028dca02bULL, 0x94d4c6a74ULL };
    static const uint64_t ell2[1] = { 10177ULL * 10177 };
    g1_affine_t r, q[N], o[N];
    fp_t x, rhs, four;
    g1_jac_t t, j;
    memset(&r, 0, sizeof r);
    fp_add(&four, &FP_ONE, &FP_ONE);
    fp_add(&four, &four, &four);
    int tries = 0;
    for (x = FP_ONE;; fp_add(&x, &x, &FP_ONE)) { /* the first x giving such a T */
        assert_true(++tries < 1000);
        fp_sqr(&rhs, &x);
        fp_mul(&rhs, &rhs, &x);
        fp_add(&rhs, &rhs, &four);
        if (!fp_sqrt(&r.y, &rhs))
            continue;
        r.x = x;
        assert_true(g1_affine_is_on_curve(&r));
        g1_jac_from_affine(&t, &r);
        g1_jac_mul(&t, &t, FR_MODULUS.l, 4);
        g1_jac_mul(&t, &t, h_10177_2, 2);
        if (!g1_jac_is_inf(&t))
            break;
    }
    g1_jac_mul(&j, &t, ell2, 1);
    assert_true(g1_jac_is_inf(&j));
    for (int i = 0; i < N; i++) {
        g1_affine_t g;
        rnd_g1(&g);
        g1_jac_from_affine(&j, &g);
        g1_jac_add(&j, &j, &t);
        g1_jac_to_affine(&q[i], &j);
    }
    void *w = aligned_alloc(64, g1_ifma_mul_glv_aff_scratch(N));
    assert_non_null(w);
    g1_ifma_mul_glv_aff(o, q, sf + 20, N, w);
    expect_glv_ref_g1(o, q, k + 20, N);
    free(w);
}

/* The edges of the affine products' tests among AFF_N random inputs: points at infinity (the
 * first and the last), scalars 0 (in two batches), 1, r - 1 and x^2, the same point twice (11
 * and 12); p2 may be NULL. */
static void aff_edges(g1_affine_t *p1, g2_affine_t *p2, uint64_t (*k)[4])
{
    memset(&p1[0], 0, sizeof p1[0]);
    memset(&p1[AFF_N - 1], 0, sizeof p1[0]);
    p1[11] = p1[12];
    if (p2) {
        memset(&p2[0], 0, sizeof p2[0]);
        memset(&p2[AFF_N - 1], 0, sizeof p2[0]);
        p2[11] = p2[12];
    }
    edge_scalars(k + 3);
    memset(k[2060], 0, sizeof k[2060]);
}

/* Random points and scalars, with the edges spread over the groups: points at infinity (the
 * first and the last), scalars 0 (in two batches), 1, r - 1 and x^2 (the split's boundary), the
 * same point twice, and the crafted exact cases of test_mul_glv_exact_case in one group: halves
 * x^2 and 1 (the last addition meets acc = entry: a zero denominator, which must not enter the
 * batch's running product) and r's halves (the last addition cancels). Then a call of 13 points
 * (one group and a part). Without the zero check the exact lanes fail, and a zero in the
 * running product spoils every lane of the batch (checked by breaking it). */
static void test_mul_glv_aff_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g1_affine_t *p1 = malloc(AFF_N * sizeof *p1);
    g2_affine_t *p2 = malloc(AFF_N * sizeof *p2);
    uint64_t(*k)[4] = malloc(AFF_N * sizeof *k);
    glv_fixed *sf = malloc(AFF_N * sizeof *sf);
    assert_true(p1 && p2 && k && sf);
    for (size_t i = 0; i < AFF_N; i++) {
        rnd_g1(&p1[i]);
        rnd_g2(&p2[i]);
        rnd_scalar(k[i]);
    }
    aff_edges(p1, p2, k);
    const glv_fixed *sp[AFF_N];
    recode(sf, sp, (const uint64_t(*)[4])k, AFF_N);
    halves_x2_1(&sf[9], k[9]);
    halves_of_r(&sf[10], k[10]);
    expect_mul_aff(p1, p2, sf, (const uint64_t(*)[4])k, AFF_N);
    expect_mul_aff(p1 + 3, p2 + 3, sf + 3, (const uint64_t(*)[4])(k + 3), 13);
    /* On the curve but off the subgroup (contribute checks the curve only): (0, 2), of order 3.
     * Its table meets H = 0 at 3P, so the lane takes the reference, whose GLV product is the
     * Jacobian lanes' too (a review found it came out as infinity: the lane was also marked
     * "accumulator at infinity" after the tables). */
    g1_affine_t q[3], o[3];
    q[0] = p1[1];
    memset(&q[1], 0, sizeof q[1]);
    fp_add(&q[1].y, &FP_ONE, &FP_ONE);
    assert_true(g1_affine_is_on_curve(&q[1]));
    q[2] = p1[2];
    void *w = aligned_alloc(64, g1_ifma_mul_glv_aff_scratch(3));
    assert_non_null(w);
    g1_ifma_mul_glv_aff(o, q, sf + 1, 3, w);
    expect_glv_ref_g1(o, q, (const uint64_t(*)[4])(k + 1), 3);
    assert_false(g1_affine_is_inf(&o[1])); /* with these scalars: so infinity would fail */
    free(w);
    expect_off_group_g1(sf, (const uint64_t(*)[4])k);
    free(p1);
    free(p2);
    free(k);
    free(sf);
}

/* ---- the products with the subgroup tests in one pass (g1_ifma_mul_glv_aff_tested) ---- */

/* g1_ifma_mul_glv_aff_tested on p[0..n-1]: returns its verdict, o[i] its products. */
static size_t mul_tested(g1_affine_t *o, const g1_affine_t *p, const glv_fixed *sf, size_t n)
{
    size_t sz = g1_ifma_mul_glv_aff_tested_scratch(n);
    assert_int_equal(sz % 64, 0);
    void *w = aligned_alloc(64, sz);
    assert_non_null(w);
    size_t bad = g1_ifma_mul_glv_aff_tested(o, p, sf, n, w);
    free(w);
    return bad;
}

/* The products of random members and scalars with test_mul_glv_aff_matches_ref's edges (points
 * at infinity, scalars 0, 1, 3, 7, r - 1, x^2, halves x^2 and 1, r's halves, a point twice), past one
 * batch, against double-and-add on the canonical scalars; every point found in G1. Then
 * crafted points outside G1 (torsion of each small prime of the cofactor, P + T, random curve
 * points off the group, (0, 2) of order 3) in every lane of a group of members, alone and two
 * at once, and each against the reference test: the verdict is the lowest such index, and the
 * members' products stay right. Before this function the two calls (in_subgroup, mul_glv_aff)
 * did this work; their results are the reference here. */
static void test_mul_glv_aff_tested(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    g1_affine_t *p = malloc(AFF_N * sizeof *p), *o = malloc(AFF_N * sizeof *o);
    uint64_t(*k)[4] = malloc(AFF_N * sizeof *k);
    glv_fixed *sf = malloc(AFF_N * sizeof *sf);
    assert_true(p && o && k && sf);
    for (size_t i = 0; i < AFF_N; i++) {
        rnd_g1(&p[i]);
        rnd_scalar(k[i]);
    }
    aff_edges(p, NULL, k);
    /* 3 and 7: one bucket holds P, and the combination doubles it (W + U, both P): a zero
     * denominator, a point of G1 whose product takes the reference (a review found it untested) */
    memset(k[7], 0, sizeof k[7]);
    k[7][0] = 3;
    memset(k[8], 0, sizeof k[8]);
    k[8][0] = 7;
    const glv_fixed *sp[AFF_N];
    recode(sf, sp, (const uint64_t(*)[4])k, AFF_N);
    halves_x2_1(&sf[9], k[9]);
    halves_of_r(&sf[10], k[10]);
    assert_int_equal(mul_tested(o, p, sf, AFF_N), AFF_N);
    for (size_t i = 0; i < AFF_N; i++) {
        g1_jac_t j;
        g1_affine_t a;
        g1_jac_from_affine(&j, &p[i]);
        g1_jac_mul(&j, &j, k[i], 4);
        g1_jac_to_affine(&a, &j);
        assert_memory_equal(&o[i], &a, sizeof a);
    }
    assert_int_equal(mul_tested(o, p + 3, sf + 3, 13), 13);

    crafted c = { .n1 = 0, .n2 = 0 };
    vec_for_each("torsion.txt", crafted_case, &c);
    vec_for_each("g1.txt", raw_g1_case, &c);
    assert_true(c.n1 >= 24);
    g1_affine_t off[49];
    int n_off = c.n1 + 1;
    memcpy(off, c.g1, (size_t)c.n1 * sizeof off[0]);
    memset(&off[c.n1], 0, sizeof off[0]);
    fp_add(&off[c.n1].y, &FP_ONE, &FP_ONE); /* (0, 2), of order 3 */
    assert_true(g1_affine_is_on_curve(&off[c.n1]));
    enum { N = 3 * L };
    g1_affine_t q[N], oq[N];
    for (int i = 0; i < n_off; i++) {
        assert_false(g1_affine_in_subgroup(&off[i]));
        for (unsigned at = 0; at < N; at += 5) {
            memcpy(q, p + 20, sizeof q);
            q[at] = off[i];
            if (at + 7 < N)
                q[at + 7] = off[(i + 1) % n_off];
            assert_int_equal(mul_tested(oq, q, sf + 20, N), at);
            for (unsigned m = 0; m < N; m++) /* the members' products: as above */
                if (m != at && m != at + 7)
                    assert_memory_equal(&oq[m], &o[20 + m], sizeof oq[m]);
        }
    }
    free(p);
    free(o);
    free(k);
    free(sf);
}

/* ---- the group FFT's butterflies (g*_ifma_butterfly) against the reference's ---- */

/* (u, v) <- (u + t, u - t), t = [k] v, by the lanes and by double-and-add with complete
 * additions, compared as points; k[i] canonical (k[0] in every lane when one_k). */
static void expect_butterfly(const g1_jac_t *u1, const g1_jac_t *v1, const g2_jac_t *u2,
                             const g2_jac_t *v2, const glv_fixed *const *sp, const uint64_t (*k)[4],
                             int one_k, unsigned n)
{
    g1_jac_t a1[L], b1[L], *pa1[L], *pb1[L];
    g2_jac_t a2[L], b2[L], *pa2[L], *pb2[L];
    for (unsigned i = 0; i < n; i++) {
        a1[i] = u1[i], b1[i] = v1[i], a2[i] = u2[i], b2[i] = v2[i];
        pa1[i] = &a1[n - 1 - i], pb1[i] = &b1[n - 1 - i]; /* any order of the points */
        pa2[i] = &a2[n - 1 - i], pb2[i] = &b2[n - 1 - i];
    }
    const glv_fixed *rs[L];
    for (unsigned i = 0; i < n; i++)
        rs[i] = sp[n - 1 - i];
    g1_ifma_butterfly(pa1, pb1, rs, n);
    g2_ifma_butterfly(pa2, pb2, rs, n);
    for (unsigned i = 0; i < n; i++) {
        const uint64_t *ki = k[one_k ? 0 : i];
        g1_jac_t t1, w1;
        g2_jac_t t2, w2;
        g1_jac_mul(&t1, &v1[i], ki, 4);
        g2_jac_mul(&t2, &v2[i], ki, 4);
        g1_jac_add(&w1, &u1[i], &t1);
        g2_jac_add(&w2, &u2[i], &t2);
        assert_true(g1_jac_eq(&a1[i], &w1));
        assert_true(g2_jac_eq(&a2[i], &w2));
        g1_jac_neg(&t1, &t1);
        g2_jac_neg(&t2, &t2);
        g1_jac_add(&w1, &u1[i], &t1);
        g2_jac_add(&w2, &u2[i], &t2);
        assert_true(g1_jac_eq(&b1[i], &w1));
        assert_true(g2_jac_eq(&b2[i], &w2));
    }
}

/* Random butterflies of 1..8 lanes, per-lane and shared scalars; in round 2 the cases the lanes
 * leave to the reference: v at infinity (no product), u at infinity, u = t (the sum doubles,
 * H = 0), u = -t (the sum is infinity, the difference doubles) and a product that takes mul_ref
 * (halves x^2 and 1, as in test_mul_glv_exact_case). */
static void test_butterfly_matches_ref(void **state)
{
    (void)state;
    REQUIRE_IFMA();
    for (int round = 0; round < 10; round++) {
        unsigned n = round == 2 ? L : 1 + (unsigned)(round * 3) % L;
        uint64_t k[L][4];
        glv_fixed sf[L];
        const glv_fixed *sp[L];
        g1_jac_t u1[L], v1[L];
        g2_jac_t u2[L], v2[L];
        mul_points(u1, u2, n);
        mul_points(v1, v2, n);
        for (unsigned i = 0; i < n; i++)
            rnd_scalar(k[i]);
        if (round % 4 == 1)
            for (unsigned i = 1; i < n; i++)
                memcpy(k[i], k[0], sizeof k[0]);
        recode(sf, sp, (const uint64_t(*)[4])k, n);
        if (round == 2) {
            g1_jac_set_inf(&v1[0]);
            g2_jac_set_inf(&v2[0]);
            g1_jac_set_inf(&u1[1]);
            g2_jac_set_inf(&u2[1]);
            g1_jac_mul(&u1[3], &v1[3], k[3], 4);
            g2_jac_mul(&u2[3], &v2[3], k[3], 4);
            g1_jac_mul(&u1[4], &v1[4], k[4], 4);
            g2_jac_mul(&u2[4], &v2[4], k[4], 4);
            g1_jac_neg(&u1[4], &u1[4]);
            g2_jac_neg(&u2[4], &u2[4]);
            halves_x2_1(&sf[6], k[6]);
        }
        expect_butterfly(u1, v1, u2, v2, sp, (const uint64_t(*)[4])k, 0, n);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fp_ifma_matches_ref_random),
        cmocka_unit_test(test_fp_ifma_matches_ref_edges),
        cmocka_unit_test(test_fp_ifma_lazy_chain_matches_ref),
        cmocka_unit_test(test_fp2_ifma_matches_ref),
        cmocka_unit_test(test_g2_bucket_add_matches_ref_random),
        cmocka_unit_test(test_g2_bucket_add_matches_ref_edges),
        cmocka_unit_test(test_g2_bucket_dbl_matches_ref),
        cmocka_unit_test(test_g1_bucket_ops_match_ref),
        cmocka_unit_test(test_fp_ifma_reduce_matches_ref),
        cmocka_unit_test(test_products_limb_for_limb),
        cmocka_unit_test(test_g1_ba_run_matches_ref),
        cmocka_unit_test(test_g2_ba_run_matches_ref),
        cmocka_unit_test(test_ba_edge_coordinates),
        cmocka_unit_test(test_ba_fold_matches_ref),
        cmocka_unit_test(test_ba_aff_set_constant),
        cmocka_unit_test(test_g1_in_subgroup_members),
        cmocka_unit_test(test_g2_in_subgroup_members),
        cmocka_unit_test(test_in_subgroup_crafted),
        cmocka_unit_test(test_ifma_available_honours_g16k_simd),
        cmocka_unit_test(test_mul_glv_matches_ref),
        cmocka_unit_test(test_mul_glv_exact_case),
        cmocka_unit_test(test_mul_glv_aff_matches_ref),
        cmocka_unit_test(test_mul_glv_aff_tested),
        cmocka_unit_test(test_butterfly_matches_ref),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
