/*
 * Parallel decoding and validation of zkey point arrays (zkey_points.h). The arrays are cut into
 * fixed chunks that threads take from one atomic counter, so a G2 section (slower per point) does
 * not leave the other threads idle. The first failure stops everyone at the next chunk.
 * Arithmetic (decoding, curve and subgroup tests) is core/bls12_381's.
 */
#include "zkey_points.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#define CHUNK_POINTS 1024u
#define MAX_THREADS 256u

const char *zkey_point_g1(g1_affine_t *out, const uint8_t in[96], int allow_inf,
                           int skip_subgroup)
{
    if (g1_affine_from_bytes_mont(out, in) != 0)
        return "a coordinate is >= p";
    if (g1_affine_is_inf(out))
        return allow_inf ? NULL : "point at infinity not allowed here";
    if (!g1_affine_is_on_curve(out))
        return "point not on the curve";
    if (!skip_subgroup && !g1_affine_in_subgroup(out))
        return "point not in the prime-order subgroup";
    return NULL;
}

const char *zkey_point_g2(g2_affine_t *out, const uint8_t in[192], int allow_inf,
                           int skip_subgroup)
{
    if (g2_affine_from_bytes_mont(out, in) != 0)
        return "a coordinate is >= p";
    if (g2_affine_is_inf(out))
        return allow_inf ? NULL : "point at infinity not allowed here";
    if (!g2_affine_is_on_curve(out))
        return "point not on the curve";
    if (!skip_subgroup && !g2_affine_in_subgroup(out))
        return "point not in the prime-order subgroup";
    return NULL;
}

typedef struct shared {
    const zkey_point_job *jobs;
    uint32_t n_jobs;
    uint64_t jobs_points;       /* points in all jobs */
    uint64_t *chunk_start;      /* n_jobs + 1 prefix sums of chunk counts */
    atomic_uint_fast64_t next;  /* next chunk to take */
    atomic_int failed;          /* a bad point, a failed start or a cancel: everyone stops */
    atomic_uint_fast64_t done;  /* points validated, for progress */
    const zkey_points_progress *progress;   /* NULL = none */
    pthread_t caller;           /* the one thread that reports progress */
    int canceled;               /* set by the caller's thread only */
    pthread_mutex_t lock;       /* guards err */
    zkey_point_error err;
} shared;

static void run_chunk(shared *sh, uint64_t chunk)
{
    uint32_t j = 0;
    while (sh->chunk_start[j + 1] <= chunk)
        j++;
    const zkey_point_job *job = &sh->jobs[j];
    uint64_t begin = (chunk - sh->chunk_start[j]) * CHUNK_POINTS;
    uint64_t end = begin + CHUNK_POINTS < job->count ? begin + CHUNK_POINTS : job->count;
    for (uint64_t i = begin; i < end; i++) {
        const char *what;
        if (job->g2)
            what = zkey_point_g2((g2_affine_t *)job->dst + i, job->src + i * 192, job->allow_inf,
                                 job->skip_subgroup);
        else
            what = zkey_point_g1((g1_affine_t *)job->dst + i, job->src + i * 96, job->allow_inf,
                                 job->skip_subgroup);
        if (what != NULL) {
            pthread_mutex_lock(&sh->lock);
            if (!atomic_load(&sh->failed)) {
                sh->err.job = j;
                sh->err.index = i;
                sh->err.what = what;
                atomic_store(&sh->failed, 1);
            }
            pthread_mutex_unlock(&sh->lock);
            return;
        }
    }
    atomic_fetch_add(&sh->done, end - begin);
}

/* On the caller's thread: report, and stop everyone when asked to. */
static void report(shared *sh)
{
    uint64_t total = sh->jobs_points;
    if (!sh->progress || !pthread_equal(pthread_self(), sh->caller))
        return;
    if (sh->progress->fn(sh->progress->user, "check", atomic_load(&sh->done), total) != 0) {
        sh->canceled = 1;
        atomic_store(&sh->failed, 1);
    }
}

static void *worker(void *arg)
{
    shared *sh = arg;
    uint64_t total = sh->chunk_start[sh->n_jobs];
    while (!atomic_load(&sh->failed)) {
        uint64_t c = atomic_fetch_add(&sh->next, 1);
        if (c >= total)
            break;
        run_chunk(sh, c);
        report(sh);
    }
    return NULL;
}

int zkey_points_validate(const zkey_point_job *jobs, uint32_t n_jobs, unsigned threads,
                         const zkey_points_progress *progress, zkey_point_error *err)
{
    shared sh = {.jobs = jobs, .n_jobs = n_jobs, .progress = progress, .caller = pthread_self()};
    sh.chunk_start = malloc(((size_t)n_jobs + 1) * sizeof(uint64_t));
    if (sh.chunk_start == NULL)
        return -1;
    sh.chunk_start[0] = 0;
    for (uint32_t j = 0; j < n_jobs; j++) {
        sh.chunk_start[j + 1] =
            sh.chunk_start[j] + (jobs[j].count + CHUNK_POINTS - 1) / CHUNK_POINTS;
        sh.jobs_points += jobs[j].count;
    }
    uint64_t total = sh.chunk_start[n_jobs];
    atomic_init(&sh.next, 0);
    atomic_init(&sh.failed, 0);
    atomic_init(&sh.done, 0);
    report(&sh);
    pthread_mutex_init(&sh.lock, NULL);

    if (threads == 0)
        threads = 1;
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    if (threads > total)
        threads = total > 0 ? (unsigned)total : 1;

    pthread_t tid[MAX_THREADS];
    unsigned started = 0;
    int rc = 0;
    for (unsigned t = 1; t < threads; t++) {
        if (pthread_create(&tid[started], NULL, worker, &sh) != 0) {
            /* Stop the ones running and report; the caller sets the message. */
            atomic_store(&sh.failed, 1);
            rc = -1;
            break;
        }
        started++;
    }
    if (rc == 0)
        worker(&sh);
    for (unsigned t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (rc == 0 && !atomic_load(&sh.failed))
        report(&sh);   /* done == total */
    pthread_mutex_destroy(&sh.lock);
    free(sh.chunk_start);
    if (rc != 0)
        return rc;
    if (sh.canceled)
        return ZKEY_POINTS_CANCELED;
    if (atomic_load(&sh.failed)) {
        *err = sh.err;
        return 1;
    }
    return 0;
}
