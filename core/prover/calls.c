/*
 * The provider-call layer (calls.h): every call the core makes into a plugin's vtables, with
 * the error prefix and the result checks in one place, and the inputs of the five Groth16
 * MSMs (docs/proving.md, "The prover"). The H chain composed from transform() is plugin.h's definition
 * of compute_h: X' = FORWARD_COSET(INVERSE(X)) for X in a, b, c, then h = a' b' - c'.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calls.h"
#include "util/trace.h"
#include "util/error.h"

/* ---- trace events: one per call, when the calling thread has a trace (util/trace.h) ---- */

static json_object *arg_int(json_object *a, const char *key, int64_t v)
{
    json_object_object_add(a, key, json_object_new_int64(v));
    return a;
}

/* The event [t0, now] of call `name` on plugin pv, its args a (NULL: none) completed with the
 * provider, its device and, when it failed, the status; prev: TRACE_START's call state. */
static void emit(g16k_trace *tr, const char *name, const provider *pv, uint64_t t0, int prev,
                 int rc, json_object *a)
{
    trace_call_leave(prev);
    if (!a)
        a = json_object_new_object();
    json_object_object_add(a, "provider", json_object_new_string(pv->plugin->name));
    if (pv->plugin->info[0])
        json_object_object_add(a, "device", json_object_new_string(pv->plugin->info));
    if (rc != G16K_OK)
        arg_int(a, "status", rc);
    trace_add(tr, "call", name, t0, trace_now(), a, NULL);
}

/* At the start of a call: its trace (or NULL), its start time, and the thread marked as inside
 * a traced provider call (plugins report inner events only then); emit ends both. */
#define TRACE_START(tr)                                                                            \
    g16k_trace *tr = trace_current();                                                              \
    uint64_t tr##_t0 = tr ? trace_now() : 0;                                                       \
    int tr##_prev = tr ? trace_call_enter() : 0

void msm_scalars(const zkey *zk, int m, const fr_t *w, const fr_t *h, const void **scalars,
                 uint64_t *n, uint32_t *enc)
{
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
}

void msm_points(const zkey *zk, int m, const void **points, uint64_t *n)
{
    switch (m) {
    case MSM_A:
        *points = zk->a;
        *n = zk->n_vars;
        break;
    case MSM_B1:
        *points = zk->b1;
        *n = zk->n_vars;
        break;
    case MSM_B2:
        *points = zk->b2;
        *n = zk->n_vars;
        break;
    case MSM_L:
        *points = zk->c;
        *n = zk->n_vars - zk->n_public - 1;
        break;
    default:
        *points = zk->h;
        *n = zk->domain_size;
        break;
    }
}

static int create_failed(int rc, const provider *pv, const char *what)
{
    err_prefix("plugin %s (%s): %s", pv->plugin->name, pv->plugin->path, what);
    return rc;
}

static int has_circuit_borrow(const provider *pv)
{
    const g16k_synth_vtable *v = pv->synth;
    return ABI_COVERS(v, g16k_synth_vtable, circuit_borrow) && v->circuit_borrow;
}

static int has_circuit_borrow_records(const provider *pv)
{
    const g16k_synth_vtable *v = pv->synth;
    return ABI_COVERS(v, g16k_synth_vtable, circuit_borrow_records) && v->circuit_borrow_records;
}

int call_circuit_create(const provider *pv, zkey *zk, int lend, g16k_circuit **out, int *lent)
{
    enum {
        CREATE,
        BORROW,
        RECORDS
    } how = !lend                                                ? CREATE
            : zk->coef_records && has_circuit_borrow_records(pv) ? RECORDS
            : has_circuit_borrow(pv)                             ? BORROW
                                                                 : CREATE;
    static const char *const entry[] = { "circuit_create", "circuit_borrow",
                                         "circuit_borrow_records" };
    int rc = how == RECORDS ? G16K_OK : zkey_decode_coefs(zk);
    if (rc != G16K_OK)
        return create_failed(rc, pv, "decoding the key's coefficients for the synthesizer");
    g16k_constraints cs = {
        .struct_size = sizeof(cs),
        .coef_encoding = G16K_ENC_MONTGOMERY,
        .n_vars = zk->n_vars,
        .domain_size = zk->domain_size,
        .n_coefs = zk->n_coefs,
        .coefs = how == RECORDS ? NULL : zk->coefs,
    };
    const g16k_synth_vtable *v = pv->synth;
    TRACE_START(tr);
    err_clear();
    rc = how == RECORDS  ? v->circuit_borrow_records(pv->plugin->ctx, &cs, zk->coef_records, out)
         : how == BORROW ? v->circuit_borrow(pv->plugin->ctx, &cs, out)
                         : v->circuit_create(pv->plugin->ctx, &cs, out);
    if (tr)
        emit(tr, entry[how], pv, tr_t0, tr_prev, rc,
             arg_int(json_object_new_object(), "n_coefs", (int64_t)zk->n_coefs));
    if (lent)
        *lent = how != CREATE;
    if (rc == G16K_OK)
        return rc;
    char what[64];
    snprintf(what, sizeof what, "synthesizer %s failed", entry[how]);
    return create_failed(rc, pv, what);
}

