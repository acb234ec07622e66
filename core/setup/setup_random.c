/*
 * Groth16 setup with toxic waste drawn here (getrandom) and wiped after use: INSECURE, for
 * benchmarks and tests only (whoever could read this process's memory could forge proofs).
 * Same key layout and meaning as zkey_new.js + one `zkey contribute` (docs/formats.md, ".zkey"), but
 * computed from the scalars instead of a ptau:
 *   L_c = L_c(tau) on the n-domain (omega = w[k], docs/proving.md, "The domain"), c < m + P + 1;
 *   u_s = sum_A coef L_c (+ L_{m+s} for s <= P), v_s = sum_B coef L_c, w_s = sum_C coef L_c;
 *   A = u G1, B1 = v G1, B2 = v G2, IC = (beta u + alpha v + w) G1 for s <= P,
 *   C = (beta u + alpha v + w) / delta G1 for s > P, H_i = L^(2n)_{2i+1}(tau) / delta G1;
 *   alpha1 = alpha G1, beta1 = beta G1, beta2 = beta G2, gamma2 = G2, delta = delta G1/G2.
 * Every point is k * G for a known k: fixed-base tables (fixed_base.c) on all threads.
 * Section 10: there is no ceremony to check this key against, so its circuit hash runs over
 * this key's own points, with the H section standing in for the tau differences; 0
 * contributions (snarkjs's prover ignores section 10).
 *
 * Streaming: the scalars are computed first (they need every constraint), then each section's
 * points are made SLICE at a time and written at once (zkey_stream), so the points never all sit
 * in memory. Memory, for N signals, m constraints, domain n: the r1cs's 24 bytes per constraint
 * (its terms are read where the mapped file has them: page cache, not ours), the scalars
 * u, v, w (32 bytes each per signal) and the H scalars (32 per domain point), the Lagrange
 * values (32 per constraint, freed before the first point), the fixed-base tables (26 MB),
 * one slice of points (6 or 12 MB) and one 1024-point batch per thread. Each scalar array is
 * wiped and freed as soon as its last section is written.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/zkey_layout.h"
#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"
#include "util/sysrand.h"

/* Uniform nonzero element of Fr (Montgomery form) by rejection sampling integers of r's bit
 * length (SETUP_FR_BITS: 255 on BLS12-381, 254 on BN254). */
static int random_fr(fr_t *out)
{
    for (;;) {
        fr_t c;
        int rc = g16k_random_bytes(c.l, sizeof c.l);
        if (rc != G16K_OK) {
            err_prefix("setup");
            return rc;
        }
        c.l[3] &= (1ULL << (SETUP_FR_BITS - 192)) - 1;
        if (fr_from_canon(out, &c) == 0 && !fr_is_zero(out)) {
            explicit_bzero(&c, sizeof c);
            return G16K_OK;
        }
    }
}

typedef struct scalars {
    fr_t *u, *v, *w; /* n_vars each; w becomes beta u + alpha v + w (÷ delta for s > P) */
    fr_t *lag;       /* m + P + 1 values L_c(tau) */
    fr_t *lag_h;     /* n values, then H scalars */
    uint64_t nv, n_lag, n;
} scalars;

/* They determine the toxic waste: wiped before free. */
static void wipe_free(fr_t **a, uint64_t n)
{
    if (*a)
        explicit_bzero(*a, n * sizeof(fr_t));
    free(*a);
    *a = NULL;
}

static void scalars_free(scalars *s)
{
    wipe_free(&s->u, s->nv);
    wipe_free(&s->v, s->nv);
    wipe_free(&s->w, s->nv);
    wipe_free(&s->lag, s->n_lag);
    wipe_free(&s->lag_h, s->n);
}

/* acc[wire] += coef * L_c for every term of matrix mat. */
static void accumulate(fr_t *acc, const r1cs *cs, int mat, const fr_t *lag)
{
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        uint64_t j = 3 * c + (uint64_t)mat;
        const uint8_t *p = r1cs_lc_terms(cs, j);
        for (uint64_t t = cs->lc[j]; t < cs->lc[j + 1]; t++, p += R1CS_TERM_BYTES) {
            fr_t coef;
            uint32_t wire = r1cs_term_wire(p);
            r1cs_term_coef(&coef, p);
            fr_from_canon(&coef, &coef); /* < r: checked by r1cs_load */
            fr_mul(&coef, &coef, &lag[c]);
            fr_add(&acc[wire], &acc[wire], &coef);
        }
    }
}

/* The toxic waste and what it determines (see the head comment). */
typedef struct waste {
    fr_t tau, alpha, beta, delta;
} waste;

