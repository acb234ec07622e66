/*
 * tune.c: the core half of `g16k tune` (tune.h): the H vector of one witness and one timed MSM
 * call, both through the provider-call layer (calls.h) on the primary providers.
 */
#include <stdint.h>
#include <stdlib.h>

#include "tune.h"
#include "util/error.h"
#include "util/clock.h"

int tune_compute_h(g16k_key *key, const fr_t *w, fr_t *h)
{
    const zkey *zk = key->zk;
    size_t n = zk->domain_size;
    fr_t *x[3] = { malloc(n * sizeof(fr_t)), malloc(n * sizeof(fr_t)), malloc(n * sizeof(fr_t)) };
    int rc;

    if (!x[0] || !x[1] || !x[2])
        rc = err_set(G16K_ENOMEM, "out of memory for 3 vectors of %zu Fr elements", n);
    else if ((rc = call_synthesize(slot_provider(key, SLOT_SYNTH, 0), key->primary.circuit, w,
                                   zk->n_vars, x[0], x[1], x[2])) == G16K_OK)
        rc = call_h_chain(slot_provider(key, SLOT_NTT, 0), key->primary.domain, x[0], x[1], x[2], n,
                          h);
    free(x[0]);
    free(x[1]);
    free(x[2]);
    return rc;
}

int tune_time_msm(g16k_key *key, int m, const void *scalars, uint64_t n, uint32_t enc,
                  uint32_t window, double *seconds, msm_result *out)
{
    const groth16_msm *gm = &groth16_msms[m];
    g16k_msm_params params = {
        .struct_size = sizeof(params),
        .msm_id = gm->msm_id,
        .window = window,
        .threads = 0,
    };
    double t0 = clock_now();
    int rc = call_msm(slot_provider(key, gm->slot, 0), key->primary.bases[m], gm->group, scalars, n,
                      enc, &params, out);
    *seconds = clock_now() - t0;
    return rc;
}
