/*
 * worker.h: the slots that claim and prove, and the lease thread that keeps their leases.
 *
 * A job in a slot: claim -> key (keystore, resident after the first job) -> witness (fetched
 * from the queue) -> g16k_prove_wtns_buffer with verify = 1 -> proof and public JSON -> end the
 * job (done, failed, retry or release) in one transaction that repeats the lease check. Every
 * database call that fails with QUEUE_EDOWN reconnects with backoff and is retried while the
 * lease can still be held; the lease thread marks a slot lost when a renewal finds the lease
 * gone, and the slot's progress callback then cancels the proof. The slot's claim is guarded by
 * the worker's lock: the lease thread reads (id, attempt) under it and sets `lost` only if the
 * slot still holds that claim.
 */
#include "worker.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>
#include <sodium.h>

#include "g16k/g16k.h"
#include "keystore.h"
#include "queue.h"

#define BACKOFF_FIRST_MS 100
#define BACKOFF_MAX_MS 5000
#define IDLE_POLL_MS 1000   /* an idle slot looks again this often (expired leases, retries) */
#define RETRY_FIRST_MS 1000 /* a provider error's job waits 1 s, 2 s, 4 s ... (at most 60 s) */
#define RETRY_MAX_MS 60000

static atomic_int stop_soft, stop_hard;
static int stop_pipe[2] = { -1, -1 };

void worker_request_stop(int hard)
{
    char c = 1;
    if (hard)
        atomic_store(&stop_hard, 1);
    atomic_store(&stop_soft, 1);
    if (stop_pipe[1] >= 0 && write(stop_pipe[1], &c, 1) < 0) {
        /* the pipe is full: it is readable already, which is all a waiter needs */
    }
}

typedef struct worker worker;

typedef struct slot {
    worker *w;
    int index;
    queue *q;
    pthread_t thread;
    int active; /* holds `claim` (w->lock) */
    int ending; /* ending it: a renewal that finds it gone is no news */
    int64_t claim_id;
    int32_t claim_attempt;
    const char *claim_key; /* the job's key file name, for the log (valid while active) */
    atomic_int lost;       /* the lease thread found the lease gone */
} slot;

