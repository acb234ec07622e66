/*
 * queue.h's front: picks the backend from the URL, checks arguments once for both backends,
 * keeps the thread's error message, and frees what the backends return.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char last_error[1024];

int queue_err(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return status;
}

const char *queue_last_error(void)
{
    return last_error;
}

const char *queue_status_name(int status)
{
    switch (status) {
    case QUEUE_OK: return "QUEUE_OK";
    case QUEUE_EDOWN: return "QUEUE_EDOWN";
    case QUEUE_EDB: return "QUEUE_EDB";
    case QUEUE_ESCHEMA: return "QUEUE_ESCHEMA";
    case QUEUE_ENOTFOUND: return "QUEUE_ENOTFOUND";
    case QUEUE_ETOOBIG: return "QUEUE_ETOOBIG";
    case QUEUE_EINVAL: return "QUEUE_EINVAL";
    case QUEUE_ENOMEM: return "QUEUE_ENOMEM";
    default: return "unknown";
    }
}

/* The backend a URL names, and what its connect() gets. */
static const queue_ops *pick_backend(const char *url, const char **target)
{
    if (strncmp(url, "sqlite:", 7) == 0) {
        *target = url + 7;
        return url[7] ? &queue_sqlite_ops : NULL;
    }
    *target = url;
    if (strncmp(url, "postgresql://", 13) == 0 || strncmp(url, "postgres://", 11) == 0 ||
        strchr(url, '='))
        return &queue_pg_ops;
    return NULL;
}

static int check_schema(queue *q)
{
    int v = 0;
    int rc = q->ops->schema_version(q, &v);
    if (rc != QUEUE_OK)
        return rc;
    if (v == QUEUE_SCHEMA_VERSION)
        return QUEUE_OK;
    if (v == 0)
        return queue_err(QUEUE_ESCHEMA, "%s: no g16k queue here: run `g16k queue init` first",
                         q->describe);
    if (v < QUEUE_SCHEMA_VERSION)
        return queue_err(QUEUE_ESCHEMA,
                         "%s: queue schema version %d, this g16k needs %d: run "
                         "`g16k queue init` to migrate it",
                         q->describe, v, QUEUE_SCHEMA_VERSION);
    return queue_err(QUEUE_ESCHEMA,
                     "%s: queue schema version %d was made by a newer g16k (this "
                     "one knows up to %d)",
                     q->describe, v, QUEUE_SCHEMA_VERSION);
}

int queue_open(const char *url, int create, queue **out)
{
    const char *target;
    const queue_ops *ops;
    queue *q;
    int rc;

    if (out)
        *out = NULL;
    if (!url || !out)
        return queue_err(QUEUE_EINVAL, "queue_open: NULL argument");
    if (!(ops = pick_backend(url, &target)))
        return queue_err(QUEUE_EINVAL, "queue URL: expected sqlite:PATH, postgresql://... or a "
                                       "libpq connection string (key=value ...)");
    if (!(q = calloc(1, sizeof *q)) || !(q->target = strdup(target))) {
        free(q);
        return queue_err(QUEUE_ENOMEM, "out of memory");
    }
    q->ops = ops;
    if ((rc = ops->connect(q, q->target, create)) != QUEUE_OK ||
        (!create && (rc = check_schema(q)) != QUEUE_OK)) {
        queue_close(q);
        return rc;
    }
    *out = q;
    return QUEUE_OK;
}

void queue_close(queue *q)
{
    if (!q)
        return;
    if (q->impl)
        q->ops->disconnect(q);
    free(q->target);
    free(q);
}

int queue_reconnect(queue *q)
{
    if (q->impl)
        q->ops->disconnect(q);
    return q->ops->connect(q, q->target, 0);
}

const char *queue_describe(const queue *q)
{
    return q->describe;
}

/* Store a setting: the given value (> 0) replaces the stored one, else the stored one (or the
 * default, on creation) stays. Identical SQL in both dialects. */
static int put_setting(queue *q, const char *name, int64_t given, int64_t fallback)
{
    char sql[256];
    snprintf(sql, sizeof sql,
             given > 0 ? "INSERT INTO g16k_settings VALUES ('%s', %lld)"
                         " ON CONFLICT (name) DO UPDATE SET value = excluded.value"
                       : "INSERT INTO g16k_settings VALUES ('%s', %lld)"
                         " ON CONFLICT DO NOTHING",
             name, (long long)(given > 0 ? given : fallback));
    return q->ops->exec(q, "settings", sql);
}

