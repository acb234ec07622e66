/*
 * SQLite backend of the queue (sqlite:PATH): workers and submitters on one machine share a
 * database file, no server. The file is in WAL mode (readers never wait for the writer) with
 * synchronous = FULL (a committed job survives a power cut) and a busy timeout; every write is a
 * short BEGIN IMMEDIATE transaction, so two writers never deadlock on a lock upgrade. Times are
 * milliseconds of the machine's clock (one machine: one clock). Wake-ups: PRAGMA data_version
 * changes when another connection commits; waiters poll it every few milliseconds (a read of
 * shared memory, no I/O). Leases, lease checks and states as in pg.c; without a server there
 * are no roles: the file is created mode 0600 and its folder's permissions decide who may use it.
 * Errors: SQLITE_BUSY / SQLITE_LOCKED after the timeout -> QUEUE_EDOWN, anything else QUEUE_EDB.
 */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#define BUSY_TIMEOUT_MS 10000
#define POLL_MS 5 /* data_version polling while waiting */

typedef struct lite {
    sqlite3 *db;
    int64_t data_version; /* last seen by wait() */
} lite;

#define DB(q) (((lite *)(q)->impl)->db)

static const char SCHEMA_V1[] =
    "CREATE TABLE g16k_settings (name TEXT PRIMARY KEY, value INTEGER NOT NULL);"
    "CREATE TABLE g16k_jobs ("
    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','failed')),"
    " priority INTEGER NOT NULL DEFAULT 0,"
    " label TEXT,"
    " key_digest TEXT NOT NULL CHECK (length(key_digest) = 64 AND key_digest NOT GLOB "
    "'*[^0-9a-f]*'),"
    " key_hint TEXT,"
    " n_vars INTEGER NOT NULL CHECK (n_vars > 0),"
    " witness_bytes INTEGER NOT NULL CHECK (witness_bytes > 0),"
    " submitter TEXT,"
    " attempts INTEGER NOT NULL DEFAULT 0,"
    " worker TEXT,"
    " lease_until INTEGER," /* ms since the epoch, as every time here */
    " available_at INTEGER NOT NULL,"
    " submitted_at INTEGER NOT NULL,"
    " claimed_at INTEGER,"
    " finished_at INTEGER,"
    " timings TEXT,"
    " error_code TEXT,"
    " error TEXT);"
    "CREATE INDEX g16k_jobs_queued ON g16k_jobs (priority DESC, id) WHERE state = 'queued';"
    "CREATE INDEX g16k_jobs_running ON g16k_jobs (lease_until) WHERE state = 'running';"
    "CREATE TABLE g16k_job_inputs ("
    " job_id INTEGER PRIMARY KEY REFERENCES g16k_jobs (id) ON DELETE CASCADE,"
    " witness BLOB NOT NULL);"
    "CREATE TABLE g16k_job_results ("
    " job_id INTEGER PRIMARY KEY REFERENCES g16k_jobs (id) ON DELETE CASCADE,"
    " proof TEXT NOT NULL,"
    " public TEXT NOT NULL);"
    "CREATE TABLE g16k_workers ("
    " name TEXT PRIMARY KEY,"
    " lease_ms INTEGER NOT NULL,"
    " started_at INTEGER NOT NULL,"
    " heartbeat INTEGER NOT NULL);"
    "CREATE TABLE g16k_worker_keys ("
    " worker TEXT NOT NULL REFERENCES g16k_workers (name) ON DELETE CASCADE,"
    " key_digest TEXT NOT NULL,"
    " PRIMARY KEY (key_digest, worker));"
    /* the limit holds for any insert, not only g16k submit's */
    "CREATE TRIGGER g16k_witness_limit BEFORE INSERT ON g16k_job_inputs"
    " WHEN length(NEW.witness) > (SELECT value FROM g16k_settings WHERE name = 'max_witness_bytes')"
    " BEGIN SELECT RAISE(ABORT, 'witness over this queue''s max_witness_bytes'); END;"
    /* a job that ended needs its witness no more (it is the prover's secret) */
    "CREATE TRIGGER g16k_jobs_ended AFTER UPDATE OF state ON g16k_jobs"
    " WHEN NEW.state IN ('done', 'failed')"
    " BEGIN DELETE FROM g16k_job_inputs WHERE job_id = NEW.id; END;";

