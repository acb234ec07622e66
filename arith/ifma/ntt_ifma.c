/*
 * The radix-2 NTT's butterflies over Fr in eight lanes (ifma.h, "Fr NTT kernels"): the column
 * pass of a cache-blocked transform (one tile of R rows x 8 columns, a column per lane) and a
 * leaf block (all its stages). cpu/ntt.c owns the blocking, the twiddle tables and the threads;
 * these functions do the arithmetic of one block, reading and writing the reference fr_t array
 * and working on a lanes copy in the caller's scratch.
 *
 * Butterflies (Harvey's lazy reduction, "Faster arithmetic for number-theoretic transforms",
 * J. Symbolic Comput. 60, 2014, with the bound 2r): every value between butterflies is below 2r.
 *   Gentleman-Sande (DIF):  (a, b) <- (a + b mod 2r, (a - b + 2r) w)        one reduction
 *     inverse twiddle omega_2h^-j = -tw[2h - j]:  b <- (b - a + 2r) tw[2h - j]
 *   Cooley-Tukey (DIT):     v = b w; (a, b) <- (a + v mod 2r, a - v mod 2r)  two reductions
 * Products: vfr_mul(x, w) with x < 4r, w < r gives < 2r (vfr.h). Values are fully reduced (< r)
 * only when written back, so the array holds unique fr_t values between calls.
 *
 * Layouts. A tile row is 8 consecutive elements, one lanes value. A leaf of m = 2^log_m elements
 * is m / 8 lanes values, element i in lane i mod 8 of value i / 8, so the stages of span h >= 8
 * pair whole values; the stages of span 4, 2, 1 pair lanes, and run on groups of 8 values
 * transposed (8 x 8 per limb) so that they pair whole values too, with one twiddle for all lanes.
 */
#include "ifma.h"
#include "r52_curve.h" /* BLS12-381's, or BN254's in arith/ifma/bn254/ntt_ifma.c */
#include "vfr.h"

#define BLK FR_IFMA_BLOCK_WORDS /* words of one lanes value in scratch and in twiddle tables */

/* Twiddles of butterflies j0 .. j0 + 7 (j0 a multiple of 8) of the stage of span h >= 8: the
 * table's block at index h + j0 (tw entry e is at word (e / 8) BLK + 8 limb + e % 8). */
R52_INLINE void tw_fwd(vfr *w, const uint64_t *tw, uint64_t h, uint64_t j0)
{
    vfr_load(w, tw + (h + j0) * VFR_N);
}

/* The inverse's tw[2h - j] for j = j0 .. j0 + 7: lane 0 from the block at 2h - j0, lanes 1..7
 * reversed from the block before it; j = 0 takes -1 (the twiddle 1 of the (b - a) form). */
R52_INLINE void tw_inv(vfr *w, const uint64_t *tw, uint64_t h, uint64_t j0)
{
    const uint64_t *hi = tw + (2 * h - j0) * VFR_N, *lo = hi - BLK;
    r52v idx = vfr_idx(8, 7, 6, 5, 4, 3, 2, 1);
    R52_UNROLL
    for (int j = 0; j < VFR_N; j++)
        w->l[j] = r52v_permute2(r52v_load(lo + 8 * j), idx, r52v_load(hi + 8 * j));
    if (j0 == 0) {
        R52_UNROLL
        for (int j = 0; j < VFR_N; j++)
            w->l[j] = r52v_blend(1, w->l[j], r52v_set1(VFR_MINUS_ONE[j]));
    }
}

/* Gentleman-Sande on a, b < 2r; inv: the (b - a) form of the inverse twiddles. */
R52_INLINE void bf_gs(vfr *a, vfr *b, const vfr *w, int inv)
{
    vfr d;
    if (inv)
        vfr_sub_lazy(&d, b, a);
    else
        vfr_sub_lazy(&d, a, b);
    vfr_add_red(a, a, b);
    vfr_mul(b, &d, w);
}