struct worker {
    const worker_opts *o;
    g16k_prover *prover;
    keystore *ks;
    char name[160];
    queue_worker qw;
    slot *slots;
    queue *lease_q;
    pthread_t lease_thread;
    pthread_mutex_t lock; /* slots' claims, lease_done, keys_changed */
    pthread_cond_t cond;  /* lease_done */
    int lease_done;
    atomic_int lease_quit; /* lease_done, readable without the lock (reconnect gives up) */
    int keys_changed;      /* the keystore's digests changed: register them again */
    atomic_long claimed;   /* jobs claimed, for max_jobs */
    atomic_int fatal;      /* a slot hit an error no retry mends: the worker stops */
    char fatal_msg[1024];
    pthread_mutex_t log_lock;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void wlog(worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wlog(worker *w, const char *fmt, ...)
{
    struct timespec ts;
    struct tm tm;
    char stamp[32];
    va_list ap;
    if (!w->o->log)
        return;
    clock_gettime(CLOCK_REALTIME, &ts);
    localtime_r(&ts.tv_sec, &tm);
    strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);
    pthread_mutex_lock(&w->log_lock);
    fprintf(w->o->log, "%s.%03ld g16k worker %s: ", stamp, ts.tv_nsec / 1000000, w->name);
    va_start(ap, fmt);
    vfprintf(w->o->log, fmt, ap);
    va_end(ap);
    fputc('\n', w->o->log);
    fflush(w->o->log);
    pthread_mutex_unlock(&w->log_lock);
}

/* Sleep ms, waking early on a hard stop. */
static void nap(int ms)
{
    while (ms > 0 && !atomic_load(&stop_hard)) {
        int step = ms < 50 ? ms : 50;
        struct timespec ts = { 0, step * 1000000L };
        nanosleep(&ts, NULL);
        ms -= step;
    }
}

/* Connect q again, with backoff, until it works (QUEUE_OK), or a hard stop or *give_up (may be
 * NULL) ends the attempts (QUEUE_EDOWN). */
static int reconnect_until(worker *w, queue *q, const char *who, atomic_int *give_up)
{
    int delay = BACKOFF_FIRST_MS;
    wlog(w, "%s: %s; reconnecting", who, queue_last_error());
    for (;;) {
        /* jitter spreads a fleet's reconnects after a server restart */
        nap(delay / 2 + (int)randombytes_uniform((uint32_t)delay / 2 + 1));
        if (atomic_load(&stop_hard) || (give_up && atomic_load(give_up)))
            return QUEUE_EDOWN;
        if (queue_reconnect(q) == QUEUE_OK) {
            wlog(w, "%s: reconnected to %s", who, queue_describe(q));
            return QUEUE_OK;
        }
        delay = delay * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : delay * 2;
    }
}

static int reconnect(worker *w, queue *q, const char *who)
{
    return reconnect_until(w, q, who, NULL);
}

static int do_register(worker *w, queue *q)
{
    char(*d)[QUEUE_DIGEST_HEX] = NULL;
    size_t n = keystore_digests(w->ks, &d);
    int rc = d ? queue_worker_register(q, &w->qw, d, n) : QUEUE_ENOMEM;
    free(d);
    return rc;
}

/* Rescan the key folders now; when the set changed, the lease thread registers it again. */
static void rescan(worker *w)
{
    int changed = 0;
    keystore_scan(w->ks, 1, &changed);
    if (changed) {
        pthread_mutex_lock(&w->lock);
        w->keys_changed = 1;
        pthread_mutex_unlock(&w->lock);
    }
}

/* ---- the lease thread ---- */

static void renew_leases(worker *w)
{
    for (int i = 0; i < w->o->jobs_in_flight; i++) {
        slot *s = &w->slots[i];
        queue_claim c;
        int rc;
        memset(&c, 0, sizeof c);
        pthread_mutex_lock(&w->lock);
        int active = s->active;
        c.id = s->claim_id;
        c.attempt = s->claim_attempt;
        pthread_mutex_unlock(&w->lock);
        if (!active)
            continue;
        rc = queue_renew(w->lease_q, &w->qw, &c);
        if (rc == QUEUE_EDOWN)
            return; /* the caller reconnects; the next round renews */
        if (rc == QUEUE_ENOTFOUND) {
            pthread_mutex_lock(&w->lock);
            if (s->active && !s->ending && s->claim_id == c.id && s->claim_attempt == c.attempt &&
                !atomic_exchange(&s->lost, 1))
                wlog(w, "%s: cancelling it", queue_last_error());
            pthread_mutex_unlock(&w->lock);
        }
    }
}

static void *lease_main(void *arg)
{
    worker *w = arg;
    int every = w->o->lease_ms / 3 > 0 ? w->o->lease_ms / 3 : 1;
    pthread_mutex_lock(&w->lock);
    while (!w->lease_done) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += every / 1000;
        until.tv_nsec += (long)(every % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&w->cond, &w->lock, &until);
        if (w->lease_done)
            break;
        int keys_changed = w->keys_changed;
        w->keys_changed = 0;
        pthread_mutex_unlock(&w->lock);

        int rc = QUEUE_OK;
        renew_leases(w);
        rc = queue_worker_heartbeat(w->lease_q, &w->qw);
        if (rc == QUEUE_ENOTFOUND || (rc == QUEUE_OK && keys_changed))
            rc = do_register(w, w->lease_q); /* dropped as dead after an outage, or new keys */
        if (rc == QUEUE_EDOWN &&
            reconnect_until(w, w->lease_q, "lease thread", &w->lease_quit) == QUEUE_OK)
            rc = do_register(w, w->lease_q);
        if (rc != QUEUE_OK && keys_changed) {
            pthread_mutex_lock(&w->lock);
            w->keys_changed = 1; /* try again next round */
            pthread_mutex_unlock(&w->lock);
        }
        pthread_mutex_lock(&w->lock);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* ---- a job ---- */

/* Cancels on a hard stop or a lost lease; logs when a key load starts a stage (a large key
 * takes long enough to want saying so). */
static int job_progress(void *user, const char *stage, uint64_t done, uint64_t total)
{
    slot *s = user;
    if (done == 0 && strcmp(stage, "check") == 0)
        wlog(s->w, "job %" PRId64 ": loading key %s: checking %" PRIu64 " points", s->claim_id,
             s->claim_key, total);
    else if (done == 0 && strcmp(stage, "upload") == 0)
        wlog(s->w, "job %" PRId64 ": loading key %s: handing it to the providers", s->claim_id,
             s->claim_key);
    return atomic_load(&stop_hard) || atomic_load(&s->lost);
}

/* Bad input fails the job now; anything else may go better on another attempt or worker. */
static int is_bad_input(int status)
{
    return status == G16K_EFORMAT || status == G16K_EVERIFY || status == G16K_EINVAL;
}

static int retry_delay_ms(int attempt)
{
    int ms = RETRY_FIRST_MS;
    for (int i = 1; i < attempt && ms < RETRY_MAX_MS; i++)
        ms *= 2;
    return ms < RETRY_MAX_MS ? ms : RETRY_MAX_MS;
}

/* A number of seconds as JSON, to the microsecond (json-c would print 17 digits). */
static json_object *seconds(double t)
{
    char text[32];
    snprintf(text, sizeof text, "%.6f", t);
    return json_object_new_double_s(t, text);
}

/* The timings object stored with the job: seconds of each part of this attempt. */
static char *timings_json(const queue_claim *c, double fetch, double key, int key_loaded,
                          const g16k_timings *t, double total)
{
    json_object *o = json_object_new_object();
    char *text;
    json_object_object_add(o, "attempt", json_object_new_int(c->attempt));
    json_object_object_add(o, "fetch_witness", seconds(fetch));
    json_object_object_add(o, "key", seconds(key));
    json_object_object_add(o, "key_loaded", json_object_new_boolean(key_loaded));
    if (t) {
        json_object *p = json_object_new_object();
        json_object_object_add(p, "load_witness", seconds(t->load_witness));
        json_object_object_add(p, "synth", seconds(t->synth));
        json_object_object_add(p, "ntt", seconds(t->ntt));
        json_object_object_add(p, "msm", seconds(t->msm_total));
        json_object_object_add(p, "verify", seconds(t->verify));
        json_object_object_add(p, "total", seconds(t->total));
        json_object_object_add(o, "prove", p);
    }
    json_object_object_add(o, "total", seconds(total));
    text = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
    json_object_put(o);
    return text;
}

/* proof.json / public.json texts of a proof, malloc'ed. */
static int proof_texts(const g16k_proof *proof, char **pj, char **pub)
{
    size_t n = g16k_proof_json(proof, NULL, 0), m = g16k_public_json(proof, NULL, 0);
    *pj = n ? malloc(n + 1) : NULL;
    *pub = m ? malloc(m + 1) : NULL;
    if (!*pj || !*pub) {
        free(*pj);
        free(*pub);
        *pj = *pub = NULL;
        return G16K_ENOMEM;
    }
    g16k_proof_json(proof, *pj, n + 1);
    g16k_public_json(proof, *pub, m + 1);
    return G16K_OK;
}

/* rc = a queue call on the slot's connection, reconnecting after QUEUE_EDOWN while it may still
 * matter (no hard stop, lease not known lost). */
#define WITH_RECONNECT(rc, s, call)                                                                \
    while (((rc) = (call)) == QUEUE_EDOWN && !atomic_load(&(s)->lost) &&                           \
           reconnect((s)->w, (s)->q, "slot") == QUEUE_OK)

static void end_job(slot *s, const queue_claim *c, queue_end *e, double t0)
{
    worker *w = s->w;
    static const char *const kinds[] = { "done", "failed", "retry", "released" };
    /* a provider error on the last attempt fails the job for good (the queue decides) */
    int last = e->kind == QUEUE_END_RETRY && c->attempt >= c->max_attempts;
    int rc;
    WITH_RECONNECT(rc, s, queue_end_job(s->q, &w->qw, c, e));
    double dt = now_s() - t0;
    if (rc == QUEUE_OK && e->kind == QUEUE_END_DONE)
        wlog(w, "job %" PRId64 " (%s, attempt %d): done in %.3f s", c->id,
             c->key_hint ? c->key_hint : c->key_digest, c->attempt, dt);
    else if (rc == QUEUE_OK && e->kind == QUEUE_END_RELEASE)
        wlog(w, "job %" PRId64 ": released to the queue", c->id);
    else if (rc == QUEUE_OK && e->kind == QUEUE_END_FAILED) /* bad input: never retried */
        wlog(w, "job %" PRId64 " (%s, attempt %d, not retried): failed after %.3f s: %s: %s", c->id,
             c->key_hint ? c->key_hint : c->key_digest, c->attempt, dt, e->error_code, e->error);
    else if (rc == QUEUE_OK)
        wlog(w, "job %" PRId64 " (%s, attempt %d of %d): %s after %.3f s: %s: %s", c->id,
             c->key_hint ? c->key_hint : c->key_digest, c->attempt, c->max_attempts,
             last ? "failed" : kinds[e->kind], dt, e->error_code, e->error);
    else
        wlog(w, "job %" PRId64 ": %s: %s discarded", c->id, queue_last_error(), kinds[e->kind]);
}

static void run_job(slot *s, const queue_claim *c)
{
    worker *w = s->w;
    double t0 = now_s(), t_fetch = 0, t_key = 0;
    char msg[1024], *timings = NULL, *pj = NULL, *pub = NULL;
    const char *code = NULL;
    queue_end e = { .kind = QUEUE_END_DONE };
    keystore_entry *ref = NULL;
    g16k_key *key = NULL;
    g16k_proof *proof = NULL;
    g16k_timings tm;
    void *wit = NULL;
    size_t wit_len = 0;
    int loaded = 0, rc;

    msg[0] = '\0';
    pthread_mutex_lock(&w->lock);
    s->active = 1;
    s->ending = 0;
    s->claim_id = c->id;
    s->claim_attempt = c->attempt;
    s->claim_key = c->key_hint ? c->key_hint : c->key_digest;
    atomic_store(&s->lost, 0);
    pthread_mutex_unlock(&w->lock);

    if (!c->key_held)
        rescan(w); /* no live worker has it: maybe it was just added here */
    rc = keystore_acquire(w->ks, c->key_digest, job_progress, s, &key, &ref, &loaded, msg,
                          sizeof msg);
    t_key = now_s() - t0;
    if (rc == KEYSTORE_MISSING && c->key_held) {
        /* registered as ours but gone from the folders: let a worker that has it take it */
        rescan(w);
        WITH_RECONNECT(rc, s, do_register(w, s->q));
        e.kind = QUEUE_END_RELEASE;
        goto end;
    }
    if (rc == KEYSTORE_MISSING) {
        char hint[256];
        snprintf(hint, sizeof hint, "%s", c->key_hint ? c->key_hint : "no file name given");
        snprintf(msg, sizeof msg,
                 "key %s (%s): no live worker has it in its --keys folders "
                 "(worker %s looked in %s)",
                 c->key_digest, hint, w->name, keystore_dirs(w->ks));
        rc = G16K_EIO;
        e.kind = QUEUE_END_FAILED;
        code = QUEUE_NO_KEY; /* not an I/O error: a key to deploy (queue.h) */
        goto end;
    }
    if (rc != G16K_OK)
        goto proved;

    WITH_RECONNECT(rc, s, queue_fetch_witness(s->q, c, &wit, &wit_len));
    t_fetch = now_s() - t0 - t_key;
    if (rc != QUEUE_OK) {
        snprintf(msg, sizeof msg, "job %" PRId64 ": witness: %s", c->id, queue_last_error());
        rc = rc == QUEUE_ENOTFOUND ? G16K_EFORMAT : G16K_EIO;
        goto proved;
    }
    if ((int64_t)wit_len != c->witness_bytes) {
        snprintf(msg, sizeof msg,
                 "job %" PRId64 ": the stored witness has %zu bytes, the job says "
                 "%" PRId64,
                 c->id, wit_len, c->witness_bytes);
        rc = G16K_EFORMAT;
        goto proved;
    }
    g16k_prove_opts po;
    memset(&po, 0, sizeof po);
    po.struct_size = sizeof po;
    po.verify = 1; /* a worker never stores a proof it has not checked */
    po.timings = &tm;
    po.progress = job_progress;
    po.progress_user = s;
    rc = g16k_prove_wtns_buffer(w->prover, key, wit, wit_len, &po, &proof);
    if (rc != G16K_OK)
        snprintf(msg, sizeof msg, "%s", g16k_last_error());
    else if ((rc = proof_texts(proof, &pj, &pub)) != G16K_OK)
        snprintf(msg, sizeof msg, "out of memory for the proof's JSON");

proved:
    if (rc == G16K_ECANCELED) {
        if (atomic_load(&s->lost)) {
            wlog(w, "job %" PRId64 ": lease lost: proof abandoned", c->id);
            goto out;
        }
        e.kind = QUEUE_END_RELEASE;
    } else if (rc != G16K_OK) {
        e.kind = is_bad_input(rc) ? QUEUE_END_FAILED : QUEUE_END_RETRY;
        e.retry_ms = retry_delay_ms(c->attempt);
        code = g16k_status_name(rc);
    }
end:
    timings = timings_json(c, t_fetch, t_key, loaded, rc == G16K_OK ? &tm : NULL, now_s() - t0);
    e.timings = timings;
    e.proof = pj;
    e.pub = pub;
    e.error_code = code;
    e.error = msg;
    pthread_mutex_lock(&w->lock);
    s->ending = 1;
    pthread_mutex_unlock(&w->lock);
    end_job(s, c, &e, t0);
out:
    pthread_mutex_lock(&w->lock);
    s->active = 0;
    pthread_mutex_unlock(&w->lock);
    free(timings);
    free(pj);
    free(pub);
    free(wit);
    g16k_proof_free(proof);
    keystore_release(w->ks, ref);
}

/* ---- slots ---- */

static void fatal(worker *w, const char *what)
{
    if (!atomic_exchange(&w->fatal, 1)) {
        snprintf(w->fatal_msg, sizeof w->fatal_msg, "%s: %s", what, queue_last_error());
        wlog(w, "%s; stopping", w->fatal_msg);
    }
    worker_request_stop(1);
}

static void *slot_main(void *arg)
{
    slot *s = arg;
    worker *w = s->w;
    double idle_since = now_s();
    while (!atomic_load(&stop_soft)) {
        queue_claim c;
        int rc;
        if (w->o->max_jobs > 0 && atomic_fetch_add(&w->claimed, 1) >= w->o->max_jobs) {
            atomic_fetch_sub(&w->claimed, 1);
            break;
        }
        rc = queue_claim_job(s->q, &w->qw, &c);
        if (rc == QUEUE_OK) {
            run_job(s, &c);
            queue_claim_cleanup(&c);
            idle_since = now_s();
            continue;
        }
        if (w->o->max_jobs > 0)
            atomic_fetch_sub(&w->claimed, 1);
        if (rc == QUEUE_EDOWN) {
            reconnect(w, s->q, "slot");
            continue;
        }
        if (rc != QUEUE_ENOTFOUND) {
            fatal(w, "claim"); /* permission denied, schema changed: no retry mends it */
            break;
        }
        double idle = now_s() - idle_since;
        int wait_ms = IDLE_POLL_MS;
        if (w->o->idle_exit > 0) {
            if (idle >= w->o->idle_exit)
                break;
            if ((w->o->idle_exit - idle) * 1000 < wait_ms)
                wait_ms = (int)((w->o->idle_exit - idle) * 1000) + 1;
        }
        if (queue_wait(s->q, QUEUE_WAKE_JOBS, wait_ms, stop_pipe[0]) == QUEUE_EDOWN)
            reconnect(w, s->q, "slot");
    }
    return NULL;
}

static void worker_name(char *out, size_t cap)
{
    char host[64] = "host";
    gethostname(host, sizeof host - 1);
    host[sizeof host - 1] = '\0';
    snprintf(out, cap, "%s:%ld:%08" PRIx32, host, (long)getpid(), randombytes_random());
}

int worker_run(const worker_opts *o, char *err, size_t err_len)
{
    worker w;
    int rc, started = 0, lease_started = 0;

    memset(&w, 0, sizeof w);
    w.o = o;
    pthread_mutex_init(&w.lock, NULL);
    pthread_mutex_init(&w.log_lock, NULL);
    pthread_cond_init(&w.cond, NULL);
    atomic_store(&stop_soft, 0);
    atomic_store(&stop_hard, 0);
    if (sodium_init() < 0) {
        snprintf(err, err_len, "libsodium cannot start (no /dev/urandom?)");
        return G16K_EINTERNAL;
    }
    if (pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        snprintf(err, err_len, "pipe: %s", strerror(errno));
        return G16K_EIO;
    }
    worker_name(w.name, sizeof w.name);
    w.qw.name = w.name;
    w.qw.lease_ms = o->lease_ms;

    rc = o->config ? g16k_prover_open(o->config, &w.prover) : g16k_prover_open_default(&w.prover);
    if (rc != G16K_OK) {
        snprintf(err, err_len, "%s", g16k_last_error());
        goto out;
    }
    if ((rc = keystore_create(w.prover, o->key_dirs, o->n_key_dirs, o->keys_mem, &w.ks, err,
                              err_len)) != G16K_OK)
        goto out;
    if (queue_open(o->queue_url, 0, &w.lease_q) != QUEUE_OK ||
        do_register(&w, w.lease_q) != QUEUE_OK) {
        snprintf(err, err_len, "%s", queue_last_error());
        rc = WORKER_EQUEUE;
        goto out;
    }
    if (!(w.slots = calloc((size_t)o->jobs_in_flight, sizeof *w.slots))) {
        snprintf(err, err_len, "out of memory");
        rc = G16K_ENOMEM;
        goto out;
    }
    for (int i = 0; i < o->jobs_in_flight; i++) {
        w.slots[i].w = &w;
        w.slots[i].index = i;
        if (queue_open(o->queue_url, 0, &w.slots[i].q) != QUEUE_OK) {
            snprintf(err, err_len, "%s", queue_last_error());
            rc = WORKER_EQUEUE;
            goto out;
        }
    }
    {
        char(*d)[QUEUE_DIGEST_HEX] = NULL;
        size_t n = keystore_digests(w.ks, &d);
        free(d);
        wlog(&w, "ready: %s; %zu key%s in %s; %d job%s in flight; lease %.1f s",
             queue_describe(w.lease_q), n, n == 1 ? "" : "s", keystore_dirs(w.ks),
             o->jobs_in_flight, o->jobs_in_flight == 1 ? "" : "s", o->lease_ms / 1000.0);
    }
    if (pthread_create(&w.lease_thread, NULL, lease_main, &w) != 0) {
        snprintf(err, err_len, "cannot start the lease thread");
        rc = G16K_ENOMEM;
        goto out;
    }
    lease_started = 1;
    for (; started < o->jobs_in_flight; started++)
        if (pthread_create(&w.slots[started].thread, NULL, slot_main, &w.slots[started]) != 0)
            break;
    if (started == 0) {
        snprintf(err, err_len, "cannot start a slot thread");
        rc = G16K_ENOMEM;
        goto out;
    }
    for (int i = 0; i < started; i++)
        pthread_join(w.slots[i].thread, NULL);
    rc = G16K_OK;
    if (atomic_load(&w.fatal)) {
        snprintf(err, err_len, "%s", w.fatal_msg);
        rc = WORKER_EQUEUE;
    }
out:
    if (lease_started) {
        pthread_mutex_lock(&w.lock);
        w.lease_done = 1;
        atomic_store(&w.lease_quit, 1);
        pthread_cond_signal(&w.cond);
        pthread_mutex_unlock(&w.lock);
        pthread_join(w.lease_thread, NULL);
    }
    if (w.lease_q) {
        if (rc == G16K_OK || lease_started) {
            if (queue_worker_unregister(w.lease_q, &w.qw) == QUEUE_OK)
                wlog(&w, "stopped");
        }
        queue_close(w.lease_q);
    }
    for (int i = 0; w.slots && i < o->jobs_in_flight; i++)
        queue_close(w.slots[i].q);
    free(w.slots);
    keystore_destroy(w.ks);
    g16k_prover_close(w.prover);
    close(stop_pipe[0]);
    close(stop_pipe[1]);
    stop_pipe[0] = stop_pipe[1] = -1;
    pthread_mutex_destroy(&w.lock);
    pthread_mutex_destroy(&w.log_lock);
    pthread_cond_destroy(&w.cond);
    return rc;
}
