/*
 * Proving keys: read and validate a .zkey (formats/zkey.c) and hand its fixed parts to the
 * providers once: the coefficient matrices to the synthesizer, the domain to the NTT, the five
 * point sets to the MSM providers (DESIGN.md: "bases" handles reused across proofs). The
 * subgroup tests of the points, the longest part of a first load, go on on every thread while
 * the providers take their bases; a key that fails them is refused and its handles destroyed.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../util/clock.h"
#include "../util/error.h"

static const int msm_slots[MSM_COUNT] = { SLOT_MSM_G1, SLOT_MSM_G1, SLOT_MSM_G2, SLOT_MSM_G1, SLOT_MSM_G1 };
static const int msm_windows[MSM_COUNT] = { WIN_A, WIN_B_G1, WIN_B_G2, WIN_L, WIN_H };
static const char *const msm_names[MSM_COUNT] = { "A", "B_G1", "B_G2", "L", "H" };

int msm_slot(int msm) { return msm_slots[msm]; }
int msm_window_index(int msm) { return msm_windows[msm]; }
const char *msm_name(int msm) { return msm_names[msm]; }

loaded_plugin *slot_plugin(const g16k_prover *p, int slot, int which)
{
    const provider_slot *s = &p->cfg->slot[slot];
    return which ? s->fallback : s->primary;
}

static int plugin_fail(int rc, const loaded_plugin *pl, const char *what)
{
    g16k_err_prefix("plugin %s (%s): %s", pl->name, pl->path, what);
    return rc;
}

/* The points and count of MSM m of the key. */
static void msm_points(const zkey *zk, int m, const void **pts, uint64_t *n, uint32_t *group)
{
    *group = G16K_G1;
    switch (m) {
    case MSM_A:  *pts = zk->a;  *n = zk->n_vars; break;
    case MSM_B1: *pts = zk->b1; *n = zk->n_vars; break;
    case MSM_B2: *pts = zk->b2; *n = zk->n_vars; *group = G16K_G2; break;
    case MSM_L:  *pts = zk->c;  *n = zk->n_vars - zk->n_public - 1; break;
    default:     *pts = zk->h;  *n = zk->domain_size; break;
    }
}

int key_handles_create(g16k_key *key, int which)
{
    const zkey *zk = key->zk;
    key_handles *h = which ? &key->fallback : &key->primary;
    loaded_plugin *pl;
    int rc;

    memset(h, 0, sizeof(*h));
    if ((pl = slot_plugin(key->prover, SLOT_SYNTH, which)) != NULL) {
        g16k_constraints cs = {
            .struct_size = sizeof(cs), .coef_encoding = G16K_ENC_MONTGOMERY,
            .n_vars = zk->n_vars, .domain_size = zk->domain_size,
            .n_coefs = zk->n_coefs, .coefs = zk->coefs,
        };
        g16k_err_clear();
        rc = pl->desc->synth->circuit_create(pl->ctx, &cs, &h->circuit);
        if (rc != G16K_OK)
            return plugin_fail(rc, pl, "synthesizer circuit_create failed");
    }
    if ((pl = slot_plugin(key->prover, SLOT_NTT, which)) != NULL) {
        g16k_err_clear();
        rc = pl->desc->ntt->domain_create(pl->ctx, zk->log_n, &h->domain);
        if (rc != G16K_OK)
            return plugin_fail(rc, pl, "ntt domain_create failed");
    }
    for (int m = 0; m < MSM_COUNT; m++) {
        const void *pts;
        uint64_t n;
        uint32_t group;
        if ((pl = slot_plugin(key->prover, msm_slot(m), which)) == NULL)
            continue;
        msm_points(zk, m, &pts, &n, &group);
        g16k_err_clear();
        rc = pl->desc->msm->bases_create(pl->ctx, group, pts, n, G16K_ENC_MONTGOMERY, &h->bases[m]);
        if (rc != G16K_OK)
            return plugin_fail(rc, pl, msm_name(m));
    }
    h->ready = 1;
    return G16K_OK;
}

