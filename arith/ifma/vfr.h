/*
 * Private to arith/ifma: the scalar field Fr in radix 2^52, eight lanes, for the NTT kernels
 * (ntt_ifma.c). One text for both curves (r52_curve.h picks the curve; in a BN254 unit fr_t is
 * bn254_fr_t). r < 2^255 on both, so 5 limbs of 52 bits hold it: R' = 2^260, with R' / r = 35
 * (BLS12-381) and 84 (BN254) to spare for lazy bounds.
 *
 * Domains. The reference fr_t is x 2^256 mod r (Montgomery, fully reduced); its lanes form is
 * the same integer re-radixed, no Montgomery re-basing. Twiddles are kept as w 2^260 mod r (the
 * "r52 domain", built once per domain by fr_ifma_tw_from_mont), so that the lanes' product
 * vfr_mul(x 2^256, w 2^260) = x w 2^256 stays in the reference domain: data is only re-radixed on
 * its way in and out of a block, never multiplied for it.
 *
 * Bounds: a lanes value is normalized (every limb in [0, 2^52)) and below 2r between operations;
 * each function states its input and output bounds. vfr_mul(a, w) < a w / R' + r < 2r whenever
 * a < 4r and w < r (4r < R' on both curves).
 */
#ifndef G16K_CPU_IFMA_VFR_H
#define G16K_CPU_IFMA_VFR_H

#include "r52_curve.h"
#include "r52_vec.h"

#define VFR_N FR_IFMA_LIMBS /* limbs (ifma.h) */

#ifdef G16K_IFMA_BN254
/* r = 0x30644e72...f0000001 (254 bits), 2r, -r^-1 mod 2^52, 2^264 mod r, r - 2^260 mod r */
static const uint64_t VFR_R[VFR_N] = { 0x1f593f0000001ULL, 0x4879b9709143eULL, 0x181585d2833e8ULL,
                                       0xa029b85045b68ULL, 0x30644e72e131ULL };
static const uint64_t VFR_2R[VFR_N] = { 0x3eb27e0000002ULL, 0x90f372e12287cULL, 0x302b0ba5067d0ULL,
                                        0x405370a08b6d0ULL, 0x60c89ce5c263ULL };
#define VFR_RINV 0x1f593efffffffULL
static const uint64_t VFR_TO_TW[VFR_N] = { 0x31f8c9ffffab6ULL, 0xac31329faef6eULL,
                                           0x9e2a3495d7570ULL, 0xe357276f48b70ULL,
                                           0xd791464ef86ULL };
static const uint64_t VFR_MINUS_ONE[VFR_N] = { 0x68a1eb0000055ULL, 0x106a92603b8a0ULL,
                                               0xff256ee593c20ULL, 0x2dda32a72598fULL,
                                               0x114e0c24c57aULL };
#else
/* r = 0x73eda753...00000001 (255 bits), and the same constants */
static const uint64_t VFR_R[VFR_N] = { 0xfffff00000001ULL, 0x2fffe5bfefffULL, 0x9a1d80553bda4ULL,
                                       0x7d483339d8080ULL, 0x73eda753299dULL };
static const uint64_t VFR_2R[VFR_N] = { 0xffffe00000002ULL, 0x5fffcb7fdfffULL, 0x343b00aa77b48ULL,
                                        0xfa906673b0101ULL, 0xe7db4ea6533aULL };
#define VFR_RINV 0xffffeffffffffULL
static const uint64_t VFR_TO_TW[VFR_N] = { 0x234fffffdcbULL, 0x61039ef635000ULL, 0xdce3c3e2e7505ULL,
                                           0x7fa6f1563642bULL, 0x247db575276aULL };
static const uint64_t VFR_MINUS_ONE[VFR_N] = { 0xfffdc00000024ULL, 0x6bffc4efdbfffULL,
                                               0xac260bfc6ab10ULL, 0x9e27342261215ULL,
                                               0x4d6b87b1da25ULL };
#endif
/* VFR_TO_TW = 2^264 mod r: vfr_mul by it takes x 2^256 to x 2^260. VFR_MINUS_ONE = -1 in the
 * twiddles' domain (r - 2^260 mod r). Computed with Python integers; tests/cpu's NTT tests check
 * every one through transforms against the reference arithmetic. */

typedef struct {
    r52v l[VFR_N];
} vfr;

R52_INLINE void vfr_const(vfr *r, const uint64_t c[VFR_N])
{
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        r->l[j] = r52v_set1(c[j]);
}

/* Structure-of-arrays block: s[j * 8 + k] = limb j of lane k (40 words). */
R52_INLINE void vfr_load(vfr *r, const uint64_t *s)
{
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        r->l[j] = r52v_load(s + 8 * j);
}