/* Draw tau (alpha, beta, delta are drawn) and compute every scalar of the key into *s. */
static int make_scalars(scalars *s, waste *x, const r1cs *cs, progress *pg)
{
    unsigned kp = setup_cir_power(cs);
    uint32_t P = cs->n_pub_out + cs->n_pub_in;
    fr_t one = FR_ONE, omega, inc, dinv;
    int rc;
    s->nv = cs->n_wires;
    s->n = (uint64_t)1 << kp;
    s->n_lag = (uint64_t)cs->n_constraints + P + 1;
    s->u = calloc(s->nv, sizeof(fr_t));
    s->v = calloc(s->nv, sizeof(fr_t));
    s->w = calloc(s->nv, sizeof(fr_t));
    s->lag = malloc(s->n_lag * sizeof(fr_t));
    s->lag_h = malloc(s->n * sizeof(fr_t));
    if (!s->u || !s->v || !s->w || !s->lag || !s->lag_h)
        return err_set(G16K_ENOMEM, "setup: no memory for %llu signals", (unsigned long long)s->nv);
    fr_root_of_unity(&omega, kp);
    fr_root_of_unity(&inc, kp + 1);
    do { /* tau must not be a point of the 2n-domain: probability 2n / r */
        if ((rc = random_fr(&x->tau)))
            return rc;
        rc = lagrange_eval(s->lag, s->n_lag, &x->tau, &one, &omega, s->n);
        if (rc == G16K_OK)
            rc = lagrange_eval(s->lag_h, s->n, &x->tau, &inc, &omega, 2 * s->n);
    } while (rc == G16K_EINVAL);
    if (rc)
        return rc;
    progress_done(pg, "Lagrange basis at tau");

    accumulate(s->u, cs, 0, s->lag);
    accumulate(s->v, cs, 1, s->lag);
    accumulate(s->w, cs, 2, s->lag);
    fr_inv(&dinv, &x->delta);
    for (uint64_t i = 0; i < s->nv; i++) {
        fr_t t;
        if (i <= P)
            fr_add(&s->u[i], &s->u[i], &s->lag[cs->n_constraints + i]);
        fr_mul(&t, &x->beta, &s->u[i]);
        fr_add(&s->w[i], &s->w[i], &t);
        fr_mul(&t, &x->alpha, &s->v[i]);
        fr_add(&s->w[i], &s->w[i], &t);
        if (i > P)
            fr_mul(&s->w[i], &s->w[i], &dinv);
    }
    wipe_free(&s->lag, s->n_lag);
    for (uint64_t i = 0; i < s->n; i++)
        fr_mul(&s->lag_h[i], &s->lag_h[i], &dinv);
    explicit_bzero(&dinv, sizeof dinv);
    progress_done(pg, "polynomials at tau");
    return G16K_OK;
}

#define SLICE 65536u /* points made, then written, at a time */

typedef struct writer {
    zkey_stream z;
    fixed_base_g1 fb1;
    fixed_base_g2 fb2;
    g1_affine_t *buf1; /* SLICE points */
    g2_affine_t *buf2;
    unsigned threads;
    progress *pg;
} writer;

/* Section id: the n points k[i] * G (G2 for B2, else G1), the first n_hashed of them into the
 * circuit hash, counted there as hash_count. */
static int put_points(writer *wr, uint32_t id, const char *phase, const fr_t *k, uint64_t n,
                      uint64_t n_hashed, uint32_t hash_count)
{
    int g2 = id == ZKEY_SEC_B2;
    int rc = zkey_stream_section(&wr->z, id, n, hash_count);
    for (uint64_t off = 0; off < n && !rc; off += SLICE) {
        uint64_t cnt = n - off < SLICE ? n - off : SLICE;
        uint64_t hashed = n_hashed <= off ? 0 : n_hashed - off < cnt ? n_hashed - off : cnt;
        if (g2) {
            if (!(rc = fixed_base_g2_batch(wr->buf2, &wr->fb2, k + off, cnt, wr->threads, NULL,
                                           phase)))
                rc = zkey_stream_g2(&wr->z, wr->buf2, cnt, hashed);
        } else {
            if (!(rc = fixed_base_g1_batch(wr->buf1, &wr->fb1, k + off, cnt, wr->threads, NULL,
                                           phase)))
                rc = zkey_stream_g1(&wr->z, wr->buf1, cnt, hashed);
        }
        progress_update(wr->pg, phase, off + cnt, n);
    }
    if (!rc)
        progress_done(wr->pg, phase);
    return rc;
}

