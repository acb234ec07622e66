/*
 * The read-overlapped worker pool of load_pool.h. One mutex and condition variable serve every
 * wait: an event counter (gen) goes up on each event (bytes read, task done, owner's notify, a
 * worker stopping), and a thread that found nothing to do sleeps until it changes (at most
 * 100 ms: the caller's tick() runs at least that often). Task claiming is lock-free: an atomic
 * index per queue, and an atomic flag for the reading.
 */
#include "load_pool.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "util/clock.h"

#define READ_CHUNK (4u << 20)
#define MAX_WORKERS 255u

struct load_pool {
    int fd; /* < 0: buf came full */
    uint8_t *buf;
    uint64_t size;
    double t0;
    double t_read, t_primary;   /* written before read_done / the last primary_done */
    atomic_uint_fast64_t avail; /* bytes of buf filled */
    atomic_int read_err;
    atomic_int read_done;
    atomic_int reading; /* 1 while a thread holds the reading */

    pthread_mutex_t lock;
    pthread_cond_t cond;
    atomic_uint_fast64_t gen;

    const load_pool_tasks *t;
    atomic_uchar *done; /* [n_primary] */
    atomic_uint_fast64_t next_primary, primary_done, next_check;
    atomic_int failed;
    atomic_uint running; /* workers not yet stopped */
    pthread_t workers[MAX_WORKERS];
    unsigned n_workers;
};

static void notify(load_pool *p)
{
    atomic_fetch_add(&p->gen, 1);
    pthread_mutex_lock(&p->lock);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
}

static void wait_event(load_pool *p, uint64_t seen)
{
    struct timespec ts;
    g16k_deadline(&ts, 100);
    pthread_mutex_lock(&p->lock);
    if (atomic_load(&p->gen) == seen)
        pthread_cond_timedwait(&p->cond, &p->lock, &ts);
    pthread_mutex_unlock(&p->lock);
}

/* The next chunk of the file, by the thread that holds the reading. */
static void read_chunk(load_pool *p)
{
    uint64_t off = atomic_load(&p->avail);
    uint64_t end = p->size - off < READ_CHUNK ? p->size : off + READ_CHUNK;
    while (off < end) {
        ssize_t n = pread(p->fd, p->buf + off, (size_t)(end - off), (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            atomic_store(&p->read_err, n < 0 ? errno : -1);
            break;
        }
        off += (uint64_t)n;
        atomic_store(&p->avail, off);
    }
    if (off == p->size) {
        p->t_read = g16k_now() - p->t0;
        atomic_store(&p->read_done, 1);
    }
    notify(p);
}

/* 1 if this thread read a chunk; 0 when the file is read, failed, or another thread reads. */
static int try_read(load_pool *p)
{
    int idle = 0;
    if (atomic_load(&p->read_done) || atomic_load(&p->read_err) ||
        !atomic_compare_exchange_strong(&p->reading, &idle, 1))
        return 0;
    int did = !atomic_load(&p->read_done) && !atomic_load(&p->read_err);
    if (did)
        read_chunk(p);
    atomic_store(&p->reading, 0);
    return did;
}

load_pool *load_pool_create(int fd, uint8_t *buf, uint64_t size)
{
    load_pool *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->fd = fd;
    p->buf = buf;
    p->size = size;
    p->t0 = g16k_now();
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* for g16k_deadline */
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cond, &ca);
    pthread_condattr_destroy(&ca);
    if (fd < 0 || size == 0) {
        atomic_store(&p->avail, size);
        atomic_store(&p->read_done, 1);
    }
    return p;
}

int load_pool_read_to(load_pool *p, uint64_t n)
{
    while (atomic_load(&p->avail) < n) {
        if (atomic_load(&p->read_err) || !try_read(p))
            return -1;
    }
    return 0;
}

int load_pool_read_error(const load_pool *p)
{
    return atomic_load(&p->read_err);
}

double load_pool_read_seconds(const load_pool *p)
{
    return atomic_load(&p->read_done) ? p->t_read : 0;
}

double load_pool_primary_seconds(const load_pool *p)
{
    return p->t != NULL && atomic_load(&p->primary_done) == p->t->n_primary ? p->t_primary : 0;
}