static const char *const MIGRATIONS[QUEUE_SCHEMA_VERSION] = { SCHEMA_V1 };

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Map a failed SQLite call onto a queue_status with a message. */
static int lite_fail(queue *q, int code, const char *what)
{
    int rc = QUEUE_EDB;
    int prim = code & 0xff;
    if (prim == SQLITE_BUSY || prim == SQLITE_LOCKED)
        rc = QUEUE_EDOWN;
    else if (code == SQLITE_CONSTRAINT_TRIGGER || prim == SQLITE_TOOBIG)
        rc = QUEUE_ETOOBIG;
    else if (strncmp(sqlite3_errmsg(DB(q)), "no such table", 13) == 0)
        rc = QUEUE_ESCHEMA;
    return queue_err(rc, "%s: %s: %s", q->describe, what, sqlite3_errmsg(DB(q)));
}

/* Prepare sql and bind its parameters ?1.. from types: 't' text (NULL binds NULL), 'i' int64,
 * 'b' blob (pointer, then size_t length). */
static int prep(queue *q, sqlite3_stmt **st, const char *what, const char *sql, const char *types,
                ...)
{
    va_list ap;
    int rc = sqlite3_prepare_v2(DB(q), sql, -1, st, NULL);
    if (rc != SQLITE_OK)
        return lite_fail(q, rc, what);
    va_start(ap, types);
    for (int i = 0; types[i] && rc == SQLITE_OK; i++) {
        if (types[i] == 't') {
            const char *s = va_arg(ap, const char *);
            rc = s ? sqlite3_bind_text(*st, i + 1, s, -1, SQLITE_STATIC)
                   : sqlite3_bind_null(*st, i + 1);
        } else if (types[i] == 'i') {
            rc = sqlite3_bind_int64(*st, i + 1, va_arg(ap, int64_t));
        } else {
            const void *p = va_arg(ap, const void *);
            rc = sqlite3_bind_blob64(*st, i + 1, p, va_arg(ap, size_t), SQLITE_STATIC);
        }
    }
    va_end(ap);
    if (rc != SQLITE_OK) {
        int r = lite_fail(q, rc, what);
        sqlite3_finalize(*st);
        *st = NULL;
        return r;
    }
    return QUEUE_OK;
}

/* Step a prepared statement to its end; *changes (may be NULL) = rows it changed. */
static int finish(queue *q, sqlite3_stmt *st, const char *what, int *changes)
{
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return lite_fail(q, rc, what);
    if (changes)
        *changes = sqlite3_changes(DB(q));
    return QUEUE_OK;
}

static int exec(queue *q, const char *what, const char *sql)
{
    int rc = sqlite3_exec(DB(q), sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? QUEUE_OK : lite_fail(q, rc, what);
}

static void rollback(queue *q)
{
    sqlite3_exec(DB(q), "ROLLBACK", NULL, NULL, NULL);
}

static char *col_dup(sqlite3_stmt *st, int col)
{
    const unsigned char *s = sqlite3_column_text(st, col);
    return sqlite3_column_type(st, col) == SQLITE_NULL || !s ? NULL : strdup((const char *)s);
}

static double col_seconds(sqlite3_stmt *st, int col)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? -1.0
                                                       : sqlite3_column_int64(st, col) / 1000.0;
}

/* ---- connection ---- */

static int lite_connect(queue *q, const char *path, int create)
{
    lite *l = calloc(1, sizeof *l);
    int rc;
    if (!l)
        return queue_err(QUEUE_ENOMEM, "out of memory");
    q->impl = l;
    snprintf(q->describe, sizeof q->describe, "sqlite %s", path);
    if (create) {
        /* witnesses are secrets: the file (and so its -wal and -shm) is the owner's only */
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0)
            return queue_err(QUEUE_EDB, "%s: cannot create: %s", q->describe, strerror(errno));
        close(fd);
    }
    rc = sqlite3_open_v2(path, &l->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        if ((rc & 0xff) == SQLITE_CANTOPEN)
            return queue_err(QUEUE_ESCHEMA,
                             "%s: cannot open it (no queue there? run `g16k queue "
                             "init` first)",
                             q->describe);
        return lite_fail(q, rc, "open");
    }
    sqlite3_busy_timeout(l->db, BUSY_TIMEOUT_MS);
    sqlite3_extended_result_codes(l->db, 1);
    if ((rc = exec(q, "open",
                   "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;"
                   "PRAGMA journal_mode = WAL")) != QUEUE_OK)
        return rc;
    return QUEUE_OK;
}

