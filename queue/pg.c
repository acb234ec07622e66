/*
 * PostgreSQL backend of the queue (libpq): many workers on many machines share one database.
 *
 * Claims: one statement picks the best claimable row with FOR UPDATE SKIP LOCKED (concurrent
 * claimers skip each other's rows instead of waiting) and marks it running with a lease
 * (server clock: now() + lease, so clients' clocks do not matter); expired leases on their last
 * attempt are failed by the same statement. Every later write of the worker (renew, done,
 * failed, retry, release) repeats the lease check in its WHERE clause (worker, attempt, not
 * expired), so a worker that lost its lease changes nothing. Wake-ups: triggers NOTIFY
 * g16k_jobs when a job is queued and g16k_done when one ends; waiters LISTEN and poll the
 * socket. Role grants and row-level security: docs/queue.md. Errors: a broken connection, a
 * server shutting down or starting, a serialization failure or deadlock -> QUEUE_EDOWN (the
 * worker reconnects with backoff); any other SQLSTATE -> QUEUE_EDB with the server's message.
 */
#include "internal.h"

#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

typedef struct pg {
    PGconn *c;
    int listening; /* QUEUE_WAKE_* channels LISTENed on this connection */
} pg;

#define CONN(q) (((pg *)(q)->impl)->c)

/* ---- schema ---- */

/* Version 1. Later versions append their own steps; queue_init (queue.c) applies those above
 * the stored version in one transaction. */
static const char SCHEMA_V1[] =
    "CREATE TABLE g16k_settings (name text PRIMARY KEY, value bigint NOT NULL);"
    "CREATE TABLE g16k_jobs ("
    " id bigserial PRIMARY KEY,"
    " state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','failed')),"
    " priority integer NOT NULL DEFAULT 0,"
    " label text,"
    " key_digest text NOT NULL CHECK (key_digest ~ '^[0-9a-f]{64}$'),"
    " key_hint text,"
    " n_vars bigint NOT NULL CHECK (n_vars > 0),"
    " witness_bytes bigint NOT NULL CHECK (witness_bytes > 0),"
    " submitter text NOT NULL DEFAULT session_user,"
    " attempts integer NOT NULL DEFAULT 0,"
    " worker text,"
    " lease_until timestamptz,"
    " available_at timestamptz NOT NULL DEFAULT now(),"
    " submitted_at timestamptz NOT NULL DEFAULT now(),"
    " claimed_at timestamptz,"
    " finished_at timestamptz,"
    " timings text,"
    " error_code text,"
    " error text);"
    "CREATE INDEX g16k_jobs_queued ON g16k_jobs (priority DESC, id) WHERE state = 'queued';"
    "CREATE INDEX g16k_jobs_running ON g16k_jobs (lease_until) WHERE state = 'running';"
    "CREATE TABLE g16k_job_inputs ("
    " job_id bigint PRIMARY KEY REFERENCES g16k_jobs (id) ON DELETE CASCADE,"
    " witness bytea NOT NULL);"
    /* witnesses are field elements: compression would only cost time */
    "ALTER TABLE g16k_job_inputs ALTER COLUMN witness SET STORAGE EXTERNAL;"
    "CREATE TABLE g16k_job_results ("
    " job_id bigint PRIMARY KEY REFERENCES g16k_jobs (id) ON DELETE CASCADE,"
    " proof text NOT NULL,"
    " public text NOT NULL);"
    "CREATE TABLE g16k_workers ("
    " name text PRIMARY KEY,"
    " lease_ms integer NOT NULL,"
    " started_at timestamptz NOT NULL DEFAULT now(),"
    " heartbeat timestamptz NOT NULL DEFAULT now());"
    "CREATE TABLE g16k_worker_keys ("
    " worker text NOT NULL REFERENCES g16k_workers (name) ON DELETE CASCADE,"
    " key_digest text NOT NULL,"
    " PRIMARY KEY (key_digest, worker));"
    /* the limit holds for any insert, not only g16k submit's */
    "CREATE FUNCTION g16k_witness_limit() RETURNS trigger LANGUAGE plpgsql AS $$"
    " DECLARE lim bigint := (SELECT value FROM g16k_settings WHERE name = 'max_witness_bytes');"
    " BEGIN"
    "  IF octet_length(NEW.witness) > lim THEN"
    "   RAISE EXCEPTION 'witness of % bytes is over this queue''s limit of % bytes',"
    "    octet_length(NEW.witness), lim USING ERRCODE = 'program_limit_exceeded';"
    "  END IF;"
    "  RETURN NEW;"
    " END $$;"
    "CREATE TRIGGER g16k_witness_limit BEFORE INSERT OR UPDATE ON g16k_job_inputs"
    " FOR EACH ROW EXECUTE FUNCTION g16k_witness_limit();"
    "CREATE FUNCTION g16k_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$"
    " BEGIN"
    "  IF NEW.state = 'queued' THEN PERFORM pg_notify('g16k_jobs', '');"
    "  ELSIF NEW.state IN ('done', 'failed') THEN PERFORM pg_notify('g16k_done', NEW.id::text);"
    "  END IF;"
    "  RETURN NULL;"
    " END $$;"
    "CREATE TRIGGER g16k_jobs_insert_notify AFTER INSERT ON g16k_jobs"
    " FOR EACH ROW EXECUTE FUNCTION g16k_jobs_notify();"
    "CREATE TRIGGER g16k_jobs_state_notify AFTER UPDATE OF state ON g16k_jobs"
    " FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION g16k_jobs_notify();"
    "ALTER TABLE g16k_jobs ENABLE ROW LEVEL SECURITY;"
    "ALTER TABLE g16k_job_inputs ENABLE ROW LEVEL SECURITY;"
    "ALTER TABLE g16k_job_results ENABLE ROW LEVEL SECURITY;";

