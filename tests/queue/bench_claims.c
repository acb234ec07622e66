/*
 * How many jobs a queue database turns over per second, without proving: N submits (one
 * connection, each a transaction with a WITNESS-byte witness), then T threads on their own
 * connections each claim and end (done, a 1 kB proof text) until nothing is left, as workers
 * whose proofs take no time. Prints one JSON object (docs/queue-fleet.md quotes it):
 *   {"backend", "jobs", "threads", "witness_bytes", "submit_per_s", "claim_end_per_s"}
 * usage: bench_queue_claims URL N T [WITNESS_BYTES]   (the queue is initialised, not emptied:
 * use a fresh database)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "queue/queue.h"

static const char *url;
static char digest[QUEUE_DIGEST_HEX];
static char proof[1024];

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct claimer {
    char name[32];
    long done;
    int failed;
} claimer;

static void *claim_loop(void *arg)
{
    claimer *c = arg;
    queue_worker w = { .name = c->name, .lease_ms = 60000 };
    char d[1][QUEUE_DIGEST_HEX];
    queue *q;
    memcpy(d[0], digest, QUEUE_DIGEST_HEX);
    if (queue_open(url, 0, &q) != QUEUE_OK || queue_worker_register(q, &w, d, 1) != QUEUE_OK) {
        fprintf(stderr, "%s: %s\n", c->name, queue_last_error());
        c->failed = 1;
        return NULL;
    }
    for (;;) {
        queue_claim cl;
        int rc = queue_claim_job(q, &w, &cl);
        if (rc == QUEUE_ENOTFOUND)
            break;
        if (rc == QUEUE_EDOWN)
            continue; /* SQLite busy past its timeout */
        if (rc != QUEUE_OK) {
            fprintf(stderr, "%s: %s\n", c->name, queue_last_error());
            c->failed = 1;
            break;
        }
        queue_end e = { .kind = QUEUE_END_DONE, .proof = proof, .pub = "[]", .timings = "{}" };
        if (queue_end_job(q, &w, &cl, &e) == QUEUE_OK)
            c->done++;
        queue_claim_cleanup(&cl);
    }
    queue_close(q);
    return NULL;
}

int main(int argc, char **argv)
{
    queue *q;
    int from, roles;
    long n, threads, wbytes;
    if (argc < 4) {
        fprintf(stderr, "usage: %s URL N THREADS [WITNESS_BYTES]\n", argv[0]);
        return 2;
    }
    url = argv[1];
    n = atol(argv[2]);
    threads = atol(argv[3]);
    wbytes = argc > 4 ? atol(argv[4]) : 16384;
    if (n < 1 || threads < 1 || threads > 64 || wbytes < 1) {
        fprintf(stderr, "bad N, THREADS or WITNESS_BYTES\n");
        return 2;
    }
    memset(proof, 'p', sizeof proof - 1);
    queue_key_digest("bench", 5, digest);
    uint8_t *wit = calloc(1, (size_t)wbytes);
    if (!wit || queue_open(url, 1, &q) != QUEUE_OK ||
        queue_init(q, NULL, &from, &roles) != QUEUE_OK) {
        fprintf(stderr, "%s\n", queue_last_error());
        return 1;
    }
    queue_new_job j = {
        .key_digest = digest, .witness = wit, .witness_len = (size_t)wbytes, .n_vars = 1
    };
    double t0 = now();
    for (long i = 0; i < n; i++) {
        int64_t id;
        if (queue_submit(q, &j, &id) != QUEUE_OK) {
            fprintf(stderr, "submit: %s\n", queue_last_error());
            return 1;
        }
    }
    double t_submit = now() - t0;
    queue_close(q);
    free(wit);

    claimer *cl = calloc((size_t)threads, sizeof *cl);
    pthread_t *th = calloc((size_t)threads, sizeof *th);
    long done = 0;
    t0 = now();
    for (long t = 0; t < threads; t++) {
        snprintf(cl[t].name, sizeof cl[t].name, "bench-%ld", t);
        pthread_create(&th[t], NULL, claim_loop, &cl[t]);
    }
    for (long t = 0; t < threads; t++) {
        pthread_join(th[t], NULL);
        if (cl[t].failed)
            return 1;
        done += cl[t].done;
    }
    double t_claim = now() - t0;
    if (done != n) {
        fprintf(stderr, "%ld jobs done, expected %ld\n", done, n);
        return 1;
    }
    printf("{\"backend\": \"%s\", \"jobs\": %ld, \"threads\": %ld, \"witness_bytes\": %ld, "
           "\"submit_per_s\": %.1f, \"claim_end_per_s\": %.1f}\n",
           strncmp(url, "sqlite:", 7) == 0 ? "sqlite" : "postgresql", n, threads, wbytes,
           n / t_submit, n / t_claim);
    free(cl);
    free(th);
    return 0;
}