static void lite_disconnect(queue *q)
{
    lite *l = q->impl;
    sqlite3_close_v2(l->db);
    free(l);
    q->impl = NULL;
}

static int lite_schema_version(queue *q, int *version)
{
    sqlite3_stmt *st;
    int rc = prep(q, &st, "schema version",
                  "SELECT CASE WHEN EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'g16k_schema')"
                  " THEN 1 ELSE 0 END",
                  "");
    if (rc != QUEUE_OK)
        return rc;
    rc = sqlite3_step(st);
    *version = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW)
        return lite_fail(q, rc, "schema version");
    if (*version == 0)
        return QUEUE_OK;
    if ((rc = prep(q, &st, "schema version", "SELECT max(version) FROM g16k_schema", "")) !=
        QUEUE_OK)
        return rc;
    rc = sqlite3_step(st);
    *version = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? QUEUE_OK : lite_fail(q, rc, "schema version");
}

static int lite_exec(queue *q, const char *what, const char *sql)
{
    return exec(q, what, sql);
}

static int lite_settings_get(queue *q, queue_settings *out)
{
    sqlite3_stmt *st;
    int rc = prep(q, &st, "settings", "SELECT name, value FROM g16k_settings", "");
    if (rc != QUEUE_OK)
        return rc;
    out->max_witness_bytes = QUEUE_DEFAULT_MAX_WITNESS;
    out->max_attempts = QUEUE_DEFAULT_MAX_ATTEMPTS;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        if (name)
            queue_setting_apply(out, name, sqlite3_column_int64(st, 1));
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? QUEUE_OK : lite_fail(q, rc, "settings");
}

/* ---- submitters ---- */

static int lite_submit(queue *q, const queue_new_job *job, int64_t *id)
{
    sqlite3_stmt *st;
    int64_t t = now_ms();
    int rc;
    if ((rc = exec(q, "submit", "BEGIN IMMEDIATE")) != QUEUE_OK)
        return rc;
    if ((rc = prep(
             q, &st, "submit",
             "INSERT INTO g16k_jobs (priority, label, key_digest, key_hint, n_vars,"
             " witness_bytes, available_at, submitted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
             "itttiii", (int64_t)job->priority, job->label, job->key_digest, job->key_hint,
             (int64_t)job->n_vars, (int64_t)job->witness_len, t)) != QUEUE_OK ||
        (rc = finish(q, st, "submit", NULL)) != QUEUE_OK)
        goto fail;
    *id = sqlite3_last_insert_rowid(DB(q));
    if ((rc = prep(q, &st, "submit witness",
                   "INSERT INTO g16k_job_inputs (job_id, witness) VALUES (?1, ?2)", "ib", *id,
                   job->witness, job->witness_len)) != QUEUE_OK ||
        (rc = finish(q, st, "submit witness", NULL)) != QUEUE_OK)
        goto fail;
    return exec(q, "submit", "COMMIT");
fail:
    rollback(q);
    return rc;
}

#define JOB_COLUMNS                                                                                \
    "j.id, j.state, j.priority, j.attempts, j.key_digest, j.witness_bytes, j.key_hint, j.label,"   \
    " j.submitter, j.worker, j.submitted_at, j.claimed_at, j.finished_at, j.timings,"              \
    " j.error_code, j.error"

static void job_row(sqlite3_stmt *st, queue_job_info *j)
{
    const unsigned char *s;
    j->id = sqlite3_column_int64(st, 0);
    s = sqlite3_column_text(st, 1);
    snprintf(j->state, sizeof j->state, "%s", s ? (const char *)s : "");
    j->priority = sqlite3_column_int(st, 2);
    j->attempts = sqlite3_column_int(st, 3);
    s = sqlite3_column_text(st, 4);
    snprintf(j->key_digest, sizeof j->key_digest, "%s", s ? (const char *)s : "");
    j->witness_bytes = sqlite3_column_int64(st, 5);
    j->key_hint = col_dup(st, 6);
    j->label = col_dup(st, 7);
    j->submitter = col_dup(st, 8);
    j->worker = col_dup(st, 9);
    j->submitted_at = col_seconds(st, 10);
    j->claimed_at = col_seconds(st, 11);
    j->finished_at = col_seconds(st, 12);
    j->timings = col_dup(st, 13);
    j->error_code = col_dup(st, 14);
    j->error = col_dup(st, 15);
}

