/*
 * The Lagrange sections of a prepared .ptau (12..15) checked against the tau sections (2..5)
 * they come from, without recomputing them (ptau_prepare_check's group inverse FFT costs as
 * much as `ptau prepare`): a random combination of each section's points against the
 * combination of tau points it implies, see lagrange_section. `g16k ptau verify` calls it.
 */
#include <stdio.h>
#include <stdlib.h>

#include <sodium.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "setup.h"
#include "util/error.h"

/* a <- IFFT(a): a_i = (1/n) sum_j a_j w^(-ij), n = 2^lg, over the domain of group_fft.c (w of
 * order n from fr_root_of_unity). Radix-2 decimation in time after the bit-reversal
 * permutation: n lg products (butterflies and twiddles), single-threaded: the blocks of a
 * section take about 2^(top+1) top, at power 22 (tauG1: top 23) 0.4 G, about 6 s, beside 2^top
 * products in the group, each worth thousands of these. */
static void fr_ifft(fr_t *a, unsigned lg)
{
    uint64_t n = (uint64_t)1 << lg;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t k = setup_bit_reverse(i, lg);
        if (k > i) {
            fr_t t = a[i];
            a[i] = a[k];
            a[k] = t;
        }
    }
    for (unsigned st = 1; st <= lg; st++) {
        uint64_t h = (uint64_t)1 << (st - 1);
        fr_t wm;
        fr_root_of_unity(&wm, st);
        fr_inv(&wm, &wm);
        for (uint64_t k = 0; k < n; k += 2 * h) {
            fr_t w = FR_ONE;
            for (uint64_t j = 0; j < h; j++) {
                fr_t t;
                fr_mul(&t, &w, &a[k + j + h]);
                fr_sub(&a[k + j + h], &a[k + j], &t);
                fr_add(&a[k + j], &a[k + j], &t);
                fr_mul(&w, &w, &wm);
            }
        }
    }
    fr_t ninv;
    fr_set_u64(&ninv, n);
    fr_inv(&ninv, &ninv);
    for (uint64_t i = 0; i < n; i++)
        fr_mul(&a[i], &a[i], &ninv);
}

/* Section out_id (12..15) against in_id (2..5): is block p (2^p points, p = 0 .. top) the inverse
 * group FFT of the first 2^p tau points T (group_fft.c; the top block of tauG1 has no T_(n-1):
 * zero), L_p = IFFT(T_[0, 2^p))? With a random 64-bit r for every Lagrange point,
 *     sum_p sum_j r_pj L_pj = sum_i c_i T_i,   c = sum_p IFFT(r_p) (zero past 2^p),
 * because L_pj = (1/n) sum_i w^(-ij) T_i and the matrix is symmetric. Every Lagrange point is
 * first tested in its subgroup, so that a wrong one is E = L - IFFT(T) = e G with e != 0 mod
 * r, and the sums differ unless r_pj e = -(the rest), at most one of its 2^64 values: the test
 * misses a wrong section with probability at most 2^-64 (snarkjs: one 32-bit random combination
 * per power, src/powersoftau_verify.js verifyLagrangeEvaluations, with an FFT of the scalars as
 * here). Cost: a 64-bit Pippenger sum over the Lagrange points and one with full scalars over
 * 2^top tau points, against 2^top top / 2 products for the recomputation. On a mismatch the exact
 * recomputation (ptau_prepare_check) names the first wrong point. */
