/*
 * Private to arith/ifma: Fp and Fp2 in radix 2^52, eight lanes, as always-inline functions on
 * r52v registers (r52_vec.h). Included by the ISA-compiled files only (fp_ifma.c, g1_ifma.c,
 * g2_ifma.c, ...). See ifma.h for the representation. One text for both curves: VFP_N limbs and
 * the constants of r52_curve.h; below, R = 2^(52 VFP_N) (2^416 on BLS12-381, 2^312 on BN254)
 * and the figures are BLS12-381's (8 limbs).
 *
 * Bounds. A value v is "normalized" when every limb is in [0, 2^52); vfp_mul, vfp_add and
 * vfp_sub return normalized values, and the multiplier needs normalized inputs (vpmadd52 reads
 * only 52 bits). Values are not reduced below p: each function states its output bound as a
 * multiple of p, and callers track bounds in comments ("< 8p"). The rules:
 *   vfp_mul:  a * b < p R (true for a, b < 2^17 p)  ->  output < 2p
 *             (t = (ab + qp) / R with q < R, so t < ab / R + p < 2p; p < 2^381 or 2^254).
 *   vfp_add:  a + b.
 *   vfp_sub(a, b, m):  a + m p - b, needs b <= m p; output < a + m p. m is a compile-time
 *             constant up to 1024 so that m p_j (limb-wise, not normalized) stays below 2^62.
 * Every intermediate in this library is far below 2^17 p; values stored across calls are < 128p.
 */
#ifndef G16K_CPU_IFMA_VFP_H
#define G16K_CPU_IFMA_VFP_H

#include "r52_curve.h"
#include "r52_vec.h"

typedef struct {
    r52v l[VFP_N];
} vfp;
typedef struct {
    vfp c0, c1;
} vfp2;

R52_INLINE void vfp_set_const(vfp *r, const uint64_t c[VFP_N])
{
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        r->l[j] = r52v_set1(c[j]);
}

R52_INLINE void vfp_zero(vfp *r)
{
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        r->l[j] = r52v_zero();
}

/* Limbs from/to a structure-of-arrays block: s[j * 8 + k] = limb j of lane k (64-B aligned). */
R52_INLINE void vfp_load(vfp *r, const uint64_t *s)
{
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        r->l[j] = r52v_load(s + 8 * j);
}

R52_INLINE void vfp_store(uint64_t *s, const vfp *a)
{
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        r52v_store(s + 8 * j, a->l[j]);
}

/* Carry-propagate limbs that may be negative or exceed 52 bits (|limb| < 2^62) into
 * normalized limbs; the value must be non-negative and below R. */
R52_INLINE void vfp_normalize(vfp *r, const r52v t[VFP_N])
{
    const r52v mask = r52v_set1(R52_MASK);
    r52v c = r52v_zero();
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++) {
        r52v x = r52v_add(t[j], c);
        c = r52v_sar52(x);
        r->l[j] = r52v_and(x, mask);
    }
}

/* ---- Montgomery products by columns (product scanning with the reduction interleaved:
 * "FIPS" in Koc, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", IEEE Micro 1996). Column k gathers every 52-bit half product of weight 2^(52 k):
 * lo(x_i y_j) with i + j = k, hi(x_i y_j) with i + j = k - 1, and the same halves of q_i p_j
 * for the reduction's digits q_i. For k < VFP_N the column fixes digit q_k = col (-p^-1)
 * mod 2^52, which makes col + lo(q_k p_0) = 0 mod 2^52; columns VFP_N and up are the result's
 * limbs. Each digit q_k is the one the word-serial method (CIOS) computes, so the result is the
 * same integer (a b + Q p) / R, limb for limb.
 *
 * Why columns: in the word-serial loop every accumulator took four dependent products a round
 * (about 16 cycles of IFMA latency a round, 8 rounds), so a product ran at its latency, about
 * 1.4 times its IFMA throughput (the Zen 5 EPYC VM it was measured on). Here a column's
 * products are independent of every other column's, the reduction's chain is q_(k-1) -> two
 * products -> one add -> q_k, and the products of a column go to two accumulators (lo halves,
 * hi halves): measured one thread, a dependent chain of products, old and new alternating in
 * one binary: 55 -> 49 ns (multiplication) and 53.5 -> 39.5 ns (squaring) per 8 lanes. ---- */

