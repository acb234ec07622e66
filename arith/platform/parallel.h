/*
 * The one fork-join helper of g16k: a small parallel-for on POSIX threads, used by the CPU plugin,
 * the setup loops (core/setup/pool.c) and the GPU plugins' host-side digit plan.
 *
 * Each call starts its own workers and joins them before returning, so calls from different
 * core threads never share state (thread-safe, re-entrant) and nothing outlives a call.
 * Starting threads costs tens of microseconds; callers pick a grain so that every chunk is far
 * larger than that, and run small jobs inline (one worker never starts a thread).
 */
#ifndef G16K_ARITH_PARALLEL_H
#define G16K_ARITH_PARALLEL_H

#include <stdint.h>

/* Work on the index range [begin, end) as worker `worker` (0 <= worker < the count returned by
 * par_workers). A worker handles many chunks, one at a time. */
typedef void par_range_fn(void *arg, uint64_t begin, uint64_t end, uint32_t worker);

/* Number of workers par_for(threads, n, grain, ...) uses: min(threads, ceil(n/grain)),
 * at least 1. Lets callers size per-worker scratch before the call. */
uint32_t par_workers(uint32_t threads, uint64_t n, uint64_t grain);

/* Split [0, n) into chunks of `grain` indices (the last may be shorter; grain 0 counts as 1) and
 * run fn on every chunk, on par_workers() workers; the calling thread is worker 0.
 * Chunks are handed out dynamically, so uneven chunks balance. Returns when all are done.
 * Never fails: if a thread cannot be started, the remaining workers do its share. */
void par_for(uint32_t threads, uint64_t n, uint64_t grain, par_range_fn *fn, void *arg);

/* A grain that gives each of `threads` workers about 4 chunks, but never below min_grain. */
uint64_t par_grain(uint64_t n, uint32_t threads, uint64_t min_grain);

#endif
