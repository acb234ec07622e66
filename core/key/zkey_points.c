/*
 * Point decoding and validation of zkey arrays (zkey_points.h).
 *
 * Choice of the subgroup test (issue 14: study, measure, pick). Soundness first: every test here
 * is exact. Scott's tests (arith/bls12_381/g1.c, g2.c: each holds iff the point is in the
 * subgroup, proofs there) cost 126 doublings + 10 additions on G1 and 63 doublings + 5
 * additions over Fp2 on G2. Alternatives considered:
 *  - [r] P == O: 255 doublings; 3.6 (G1) to 7.6 (G2) times Scott's cost here.
 *  - Dai-Lin-Zhao-Zhou (eprint 2022/348) and Koshelev (2022/037) lower the cost where an
 *    endomorphism of small eigenvalue or a small cofactor exists. On BLS12-381 G1 any test
 *    [a] P + [b] sigma(P) = O needs a + b l = 0 mod r, so max(|a|, |b|) >= ~sqrt(r) = 2^127:
 *    Scott's x^2 is already that short. Koshelev's Tate-pairing test needs pairings of order
 *    e1 = (x - 1)/3 and e2 = x - 1 (E(Fp) = Z/e1 + Z/(e2 r)), ~64-step Miller loops and
 *    (p - 1)/e residuosity per point: no cheaper than Scott on this curve. On G2, x (64 bits) is
 *    already optimal for a relation of the 4-dimensional psi lattice (r^(1/4) = 2^64).
 *  - Batching, Q = sum c_i P_i with random c_i, one test of Q: if P_i has a torsion part of
 *    prime order l, Q passes with probability 1/l, and the cofactors have small primes (G1:
 *    3, 11^2, 10177^2, 859267^2, 52437899^2; G2: 13^2, 23^2, 2713, 11953, 262069, a 448-bit
 *    prime). Reaching 2^-128 takes ceil(128 / log2 l) independent rounds per prime, 128 bits
 *    of coefficient per prime in all: 640 bits of MSM per G1 point (5 primes), ~45 bucket
 *    additions, 450+ multiplications, against ~1000 for Scott; 768 bits on G2, no gain. The
 *    small primes alone could go to residue symbols (P in 3E(Fp) iff y - 2 is a cube: the
 *    Tate pairing with (0, 2), whose Miller function is y - 2), batched multiplicatively with
 *    81 rounds mod 3, but the sum stays at about half of Scott's G1 cost, with a probabilistic
 *    verdict and much more code.
 *  - Montgomery's trick across points (batch-affine): a doubling is 7 multiplications either
 *    way (Jacobian dbl-2009-l: 2M + 5S; affine: 4M + 2S + 3M of the shared inversion), so it
 *    does not pay for chains of doublings.
 * What pays is doing Scott's chains on eight points at once in AVX-512 IFMA lanes (arith/ifma):
 * measured one thread, same run, alternating, per point: G1 naive 167 us, Scott 46.5 us, lanes
 * 11.6 us, blst 47.1 us; G2 naive 397 us, Scott 52.4 us, lanes 14.4 us, blst 52.7 us (2-core
 * EPYC, load ~14). The lanes only ever prove membership; whatever they leave undecided goes
 * to the reference test, so the verdict is the reference's.
 */
#include "zkey_points.h"

#include "ifma.h"
#include "mont/mont.h"

/* The IFMA lanes only ever prove membership; every lane they leave undecided (in practice only
 * points outside the subgroup) goes to the reference test, in index order, so the first
 * failing index is the same as the reference's. Infinity is skipped: it is a member. */