/* Adds the reduction's half products of column k to x (lo) and y (hi): lo(q_i p_(k-i)) and
 * hi(q_i p_(k-1-i)) for the digits q_i known, i < min(k, VFP_N), the newest digit last so that
 * its products end the chain. */
R52_INLINE void fips_q_terms(r52v *x, r52v *y, const r52v q[VFP_N], int k)
{
    R52_UNROLL
    for (int i = 0; i < VFP_N; i++) {
        if (i >= k - 1)
            continue;
        int j = k - i;
        if (j < VFP_P_LIMBS)
            *x = r52v_madlo(*x, q[i], r52v_set1(VFP_P[j]));
        j = k - 1 - i;
        if (j < VFP_P_LIMBS)
            *y = r52v_madhi(*y, q[i], r52v_set1(VFP_P[j]));
    }
    if (k >= 1 && k - 1 < VFP_N) {
        *x = r52v_madlo(*x, q[k - 1], r52v_set1(VFP_P[1]));
        *y = r52v_madhi(*y, q[k - 1], r52v_set1(VFP_P[0]));
    }
}

/* Ends column k (col = x + y + *carry, any sign, |col| < 2^62): below VFP_N it sets digit q_k
 * and carries floor((col + lo(q_k p_0)) / 2^52), which is ceil(col / 2^52) as the sum is a
 * multiple of 2^52 (the product lo(q_k p_0) itself is never formed); from VFP_N up it writes
 * limb k - VFP_N of r and carries floor(col / 2^52). The last carry is dropped: the result
 * is below R. */
R52_INLINE void fips_column_end(vfp *r, r52v q[VFP_N], r52v *carry, r52v x, r52v y, int k)
{
    const r52v mask = r52v_set1(R52_MASK);
    r52v col = r52v_add(r52v_add(x, y), *carry);
    if (k < VFP_N) {
        q[k] = r52v_madlo(r52v_zero(), col, r52v_set1(VFP_PINV));
        *carry = r52v_sar52(r52v_add(col, mask));
    } else {
        r->l[k - VFP_N] = r52v_and(col, mask);
        *carry = r52v_sar52(col);
    }
}

/* Adds column k's half products of a b: lo(a_i b_(k-i)) to x, hi(a_i b_(k-1-i)) to y. */
R52_INLINE void fips_ab_terms(r52v *x, r52v *y, const vfp *a, const vfp *b, int k)
{
    R52_UNROLL
    for (int i = 0; i < VFP_N; i++) {
        if (k - i >= 0 && k - i < VFP_N)
            *x = r52v_madlo(*x, a->l[i], b->l[k - i]);
        if (k - 1 - i >= 0 && k - 1 - i < VFP_N)
            *y = r52v_madhi(*y, a->l[i], b->l[k - 1 - i]);
    }
}

/* Adds column k's half products of a^2: the cross products a_i a_j (i < j) once, doubled, then
 * the square a_(k/2)^2's half. */
R52_INLINE void fips_sqr_terms(r52v *x, r52v *y, const vfp *a, int k)
{
    r52v u = r52v_zero(), v = r52v_zero();
    R52_UNROLL
    for (int i = 0; i < VFP_N; i++) {
        if (k - i > i && k - i < VFP_N)
            u = r52v_madlo(u, a->l[i], a->l[k - i]);
        if (k - 1 - i > i && k - 1 - i < VFP_N)
            v = r52v_madhi(v, a->l[i], a->l[k - 1 - i]);
    }
    u = r52v_add(u, v);
    *x = r52v_add(*x, r52v_add(u, u));
    if (k % 2 == 0 && k / 2 < VFP_N)
        *x = r52v_madlo(*x, a->l[k / 2], a->l[k / 2]);
    if (k % 2 == 1 && k / 2 < VFP_N)
        *y = r52v_madhi(*y, a->l[k / 2], a->l[k / 2]);
}