static const char *const MIGRATIONS[QUEUE_SCHEMA_VERSION] = { SCHEMA_V1 };

/* Least rights (docs/queue.md), applied on every init so a later init repairs them.
 * Submitters insert jobs (only the columns a job is made of) and read their own jobs and
 * results; workers claim, renew and end jobs and keep their registry; neither can change the
 * schema or the settings. The table owner (who ran init) bypasses row-level security. */
static const char GRANTS[] =
    "REVOKE ALL ON g16k_schema, g16k_settings, g16k_jobs, g16k_job_inputs, g16k_job_results,"
    " g16k_workers, g16k_worker_keys FROM PUBLIC;"
    "GRANT SELECT ON g16k_schema, g16k_settings TO g16k_submitter, g16k_worker;"
    "GRANT SELECT, INSERT (priority, label, key_digest, key_hint, n_vars, witness_bytes)"
    " ON g16k_jobs TO g16k_submitter;"
    "GRANT USAGE ON SEQUENCE g16k_jobs_id_seq TO g16k_submitter;"
    "GRANT INSERT ON g16k_job_inputs TO g16k_submitter;"
    "GRANT SELECT ON g16k_job_results TO g16k_submitter;"
    "GRANT SELECT, UPDATE (state, attempts, worker, lease_until, available_at, claimed_at,"
    " finished_at, timings, error_code, error) ON g16k_jobs TO g16k_worker;"
    "GRANT SELECT, DELETE ON g16k_job_inputs TO g16k_worker;"
    "GRANT INSERT ON g16k_job_results TO g16k_worker;"
    "GRANT SELECT, INSERT, UPDATE, DELETE ON g16k_workers, g16k_worker_keys TO g16k_worker;"
    "DROP POLICY IF EXISTS g16k_submitter_own ON g16k_jobs;"
    "CREATE POLICY g16k_submitter_own ON g16k_jobs TO g16k_submitter"
    " USING (submitter = session_user) WITH CHECK (submitter = session_user);"
    "DROP POLICY IF EXISTS g16k_worker_all ON g16k_jobs;"
    "CREATE POLICY g16k_worker_all ON g16k_jobs TO g16k_worker USING (true) WITH CHECK (true);"
    "DROP POLICY IF EXISTS g16k_submitter_own ON g16k_job_inputs;"
    "CREATE POLICY g16k_submitter_own ON g16k_job_inputs TO g16k_submitter"
    " USING (EXISTS (SELECT 1 FROM g16k_jobs j WHERE j.id = job_id))"
    " WITH CHECK (EXISTS (SELECT 1 FROM g16k_jobs j WHERE j.id = job_id AND j.state = 'queued'));"
    "DROP POLICY IF EXISTS g16k_worker_all ON g16k_job_inputs;"
    "CREATE POLICY g16k_worker_all ON g16k_job_inputs TO g16k_worker USING (true);"
    "DROP POLICY IF EXISTS g16k_submitter_own ON g16k_job_results;"
    "CREATE POLICY g16k_submitter_own ON g16k_job_results TO g16k_submitter"
    " USING (EXISTS (SELECT 1 FROM g16k_jobs j WHERE j.id = job_id));"
    "DROP POLICY IF EXISTS g16k_worker_all ON g16k_job_results;"
    "CREATE POLICY g16k_worker_all ON g16k_job_results TO g16k_worker USING (true)"
    " WITH CHECK (true);";

/* ---- errors and statements ---- */

static int is_transient(const char *state)
{
    static const char *const codes[] = {
        "57P01", "57P02", "57P03", /* admin / crash shutdown, cannot connect now */
        "40001", "40P01",          /* serialization failure, deadlock */
        "53300", "55P03",          /* too many connections, lock not available */
        "57014",                   /* statement timeout (or a cancel) */
    };
    if (!state)
        return 0;
    if (strncmp(state, "08", 2) == 0) /* connection exception */
        return 1;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(state, codes[i]) == 0)
            return 1;
    return 0;
}

/* One line from libpq's message (which may hold several, with DETAIL/HINT). */
static void one_line(char *out, size_t cap, const char *msg)
{
    size_t n = 0;
    if (!msg)
        msg = "";
    if (strncmp(msg, "ERROR:  ", 8) == 0)
        msg += 8;
    while (msg[n] && msg[n] != '\n' && n + 1 < cap) {
        out[n] = msg[n];
        n++;
    }
    out[n] = '\0';
}

