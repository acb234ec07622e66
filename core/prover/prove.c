/*
 * The Groth16 proving pipeline (docs/architecture.md, docs/proving.md, "The prover"):
 *   synthesize a, b, c -> NTT chain -> h         (calling thread, alone)
 *   the MSMs H, A, B_G1, L (msm.g1) and B_G2 (msm.g2), each with the whole thread budget; when
 *   two plugins serve msm.g1 and msm.g2 (a GPU and the CPU), the two groups run at once and
 *   split it (run_msms)
 *   blinding with r, s -> pairing check -> proof
 * Thread budget: [core] threads (or $G16K_THREADS) = T bounds the threads one proof runs at
 * once, the core's and the providers' together. Every MSM call gets its share in
 * g16k_msm_params.threads; synthesize and the NTT calls have no such parameter and use
 * host->threads, so they run while nothing else does. Before, the H chain, B_G2 and A/B_G1/L ran
 * on three core threads each with T workers: threads = 1 ran three at once.
 * Every provider call goes through calls.h, which adds the plugin name to errors and checks the
 * shape of what came back; run_* here switch to the slot's fallback (logged) when the primary
 * fails.
 * Progress (g16k.h) counts pipeline steps; the embedder's callback runs on the calling thread,
 * which relays a cancel to the helper thread (if any) through job->cancel, checked before every
 * step.
 * Tracing (g16k_prove_opts.trace, util/trace.h): the trace is bound on the calling thread and
 * the helper thread; calls.h adds each provider call's event, this file the "proof" event that
 * holds them (from the witness's load), "assemble" and "verify". A proof's events use the clock
 * readings of its g16k_timings where they can, so the two agree.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "calls.h"
#include "internal.h"
#include "util/trace.h"
#include "formats/wtns.h"
#include "platform/big_alloc.h"
#include "util/error.h"
#include "util/clock.h"
#include "util/sysrand.h"
#include "util/log.h"

typedef struct prove_job {
    g16k_prover *prover;
    g16k_key *key;
    const fr_t *w;          /* canonical witness, n_vars values */
    int which[SLOT_COUNT];  /* 0 primary, 1 fallback: where each slot starts */
    fr_t *h;                /* Montgomery h, domain_size values (compute_h's a) */
    curve_g1 g1[MSM_COUNT]; /* results, the key's curve, Montgomery (MSM_B2 unused) */
    curve_g2 b2;
    double t_synth, t_ntt, t_msm[MSM_COUNT];
    int h_fused;               /* 1: the H MSM ran inside compute_h_msm (t_ntt has it) */
    int no_fuse;               /* 1: compute_h_msm failed once: this proof runs unfused */
    g16k_progress_fn progress; /* the embedder's, or NULL */
    void *progress_user;
    atomic_int cancel;    /* 1: the callback asked to stop; every step checks it */
    pthread_mutex_t lock; /* guards steps and running; cond signals their changes */
    pthread_cond_t cond;
    uint64_t steps, steps_total;
    int running;       /* helper thread (the second MSM group) not finished yet */
    g16k_trace *trace; /* the proof's trace (bound on its threads), or NULL */
} prove_job;

/* Steps of one pass: synthesis, NTT chain, five MSMs (the fused H MSM counts with the NTT). */
#define PASS_STEPS (2 + MSM_COUNT)

static int check_cancel(prove_job *job)
{
    if (atomic_load(&job->cancel))
        return err_set(G16K_ECANCELED, "proof cancelled by the progress callback");
    return G16K_OK;
}

/* n more steps done (any thread). */
static void step_done(prove_job *job, uint64_t n)
{
    pthread_mutex_lock(&job->lock);
    job->steps += n;
    pthread_cond_broadcast(&job->cond);
    pthread_mutex_unlock(&job->lock);
}

/* Calling thread only: tell the embedder, and relay a cancel. */
static void report(prove_job *job)
{
    uint64_t done, total;
    if (!job->progress || atomic_load(&job->cancel))
        return; /* never called again once it asked to stop */
    pthread_mutex_lock(&job->lock);
    done = job->steps;
    total = job->steps_total;
    pthread_mutex_unlock(&job->lock);
    if (job->progress(job->progress_user, "prove", done, total) != 0)
        atomic_store(&job->cancel, 1);
}