/* r = a b / R mod p (square: a^2, b unused), every column's products, then its reduction
 * terms, then its end. */
R52_INLINE void fips_montgomery(vfp *r, const vfp *a, const vfp *b, int square)
{
    r52v q[VFP_N], carry = r52v_zero();
    vfp out;
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++) {
        r52v x = r52v_zero(), y = r52v_zero();
        if (square)
            fips_sqr_terms(&x, &y, a, k);
        else
            fips_ab_terms(&x, &y, a, b, k);
        fips_q_terms(&x, &y, q, k);
        fips_column_end(&out, q, &carry, x, y, k);
    }
    *r = out;
}

/* r = a * b / R mod p, < 2p (bound rule above); normalized inputs, r may alias. 256 IFMA
 * products (128 for a b, 128 for the reduction). Out of line on purpose: inlined into the G2
 * formula it made a 100 KB function (29 products, four times the L1 instruction cache) and
 * 40 s compiles; a call costs a few cycles of ~160. */
static __attribute__((noinline, unused)) void vfp_mul(vfp *r, const vfp *a, const vfp *b)
{
    fips_montgomery(r, a, b, 0);
}

/* ---- Products in two steps, for lazy reduction: a 2 VFP_N-limb product, then one Montgomery
 * reduction of a sum of products (the separated form of Koc et al. 1996; both steps by columns
 * here but vfp_sqr_wide). Limbs of a vfp_wide are unnormalized signed 64-bit sums,
 * |limb| < 2^58. ---- */
typedef struct {
    r52v l[2 * VFP_N];
} vfp_wide;

R52_INLINE void vfp_wide_zero(vfp_wide *t)
{
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++)
        t->l[k] = r52v_zero();
}

/* t = a b (normalized inputs), 64 + 64 products, by columns: the lo and hi halves of a column
 * in two accumulators, so no accumulator takes more than 8 dependent products (16 in rows). */
R52_INLINE void vfp_mul_wide(vfp_wide *t, const vfp *a, const vfp *b)
{
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++) {
        r52v x = r52v_zero(), y = r52v_zero();
        fips_ab_terms(&x, &y, a, b, k);
        t->l[k] = r52v_add(x, y);
    }
}

/* t = a^2, 36 + 36 products: the cross terms once, doubled, then the squares. */
R52_INLINE void vfp_sqr_wide(vfp_wide *t, const vfp *a)
{
    vfp_wide_zero(t);
    R52_UNROLL
    for (int i = 0; i < VFP_N; i++) {
        R52_UNROLL
        for (int j = i + 1; j < VFP_N; j++) {
            t->l[i + j] = r52v_madlo(t->l[i + j], a->l[i], a->l[j]);
            t->l[i + j + 1] = r52v_madhi(t->l[i + j + 1], a->l[i], a->l[j]);
        }
    }
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++)
        t->l[k] = r52v_add(t->l[k], t->l[k]);
    R52_UNROLL
    for (int i = 0; i < VFP_N; i++) {
        t->l[2 * i] = r52v_madlo(t->l[2 * i], a->l[i], a->l[i]);
        t->l[2 * i + 1] = r52v_madhi(t->l[2 * i + 1], a->l[i], a->l[i]);
    }
}

/* t = a + b. */
R52_INLINE void vfp_wide_add(vfp_wide *t, const vfp_wide *a, const vfp_wide *b)
{
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++)
        t->l[k] = r52v_add(a->l[k], b->l[k]);
}