int call_domain_create(const provider *pv, uint32_t log_n, g16k_ntt_domain **out)
{
    TRACE_START(tr);
    err_clear();
    int rc = pv->ntt->domain_create(pv->plugin->ctx, log_n, out);
    if (tr)
        emit(tr, "domain_create", pv, tr_t0, tr_prev, rc,
             arg_int(json_object_new_object(), "log_n", log_n));
    return rc == G16K_OK ? rc : create_failed(rc, pv, "ntt domain_create failed");
}

int call_has_borrow(const provider *pv)
{
    const g16k_msm_vtable *v = pv->msm;
    return ABI_COVERS(v, g16k_msm_vtable, bases_borrow) && v->bases_borrow;
}

int call_has_borrow_unaligned(const provider *pv)
{
    const g16k_msm_vtable *v = pv->msm;
    return ABI_COVERS(v, g16k_msm_vtable, bases_borrow_unaligned) && v->bases_borrow_unaligned;
}

int call_bases_create(const provider *pv, uint32_t group, const void *points, uint64_t n, int lend,
                      const char *what, g16k_msm_bases **out, int *lent)
{
    const g16k_msm_vtable *v = pv->msm;
    size_t size = group == G16K_G2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    int unaligned = ((uintptr_t)points & 7) != 0;
    enum { CREATE, BORROW, BORROW_UNALIGNED } how = CREATE;
    if (lend && unaligned && call_has_borrow_unaligned(pv))
        how = BORROW_UNALIGNED;
    else if (lend && !unaligned && call_has_borrow(pv))
        how = BORROW;
    static const char *const entry[] = { "bases_create", "bases_borrow", "bases_borrow_unaligned" };
    /* bases_create promises no more than bases_borrow: points off their alignment are handed
     * to it as an aligned copy (never the case for a key whose load followed the providers'
     * entries: key.c) */
    void *copy = NULL;
    if (how == CREATE && unaligned && n > 0) {
        if (n > SIZE_MAX / size || !(copy = malloc((size_t)n * size)))
            return err_set(G16K_ENOMEM, "out of memory for an aligned copy of %llu points (%s)",
                           (unsigned long long)n, what);
        memcpy(copy, points, (size_t)n * size);
    }
    TRACE_START(tr);
    err_clear();
    g16k_msm_bases_borrow_fn *fn = how == BORROW_UNALIGNED ? v->bases_borrow_unaligned
                                   : how == BORROW         ? v->bases_borrow
                                                           : v->bases_create;
    int rc = fn(pv->plugin->ctx, group, copy ? copy : points, n, G16K_ENC_MONTGOMERY, out);
    free(copy);
    if (tr) {
        char name[64];
        snprintf(name, sizeof(name), "%s %s", entry[how], what);
        json_object *args = arg_int(json_object_new_object(), "n", (int64_t)n);
        json_object_object_add(args, "group",
                               json_object_new_string(group == G16K_G2 ? "G2" : "G1"));
        emit(tr, name, pv, tr_t0, tr_prev, rc, args);
    }
    if (lent)
        *lent = how != CREATE;
    return rc == G16K_OK ? rc : create_failed(rc, pv, what);
}

void call_circuit_destroy(const provider *pv, g16k_circuit *c)
{
    if (c)
        pv->synth->circuit_destroy(c);
}

