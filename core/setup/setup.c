/*
 * setup_run (setup.h): load the r1cs, then either allocate the key, fill it from a ptau
 * (setup_ptau.c) and write it (zkey_write.c), or stream a key from random toxic waste to the
 * output as it is made (setup_random.c).
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "setup.h"
#include "util/error.h"

static void key_free(setup_key *k)
{
    free(k->ic);
    free(k->h);
    free(k->c);
    free(k->a);
    free(k->b1);
    free(k->b2);
    free(k->hash_h);
}

static int key_alloc(setup_key *k, const r1cs *cs)
{
    uint64_t nv = cs->n_wires;
    uint64_t P = (uint64_t)cs->n_pub_out + cs->n_pub_in;
    k->hd.n_vars = cs->n_wires;
    k->hd.n_public = (uint32_t)P;
    k->hd.domain_size = 1u << setup_cir_power(cs);
    k->ic = malloc((P + 1) * sizeof(*k->ic));
    k->h = malloc(k->hd.domain_size * sizeof(*k->h));
    k->c = malloc((nv - P - 1 + 1) * sizeof(*k->c)); /* +1: never malloc(0) */
    k->a = malloc(nv * sizeof(*k->a));
    k->b1 = malloc(nv * sizeof(*k->b1));
    k->b2 = malloc(nv * sizeof(*k->b2));
    if (!k->ic || !k->h || !k->c || !k->a || !k->b1 || !k->b2)
        return err_set(G16K_ENOMEM,
                       "setup: no memory for the proving key (%llu signals, "
                       "domain %u)",
                       (unsigned long long)nv, k->hd.domain_size);
    return G16K_OK;
}

int setup_run(const setup_opts *o)
{
    r1cs cs;
    setup_key k;
    progress pg;
    memset(&k, 0, sizeof k);
    progress_init(&pg, "setup", o->progress);
    int rc = r1cs_load(o->r1cs_path, &curve_bls12_381, &cs);
    if (rc)
        return rc;
    if ((rc = setup_check_limits(&cs, o->r1cs_path)) != G16K_OK)
        goto out;
    progress_done(&pg, "read r1cs");
    if (!o->ptau_path) {
        rc = setup_random_zkey(o->zkey_path, &cs, o->threads, &pg);
        goto out;
    }
    if ((rc = key_alloc(&k, &cs)) != G16K_OK ||
        (rc = setup_from_ptau(&k, &cs, o->ptau_path, o->threads, &pg)) != G16K_OK ||
        (rc = zkey_write(o->zkey_path, &k, &cs)) != G16K_OK)
        goto out;
    progress_done(&pg, "write zkey");
out:
    key_free(&k);
    r1cs_free(&cs);
    return rc;
}