/* A helper thread ends (its result is in job). */
static void helper_exit(prove_job *job)
{
    pthread_mutex_lock(&job->lock);
    job->running--;
    pthread_cond_broadcast(&job->cond);
    pthread_mutex_unlock(&job->lock);
}

/* Calling thread: wait for the helper threads, reporting each step and every 100 ms. */
static void wait_helpers(prove_job *job)
{
    pthread_mutex_lock(&job->lock);
    while (job->running > 0) {
        uint64_t seen = job->steps;
        pthread_mutex_unlock(&job->lock);
        report(job);
        pthread_mutex_lock(&job->lock);
        if (job->running > 0 && job->steps == seen) {
            struct timespec until;
            clock_deadline(&until, 100);
            while (job->running > 0 && job->steps == seen &&
                   pthread_cond_timedwait(&job->cond, &job->lock, &until) != ETIMEDOUT) {
            }
        }
    }
    pthread_mutex_unlock(&job->lock);
}

/* After a failed call on slot (the error names the plugin, calls.c): decide whether to retry
 * with the slot's fallback. Returns 1 to retry. */
static int failed(prove_job *job, int slot, int *which)
{
    const provider *fb = slot_provider(job->key, slot, 1);
    if (*which == 0 && fb) {
        log_msg(G16K_LOG_WARN, "%s; switching %s to fallback provider '%s'", err_get(),
                config_slot_name(slot), fb->plugin->name);
        *which = 1;
        return 1;
    }
    return 0;
}

/* The params of Groth16 MSM m: its g16k_msm_id, its [window] entry and its thread share. */
static g16k_msm_params msm_params(const prove_job *job, int m, uint32_t threads)
{
    g16k_msm_params params = {
        .struct_size = sizeof(params),
        .msm_id = groth16_msms[m].msm_id,
        .window = job->prover->cfg->window[m],
        .threads = threads,
    };
    return params;
}

/* Groth16 MSM m into job->g1[m] (or job->b2), on its slot's provider, then its fallback. */
static int run_msm(prove_job *job, int m, uint32_t threads)
{
    const groth16_msm *gm = &groth16_msms[m];
    int which = job->which[gm->slot];
    const void *scalars;
    uint64_t n;
    uint32_t enc;
    msm_result res;
    double t0 = clock_now();
    int rc = check_cancel(job);

    if (rc != G16K_OK)
        return rc;
    msm_scalars(job->key->zk, m, job->w, job->h, &scalars, &n, &enc);
    for (;;) {
        const provider *pv = slot_provider(job->key, gm->slot, which);
        key_handles *kh = key_handles_get(job->key, which);
        g16k_msm_params params = msm_params(job, m, threads);
        if (!kh)
            return err_set(G16K_EINTERNAL, "fallback provider for %s could not take the key",
                           config_slot_name(gm->slot));
        rc = call_msm(pv, kh->bases[m], gm->group, scalars, n, enc, &params, &res);
        if (rc == G16K_OK)
            break;
        if (!failed(job, gm->slot, &which))
            return rc < 0 ? rc : G16K_EINTERNAL;
    }
    if (gm->group == G16K_G2)
        job->b2 = res.g2;
    else
        job->g1[m] = res.g1;
    job->t_msm[m] = clock_now() - t0;
    step_done(job, 1);
    return G16K_OK;
}

/* a, b, c = synthesize(w): buffers of domain_size Fr, Montgomery. */
static int run_synth(prove_job *job, fr_t *a, fr_t *b, fr_t *c)
{
    int which = job->which[SLOT_SYNTH];
    int rc = check_cancel(job);
    if (rc != G16K_OK)
        return rc;
    for (;;) {
        const provider *pv = slot_provider(job->key, SLOT_SYNTH, which);
        key_handles *kh = key_handles_get(job->key, which);
        if (!kh)
            return err_set(G16K_EINTERNAL, "fallback synthesizer could not take the key");
        rc = call_synthesize(pv, kh->circuit, job->w, job->key->zk->n_vars, a, b, c);
        if (rc == G16K_OK)
            return G16K_OK;
        if (!failed(job, SLOT_SYNTH, &which))
            return rc;
    }
}

/* The bases handle of the H MSM when the NTT provider pv may run it fused (compute_h_msm):
 * it has the ABI 1.1 entry and also serves the H MSM's slot now. NULL otherwise. */