static int lite_job_get(queue *q, int64_t id, queue_job_info *out, char **proof, char **pub)
{
    sqlite3_stmt *st;
    int rc = prep(q, &st, "job",
                  "SELECT " JOB_COLUMNS ", r.proof, r.public FROM g16k_jobs j"
                  " LEFT JOIN g16k_job_results r ON r.job_id = j.id WHERE j.id = ?1",
                  "i", id);
    if (rc != QUEUE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        job_row(st, out);
        if (proof)
            *proof = col_dup(st, 16);
        if (pub)
            *pub = col_dup(st, 17);
        rc = QUEUE_OK;
    } else if (rc == SQLITE_DONE) {
        rc = queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": no such job in %s", id, q->describe);
    } else {
        rc = lite_fail(q, rc, "job");
    }
    sqlite3_finalize(st);
    return rc;
}

static int lite_list(queue *q, const char *state, queue_list_fn fn, void *user)
{
    sqlite3_stmt *st;
    int rc = prep(q, &st, "jobs",
                  state ? "SELECT " JOB_COLUMNS " FROM g16k_jobs j WHERE j.state = ?1"
                          " ORDER BY j.id"
                        : "SELECT " JOB_COLUMNS " FROM g16k_jobs j ORDER BY j.id",
                  state ? "t" : "", state);
    int stop = 0;
    if (rc != QUEUE_OK)
        return rc;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        queue_job_info j;
        memset(&j, 0, sizeof j);
        job_row(st, &j);
        stop = fn(user, &j);
        queue_job_info_cleanup(&j);
    }
    sqlite3_finalize(st);
    if (!stop && rc != SQLITE_DONE)
        return lite_fail(q, rc, "jobs");
    return stop;
}

