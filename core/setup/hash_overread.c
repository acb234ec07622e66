/*
 * The one "H" point of the circuit hash that zkey_new.js (snarkjs 0.7.6) computes from bytes
 * past the end of ptau section 2, reproduced bit for bit.
 *
 * hashHPoints() reads its chunks of CHUNK = 2^14 points as tauG1[i + n] and tauG1[i] straight
 * from the file, always min(n - 1, CHUNK) points per chunk. When the domain n = 2^k uses the
 * whole ptau (k = power) and n > CHUNK, the last chunk ends one point past section 2 (which holds
 * 2n - 1 points): its last tauG1[i + n] is the G1_BYTES that follow the section in the file (in a
 * prepared ptau, section 3's 12-byte header and the start of tauG2[0], G2's generator: so these
 * bytes depend on the curve and the power only; on BN254 their x is >= p). snarkjs subtracts
 * tauG1[n - 1] from those bytes with wasmcurves' g1m_subAffine and hashes the result.
 *
 * Those bytes are no curve point and their y is not below p, so the result depends on how
 * wasmcurves' Fp arithmetic treats unreduced operands: f1m_add and f1m_sub wrap at 2^W
 * (W = 64 FP_LIMBS) and add or subtract p once, which is not arithmetic mod p for such inputs.
 * This file follows the formulas and operation order of wasmcurves' g1m_addAffine
 * (build_curve_jacobian_a0.js) with an exact model of f1m_add, f1m_sub and f1m_mul
 * (build_f1m.js) on raw W-bit values, until
 * the values are reduced; from there on (batchToAffine's multiplications by the reduced inverse
 * of z, fromMontgomery) every wasmcurves operation is congruent mod p and ends reduced, so the
 * core's field code finishes the job. Read from wasmcurves 0.2.2 as installed by snarkjs 0.7.6,
 * whose build_f1m.js makes both curves' Fp (BLS12-381: 384 bits, BN254: 256); checked against
 * snarkjs on both (tests/setup/hash_overread.sh).
 */
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

#define L FP_LIMBS

typedef struct {
    uint64_t l[L];
} rawfp; /* any value of FP_LIMBS limbs, not necessarily < p */

static void load(rawfp *r, const uint8_t *b)
{
    for (int i = 0; i < L; i++) {
        uint64_t v = 0;
        for (int k = 7; k >= 0; k--)
            v = v << 8 | b[8 * i + k];
        r->l[i] = v;
    }
}

static uint64_t add_n(uint64_t *r, const uint64_t *a, const uint64_t *b, int n)
{
    unsigned __int128 c = 0;
    for (int i = 0; i < n; i++) {
        c += (unsigned __int128)a[i] + b[i];
        r[i] = (uint64_t)c;
        c >>= 64;
    }
    return (uint64_t)c;
}

static uint64_t sub_n(uint64_t *r, const uint64_t *a, const uint64_t *b, int n)
{
    uint64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        unsigned __int128 d = (unsigned __int128)a[i] - b[i] - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return borrow;
}

static int geq_p(const uint64_t *a)
{
    return bigint_cmp(a, FP_MODULUS.l, L) >= 0;
}

/* f1m_add: int_add; on carry subtract p (mod 2^W), else subtract p if the sum is >= p. */
static void w_add(rawfp *r, const rawfp *x, const rawfp *y)
{
    if (add_n(r->l, x->l, y->l, L) || geq_p(r->l))
        sub_n(r->l, r->l, FP_MODULUS.l, L);
}

/* f1m_sub: int_sub; on borrow add p (mod 2^W). */
static void w_sub(rawfp *r, const rawfp *x, const rawfp *y)
{
    if (sub_n(r->l, x->l, y->l, L))
        add_n(r->l, r->l, FP_MODULUS.l, L);
}

/* f1m_mul and f1m_square: T = (x y + M p) / 2^W with M = -x y p^-1 mod 2^W (unique, so
 * the 32-bit product scanning of wasmcurves and this 64-bit form agree), T < 2^W + p; then
 * T - p if T >= p (wasmcurves: on a carry out of 2^W, or when the low W bits are >= p). */
