/*
 * Proving keys: read and validate a .zkey (formats/zkey.c) and hand its fixed parts to the
 * providers once: the coefficient matrices to the synthesizer, the domain to the NTT, the five
 * point sets to the MSM providers (docs/architecture.md: "bases" handles reused across proofs). A file
 * and a buffer take the same path. The points are tested first, on every one of [core] threads
 * (key/zkey_load.c), and only then handed to the providers, whose bases_create runs on
 * those threads too: so a load never runs more than [core] threads at once (the budget of
 * prove.c), and the progress stages come in the order g16k.h gives, "check" then "upload".
 * (Testing while the providers take the bases would save their share, about 2% of a first
 * load of sha256_64 on the CPU plugin, at the price of both.) The point arrays are lent
 * (plugin.h bases_borrow, ABI 1.3, where a provider has it: the CPU plugin then copies
 * nothing), and so are the coefficients (plugin.h circuit_borrow, ABI 1.4: the CPU plugin
 * then builds only the row starts); a lent array lives until its handle is destroyed, which
 * g16k_key_free does before zkey_free, as every failed load does through it.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "key/zkey_cache.h"
#include "util/clock.h"
#include "util/error.h"
#include "calls.h"
#include "util/trace.h"
#include "util/log.h"

const provider *slot_provider(const g16k_key *key, int slot, int which)
{
    return key->prov[slot][which != 0];
}

/* The providers of cv's keys, slot by slot, into prov: each slot's primary (which must serve cv
 * with the slot's capability: else the configuration error that names both) and its fallback
 * where that serves cv too (else the key has none; logged). name: the key, for messages. */
static int providers_for(const g16k_prover *p, const curve *cv, const char *name,
                         const provider *prov[SLOT_COUNT][2])
{
    const prover_config *cfg = p->cfg;
    for (int s = 0; s < SLOT_COUNT; s++) {
        const provider_slot *sl = &cfg->slot[s];
        uint32_t cap = config_slots[s].cap;
        const provider *pv = plugin_serves(sl->primary, cv->id, cap);
        if (!pv) {
            const provider *other = plugin_on(sl->primary, cv->id); /* without cap */
            char served[64];
            plugin_curves_text(sl->primary, served, sizeof served);
            return err_set(G16K_ECONFIG,
                           "%s: a %s (%s) proving key, but the [%s] provider '%s' (%s) of %s "
                           "serves %s%s%s; name a provider that serves %s there (or compile the "
                           "circuit for the curve of your providers: circom --prime bls12381)",
                           name, cv->name, cv->snarkjs, config_slots[s].name, sl->primary->name,
                           sl->primary->path, cfg->file, other ? "it without " : "",
                           other ? config_slots[s].name : served, other ? "" : " only", cv->name);
        }
        prov[s][0] = pv;
        prov[s][1] = NULL;
        if (sl->fallback) {
            if ((prov[s][1] = plugin_serves(sl->fallback, cv->id, cap)) == NULL)
                log_msg(G16K_LOG_INFO,
                        "%s: [%s] fallback '%s' does not serve %s: no fallback "
                        "for this key",
                        name, config_slots[s].name, sl->fallback->name, cv->name);
        }
    }
    return G16K_OK;
}

/* zkey_load_args.header_check of key_load: the slots' providers on the key's curve. */
static int key_header_check(void *user, const zkey *k)
{
    g16k_key *key = user;
    const char *name = key->loading_path ? key->loading_path : "the key";
    return providers_for(key->prover, k->cv, name, key->prov);
}

/* Stage "upload" of a key load: handles made so far of the 2 + MSM_COUNT. G16K_ECANCELED when
 * the embedder's callback asks to stop; G16K_OK otherwise (and outside a load). */
static int upload_progress(const g16k_key *key, uint64_t done)
{
    const g16k_key_opts *o = key->loading;
    if (o && o->progress && o->progress(o->progress_user, "upload", done, 2 + MSM_COUNT) != 0)
        return err_set(G16K_ECANCELED, "key load cancelled while the providers took the key");
    return G16K_OK;
}