static g16k_msm_bases *fused_h(prove_job *job, const provider *pv)
{
    int slot = groth16_msms[MSM_H].slot;
    int which = job->which[slot];
    if (job->no_fuse || !call_has_h_msm(pv) || slot_provider(job->key, slot, which) != pv)
        return NULL;
    key_handles *kh = key_handles_get(job->key, which);
    return kh ? kh->bases[MSM_H] : NULL;
}

/* a, b, c, then h in a's place (compute_h's h may alias a): h is job->h, which the proof
 * frees; b and c go when the chain is done. A separate h would be a fourth vector of 32 bytes
 * per domain point at the proof's memory peak (0.5 GiB at 2^24). */
static int compute_h(prove_job *job)
{
    size_t n = job->key->zk->domain_size;
    if (!job->h)
        job->h = big_alloc(n * sizeof(fr_t));
    fr_t *a = job->h, *b = big_alloc(n * sizeof(fr_t)), *c = big_alloc(n * sizeof(fr_t));
    int which = job->which[SLOT_NTT];
    int rc = G16K_ENOMEM, synth_counted = 0;
    double t0;

    job->h_fused = 0;

    if (!a || !b || !c) {
        err_set(G16K_ENOMEM, "out of memory for 3 vectors of %zu Fr elements", n);
        goto out;
    }
    for (;;) {
        t0 = clock_now();
        rc = run_synth(job, a, b, c);
        job->t_synth = clock_now() - t0;
        if (rc == G16K_OK && !synth_counted) {
            step_done(job, 1); /* once, though a failed NTT synthesizes again */
            synth_counted = 1;
        }
        if (rc == G16K_OK)
            rc = check_cancel(job);
        if (rc != G16K_OK)
            goto out;
        t0 = clock_now();
        const provider *pv = slot_provider(job->key, SLOT_NTT, which);
        key_handles *kh = key_handles_get(job->key, which);
        if (!kh) {
            rc = err_set(G16K_EINTERNAL, "fallback NTT provider could not take the key");
            goto out;
        }
        g16k_msm_bases *hb = fused_h(job, pv);
        if (hb) {
            /* h stays with the plugin (a GPU keeps it in device memory) for the H MSM */
            g16k_msm_params params = msm_params(job, MSM_H, job->prover->cfg->threads);
            msm_result res;
            rc = call_h_msm(pv, kh->domain, a, b, c, n, hb, &params, &res);
            if (rc == G16K_OK) {
                job->g1[MSM_H] = res.g1;
                job->h_fused = 1;
                job->t_msm[MSM_H] = 0;
                log_msg(G16K_LOG_INFO,
                        "plugin %s: H chain and H MSM in one call "
                        "(compute_h_msm; timings count the H MSM in ntt)",
                        pv->plugin->name);
            }
        } else {
            rc = call_h_chain(pv, kh->domain, a, b, c, n, a);
        }
        job->t_ntt = clock_now() - t0;
        if (rc == G16K_OK) {
            step_done(job, job->h_fused ? 2 : 1);
            break;
        }
        if (hb) {
            /* Either half may have failed: run them apart, so that each slot's own fallback
             * (NTT, then the H MSM in run_msm) applies. a, b, c may be overwritten: the loop
             * synthesizes again. */
            log_msg(G16K_LOG_WARN, "%s; running the H chain and the H MSM separately", err_get());
            job->no_fuse = 1;
            continue;
        }
        if (!failed(job, SLOT_NTT, &which))
            /* retry: synthesize again, the NTT ran in place */
            goto out;
    }
out:
    free(b);
    free(c);
    return rc;
}

/* The thread budget shared by the two MSM groups of run_msms: group g may use base[g] threads,
 * plus what the other group gave back when it finished (all of its base for the helper
 * thread's group, all but the caller thread itself for the caller's, since that thread stays,
 * waiting to join). Totals never exceed cfg->threads. */
typedef struct msm_budget {
    pthread_mutex_t lock;
    uint32_t base[2];
    int done[2];
} msm_budget;

typedef struct msm_group {
    prove_job *job;
    msm_budget *budget;
    int g; /* 0: the calling thread's group, 1: the helper thread's */
    int msm[MSM_COUNT];
    int n;
    int rc;
    char err[G16K_ERR_MAX];
} msm_group;