static int data_version(queue *q, int64_t *v)
{
    sqlite3_stmt *st;
    int rc = prep(q, &st, "wait", "PRAGMA data_version", "");
    if (rc != QUEUE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? QUEUE_OK : lite_fail(q, rc, "wait");
}

/* Any commit by another connection wakes us, whatever `what` asks for. */
static int lite_wait(queue *q, int what, int timeout_ms, int stop_fd)
{
    lite *l = q->impl;
    struct pollfd pfd = { .fd = stop_fd, .events = POLLIN };
    int64_t deadline = now_ms() + timeout_ms, v = 0;
    int rc;
    (void)what;
    for (;;) {
        if ((rc = data_version(q, &v)) != QUEUE_OK)
            return rc;
        if (v != l->data_version) {
            l->data_version = v;
            return QUEUE_OK;
        }
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return QUEUE_OK;
        if (poll(&pfd, stop_fd >= 0 ? 1 : 0, left < POLL_MS ? (int)left : POLL_MS) > 0)
            return QUEUE_OK;
    }
}

/* ---- workers ---- */

static int lite_worker_register(queue *q, const queue_worker *w,
                                const char (*digests)[QUEUE_DIGEST_HEX], size_t n)
{
    sqlite3_stmt *st;
    int64_t t = now_ms();
    int rc;
    if ((rc = exec(q, "register worker", "BEGIN IMMEDIATE")) != QUEUE_OK)
        return rc;
    /* workers silent for ten leases are gone (killed): drop them and the keys they held */
    if ((rc = prep(q, &st, "register worker",
                   "DELETE FROM g16k_workers WHERE heartbeat < ?1 -"
                   " 10 * lease_ms",
                   "i", t)) != QUEUE_OK ||
        (rc = finish(q, st, "register worker", NULL)) != QUEUE_OK ||
        (rc = prep(q, &st, "register worker",
                   "INSERT INTO g16k_workers VALUES (?1, ?2, ?3, ?3)"
                   " ON CONFLICT (name) DO UPDATE SET lease_ms = excluded.lease_ms,"
                   " heartbeat = excluded.heartbeat",
                   "tii", w->name, (int64_t)w->lease_ms, t)) != QUEUE_OK ||
        (rc = finish(q, st, "register worker", NULL)) != QUEUE_OK ||
        (rc = prep(q, &st, "register worker", "DELETE FROM g16k_worker_keys WHERE worker = ?1", "t",
                   w->name)) != QUEUE_OK ||
        (rc = finish(q, st, "register worker", NULL)) != QUEUE_OK)
        goto fail;
    for (size_t i = 0; i < n; i++)
        if ((rc = prep(q, &st, "register worker",
                       "INSERT OR IGNORE INTO g16k_worker_keys"
                       " VALUES (?1, ?2)",
                       "tt", w->name, digests[i])) != QUEUE_OK ||
            (rc = finish(q, st, "register worker", NULL)) != QUEUE_OK)
            goto fail;
    return exec(q, "register worker", "COMMIT");
fail:
    rollback(q);
    return rc;
}

static int lite_worker_heartbeat(queue *q, const queue_worker *w)
{
    sqlite3_stmt *st;
    int changes = 0;
    int rc = prep(q, &st, "heartbeat", "UPDATE g16k_workers SET heartbeat = ?2 WHERE name = ?1",
                  "ti", w->name, now_ms());
    if (rc != QUEUE_OK || (rc = finish(q, st, "heartbeat", &changes)) != QUEUE_OK)
        return rc;
    return changes == 1 ? QUEUE_OK
                        : queue_err(QUEUE_ENOTFOUND, "worker %s is not registered", w->name);
}

static int lite_worker_unregister(queue *q, const queue_worker *w)
{
    sqlite3_stmt *st;
    int rc =
        prep(q, &st, "unregister worker", "DELETE FROM g16k_workers WHERE name = ?1", "t", w->name);
    return rc != QUEUE_OK ? rc : finish(q, st, "unregister worker", NULL);
}

#define MAX_ATTEMPTS "(SELECT value FROM g16k_settings WHERE name = 'max_attempts')"

/* ?1 now (ms). */
static const char REAP_SQL[] =
    "UPDATE g16k_jobs SET state = 'failed', finished_at = ?1, lease_until = NULL,"
    " error_code = 'G16K_EINTERNAL',"
    " error = 'the lease of worker ' || worker || ' expired on attempt ' || attempts || ' of '"
    "  || " MAX_ATTEMPTS " || ' (the worker died, hung or lost the database)'"
    " WHERE state = 'running' AND lease_until < ?1 AND attempts >= " MAX_ATTEMPTS;
/* ?1 worker, ?2 now (ms), ?3 lease (ms). A worker may take a job whose key it registered, or
 * whose key no live worker holds (to fail it). As in pg.c: a job whose lease expired first
 * (through the running jobs' index), else the best queued one (a walk of the queued jobs' index
 * that stops at the first this worker may take). */
#define KEY_CLAIMABLE                                                                              \
    " (EXISTS (SELECT 1 FROM g16k_worker_keys k WHERE k.worker = ?1"                               \
    "          AND k.key_digest = c.key_digest)"                                                   \
    "  OR NOT EXISTS (SELECT 1 FROM g16k_worker_keys k JOIN g16k_workers w ON w.name = k.worker"   \
    "          WHERE k.key_digest = c.key_digest AND w.heartbeat > ?2 - 3 * w.lease_ms))"
#define CLAIM(pick)                                                                                \
    "UPDATE g16k_jobs SET state = 'running', worker = ?1, attempts = attempts + 1,"                \
    " lease_until = ?2 + ?3, claimed_at = ?2 WHERE id = (" pick ")"                                \
    " RETURNING id, attempts, key_digest, key_hint, label, witness_bytes, n_vars"
static const char *const CLAIM_SQL[2] = {
    CLAIM("SELECT c.id FROM g16k_jobs c WHERE c.state = 'running' AND c.lease_until < ?2"
          " AND c.attempts < " MAX_ATTEMPTS " AND" KEY_CLAIMABLE " ORDER BY c.lease_until LIMIT 1"),
    CLAIM("SELECT c.id FROM g16k_jobs c WHERE c.state = 'queued' AND c.available_at <= ?2 "
          "AND" KEY_CLAIMABLE " ORDER BY c.priority DESC, c.id LIMIT 1"),
};

static int lite_claim(queue *q, const queue_worker *w, queue_claim *out)
{
    sqlite3_stmt *st;
    int64_t t = now_ms();
    int rc, found = 0;
    if ((rc = exec(q, "claim", "BEGIN IMMEDIATE")) != QUEUE_OK)
        return rc;
    if ((rc = prep(q, &st, "claim", REAP_SQL, "i", t)) != QUEUE_OK ||
        (rc = finish(q, st, "claim", NULL)) != QUEUE_OK)
        goto fail;
    for (int k = 0; k < 2 && !found; k++) {
        if ((rc = prep(q, &st, "claim", CLAIM_SQL[k], "tii", w->name, t, (int64_t)w->lease_ms)) !=
            QUEUE_OK)
            goto fail;
        if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            const unsigned char *d = sqlite3_column_text(st, 2);
            found = 1;
            out->id = sqlite3_column_int64(st, 0);
            out->attempt = sqlite3_column_int(st, 1);
            snprintf(out->key_digest, sizeof out->key_digest, "%s", d ? (const char *)d : "");
            out->key_hint = col_dup(st, 3);
            out->label = col_dup(st, 4);
            out->witness_bytes = sqlite3_column_int64(st, 5);
            out->n_vars = (uint32_t)sqlite3_column_int64(st, 6);
            rc = sqlite3_step(st);
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE) {
            rc = lite_fail(q, rc, "claim");
            goto fail;
        }
    }
    if (found) {
        if ((rc = prep(q, &st, "claim",
                       "SELECT EXISTS (SELECT 1 FROM g16k_worker_keys WHERE"
                       " worker = ?1 AND key_digest = ?2), " MAX_ATTEMPTS,
                       "tt", w->name, out->key_digest)) != QUEUE_OK)
            goto fail;
        if (sqlite3_step(st) == SQLITE_ROW) {
            out->key_held = sqlite3_column_int(st, 0);
            out->max_attempts = sqlite3_column_int(st, 1);
        }
        sqlite3_finalize(st);
    }
    if ((rc = exec(q, "claim", "COMMIT")) != QUEUE_OK) {
        queue_claim_cleanup(out);
        return rc;
    }
    return found ? QUEUE_OK : queue_err(QUEUE_ENOTFOUND, "no job to claim");
fail:
    rollback(q);
    queue_claim_cleanup(out);
    return rc;
}

