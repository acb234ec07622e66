/*
 * The g16k job queue: durable proving jobs in a SQL database, claimed by `g16k worker` processes
 * (worker.h) and submitted and read back by the CLI (cli/queue_cmd.c) or any program.
 *
 * Two backends sit behind one internal interface (internal.h):
 *   postgresql://...  or any libpq connection string ("host=... dbname=..."): many machines;
 *                     claims with FOR UPDATE SKIP LOCKED, wake-ups by LISTEN/NOTIFY (pg.c).
 *   sqlite:PATH       one machine, no server: short BEGIN IMMEDIATE transactions, WAL (sqlite.c).
 * The connection string is handed to libpq unchanged (TLS, passwords, service files: libpq's
 * business) and never printed: messages name the database through queue_describe().
 *
 * A job: a witness (stored in the queue, so workers on other machines need no shared file), the
 * key's content digest (key_digest.c; workers look the key up in their own folders only), a
 * priority and a label. States: queued -> running (claimed: a worker holds a lease, renewed while
 * it proves) -> done (proof and public JSON stored in the same transaction) or failed (error
 * message and the g16k status name); a running job whose lease expired is claimable again, with
 * its attempt count; the attempt number is the lease token every later write of the worker must
 * present, so a late result is discarded and no job is done twice. docs/queue.md has the schema.
 *
 * Errors: functions return QUEUE_OK (0) or a negative queue_status and set a one-line message
 * (queue_last_error(), thread-local, valid until the next queue call on the thread). QUEUE_EDOWN
 * means the server is unreachable or the connection broke, or the database is busy: retry after
 * queue_reconnect(). Threads: a queue handle is one connection; use it from one thread at a time.
 */
#ifndef G16K_QUEUE_H
#define G16K_QUEUE_H

#include <stddef.h>
#include <stdint.h>

typedef enum queue_status {
    QUEUE_OK = 0,
    QUEUE_EDOWN = -1,     /* server unreachable, connection lost, database busy: retry */
    QUEUE_EDB = -2,       /* the database refused: SQL error, permission denied, constraint */
    QUEUE_ESCHEMA = -3,   /* no queue schema, or another version: run `g16k queue init` */
    QUEUE_ENOTFOUND = -4, /* no such job; no job to claim; a lease no longer held */
    QUEUE_ETOOBIG = -5,   /* a witness over the queue's max_witness_bytes */
    QUEUE_EINVAL = -6,    /* bad argument (URL, digest, state name, NULL) */
    QUEUE_ENOMEM = -7
} queue_status;

/* The error_code of a job whose key no live worker holds in its --keys folders: a key to deploy,
 * not an I/O error, so it has a name of its own beside the g16k status names (g16k result exits
 * 3 for it, as for a configuration error). */
#define QUEUE_NO_KEY "G16K_ENOKEY"

/* Schema version this code reads and writes. queue_init migrates older ones to it. */
#define QUEUE_SCHEMA_VERSION 1
/* Key digests are 32-byte BLAKE3 (g16k_zkey_digest), written as 64 lowercase hex digits. */
#define QUEUE_DIGEST_HEX 65
/* Hard ceiling of max_witness_bytes: PostgreSQL's bytea and SQLite's default blob limit are
 * about 1 GB; docs/queue-fleet.md says what larger witnesses need. */
#define QUEUE_WITNESS_CEILING (1000ll * 1000 * 1000)

typedef struct queue queue;

const char *queue_last_error(void);
const char *queue_status_name(int status);

/* Connect. url: "sqlite:PATH", "postgresql://...", "postgres://..." or a libpq "key=value"
 * string. create: 1 for queue_init (an SQLite file is created, mode 0600); 0 requires the schema
 * at QUEUE_SCHEMA_VERSION (QUEUE_ESCHEMA otherwise). *out owned by the caller (queue_close). */
int queue_open(const char *url, int create, queue **out);
void queue_close(queue *q);
/* Connect again after QUEUE_EDOWN (same URL; PostgreSQL listens again on what it listened). */
int queue_reconnect(queue *q);
/* "postgresql database q on /tmp/s (user alice)" or "sqlite /path/q.db": no secrets. */
const char *queue_describe(const queue *q);

/* Settings kept in the queue itself, shared by every submitter and worker. */
typedef struct queue_settings {
    int64_t max_witness_bytes; /* submit refuses larger witnesses (the database too) */
    int32_t max_attempts;      /* claims of a job before a provider error or an expired lease
                                 * makes it failed */
} queue_settings;
#define QUEUE_DEFAULT_MAX_WITNESS (256ll << 20)
#define QUEUE_DEFAULT_MAX_ATTEMPTS 3

/* Create or migrate the schema to QUEUE_SCHEMA_VERSION in one transaction (idempotent; several
 * concurrent inits serialize). set: settings to store, fields <= 0 keep the stored value (or the
 * default on creation). *from: version found (0 = none). PostgreSQL: also (re)grants the roles
 * g16k_submitter and g16k_worker (docs/queue.md), creating them when allowed; *roles = 1 when
 * they exist and were granted, 0 when this user may not create them (a warning for the CLI). */
int queue_init(queue *q, const queue_settings *set, int *from, int *roles);
int queue_settings_get(queue *q, queue_settings *out);

/* A new job. The witness is stored as given (checked against the key by the caller, and again
 * by the worker at claim). */
