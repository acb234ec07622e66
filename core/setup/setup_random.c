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
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"
#include "util/sysrand.h"

/* Uniform nonzero element of Fr (Montgomery form) by rejection sampling 255-bit integers. */
static int random_fr(fr_t *out)
{
    for (;;) {
        fr_t c;
        int rc = g16k_random_bytes(c.l, sizeof c.l);
        if (rc != G16K_OK) {
            err_prefix("setup");
            return rc;
        }
        c.l[3] &= 0x7fffffffffffffffULL;
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
} scalars;

static void scalars_free(scalars *s, uint64_t n_vars, uint64_t n_lag, uint64_t n)
{
    /* They determine the toxic waste; wipe before free. */
    if (s->u)
        explicit_bzero(s->u, n_vars * sizeof(fr_t));
    if (s->v)
        explicit_bzero(s->v, n_vars * sizeof(fr_t));
    if (s->w)
        explicit_bzero(s->w, n_vars * sizeof(fr_t));
    if (s->lag)
        explicit_bzero(s->lag, n_lag * sizeof(fr_t));
    if (s->lag_h)
        explicit_bzero(s->lag_h, n * sizeof(fr_t));
    free(s->u);
    free(s->v);
    free(s->w);
    free(s->lag);
    free(s->lag_h);
}

/* acc[wire] += coef * L_c for every term of matrix mat. */
static void accumulate(fr_t *acc, const r1cs *cs, int mat, const fr_t *lag)
{
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        for (uint64_t t = cs->lc[3 * c + mat]; t < cs->lc[3 * c + mat + 1]; t++) {
            fr_t coef;
            fr_from_canon(&coef, &cs->terms[t].coef); /* < r: checked by r1cs_load */
            fr_mul(&coef, &coef, &lag[c]);
            fr_add(&acc[cs->terms[t].wire], &acc[cs->terms[t].wire], &coef);
        }
    }
}

int setup_from_random(setup_key *k, const r1cs *cs, unsigned threads, progress *pg)
{
    unsigned kp = setup_cir_power(cs);
    uint64_t n = (uint64_t)1 << kp;
    uint64_t nv = cs->n_wires;
    uint32_t P = cs->n_pub_out + cs->n_pub_in;
    uint64_t n_lag = (uint64_t)cs->n_constraints + P + 1;
    fr_t tau, alpha, beta, delta, dinv, one = FR_ONE, omega, inc;
    scalars s = { 0 };
    fixed_base_g1 fb1 = { 0 };
    fixed_base_g2 fb2 = { 0 };
    int rc;
    s.u = calloc(nv, sizeof(fr_t));
    s.v = calloc(nv, sizeof(fr_t));
    s.w = calloc(nv, sizeof(fr_t));
    s.lag = malloc(n_lag * sizeof(fr_t));
    s.lag_h = malloc(n * sizeof(fr_t));
    if (!s.u || !s.v || !s.w || !s.lag || !s.lag_h) {
        rc = err_set(G16K_ENOMEM, "setup: no memory for %llu signals", (unsigned long long)nv);
        goto out;
    }
    if ((rc = random_fr(&alpha)) || (rc = random_fr(&beta)) || (rc = random_fr(&delta)))
        goto out;
    fr_root_of_unity(&omega, kp);
    fr_root_of_unity(&inc, kp + 1);
    do { /* tau must not be a point of the 2n-domain: probability 2n / r */
        if ((rc = random_fr(&tau)))
            goto out;
        rc = lagrange_eval(s.lag, n_lag, &tau, &one, &omega, n);
        if (rc == G16K_OK)
            rc = lagrange_eval(s.lag_h, n, &tau, &inc, &omega, 2 * n);
    } while (rc == G16K_EINVAL);
    if (rc)
        goto out;
    progress_done(pg, "Lagrange basis at tau");

    accumulate(s.u, cs, 0, s.lag);
    accumulate(s.v, cs, 1, s.lag);
    accumulate(s.w, cs, 2, s.lag);
    fr_inv(&dinv, &delta);
    for (uint64_t i = 0; i < nv; i++) {
        fr_t t;
        if (i <= P)
            fr_add(&s.u[i], &s.u[i], &s.lag[cs->n_constraints + i]);
        fr_mul(&t, &beta, &s.u[i]);
        fr_add(&s.w[i], &s.w[i], &t);
        fr_mul(&t, &alpha, &s.v[i]);
        fr_add(&s.w[i], &s.w[i], &t);
        if (i > P)
            fr_mul(&s.w[i], &s.w[i], &dinv);
    }
    for (uint64_t i = 0; i < n; i++)
        fr_mul(&s.lag_h[i], &s.lag_h[i], &dinv);
    progress_done(pg, "polynomials at tau");

    if ((rc = fixed_base_g1_init(&fb1, &G1_GENERATOR)) ||
        (rc = fixed_base_g2_init(&fb2, &G2_GENERATOR)))
        goto out;
    k->gamma2 = G2_GENERATOR;
    if ((rc = fixed_base_g1_batch(&k->alpha1, &fb1, &alpha, 1, 1, NULL, "alpha1")) ||
        (rc = fixed_base_g1_batch(&k->beta1, &fb1, &beta, 1, 1, NULL, "beta1")) ||
        (rc = fixed_base_g1_batch(&k->delta1, &fb1, &delta, 1, 1, NULL, "delta1")) ||
        (rc = fixed_base_g2_batch(&k->beta2, &fb2, &beta, 1, 1, NULL, "beta2")) ||
        (rc = fixed_base_g2_batch(&k->delta2, &fb2, &delta, 1, 1, NULL, "delta2")) ||
        (rc = fixed_base_g1_batch(k->a, &fb1, s.u, nv, threads, pg, "A (G1)")) ||
        (rc = fixed_base_g1_batch(k->b1, &fb1, s.v, nv, threads, pg, "B1 (G1)")) ||
        (rc = fixed_base_g1_batch(k->ic, &fb1, s.w, (uint64_t)P + 1, threads, pg, "IC (G1)")) ||
        (rc = fixed_base_g1_batch(k->c, &fb1, s.w + P + 1, nv - P - 1, threads, pg, "C (G1)")) ||
        (rc = fixed_base_g1_batch(k->h, &fb1, s.lag_h, n, threads, pg, "H (G1)")) ||
        (rc = fixed_base_g2_batch(k->b2, &fb2, s.v, nv, threads, pg, "B2 (G2)")))
        goto out;
    setup_circuit_hash(k, k->h, n - 1, NULL);
out:
    explicit_bzero(&tau, sizeof tau);
    explicit_bzero(&alpha, sizeof alpha);
    explicit_bzero(&beta, sizeof beta);
    explicit_bzero(&delta, sizeof delta);
    explicit_bzero(&dinv, sizeof dinv);
    scalars_free(&s, nv, n_lag, n);
    fixed_base_g1_free(&fb1);
    fixed_base_g2_free(&fb2);
    return rc;
}