#define FIRST_OUTSIDE(G)                                                                           \
    size_t zkey_##G##_first_outside(const G##_affine_t *pts, size_t n)                             \
    {                                                                                              \
        if (!ifma_available()) {                                                                   \
            for (size_t i = 0; i < n; i++)                                                         \
                if (!G##_affine_is_inf(&pts[i]) && !G##_affine_in_subgroup(&pts[i]))               \
                    return i;                                                                      \
            return n;                                                                              \
        }                                                                                          \
        G##_affine_t lane[IFMA_LANES];                                                             \
        size_t at[IFMA_LANES];                                                                     \
        unsigned m = 0;                                                                            \
        for (size_t i = 0; i <= n; i++) {                                                          \
            if (i < n && !G##_affine_is_inf(&pts[i])) {                                            \
                lane[m] = pts[i];                                                                  \
                at[m++] = i;                                                                       \
            }                                                                                      \
            if (m == IFMA_LANES || (i == n && m > 0)) {                                            \
                unsigned ok = G##_ifma_in_subgroup(lane, m);                                       \
                for (unsigned k = 0; k < m; k++)                                                   \
                    if (!((ok >> k) & 1) && !G##_affine_in_subgroup(&lane[k]))                     \
                        return at[k];                                                              \
                m = 0;                                                                             \
            }                                                                                      \
        }                                                                                          \
        return n;                                                                                  \
    }

FIRST_OUTSIDE(g1)
FIRST_OUTSIDE(g2)
FIRST_OUTSIDE(bn254_g2) /* BN254's G1 has cofactor 1: the curve test is its subgroup test */

/* Every coordinate < p, as the field arithmetic needs (points are used where the file put them,
 * zkey_load.c, so this is the decoding's check too); c: n elements of `limbs` words each. */
static int coords_below(const uint64_t *c, size_t n, const uint64_t *p, size_t limbs)
{
    for (size_t i = 0; i < n; i++)
        if (mont_geq(c + i * limbs, p, limbs))
            return 0;
    return 1;
}

/* Coordinates and the curve test first (the subgroup tests assume both), then the subgroup test
 * before the first point that failed them. FP: the curve's Fp type and its modulus. */
#define FIRST_INVALID(G, FP, MODULUS)                                                              \
    size_t zkey_##G##_first_invalid(const G##_affine_t *pts, size_t n, const char **what)          \
    {                                                                                              \
        size_t off = n;                                                                            \
        const char *why = NULL;                                                                    \
        const size_t limbs = sizeof(FP) / sizeof(uint64_t);                                        \
        for (size_t i = 0; i < n && off == n; i++) {                                               \
            if (!coords_below((const uint64_t *)&pts[i], sizeof pts[i] / sizeof(FP), MODULUS.l,    \
                              limbs))                                                              \
                off = i, why = ZKEY_COORD_NOT_BELOW_P;                                             \
            else if (!G##_affine_is_on_curve(&pts[i]))                                             \
                off = i, why = ZKEY_NOT_ON_CURVE;                                                  \
        }                                                                                          \
        size_t out = zkey_##G##_first_outside(pts, off);                                           \
        if (what)                                                                                  \
            *what = out < off ? ZKEY_NOT_IN_SUBGROUP : why;                                        \
        return out < off ? out : off;                                                              \
    }

FIRST_INVALID(g1, fp_t, FP_MODULUS)
FIRST_INVALID(g2, fp_t, FP_MODULUS)
FIRST_INVALID(bn254_g2, bn254_fp_t, BN254_FP_MODULUS)

size_t zkey_first_invalid(const curve *cv, int g2, const void *pts, size_t n, const char **what)
{
    if (cv == &curve_bls12_381)
        return g2 ? zkey_g2_first_invalid(pts, n, what) : zkey_g1_first_invalid(pts, n, what);
    if (cv == &curve_bn254 && g2) /* the costly one: its subgroup test on the IFMA lanes */
        return zkey_bn254_g2_first_invalid(pts, n, what);
    size_t bytes = g2 ? cv->g2_bytes : cv->g1_bytes;
    for (size_t i = 0; i < n; i++) {
        curve_g2 p; /* holds either group's point */
        const uint8_t *at = (const uint8_t *)pts + i * bytes;
        int v = g2 ? cv->g2_from_mont_bytes(&p, at) : cv->g1_from_mont_bytes(&p, at);
        if (v != CURVE_PT_OK) {
            if (what)
                *what = v == CURVE_PT_NOT_BELOW_P ? ZKEY_COORD_NOT_BELOW_P
                        : v == CURVE_PT_OFF_CURVE ? ZKEY_NOT_ON_CURVE
                                                  : ZKEY_NOT_IN_SUBGROUP;
            return i;
        }
    }
    if (what)
        *what = NULL;
    return n;
}
