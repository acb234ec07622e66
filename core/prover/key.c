/*
 * Proving keys: read and validate a .zkey (formats/zkey.c) and hand its fixed parts to the
 * providers once: the coefficient matrices to the synthesizer, the domain to the NTT, the five
 * point sets to the MSM providers (DESIGN.md: "bases" handles reused across proofs). A file
 * and a buffer take the same path. The points are tested first, on every one of [core] threads
 * (formats/zkey_load.c), and only then handed to the providers, whose bases_create runs on
 * those threads too: so a load never runs more than [core] threads at once (the budget of
 * prove.c), and the progress stages come in the order g16k.h gives, "check" then "upload".
 * (Testing while the providers take the bases would save their share, about 2% of a first
 * load of sha256_64 on the CPU plugin, at the price of both.)
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"
#include "../formats/zkey_cache.h"
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

/* Stage "upload" of a key load: handles made so far of the 2 + MSM_COUNT. G16K_ECANCELED when
 * the embedder's callback asks to stop; G16K_OK otherwise (and outside a load). */
static int upload_progress(const g16k_key *key, uint64_t done)
{
    const g16k_key_opts *o = key->loading;
    if (o && o->progress && o->progress(o->progress_user, "upload", done, 2 + MSM_COUNT) != 0)
        return g16k_err(G16K_ECANCELED, "key load cancelled while the providers took the key");
    return G16K_OK;
}

int key_handles_create(g16k_key *key, int which)
{
    const zkey *zk = key->zk;
    key_handles *h = which ? &key->fallback : &key->primary;
    loaded_plugin *pl;
    int rc;

    memset(h, 0, sizeof(*h));
    if ((rc = upload_progress(key, 0)) != G16K_OK)
        return rc;
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
    if ((rc = upload_progress(key, 1)) != G16K_OK)
        return rc;
    if ((pl = slot_plugin(key->prover, SLOT_NTT, which)) != NULL) {
        g16k_err_clear();
        rc = pl->desc->ntt->domain_create(pl->ctx, zk->log_n, &h->domain);
        if (rc != G16K_OK)
            return plugin_fail(rc, pl, "ntt domain_create failed");
    }
    for (int m = 0; m < MSM_COUNT; m++) {
        if ((rc = upload_progress(key, 2 + (uint64_t)m)) != G16K_OK)
            return rc;
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
    if ((rc = upload_progress(key, 2 + MSM_COUNT)) != G16K_OK)
        return rc;
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

/* *o = the options an embedder gave, or all zero. */
static int key_opts(const g16k_key_opts *given, g16k_key_opts *o)
{
    memset(o, 0, sizeof(*o));
    return opts_copy(o, sizeof(*o), given, "g16k_key_opts");
}

int key_load(g16k_prover *prover, zkey_load_args *args, const g16k_key_opts *opts,
             key_load_stats *st, g16k_key **out)
{
    g16k_key *key;
    key_load_stats local;
    int rc;

    if (!st)
        st = &local;
    memset(st, 0, sizeof(*st));
    double t0 = g16k_now();
    key = calloc(1, sizeof(*key));
    if (!key)
        return g16k_err(G16K_ENOMEM, "out of memory");
    key->prover = prover;
    pthread_mutex_init(&key->fallback_lock, NULL);
    args->threads = prover->cfg->threads;
    args->cache_dir = prover->cfg->key_cache;
    args->progress = opts->progress;
    args->progress_user = opts->progress_user;
    args->stats = &st->zk;
    rc = zkey_load_from(args, &key->zk);
    if (rc != G16K_OK) {
        pthread_mutex_destroy(&key->fallback_lock);
        free(key);
        return rc;
    }
    key->cached = st->zk.cached;
    for (int s = 0; s < SLOT_COUNT; s++)
        if (prover->cfg->slot[s].fallback)
            key->keep_arrays = 1;
    double t1 = g16k_now();
    key->loading = opts;
    rc = key_handles_create(key, 0);
    key->loading = NULL;
    st->handles = g16k_now() - t1;
    if (rc != G16K_OK) {
        g16k_key_free(key);
        return rc;
    }
    if (!key->keep_arrays)
        drop_arrays(key->zk);
    st->total = g16k_now() - t0;
    *out = key;
    return G16K_OK;
}

/* The public loads: arguments, options (a buffer's name), then key_load. fn names the call. */
static int key_load_api(const char *fn, g16k_prover *prover, zkey_load_args *args,
                        const g16k_key_opts *opts, g16k_key **out)
{
    g16k_key_opts o;
    int rc;
    if (out)
        *out = NULL;
    if (!prover || !(args->path || args->data) || !out)
        return g16k_err(G16K_EINVAL, "%s: NULL argument", fn);
    if ((rc = key_opts(opts, &o)) != G16K_OK)
        return rc;
    if (args->data)
        args->path = o.name ? o.name : "zkey buffer";
    return key_load(prover, args, &o, NULL, out);
}

int g16k_key_load_file(g16k_prover *prover, const char *zkey_path, const g16k_key_opts *opts,
                       g16k_key **out)
{
    zkey_load_args args = {.path = zkey_path};
    return key_load_api("g16k_key_load_file", prover, &args, opts, out);
}

int g16k_key_load_buffer(g16k_prover *prover, const void *data, size_t len,
                         const g16k_key_opts *opts, g16k_key **out)
{
    zkey_load_args args = {.data = data, .size = len};
    return key_load_api("g16k_key_load_buffer", prover, &args, opts, out);
}

int g16k_key_load(g16k_prover *prover, const char *zkey_path, g16k_key **out)
{
    return g16k_key_load_file(prover, zkey_path, NULL, out);
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

int g16k_key_cached(const g16k_key *key)
{
    return key->cached;
}

int g16k_zkey_digest(const void *data, size_t len, char hex[65])
{
    uint8_t d[ZKEY_DIGEST_BYTES];
    if (zkey_digest(d, data, len) != 0)
        return g16k_err(G16K_ENOMEM, "zkey digest: libsodium failed");
    sodium_bin2hex(hex, 65, d, sizeof d);
    return G16K_OK;
}
