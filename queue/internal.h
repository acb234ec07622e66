/*
 * The one internal interface of the queue: what a backend (pg.c, sqlite.c) provides. queue.c
 * checks arguments and dispatches; a backend holds the SQL of its dialect, the schema and its
 * migrations, and maps its errors onto queue_status (transient trouble -> QUEUE_EDOWN).
 * Every operation is one short transaction on the handle's connection.
 */
#ifndef G16K_QUEUE_INTERNAL_H
#define G16K_QUEUE_INTERNAL_H

#include "queue.h"

typedef struct queue_ops {
    const char *name; /* "postgresql", "sqlite" */
    /* Connect to target (the URL without "sqlite:" for SQLite, the whole URL for libpq). */
    int (*connect)(queue *q, const char *target, int create);
    void (*disconnect)(queue *q);
    int (*schema_version)(queue *q, int *version); /* 0 when there is no schema */
    /* Run sql, one or more statements without parameters or results (schema, transactions). */
    int (*exec)(queue *q, const char *what, const char *sql);
    /* queue_init's transaction: BEGIN that waits for concurrent inits. */
    const char *init_begin;
    /* Schema steps: migrations[v] takes version v to v + 1 (the dialect's DDL). */
    const char *const *migrations;
    /* Optional, inside queue_init's transaction: grant the roles (*roles = 1 when they exist). */
    int (*grant_roles)(queue *q, int *roles);
    int (*settings_get)(queue *q, queue_settings *out);
    int (*submit)(queue *q, const queue_new_job *job, int64_t *id);
    int (*job_get)(queue *q, int64_t id, queue_job_info *out, char **proof, char **pub);
    int (*list)(queue *q, const char *state, queue_list_fn fn, void *user);
    int (*wait)(queue *q, int what, int timeout_ms, int stop_fd);
    int (*worker_register)(queue *q, const queue_worker *w, const char (*digests)[QUEUE_DIGEST_HEX],
                           size_t n);
    int (*worker_heartbeat)(queue *q, const queue_worker *w);
    int (*worker_unregister)(queue *q, const queue_worker *w);
    int (*claim)(queue *q, const queue_worker *w, queue_claim *out);
    int (*fetch_witness)(queue *q, const queue_claim *c, void **data, size_t *len);
    int (*renew)(queue *q, const queue_worker *w, const queue_claim *c);
    int (*end)(queue *q, const queue_worker *w, const queue_claim *c, const queue_end *e);
} queue_ops;

struct queue {
    const queue_ops *ops;
    void *impl;         /* the backend's connection state */
    char *target;       /* what connect() got (kept for queue_reconnect) */
    char describe[256]; /* queue_describe(), filled by connect() */
};

extern const queue_ops queue_pg_ops;
extern const queue_ops queue_sqlite_ops;

/* Set a setting read from the database into *out (unknown names are ignored). */
void queue_setting_apply(queue_settings *out, const char *name, int64_t value);

/* Set the thread's message (printf-style) and return status. */
int queue_err(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Messages for rows a lease check rejected: why the write was refused. */
#define QUEUE_LEASE_LOST "lease not held (expired and reclaimed, or the job ended)"

#endif