static uint32_t group_threads(msm_group *gr)
{
    msm_budget *b = gr->budget;
    pthread_mutex_lock(&b->lock);
    uint32_t t = b->base[gr->g];
    if (b->done[1 - gr->g])
        t += gr->g == 1 ? b->base[0] - 1 : b->base[1];
    pthread_mutex_unlock(&b->lock);
    return t;
}

/* Runs group gr's MSMs in order. The calling thread's group (g = 0) reports progress after each
 * (the embedder's callback runs on the calling thread only). */
static void *group_run(void *arg)
{
    msm_group *gr = arg;
    gr->rc = G16K_OK;
    for (int i = 0; i < gr->n && gr->rc == G16K_OK; i++) {
        gr->rc = run_msm(gr->job, gr->msm[i], group_threads(gr));
        if (gr->g == 0)
            report(gr->job);
    }
    if (gr->rc != G16K_OK)
        snprintf(gr->err, sizeof(gr->err), "%s", err_get());
    pthread_mutex_lock(&gr->budget->lock);
    gr->budget->done[gr->g] = 1;
    pthread_mutex_unlock(&gr->budget->lock);
    return NULL;
}

/* group_run on its own thread: the calling thread waits in wait_helpers for helper_exit. */
static void *group_thread(void *arg)
{
    msm_group *gr = arg;
    trace_bind(gr->job->trace);
    trace_name_thread(gr->job->trace, "prove: second MSM group");
    group_run(gr);
    helper_exit(gr->job);
    return NULL;
}

/* One pass of the pipeline: h, then the five MSM results in job. */
static int run_msms(prove_job *job)
{
    const g16k_prover *pr = job->prover;
    uint32_t total = pr->cfg->threads ? pr->cfg->threads : 1;
    int rc = compute_h(job);
    report(job);
    if (rc != G16K_OK)
        return rc;
    msm_budget budget = { .base = { total, 0 }, .done = { 0, 0 } };
    msm_group gr[2] = { { .job = job, .budget = &budget, .g = 0 },
                        { .job = job, .budget = &budget, .g = 1 } };
    /* One group per plugin: MSMs on one plugin run one after another, each with every
     * thread (measured: no slower than overlapping them, and nothing oversubscribed); only
     * two plugins (a GPU for G1, the CPU for G2) are worth overlapping. */
    int two = total >= 2 && slot_provider(job->key, SLOT_MSM_G1, job->which[SLOT_MSM_G1]) !=
                                slot_provider(job->key, SLOT_MSM_G2, job->which[SLOT_MSM_G2]);
    static const int order[] = { MSM_H, MSM_A, MSM_B1, MSM_L, MSM_B2 };
    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
        int m = order[i];
        if (m == MSM_H && job->h_fused)
            continue;
        msm_group *to = &gr[two && m == MSM_B2];
        to->msm[to->n++] = m;
    }
    pthread_t th;
    int helper = 0;
    pthread_mutex_init(&budget.lock, NULL);
    if (two) {
        budget.base[1] = total / 2;
        budget.base[0] = total - budget.base[1];
        job->running = 1; /* helper_exit counts it down */
        helper = pthread_create(&th, NULL, group_thread, &gr[1]) == 0;
        if (!helper) { /* no thread: one group after the other, all threads */
            job->running = 0;
            budget.base[0] = total;
            budget.base[1] = 0;
            budget.done[1] = 1;
        }
    }
    group_run(&gr[0]);
    wait_helpers(job);
    if (helper)
        pthread_join(th, NULL);
    else if (gr[1].n) {
        budget.done[0] = 1;
        budget.base[1] = 1; /* group_threads adds base[0] - 1 */
        group_run(&gr[1]);
    }
    pthread_mutex_destroy(&budget.lock);
    for (int g = 0; g < 2; g++)
        if (gr[g].rc != G16K_OK)
            return err_set(gr[g].rc, "%s", gr[g].err);
    return check_cancel(job);
}

/* Uniform in [0, r) of cv's Fr by rejection sampling of strings of r's bit length from
 * getrandom() (at most 2 tries on average). */
static int random_fr(const curve *cv, fr_t *out)
{
    uint64_t top = cv->r[CURVE_FR_LIMBS - 1], mask = top;
    for (int sh = 1; sh < 64; sh <<= 1)
        mask |= mask >> sh;
    for (;;) {
        int rc = g16k_random_bytes(out->l, sizeof(out->l)); /* little-endian host */
        if (rc != G16K_OK)
            return rc;
        out->l[CURVE_FR_LIMBS - 1] &= mask;
        if (bigint_cmp(out->l, cv->r, CURVE_FR_LIMBS) < 0)
            return G16K_OK;
    }
}