/* Sections 1, 2, 4: the header points from alpha, beta, delta, the coefficients from cs. */
static int open_key(writer *wr, const char *path, const r1cs *cs, const waste *x)
{
    uint32_t P = cs->n_pub_out + cs->n_pub_in;
    setup_header hd = { .n_vars = cs->n_wires,
                        .n_public = P,
                        .domain_size = 1u << setup_cir_power(cs) };
    int rc;
    hd.gamma2 = G2_GENERATOR;
    if ((rc = fixed_base_g1_batch(&hd.alpha1, &wr->fb1, &x->alpha, 1, 1, NULL, "alpha1")) ||
        (rc = fixed_base_g1_batch(&hd.beta1, &wr->fb1, &x->beta, 1, 1, NULL, "beta1")) ||
        (rc = fixed_base_g1_batch(&hd.delta1, &wr->fb1, &x->delta, 1, 1, NULL, "delta1")) ||
        (rc = fixed_base_g2_batch(&hd.beta2, &wr->fb2, &x->beta, 1, 1, NULL, "beta2")) ||
        (rc = fixed_base_g2_batch(&hd.delta2, &wr->fb2, &x->delta, 1, 1, NULL, "delta2")))
        return rc;
    return zkey_stream_open(&wr->z, path, &hd, cs);
}

/* Sections 3, 9, 8, 5, 6, 7 from the scalars, each scalar array wiped and freed after its last
 * section; then 10 (commit). On error the stream is discarded. */
static int put_points_all(writer *wr, const r1cs *cs, scalars *s)
{
    uint32_t P = cs->n_pub_out + cs->n_pub_in;
    uint64_t nv = s->nv;
    int rc;
    if (!(rc = put_points(wr, ZKEY_SEC_IC, "IC (G1)", s->w, (uint64_t)P + 1, (uint64_t)P + 1,
                          P + 1)) &&
        !(rc = put_points(wr, ZKEY_SEC_H, "H (G1)", s->lag_h, s->n, s->n - 1,
                          (uint32_t)(s->n - 1)))) {
        wipe_free(&s->lag_h, s->n);
        rc = put_points(wr, ZKEY_SEC_C, "C (G1)", s->w + P + 1, nv - P - 1, nv - P - 1,
                        (uint32_t)(nv - P - 1));
    }
    if (!rc) {
        wipe_free(&s->w, nv);
        rc = put_points(wr, ZKEY_SEC_A, "A (G1)", s->u, nv, nv, (uint32_t)nv);
    }
    if (!rc) {
        wipe_free(&s->u, nv);
        if (!(rc = put_points(wr, ZKEY_SEC_B1, "B1 (G1)", s->v, nv, nv, (uint32_t)nv)))
            rc = put_points(wr, ZKEY_SEC_B2, "B2 (G2)", s->v, nv, nv, (uint32_t)nv);
    }
    if (rc) {
        zkey_stream_discard(&wr->z);
        return rc;
    }
    if ((rc = zkey_stream_commit(&wr->z)) == G16K_OK)
        progress_done(wr->pg, "write zkey");
    return rc;
}

int setup_random_zkey(const char *path, const r1cs *cs, unsigned threads, progress *pg)
{
    scalars s = { 0 };
    waste x;
    writer wr = { .threads = threads, .pg = pg };
    int rc;
    /* The output is opened (and the cheap sections written) before the long part, so that an
     * unwritable path fails at once. */
    wr.buf1 = malloc(SLICE * sizeof(*wr.buf1));
    wr.buf2 = malloc(SLICE * sizeof(*wr.buf2));
    if (!wr.buf1 || !wr.buf2)
        rc = err_set(G16K_ENOMEM, "setup: no memory for a slice of points");
    else if (!(rc = random_fr(&x.alpha)) && !(rc = random_fr(&x.beta)) &&
             !(rc = random_fr(&x.delta)) &&
             !(rc = fixed_base_g1_init(&wr.fb1, &G1_GENERATOR, threads)) &&
             !(rc = fixed_base_g2_init(&wr.fb2, &G2_GENERATOR, threads)) &&
             !(rc = open_key(&wr, path, cs, &x))) {
        progress_done(pg, "tables, header, coefficients");
        if ((rc = make_scalars(&s, &x, cs, pg)))
            zkey_stream_discard(&wr.z);
        else
            rc = put_points_all(&wr, cs, &s);
    }
    explicit_bzero(&x, sizeof x);
    scalars_free(&s);
    fixed_base_g1_free(&wr.fb1);
    fixed_base_g2_free(&wr.fb2);
    free(wr.buf1);
    free(wr.buf2);
    return rc;
}