void call_domain_destroy(const provider *pv, g16k_ntt_domain *d)
{
    if (d)
        pv->ntt->domain_destroy(d);
}

void call_bases_destroy(const provider *pv, g16k_msm_bases *b)
{
    if (b)
        pv->msm->bases_destroy(b);
}

static int failed(int rc, const provider *pv, const char *what)
{
    err_prefix("plugin %s: %s", pv->plugin->name, what);
    return rc;
}

int call_synthesize(const provider *pv, g16k_circuit *circuit, const fr_t *w, uint64_t n_vars,
                    fr_t *a, fr_t *b, fr_t *c)
{
    TRACE_START(tr);
    err_clear();
    /* Declared Montgomery, the canonical w are the elements w / R: with the key's matrices
     * scaled by R (zkey.h, coefs) the products are exact. */
    int rc = pv->synth->synthesize(circuit, w, n_vars, G16K_ENC_MONTGOMERY, a, b, c,
                                   G16K_ENC_MONTGOMERY);
    if (tr)
        emit(tr, "synthesize", pv, tr_t0, tr_prev, rc,
             arg_int(json_object_new_object(), "n_vars", (int64_t)n_vars));
    return rc == G16K_OK ? rc : failed(rc, pv, "synthesize");
}

int call_transform(const provider *pv, g16k_ntt_domain *d, fr_t *x, uint32_t dir)
{
    static const char *const dirs[] = { "?", "NTT forward", "NTT inverse", "NTT forward coset",
                                        "NTT inverse coset" };
    TRACE_START(tr);
    err_clear();
    int rc = pv->ntt->transform(d, x, dir, G16K_ENC_MONTGOMERY);
    if (tr)
        emit(tr, dirs[dir < 5 ? dir : 0], pv, tr_t0, tr_prev, rc, NULL);
    return rc == G16K_OK ? rc : failed(rc, pv, "NTT");
}

/* The H chain proper (call_h_chain without its event). */
static int h_chain(const provider *pv, g16k_ntt_domain *d, fr_t *a, fr_t *b, fr_t *c, uint64_t n,
                   fr_t *h)
{
    const g16k_ntt_vtable *v = pv->ntt;
    int rc = G16K_OK;
    err_clear();
    if (v->compute_h) {
        rc = v->compute_h(d, a, b, c, G16K_ENC_MONTGOMERY, h, G16K_ENC_MONTGOMERY);
        return rc == G16K_OK ? rc : failed(rc, pv, "NTT");
    }
    fr_t *x[3] = { a, b, c };
    for (int i = 0; i < 3 && rc == G16K_OK; i++) {
        rc = call_transform(pv, d, x[i], G16K_NTT_INVERSE);
        if (rc == G16K_OK)
            rc = call_transform(pv, d, x[i], G16K_NTT_FORWARD_COSET);
    }
    if (rc != G16K_OK)
        return rc;
    g16k_trace *tr = trace_current();
    uint64_t t0 = tr ? trace_now() : 0;
    curve_by_id(pv->curve)->fr_mul_sub(h, a, b, c, n);
    trace_add(tr, "core", "h = a b - c", t0, tr ? trace_now() : 0, NULL, NULL);
    return G16K_OK;
}

int call_h_chain(const provider *pv, g16k_ntt_domain *d, fr_t *a, fr_t *b, fr_t *c, uint64_t n,
                 fr_t *h)
{
    TRACE_START(tr);
    int rc = h_chain(pv, d, a, b, c, n, h);
    if (tr) {
        json_object *args = arg_int(json_object_new_object(), "n", (int64_t)n);
        json_object_object_add(
            args, "entry", json_object_new_string(pv->ntt->compute_h ? "compute_h" : "transform"));
        emit(tr, "H chain", pv, tr_t0, tr_prev, rc, args);
    }
    return rc;
}

int call_has_h_msm(const provider *pv)
{
    const g16k_ntt_vtable *v = pv->ntt;
    return ABI_COVERS(v, g16k_ntt_vtable, compute_h_msm) && v->compute_h_msm;
}

/* raw (written by pv, Montgomery) decoded into out: G16K_EINTERNAL when it is not a point of
 * group on pv's curve (coordinates below p, on the curve, in the subgroup: curve.h
 * g1_from_mont_bytes), the catch for a provider that wrote nothing or garbage. */