static int check_witness(const g16k_key *key, const fr_t *w, uint64_t n)
{
    const zkey *zk = key->zk;
    if (n != zk->n_vars)
        return err_set(G16K_EFORMAT,
                       "witness has %llu values, the proving key expects %u (a witness of "
                       "another circuit?)",
                       (unsigned long long)n, zk->n_vars);
    for (uint64_t i = 0; i < n; i++)
        if (bigint_cmp(w[i].l, zk->cv->r, CURVE_FR_LIMBS) >= 0)
            return err_set(G16K_EFORMAT, "witness value %llu is not below r",
                           (unsigned long long)i);
    if (!(w[0].l[0] == 1 && w[0].l[1] == 0 && w[0].l[2] == 0 && w[0].l[3] == 0))
        return err_set(G16K_EFORMAT, "witness value 0 is not 1");
    return G16K_OK;
}

/* *o = the options an embedder gave, or the defaults (verify as configured). */
static int prove_opts(const g16k_prove_opts *given, g16k_prove_opts *o)
{
    memset(o, 0, sizeof(*o));
    o->verify = -1;
    return opts_copy(o, sizeof(*o), given, "g16k_prove_opts");
}

/* The pipeline's lock and condition (CLOCK_MONOTONIC, for wait_helpers). */
static void job_sync_init(prove_job *job)
{
    pthread_condattr_t ca;
    pthread_mutex_init(&job->lock, NULL);
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&job->cond, &ca);
    pthread_condattr_destroy(&ca);
    atomic_init(&job->cancel, 0);
}

/* The event of a whole proof on the calling thread, [t_begin, t_end] (trace_now; t_end 0:
 * now). */
static void proof_event(g16k_trace *tr, uint64_t t_begin, uint64_t t_end, const zkey *zk,
                        int verify, int rc)
{
    json_object *a = json_object_new_object();
    json_object_object_add(a, "n_vars", json_object_new_int64(zk->n_vars));
    json_object_object_add(a, "domain_size", json_object_new_int64(zk->domain_size));
    json_object_object_add(a, "verify", json_object_new_boolean(verify));
    if (rc != G16K_OK)
        json_object_object_add(a, "status", json_object_new_int(rc));
    trace_add(tr, "prove", "proof", t_begin, t_end ? t_end : trace_now(), a, NULL);
}

/* One step of the pipeline done by the core itself, [t_begin, now], when tracing. */
static void core_event(g16k_trace *tr, const char *name, uint64_t t_begin)
{
    if (tr)
        trace_add(tr, "core", name, t_begin, trace_now(), NULL, NULL);
}

/* g16k_prove_witness, its "proof" event starting at t_begin (0: now); trace bound. */
static int prove_witness(g16k_prover *prover, g16k_key *key, const void *witness, uint64_t n,
                         const g16k_prove_opts *opts, uint64_t t_begin, g16k_proof **out);

int g16k_prove_witness(g16k_prover *prover, g16k_key *key, const void *witness, uint64_t n,
                       const g16k_prove_opts *given, g16k_proof **out)
{
    g16k_prove_opts o;
    int rc;
    if (out)
        *out = NULL;
    if (!prover || !key || !witness || !out)
        return err_set(G16K_EINVAL, "g16k_prove: NULL argument");
    if ((rc = prove_opts(given, &o)) != G16K_OK)
        return rc;
    g16k_trace *saved = trace_bind(o.trace ? o.trace : trace_current());
    rc = prove_witness(prover, key, witness, n, &o, 0, out);
    trace_bind(saved);
    return rc;
}