/* One transaction: the schema table, the steps above the stored version, the settings, the
 * roles. Concurrent inits wait for each other (the backend's init_begin). */
static int migrate(queue *q, const queue_settings *set, int *from, int *roles)
{
    char sql[128];
    int rc, version;
    if ((rc = q->ops->exec(q, "init", q->ops->init_begin)) != QUEUE_OK)
        return rc;
    if ((rc = q->ops->schema_version(q, &version)) != QUEUE_OK)
        goto fail;
    *from = version;
    if (version > QUEUE_SCHEMA_VERSION) {
        rc = queue_err(QUEUE_ESCHEMA, "%s: queue schema version %d was made by a newer g16k",
                       q->describe, version);
        goto fail;
    }
    if (version == 0 && (rc = q->ops->exec(q, "create schema",
                                           "CREATE TABLE g16k_schema (version integer NOT NULL);"
                                           " INSERT INTO g16k_schema VALUES (0)")) != QUEUE_OK)
        goto fail;
    for (int v = version; v < QUEUE_SCHEMA_VERSION; v++) {
        char what[48];
        snprintf(what, sizeof what, "migration to version %d", v + 1);
        if ((rc = q->ops->exec(q, what, q->ops->migrations[v])) != QUEUE_OK)
            goto fail;
    }
    snprintf(sql, sizeof sql, "UPDATE g16k_schema SET version = %d", QUEUE_SCHEMA_VERSION);
    if ((rc = q->ops->exec(q, "schema version", sql)) != QUEUE_OK ||
        (rc = put_setting(q, "max_witness_bytes", set->max_witness_bytes,
                          QUEUE_DEFAULT_MAX_WITNESS)) != QUEUE_OK ||
        (rc = put_setting(q, "max_attempts", set->max_attempts, QUEUE_DEFAULT_MAX_ATTEMPTS)) !=
            QUEUE_OK ||
        (q->ops->grant_roles && (rc = q->ops->grant_roles(q, roles)) != QUEUE_OK))
        goto fail;
    return q->ops->exec(q, "init", "COMMIT");
fail : {
    char msg[sizeof last_error];
    memcpy(msg, last_error, sizeof msg); /* the ROLLBACK's own error is no news */
    q->ops->exec(q, "init", "ROLLBACK");
    memcpy(last_error, msg, sizeof msg);
}
    return rc;
}

int queue_init(queue *q, const queue_settings *set, int *from, int *roles)
{
    queue_settings none = { 0, 0 };
    int f = 0, r = 0;
    int rc;
    if (set && set->max_witness_bytes > QUEUE_WITNESS_CEILING)
        return queue_err(QUEUE_EINVAL,
                         "max witness size %lld bytes is over the ceiling of %lld "
                         "bytes (the databases' largest value)",
                         (long long)set->max_witness_bytes, QUEUE_WITNESS_CEILING);
    rc = migrate(q, set ? set : &none, &f, &r);
    if (from)
        *from = f;
    if (roles)
        *roles = r;
    return rc;
}

void queue_setting_apply(queue_settings *out, const char *name, int64_t value)
{
    if (strcmp(name, "max_witness_bytes") == 0)
        out->max_witness_bytes = value;
    else if (strcmp(name, "max_attempts") == 0)
        out->max_attempts = (int32_t)value;
}

int queue_settings_get(queue *q, queue_settings *out)
{
    return q->ops->settings_get(q, out);
}

