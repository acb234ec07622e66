/*
 * `g16k worker`: claim jobs from a queue, prove them with resident keys, store the results.
 *
 * One process: one g16k_prover (prover.ini), one keystore (keystore.h), jobs_in_flight slots
 * (threads, each with its own database connection) that claim, fetch the witness, prove
 * (the proof is always pairing-checked) and end their job, and one lease thread (its own
 * connection) that renews the worker's heartbeat and every held lease each lease/3. A slot whose
 * lease is lost cancels its proof (the progress callback) and discards the result.
 * Outcomes (docs/queue.md): a job with bad input (a key that fails its checks, a witness of
 * another circuit or malformed, an unsatisfied witness, a key no live worker has) ends failed on
 * its first attempt with g16k's message; provider errors and I/O trouble are retried after a
 * backoff until the queue's max_attempts; a broken database connection is reconnected with
 * backoff (100 ms doubling to 5 s) and the operation retried while the lease holds.
 */
#ifndef G16K_QUEUE_WORKER_H
#define G16K_QUEUE_WORKER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct worker_opts {
    const char *queue_url;
    const char *config;          /* prover.ini; NULL: the built-in one (g16k_prover_open_default) */
    const char *const *key_dirs; /* the only places keys are looked for */
    size_t n_key_dirs;
    long max_jobs;      /* stop after claiming this many (0: no limit) */
    double idle_exit;   /* stop after this many seconds without a job (0: never) */
    uint64_t keys_mem;  /* budget of resident keys, bytes */
    int jobs_in_flight; /* slots, >= 1 */
    int lease_ms;       /* lease length; renewed every lease_ms / 3 */
    FILE *log;          /* one line per job and event */
} worker_opts;

/* worker_run's status when the queue refused (first connection, registration, a claim denied). */
#define WORKER_EQUEUE (-100)

/* Run until stopped (worker_request_stop), max_jobs or idle_exit. Returns 0, a negative
 * g16k_status from the start-up (config, plugins, keys folders), or WORKER_EQUEUE, with the
 * message in err. Jobs' own failures never end the worker. One worker per process. */
int worker_run(const worker_opts *o, char *err, size_t err_len);

/* Ask the running worker to stop: hard = 0 finishes the jobs in hand first; hard = 1 cancels
 * them and releases them to the queue (their attempt not counted). Async-signal-safe. */
void worker_request_stop(int hard);

#endif
