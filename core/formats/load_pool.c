/*
 * The read-overlapped worker pool of load_pool.h. One mutex and condition variable serve every
 * wait: an event counter (gen) goes up on each event (bytes read, task done, owner's notify,
 * stop), and a thread that found nothing to do sleeps until it changes (at most 100 ms, a
 * safety net only). Task claiming is lock-free: an atomic index per queue.
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
    int fd;
    uint8_t *buf;
    uint64_t size;
    double t0;
    double t_read;                  /* written before read_done is set */
    atomic_uint_fast64_t avail;     /* bytes of buf filled */
    atomic_int read_err;
    atomic_int read_done;
    pthread_t reader;
    int reader_started;

    pthread_mutex_t lock;
    pthread_cond_t cond;
    atomic_uint_fast64_t gen;

    const load_pool_tasks *t;
    atomic_uchar *done;             /* [n_primary] */
    atomic_uint_fast64_t next_primary, primary_done, next_check;
    atomic_int failed, stop;
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
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 100 * 1000 * 1000;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&p->lock);
    if (atomic_load(&p->gen) == seen && !atomic_load(&p->stop))
        pthread_cond_timedwait(&p->cond, &p->lock, &ts);
    pthread_mutex_unlock(&p->lock);
}

static void *reader_main(void *arg)
{
    load_pool *p = arg;
    uint64_t off = 0;
    while (off < p->size && !atomic_load(&p->stop)) {
        uint64_t want = p->size - off < READ_CHUNK ? p->size - off : READ_CHUNK;
        ssize_t n = pread(p->fd, p->buf + off, (size_t)want, (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            atomic_store(&p->read_err, n < 0 ? errno : -1);
            break;
        }
        off += (uint64_t)n;
        atomic_store(&p->avail, off);
        notify(p);
    }
    p->t_read = g16k_now() - p->t0;
    atomic_store(&p->read_done, 1);
    notify(p);
    return NULL;
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
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cond, NULL);
    if (pthread_create(&p->reader, NULL, reader_main, p) != 0) {
        load_pool_destroy(p);
        return NULL;
    }
    p->reader_started = 1;
    return p;
}

int load_pool_wait_read(load_pool *p, uint64_t n)
{
    for (;;) {
        uint64_t seen = atomic_load(&p->gen);
        if (atomic_load(&p->avail) >= n)
            return 0;
        if (atomic_load(&p->read_err) || atomic_load(&p->read_done))
            return -1;
        wait_event(p, seen);
    }
}

int load_pool_read_error(const load_pool *p)
{
    return atomic_load(&p->read_err);
}

uint64_t load_pool_bytes_read(const load_pool *p)
{
    return atomic_load(&p->avail);
}

double load_pool_read_seconds(const load_pool *p)
{
    return atomic_load(&p->read_done) ? p->t_read : 0;
}

/* One step of a thread's loop: 1 a task ran (or a claim was lost), 0 nothing is ready now,
 * -1 nothing is left for this thread (checks = 0: primary tasks only). */
static int step(load_pool *p, int checks)
{
    const load_pool_tasks *t = p->t;
    if (atomic_load(&p->failed) || atomic_load(&p->stop))
        return -1;
    if (atomic_load(&p->read_err)) {
        load_pool_fail(p);
        return -1;
    }
    uint64_t i = atomic_load(&p->next_primary);
    if (i < t->n_primary) {
        if (t->need[i] <= atomic_load(&p->avail)) {
            if (atomic_compare_exchange_weak(&p->next_primary, &i, i + 1)) {
                t->run_primary(t->ctx, i);
                atomic_store(&p->done[i], 1);
                atomic_fetch_add(&p->primary_done, 1);
                notify(p);
            }
            return 1;
        }
        if (!checks)
            return 0;
    } else if (!checks) {
        return atomic_load(&p->primary_done) == t->n_primary ? -1 : 0;
    }
    int more_primary = i < t->n_primary;
    if (t->checks_wanted(t->ctx) == 0)
        return more_primary ? 0 : -1;
    uint64_t j = atomic_load(&p->next_check);
    if (j >= t->n_check)
        return more_primary ? 0 : -1;
    if (!atomic_load(&p->done[t->dep[j]]))
        return 0;
    if (atomic_compare_exchange_weak(&p->next_check, &j, j + 1))
        t->run_check(t->ctx, j);
    return 1;
}

static void loop(load_pool *p, int checks)
{
    for (;;) {
        uint64_t seen = atomic_load(&p->gen);
        int r = step(p, checks);
        if (r < 0)
            return;
        if (r == 0)
            wait_event(p, seen);
    }
}

static void *worker_main(void *arg)
{
    loop(arg, 1);
    return NULL;
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
        if (pthread_create(&p->workers[w], NULL, worker_main, p) != 0)
            return -1;
        p->n_workers++;
    }
    return 0;
}

int load_pool_primary(load_pool *p)
{
    if (p->done == NULL)
        return -1;
    loop(p, 0);
    return atomic_load(&p->failed) || atomic_load(&p->primary_done) != p->t->n_primary ? -1 : 0;
}

static void join_workers(load_pool *p)
{
    for (unsigned w = 0; w < p->n_workers; w++)
        pthread_join(p->workers[w], NULL);
    p->n_workers = 0;
}

void load_pool_checks(load_pool *p)
{
    if (p->done != NULL)
        loop(p, 1);
    join_workers(p);
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
    return atomic_load(&p->failed) || atomic_load(&p->stop) || p->t->checks_wanted(p->t->ctx) == 0;
}

void load_pool_destroy(load_pool *p)
{
    if (p == NULL)
        return;
    atomic_store(&p->stop, 1);
    notify(p);
    join_workers(p);
    if (p->reader_started)
        pthread_join(p->reader, NULL);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
    free(p->done);
    free(p);
}
