/*
 * tune.c: the core half of `g16k tune` (core/cli/tune_cmd.c): the real inputs of the five
 * Groth16 MSMs of one key and one witness, and one timed MSM call on the configured provider.
 *
 * No header: the only caller is core/cli/tune_cmd.c, which declares these three functions
 * with the same signatures (keep them in step).
 *
 * Inputs per MSM m (as core/prover/prove.c calls them):
 *   A, B_G1, B_G2: w[0 .. n_vars), canonical;  L: w[n_public + 1 .. n_vars), canonical;
 *   H: h = the snarkjs H chain of (a, b, c) = synthesize(w), domain_size values, Montgomery.
 * Every call goes to the primary provider of the slot and the bases handles the key already
 * holds (key->primary), so the timings are those a proof sees, without its fallbacks.
 * Errors: negative g16k_status with the core error set and prefixed with the plugin name.
 * Thread-safety: as the providers' calls (plugin.h): concurrent calls are allowed, but timings
 * are only meaningful when nothing else runs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "../util/error.h"
#include "../util/clock.h"

int tune_msm_input(g16k_key *key, int m, const fr_t *w, const fr_t *h, const void **scalars,
                   uint64_t *n, uint32_t *enc);
int tune_compute_h(g16k_key *key, const fr_t *w, fr_t *h);
int tune_time_msm(g16k_key *key, int m, const void *scalars, uint64_t n, uint32_t enc,
                  uint32_t window, double *seconds, uint8_t result[192]);

/* The scalars of MSM m (MSM_A .. MSM_H): w is the canonical witness (n_vars values), h the
 * Montgomery H vector (domain_size values, may be NULL for m != MSM_H). Always G16K_OK. */
int tune_msm_input(g16k_key *key, int m, const fr_t *w, const fr_t *h, const void **scalars,
                   uint64_t *n, uint32_t *enc)
{
    const zkey *zk = key->zk;
    *enc = G16K_ENC_CANONICAL;
    switch (m) {
    case MSM_L:
        *scalars = w + zk->n_public + 1;
        *n = zk->n_vars - zk->n_public - 1;
        break;
    case MSM_H:
        *scalars = h;
        *n = zk->domain_size;
        *enc = G16K_ENC_MONTGOMERY;
        break;
    default:
        *scalars = w;
        *n = zk->n_vars;
        break;
    }
    return G16K_OK;
}

/* h (caller-allocated, domain_size Fr, Montgomery) = H chain of synthesize(w) on the primary
 * synthesizer and NTT providers; w canonical, n_vars values, already checked against the key.
 * Errors: G16K_ENOMEM, or the provider's status (message prefixed with its name). */
int tune_compute_h(g16k_key *key, const fr_t *w, fr_t *h)
{
    const zkey *zk = key->zk;
    size_t n = zk->domain_size;
    fr_t *x[3] = { malloc(n * sizeof(fr_t)), malloc(n * sizeof(fr_t)), malloc(n * sizeof(fr_t)) };
    loaded_plugin *sy = slot_plugin(key->prover, SLOT_SYNTH, 0);
    loaded_plugin *nt = slot_plugin(key->prover, SLOT_NTT, 0);
    int rc = G16K_OK;

    if (!x[0] || !x[1] || !x[2]) {
        rc = g16k_err(G16K_ENOMEM, "out of memory for 3 vectors of %zu Fr elements", n);
        goto out;
    }
    g16k_err_clear();
    rc = sy->desc->synth->synthesize(key->primary.circuit, w, zk->n_vars, G16K_ENC_CANONICAL,
                                     x[0], x[1], x[2], G16K_ENC_MONTGOMERY);
    if (rc != G16K_OK) {
        g16k_err_prefix("plugin %s: synthesize", sy->name);
        goto out;
    }
    const g16k_ntt_vtable *v = nt->desc->ntt;
    g16k_err_clear();
    if (v->compute_h) {
        rc = v->compute_h(key->primary.domain, x[0], x[1], x[2], G16K_ENC_MONTGOMERY, h,
                          G16K_ENC_MONTGOMERY);
    } else {
        /* the chain of plugin.h compute_h: X' = FORWARD_COSET(INVERSE(X)), h = a' b' - c' */
        for (int i = 0; i < 3 && rc == G16K_OK; i++) {
            rc = v->transform(key->primary.domain, x[i], G16K_NTT_INVERSE, G16K_ENC_MONTGOMERY);
            if (rc == G16K_OK)
                rc = v->transform(key->primary.domain, x[i], G16K_NTT_FORWARD_COSET,
                                  G16K_ENC_MONTGOMERY);
        }
        for (size_t i = 0; rc == G16K_OK && i < n; i++) {
            fr_t t;
            fr_mul(&t, &x[0][i], &x[1][i]);
            fr_sub(&h[i], &t, &x[2][i]);
        }
    }
    if (rc != G16K_OK)
        g16k_err_prefix("plugin %s: NTT", nt->name);
out:
    free(x[0]);
    free(x[1]);
    free(x[2]);
    return rc;
}

/* One call of MSM m with the given window (0 = the plugin's auto) on the primary provider:
 * *seconds = wall time of the call, result = the point in Montgomery form (96 B G1, 192 B
 * G2; the rest of the 192 bytes zeroed). Errors: the provider's status, message prefixed with
 * the plugin name, the MSM and the window. */
int tune_time_msm(g16k_key *key, int m, const void *scalars, uint64_t n, uint32_t enc,
                  uint32_t window, double *seconds, uint8_t result[192])
{
    loaded_plugin *pl = slot_plugin(key->prover, msm_slot(m), 0);
    g16k_msm_params params = {
        .struct_size = sizeof(params), .msm_id = (uint32_t)(m + 1), .window = window,
        .threads = 0,
    };
    memset(result, 0, 192);
    g16k_err_clear();
    double t0 = g16k_now();
    int rc = pl->desc->msm->msm(key->primary.bases[m], scalars, n, enc, &params, result,
                                G16K_ENC_MONTGOMERY);
    *seconds = g16k_now() - t0;
    if (rc != G16K_OK)
        g16k_err_prefix("plugin %s: MSM %s with window %u", pl->name, msm_name(m), window);
    return rc;
}