typedef struct queue_new_job {
    const char *key_digest; /* 64 hex digits */
    const char *key_hint;   /* the key's file name, for messages; may be NULL */
    const void *witness;    /* .wtns bytes */
    size_t witness_len;
    uint32_t n_vars;   /* the key's nVars (= the witness's length), for checks */
    int32_t priority;  /* higher first; ties by submission order */
    const char *label; /* free text, may be NULL */
} queue_new_job;
int queue_submit(queue *q, const queue_new_job *job, int64_t *id);

/* A row of the jobs table, for `g16k jobs` and `g16k result`. Times in seconds since the epoch
 * (database clock), negative when not set. Strings are NULL when not set. */
typedef struct queue_job_info {
    int64_t id;
    char state[8]; /* queued, running, done, failed */
    int32_t priority;
    int32_t attempts;
    char key_digest[QUEUE_DIGEST_HEX];
    int64_t witness_bytes;
    char *key_hint, *label, *submitter, *worker;
    double submitted_at, claimed_at, finished_at;
    char *timings;    /* JSON object written by the worker */
    char *error_code; /* g16k status name of a failed job, e.g. "G16K_EVERIFY", or QUEUE_NO_KEY */
    char *error;      /* its message, as the CLI would print it */
} queue_job_info;
void queue_job_info_cleanup(queue_job_info *j);

/* One job and, when done and proof/pub are not NULL, its texts (malloc'ed, caller frees).
 * QUEUE_ENOTFOUND: no such job (or not visible to this database user). */
int queue_job_get(queue *q, int64_t id, queue_job_info *out, char **proof, char **pub);
/* Call fn for every job (of the given state, or all when NULL) in id order; a non-zero return
 * from fn stops the listing (and is returned). */
typedef int (*queue_list_fn)(void *user, const queue_job_info *job);
int queue_list(queue *q, const char *state, queue_list_fn fn, void *user);

/* Wait until something may have changed (a job added or returned to the queue: QUEUE_WAKE_JOBS;
 * a job finished: QUEUE_WAKE_DONE), timeout_ms passed, or stop_fd (-1: none) became readable.
 * Spurious wake-ups are allowed: the caller looks again. */
enum { QUEUE_WAKE_JOBS = 1, QUEUE_WAKE_DONE = 2 };
int queue_wait(queue *q, int what, int timeout_ms, int stop_fd);

/* ---- workers (worker.c; the unit tests drive these directly) ---- */

/* A worker's name (host:pid:random) and its lease length; registered with the digests of the
 * keys in its folders, so that jobs for keys no live worker holds can be failed. */
typedef struct queue_worker {
    const char *name;
    int lease_ms;
} queue_worker;
int queue_worker_register(queue *q, const queue_worker *w, const char (*digests)[QUEUE_DIGEST_HEX],
                          size_t n);
/* Renew the worker's heartbeat (keeps it live for 3 leases). */
int queue_worker_heartbeat(queue *q, const queue_worker *w);
int queue_worker_unregister(queue *q, const queue_worker *w);

/* A claimed job. The attempt number is the lease token. */
typedef struct queue_claim {
    int64_t id;
    int32_t attempt;
    char key_digest[QUEUE_DIGEST_HEX];
    char *key_hint, *label; /* malloc'ed (queue_claim_cleanup) */
    int64_t witness_bytes;
    uint32_t n_vars;
    int key_held;         /* 1: the key is among the worker's registered ones */
    int32_t max_attempts; /* the queue's: attempt == max_attempts is the last */
} queue_claim;
void queue_claim_cleanup(queue_claim *c);

/* Claim the best claimable job: queued and due, or running with an expired lease, whose key
 * the worker holds or no live worker holds. Jobs whose lease expired on their last allowed
 * attempt are failed first. QUEUE_ENOTFOUND: nothing to claim. */
int queue_claim_job(queue *q, const queue_worker *w, queue_claim *out);
/* The claimed job's witness, malloc'ed into *data (caller frees). */
int queue_fetch_witness(queue *q, const queue_claim *c, void **data, size_t *len);
/* Extend the lease by w->lease_ms from now. QUEUE_ENOTFOUND: the lease is no longer ours. */
int queue_renew(queue *q, const queue_worker *w, const queue_claim *c);

/* How a claimed job ends. Every kind requires the lease (state running, this worker, this
 * attempt, not expired); QUEUE_ENOTFOUND otherwise, and nothing changes. DONE is idempotent: a
 * repeat by the same worker and attempt (a retry after a lost connection whose first try had
 * committed) returns QUEUE_OK and stores nothing. */
typedef enum queue_end_kind {
    QUEUE_END_DONE,   /* proof and public stored, witness dropped */
    QUEUE_END_FAILED, /* bad input: failed now */
    QUEUE_END_RETRY,  /* provider trouble: queued again after retry_ms, failed once
                                 * attempts reach max_attempts */
    QUEUE_END_RELEASE /* worker stopping: queued again, the attempt not counted */
} queue_end_kind;
typedef struct queue_end {
    queue_end_kind kind;
    const char *proof, *pub; /* DONE: the JSON texts */
    const char *timings;     /* DONE, FAILED, RETRY: JSON object, may be NULL */
    const char *error_code;  /* FAILED, RETRY: g16k status name */
    const char *error;       /* FAILED, RETRY: message */
    int retry_ms;            /* RETRY */
} queue_end;
int queue_end_job(queue *q, const queue_worker *w, const queue_claim *c, const queue_end *e);

/* Content digest of a proving key (key_digest.c). */
void queue_key_digest(const void *data, size_t len, char hex[QUEUE_DIGEST_HEX]);
/* 1 if s is 64 lowercase hex digits. */
int queue_digest_valid(const char *s);

#endif