/* t = a - b + m p R (m = 0 or 1, a constant), which needs b <= a + m p R. */
R52_INLINE void vfp_wide_sub(vfp_wide *t, const vfp_wide *a, const vfp_wide *b, int m)
{
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++) {
        t->l[k] = r52v_sub(a->l[k], b->l[k]);
        if (m && k >= VFP_N)
            t->l[k] = r52v_add(t->l[k], r52v_set1(VFP_P[k - VFP_N]));
    }
}

/* Column k of the reduction of t: t's limb, the digits' half products, the column's end. */
R52_INLINE void fips_redc_column(vfp *r, r52v q[VFP_N], r52v *carry, const vfp_wide *t, int k)
{
    r52v x = t->l[k], y = r52v_zero();
    fips_q_terms(&x, &y, q, k);
    fips_column_end(r, q, carry, x, y, k);
}

/* r = t / R mod p, for 0 <= t < k p R: r < (k + 1) p. By columns as vfp_mul, each column
 * starting from t's limb (signed, |limb| < 2^58). t is not changed. */
R52_INLINE void vfp_redc(vfp *r, const vfp_wide *t)
{
    r52v q[VFP_N], carry = r52v_zero();
    vfp out;
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++)
        fips_redc_column(&out, q, &carry, t, k);
    *r = out;
}

/* vfp_redc of two values at once (r0 = t0 / R mod p, r1 = t1 / R mod p): two independent
 * chains of digits side by side keep both IFMA ports busy where one chain waits on its digit
 * (vfp2_mul: 111 ns against 128 with two vfp_redc one after the other). */
R52_INLINE void vfp_redc2(vfp *r0, const vfp_wide *t0, vfp *r1, const vfp_wide *t1)
{
    r52v q0[VFP_N], q1[VFP_N], carry0 = r52v_zero(), carry1 = r52v_zero();
    vfp out0, out1;
    R52_UNROLL
    for (int k = 0; k < 2 * VFP_N; k++) {
        fips_redc_column(&out0, q0, &carry0, t0, k);
        fips_redc_column(&out1, q1, &carry1, t1, k);
    }
    *r0 = out0;
    *r1 = out1;
}

/* r = a^2 / R mod p, < 2p for a < 2^17 p (vfp_mul's bound rule), by columns as vfp_mul: each
 * column's cross products once, doubled, then its square term; 200 IFMA products against
 * vfp_mul's 256. Same result as vfp_mul(r, a, a) bit for bit (the same digits q_k). Out of
 * line for the reason vfp_mul is. */
static __attribute__((noinline, unused)) void vfp_sqr(vfp *r, const vfp *a)
{
    fips_montgomery(r, a, a, 1);
}

R52_INLINE void vfp_add(vfp *r, const vfp *a, const vfp *b)
{
    r52v t[VFP_N];
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        t[j] = r52v_add(a->l[j], b->l[j]);
    vfp_normalize(r, t);
}

/* r = a + m p - b; needs b <= m p (m a constant <= 1024). */
R52_INLINE void vfp_sub(vfp *r, const vfp *a, const vfp *b, uint64_t m)
{
    r52v t[VFP_N];
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        t[j] = r52v_sub(r52v_add(a->l[j], r52v_set1(m * VFP_P[j])), b->l[j]);
    vfp_normalize(r, t);
}

/* r = 3a, one carry pass (instead of the two of a + a + a). */
R52_INLINE void vfp_triple(vfp *r, const vfp *a)
{
    r52v t[VFP_N];
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        t[j] = r52v_add(r52v_add(a->l[j], a->l[j]), a->l[j]);
    vfp_normalize(r, t);
}

/* r = a + m p - 2b - c (c NULL: 0), one carry pass; needs 2b + c <= m p (m a constant
 * <= 1024). The affine steps' x3 = lambda^2 - x1 - x2, with x2 = x1 (doubling) or x2 =
 * (x2 - x1) + x1. */