static int prove_witness(g16k_prover *prover, g16k_key *key, const void *witness, uint64_t n,
                         const g16k_prove_opts *opts, uint64_t t_begin, g16k_proof **out)
{
    const zkey *zk = key->zk;
    prove_job job;
    g16k_proof *pf = NULL;
    fr_t r, s;
    int rc, verify, any_fallback = 0;
    double t_start = clock_now(), t0;
    g16k_timings tm;
    g16k_trace *tr = trace_current();
    uint64_t t_end = 0;

    if (!t_begin)
        t_begin = trace_ns(t_start); /* the same clock reading as the timings' */
    verify = opts->verify >= 0 ? opts->verify : prover->cfg->verify;
    rc = check_witness(key, witness, n);
    if (rc != G16K_OK) {
        if (tr)
            proof_event(tr, t_begin, 0, zk, verify, rc);
        return rc;
    }
    if (opts->insecure_fixed_rs) {
        memcpy(r.l, opts->r, sizeof(r.l));
        memcpy(s.l, opts->s, sizeof(s.l));
        if (bigint_cmp(r.l, zk->cv->r, CURVE_FR_LIMBS) >= 0 ||
            bigint_cmp(s.l, zk->cv->r, CURVE_FR_LIMBS) >= 0)
            return err_set(G16K_EINVAL, "injected r or s is not below the group order");
    } else if ((rc = random_fr(zk->cv, &r)) != G16K_OK || (rc = random_fr(zk->cv, &s)) != G16K_OK) {
        return rc;
    }

    memset(&job, 0, sizeof(job));
    job_sync_init(&job);
    job.prover = prover;
    job.key = key;
    job.w = witness;
    job.progress = opts->progress;
    job.progress_user = opts->progress_user;
    job.trace = tr;
    job.steps_total = PASS_STEPS + (verify ? 1 : 0);
    for (int sl = 0; sl < SLOT_COUNT; sl++)
        any_fallback |= slot_provider(key, sl, 1) != NULL;
    pf = calloc(1, sizeof(*pf));
    if (pf && zk->n_public)
        pf->pub = malloc(zk->n_public * sizeof(fr_t));
    if (!pf || (zk->n_public && !pf->pub)) {
        rc = err_set(G16K_ENOMEM, "out of memory");
        goto fail;
    }

    report(&job);
    for (int attempt = 0;; attempt++) {
        rc = run_msms(&job);
        /* The MSMs read a mapped key's points for the last time. A key rewritten under them
         * explains a provider's failure too (garbage points make garbage results): that cause
         * is reported first, whatever the MSMs returned. */
        int unchanged = zkey_check_unchanged(zk);
        if (unchanged != G16K_OK)
            rc = unchanged;
        if (rc != G16K_OK)
            goto fail;
        uint64_t e0 = tr ? trace_now() : 0;
        t0 = clock_now();
        curve_groth16_parts parts = { .alpha1 = &zk->alpha1,
                                      .beta1 = &zk->beta1,
                                      .delta1 = &zk->delta1,
                                      .beta2 = &zk->beta2,
                                      .delta2 = &zk->delta2,
                                      .a0 = &job.g1[MSM_A],
                                      .b1_0 = &job.g1[MSM_B1],
                                      .l0 = &job.g1[MSM_L],
                                      .h0 = &job.g1[MSM_H],
                                      .b2_0 = &job.b2 };
        memset(&pf->pt, 0, sizeof(pf->pt));
        pf->pt.cv = zk->cv;
        zk->cv->groth16_assemble(&pf->pt.a, &pf->pt.b, &pf->pt.c, &parts, &r, &s);
        tm.assemble = clock_now() - t0;
        core_event(tr, "assemble", e0);
        if (zk->n_public) /* pf->pub is NULL when there are no public signals */
            memcpy(pf->pub, job.w + 1, zk->n_public * sizeof(fr_t));
        pf->n_pub = zk->n_public;
        tm.verify = 0;
        if (!verify)
            break;
        e0 = tr ? trace_now() : 0;
        t0 = clock_now();
        int ok = pf->pt.cv->groth16_check(&pf->pt.a, &pf->pt.b, &pf->pt.c, &zk->alpha1, &zk->beta2,
                                          &zk->gamma2, &zk->delta2, zk->ic, zk->cv->g1_bytes,
                                          zk->n_public + 1, pf->pub, pf->n_pub);
        tm.verify = clock_now() - t0;
        core_event(tr, "verify", e0);
        step_done(&job, 1);
        if (ok)
            break;
        if (attempt == 0 && any_fallback) {
            /* A provider may have returned a wrong but well-formed result: redo on the fallbacks. */
            log_msg(G16K_LOG_WARN,
                    "proof failed verification; retrying with the fallback providers");
            for (int sl = 0; sl < SLOT_COUNT; sl++)
                if (slot_provider(key, sl, 1))
                    job.which[sl] = 1;
            pthread_mutex_lock(&job.lock);
            job.steps_total += PASS_STEPS + 1;
            pthread_mutex_unlock(&job.lock);
            continue;
        }
        /* Name the providers: the person reading this has to know whom to suspect. */
        char who[384];
        size_t k = 0;
        for (int sl = 0; sl < SLOT_COUNT && k < sizeof(who); sl++) {
            const provider *pv = slot_provider(key, sl, job.which[sl]);
            int n = snprintf(who + k, sizeof(who) - k, "%s%s %s", sl ? ", " : "",
                             config_slot_name(sl), pv ? pv->plugin->name : "?");
            k += n > 0 ? (size_t)n : 0;
        }
        rc = err_set(G16K_EVERIFY,
                     "the proof failed verification: the witness does not satisfy "
                     "the circuit, or a provider returned a wrong result (providers: %s)",
                     who);
        goto fail;
    }

    report(&job); /* done == total; the proof is made, a cancel now changes nothing */
    if (opts->timings) {
        tm.load_witness = 0;
        tm.synth = job.t_synth;
        tm.ntt = job.t_ntt;
        tm.msm_a = job.t_msm[MSM_A];
        tm.msm_b_g1 = job.t_msm[MSM_B1];
        tm.msm_b_g2 = job.t_msm[MSM_B2];
        tm.msm_l = job.t_msm[MSM_L];
        tm.msm_h = job.t_msm[MSM_H];
        tm.msm_total = tm.msm_a + tm.msm_b_g1 + tm.msm_b_g2 + tm.msm_l + tm.msm_h;
        double t_fin = clock_now();
        tm.total = t_fin - t_start;
        t_end = trace_ns(t_fin);
        *opts->timings = tm;
    }
    *out = pf;
    pf = NULL;
    rc = G16K_OK;

fail:
    if (tr)
        proof_event(tr, t_begin, t_end, zk, verify, rc);
    free(job.h);
    g16k_proof_free(pf);
    pthread_cond_destroy(&job.cond);
    pthread_mutex_destroy(&job.lock);
    return rc;
}