static int lagrange_section(const ptau *pt, uint32_t in_id, uint32_t out_id, const char *name,
                            unsigned threads, progress *pg, int *mismatch)
{
    int g2 = in_id == PTAU_TAU_G2;
    size_t asz = g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    unsigned top = ptau_lagrange_top(pt, in_id);
    uint64_t nt = (uint64_t)1 << top, n_in = ptau_section_points(pt, in_id);
    uint64_t nl = ptau_section_points(pt, out_id); /* 2^(top + 1) - 1 */
    uint64_t nt_pts = n_in < nt ? n_in : nt;       /* tauG1: 2^top - 1 */
    char phase[64];
    snprintf(phase, sizeof phase, "Lagrange %s", name);
    int rc = ptau_check_section(pt, out_id, phase);
    if (rc)
        return rc;
    /* the weights and c first (t freed), then the points: the peak is L, T, r and c, 2^top
     * (2 asz + asz + 16 + 32) bytes, below the recomputation's 2^top (2 asz + jsz) */
    void *L = NULL, *T = NULL;
    uint64_t *r = malloc(nl * sizeof *r);
    fr_t *c = calloc(nt, sizeof *c), *t = malloc(nt * sizeof *t);
    if (!r || !c || !t)
        goto nomem;
    randombytes_buf(r, nl * sizeof *r);
    for (unsigned p = 0; p <= top; p++) {
        uint64_t n = (uint64_t)1 << p, off = n - 1; /* block p starts at point 2^p - 1 */
        for (uint64_t j = 0; j < n; j++)
            fr_set_u64(&t[j], r[off + j]);
        fr_ifft(t, p);
        for (uint64_t i = 0; i < n; i++)
            fr_add(&c[i], &c[i], &t[i]);
    }
    free(t);
    t = NULL;
    L = malloc(nl * asz);
    T = malloc(nt_pts * asz);
    if (!L || !T)
        goto nomem;
    if ((rc =
             ptau_decode_checked(pt, out_id, phase, L, nl, 1, NULL, threads, pg, 0, nl + nt_pts)) ||
        (rc = ptau_decode_checked(pt, in_id, phase, T, nt_pts, 0, NULL, threads, pg, nl,
                                  nl + nt_pts)))
        goto out;
    union {
        g1_jac_t g1;
        g2_jac_t g2;
    } sl, st;
    if ((rc = ptau_sum64(g2, L, r, nl, threads, &sl, NULL)) ||
        (rc = ptau_sum_full(g2, T, c, nt_pts, threads, &st)))
        goto out;
    int same = g2 ? g2_jac_eq(&sl.g2, &st.g2) : g1_jac_eq(&sl.g1, &st.g1);
    *mismatch = !same;
    progress_done(pg, phase);
    goto out;
nomem:
    rc = err_set(G16K_ENOMEM, "ptau: no memory for the %llu points of %s", (unsigned long long)nl,
                 phase);
out:
    free(L);
    free(T);
    free(r);
    free(c);
    free(t);
    return rc;
}

int ptau_lagrange_check(const ptau *pt, unsigned threads, progress *pg)
{
    static const char *names[4] = { "tauG1", "tauG2", "alphaTauG1", "betaTauG1" };
    for (uint32_t k = 0; k < 4; k++) {
        int rc, mismatch = 0;
        /* A block larger than the 2-adicity (BN254 at power 28: tauG1's 2^29) was transformed
         * with fr_root_of_unity's clamped root, whose matrix is not symmetric: the random test
         * does not apply, the recomputation does (what prepare wrote). */
        if (ptau_lagrange_top(pt, PTAU_TAU_G1 + k) > FR_TWO_ADICITY) {
            if ((rc = ptau_prepare_check(pt, k, k, threads, pg)))
                return rc;
            continue;
        }
        rc = lagrange_section(pt, PTAU_TAU_G1 + k, PTAU_LAGR_TAU_G1 + k, names[k], threads, pg,
                              &mismatch);
        if (rc)
            return rc;
        if (!mismatch)
            continue;
        /* name the point: the exact recomputation of this section (G16K_EINVAL) */
        rc = ptau_prepare_check(pt, k, k, threads, pg);
        if (rc == G16K_OK)
            rc = err_set(G16K_EINTERNAL,
                         "%s: the random test of the Lagrange section %u failed but its "
                         "recomputation matches (a bug in g16k: please report it)",
                         pt->bf.path, PTAU_LAGR_TAU_G1 + k);
        return rc;
    }
    return G16K_OK;
}