int key_handles_create(g16k_key *key, int which)
{
    const zkey *zk = key->zk;
    key_handles *h = which ? &key->fallback : &key->primary;
    const provider *pv;
    int rc;

    memset(h, 0, sizeof(*h));
    if ((rc = upload_progress(key, 0)) != G16K_OK)
        return rc;
    if ((pv = slot_provider(key, SLOT_SYNTH, which)) != NULL) {
        /* lent: zk->coefs outlives the circuit (g16k_key_free destroys it first) */
        if ((rc = call_circuit_create(pv, key->zk, 1, &h->circuit, &h->coefs_lent)) != G16K_OK)
            return rc;
    }
    if ((rc = upload_progress(key, 1)) != G16K_OK)
        return rc;
    if ((pv = slot_provider(key, SLOT_NTT, which)) != NULL &&
        (rc = call_domain_create(pv, zk->log_n, &h->domain)) != G16K_OK)
        return rc;
    for (int m = 0; m < MSM_COUNT; m++) {
        if ((rc = upload_progress(key, 2 + (uint64_t)m)) != G16K_OK)
            return rc;
        const void *pts;
        uint64_t n;
        if ((pv = slot_provider(key, groth16_msms[m].slot, which)) == NULL)
            continue;
        msm_points(zk, m, &pts, &n);
        /* lent: zk's arrays outlive the handles (g16k_key_free destroys them first) */
        rc = call_bases_create(pv, groth16_msms[m].group, pts, n, 1, groth16_msms[m].name,
                               &h->bases[m], &h->lent[m]);
        if (rc != G16K_OK)
            return rc;
    }
    if ((rc = upload_progress(key, 2 + MSM_COUNT)) != G16K_OK)
        return rc;
    h->ready = 1;
    return G16K_OK;
}

