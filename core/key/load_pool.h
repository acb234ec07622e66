/*
 * A worker pool for loading one large file (zkey_load.c) on `threads` threads, the caller's
 * included, and no other: [core] threads bounds a key load as it bounds a proof (prove.c). The
 * file is read into the caller's pieces of memory (binfile_image) in chunks that the threads
 * claim (reading comes first: from the page cache all threads copy at once; from a disk the
 * threads that find no chunk left work on what has arrived), and they run two queues of tasks:
 *   primary tasks, in file order: task i may start once need[i] bytes are read. All of them
 *     run (decoding, digest leaves); the load cannot finish before they are done.
 *   check tasks: task j may start once primary task dep[j] is done. They run when no primary
 *     task is ready (so they fill the time spent waiting for the disk) and while the owner's
 *     checks_wanted() is not 0; an owner that learns the checks are not needed (the verdict
 *     cache) says so and wakes the pool, and running checks poll load_pool_checks_off().
 * With threads = 1 the caller reads, decodes and checks alone. The caller's thread calls the
 * owner's tick() after each task it ran and at least every 100 ms while it waits, until every
 * thread has stopped: the owner reports progress and may stop the load from there (a cancel).
 * Tasks report their own errors to the owner; a failure (load_pool_fail, or tick() != 0)
 * stops the claiming of both queues (tasks already running finish). Thread-safe as described;
 * one owner thread calls the load_pool_* functions other than fail/notify/checks_off.
 */
#ifndef G16K_FORMATS_LOAD_POOL_H
#define G16K_FORMATS_LOAD_POOL_H

#include <stdint.h>

#include "formats/binfile.h"

typedef struct load_pool load_pool;

typedef struct load_pool_tasks {
    uint64_t n_primary;
    const uint64_t *need; /* [n_primary], nondecreasing byte counts */
    void (*run_primary)(void *ctx, uint64_t i);
    uint64_t n_check;
    const uint64_t *dep; /* [n_check], index of the primary task each one needs */
    void (*run_check)(void *ctx, uint64_t j);
    int (*checks_wanted)(void *ctx); /* 1 yes, 0 no (skip them), -1 not known yet */
    int (*tick)(void *ctx);          /* on the caller's thread only; non-zero: stop. May be NULL */
    void *ctx;
} load_pool_tasks;

/* A pool over size bytes of fd read into the pieces of im (both borrowed until
 * load_pool_destroy; fd is not closed), or with fd < 0 over the size bytes already there (the
 * pool never writes them then). Returns NULL when out of memory. */
load_pool *load_pool_create(int fd, const binfile_image *im, uint64_t size);
/* Read on the calling thread until n bytes are in buf (before load_pool_run). 0, or -1 after a
 * read error (load_pool_read_error). */
int load_pool_read_to(load_pool *p, uint64_t n);
/* errno of the failed read, or -1 when the file ended early; 0 while none. */
int load_pool_read_error(const load_pool *p);
/* Run tasks (borrowed until load_pool_destroy) on the caller and threads - 1 workers (0 = 1;
 * fewer when a thread cannot start) until every primary task is done, the checks are done or
 * not wanted, the whole file is read, or the pool failed; returns once every worker has
 * stopped. 0 when every primary task ran and the file was read, else -1 (read error,
 * load_pool_fail, tick() != 0, or out of memory). */
int load_pool_run(load_pool *p, const load_pool_tasks *tasks, unsigned threads);
/* Any thread: stop claiming tasks (a task failed). */
void load_pool_fail(load_pool *p);
/* Any thread: the answer of checks_wanted() may have changed. */
void load_pool_notify(load_pool *p);
/* For running checks: 1 when they should stop early (failure, or checks_wanted() == 0). */
int load_pool_checks_off(load_pool *p);
/* Seconds from load_pool_create to the end of the read, and to the end of the last primary
 * task (0 until then). */
double load_pool_read_seconds(const load_pool *p);
double load_pool_primary_seconds(const load_pool *p);
/* Free (after load_pool_run has returned, or instead of it). NULL is a no-op. */
void load_pool_destroy(load_pool *p);

#endif