/* Map a failed statement (r may be NULL) onto a queue_status with a message; clears r. */
static int pg_fail(queue *q, PGresult *r, const char *what)
{
    char line[512];
    const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    int rc = QUEUE_EDB;
    one_line(line, sizeof line,
             r && PQresultErrorMessage(r)[0] ? PQresultErrorMessage(r) : PQerrorMessage(CONN(q)));
    /* libpq's own errors (connection lost, a write that failed) carry no SQLSTATE: only the
     * server's do */
    if (!state || PQstatus(CONN(q)) != CONNECTION_OK || is_transient(state))
        rc = QUEUE_EDOWN;
    else if (state && strcmp(state, "42P01") == 0) /* undefined table */
        rc = QUEUE_ESCHEMA;
    else if (state && strcmp(state, "54000") == 0) /* program limit: the witness trigger */
        rc = QUEUE_ETOOBIG;
    queue_err(rc, "%s: %s: %s", q->describe, what, line);
    PQclear(r);
    return rc;
}

/* Run sql with text parameters (bin[i] != 0: params[i] is binary of lens[i] bytes). Returns the
 * result when it succeeded (caller PQclear's), else NULL with the error set and *rc. */
static PGresult *run(queue *q, int *rc, const char *what, const char *sql, int n,
                     const char *const *params, const int *lens, const int *bin, int binary_out)
{
    PGresult *r = PQexecParams(CONN(q), sql, n, NULL, params, lens, bin, binary_out);
    ExecStatusType st = PQresultStatus(r);
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) {
        *rc = QUEUE_OK;
        return r;
    }
    *rc = pg_fail(q, r, what);
    return NULL;
}

/* Statements without results; QUEUE_OK or the error. Without parameters sql may hold several
 * statements (the simple query protocol). */