/* One step of a thread's loop: 1 something ran (or a claim was lost), 0 nothing is ready now,
 * -1 nothing is left for this thread. Reading first, then primary tasks, then checks. */
static int step(load_pool *p)
{
    const load_pool_tasks *t = p->t;
    if (atomic_load(&p->failed))
        return -1;
    if (atomic_load(&p->read_err)) {
        load_pool_fail(p);
        return -1;
    }
    if (try_read(p))
        return 1;
    uint64_t i = atomic_load(&p->next_primary);
    if (i < t->n_primary && t->need[i] <= atomic_load(&p->avail)) {
        if (atomic_compare_exchange_weak(&p->next_primary, &i, i + 1)) {
            t->run_primary(t->ctx, i);
            atomic_store(&p->done[i], 1);
            if (atomic_fetch_add(&p->primary_done, 1) + 1 == t->n_primary)
                p->t_primary = g16k_now() - p->t0;
            notify(p);
        }
        return 1;
    }
    int more = i < t->n_primary || !atomic_load(&p->read_done);
    if (t->checks_wanted(t->ctx) == 0)
        return more ? 0 : -1;
    uint64_t j = atomic_load(&p->next_check);
    if (j >= t->n_check)
        return more ? 0 : -1;
    if (!atomic_load(&p->done[t->dep[j]]))
        return 0;
    if (atomic_compare_exchange_weak(&p->next_check, &j, j + 1))
        t->run_check(t->ctx, j);
    return 1;
}

/* The caller's tick: a non-zero answer stops the pool. */
static void tick(load_pool *p)
{
    if (p->t->tick != NULL && p->t->tick(p->t->ctx) != 0)
        load_pool_fail(p);
}

static void loop(load_pool *p, int owner)
{
    for (;;) {
        uint64_t seen = atomic_load(&p->gen);
        int r = step(p);
        if (owner)
            tick(p);
        if (r < 0)
            return;
        if (r == 0)
            wait_event(p, seen);
    }
}

static void *worker_main(void *arg)
{
    load_pool *p = arg;
    loop(p, 0);
    atomic_fetch_sub(&p->running, 1);
    notify(p);
    return NULL;
}

static void join_workers(load_pool *p)
{
    for (unsigned w = 0; w < p->n_workers; w++)
        pthread_join(p->workers[w], NULL);
    p->n_workers = 0;
}

int load_pool_run(load_pool *p, const load_pool_tasks *tasks, unsigned threads)
{
    p->t = tasks;
    p->done = calloc(tasks->n_primary ? tasks->n_primary : 1, sizeof *p->done);
    if (p->done == NULL)
        return -1;
    unsigned want = threads > 1 ? threads - 1 : 0;
    if (want > MAX_WORKERS)
        want = MAX_WORKERS;
    for (unsigned w = 0; w < want; w++) {
        atomic_fetch_add(&p->running, 1);
        if (pthread_create(&p->workers[w], NULL, worker_main, p) != 0) {
            atomic_fetch_sub(&p->running, 1);
            break; /* fewer threads: slower, not wrong */
        }
        p->n_workers++;
    }
    loop(p, 1);
    /* The workers finish what they claimed; the caller keeps ticking meanwhile. */
    for (;;) {
        uint64_t seen = atomic_load(&p->gen);
        if (atomic_load(&p->running) == 0)
            break;
        tick(p);
        wait_event(p, seen);
    }
    join_workers(p);
    return atomic_load(&p->failed) || atomic_load(&p->primary_done) != tasks->n_primary ||
                   !atomic_load(&p->read_done)
               ? -1
               : 0;
}

void load_pool_fail(load_pool *p)
{
    atomic_store(&p->failed, 1);
    notify(p);
}

void load_pool_notify(load_pool *p)
{
    notify(p);
}

int load_pool_checks_off(load_pool *p)
{
    return atomic_load(&p->failed) || p->t->checks_wanted(p->t->ctx) == 0;
}

void load_pool_destroy(load_pool *p)
{
    if (p == NULL)
        return;
    load_pool_fail(p);
    join_workers(p);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
    free(p->done);
    free(p);
}