R52_INLINE void vfr_store(uint64_t *s, const vfr *a)
{
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        r52v_store(s + 8 * j, a->l[j]);
}

/* Every lane = entry e (< 8) of the block s. */
R52_INLINE void vfr_bcast(vfr *r, const uint64_t *s, unsigned e)
{
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        r->l[j] = r52v_set1(s[8 * j + e]);
}

/* Carry-propagate signed limbs (|limb| < 2^62) into normalized ones; returns the carry out of
 * the top limb: 0 for a value in [0, R'), all ones for a value in [-R', 0) (whose limbs then
 * hold value + R'). */
R52_INLINE r52v vfr_norm(vfr *r, const r52v t[VFR_N])
{
    const r52v mask = r52v_set1(R52_MASK);
    r52v c = r52v_zero();
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++) {
        r52v x = r52v_add(t[j], c);
        c = r52v_sar52(x);
        r->l[j] = r52v_and(x, mask);
    }
    return c;
}

/* r = the lanes of b where the carry `neg` from vfr_norm says negative, of a elsewhere. */
R52_INLINE void vfr_pick(vfr *r, r52v neg, const vfr *a, const vfr *b)
{
    r52m m = r52v_eq(neg, r52v_set1(~(uint64_t)0));
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        r->l[j] = r52v_blend(m, a->l[j], b->l[j]);
}

/* r = a - b + m 2r mod R' with its sign (m = 0 or 1); see vfr_norm. */
R52_INLINE r52v vfr_sub_add(vfr *r, const vfr *a, const vfr *b, int m)
{
    r52v t[VFR_N];
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++) {
        t[j] = r52v_sub(a->l[j], b->l[j]);
        if (m)
            t[j] = r52v_add(t[j], r52v_set1(VFR_2R[j]));
    }
    return vfr_norm(r, t);
}

/* r = a - b + 2r, for a, b < 2r: in (0, 4r). */
R52_INLINE void vfr_sub_lazy(vfr *r, const vfr *a, const vfr *b)
{
    (void)vfr_sub_add(r, a, b, 1);
}

/* r = a - b mod 2r, in [0, 2r), for a, b < 2r: a - b, or a - b + 2r where that is negative (both
 * computed, one kept: two short carry chains side by side). */
R52_INLINE void vfr_sub_red(vfr *r, const vfr *a, const vfr *b)
{
    vfr d, e;
    r52v neg = vfr_sub_add(&d, a, b, 0);
    (void)vfr_sub_add(&e, a, b, 1);
    vfr_pick(r, neg, &d, &e);
}

/* r = a + b mod 2r, in [0, 2r), for a, b < 2r: a + b - 2r, or a + b where that is negative. */
R52_INLINE void vfr_add_red(vfr *r, const vfr *a, const vfr *b)
{
    r52v s[VFR_N], t[VFR_N];
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++) {
        s[j] = r52v_add(a->l[j], b->l[j]);
        t[j] = r52v_sub(s[j], r52v_set1(VFR_2R[j]));
    }
    vfr u, v;
    (void)vfr_norm(&u, s);
    r52v neg = vfr_norm(&v, t);
    vfr_pick(r, neg, &v, &u);
}

/* r = a mod r for a < 2r: a - r unless that is negative. */
R52_INLINE void vfr_reduce(vfr *r, const vfr *a)
{
    r52v t[VFR_N];
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        t[j] = r52v_sub(a->l[j], r52v_set1(VFR_R[j]));
    vfr v;
    r52v neg = vfr_norm(&v, t);
    vfr_pick(r, neg, &v, a);
}

/* r = a b / 2^260 mod r, < 2r when a b < r 2^260 (normalized inputs). Word-serial Montgomery
 * (CIOS, Koc et al. 1996) on 5 limbs: inlined into butterflies that are independent of one
 * another, so its latency is hidden (vfp.h's products, by columns, are called one at a time
 * along chains of dependent products). r may alias. */
R52_INLINE void vfr_mul(vfr *r, const vfr *a, const vfr *b)
{
    const r52v rinv = r52v_set1(VFR_RINV);
    r52v t[VFR_N + 1];
    R52_UNROLL
    for (int j = 0; j <= VFR_N; j++)
        t[j] = r52v_zero();
    R52_UNROLL
    for (int i = 0; i < VFR_N; i++) {
        r52v bi = b->l[i];
        R52_UNROLL
        for (int j = 0; j < VFR_N; j++) {
            t[j] = r52v_madlo(t[j], a->l[j], bi);
            t[j + 1] = r52v_madhi(t[j + 1], a->l[j], bi);
        }
        r52v q = r52v_madlo(r52v_zero(), t[0], rinv);
        R52_UNROLL
        for (int j = 0; j < VFR_N; j++) {
            t[j] = r52v_madlo(t[j], q, r52v_set1(VFR_R[j]));
            t[j + 1] = r52v_madhi(t[j + 1], q, r52v_set1(VFR_R[j]));
        }
        t[1] = r52v_add(t[1], r52v_sar52(t[0]));
        R52_UNROLL
        for (int j = 0; j < VFR_N; j++)
            t[j] = t[j + 1];
        t[VFR_N] = r52v_zero();
    }
    (void)vfr_norm(r, t);
}