static int exec(queue *q, const char *what, const char *sql, int n, const char *const *params)
{
    int rc = QUEUE_OK;
    PGresult *r;
    if (n > 0) {
        PQclear(run(q, &rc, what, sql, n, params, NULL, NULL, 0));
        return rc;
    }
    r = PQexec(CONN(q), sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
        return pg_fail(q, r, what);
    PQclear(r);
    return rc;
}

static void rollback(queue *q)
{
    PQclear(PQexec(CONN(q), "ROLLBACK"));
}

static char *dup_or_null(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? NULL : strdup(PQgetvalue(r, row, col));
}

static double num_or_neg(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? -1.0 : strtod(PQgetvalue(r, row, col), NULL);
}

/* Rows changed by an UPDATE/DELETE result. */
static long affected(const PGresult *r)
{
    return strtol(PQcmdTuples((PGresult *)r), NULL, 10);
}

/* ---- connection ---- */

/* The server's notices (a WARNING as it shuts down): the error that follows says it all. */
static void drop_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

static int pg_connect(queue *q, const char *target, int create)
{
    const char *keys[] = { "dbname", "fallback_application_name", NULL };
    const char *vals[] = { target, "g16k", NULL };
    pg *p = calloc(1, sizeof *p);
    (void)create;
    if (!p)
        return queue_err(QUEUE_ENOMEM, "out of memory");
    q->impl = p;
    p->c = PQconnectdbParams(keys, vals, 1);
    if (!p->c)
        return queue_err(QUEUE_ENOMEM, "out of memory");
    if (PQstatus(p->c) != CONNECTION_OK) {
        char line[512];
        one_line(line, sizeof line, PQerrorMessage(p->c));
        if (!q->describe[0]) /* a reconnect keeps the name of the first connection */
            snprintf(q->describe, sizeof q->describe, "postgresql");
        return queue_err(QUEUE_EDOWN, "postgresql: cannot connect: %s", line);
    }
    snprintf(q->describe, sizeof q->describe, "postgresql database %s on %s%s%s (user %s)",
             PQdb(p->c), PQhost(p->c), PQport(p->c)[0] ? ":" : "", PQport(p->c), PQuser(p->c));
    PQsetNoticeProcessor(p->c, drop_notice, NULL);
    return QUEUE_OK;
}

static void pg_disconnect(queue *q)
{
    pg *p = q->impl;
    PQfinish(p->c);
    free(p);
    q->impl = NULL;
}

static int pg_schema_version(queue *q, int *version)
{
    int rc;
    PGresult *r = run(q, &rc, "schema version", "SELECT to_regclass('g16k_schema') IS NOT NULL", 0,
                      NULL, NULL, NULL, 0);
    if (!r)
        return rc;
    *version = 0;
    int exists = PQgetvalue(r, 0, 0)[0] == 't';
    PQclear(r);
    if (!exists)
        return QUEUE_OK;
    if (!(r = run(q, &rc, "schema version", "SELECT max(version) FROM g16k_schema", 0, NULL, NULL,
                  NULL, 0)))
        return rc;
    *version = PQgetisnull(r, 0, 0) ? 0 : atoi(PQgetvalue(r, 0, 0));
    PQclear(r);
    return QUEUE_OK;
}

/* 1 when the roles exist now (created here when they were missing and this user may). */
static int ensure_roles(queue *q, int *rc)
{
    PGresult *r =
        run(q, rc, "roles",
            "SELECT (SELECT count(*) FROM pg_roles WHERE rolname IN"
            " ('g16k_submitter', 'g16k_worker')),"
            " (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user)",
            0, NULL, NULL, NULL, 0);
    int have, may;
    if (!r)
        return 0;
    have = atoi(PQgetvalue(r, 0, 0));
    may = PQgetvalue(r, 0, 1)[0] == 't';
    PQclear(r);
    if (have == 2)
        return 1;
    if (!may)
        return 0;
    *rc = exec(q, "create roles",
               "DO $$ BEGIN"
               " IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'g16k_submitter') THEN"
               "  CREATE ROLE g16k_submitter NOLOGIN; END IF;"
               " IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'g16k_worker') THEN"
               "  CREATE ROLE g16k_worker NOLOGIN; END IF;"
               " END $$",
               0, NULL);
    return *rc == QUEUE_OK;
}

/* Roles and grants, inside queue_init's transaction. */
static int pg_grant_roles(queue *q, int *roles)
{
    int rc = QUEUE_OK;
    *roles = ensure_roles(q, &rc);
    if (rc == QUEUE_OK && *roles)
        rc = exec(q, "grants", GRANTS, 0, NULL);
    return rc;
}

static int pg_exec(queue *q, const char *what, const char *sql)
{
    return exec(q, what, sql, 0, NULL);
}

static int pg_settings_get(queue *q, queue_settings *out)
{
    int rc;
    PGresult *r =
        run(q, &rc, "settings", "SELECT name, value FROM g16k_settings", 0, NULL, NULL, NULL, 0);
    if (!r)
        return rc;
    out->max_witness_bytes = QUEUE_DEFAULT_MAX_WITNESS;
    out->max_attempts = QUEUE_DEFAULT_MAX_ATTEMPTS;
    for (int i = 0; i < PQntuples(r); i++)
        queue_setting_apply(out, PQgetvalue(r, i, 0), strtoll(PQgetvalue(r, i, 1), NULL, 10));
    PQclear(r);
    return QUEUE_OK;
}

/* ---- submitters ---- */

static int pg_submit(queue *q, const queue_new_job *job, int64_t *id)
{
    char prio[16], nvars[16], wbytes[24], idtxt[24];
    const char *jp[] = { prio, job->label, job->key_digest, job->key_hint, nvars, wbytes };
    const char *ip[] = { idtxt, job->witness };
    const int ilens[] = { 0, (int)job->witness_len };
    const int ibin[] = { 0, 1 };
    PGresult *r;
    int rc;

    if (job->witness_len > (size_t)QUEUE_WITNESS_CEILING)
        return queue_err(QUEUE_ETOOBIG, "witness of %zu bytes: over %lld bytes", job->witness_len,
                         QUEUE_WITNESS_CEILING);
    snprintf(prio, sizeof prio, "%d", job->priority);
    snprintf(nvars, sizeof nvars, "%u", job->n_vars);
    snprintf(wbytes, sizeof wbytes, "%zu", job->witness_len);
    if ((rc = exec(q, "submit", "BEGIN", 0, NULL)) != QUEUE_OK)
        return rc;
    r = run(q, &rc, "submit",
            "INSERT INTO g16k_jobs (priority, label, key_digest, key_hint, n_vars, witness_bytes)"
            " VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            6, jp, NULL, NULL, 0);
    if (!r)
        goto fail;
    snprintf(idtxt, sizeof idtxt, "%s", PQgetvalue(r, 0, 0));
    PQclear(r);
    r = run(q, &rc, "submit witness",
            "INSERT INTO g16k_job_inputs (job_id, witness) VALUES ($1, $2)", 2, ip, ilens, ibin, 0);
    if (!r)
        goto fail;
    PQclear(r);
    if ((rc = exec(q, "submit", "COMMIT", 0, NULL)) != QUEUE_OK)
        return rc;
    *id = strtoll(idtxt, NULL, 10);
    return QUEUE_OK;
fail:
    rollback(q);
    return rc;
}

#define JOB_COLUMNS                                                                                \
    "j.id, j.state, j.priority, j.attempts, j.key_digest, j.witness_bytes, j.key_hint, j.label,"   \
    " j.submitter, j.worker, extract(epoch FROM j.submitted_at), extract(epoch FROM "              \
    "j.claimed_at),"                                                                               \
    " extract(epoch FROM j.finished_at), j.timings, j.error_code, j.error"

static int job_row(const PGresult *r, int row, queue_job_info *j)
{
    j->id = strtoll(PQgetvalue(r, row, 0), NULL, 10);
    snprintf(j->state, sizeof j->state, "%s", PQgetvalue(r, row, 1));
    j->priority = atoi(PQgetvalue(r, row, 2));
    j->attempts = atoi(PQgetvalue(r, row, 3));
    snprintf(j->key_digest, sizeof j->key_digest, "%s", PQgetvalue(r, row, 4));
    j->witness_bytes = strtoll(PQgetvalue(r, row, 5), NULL, 10);
    j->key_hint = dup_or_null(r, row, 6);
    j->label = dup_or_null(r, row, 7);
    j->submitter = dup_or_null(r, row, 8);
    j->worker = dup_or_null(r, row, 9);
    j->submitted_at = num_or_neg(r, row, 10);
    j->claimed_at = num_or_neg(r, row, 11);
    j->finished_at = num_or_neg(r, row, 12);
    j->timings = dup_or_null(r, row, 13);
    j->error_code = dup_or_null(r, row, 14);
    j->error = dup_or_null(r, row, 15);
    return QUEUE_OK;
}

static int pg_job_get(queue *q, int64_t id, queue_job_info *out, char **proof, char **pub)
{
    char idtxt[24];
    const char *params[] = { idtxt };
    PGresult *r;
    int rc;
    snprintf(idtxt, sizeof idtxt, "%" PRId64, id);
    r = run(q, &rc, "job",
            "SELECT " JOB_COLUMNS ", res.proof, res.public FROM g16k_jobs j"
            " LEFT JOIN g16k_job_results res ON res.job_id = j.id WHERE j.id = $1",
            1, params, NULL, NULL, 0);
    if (!r)
        return rc;
    if (PQntuples(r) == 0) {
        PQclear(r);
        return queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": no such job in %s", id, q->describe);
    }
    job_row(r, 0, out);
    if (proof)
        *proof = dup_or_null(r, 0, 16);
    if (pub)
        *pub = dup_or_null(r, 0, 17);
    PQclear(r);
    return QUEUE_OK;
}

/* Rows come one by one (single-row mode): a long history is never held in memory at once. */
static int pg_list(queue *q, const char *state, queue_list_fn fn, void *user)
{
    const char *params[] = { state };
    PGresult *r;
    int rc = QUEUE_OK, stop = 0;
    if (!PQsendQueryParams(CONN(q),
                           state ? "SELECT " JOB_COLUMNS " FROM g16k_jobs j"
                                   " WHERE j.state = $1 ORDER BY j.id"
                                 : "SELECT " JOB_COLUMNS " FROM g16k_jobs j ORDER BY j.id",
                           state ? 1 : 0, NULL, params, NULL, NULL, 0) ||
        !PQsetSingleRowMode(CONN(q)))
        return pg_fail(q, NULL, "jobs");
    while ((r = PQgetResult(CONN(q)))) {
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_SINGLE_TUPLE && !stop && rc == QUEUE_OK) {
            queue_job_info j;
            memset(&j, 0, sizeof j);
            job_row(r, 0, &j);
            stop = fn(user, &j);
            queue_job_info_cleanup(&j);
        } else if (st != PGRES_TUPLES_OK && st != PGRES_SINGLE_TUPLE && rc == QUEUE_OK) {
            rc = pg_fail(q, r, "jobs");
            continue;
        }
        PQclear(r);
    }
    return rc != QUEUE_OK ? rc : stop;
}