/* g16k_prove and g16k_prove_wtns_buffer: the .wtns file at path, or len bytes at data. */
static int prove_wtns(g16k_prover *prover, g16k_key *key, const char *path, const void *data,
                      size_t len, const g16k_prove_opts *given, g16k_proof **out)
{
    wtns *w = NULL;
    double t0 = clock_now();
    g16k_prove_opts o;
    int rc;

    if (out)
        *out = NULL;
    if (!prover || !key || !(path || data) || !out)
        return err_set(G16K_EINVAL, "g16k_prove: NULL argument");
    if ((rc = prove_opts(given, &o)) != G16K_OK)
        return rc;
    g16k_trace *tr = o.trace ? o.trace : trace_current(), *saved = trace_bind(tr);
    uint64_t t_begin = trace_ns(t0);
    rc = data ? wtns_load_mem("wtns buffer", data, len, key->zk->cv, key->zk->n_vars, &w)
              : wtns_load(path, key->zk->cv, key->zk->n_vars, &w);
    core_event(tr, "witness", t_begin);
    double t_load = clock_now() - t0;
    if (rc == G16K_OK)
        rc = prove_witness(prover, key, w->values, w->n, &o, t_begin, out);
    else if (tr)
        proof_event(tr, t_begin, 0, key->zk, 0, rc);
    trace_bind(saved);
    if (rc == G16K_OK && o.timings) {
        o.timings->load_witness = t_load;
        o.timings->total += t_load;
    }
    wtns_free(w);
    return rc;
}

int g16k_prove(g16k_prover *prover, g16k_key *key, const char *wtns_path,
               const g16k_prove_opts *opts, g16k_proof **out)
{
    return prove_wtns(prover, key, wtns_path, NULL, 0, opts, out);
}

int g16k_prove_wtns_buffer(g16k_prover *prover, g16k_key *key, const void *wtns, size_t len,
                           const g16k_prove_opts *opts, g16k_proof **out)
{
    return prove_wtns(prover, key, NULL, wtns, len, opts, out);
}

void g16k_proof_free(g16k_proof *proof)
{
    if (!proof)
        return;
    free(proof->pub);
    free(proof);
}
