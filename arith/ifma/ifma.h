/*
 * arith/ifma: eight-lane radix-2^52 Montgomery arithmetic for BLS12-381 on AVX-512 IFMA, for the
 * CPU plugin's MSMs (G2 above all, G1 too), and the part of it that BN254 uses (its section below,
 * the same sources built again: r52_curve.h); and both curves' Fr for the NTT's butterflies (5
 * limbs, R' = 2^260: the "Fr NTT kernels" section). This header is portable C: the plugin's
 * portable files include it and call in only after ifma_available() said yes.
 *
 * Representation ("r52"). An Fp element x is held as X = x * 2^416 mod p (Montgomery with
 * R = 2^416), written in 8 limbs of 52 bits, little-endian, each limb in a uint64_t. X is *not*
 * fully reduced: every r52 value handed out by this library is below 128p (limbs always
 * < 2^52), and every function here accepts any value below 128p (vfp.h tracks the bounds). Two r52 encodings of one field element
 * may therefore differ; compare after conversion to fp_t (arith/bls12_381/field.h, Montgomery
 * R = 2^384, fully reduced), which is unique.
 *
 * Eight field elements form one "lane group": lane k of every operation is independent of the
 * other lanes (structure of arrays, one zmm register per limb). Sources of the method: Gueron and
 * Krasnov, "Accelerating big integer arithmetic using Intel IFMA extensions" (ARITH 2016), and
 * Drucker and Gueron, "Fast modular squaring with AVX512IFMA" (2019): Montgomery products in
 * radix 2^52 with vpmadd52luq/vpmadd52huq (vfp.h: by columns, the reduction interleaved); here
 * applied across lanes instead of within one number, which needs no shuffles at all.
 *
 * Threads: every function is pure apart from its outputs and is thread-safe for disjoint outputs.
 * Nothing allocates. All struct types below need 64-byte alignment (declared with _Alignas).
 * Calling anything but ifma_available() on a CPU where it returned 0 raises SIGILL.
 */
#ifndef G16K_CPU_IFMA_H
#define G16K_CPU_IFMA_H

#include <stddef.h>
#include <stdint.h>

#include "bls12_381/curve.h"
#include "bn254/curve.h"

#define IFMA_LANES 8
#define R52_LIMBS 8

/* 1 if this CPU and OS can run g16k_ifma: CPUID.(7,0):EBX has AVX512F (bit 16), AVX512DQ (17),
 * AVX512IFMA (21), AVX512BW (30), AVX512VL (31), CPUID.1:ECX has OSXSAVE, and XCR0 shows the
 * OS saves SSE, AVX, opmask and both ZMM halves (bits 1, 2, 5, 6, 7). The environment variable
 * G16K_SIMD=portable forces 0. Cheap after the first call (cached); thread-safe. (ifma_available.c on
 * platform/cpu_features.c, the method of libsodium's runtime.c.) */
int ifma_available(void);

/* ---- Fp, 8 lanes (fp_ifma.c) ---- */

/* Eight Fp elements in r52, structure of arrays: l[j][k] is limb j of lane k. */
typedef struct {
    _Alignas(64) uint64_t l[R52_LIMBS][IFMA_LANES];
} fp8_r52;

/* fp_t (Montgomery 2^384, < p) -> r52: re-radix 6x64 -> 8x52 bits, then one Montgomery
 * multiplication by 2^448 mod p, i.e. X = x 2^384 * 2^448 / 2^416 = x 2^416. Output < 2p. */
void fp_ifma_to_r52(fp8_r52 *out, const fp_t in[IFMA_LANES]);
/* r52 (any value < 128p) -> fp_t, fully reduced: Montgomery multiplication by 2^384 mod p
 * (gives x 2^384 in [0, 2p)), re-radix, one conditional subtraction of p. */