/* ---- wake-ups ---- */

static int drain_notifies(queue *q)
{
    PGnotify *n;
    int got = 0;
    while ((n = PQnotifies(CONN(q)))) {
        got = 1;
        PQfreemem(n);
    }
    return got;
}

static int pg_wait(queue *q, int what, int timeout_ms, int stop_fd)
{
    pg *p = q->impl;
    struct pollfd fds[2];
    int rc;
    if ((what & QUEUE_WAKE_JOBS) && !(p->listening & QUEUE_WAKE_JOBS)) {
        if ((rc = exec(q, "listen", "LISTEN g16k_jobs", 0, NULL)) != QUEUE_OK)
            return rc;
        p->listening |= QUEUE_WAKE_JOBS;
        return QUEUE_OK; /* something may have happened before we listened: look */
    }
    if ((what & QUEUE_WAKE_DONE) && !(p->listening & QUEUE_WAKE_DONE)) {
        if ((rc = exec(q, "listen", "LISTEN g16k_done", 0, NULL)) != QUEUE_OK)
            return rc;
        p->listening |= QUEUE_WAKE_DONE;
        return QUEUE_OK;
    }
    if (!PQconsumeInput(p->c))
        return pg_fail(q, NULL, "wait");
    if (drain_notifies(q))
        return QUEUE_OK;
    fds[0].fd = PQsocket(p->c);
    fds[0].events = POLLIN;
    fds[1].fd = stop_fd;
    fds[1].events = POLLIN;
    if (poll(fds, stop_fd >= 0 ? 2 : 1, timeout_ms) > 0 &&
        (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
        if (!PQconsumeInput(p->c))
            return pg_fail(q, NULL, "wait");
        drain_notifies(q);
    }
    return QUEUE_OK;
}

/* ---- workers ---- */

static int pg_worker_register(queue *q, const queue_worker *w,
                              const char (*digests)[QUEUE_DIGEST_HEX], size_t n)
{
    char lease[16];
    char *arr = malloc(n * QUEUE_DIGEST_HEX + 3);
    const char *params[] = { w->name, lease, arr };
    size_t o = 0;
    int rc;
    if (!arr)
        return queue_err(QUEUE_ENOMEM, "out of memory");
    arr[o++] = '{';
    for (size_t i = 0; i < n; i++) {
        if (i)
            arr[o++] = ',';
        memcpy(arr + o, digests[i], QUEUE_DIGEST_HEX - 1);
        o += QUEUE_DIGEST_HEX - 1;
    }
    arr[o++] = '}';
    arr[o] = '\0';
    snprintf(lease, sizeof lease, "%d", w->lease_ms);
    if ((rc = exec(q, "register worker", "BEGIN", 0, NULL)) != QUEUE_OK)
        goto out;
    /* workers silent for ten leases are gone (killed): drop them and the keys they held */
    if ((rc = exec(q, "register worker",
                   "DELETE FROM g16k_workers"
                   " WHERE heartbeat < now() - 10 * lease_ms * interval '1 millisecond'",
                   0, NULL)) != QUEUE_OK ||
        (rc = exec(
             q, "register worker",
             "INSERT INTO g16k_workers (name, lease_ms) VALUES ($1, $2)"
             " ON CONFLICT (name) DO UPDATE SET lease_ms = EXCLUDED.lease_ms, heartbeat = now()",
             2, params)) != QUEUE_OK ||
        (rc = exec(q, "register worker", "DELETE FROM g16k_worker_keys WHERE worker = $1", 1,
                   params)) != QUEUE_OK ||
        (rc = exec(q, "register worker",
                   "INSERT INTO g16k_worker_keys (worker, key_digest)"
                   " SELECT $1, d FROM unnest($2::text[]) d",
                   2, (const char *const[]){ w->name, arr })) != QUEUE_OK) {
        rollback(q);
        goto out;
    }
    rc = exec(q, "register worker", "COMMIT", 0, NULL);
out:
    free(arr);
    return rc;
}

static int pg_worker_heartbeat(queue *q, const queue_worker *w)
{
    const char *params[] = { w->name };
    int rc;
    PGresult *r =
        run(q, &rc, "heartbeat", "UPDATE g16k_workers SET heartbeat = now() WHERE name = $1", 1,
            params, NULL, NULL, 0);
    if (!r)
        return rc;
    rc = affected(r) == 1 ? QUEUE_OK
                          : queue_err(QUEUE_ENOTFOUND, "worker %s is not registered", w->name);
    PQclear(r);
    return rc;
}

static int pg_worker_unregister(queue *q, const queue_worker *w)
{
    const char *params[] = { w->name };
    return exec(q, "unregister worker", "DELETE FROM g16k_workers WHERE name = $1", 1, params);
}

/* Claims. A worker may take a job whose key it registered, or whose key no live worker holds
 * (to fail it); $1 is the worker, $2 its lease in ms. */
#define KEY_CLAIMABLE                                                                              \
    " (EXISTS (SELECT 1 FROM g16k_worker_keys k WHERE k.worker = $1"                               \
    "          AND k.key_digest = c.key_digest)"                                                   \
    "  OR NOT EXISTS (SELECT 1 FROM g16k_worker_keys k JOIN g16k_workers w ON w.name = k.worker"   \
    "          WHERE k.key_digest = c.key_digest"                                                  \
    "          AND w.heartbeat > now() - 3 * w.lease_ms * interval '1 millisecond'))"
#define MAX_ATTEMPTS "m AS (SELECT value AS max FROM g16k_settings WHERE name = 'max_attempts')"
#define CLAIM_PICKED                                                                               \
    " UPDATE g16k_jobs j SET state = 'running', worker = $1, attempts = j.attempts + 1,"           \
    "  lease_until = now() + $2::float8 * interval '1 millisecond', claimed_at = now()"            \
    " FROM pick, m WHERE j.id = pick.id"                                                           \
    " RETURNING j.id, j.attempts, j.key_digest, j.key_hint, j.label, j.witness_bytes, j.n_vars,"   \
    "  EXISTS (SELECT 1 FROM g16k_worker_keys k WHERE k.worker = $1 AND k.key_digest = "           \
    "j.key_digest),"                                                                               \
    "  m.max"

/* First: fail the jobs whose lease expired on their last attempt (dropping their witness), and
 * take back one whose lease expired before (it was claimed first: it goes first). Both walk the
 * index of running jobs and touch disjoint rows (attempts >= max and < max). */
static const char CLAIM_EXPIRED_SQL[] =
    "WITH " MAX_ATTEMPTS ","
    " reaped AS (UPDATE g16k_jobs j SET state = 'failed', finished_at = now(), lease_until = NULL,"
    "   error_code = 'G16K_EINTERNAL',"
    "   error = 'the lease of worker ' || j.worker || ' expired on attempt ' || j.attempts"
    "     || ' of ' || m.max || ' (the worker died, hung or lost the database)'"
    "  FROM m WHERE j.id IN (SELECT c.id FROM g16k_jobs c, m WHERE c.state = 'running'"
    "   AND c.lease_until < now() AND c.attempts >= m.max FOR UPDATE OF c SKIP LOCKED)"
    "  RETURNING j.id),"
    " dropped AS (DELETE FROM g16k_job_inputs WHERE job_id IN (SELECT id FROM reaped)),"
    " pick AS (SELECT c.id FROM g16k_jobs c, m WHERE c.state = 'running' AND c.lease_until < now()"
    "  AND c.attempts < m.max AND" KEY_CLAIMABLE
    "  ORDER BY c.lease_until LIMIT 1 FOR UPDATE OF c SKIP LOCKED)" CLAIM_PICKED;
/* Then the best queued job: a walk of the queued jobs' index in (priority, id) order that stops
 * at the first one this worker may take. One statement with an OR over both states scanned and
 * sorted them all: 38 claims a second with 10 000 jobs queued (180 with 1 000); split, 170 at
 * 10 000 (bench_queue_claims, 4 threads, fsync on). */
static const char CLAIM_QUEUED_SQL[] =
    "WITH " MAX_ATTEMPTS ","
    " pick AS (SELECT c.id FROM g16k_jobs c WHERE c.state = 'queued' AND c.available_at <= now()"
    "  AND" KEY_CLAIMABLE
    "  ORDER BY c.priority DESC, c.id LIMIT 1 FOR UPDATE OF c SKIP LOCKED)" CLAIM_PICKED;

static int pg_claim(queue *q, const queue_worker *w, queue_claim *out)
{
    char lease[16];
    const char *params[] = { w->name, lease };
    PGresult *r;
    int rc;
    snprintf(lease, sizeof lease, "%d", w->lease_ms);
    if (!(r = run(q, &rc, "claim", CLAIM_EXPIRED_SQL, 2, params, NULL, NULL, 0)))
        return rc;
    if (PQntuples(r) == 0) {
        PQclear(r);
        if (!(r = run(q, &rc, "claim", CLAIM_QUEUED_SQL, 2, params, NULL, NULL, 0)))
            return rc;
    }
    if (PQntuples(r) == 0) {
        PQclear(r);
        return queue_err(QUEUE_ENOTFOUND, "no job to claim");
    }
    out->id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
    out->attempt = atoi(PQgetvalue(r, 0, 1));
    snprintf(out->key_digest, sizeof out->key_digest, "%s", PQgetvalue(r, 0, 2));
    out->key_hint = dup_or_null(r, 0, 3);
    out->label = dup_or_null(r, 0, 4);
    out->witness_bytes = strtoll(PQgetvalue(r, 0, 5), NULL, 10);
    out->n_vars = (uint32_t)strtoul(PQgetvalue(r, 0, 6), NULL, 10);
    out->key_held = PQgetvalue(r, 0, 7)[0] == 't';
    out->max_attempts = atoi(PQgetvalue(r, 0, 8));
    PQclear(r);
    return QUEUE_OK;
}

static int pg_fetch_witness(queue *q, const queue_claim *c, void **data, size_t *len)
{
    char idtxt[24];
    const char *params[] = { idtxt };
    PGresult *r;
    int rc;
    snprintf(idtxt, sizeof idtxt, "%" PRId64, c->id);
    if (!(r = run(q, &rc, "witness", "SELECT witness FROM g16k_job_inputs WHERE job_id = $1", 1,
                  params, NULL, NULL, 1)))
        return rc;
    if (PQntuples(r) == 0) {
        PQclear(r);
        return queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": no witness stored", c->id);
    }
    *len = (size_t)PQgetlength(r, 0, 0);
    if (!(*data = malloc(*len ? *len : 1))) {
        PQclear(r);
        return queue_err(QUEUE_ENOMEM, "job %" PRId64 ": out of memory for a %zu-byte witness",
                         c->id, *len);
    }
    memcpy(*data, PQgetvalue(r, 0, 0), *len);
    PQclear(r);
    return QUEUE_OK;
}