/* Cooley-Tukey on a, b < 2r. */
R52_INLINE void bf_ct(vfr *a, vfr *b, const vfr *w)
{
    vfr v;
    vfr_mul(&v, b, w);
    vfr_sub_red(b, a, &v);
    vfr_add_red(a, a, &v);
}

/* Twiddle 1: (a, b) <- (a + b, a - b), both mod 2r. */
R52_INLINE void bf_one(vfr *a, vfr *b)
{
    vfr d;
    vfr_sub_red(&d, a, b);
    vfr_add_red(a, a, b);
    *b = d;
}

/* One butterfly on the scratch values p and q with the stage's twiddle vector. */
R52_INLINE void bf_blocks(uint64_t *p, uint64_t *q, const uint64_t *tw, uint64_t h, uint64_t j0,
                          int mode)
{
    vfr a, b, w;
    vfr_load(&a, p);
    vfr_load(&b, q);
    if (mode == FR_IFMA_DIT) {
        tw_fwd(&w, tw, h, j0);
        bf_ct(&a, &b, &w);
    } else if (mode == FR_IFMA_DIF_INV) {
        tw_inv(&w, tw, h, j0);
        bf_gs(&a, &b, &w, 1);
    } else {
        tw_fwd(&w, tw, h, j0);
        bf_gs(&a, &b, &w, 0);
    }
    vfr_store(p, &a);
    vfr_store(q, &b);
}

static void load_rows(uint64_t *scr, const fr_t *x, uint64_t ld, uint64_t rows)
{
    for (uint64_t r = 0; r < rows; r++) {
        vfr v;
        vfr_from_aos(&v, x + r * ld);
        vfr_store(scr + r * BLK, &v);
    }
}

static void store_rows(fr_t *x, uint64_t ld, const uint64_t *scr, uint64_t rows)
{
    for (uint64_t r = 0; r < rows; r++) {
        vfr v;
        vfr_load(&v, scr + r * BLK);
        vfr_reduce(&v, &v);
        vfr_to_aos(x + r * ld, &v);
    }
}

/* Every stage across the R lanes values in scratch (R a power of 2), value r holding the
 * elements whose butterflies at span hr take twiddle indices r S + c0 .. + 7 of the stage of
 * span hr S: values g + r and g + r + hr pair up. DIF modes from hr = R / 2 down, DIT from 1 up.
 * A tile's column pass (S the row length) and a leaf's spans >= 8 (S = 8, c0 = 0) alike. */
R52_INLINE void value_stages(uint64_t *scr, uint64_t R, uint64_t S, uint64_t c0, const uint64_t *tw,
                             int mode)
{
    int dit = mode == FR_IFMA_DIT;
    for (uint64_t hr = dit ? 1 : R / 2; hr >= 1 && hr < R; hr = dit ? 2 * hr : hr / 2)
        for (uint64_t g = 0; g < R; g += 2 * hr)
            for (uint64_t r = 0; r < hr; r++) {
                uint64_t *p = scr + (g + r) * BLK;
                bf_blocks(p, p + hr * BLK, tw, hr * S, r * S + c0, mode);
            }
}

void fr_ifma_ntt_cols(fr_t *x, uint64_t ld, uint64_t R, uint64_t S, uint64_t c0, const uint64_t *tw,
                      int mode, uint64_t *scratch)
{
    load_rows(scratch, x, ld, R);
    value_stages(scratch, R, S, c0, tw, mode);
    store_rows(x, ld, scratch, R);
}

/* T[k] lane l <-> T[l] lane k, limb by limb (its own inverse). */
static void transpose_values(vfr T[8])
{
    for (int j = 0; j < VFR_N; j++) {
        r52v c[8];
        for (int k = 0; k < 8; k++)
            c[k] = T[k].l[j];
        r52v_transpose8(c);
        for (int k = 0; k < 8; k++)
            T[k].l[j] = c[k];
    }
}