void key_handles_destroy(g16k_key *key, key_handles *h, int which)
{
    const provider *pv;
    if ((pv = slot_provider(key, SLOT_SYNTH, which)) != NULL)
        call_circuit_destroy(pv, h->circuit);
    if ((pv = slot_provider(key, SLOT_NTT, which)) != NULL)
        call_domain_destroy(pv, h->domain);
    for (int m = 0; m < MSM_COUNT; m++)
        if ((pv = slot_provider(key, groth16_msms[m].slot, which)) != NULL)
            call_bases_destroy(pv, h->bases[m]);
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

/* 1 when every MSM provider of the prover, primary and fallback, on every curve it serves, has
 * bases_borrow_unaligned (plugin ABI 1.7): then a mapped key's point sections off an 8-byte
 * boundary stay where the file's bytes are (zkey_load_args.points_unaligned) and are lent
 * there, instead of being copied into the key's image; with any other provider they are
 * copied, as for ABI 1.0..1.6. (Asked before the load, which tells the key's curve.) */
static int msm_providers_take_unaligned(const g16k_prover *p)
{
    for (int m = 0; m < MSM_COUNT; m++) {
        const provider_slot *sl = &p->cfg->slot[groth16_msms[m].slot];
        const loaded_plugin *lp[2] = { sl->primary, sl->fallback };
        for (int which = 0; which < 2; which++)
            for (unsigned i = 0; lp[which] && i < lp[which]->n_on; i++)
                if (lp[which]->on[i].msm && !call_has_borrow_unaligned(&lp[which]->on[i]))
                    return 0;
    }
    return 1;
}

/* Drop what the providers now hold copies of: the coefficients and the point arrays that no
 * handle of h borrowed. */
static void drop_arrays(zkey *zk, const key_handles *h)
{
    unsigned keep = h->coefs_lent ? ZKEY_KEEP_COEFS : 0;
    for (int m = 0; m < MSM_COUNT; m++)
        if (h->lent[m])
            keep |= m == MSM_A    ? ZKEY_KEEP_A
                    : m == MSM_B1 ? ZKEY_KEEP_B1
                    : m == MSM_B2 ? ZKEY_KEEP_B2
                    : m == MSM_L  ? ZKEY_KEEP_C
                                  : ZKEY_KEEP_H;
    zkey_drop_arrays(zk, keep);
}

/* *o = the options an embedder gave, or all zero. */
static int key_opts(const g16k_key_opts *given, g16k_key_opts *o)
{
    memset(o, 0, sizeof(*o));
    return opts_copy(o, sizeof(*o), given, "g16k_key_opts");
}

/* The events of a key load that ran from t0 (trace_now) with stats st: "load key" on the
 * calling thread, "read + check" (the zkey's load) and "upload" (the providers' handles, whose
 * calls nest inside it) below it, and the overlapping phases of the zkey's load on tracks of
 * their own, each from the load's start to that phase's end (the file is digested, decoded and
 * checked while it is read: key/zkey_load.c). */
static void load_events(g16k_trace *tr, uint64_t t0, const char *path, const key_load_stats *st,
                        int rc)
{
    static const struct {
        const char *track, *name;
        size_t off;
    } ph[] = {
        { "key load: read", "read", offsetof(zkey_load_stats, read) },
        { "key load: digest", "digest", offsetof(zkey_load_stats, digest) },
        { "key load: decode", "decode", offsetof(zkey_load_stats, decoded) },
        { "key load: check", "check", offsetof(zkey_load_stats, checked) },
    };
    double zk_end = 0;
    for (size_t i = 0; i < sizeof(ph) / sizeof(ph[0]); i++) {
        double end = *(const double *)((const char *)&st->zk + ph[i].off);
        zk_end = end > zk_end ? end : zk_end;
        if (end > 0)
            trace_add(tr, "key", ph[i].name, t0, t0 + (uint64_t)(end * 1e9), NULL, ph[i].track);
    }
    if (zk_end > 0)
        trace_add(tr, "key", "read + check", t0, t0 + (uint64_t)(zk_end * 1e9), NULL, NULL);
    json_object *a = json_object_new_object();
    json_object_object_add(a, "zkey", json_object_new_string(path ? path : "?"));
    json_object_object_add(a, "cached", json_object_new_boolean(st->zk.cached));
    json_object_object_add(a, "g1_points", json_object_new_int64((int64_t)st->zk.g1_points));
    json_object_object_add(a, "g2_points", json_object_new_int64((int64_t)st->zk.g2_points));
    if (rc != G16K_OK)
        json_object_object_add(a, "status", json_object_new_int(rc));
    trace_add(tr, "key", "load key", t0, trace_now(), a, NULL);
}

static int key_load_bound(g16k_prover *prover, zkey_load_args *args, const g16k_key_opts *opts,
                          key_load_stats *st, uint64_t t_trace, g16k_key **out);

int key_load(g16k_prover *prover, zkey_load_args *args, const g16k_key_opts *opts,
             key_load_stats *st, g16k_key **out)
{
    key_load_stats local;
    if (!st)
        st = &local;
    g16k_trace *tr = opts->trace ? opts->trace : trace_current(), *saved = trace_bind(tr);
    uint64_t t_trace = tr ? trace_now() : 0;
    int rc = key_load_bound(prover, args, opts, st, t_trace, out);
    if (tr)
        load_events(tr, t_trace, args->path, st, rc);
    trace_bind(saved);
    return rc;
}

/* key_load with the trace bound; the "upload" event starts at the handles (t_trace: 0 when
 * not tracing). st is never NULL here. */
static int key_load_bound(g16k_prover *prover, zkey_load_args *args, const g16k_key_opts *opts,
                          key_load_stats *st, uint64_t t_trace, g16k_key **out)
{
    g16k_key *key;
    int rc;

    memset(st, 0, sizeof(*st));
    double t0 = clock_now();
    key = calloc(1, sizeof(*key));
    if (!key)
        return err_set(G16K_ENOMEM, "out of memory");
    key->prover = prover;
    pthread_mutex_init(&key->fallback_lock, NULL);
    args->threads = prover->cfg->threads;
    args->cache_dir = prover->cfg->key_cache;
    args->progress = opts->progress;
    args->progress_user = opts->progress_user;
    args->stats = &st->zk;
    args->map = (opts->flags & G16K_KEY_MAP_FILE) != 0;
    /* Section 4 stays where the file's bytes are: a synthesizer with circuit_borrow_records
     * reads it there, and call_circuit_create decodes it for any other. */
    args->coef_records = 1;
    args->points_unaligned = args->map && msm_providers_take_unaligned(prover);
    /* The providers of the key's curve, asked once its header is read: a curve they lack is
     * a configuration error before any point is read */
    args->header_check = key_header_check;
    args->header_user = key;
    key->loading_path = args->path;
    rc = zkey_load_from(args, &key->zk);
    if (rc != G16K_OK) {
        pthread_mutex_destroy(&key->fallback_lock);
        free(key);
        return rc;
    }
    key->cached = st->zk.cached;
    /* delta = 1 is the key before phase 2 (what `g16k setup` and `snarkjs groth16 setup` write):
     * its toxic waste for delta is public, so anyone can make a proof for any statement. */
    if (memcmp(&key->zk->delta1, key->zk->cv->g1_generator, key->zk->cv->g1_bytes) == 0)
        log_msg(G16K_LOG_WARN,
                "%s: delta = 1: this key has had no phase-2 contribution, so "
                "anyone can forge its proofs; for real use, contribute first (snarkjs zkey "
                "contribute)",
                args->path ? args->path : "the key");
    for (int s = 0; s < SLOT_COUNT; s++)
        if (slot_provider(key, s, 1))
            key->keep_arrays = 1;
    double t1 = clock_now();
    uint64_t u0 = t_trace ? trace_now() : 0;
    key->loading = opts;
    rc = key_handles_create(key, 0);
    key->loading = NULL;
    if (rc == G16K_OK) /* providers that copied read a mapped file for the last time */
        rc = zkey_check_unchanged(key->zk);
    st->handles = clock_now() - t1;
    if (t_trace)
        trace_add(trace_current(), "key", "upload", u0, trace_now(), NULL, NULL);
    if (rc != G16K_OK) {
        g16k_key_free(key);
        return rc;
    }
    if (!key->keep_arrays)
        drop_arrays(key->zk, &key->primary);
    st->total = clock_now() - t0;
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
        return err_set(G16K_EINVAL, "%s: NULL argument", fn);
    if ((rc = key_opts(opts, &o)) != G16K_OK)
        return rc;
    if (args->data)
        args->path = o.name ? o.name : "zkey buffer";
    return key_load(prover, args, &o, NULL, out);
}

int g16k_key_load_file(g16k_prover *prover, const char *zkey_path, const g16k_key_opts *opts,
                       g16k_key **out)
{
    zkey_load_args args = { .path = zkey_path };
    return key_load_api("g16k_key_load_file", prover, &args, opts, out);
}

int g16k_key_load_buffer(g16k_prover *prover, const void *data, size_t len,
                         const g16k_key_opts *opts, g16k_key **out)
{
    zkey_load_args args = { .data = data, .size = len };
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
    return key ? key->zk->n_public : 0;
}

int g16k_key_cached(const g16k_key *key)
{
    return key ? key->cached : 0;
}

int g16k_zkey_digest(const void *data, size_t len, char hex[65])
{
    uint8_t d[ZKEY_DIGEST_BYTES];
    if (!hex || (!data && len > 0))
        return err_set(G16K_EINVAL, "g16k_zkey_digest: NULL argument");
    if (!data)
        data = ""; /* no bytes: the empty input's digest */
    if (zkey_digest(d, data, len) != 0)
        return err_set(G16K_ENOMEM, "zkey digest: out of memory");
    for (int i = 0; i < ZKEY_DIGEST_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
    return G16K_OK;
}
