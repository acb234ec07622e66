/*
 * What the tests of arith/ifma share (test_ifma.c: BLS12-381, test_ifma_bn254.c: BN254;
 * included after cmocka.h): a reproducible generator, the skip where the CPU lacks IFMA, and
 * the batch-affine kernels (g1_/g2_ifma_ba_run and BN254's) against the reference arithmetic
 * through one table of a group's operations (ba_ops), so that both curves' kernels face the
 * same checks: random batches with doublings and cancellations, and edge coordinates.
 */
#ifndef G16K_TEST_IFMA_CHECK_H
#define G16K_TEST_IFMA_CHECK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ifma.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

/* splitmix64: reproducible, no dependence on libc rand */
static uint64_t rnd(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The build on the emulated intrinsics (IFMA_TEST_EMUL) runs everywhere; the real one skips
 * (cmocka's skip, shown by CTest) where the CPU or OS lacks IFMA. */
static int skip_without_ifma(void)
{
#if defined(IFMA_TEST_EMUL)
    return 0;
#else
    return !ifma_available();
#endif
}

#define REQUIRE_IFMA()                                                                             \
    do {                                                                                           \
        if (skip_without_ifma()) {                                                                 \
            print_message("no AVX-512 IFMA on this CPU (or G16K_SIMD=portable): skipped\n");       \
            skip();                                                                                \
        }                                                                                          \
    } while (0)

#define BA_MAX_FP 48               /* bytes of the larger Fp (BLS12-381) */
#define BA_MAX_AFF (4 * BA_MAX_FP) /* bytes of the larger affine point (BLS12-381 G2) */

typedef struct {
    size_t aff, r52, fp; /* sizeof the affine point, its r52 bucket, one Fp element */
    void (*rnd)(void *p);
    void (*neg)(void *out, const void *p);
    int (*add)(void *acc, const void *p); /* reference acc += p; 1 if infinity */
    void (*set)(void *b, const void *p, int neg);
    void (*get)(void *out, const void *b, size_t n);
    size_t (*scratch)(uint32_t cnt);
    /* IFMA_LANES edge values of Fp (0, 1, -1, ...), each at stride bytes from the last */
    void (*edges)(uint8_t *out, size_t stride);
    void (*fp_inc)(void *x); /* x += 1 in Fp */
    void (*run)(void *bk, const uint64_t *idx, const uint8_t *const *pts, const uint8_t *neg,
                uint32_t cnt, uint8_t *empty, void *scratch);
    /* out (affine) = the kernel's fold PFX##_ifma_ba_fold of the r52 buckets bk */
    void (*fold)(void *out, const void *bk, const uint8_t *state, uint8_t full, uint64_t nb);
    /* out (affine) = sum over j with state[j] & full of [j + 1] pts[j] (affine), one reference
     * scalar multiplication a bucket: no running sums */
    void (*ref_fold)(void *out, const uint8_t *pts, const uint8_t *state, uint8_t full,
                     uint64_t nb);
    void (*dbl)(void *out, const void *p); /* affine 2p, reference */
} ba_ops;

#define BA_NB 40   /* buckets */
#define BA_POOL 12 /* distinct random points */

/* Every live bucket of the kernel (bk, live[]) equals the reference one. */
static void ba_assert_buckets(const ba_ops *o, const uint8_t *bk, const uint8_t *ref,
                              const int *live)
{
    uint8_t got[BA_NB * BA_MAX_AFF];
    o->get(got, bk, BA_NB);
    for (int i = 0; i < BA_NB; i++)
        if (live[i])
            assert_memory_equal(got + i * o->aff, ref + i * o->aff, o->aff);
}

/* Rounds of batches of distinct buckets through the kernel and through the reference: random
 * sizes (1 .. 40, so groups of 8 are full, partial and alone), random signs, and in some
 * additions the edges: the point equal to the bucket (doubling), its negation, or the bucket
 * itself with neg set (both cancel). Buckets chain over all rounds, so the stored bounds are
 * exercised; emptied buckets are refilled with aff_set. */
static void ba_run_matches_ref(const ba_ops *o)
{
    uint8_t *bk = aligned_alloc(64, BA_NB * o->r52);
    uint8_t ref[BA_NB * BA_MAX_AFF], pool[BA_POOL * BA_MAX_AFF];
    uint8_t edge[BA_NB * BA_MAX_AFF];
    int live[BA_NB];
    assert_non_null(bk);
    void *scratch = aligned_alloc(64, o->scratch(BA_NB));
    assert_non_null(scratch);
    for (int i = 0; i < BA_POOL; i++)
        o->rnd(pool + i * o->aff);
    /* aff_set / aff_get round trip, both signs */
    for (int i = 0; i < BA_NB; i++) {
        int neg = i & 1;
        memcpy(ref + i * o->aff, pool + (i % BA_POOL) * o->aff, o->aff);
        if (neg)
            o->neg(ref + i * o->aff, ref + i * o->aff);
        o->set(bk + i * o->r52, pool + (i % BA_POOL) * o->aff, neg);
        live[i] = 1;
    }
    ba_assert_buckets(o, bk, ref, live);
    for (int round = 0; round < 120; round++) {
        uint32_t perm[BA_NB];
        uint64_t idx[BA_NB];
        const uint8_t *pts[BA_NB];
        uint8_t neg[BA_NB], empty[BA_NB];
        for (uint32_t i = 0; i < BA_NB; i++)
            perm[i] = i;
        for (uint32_t i = BA_NB - 1; i > 0; i--) {
            uint32_t j = (uint32_t)(rnd() % (i + 1)), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        /* round 0: every lane doubles; round 1: every lane cancels; then a mix */
        uint32_t cnt = round < 2 ? 17 : (uint32_t)(1 + rnd() % BA_NB);
        for (uint32_t t = 0; t < cnt; t++) {
            uint32_t j = perm[t];
            uint64_t e = round == 0 ? 1 : round == 1 ? 3 : rnd() % 10;
            idx[t] = j;
            neg[t] = (uint8_t)(rnd() & 1);
            pts[t] = pool + (rnd() % BA_POOL) * o->aff;
            if (e == 1 || e == 2) { /* the point is the bucket: a doubling */
                memcpy(edge + t * o->aff, ref + j * o->aff, o->aff);
                if (e == 2) /* ... or its negation: a cancellation */
                    o->neg(edge + t * o->aff, edge + t * o->aff);
                neg[t] = 0;
                pts[t] = edge + t * o->aff;
            } else if (e == 3) { /* the bucket itself, with neg: cancels */
                memcpy(edge + t * o->aff, ref + j * o->aff, o->aff);
                neg[t] = 1;
                pts[t] = edge + t * o->aff;
            }
        }
        o->run(bk, idx, pts, neg, cnt, empty, scratch);
        for (uint32_t t = 0; t < cnt; t++) {
            uint8_t q[BA_MAX_AFF];
            memcpy(q, pts[t], o->aff);
            if (neg[t])
                o->neg(q, q);
            int inf = o->add(ref + idx[t] * o->aff, q);
            assert_int_equal(empty[t], inf);
            if (inf) { /* refill, as the MSM does with a new point */
                memcpy(ref + idx[t] * o->aff, pool + (t % BA_POOL) * o->aff, o->aff);
                o->set(bk + idx[t] * o->r52, pool + (t % BA_POOL) * o->aff, 0);
            }
        }
        ba_assert_buckets(o, bk, ref, live);
    }
    free(scratch);
    free(bk);
}

/* The kernel's conversions and reductions on the edge values of Fp (0, 1, p - 1, ...) as
 * coordinates: the chord formulas hold for any field values with distinct x, so buckets and
 * "points" made of edge values (not on the curve) are checked against the reference sum. */
static void ba_edge_coordinates(const ba_ops *o)
{
    enum { N = 24 };
    size_t fs = o->fp, nfp = o->aff / fs;            /* 2 (G1) or 4 (G2) coordinates */
    uint8_t *bk = aligned_alloc(64, BA_NB * o->r52); /* ba_assert_buckets reads BA_NB */
    void *scratch = aligned_alloc(64, o->scratch(N));
    assert_non_null(bk);
    assert_non_null(scratch);
    memset(bk, 0, BA_NB * o->r52);
    uint8_t e[IFMA_LANES][BA_MAX_FP], ref[N][4 * BA_MAX_FP], pt[N][4 * BA_MAX_FP];
    uint64_t idx[N];
    const uint8_t *pts[N];
    uint8_t neg[N], empty[N];
    int live[BA_NB] = { 0 };
    o->edges(e[0], BA_MAX_FP);
    for (int t = 0; t < N; t++) {
        for (size_t c = 0; c < nfp; c++) {
            memcpy(ref[t] + c * fs, e[(t + 3 * c) % IFMA_LANES], fs);
            memcpy(pt[t] + c * fs, e[(t / IFMA_LANES + 5 * c + 1 + t) % IFMA_LANES], fs);
        }
        if (memcmp(ref[t], pt[t], fs) == 0) /* distinct x (x.c0 on G2) */
            o->fp_inc(pt[t]);
        o->set(bk + t * o->r52, ref[t], 0);
        idx[t] = (uint64_t)t;
        pts[t] = (const uint8_t *)pt[t];
        neg[t] = (uint8_t)(t & 1);
        live[t] = 1;
    }
    o->run(bk, idx, pts, neg, N, empty, scratch);
    uint8_t want[BA_NB * BA_MAX_AFF];
    for (int t = 0; t < N; t++) {
        uint8_t q[BA_MAX_AFF];
        memcpy(q, pt[t], o->aff);
        if (neg[t])
            o->neg(q, q);
        memcpy(want + t * o->aff, ref[t], o->aff);
        assert_int_equal(o->add(want + t * o->aff, q), 0);
        assert_int_equal(empty[t], 0);
    }
    ba_assert_buckets(o, bk, want, live);
    free(scratch);
    free(bk);
}

/* The lanes' bucket fold (PFX##_ifma_ba_fold) against the reference weighted sum on bucket
 * sets made to reach each of its cases. Lane k folds [k L, (k + 1) L) from the top: its first
 * bucket a (at), then b, c below it make R = a, a + b, a + b + c and W = a, 2a + b, ... so that
 *   R cancels:  c = -(a + b)       (R = -bucket with Z != 1)
 *   R doubles:  c = a + b          (R = bucket, Z != 1)
 *   W doubles:  c = a              (W = R = 2a + b, both Z != 1)
 *   W cancels:  c = -(3a + 2b)     (W = -R)
 *   lone:       a alone            (W = R on the next empty bucket, Z = 1)
 * each lane drawing its own case, so that lanes doubling, cancelling and adding meet in one
 * step; random occupancy; everything empty; sizes that leave the last lanes short or idle.
 * Buckets whose state lacks the `full` bit hold garbage and must not be read. */
static void ba_fold_matches_ref(const ba_ops *o)
{
    enum { NB = 200, FULL = 1 };
    uint8_t *bk = aligned_alloc(64, NB * o->r52);
    uint8_t *pts = malloc(NB * o->aff), pool[BA_POOL * BA_MAX_AFF];
    uint8_t st[NB], got[BA_MAX_AFF], want[BA_MAX_AFF], t[BA_MAX_AFF];
    assert_non_null(bk);
    assert_non_null(pts);
    for (int i = 0; i < BA_POOL; i++)
        o->rnd(pool + i * o->aff);
    static const uint64_t sizes[] = { 200, 64, 37, 24, 9, 8, 3, 1, 0 };
    for (int round = 0; round < 54; round++) {
        uint64_t nb = sizes[round % 9];
        uint64_t len = (nb + IFMA_LANES - 1) / IFMA_LANES;
        int kind = round / 9; /* 0 random, 5 empty, else a case per lane */
        for (uint64_t j = 0; j < NB; j++) {
            st[j] = (uint8_t)((kind == 0 && (rnd() & 1)) ? FULL : (rnd() & 2)); /* 2: not full */
            memcpy(pts + j * o->aff, pool + (rnd() % BA_POOL) * o->aff, o->aff);
        }
        for (uint64_t k = 0; kind >= 1 && kind <= 4 && k * len < nb; k++) {
            uint64_t top = (k + 1) * len < nb ? (k + 1) * len - 1 : nb - 1, lo = k * len;
            uint64_t at = top - (top > lo ? rnd() % 2 : 0); /* the lane's first bucket */
            int lane_case = (int)(rnd() % 5);
            if (at < lo + 2 || lane_case == 4) {
                st[at] = FULL; /* lone (and every lane shorter than 3) */
                continue;
            }
            const uint8_t *a = pts + at * o->aff, *b = pts + (at - 1) * o->aff;
            uint8_t *c = pts + (at - 2) * o->aff;
            st[at] = st[at - 1] = st[at - 2] = FULL;
            memcpy(t, a, o->aff);
            o->add(t, b); /* a + b */
            if (lane_case == 0) {
                o->neg(c, t);
            } else if (lane_case == 1) {
                memcpy(c, t, o->aff);
            } else if (lane_case == 2) {
                memcpy(c, a, o->aff);
            } else { /* -(3a + 2b) = -(2 (a + b) + a) */
                o->dbl(t, t);
                o->add(t, a);
                o->neg(c, t);
            }
            if (at >= lo + 3 && (rnd() & 1))
                st[at - 3] = FULL; /* something after the special case */
        }
        for (uint64_t j = 0; j < NB; j++) {
            if (st[j] & FULL)
                o->set(bk + j * o->r52, pts + j * o->aff, 0);
            else
                for (size_t b = 0; b < o->r52; b++)
                    bk[j * o->r52 + b] = (uint8_t)rnd(); /* garbage: never read */
        }
        o->fold(got, bk, st, FULL, nb);
        o->ref_fold(want, pts, st, FULL, nb);
        assert_memory_equal(got, want, o->aff);
    }
    free(pts);
    free(bk);
}

/* Defines VAR, the ba_ops of one group: PFX the group's prefix of curve.h and ifma.h (g1,
 * bn254_g2, ...: PFX##_affine_t, PFX##_jac_add_affine, PFX##_ifma_ba_run, ...), R52 its bucket
 * type, FP its Fp type, RND a random point of the group, EDGES and INC the ops' Fp helpers. */
#define BA_CHECK_OPS(VAR, PFX, R52, FP, RND, EDGES, INC)                                           \
    static void VAR##_rnd(void *p)                                                                 \
    {                                                                                              \
        RND(p);                                                                                    \
    }                                                                                              \
    static void VAR##_neg(void *o, const void *p)                                                  \
    {                                                                                              \
        PFX##_affine_neg(o, p);                                                                    \
    }                                                                                              \
    static int VAR##_add(void *acc, const void *p)                                                 \
    {                                                                                              \
        PFX##_jac_t j;                                                                             \
        PFX##_jac_from_affine(&j, acc);                                                            \
        PFX##_jac_add_affine(&j, &j, p);                                                           \
        PFX##_jac_to_affine(acc, &j);                                                              \
        return PFX##_jac_is_inf(&j);                                                               \
    }                                                                                              \
    static void VAR##_set(void *b, const void *p, int neg)                                         \
    {                                                                                              \
        PFX##_ifma_aff_set(b, p, neg);                                                             \
    }                                                                                              \
    static void VAR##_get(void *o, const void *b, size_t n)                                        \
    {                                                                                              \
        PFX##_ifma_aff_get(o, b, n);                                                               \
    }                                                                                              \
    static void VAR##_run(void *bk, const uint64_t *idx, const uint8_t *const *pts,                \
                          const uint8_t *neg, uint32_t cnt, uint8_t *empty, void *scratch)         \
    {                                                                                              \
        PFX##_ifma_ba_run(bk, idx, pts, neg, cnt, empty, scratch);                                 \
    }                                                                                              \
    static void VAR##_fold(void *o, const void *bk, const uint8_t *st, uint8_t full, uint64_t nb)  \
    {                                                                                              \
        PFX##_jac_t j;                                                                             \
        PFX##_ifma_ba_fold(&j, bk, st, full, nb);                                                  \
        PFX##_jac_to_affine(o, &j);                                                                \
    }                                                                                              \
    static void VAR##_ref_fold(void *o, const uint8_t *pts, const uint8_t *st, uint8_t full,       \
                               uint64_t nb)                                                        \
    {                                                                                              \
        PFX##_jac_t acc, t;                                                                        \
        PFX##_jac_set_inf(&acc);                                                                   \
        for (uint64_t i = 0; i < nb; i++) {                                                        \
            if (!(st[i] & full))                                                                   \
                continue;                                                                          \
            uint64_t w = i + 1;                                                                    \
            PFX##_jac_from_affine(&t, (const PFX##_affine_t *)(const void *)pts + i);              \
            PFX##_jac_mul(&t, &t, &w, 1);                                                          \
            PFX##_jac_add(&acc, &acc, &t);                                                         \
        }                                                                                          \
        PFX##_jac_to_affine(o, &acc);                                                              \
    }                                                                                              \
    static void VAR##_dbl(void *o, const void *p)                                                  \
    {                                                                                              \
        PFX##_jac_t j;                                                                             \
        PFX##_jac_from_affine(&j, p);                                                              \
        PFX##_jac_dbl(&j, &j);                                                                     \
        PFX##_jac_to_affine(o, &j);                                                                \
    }                                                                                              \
    static const ba_ops VAR = { .aff = sizeof(PFX##_affine_t),                                     \
                                .r52 = sizeof(R52),                                                \
                                .fp = sizeof(FP),                                                  \
                                .rnd = VAR##_rnd,                                                  \
                                .neg = VAR##_neg,                                                  \
                                .add = VAR##_add,                                                  \
                                .set = VAR##_set,                                                  \
                                .get = VAR##_get,                                                  \
                                .scratch = PFX##_ifma_ba_scratch_size,                             \
                                .edges = EDGES,                                                    \
                                .fp_inc = INC,                                                     \
                                .run = VAR##_run,                                                  \
                                .fold = VAR##_fold,                                                \
                                .ref_fold = VAR##_ref_fold,                                        \
                                .dbl = VAR##_dbl }

/* The batch-affine tests of a curve on its G1 and G2 tables: test_g1_ba_run_matches_ref,
 * test_g2_ba_run_matches_ref, test_ba_edge_coordinates, test_ba_fold_matches_ref. */
#define BA_CHECK_TESTS(G1, G2)                                                                     \
    static void test_g1_ba_run_matches_ref(void **state)                                           \
    {                                                                                              \
        (void)state;                                                                               \
        REQUIRE_IFMA();                                                                            \
        ba_run_matches_ref(&G1);                                                                   \
    }                                                                                              \
    static void test_g2_ba_run_matches_ref(void **state)                                           \
    {                                                                                              \
        (void)state;                                                                               \
        REQUIRE_IFMA();                                                                            \
        ba_run_matches_ref(&G2);                                                                   \
    }                                                                                              \
    static void test_ba_edge_coordinates(void **state)                                             \
    {                                                                                              \
        (void)state;                                                                               \
        REQUIRE_IFMA();                                                                            \
        ba_edge_coordinates(&G1);                                                                  \
        ba_edge_coordinates(&G2);                                                                  \
    }                                                                                              \
    static void test_ba_fold_matches_ref(void **state)                                             \
    {                                                                                              \
        (void)state;                                                                               \
        REQUIRE_IFMA();                                                                            \
        ba_fold_matches_ref(&G1);                                                                  \
        ba_fold_matches_ref(&G2);                                                                  \
    }

/* ---- The lanes' Montgomery products limb for limb (vfp.h computes them by columns) against
 * the word-serial method written here from its definition (one lane at a time, 128-bit
 * integers: q_i = t_i (-p^-1) mod 2^52, t += q_i p 2^(52 i)), at inputs in [64p, 128p), the
 * top of what ifma.h allows, where every limb of an input is in play. Both produce the one
 * integer (t + Q p) / R, so the limbs must agree, not just the values mod p. ---- */

#define M52_MASK 0xfffffffffffffULL
#define M52_WIDE (2 * R52_LIMBS + 1)

typedef struct {
    unsigned n;            /* limbs of an r52 value: 8 (BLS12-381) or 6 (BN254) */
    uint64_t p[R52_LIMBS]; /* p in radix 2^52, limbs n and up 0 */
    unsigned top;          /* p's highest nonzero limb */
    uint64_t pinv;         /* -p^-1 mod 2^52 */
} m52_field;

/* p from its nwords little-endian 64-bit words. */
static void m52_init(m52_field *f, const uint64_t *words, unsigned nwords, unsigned n)
{
    memset(f, 0, sizeof *f);
    f->n = n;
    for (unsigned bit = 0; bit < 64 * nwords; bit++)
        if ((words[bit / 64] >> (bit % 64)) & 1)
            f->p[bit / 52] |= 1ULL << (bit % 52);
    for (unsigned j = 0; j < n; j++)
        if (f->p[j])
            f->top = j;
    uint64_t inv = 1; /* p^-1 mod 2^64: Newton's iteration doubles the correct bits, 1 -> 64 */
    for (int i = 0; i < 6; i++)
        inv *= 2 - f->p[0] * inv;
    f->pinv = (0 - inv) & M52_MASK;
}

/* t (len normalized digits) += x y 2^(52 at), y of ny digits; the sum must fit. */
static void m52_addmul(uint64_t *t, unsigned len, unsigned at, uint64_t x, const uint64_t *y,
                       unsigned ny)
{
    unsigned __int128 c = 0;
    unsigned k = at;
    for (unsigned j = 0; j < ny; j++, k++) {
        c += (unsigned __int128)x * y[j] + t[k];
        t[k] = (uint64_t)c & M52_MASK;
        c >>= 52;
    }
    for (; c != 0 && k < len; k++) {
        c += t[k];
        t[k] = (uint64_t)c & M52_MASK;
        c >>= 52;
    }
    assert_true(c == 0);
}

/* t -= s, both len normalized digits; t >= s. */
static void m52_sub(uint64_t *t, const uint64_t *s, unsigned len)
{
    uint64_t borrow = 0;
    for (unsigned k = 0; k < len; k++) {
        uint64_t d = t[k] - s[k] - borrow;
        borrow = d >> 63;
        t[k] = d & M52_MASK;
    }
    assert_int_equal(borrow, 0);
}

/* r = t / R mod p, word by word; t (M52_WIDE digits, below p R) is consumed. */
static void m52_redc(const m52_field *f, uint64_t r[R52_LIMBS], uint64_t *t)
{
    for (unsigned i = 0; i < f->n; i++) {
        uint64_t q = (t[i] * f->pinv) & M52_MASK;
        m52_addmul(t, M52_WIDE, i, q, f->p, f->n);
        assert_int_equal(t[i], 0);
    }
    assert_int_equal(t[2 * f->n], 0);
    memset(r, 0, R52_LIMBS * sizeof *r);
    memcpy(r, t + f->n, f->n * sizeof *r);
}

/* t = x y, M52_WIDE digits. */
static void m52_mul_wide(const m52_field *f, uint64_t *t, const uint64_t *x, const uint64_t *y)
{
    memset(t, 0, M52_WIDE * sizeof *t);
    for (unsigned i = 0; i < f->n; i++)
        m52_addmul(t, M52_WIDE, i, x[i], y, f->n);
}

/* A random value in [64p, 128p): x + m p with x < p, m in [64, 128). */
static void m52_rnd(const m52_field *f, uint64_t v[R52_LIMBS])
{
    memset(v, 0, R52_LIMBS * sizeof *v);
    for (unsigned j = 0; j < f->top; j++)
        v[j] = rnd() & M52_MASK;
    v[f->top] = rnd() % f->p[f->top];
    m52_addmul(v, f->n, 0, 64 + rnd() % 64, f->p, f->n);
}

static void m52_put(fp8_r52 *a, unsigned lane, const uint64_t v[R52_LIMBS])
{
    for (unsigned j = 0; j < R52_LIMBS; j++)
        a->l[j][lane] = v[j];
}

/* Limbs 0 to n - 1 (the arithmetic of a 6-limb field leaves storage words 6 and 7 alone). */
static void m52_assert_lane(const m52_field *f, const fp8_r52 *got, unsigned lane,
                            const uint64_t want[R52_LIMBS])
{
    for (unsigned j = 0; j < f->n; j++)
        assert_int_equal(got->l[j][lane], want[j]);
}

typedef void (*m52_mul_fn)(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
typedef void (*m52_sqr_fn)(fp8_r52 *out, const fp8_r52 *a);
typedef void (*m52_mul2_fn)(fp2x8_r52 *out, const fp2x8_r52 *a, const fp2x8_r52 *b);

/* Fp: a b and a^2; Fp2 (Karatsuba, ifma.h): c0 = (a0 b0 + p R - a1 b1) / R and
 * c1 = (a0 b1 + a1 b0) / R, which is what (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 reduces to. */
static void m52_products_limb_for_limb(const m52_field *f, m52_mul_fn mul, m52_sqr_fn sqr,
                                       m52_mul2_fn mul2, int rounds)
{
    for (int it = 0; it < rounds; it++) {
        uint64_t a[4][IFMA_LANES][R52_LIMBS];
        fp8_r52 in[4], out;
        fp2x8_r52 x, y, z;
        for (int v = 0; v < 4; v++)
            for (unsigned k = 0; k < IFMA_LANES; k++) {
                m52_rnd(f, a[v][k]);
                m52_put(&in[v], k, a[v][k]);
            }
        uint64_t t[M52_WIDE], u[M52_WIDE], want[R52_LIMBS];
        mul(&out, &in[0], &in[1]);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            m52_mul_wide(f, t, a[0][k], a[1][k]);
            m52_redc(f, want, t);
            m52_assert_lane(f, &out, k, want);
        }
        sqr(&out, &in[2]);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            m52_mul_wide(f, t, a[2][k], a[2][k]);
            m52_redc(f, want, t);
            m52_assert_lane(f, &out, k, want);
        }
        x.c0 = in[0], x.c1 = in[1], y.c0 = in[2], y.c1 = in[3];
        mul2(&z, &x, &y);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            m52_mul_wide(f, t, a[0][k], a[2][k]);
            m52_addmul(t, M52_WIDE, f->n, 1, f->p, f->n); /* + p R */
            m52_mul_wide(f, u, a[1][k], a[3][k]);
            m52_sub(t, u, M52_WIDE);
            m52_redc(f, want, t);
            m52_assert_lane(f, &z.c0, k, want);
            m52_mul_wide(f, t, a[0][k], a[3][k]);
            for (unsigned i = 0; i < f->n; i++)
                m52_addmul(t, M52_WIDE, i, a[1][k][i], a[2][k], f->n);
            m52_redc(f, want, t);
            m52_assert_lane(f, &z.c1, k, want);
        }
    }
}

#endif