/* The stages of span 4, 2, 1 (DIF order; DIT runs 1, 2, 4) on the values v0 .. v0 + cnt - 1
 * (cnt <= 8) of a leaf in scratch: transposed so that T[k] lane l is element 8 (v0 + l) + k,
 * whose butterflies pair T[k] with T[k + h] at twiddle index j = k mod h; lanes l >= cnt are
 * zeros and are not stored back. Twiddles are tw entries 1..7 (block 0), one for all lanes. */
static void small_group(uint64_t *scr, uint64_t v0, uint64_t cnt, const uint64_t *tw, int mode)
{
    vfr T[8];
    for (uint64_t k = 0; k < 8; k++) {
        if (k < cnt)
            vfr_load(&T[k], scr + (v0 + k) * BLK);
        else
            for (int j = 0; j < VFR_N; j++)
                T[k].l[j] = r52v_zero();
    }
    transpose_values(T);
    for (int s = 0; s < 3; s++) {
        uint64_t h = mode == FR_IFMA_DIT ? (uint64_t)1 << s : (uint64_t)4 >> s;
        for (uint64_t k = 0; k < 8; k++) {
            if (k & h)
                continue;
            uint64_t j = k & (h - 1);
            if (j == 0) {
                bf_one(&T[k], &T[k + h]);
                continue;
            }
            vfr w;
            if (mode == FR_IFMA_DIT) {
                vfr_bcast(&w, tw, (unsigned)(h + j));
                bf_ct(&T[k], &T[k + h], &w);
            } else {
                int inv = mode == FR_IFMA_DIF_INV;
                vfr_bcast(&w, tw, (unsigned)(inv ? 2 * h - j : h + j));
                bf_gs(&T[k], &T[k + h], &w, inv);
            }
        }
    }
    transpose_values(T);
    for (uint64_t k = 0; k < cnt; k++)
        vfr_store(scr + (v0 + k) * BLK, &T[k]);
}

/* The stages of span 4, 2, 1 on all nv values of a leaf, 8 values at a time. */
static void small_stages(uint64_t *scr, uint64_t nv, const uint64_t *tw, int mode)
{
    for (uint64_t v0 = 0; v0 < nv; v0 += 8)
        small_group(scr, v0, nv - v0 < 8 ? nv - v0 : 8, tw, mode);
}

void fr_ifma_ntt_leaf(fr_t *x, uint32_t log_m, const uint64_t *tw, int mode,
                      const uint64_t *coset_lo, const uint64_t *coset_hi, uint64_t blk,
                      uint64_t *scratch)
{
    uint64_t nv = ((uint64_t)1 << log_m) / 8;
    load_rows(scratch, x, 8, nv);
    /* spans >= 8: element i is lane i % 8 of value i / 8, so they are value stages with S = 8 */
    if (mode == FR_IFMA_DIT) {
        small_stages(scratch, nv, tw, mode);
        value_stages(scratch, nv, 8, 0, tw, mode);
    } else {
        value_stages(scratch, nv, 8, 0, tw, mode);
        small_stages(scratch, nv, tw, mode);
        if (coset_lo) {
            vfr hi, f, a;
            vfr_bcast(&hi, coset_hi + (blk / 8) * BLK, (unsigned)(blk % 8));
            for (uint64_t v = 0; v < nv; v++) {
                vfr_load(&f, coset_lo + v * BLK);
                vfr_mul(&f, &f, &hi);
                vfr_load(&a, scratch + v * BLK);
                vfr_mul(&a, &a, &f);
                vfr_store(scratch + v * BLK, &a);
            }
        }
    }
    store_rows(x, 8, scratch, nv);
}

void fr_ifma_tw_from_mont(uint64_t *dst, const fr_t *src, uint64_t count)
{
    vfr c;
    vfr_const(&c, VFR_TO_TW);
    for (uint64_t i = 0; i < count; i += 8) {
        vfr v;
        vfr_from_aos(&v, src + i);
        vfr_mul(&v, &v, &c);
        vfr_reduce(&v, &v);
        vfr_store(dst + i * VFR_N, &v);
    }
}
