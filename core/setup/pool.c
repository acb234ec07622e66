/*
 * Fork-join loops for setup: workers take chunks of the index range from one atomic counter
 * (dynamic scheduling: chunks cost different amounts, e.g. signals with many or few terms) while
 * the calling thread sleeps and reports progress. Threads are created per loop: a setup runs a
 * dozen loops, each of seconds or more, so a persistent pool would save nothing measurable.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

#define MAX_THREADS 256

typedef struct loop {
    pool_fn *fn;
    void *ctx;
    uint64_t n;
    uint64_t chunk;
    atomic_uint_fast64_t next; /* first index not yet taken */
    atomic_uint_fast64_t done; /* items finished */
    atomic_uint running;       /* workers not yet finished */
} loop;

static void *worker(void *arg)
{
    loop *lp = arg;
    for (;;) {
        uint64_t b = atomic_fetch_add(&lp->next, lp->chunk);
        if (b >= lp->n)
            break;
        uint64_t e = b + lp->chunk < lp->n ? b + lp->chunk : lp->n;
        lp->fn(lp->ctx, b, e);
        atomic_fetch_add(&lp->done, e - b);
    }
    atomic_fetch_sub(&lp->running, 1);
    return NULL;
}

unsigned pool_threads(unsigned requested)
{
    if (requested)
        return requested > MAX_THREADS ? MAX_THREADS : requested;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (unsigned)n;
}

void pool_run(unsigned threads, uint64_t n, uint64_t chunk, pool_fn *fn, void *ctx, progress *pg,
              const char *phase)
{
    pthread_t tid[MAX_THREADS];
    loop lp = { .fn = fn, .ctx = ctx, .n = n, .chunk = chunk ? chunk : 1 };
    unsigned t = pool_threads(threads);
    unsigned started = 0;
    atomic_init(&lp.next, 0);
    atomic_init(&lp.done, 0);
    atomic_init(&lp.running, t);
    for (; started < t; started++)
        if (pthread_create(&tid[started], NULL, worker, &lp) != 0)
            break;
    if (started == 0) {
        atomic_store(&lp.running, 1);
        worker(&lp); /* no thread could be created: do it all here */
    } else {
        atomic_fetch_sub(&lp.running, t - started);
        /* Poll from 1 ms up to 50 ms, so tiny loops (test fixtures) do not wait long. */
        long nap_ns = 1000 * 1000;
        while (atomic_load(&lp.running) > 0) {
            struct timespec ts = { 0, nap_ns };
            progress_update(pg, phase, atomic_load(&lp.done), n);
            nanosleep(&ts, NULL);
            if (nap_ns < 50 * 1000 * 1000)
                nap_ns *= 2;
        }
        for (unsigned i = 0; i < started; i++)
            pthread_join(tid[i], NULL);
    }
    progress_done(pg, phase);
}