void fp_ifma_from_r52(fp_t out[IFMA_LANES], const fp8_r52 *in);
/* out = a * b / 2^416 mod p, lane by lane; inputs < 128p, output < 2p. Aliasing allowed. */
void fp_ifma_mul(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
/* out = a^2 / 2^416 mod p (vfp_sqr: fewer products), the same limbs as fp_ifma_mul(out, a, a);
 * input < 128p, output < 2p. Aliasing allowed. */
void fp_ifma_sqr(fp8_r52 *out, const fp8_r52 *a);
/* out = a + b, no reduction: inputs < 64p, output < 128p. */
void fp_ifma_add(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
/* out = a - b + 64p (lazy): a < 64p, b <= 64p, output < 128p. */
void fp_ifma_sub(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
/* out = a mod p, below 3p: any a with limbs < 2^52 (a < 2^416). A one-limb Barrett step
 * (vfp.h vfp_reduce), a tenth of a multiplication; the batch-affine kernels reduce with it. */
void fp_ifma_reduce(fp8_r52 *out, const fp8_r52 *a);

/* ---- Fp2 = Fp[u]/(u^2+1), 8 lanes (fp_ifma.c) ---- */
typedef struct {
    fp8_r52 c0, c1;
} fp2x8_r52;

void fp2_ifma_to_r52(fp2x8_r52 *out, const fp2_t in[IFMA_LANES]);
void fp2_ifma_from_r52(fp2_t out[IFMA_LANES], const fp2x8_r52 *in);
/* Karatsuba, 3 Fp products and 2 reductions (lazy); inputs < 128p per coordinate, output < 3p. */
void fp2_ifma_mul(fp2x8_r52 *out, const fp2x8_r52 *a, const fp2x8_r52 *b);
/* (a0 + a1)(a0 - a1) + 2 a0 a1 u, 2 Fp multiplications; output < 8p. */
void fp2_ifma_sqr(fp2x8_r52 *out, const fp2x8_r52 *a);

/* ---- G2 buckets (g2_ifma.c) ---- */

/* One G2 Jacobian point (X/Z^2, Y/Z^3) in r52, each Fp2 coordinate as [c0, c1] x 8 limbs.
 * Z = 0 mod p is infinity. 384 bytes, one per Pippenger bucket, array of structures. */
typedef struct {
    _Alignas(64) uint64_t x[2][R52_LIMBS];
    uint64_t y[2][R52_LIMBS];
    uint64_t z[2][R52_LIMBS];
} g2_jac_r52;

/* Sets *b to infinity, (1, 1, 0) like g2_jac_set_inf. Any thread. */
void g2_ifma_set_inf(g2_jac_r52 *b);
/* n points, reference Jacobian <-> r52; n any size (8 at a time inside). to_jac output is
 * exactly what the reference arithmetic would hold (fully reduced Montgomery 2^384). */
void g2_ifma_from_jac(g2_jac_r52 *out, const g2_jac_t *in, size_t n);
void g2_ifma_to_jac(g2_jac_t *out, const g2_jac_r52 *in, size_t n);

/* Pippenger bucket accumulation, 8 at a time:
 *   buckets[idx[k]] += (neg bit k ? -pts[k] : pts[k])   for lanes k < n (n <= 8).
 * idx[0..n-1] must be pairwise distinct (the caller batches distinct buckets); lanes >= n are not
 * read. pts[k] are affine, Montgomery 2^384 (fp_t), (0, 0) = infinity; borrowed for the call.
 * The result of every lane equals g2_jac_add_affine (madd-2007-bl) of the reference after
 * conversion, including the special cases: point at infinity and empty bucket are handled
 * in-vector (blends); lanes where bucket == +-point (H = 0) are detected exactly and recomputed
 * by the scalar reference (g2_jac_add_affine: doubling or infinity), a rare path.
 * Returns how many lanes took that scalar path (for statistics). Thread-safe for disjoint
 * buckets. Cost: 29 Fp multiplications in 8 lanes for the formula (7 Fp2 mul, 4 Fp2 sqr), 4 to
 * convert the points, the 8x8 transposes of gather/scatter, and 2 more in calls that meet an
 * empty bucket (exact infinity test). Buckets need no particular alignment. */
unsigned g2_ifma_bucket_add(g2_jac_r52 *buckets, const uint32_t idx[IFMA_LANES],
                            const g2_affine_t *const pts[IFMA_LANES], unsigned neg_mask,
                            unsigned n);
/* buckets[idx[k]] = 2 * buckets[idx[k]] for k < n (dbl-2009-l, same as g2_jac_dbl, infinity
 * stays infinity, no special case needed). idx distinct. Cost ~ 2 mul + 5 sqr of Fp2. */
void g2_ifma_bucket_dbl(g2_jac_r52 *buckets, const uint32_t idx[IFMA_LANES], unsigned n);

/* ---- G1 buckets (g1_ifma.c): the same contracts over Fp ---- */
typedef struct {
    _Alignas(64) uint64_t x[R52_LIMBS];
    uint64_t y[R52_LIMBS];
    uint64_t z[R52_LIMBS];
} g1_jac_r52;

void g1_ifma_set_inf(g1_jac_r52 *b);
void g1_ifma_from_jac(g1_jac_r52 *out, const g1_jac_t *in, size_t n);
void g1_ifma_to_jac(g1_jac_t *out, const g1_jac_r52 *in, size_t n);
unsigned g1_ifma_bucket_add(g1_jac_r52 *buckets, const uint32_t idx[IFMA_LANES],
                            const g1_affine_t *const pts[IFMA_LANES], unsigned neg_mask,
                            unsigned n);
void g1_ifma_bucket_dbl(g1_jac_r52 *buckets, const uint32_t idx[IFMA_LANES], unsigned n);

/* ---- Eight scalar multiplications, G1 and G2 (glv_ifma_impl.h, in g1_/g2_ifma.c) ---- */
/* out[k] = [s[k]] p[k] for lanes k < n (n <= 8): each scalar split by glv_fixed_set
 * (arith/bls12_381/glv.h; each half's value in [0, 2^128)), then in the lanes: G1 two parts
 * (128 doublings), G2 four (GLS with psi, 64 doublings), signed 4-bit windows on the tables
 * [m] p[k], m = 1..8, or the width-5 NAF on the odd multiples 1..15 when every lane has the same
 * scalar; the tables and their images built in the lanes too, the reference making the tables
 * affine with one inversion for the eight lanes. p[k] in the prime-order group (the
 * endomorphisms act as their eigenvalues there only) or infinity; a rare exact case falls back to
 * the reference. The same points as g*_jac_mul_glv (compare with g*_jac_eq: the Jacobian
 * coordinates differ). For the group FFT of `g16k ptau prepare` and its contributions. out and p
 * may be the same array. Measured (Zen 4, one core, eight lanes): G1 105 us (90 us one scalar), G2
 * 198 (159) us. */
struct glv_fixed;
void g1_ifma_mul_glv(g1_jac_t *out, const g1_jac_t *p, const struct glv_fixed *const s[],
                     unsigned n);
void g2_ifma_mul_glv(g2_jac_t *out, const g2_jac_t *p, const struct glv_fixed *const s[],
                     unsigned n);
/* out[i] = [s[i]] p[i] for i < n, affine points in and out ((0, 0) is infinity): the same
 * split and digits as g*_ifma_mul_glv, but every step of every product (a doubling, an addition
 * of a table entry, the tables' chain) done affine for a batch of up to 2048 (G1) or 1024 (G2)
 * points at once, their denominators inverted together by Montgomery's trick, one reference
 * inversion a step (glv_aff_ifma_impl.h). p[i] in the prime-order group or infinity; a zero
 * denominator is found exactly and that point recomputed by the reference. The same points as
 * g*_jac_mul_glv (also for a point on the curve outside the group, where that GLV product is
 * not [s] p: tested with a point of order 3). scratch: g*_ifma_mul_glv_aff_scratch(n) bytes, 64-byte aligned, the caller's
 * (one per thread); out and p do not overlap. Thread-safe on disjoint outputs and scratch.
 * For `g16k ptau contribute` onto a file that is not all generators. */
size_t g1_ifma_mul_glv_aff_scratch(size_t n);
size_t g2_ifma_mul_glv_aff_scratch(size_t n);
void g1_ifma_mul_glv_aff(g1_affine_t *out, const g1_affine_t *p, const struct glv_fixed *s,
                         size_t n, void *scratch);
void g2_ifma_mul_glv_aff(g2_affine_t *out, const g2_affine_t *p, const struct glv_fixed *s,
                         size_t n, void *scratch);
/* g1_ifma_mul_glv_aff and a subgroup test of every p[i] (Scott's, as g1_ifma_in_subgroup) in
 * one pass (glv_rtl_ifma_impl.h): the doublings of each p[i], [2^j] p[i] for j = 0..128, serve
 * the product's digits (width-4 NAF of each GLV half, right to left into buckets) and the
 * test's [x^2] p[i] alike; about 129 doublings and 85 addition steps against the two calls'
 * 254 doublings and 80 additions. p[i] any point on the curve or infinity (infinity is in G1);
 * s[i] from glv_fixed_set (halves below x^2, as the recoding needs). Returns the lowest i whose
 * p[i] is not in G1 (decided by g1_affine_in_subgroup where the lanes' test did not prove
 * membership), or n when every point is; out[i] is [s[i]] p[i] as g1_ifma_mul_glv_aff makes it
 * for every point of G1, infinity for the others. scratch: g1_ifma_mul_glv_aff_tested_scratch(n)
 * bytes, 64-byte aligned, the caller's; out and p do not overlap. Thread-safe on disjoint
 * outputs and scratch. For `g16k ptau contribute`, `beacon` onto a file of others. */
size_t g1_ifma_mul_glv_aff_tested_scratch(size_t n);
size_t g1_ifma_mul_glv_aff_tested(g1_affine_t *out, const g1_affine_t *p, const struct glv_fixed *s,
                                  size_t n, void *scratch);
/* The group FFT's butterflies, eight at a time: for lanes k < n, t = [s[k]] v[k] as
 * g*_ifma_mul_glv makes it, then (u[k], v[k]) <- (u[k] + t, u[k] - t), the two additions in the
 * lanes too (add-2007-bl, sharing all but the terms of r); a lane where u[k] is infinity or
 * u[k] = +-t, or whose product took the reference, adds by the reference's complete g*_jac_add.
 * The 2n points u[0..n-1], v[0..n-1] are pairwise distinct, p's contract holds for v[k]; the
 * results are the same points as the reference's butterfly. Thread-safe on disjoint points. */
void g1_ifma_butterfly(g1_jac_t *const u[], g1_jac_t *const v[], const struct glv_fixed *const s[],
                       unsigned n);
void g2_ifma_butterfly(g2_jac_t *const u[], g2_jac_t *const v[], const struct glv_fixed *const s[],
                       unsigned n);

/* ---- Batch-affine buckets, G1 and G2 (ba_ifma.c) ---- */

/* One finite affine point in r52: blocks of 8 limbs, x then y; G1 [x, y], G2 [x.c0, x.c1,
 * y.c0, y.c1]. Every value below 4p. 128 / 256 bytes, one per Pippenger bucket. An empty bucket
 * has no r52 form: the caller keeps that state. */
typedef struct {
    _Alignas(64) uint64_t c[2][R52_LIMBS];
} g1_aff_r52;
typedef struct {
    _Alignas(64) uint64_t c[4][R52_LIMBS];
} g2_aff_r52;

/* *out = (neg ? -p : p) for one finite point p (scalar code: 2 or 4 reference Fp products). */
void g1_ifma_aff_set(g1_aff_r52 *out, const g1_affine_t *p, int neg);
void g2_ifma_aff_set(g2_aff_r52 *out, const g2_affine_t *p, int neg);
/* out[i] = in[i] for i < n, as reference affine points (fully reduced Montgomery 2^384), 8 at a
 * time in the vector unit. */
void g1_ifma_aff_get(g1_affine_t *out, const g1_aff_r52 *in, size_t n);
void g2_ifma_aff_get(g2_affine_t *out, const g2_aff_r52 *in, size_t n);

/* Bytes of scratch g1_/g2_ifma_ba_run needs for cnt additions (64-byte multiple). */
size_t g1_ifma_ba_scratch_size(uint32_t cnt);
size_t g2_ifma_ba_scratch_size(uint32_t cnt);

/* A batch of affine additions, Montgomery's trick across the batch:
 *   buckets[idx[t]] += (neg[t] ? -pts[t] : pts[t])   for t < cnt,
 * where every bucket idx[t] holds a finite point and the idx[t] are pairwise distinct; pts[t]
 * are finite reference affine points (g1_affine_t / g2_affine_t), borrowed for the call.
 * empty[t] is set to 1 where the sum is infinity (bucket == -point; the bucket's r52 value is
 * then meaningless and the caller marks it empty), else 0. Exact in every case: bucket == point
 * doubles (slope 3x^2 / 2y), bucket == -point cancels, found by an exact zero test behind a
 * cheap filter. Additions run 8 lanes at a time (lane k of group g is addition 8g + k); each
 * lane keeps a running product of its slope denominators, the 8 lane products are inverted with
 * one reference fp_inv (Montgomery's trick again, in scalar code), and the products unwind
 * from the last group to the first. G2 takes the trick on the Fp norms of its Fp2
 * denominators, 1/d = conj(d) / N(d), as the portable batch-affine code does. Cost per
 * addition, in 8-lane Fp products: G1 6, G2 15 (of which 6 in two Fp2 products and 2 in the
 * norm share reductions: 12 reductions), plus about a tenth of one for each of the 2 / 4
 * point coordinates converted and 2 / 4 result coordinates reduced, the bucket transposes and
 * the per-batch inversion. Measured (bench_ifma, Zen 4): G1 ~90 ns, G2 ~200 ns an addition,
 * against ~460 / ~1140 ns for one reference Jacobian mixed addition. scratch: g1_/g2_ifma_ba_scratch_size(cnt) bytes, 64-byte aligned. Thread-safe for
 * disjoint buckets and scratch. Sources: Montgomery, "Speeding the Pollard and elliptic curve
 * methods of factorization", Math. Comp. 1987; the "batch affine" bucket accumulation of
 * gnark-crypto and barretenberg (read for the idea). */
void g1_ifma_ba_run(g1_aff_r52 *buckets, const uint64_t *idx, const uint8_t *const *pts,
                    const uint8_t *neg, uint32_t cnt, uint8_t *empty, void *scratch);
void g2_ifma_ba_run(g2_aff_r52 *buckets, const uint64_t *idx, const uint8_t *const *pts,
                    const uint8_t *neg, uint32_t cnt, uint8_t *empty, void *scratch);
/* The bucket fold of a batch-affine Pippenger window, 8 lanes (g_ifma_impl.h):
 *   out = sum_{j < nb, state[j] & full} (j + 1) * buckets[j]
 * over the r52 buckets as g1_/g2_ifma_ba_run leaves them (buckets whose state lacks `full` are
 * empty and never read). Lane k folds the range [k L, (k + 1) L), L = ceil(nb / 8), by the
 * running-sum trick (a mixed addition of the bucket into the running sum R_k, then a Jacobian
 * addition of R_k into the lane's sum W_k, per bucket); the ranges are then joined in scalar
 * code, out = sum_k W_k + sum_k [k L] S_k with S_k the range's plain sum (the final R_k): eight
 * small products. Exact in every case, in the lanes: an empty R or W takes the other operand,
 * R = +-bucket and W = +-R (which a run of empty buckets makes: W = R after the first) double or
 * cancel, found by an exact test behind the formulas' H = 0 filter. The result is the same point
 * as a scalar fold (cpu/msm_pippenger.c fold_buckets) over the buckets as reference affine
 * points (g1_/g2_ifma_aff_get), not the same Jacobian coordinates. Cost per bucket: a mixed and
 * a general addition in 8 lanes (G1 ~11 + ~16 lane products / 8), against both in scalar code
 * before (G1 2^20, window 16: 16 folds of 2^15 buckets, about a quarter of the MSM). Thread-safe on disjoint
 * outputs; reads buckets and state only. */
void g1_ifma_ba_fold(g1_jac_t *out, const g1_aff_r52 *buckets, const uint8_t *state, uint8_t full,
                     uint64_t nb);
void g2_ifma_ba_fold(g2_jac_t *out, const g2_aff_r52 *buckets, const uint8_t *state, uint8_t full,
                     uint64_t nb);
/* ---- Fr NTT kernels, 8 lanes (ntt_ifma.c on vfr.h) ----
 * The arithmetic of one block of cpu/ntt.c's cache-blocked radix-2 transform over Fr: a column
 * tile or a leaf. Data: the reference fr_t array (Montgomery 2^256, fully reduced), read and
 * written in place (outputs fully reduced too, so they equal the portable butterflies' bit for
 * bit); inside, a copy in 5 limbs of 52 bits a value, eight values to a lanes block (40 words), in
 * the caller's scratch. Twiddle tables ("tw52"): entry e of a table is w_e 2^260 mod r (< r),
 * limb j at word (e / 8) 40 + 8 j + e % 8; cpu/ntt.c keeps its per-stage table this way (entry
 * h + j = omega_2h^j for stage span h, j < h; entries 0 and past the end read as padding: see
 * each function). Products are Montgomery products by 2^-260, so data x 2^256 times a twiddle
 * w 2^260 stays x w 2^256 and data needs only re-radixing. Butterflies: Gentleman-Sande for the
 * DIF modes (the inverse with omega_2h^-j = -tw[2h - j]), Cooley-Tukey for the DIT, Harvey's lazy
 * bound 2r between stages. Thread-safe on disjoint data and scratch; nothing allocates.
 * Measured: cpu/ntt.c's header. */
enum { FR_IFMA_DIF = 0, FR_IFMA_DIF_INV = 1, FR_IFMA_DIT = 2 };
/* Limbs of 52 bits of one Fr value, and words of one lanes block: 8 values of 5 limbs. */
#define FR_IFMA_LIMBS 5
#define FR_IFMA_BLOCK_WORDS (FR_IFMA_LIMBS * IFMA_LANES)
/* dst = the tw52 form of src[0..count) (count a multiple of 8): w 2^256 -> w 2^260 mod r. */
void fr_ifma_tw_from_mont(uint64_t *dst, const fr_t *src, uint64_t count);
/* The column pass on one tile: R rows (a power of 2) of 8 elements, row r at x + r ld, holding
 * columns c0 .. c0 + 7 (c0 a multiple of 8) of an array of rows of S elements (S a multiple of
 * 8); all log2 R stages spanning rows, the butterfly of rows r and r + hr at twiddle index
 * r S + c0 + c (span h = hr S): DIF modes from hr = R / 2 down, DIT from hr = 1 up. tw: the
 * per-stage table of the whole transform, with one block past its end (index 2h for the largest
 * h, read by the inverse and not used). scratch: R * 40 words, 64-byte aligned. */
void fr_ifma_ntt_cols(fr_t *x, uint64_t ld, uint64_t R, uint64_t S, uint64_t c0, const uint64_t *tw,
                      int mode, uint64_t *scratch);
/* Every stage of one contiguous leaf x of 2^log_m elements (3 <= log_m), span m / 2 down to 1
 * (DIF modes) or 1 up to m / 2 (DIT), twiddles from the same table (a leaf's stage of span h uses
 * entries h .. 2h - 1). coset_lo non-NULL (DIF modes only): then x[t] *= coset_lo[t] *
 * coset_hi[blk], both tw52 tables (coset_lo 2^log_m entries, coset_hi padded to a multiple of
 * 8). scratch: 2^log_m * 5 words, 64-byte aligned. */
void fr_ifma_ntt_leaf(fr_t *x, uint32_t log_m, const uint64_t *tw, int mode,
                      const uint64_t *coset_lo, const uint64_t *coset_hi, uint64_t blk,
                      uint64_t *scratch);
/* The same on BN254's Fr (arith/ifma/bn254/ntt_ifma.c: 254-bit r, the same 5 limbs). */
void bn254_fr_ifma_tw_from_mont(uint64_t *dst, const bn254_fr_t *src, uint64_t count);
void bn254_fr_ifma_ntt_cols(bn254_fr_t *x, uint64_t ld, uint64_t R, uint64_t S, uint64_t c0,
                            const uint64_t *tw, int mode, uint64_t *scratch);
void bn254_fr_ifma_ntt_leaf(bn254_fr_t *x, uint32_t log_m, const uint64_t *tw, int mode,
                            const uint64_t *coset_lo, const uint64_t *coset_hi, uint64_t blk,
                            uint64_t *scratch);

/* ---- BN254 (arith/ifma/bn254/): the Fp, Fp2 and batch-affine functions above on BN254's
 * field, one text built twice (r52_curve.h). An r52 value is X = x 2^312 mod p in 6 limbs of
 * 52 bits (R = 2^312; p < 2^254 leaves 58 spare bits, so every bound above holds unchanged);
 * the storage types are the same (fp8_r52, g1_aff_r52, ...: 8 words a value; the conversions
 * from reference values write words 6 and 7 as 0, the Fp and Fp2 entry points below (mul, sqr,
 * add, sub, reduce) write words 0 to 5 only); the reference values are arith/bn254's
 * (Montgomery 2^256, fully reduced).
 * bn254_fp_ifma_reduce takes any a < 2^305 (not 2^416). The MSM's gain: cpu/msm_batch_affine.c.
 * ---- */
void bn254_fp_ifma_to_r52(fp8_r52 *out, const bn254_fp_t in[IFMA_LANES]);
void bn254_fp_ifma_from_r52(bn254_fp_t out[IFMA_LANES], const fp8_r52 *in);
void bn254_fp_ifma_mul(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
void bn254_fp_ifma_sqr(fp8_r52 *out, const fp8_r52 *a);
void bn254_fp_ifma_add(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
void bn254_fp_ifma_sub(fp8_r52 *out, const fp8_r52 *a, const fp8_r52 *b);
void bn254_fp_ifma_reduce(fp8_r52 *out, const fp8_r52 *a);
void bn254_fp2_ifma_to_r52(fp2x8_r52 *out, const bn254_fp2_t in[IFMA_LANES]);
void bn254_fp2_ifma_from_r52(bn254_fp2_t out[IFMA_LANES], const fp2x8_r52 *in);
void bn254_fp2_ifma_mul(fp2x8_r52 *out, const fp2x8_r52 *a, const fp2x8_r52 *b);
void bn254_fp2_ifma_sqr(fp2x8_r52 *out, const fp2x8_r52 *a);
void bn254_g1_ifma_aff_set(g1_aff_r52 *out, const bn254_g1_affine_t *p, int neg);
void bn254_g2_ifma_aff_set(g2_aff_r52 *out, const bn254_g2_affine_t *p, int neg);
void bn254_g1_ifma_aff_get(bn254_g1_affine_t *out, const g1_aff_r52 *in, size_t n);
void bn254_g2_ifma_aff_get(bn254_g2_affine_t *out, const g2_aff_r52 *in, size_t n);
size_t bn254_g1_ifma_ba_scratch_size(uint32_t cnt);
size_t bn254_g2_ifma_ba_scratch_size(uint32_t cnt);
/* pts[t]: bn254_g1_affine_t / bn254_g2_affine_t */
void bn254_g1_ifma_ba_run(g1_aff_r52 *buckets, const uint64_t *idx, const uint8_t *const *pts,
                          const uint8_t *neg, uint32_t cnt, uint8_t *empty, void *scratch);
void bn254_g2_ifma_ba_run(g2_aff_r52 *buckets, const uint64_t *idx, const uint8_t *const *pts,
                          const uint8_t *neg, uint32_t cnt, uint8_t *empty, void *scratch);
/* g1_/g2_ifma_ba_fold above on BN254 (out: bn254_g1_jac_t / bn254_g2_jac_t). */
void bn254_g1_ifma_ba_fold(bn254_g1_jac_t *out, const g1_aff_r52 *buckets, const uint8_t *state,
                           uint8_t full, uint64_t nb);
void bn254_g2_ifma_ba_fold(bn254_g2_jac_t *out, const g2_aff_r52 *buckets, const uint8_t *state,
                           uint8_t full, uint64_t nb);
/* BN254's G2 subgroup test (arith/bn254/g2.c: [x + 1] P + psi([x] P) + psi^2([x] P) =
 * psi^3([2x] P)) on pts[0..n-1], n <= 8, each affine, on the curve and not infinity, with the
 * contract of g2_ifma_in_subgroup below: a set bit proves membership, a clear bit decides
 * nothing. 62 doublings, 10 mixed and 2 general additions, 7 psi maps over Fp2 in 8 lanes.
 * (arith/ifma/bn254/g2_ifma.c: g_ifma_impl.h's subgroup part on BN254.) */
unsigned bn254_g2_ifma_in_subgroup(const bn254_g2_affine_t *pts, unsigned n);
/* g1_/g2_ifma_mul_glv and _butterfly above on BN254, with their contracts: the scalars are
 * bn254/glv.h's (k canonical), split in the lanes' caller code by GLV on G1 (k = +-k1 +- k2
 * lambda, sigma(x, y) = (beta x, y): two parts below 2^128, 128 doublings) and by GLS in
 * dimension 4 on G2 (k = sum +-v_i l^i, l = p mod r, psi^i: four parts below 2^67, 64
 * doublings); 4-bit signed windows on the tables [m] p, m = 1..8 (the width-5 NAF on the odd
 * multiples when the lanes share one scalar), a part's digits negated where the split gave it a
 * minus sign. p[k] in the group of order r (on G2 the split needs it; G1's cofactor is 1) or
 * infinity. The rare exact case takes the reference's bn254_g1_jac_mul_glv /
 * bn254_g2_jac_mul_gls. (arith/ifma/bn254/g1_ifma.c, g2_ifma.c: glv_ifma_impl.h on BN254.) */
struct bn254_glv_fixed;
void bn254_g1_ifma_mul_glv(bn254_g1_jac_t *out, const bn254_g1_jac_t *p,
                           const struct bn254_glv_fixed *const s[], unsigned n);
void bn254_g2_ifma_mul_glv(bn254_g2_jac_t *out, const bn254_g2_jac_t *p,
                           const struct bn254_glv_fixed *const s[], unsigned n);
/* g1_/g2_ifma_mul_glv_aff above on BN254 (bn254/glv.h's scalars, split as just above). */
size_t bn254_g1_ifma_mul_glv_aff_scratch(size_t n);
size_t bn254_g2_ifma_mul_glv_aff_scratch(size_t n);
void bn254_g1_ifma_mul_glv_aff(bn254_g1_affine_t *out, const bn254_g1_affine_t *p,
                               const struct bn254_glv_fixed *s, size_t n, void *scratch);
void bn254_g2_ifma_mul_glv_aff(bn254_g2_affine_t *out, const bn254_g2_affine_t *p,
                               const struct bn254_glv_fixed *s, size_t n, void *scratch);
void bn254_g1_ifma_butterfly(bn254_g1_jac_t *const u[], bn254_g1_jac_t *const v[],
                             const struct bn254_glv_fixed *const s[], unsigned n);
void bn254_g2_ifma_butterfly(bn254_g2_jac_t *const u[], bn254_g2_jac_t *const v[],
                             const struct bn254_glv_fixed *const s[], unsigned n);

/* ---- Subgroup tests, 8 points at a time (the core's key checks) ---- */

/* Scott's exact test (arith/bls12_381/g1.c: [x^2] P == -sigma(P)) on pts[0..n-1], n <= 8, each
 * affine, on the curve and not infinity. Returns a mask: bit k set means pts[k] is in G1, proven
 * by the lane computation; a clear bit decides nothing, and the caller runs the reference test
 * g1_affine_in_subgroup on that point. A clear bit comes from a point outside G1 (the test
 * fails, or its chain met a case the formulas leave out: a partial multiple equal to O or +-P,
 * detected exactly), never from a point of G1. Cost: 126 doublings and 10 additions in
 * 8 lanes, about 1030 lane multiplications for 8 points. Thread-safe. */
unsigned g1_ifma_in_subgroup(const g1_affine_t *pts, unsigned n);
/* The same for G2 (arith/bls12_381/g2.c: [|x|] P == -psi(P)): 63 doublings and 5 additions
 * over Fp2. */
unsigned g2_ifma_in_subgroup(const g2_affine_t *pts, unsigned n);

#endif
