/*
 * A key on the unit's curve (setup_run of setup.h once commands.c knows the r1cs's curve):
 * either allocate the key, fill it from a ptau (setup_ptau.c) and write it (zkey_write.c), or
 * stream a key from random toxic waste to the output as it is made (setup_random.c). And the
 * curve's table of entry points.
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

int setup_cmd_run(const setup_opts *o, const r1cs *cs, progress *pg)
{
    if (!o->ptau_path)
        return setup_random_zkey(o->zkey_path, cs, o->threads, pg);
    setup_key k;
    memset(&k, 0, sizeof k);
    int rc;
    if ((rc = key_alloc(&k, cs)) == G16K_OK &&
        (rc = setup_from_ptau(&k, cs, o->ptau_path, o->threads, pg)) == G16K_OK &&
        (rc = zkey_write(o->zkey_path, &k, cs)) == G16K_OK)
        progress_done(pg, "write zkey");
    key_free(&k);
    return rc;
}

const setup_curve_ops SETUP_OPS = {
    .cv = SETUP_CURVE,
    .run = setup_cmd_run,
    .ptau_new = ptau_cmd_new,
    .ptau_prepare = ptau_cmd_prepare,
    .ptau_contribute = ptau_cmd_contribute,
    .ptau_verify = ptau_cmd_verify,
};