R52_INLINE void vfp_sub_2b_c(vfp *r, const vfp *a, const vfp *b, const vfp *c, uint64_t m)
{
    r52v t[VFP_N];
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++) {
        t[j] = r52v_sub(r52v_add(a->l[j], r52v_set1(m * VFP_P[j])), r52v_add(b->l[j], b->l[j]));
        if (c)
            t[j] = r52v_sub(t[j], c->l[j]);
    }
    vfp_normalize(r, t);
}

/* Per lane: blend lanes of b (bit set) into a. */
R52_INLINE void vfp_blend(vfp *r, r52m m, const vfp *a, const vfp *b)
{
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++)
        r->l[j] = r52v_blend(m, a->l[j], b->l[j]);
}

/* Lanes where a == 0 mod p, exactly, for any normalized a < R: t = a / R mod p via a
 * Montgomery multiplication by the integer 1 lies in [0, p] (t < a / R + p), so a = 0 mod p
 * iff t is 0 or p. Costs one multiplication; callers use a cheap filter first. */
R52_INLINE r52m vfp_is_zero_exact(const vfp *a)
{
    vfp one, t;
    vfp_zero(&one);
    one.l[0] = r52v_set1(1);
    vfp_mul(&t, a, &one);
    r52m z = 0xff;
    r52m e = 0xff;
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++) {
        z &= r52v_eq(t.l[j], r52v_zero());
        e &= r52v_eq(t.l[j], r52v_set1(VFP_P[j]));
    }
    return (r52m)(z | e);
}

/* Conservative filter for "a == 0 mod p" where a is known to be k p for some k < kmax when it
 * is 0 mod p: compares limb 0 with (k p) mod 2^52. Never misses; false positives ~kmax 2^-52. */
R52_INLINE r52m vfp_maybe_zero(const vfp *a, uint64_t kmax)
{
    r52m m = 0;
    R52_UNROLL
    for (uint64_t k = 0; k < kmax; k++)
        m |= r52v_eq(a->l[0], r52v_set1((k * VFP_P[0]) & R52_MASK));
    return m;
}

/* r = a - q p, q = floor(v VFP_QINV / 2^52) with v = floor(a / 2^S) (r52_curve.h), for any
 * normalized a < 2^VFP_RED_MAX_LOG: r = a mod p and r < 3p, at about a tenth of a
 * multiplication (15 IFMA products). Why it holds, on BLS12-381 (S = 364, v = a_7): q <= a / p
 * (VFP_QINV <= 2^416 / p and a_7 2^364 <= a), and q > a / p - 2^364 / p - a_7 / 2^52 - 1
 * > a / p - 2.001, so 0 <= a - q p < 2.001 p; q < 2^36, so q p_j is exact in the 52-bit
 * halves. The top half hi(q p_7) is a multiple of 2^416 and drops out of the 8-limb result
 * (vfp_normalize works mod 2^416 and the true result is below it). On BN254 (S = 253, a < 2^305,
 * VFP_QINV = floor(2^305 / p) < 2^52): q <= a / p as before, and q > (a / 2^253 - 1)
 * (2^305 / p - 1) / 2^52 - 1 > a / p - a / 2^305 - 2^253 / p - 1 > a / p - 2.67, so r < 3p;
 * q < 2^52, and hi(q p_4) lands in limb 5 (p_5 = 0). Barrett's idea ("Implementing the RSA
 * public key encryption algorithm on a standard DSP", CRYPTO 1986) with the one-limb quotient
 * that the spare bits of r52 allow. */