static void w_mul(rawfp *r, const rawfp *x, const rawfp *y)
{
    uint64_t t[2 * L + 1] = { 0 };
    for (int i = 0; i < L; i++) {
        unsigned __int128 c = 0;
        for (int j = 0; j < L; j++) {
            c += (unsigned __int128)x->l[i] * y->l[j] + t[i + j];
            t[i + j] = (uint64_t)c;
            c >>= 64;
        }
        t[i + L] = (uint64_t)c;
    }
    uint64_t inv = 1; /* p^-1 mod 2^64 by Newton's iteration */
    for (int k = 0; k < 6; k++)
        inv *= 2 - FP_MODULUS.l[0] * inv;
    for (int i = 0; i < L; i++) {
        uint64_t m = t[i] * (0 - inv);
        unsigned __int128 c = 0;
        for (int j = 0; j < L; j++) {
            c += (unsigned __int128)m * FP_MODULUS.l[j] + t[i + j];
            t[i + j] = (uint64_t)c;
            c >>= 64;
        }
        for (int j = i + L; c && j < 2 * L + 1; j++) {
            c += t[j];
            t[j] = (uint64_t)c;
            c >>= 64;
        }
    }
    const uint64_t *T = t + L; /* L + 1 limbs, T[L] in {0, 1} */
    if (T[L] || geq_p(T))
        sub_n(r->l, T, FP_MODULUS.l, L);
    else
        memcpy(r->l, T, sizeof r->l);
}

static int is_zero(const rawfp *a)
{
    uint64_t o = 0;
    for (int i = 0; i < L; i++)
        o |= a->l[i];
    return o == 0;
}

static int eq(const rawfp *a, const rawfp *b)
{
    return memcmp(a->l, b->l, sizeof a->l) == 0;
}

/* (a mod p) as the core's Montgomery fp_t (the limbs are Montgomery values already). */
static void reduce(fp_t *out, const rawfp *a)
{
    memcpy(out->l, a->l, sizeof out->l);
    while (geq_p(out->l))
        sub_n(out->l, out->l, FP_MODULUS.l, L);
}

int setup_hash_overread_point(const uint8_t past[G1_BYTES], const uint8_t last[G1_BYTES],
                              uint8_t out_u[G1_BYTES], const char *path)
{
    rawfp x1, y1, x2, y2, zero = { { 0 } };
    load(&x1, past);
    load(&y1, past + FP_BYTES);
    load(&x2, last);
    load(&y2, last + FP_BYTES);
    w_sub(&y2, &zero, &y2); /* g1m_subAffine: p1 + negAffine(p2) */

    g1_affine_t res;
    if (is_zero(&x1) && is_zero(&y1)) { /* g1m_addAffine's two infinity cases */
        reduce(&res.x, &x2);
        reduce(&res.y, &y2);
    } else if (is_zero(&x2) && is_zero(&y2)) {
        reduce(&res.x, &x1);
        reduce(&res.y, &y1);
    } else {
        if (eq(&x1, &x2) && eq(&y1, &y2))
            return err_set(G16K_EFORMAT,
                           "%s: the bytes after section 2 double tauG1[n - 1]: "
                           "snarkjs's circuit hash for this ptau is not reproduced",
                           path);
        /* x1 may be >= p (BN254's files: the top bytes of x1 are those of G2's generator):
         * the raw model covers it, and z3, then possibly >= p too, enters batchToAffine's
         * Montgomery products with reduced factors, whose results are reduced (T < 2p). */
        rawfp H, HH, I, J, dy, r, V, r2, V2, x3, y1J2, y3, z3;
        w_sub(&H, &x2, &x1);
        w_sub(&dy, &y2, &y1);
        w_mul(&HH, &H, &H);
        w_add(&I, &HH, &HH);
        w_add(&I, &I, &I);
        w_mul(&J, &H, &I);
        w_add(&r, &dy, &dy);
        w_mul(&V, &x1, &I);
        w_mul(&r2, &r, &r);
        w_add(&V2, &V, &V);
        w_sub(&x3, &r2, &J);
        w_sub(&x3, &x3, &V2);
        w_mul(&y1J2, &y1, &J);
        w_add(&y1J2, &y1J2, &y1J2);
        w_sub(&y3, &V, &x3);
        w_mul(&y3, &y3, &r);
        w_sub(&y3, &y3, &y1J2);
        w_add(&z3, &H, &H);
        if (is_zero(&z3)) { /* batchInverse leaves 0 for 0: infinity */
            memset(out_u, 0, G1_BYTES);
            return G16K_OK;
        }
        fp_t z, zi, zi2, zi3, x, y;
        reduce(&z, &z3);
        reduce(&x, &x3);
        reduce(&y, &y3);
        fp_inv(&zi, &z);
        fp_sqr(&zi2, &zi);
        fp_mul(&zi3, &zi2, &zi);
        fp_mul(&res.x, &x, &zi2);
        fp_mul(&res.y, &y, &zi3);
    }
    setup_g1_to_u(out_u, &res);
    return G16K_OK;
}
