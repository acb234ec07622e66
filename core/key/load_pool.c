/*
 * The read-overlapped worker pool of load_pool.h. One mutex and condition variable serve every
 * wait: an event counter (gen) goes up on each event (bytes read, task done, owner's notify, a
 * worker stopping), and a thread that found nothing to do sleeps until it changes (at most
 * 100 ms: the caller's tick() runs at least that often). Task claiming is lock-free: an atomic
 * index per queue and for the chunks of the reading.
 */
#include "load_pool.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "formats/binfile.h"
#include "util/clock.h"

#define READ_CHUNK (4u << 20)
#define MAX_WORKERS 255u

struct load_pool {
    int fd; /* < 0: the bytes came in memory */
    const binfile_image *im;
    uint64_t size;
    double t0;
    double t_read, t_primary;   /* written before read_done / the last primary_done */
    atomic_uint_fast64_t avail; /* bytes of the file in memory, from byte 0 on */
    atomic_int read_err;
    atomic_int read_done;

    /* The reading, in chunks that any thread claims (several read at once: a copy from the page
     * cache is a core's work too); avail moves over the chunks done in order (under lock). */
    uint64_t *chunk_end; /* [n_chunks]: chunk c holds [chunk_end[c - 1], chunk_end[c]) */
    atomic_uchar *chunk_done;
    uint64_t n_chunks, first_pending;
    atomic_uint_fast64_t next_chunk;

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
    clock_deadline(&ts, 100);
    pthread_mutex_lock(&p->lock);
    if (atomic_load(&p->gen) == seen)
        pthread_cond_timedwait(&p->cond, &p->lock, &ts);
    pthread_mutex_unlock(&p->lock);
}

/* Read chunk c into its place; then move avail over the chunks done in order. */
static void read_chunk(load_pool *p, uint64_t c)
{
    uint64_t off = c ? p->chunk_end[c - 1] : 0, end = p->chunk_end[c];
    uint8_t *dst = binfile_image_at(p->im, off); /* a chunk never crosses a piece */
    int err = 0;
    while (off < end) {
        ssize_t n = pread(p->fd, dst, (size_t)(end - off), (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            err = n < 0 ? errno : -1;
            break;
        }
        off += (uint64_t)n;
        dst += n;
    }
    pthread_mutex_lock(&p->lock);
    if (err != 0) {
        if (atomic_load(&p->read_err) == 0)
            atomic_store(&p->read_err, err);
    } else {
        atomic_store(&p->chunk_done[c], 1);
        while (p->first_pending < p->n_chunks && atomic_load(&p->chunk_done[p->first_pending]))
            p->first_pending++;
        uint64_t avail = p->first_pending ? p->chunk_end[p->first_pending - 1] : 0;
        if (avail == p->size && !atomic_load(&p->read_done)) {
            p->t_read = clock_now() - p->t0;
            atomic_store(&p->read_done, 1);
        }
        atomic_store(&p->avail, avail);
    }
    atomic_fetch_add(&p->gen, 1);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
}

/* 1 if this thread read a chunk; 0 when every chunk is claimed or a read failed. */
static int try_read(load_pool *p)
{
    if (atomic_load(&p->read_err))
        return 0;
    uint64_t c = atomic_fetch_add(&p->next_chunk, 1);
    if (c >= p->n_chunks)
        return 0;
    read_chunk(p, c);
    return 1;
}

/* The chunks: READ_CHUNK bytes, also cut where a piece of the image begins. */
static int plan_chunks(load_pool *p)
{
    uint64_t cap = p->size / READ_CHUNK + (uint64_t)p->im->n + 1;
    p->chunk_end = calloc(cap, sizeof *p->chunk_end);
    p->chunk_done = calloc(cap, sizeof *p->chunk_done);
    if (p->chunk_end == NULL || p->chunk_done == NULL)
        return -1;
    uint64_t off = 0;
    for (int k = 0; k < p->im->n; k++) {
        uint64_t piece_end = p->im->off[k + 1];
        while (off < piece_end) {
            off = piece_end - off > READ_CHUNK ? off + READ_CHUNK : piece_end;
            p->chunk_end[p->n_chunks++] = off;
        }
    }
    return 0;
}

load_pool *load_pool_create(int fd, const binfile_image *im, uint64_t size)
{
    load_pool *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->fd = fd;
    p->im = im;
    p->size = size;
    if (fd >= 0 && plan_chunks(p) != 0) {
        free(p->chunk_end);
        free((void *)p->chunk_done);
        free(p);
        return NULL;
    }
    p->t0 = clock_now();
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* for clock_deadline */
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
            return -1; /* only the caller reads before load_pool_run: every chunk claimed is done */
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
                p->t_primary = clock_now() - p->t0;
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
    free(p->chunk_end);
    free((void *)p->chunk_done);
    free(p);
}