static int check_result(const provider *pv, msm_result *out, uint32_t group)
{
    const curve *cv = curve_by_id(pv->curve);
    if (group == G16K_G2) {
        if (cv->g2_from_mont_bytes(&out->g2, out->raw) != CURVE_PT_OK)
            return err_set(G16K_EINTERNAL, "MSM result is not a point of G2 (%s)", cv->name);
    } else {
        if (cv->g1_from_mont_bytes(&out->g1, out->raw) != CURVE_PT_OK)
            return err_set(G16K_EINTERNAL, "MSM result is not a point of G1 (%s)", cv->name);
        memset(out->raw + cv->g1_bytes, 0, sizeof(out->raw) - cv->g1_bytes);
    }
    return G16K_OK;
}

/* The args of an MSM call's event. */
static json_object *msm_args(const char *msm, uint64_t n, uint32_t group,
                             const g16k_msm_params *params)
{
    json_object *a = json_object_new_object();
    json_object_object_add(a, "msm", json_object_new_string(msm));
    arg_int(a, "n", (int64_t)n);
    json_object_object_add(a, "group", json_object_new_string(group == G16K_G2 ? "G2" : "G1"));
    /* window: the one the provider ran, where it says (host msm_window, ABI 1.5), else the one
     * asked; window_asked: [window]'s value or "auto" */
    uint32_t used = trace_call_window();
    if (params && params->window)
        arg_int(a, "window_asked", params->window);
    else
        json_object_object_add(a, "window_asked", json_object_new_string("auto"));
    if (used)
        arg_int(a, "window", used);
    else if (params && params->window)
        arg_int(a, "window", params->window);
    else
        json_object_object_add(a, "window", json_object_new_string("auto"));
    arg_int(a, "threads", params ? params->threads : 0);
    return a;
}

/* The name of the Groth16 MSM of msm_id ("A", ...), or "generic". */
static const char *msm_id_name(uint32_t id)
{
    for (int m = 0; m < MSM_COUNT; m++)
        if (groth16_msms[m].msm_id == id)
            return groth16_msms[m].name;
    return "generic";
}

int call_h_msm(const provider *pv, g16k_ntt_domain *d, fr_t *a, fr_t *b, fr_t *c, uint64_t n,
               g16k_msm_bases *bases, const g16k_msm_params *params, msm_result *out)
{
    memset(out->raw, 0xff, sizeof(out->raw)); /* not a valid encoding: catches "wrote nothing" */
    TRACE_START(tr);
    err_clear();
    int rc = pv->ntt->compute_h_msm(d, a, b, c, G16K_ENC_MONTGOMERY, bases, params, out->raw,
                                    G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK)
        rc = check_result(pv, out, G16K_G1);
    if (tr)
        emit(tr, "H chain + MSM H", pv, tr_t0, tr_prev, rc, msm_args("H", n, G16K_G1, params));
    return rc == G16K_OK ? rc : failed(rc, pv, "NTT and MSM H");
}

int call_msm(const provider *pv, g16k_msm_bases *bases, uint32_t group, const void *scalars,
             uint64_t n, uint32_t enc, const g16k_msm_params *params, msm_result *out)
{
    const char *name = msm_id_name(params ? params->msm_id : G16K_MSM_GENERIC);
    memset(out->raw, 0xff, sizeof(out->raw)); /* not a valid encoding: catches "wrote nothing" */
    TRACE_START(tr);
    err_clear();
    int rc = pv->msm->msm(bases, scalars, n, enc, params, out->raw, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK)
        rc = check_result(pv, out, group);
    if (tr) {
        char ev[32];
        snprintf(ev, sizeof(ev), "MSM %s", name);
        emit(tr, ev, pv, tr_t0, tr_prev, rc, msm_args(name, n, group, params));
    }
    if (rc == G16K_OK)
        return rc;
    char what[64];
    int k = snprintf(what, sizeof(what), "MSM");
    if (strcmp(name, "generic") != 0)
        k += snprintf(what + k, sizeof(what) - (size_t)k, " %s", name);
    if (params && params->window)
        snprintf(what + k, sizeof(what) - (size_t)k, " with window %u", params->window);
    return failed(rc, pv, what);
}