int queue_digest_valid(const char *s)
{
    size_t i;
    if (!s)
        return 0;
    for (i = 0; i < QUEUE_DIGEST_HEX - 1; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return 0;
    return s[i] == '\0';
}

int queue_submit(queue *q, const queue_new_job *job, int64_t *id)
{
    queue_settings set;
    int rc;
    if (!job || !id || !job->witness || !queue_digest_valid(job->key_digest))
        return queue_err(QUEUE_EINVAL, "queue_submit: bad job (witness or key digest)");
    if ((rc = queue_settings_get(q, &set)) != QUEUE_OK)
        return rc;
    if ((int64_t)job->witness_len > set.max_witness_bytes)
        return queue_err(QUEUE_ETOOBIG,
                         "witness of %zu bytes is over this queue's limit of %lld "
                         "bytes (g16k queue init --max-witness MiB)",
                         job->witness_len, (long long)set.max_witness_bytes);
    return q->ops->submit(q, job, id);
}

void queue_job_info_cleanup(queue_job_info *j)
{
    if (!j)
        return;
    free(j->key_hint);
    free(j->label);
    free(j->submitter);
    free(j->worker);
    free(j->timings);
    free(j->error_code);
    free(j->error);
    memset(j, 0, sizeof *j);
}

int queue_job_get(queue *q, int64_t id, queue_job_info *out, char **proof, char **pub)
{
    memset(out, 0, sizeof *out);
    if (proof)
        *proof = NULL;
    if (pub)
        *pub = NULL;
    return q->ops->job_get(q, id, out, proof, pub);
}

static int state_valid(const char *s)
{
    return !strcmp(s, "queued") || !strcmp(s, "running") || !strcmp(s, "done") ||
           !strcmp(s, "failed");
}

int queue_list(queue *q, const char *state, queue_list_fn fn, void *user)
{
    if (state && !state_valid(state))
        return queue_err(QUEUE_EINVAL, "unknown job state '%s' (queued, running, done, failed)",
                         state);
    return q->ops->list(q, state, fn, user);
}

int queue_wait(queue *q, int what, int timeout_ms, int stop_fd)
{
    return q->ops->wait(q, what, timeout_ms, stop_fd);
}

int queue_worker_register(queue *q, const queue_worker *w, const char (*digests)[QUEUE_DIGEST_HEX],
                          size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!queue_digest_valid(digests[i]))
            return queue_err(QUEUE_EINVAL, "queue_worker_register: bad digest");
    return q->ops->worker_register(q, w, digests, n);
}

int queue_worker_heartbeat(queue *q, const queue_worker *w)
{
    return q->ops->worker_heartbeat(q, w);
}

int queue_worker_unregister(queue *q, const queue_worker *w)
{
    return q->ops->worker_unregister(q, w);
}

void queue_claim_cleanup(queue_claim *c)
{
    if (!c)
        return;
    free(c->key_hint);
    free(c->label);
    memset(c, 0, sizeof *c);
}

int queue_claim_job(queue *q, const queue_worker *w, queue_claim *out)
{
    memset(out, 0, sizeof *out);
    return q->ops->claim(q, w, out);
}

int queue_fetch_witness(queue *q, const queue_claim *c, void **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    return q->ops->fetch_witness(q, c, data, len);
}

int queue_renew(queue *q, const queue_worker *w, const queue_claim *c)
{
    return q->ops->renew(q, w, c);
}

int queue_end_job(queue *q, const queue_worker *w, const queue_claim *c, const queue_end *e)
{
    if (e->kind == QUEUE_END_DONE && (!e->proof || !e->pub))
        return queue_err(QUEUE_EINVAL, "queue_end_job: a done job needs its proof and public");
    if ((e->kind == QUEUE_END_FAILED || e->kind == QUEUE_END_RETRY) &&
        (!e->error || !e->error_code))
        return queue_err(QUEUE_EINVAL, "queue_end_job: a failed job needs its error");
    int rc = q->ops->end(q, w, c, e);
    if (rc == QUEUE_ENOTFOUND && e->kind == QUEUE_END_DONE) {
        /* A retry after a broken connection: the first try may have committed before the
         * connection broke. Done by this worker on this attempt can only be that commit. */
        char msg[1024];
        queue_job_info j;
        snprintf(msg, sizeof msg, "%s", last_error);
        if (queue_job_get(q, c->id, &j, NULL, NULL) == QUEUE_OK) {
            int ours = strcmp(j.state, "done") == 0 && j.worker && strcmp(j.worker, w->name) == 0 &&
                       j.attempts == c->attempt;
            queue_job_info_cleanup(&j);
            if (ours)
                return QUEUE_OK;
        }
        rc = queue_err(QUEUE_ENOTFOUND, "%s", msg);
    }
    return rc;
}