/* The lease check every write of a claimed job repeats ($1 id, $2 worker, $3 attempt). */
#define LEASE_HELD                                                                                 \
    " j.id = $1 AND j.worker = $2 AND j.attempts = $3 AND j.state = 'running'"                     \
    " AND j.lease_until >= now()"

static int pg_renew(queue *q, const queue_worker *w, const queue_claim *c)
{
    char idtxt[24], att[16], lease[16];
    const char *params[] = { idtxt, w->name, att, lease };
    PGresult *r;
    int rc;
    snprintf(idtxt, sizeof idtxt, "%" PRId64, c->id);
    snprintf(att, sizeof att, "%d", c->attempt);
    snprintf(lease, sizeof lease, "%d", w->lease_ms);
    if (!(r = run(q, &rc, "renew",
                  "UPDATE g16k_jobs j SET lease_until = now() + $4::float8 * interval"
                  " '1 millisecond' WHERE" LEASE_HELD,
                  4, params, NULL, NULL, 0)))
        return rc;
    rc = affected(r) == 1 ? QUEUE_OK
                          : queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": " QUEUE_LEASE_LOST, c->id);
    PQclear(r);
    return rc;
}

static int pg_end(queue *q, const queue_worker *w, const queue_claim *c, const queue_end *e)
{
    char idtxt[24], att[16], retry[16];
    const char *params[8] = { idtxt, w->name, att };
    const char *sql;
    int n = 3;
    PGresult *r;
    int rc;
    snprintf(idtxt, sizeof idtxt, "%" PRId64, c->id);
    snprintf(att, sizeof att, "%d", c->attempt);
    switch (e->kind) {
    case QUEUE_END_DONE:
        sql = "WITH d AS (UPDATE g16k_jobs j SET state = 'done', finished_at = now(),"
              "  lease_until = NULL, timings = $6, error_code = NULL, error = NULL"
              "  WHERE" LEASE_HELD " RETURNING j.id),"
              " r AS (INSERT INTO g16k_job_results (job_id, proof, public)"
              "  SELECT id, $4, $5 FROM d),"
              " x AS (DELETE FROM g16k_job_inputs WHERE job_id IN (SELECT id FROM d))"
              " SELECT count(*) FROM d";
        params[n++] = e->proof;
        params[n++] = e->pub;
        params[n++] = e->timings;
        break;
    case QUEUE_END_FAILED:
        sql = "WITH d AS (UPDATE g16k_jobs j SET state = 'failed', finished_at = now(),"
              "  lease_until = NULL, error_code = $4, error = $5, timings = $6"
              "  WHERE" LEASE_HELD " RETURNING j.id),"
              " x AS (DELETE FROM g16k_job_inputs WHERE job_id IN (SELECT id FROM d))"
              " SELECT count(*) FROM d";
        params[n++] = e->error_code;
        params[n++] = e->error;
        params[n++] = e->timings;
        break;
    case QUEUE_END_RETRY:
        /* the last allowed attempt fails the job for good */
        sql = "WITH m AS (SELECT value AS max FROM g16k_settings WHERE name = 'max_attempts'),"
              " d AS (UPDATE g16k_jobs j SET"
              "  state = CASE WHEN j.attempts >= m.max THEN 'failed' ELSE 'queued' END,"
              "  finished_at = CASE WHEN j.attempts >= m.max THEN now() END,"
              "  available_at = now() + $7::float8 * interval '1 millisecond', lease_until = NULL,"
              "  error_code = $4, timings = $6,"
              "  error = CASE WHEN j.attempts >= m.max"
              "   THEN $5 || ' (attempt ' || j.attempts || ' of ' || m.max || ')' ELSE $5 END"
              "  FROM m WHERE" LEASE_HELD " RETURNING j.id, j.state),"
              " x AS (DELETE FROM g16k_job_inputs"
              "  WHERE job_id IN (SELECT id FROM d WHERE state = 'failed'))"
              " SELECT count(*) FROM d";
        snprintf(retry, sizeof retry, "%d", e->retry_ms);
        params[n++] = e->error_code;
        params[n++] = e->error;
        params[n++] = e->timings;
        params[n++] = retry;
        break;
    case QUEUE_END_RELEASE:
    default:
        sql = "WITH d AS (UPDATE g16k_jobs j SET state = 'queued', attempts = j.attempts - 1,"
              "  lease_until = NULL, claimed_at = NULL WHERE" LEASE_HELD " RETURNING j.id)"
              " SELECT count(*) FROM d";
        break;
    }
    if (!(r = run(q, &rc, "end job", sql, n, params, NULL, NULL, 0)))
        return rc;
    rc = atoi(PQgetvalue(r, 0, 0)) == 1
             ? QUEUE_OK
             : queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": " QUEUE_LEASE_LOST, c->id);
    PQclear(r);
    return rc;
}

const queue_ops queue_pg_ops = {
    .name = "postgresql",
    .connect = pg_connect,
    .disconnect = pg_disconnect,
    .schema_version = pg_schema_version,
    .exec = pg_exec,
    /* concurrent inits wait for each other here (the lock goes with the transaction) */
    .init_begin = "BEGIN; SELECT pg_advisory_xact_lock(hashtext('g16k queue init'))",
    .migrations = MIGRATIONS,
    .grant_roles = pg_grant_roles,
    .settings_get = pg_settings_get,
    .submit = pg_submit,
    .job_get = pg_job_get,
    .list = pg_list,
    .wait = pg_wait,
    .worker_register = pg_worker_register,
    .worker_heartbeat = pg_worker_heartbeat,
    .worker_unregister = pg_worker_unregister,
    .claim = pg_claim,
    .fetch_witness = pg_fetch_witness,
    .renew = pg_renew,
    .end = pg_end,
};