/* ---- 8 consecutive reference values (array of structures, 4 words each) <-> lanes ---- */

R52_INLINE r52v vfr_idx(uint64_t i0, uint64_t i1, uint64_t i2, uint64_t i3, uint64_t i4,
                        uint64_t i5, uint64_t i6, uint64_t i7)
{
    const uint64_t v[8] = { i0, i1, i2, i3, i4, i5, i6, i7 };
    return r52v_load(v);
}

/* Lane k = p[k], re-radixed 4 x 64 -> 5 x 52 bits (any 256-bit integers below 2^260). Two rounds
 * of two-source permutes transpose the 8 x 4 words. */
R52_INLINE void vfr_from_aos(vfr *r, const fr_t *p)
{
    const uint64_t *w = (const uint64_t *)(const void *)p;
    r52v z0 = r52v_load(w), z1 = r52v_load(w + 8), z2 = r52v_load(w + 16), z3 = r52v_load(w + 24);
    r52v i01 = vfr_idx(0, 4, 8, 12, 1, 5, 9, 13), i23 = vfr_idx(2, 6, 10, 14, 3, 7, 11, 15);
    /* words 0, 1 (t0, t2) and 2, 3 (t1, t3) of elements 0..3 (t0, t1) and 4..7 (t2, t3) */
    r52v t0 = r52v_permute2(z0, i01, z1), t1 = r52v_permute2(z0, i23, z1);
    r52v t2 = r52v_permute2(z2, i01, z3), t3 = r52v_permute2(z2, i23, z3);
    r52v lo = vfr_idx(0, 1, 2, 3, 8, 9, 10, 11), hi = vfr_idx(4, 5, 6, 7, 12, 13, 14, 15);
    r52v w0 = r52v_permute2(t0, lo, t2), w1 = r52v_permute2(t0, hi, t2);
    r52v w2 = r52v_permute2(t1, lo, t3), w3 = r52v_permute2(t1, hi, t3);
    const r52v m = r52v_set1(R52_MASK);
    r->l[0] = r52v_and(w0, m);
    r->l[1] = r52v_and(r52v_or(r52v_shr(w0, 52), r52v_shl(w1, 12)), m);
    r->l[2] = r52v_and(r52v_or(r52v_shr(w1, 40), r52v_shl(w2, 24)), m);
    r->l[3] = r52v_and(r52v_or(r52v_shr(w2, 28), r52v_shl(w3, 36)), m);
    r->l[4] = r52v_shr(w3, 16);
}

/* p[k] = lane k, which must be below 2^256 (normalized limbs), re-radixed 5 x 52 -> 4 x 64. */
R52_INLINE void vfr_to_aos(fr_t *p, const vfr *a)
{
    r52v w0 = r52v_or(a->l[0], r52v_shl(a->l[1], 52));
    r52v w1 = r52v_or(r52v_shr(a->l[1], 12), r52v_shl(a->l[2], 40));
    r52v w2 = r52v_or(r52v_shr(a->l[2], 24), r52v_shl(a->l[3], 28));
    r52v w3 = r52v_or(r52v_shr(a->l[3], 36), r52v_shl(a->l[4], 16));
    r52v ilo = vfr_idx(0, 8, 1, 9, 2, 10, 3, 11), ihi = vfr_idx(4, 12, 5, 13, 6, 14, 7, 15);
    /* (word 0, word 1) and (word 2, word 3) pairs of elements 0..3 and 4..7 */
    r52v a0 = r52v_permute2(w0, ilo, w1), a1 = r52v_permute2(w0, ihi, w1);
    r52v b0 = r52v_permute2(w2, ilo, w3), b1 = r52v_permute2(w2, ihi, w3);
    r52v e01 = vfr_idx(0, 1, 8, 9, 2, 3, 10, 11), e23 = vfr_idx(4, 5, 12, 13, 6, 7, 14, 15);
    uint64_t *w = (uint64_t *)(void *)p;
    r52v_store(w, r52v_permute2(a0, e01, b0));
    r52v_store(w + 8, r52v_permute2(a0, e23, b0));
    r52v_store(w + 16, r52v_permute2(a1, e01, b1));
    r52v_store(w + 24, r52v_permute2(a1, e23, b1));
}

#endif
