/*
 * The parallel-for (parallel.h): workers pull fixed-size chunks from one atomic counter. No pool
 * is kept between calls, so a call is self-contained and concurrent calls from the core's MSM
 * threads cannot block each other; the heavy calls (NTT stages, MSM windows, synthesis, setup
 * loops, the GPU digit plan) are milliseconds or more, so thread start-up is noise.
 */
#include "parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct job {
    par_range_fn *fn;
    void *arg;
    uint64_t n;
    uint64_t grain;
    atomic_uint_fast64_t next; /* first index not yet handed out */
} job;

typedef struct worker {
    job *job;
    uint32_t id;
    pthread_t thread;
} worker;

static void run_chunks(job *j, uint32_t id)
{
    for (;;) {
        uint64_t begin = atomic_fetch_add(&j->next, j->grain);
        if (begin >= j->n)
            return;
        uint64_t end = j->n - begin > j->grain ? begin + j->grain : j->n;
        j->fn(j->arg, begin, end, id);
    }
}

static void *worker_main(void *p)
{
    worker *w = p;
    run_chunks(w->job, w->id);
    return NULL;
}

uint32_t par_workers(uint32_t threads, uint64_t n, uint64_t grain)
{
    if (grain == 0)
        grain = 1;
    uint64_t chunks = n / grain + (n % grain != 0);
    uint64_t w = threads < chunks ? threads : chunks;
    return w ? (uint32_t)w : 1;
}

uint64_t par_grain(uint64_t n, uint32_t threads, uint64_t min_grain)
{
    uint64_t parts = (uint64_t)(threads ? threads : 1) * 4;
    uint64_t g = (n + parts - 1) / parts;
    if (g < min_grain)
        g = min_grain;
    return g ? g : 1;
}

void par_for(uint32_t threads, uint64_t n, uint64_t grain, par_range_fn *fn, void *arg)
{
    if (n == 0)
        return;
    if (grain == 0)
        grain = 1;
    uint32_t nw = par_workers(threads, n, grain);
    if (nw == 1) {
        fn(arg, 0, n, 0);
        return;
    }
    job j = { .fn = fn, .arg = arg, .n = n, .grain = grain };
    atomic_init(&j.next, 0);
    /* Workers 1..nw-1 run on new threads; a failed start only means fewer helpers. */
    worker *ws = calloc(nw, sizeof *ws);
    uint32_t started = 0;
    if (ws) {
        for (uint32_t i = 1; i < nw; i++) {
            ws[started].job = &j;
            ws[started].id = i;
            if (pthread_create(&ws[started].thread, NULL, worker_main, &ws[started]) != 0)
                break;
            started++;
        }
    }
    run_chunks(&j, 0);
    for (uint32_t i = 0; i < started; i++)
        pthread_join(ws[i].thread, NULL);
    free(ws);
}
