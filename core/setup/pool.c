/*
 * Fork-join loops for setup on the one parallel-for (arith/platform/parallel.h): workers take
 * chunks of the index range dynamically (chunks cost different amounts, e.g. signals with many or
 * few terms); the calling thread is one of them and reports progress between its chunks.
 */
#include <stdatomic.h>
#include <unistd.h>

#include "internal.h"
#include "platform/parallel.h"

#define MAX_THREADS 256

typedef struct loop {
    pool_fn *fn;
    void *ctx;
    uint64_t n;
    atomic_uint_fast64_t done; /* items finished */
    progress *pg;
    const char *phase;
} loop;

static void run_chunk(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    loop *lp = arg;
    lp->fn(lp->ctx, begin, end);
    uint64_t done = atomic_fetch_add(&lp->done, end - begin) + (end - begin);
    if (worker == 0) /* the caller: progress is reported from one thread only */
        progress_update(lp->pg, lp->phase, done, lp->n);
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
    loop lp = { .fn = fn, .ctx = ctx, .n = n, .pg = pg, .phase = phase };
    atomic_init(&lp.done, 0);
    par_for(pool_threads(threads), n, chunk ? chunk : 1, run_chunk, &lp);
    progress_done(pg, phase);
}