static int lite_fetch_witness(queue *q, const queue_claim *c, void **data, size_t *len)
{
    sqlite3_stmt *st;
    int rc = prep(q, &st, "witness", "SELECT witness FROM g16k_job_inputs WHERE job_id = ?1", "i",
                  c->id);
    if (rc != QUEUE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(st);
        return rc == SQLITE_DONE
                   ? queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": no witness stored", c->id)
                   : lite_fail(q, rc, "witness");
    }
    *len = (size_t)sqlite3_column_bytes(st, 0);
    if (!(*data = malloc(*len ? *len : 1))) {
        sqlite3_finalize(st);
        return queue_err(QUEUE_ENOMEM, "job %" PRId64 ": out of memory for a %zu-byte witness",
                         c->id, *len);
    }
    if (*len)
        memcpy(*data, sqlite3_column_blob(st, 0), *len);
    sqlite3_finalize(st);
    return QUEUE_OK;
}

/* The lease check every write of a claimed job repeats (?1 id, ?2 worker, ?3 attempt, ?4 now). */
#define LEASE_HELD                                                                                 \
    " id = ?1 AND worker = ?2 AND attempts = ?3 AND state = 'running' AND lease_until >= ?4"

static int lite_renew(queue *q, const queue_worker *w, const queue_claim *c)
{
    sqlite3_stmt *st;
    int64_t t = now_ms();
    int changes = 0;
    int rc = prep(q, &st, "renew", "UPDATE g16k_jobs SET lease_until = ?4 + ?5 WHERE" LEASE_HELD,
                  "itiii", c->id, w->name, (int64_t)c->attempt, t, (int64_t)w->lease_ms);
    if (rc != QUEUE_OK || (rc = finish(q, st, "renew", &changes)) != QUEUE_OK)
        return rc;
    return changes == 1 ? QUEUE_OK
                        : queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": " QUEUE_LEASE_LOST, c->id);
}