void key_handles_destroy(g16k_key *key, key_handles *h, int which)
{
    loaded_plugin *pl;
    if ((pl = slot_plugin(key->prover, SLOT_SYNTH, which)) != NULL && h->circuit)
        pl->desc->synth->circuit_destroy(h->circuit);
    if ((pl = slot_plugin(key->prover, SLOT_NTT, which)) != NULL && h->domain)
        pl->desc->ntt->domain_destroy(h->domain);
    for (int m = 0; m < MSM_COUNT; m++)
        if ((pl = slot_plugin(key->prover, msm_slot(m), which)) != NULL && h->bases[m])
            pl->desc->msm->bases_destroy(h->bases[m]);
    memset(h, 0, sizeof(*h));
}

key_handles *key_handles_get(g16k_key *key, int which)
{
    key_handles *h;
    if (!which)
        return &key->primary;
    pthread_mutex_lock(&key->fallback_lock);
    h = &key->fallback;
    if (!h->ready) {
        if (!key->keep_arrays || key_handles_create(key, 1) != G16K_OK) {
            key_handles_destroy(key, h, 1);
            h = NULL;
        }
    }
    pthread_mutex_unlock(&key->fallback_lock);
    return h;
}

/* Drop what the providers now hold copies of. */
static void drop_arrays(zkey *zk)
{
    free(zk->coefs); zk->coefs = NULL;
    free(zk->a); zk->a = NULL;
    free(zk->b1); zk->b1 = NULL;
    free(zk->b2); zk->b2 = NULL;
    free(zk->c); zk->c = NULL;
    free(zk->h); zk->h = NULL;
}

int key_load(g16k_prover *prover, const char *zkey_path, zkey_progress_fn *progress, void *user,
             key_load_stats *st, g16k_key **out)
{
    g16k_key *key;
    zkey_loading *ld;
    key_load_stats local;
    int rc;

    if (!prover || !zkey_path || !out)
        return g16k_err(G16K_EINVAL, "g16k_key_load: NULL argument");
    *out = NULL;
    if (!st)
        st = &local;
    memset(st, 0, sizeof(*st));
    double t0 = g16k_now();
    key = calloc(1, sizeof(*key));
    if (!key)
        return g16k_err(G16K_ENOMEM, "out of memory");
    key->prover = prover;
    pthread_mutex_init(&key->fallback_lock, NULL);
    zkey_load_opts zo = {.threads = prover->cfg->threads, .cache_dir = prover->cfg->key_cache,
                         .progress = progress, .progress_user = user};
    rc = zkey_load_begin(zkey_path, &zo, &key->zk, &ld);
    if (rc != G16K_OK) {
        pthread_mutex_destroy(&key->fallback_lock);
        free(key);
        return rc;
    }
    for (int s = 0; s < SLOT_COUNT; s++)
        if (prover->cfg->slot[s].fallback)
            key->keep_arrays = 1;
    double t1 = g16k_now();
    rc = key_handles_create(key, 0);
    st->handles = g16k_now() - t1;
    if (rc != G16K_OK) {
        zkey_load_cancel(ld);
        g16k_key_free(key);
        return rc;
    }
    if ((rc = zkey_load_end(ld, &st->zk)) != G16K_OK) {
        g16k_key_free(key);
        return rc;
    }
    if (!key->keep_arrays)
        drop_arrays(key->zk);
    st->total = g16k_now() - t0;
    *out = key;
    return G16K_OK;
}

int g16k_key_load(g16k_prover *prover, const char *zkey_path, g16k_key **out)
{
    return key_load(prover, zkey_path, NULL, NULL, NULL, out);
}

void g16k_key_free(g16k_key *key)
{
    if (!key)
        return;
    key_handles_destroy(key, &key->primary, 0);
    if (key->fallback.ready)
        key_handles_destroy(key, &key->fallback, 1);
    pthread_mutex_destroy(&key->fallback_lock);
    zkey_free(key->zk);
    free(key);
}

uint32_t g16k_key_n_public(const g16k_key *key)
{
    return key->zk->n_public;
}