R52_INLINE void vfp_reduce(vfp *r, const vfp *a)
{
#if VFP_RED_LO == 0
    r52v v = a->l[VFP_N - 1];
#else
    r52v v = r52v_and(
        r52v_or(r52v_shl(a->l[VFP_N - 1], VFP_RED_LO), r52v_shr(a->l[VFP_N - 2], 52 - VFP_RED_LO)),
        r52v_set1(R52_MASK));
#endif
    r52v q = r52v_madhi(r52v_zero(), v, r52v_set1(VFP_QINV));
    r52v t[VFP_N];
    R52_UNROLL
    for (int j = 0; j < VFP_N; j++) {
        r52v u = r52v_madlo(r52v_zero(), q, r52v_set1(VFP_P[j]));
        if (j > 0)
            u = r52v_madhi(u, q, r52v_set1(VFP_P[j - 1]));
        t[j] = r52v_sub(a->l[j], u);
    }
    vfp_normalize(r, t);
}

/* ---- Fp2 ---- */

R52_INLINE void vfp2_add(vfp2 *r, const vfp2 *a, const vfp2 *b)
{
    vfp_add(&r->c0, &a->c0, &b->c0);
    vfp_add(&r->c1, &a->c1, &b->c1);
}

R52_INLINE void vfp2_sub(vfp2 *r, const vfp2 *a, const vfp2 *b, uint64_t m)
{
    vfp_sub(&r->c0, &a->c0, &b->c0, m);
    vfp_sub(&r->c1, &a->c1, &b->c1, m);
}

R52_INLINE void vfp2_triple(vfp2 *r, const vfp2 *a)
{
    vfp_triple(&r->c0, &a->c0);
    vfp_triple(&r->c1, &a->c1);
}

R52_INLINE void vfp2_sub_2b_c(vfp2 *r, const vfp2 *a, const vfp2 *b, const vfp2 *c, uint64_t m)
{
    vfp_sub_2b_c(&r->c0, &a->c0, &b->c0, c ? &c->c0 : NULL, m);
    vfp_sub_2b_c(&r->c1, &a->c1, &b->c1, c ? &c->c1 : NULL, m);
}

/* Karatsuba with lazy reduction: the three products stay 2 VFP_N limbs wide and only
 * a0 b0 - a1 b1 + p R (< 3p after reduction) and (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 (< 2p)
 * are reduced, 2 reductions instead of 3, side by side (vfp_redc2) after all three products.
 * Needs (a0 + a1)(b0 + b1) < p R: any inputs below 2^16 p. r may alias. Out of line for the
 * reason vfp_mul is. Measured one thread, dependent products: 126 -> 105 ns per 8 lanes against
 * the word-serial reductions done one after the other. */
static __attribute__((noinline, unused)) void vfp2_mul(vfp2 *r, const vfp2 *a, const vfp2 *b)
{
    vfp_wide p0, p1, s, d;
    vfp sa, sb;
    vfp_add(&sa, &a->c0, &a->c1);
    vfp_add(&sb, &b->c0, &b->c1);
    vfp_mul_wide(&p0, &a->c0, &b->c0);
    vfp_mul_wide(&p1, &a->c1, &b->c1);
    vfp_mul_wide(&s, &sa, &sb);
    vfp_wide_sub(&d, &p0, &p1, 1);
    vfp_wide_add(&p0, &p0, &p1);
    vfp_wide_sub(&s, &s, &p0, 0);
    vfp_redc2(&r->c0, &d, &r->c1, &s);
}

/* (a0 + a1)(a0 - a1) (< 2p), 2 a0 a1 (< 4p). Needs a1 <= 1024p, a0 + a1 < 2^16 p. */
R52_INLINE void vfp2_sqr(vfp2 *r, const vfp2 *a)
{
    vfp s, d, m;
    vfp_add(&s, &a->c0, &a->c1);
    vfp_sub(&d, &a->c0, &a->c1, 1024);
    vfp_mul(&m, &a->c0, &a->c1);
    vfp_mul(&r->c0, &s, &d);
    vfp_add(&r->c1, &m, &m);
}

R52_INLINE void vfp2_blend(vfp2 *r, r52m m, const vfp2 *a, const vfp2 *b)
{
    vfp_blend(&r->c0, m, &a->c0, &b->c0);
    vfp_blend(&r->c1, m, &a->c1, &b->c1);
}

#endif