static int lite_end(queue *q, const queue_worker *w, const queue_claim *c, const queue_end *e)
{
    sqlite3_stmt *st;
    int64_t t = now_ms();
    int changes = 0, rc;
    if ((rc = exec(q, "end job", "BEGIN IMMEDIATE")) != QUEUE_OK)
        return rc;
    switch (e->kind) {
    case QUEUE_END_DONE:
        rc = prep(
            q, &st, "end job",
            "UPDATE g16k_jobs SET state = 'done', finished_at = ?4,"
            " lease_until = NULL, timings = ?5, error_code = NULL, error = NULL WHERE" LEASE_HELD,
            "itiit", c->id, w->name, (int64_t)c->attempt, t, e->timings);
        break;
    case QUEUE_END_FAILED:
        rc = prep(q, &st, "end job",
                  "UPDATE g16k_jobs SET state = 'failed', finished_at = ?4,"
                  " lease_until = NULL, timings = ?5, error_code = ?6, error = ?7 WHERE" LEASE_HELD,
                  "itiittt", c->id, w->name, (int64_t)c->attempt, t, e->timings, e->error_code,
                  e->error);
        break;
    case QUEUE_END_RETRY:
        /* the last allowed attempt fails the job for good */
        rc = prep(q, &st, "end job",
                  "UPDATE g16k_jobs SET"
                  " state = CASE WHEN attempts >= " MAX_ATTEMPTS " THEN 'failed' ELSE 'queued' END,"
                  " finished_at = CASE WHEN attempts >= " MAX_ATTEMPTS " THEN ?4 END,"
                  " available_at = ?4 + ?8, lease_until = NULL, timings = ?5, error_code = ?6,"
                  " error = CASE WHEN attempts >= " MAX_ATTEMPTS " THEN ?7 || ' (attempt ' ||"
                  "  attempts || ' of ' || " MAX_ATTEMPTS " || ')' ELSE ?7 END WHERE" LEASE_HELD,
                  "itiittti", c->id, w->name, (int64_t)c->attempt, t, e->timings, e->error_code,
                  e->error, (int64_t)e->retry_ms);
        break;
    case QUEUE_END_RELEASE:
    default:
        rc = prep(q, &st, "end job",
                  "UPDATE g16k_jobs SET state = 'queued', attempts = attempts - 1,"
                  " lease_until = NULL, claimed_at = NULL WHERE" LEASE_HELD,
                  "itii", c->id, w->name, (int64_t)c->attempt, t);
        break;
    }
    if (rc != QUEUE_OK || (rc = finish(q, st, "end job", &changes)) != QUEUE_OK)
        goto fail;
    if (changes != 1) {
        rollback(q);
        return queue_err(QUEUE_ENOTFOUND, "job %" PRId64 ": " QUEUE_LEASE_LOST, c->id);
    }
    if (e->kind == QUEUE_END_DONE &&
        ((rc = prep(q, &st, "end job", "INSERT INTO g16k_job_results VALUES (?1, ?2, ?3)", "itt",
                    c->id, e->proof, e->pub)) != QUEUE_OK ||
         (rc = finish(q, st, "end job", NULL)) != QUEUE_OK))
        goto fail;
    return exec(q, "end job", "COMMIT");
fail:
    rollback(q);
    return rc;
}

const queue_ops queue_sqlite_ops = {
    .name = "sqlite",
    .connect = lite_connect,
    .disconnect = lite_disconnect,
    .schema_version = lite_schema_version,
    .exec = lite_exec,
    .init_begin = "BEGIN IMMEDIATE", /* concurrent inits wait (busy timeout) */
    .migrations = MIGRATIONS,
    .settings_get = lite_settings_get,
    .submit = lite_submit,
    .job_get = lite_job_get,
    .list = lite_list,
    .wait = lite_wait,
    .worker_register = lite_worker_register,
    .worker_heartbeat = lite_worker_heartbeat,
    .worker_unregister = lite_worker_unregister,
    .claim = lite_claim,
    .fetch_witness = lite_fetch_witness,
    .renew = lite_renew,
    .end = lite_end,
};
