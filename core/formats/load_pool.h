/*
 * A worker pool for loading one large file (zkey.c): a reader thread reads the file into a
 * caller-owned buffer while the workers run two queues of tasks on what has arrived.
 *   primary tasks, in file order: task i may start once need[i] bytes are read. All of them
 *     run (decoding, digest leaves); the load cannot go on before they are done.
 *   check tasks: task j may start once primary task dep[j] is done. They run when no primary
 *     task is ready (so they fill the time spent waiting for the disk) and while the owner's
 *     checks_wanted() is not 0; an owner that learns the checks are not needed (the verdict
 *     cache) says so and wakes the pool, and running checks poll load_pool_checks_off().
 * The calling thread works too: in load_pool_primary() on primary tasks only, in
 * load_pool_checks() on both queues, so with threads = 1 nothing runs in the background.
 * Between those two calls the other threads keep checking while the caller does something
 * else (the providers' bases_create, in key.c).
 * Tasks report their own errors to the owner; a primary failure calls load_pool_fail(), which
 * stops the claiming of both queues (tasks already running finish). Thread-safe as described;
 * one owner thread calls the load_pool_* functions other than fail/notify/checks_off.
 */
#ifndef G16K_FORMATS_LOAD_POOL_H
#define G16K_FORMATS_LOAD_POOL_H

#include <stdint.h>

typedef struct load_pool load_pool;

typedef struct load_pool_tasks {
    uint64_t n_primary;
    const uint64_t *need;           /* [n_primary], nondecreasing byte counts */
    void (*run_primary)(void *ctx, uint64_t i);
    uint64_t n_check;
    const uint64_t *dep;            /* [n_check], index of the primary task each one needs */
    void (*run_check)(void *ctx, uint64_t j);
    int (*checks_wanted)(void *ctx);    /* 1 yes, 0 no (skip them), -1 not known yet */
    void *ctx;
} load_pool_tasks;

/* Start the reader: size bytes of fd into buf (both borrowed until load_pool_destroy; fd is not
 * closed). Returns NULL when out of memory or when the thread cannot start. */
load_pool *load_pool_create(int fd, uint8_t *buf, uint64_t size);
/* Wait until n bytes are in buf. 0, or -1 after a read error (load_pool_read_error). */
int  load_pool_wait_read(load_pool *p, uint64_t n);
/* errno of the failed read, or -1 when the file ended early; 0 while none. */
int  load_pool_read_error(const load_pool *p);
/* Start threads - 1 workers on tasks (borrowed until load_pool_destroy; 0 = 1 thread). -1 when
 * a thread cannot start (then the tasks run on the caller alone), else 0. */
int  load_pool_run(load_pool *p, const load_pool_tasks *tasks, unsigned threads);
/* Work on primary tasks until all are done or the pool failed. 0, or -1 (read error or
 * load_pool_fail). */
int  load_pool_primary(load_pool *p);
/* Work on checks until none is left to claim or the pool failed, then wait for every thread. */
void load_pool_checks(load_pool *p);
/* Any thread: stop claiming tasks (a task failed). */
void load_pool_fail(load_pool *p);
/* Any thread: the answer of checks_wanted() may have changed. */
void load_pool_notify(load_pool *p);
/* For running checks: 1 when they should stop early (failure, or checks_wanted() == 0). */
int  load_pool_checks_off(load_pool *p);
/* Bytes read so far. */
uint64_t load_pool_bytes_read(const load_pool *p);
/* Seconds from load_pool_create to the end of the read (0 while reading). */
double load_pool_read_seconds(const load_pool *p);
/* Stop, wait for every thread, free. NULL is a no-op. */
void load_pool_destroy(load_pool *p);

#endif
