/*
 * Submit-to-result latency through the queue API alone, without the CLI's process starts: one
 * connection submits a job (the witness file read once, the key digest computed once), waits
 * for its end (QUEUE_WAKE_DONE: LISTEN on PostgreSQL, data_version polling on SQLite) and reads
 * it back; N times, pausing between jobs so the worker is idle when each arrives. A worker must
 * be running on the queue with the key. Prints one JSON object of medians (seconds):
 *   {"backend", "runs", "e2e_s", "prove_s", "queue_s" (e2e - prove), "wake_s" (claimed -
 *    submitted, database clock)}
 * usage: bench_queue_latency URL ZKEY WTNS N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "queue/queue.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    void *buf = NULL;
    long n;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0 ||
        !(buf = malloc((size_t)n + 1)) || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(1);
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* prove.total from the worker's timings JSON. */
static double prove_seconds(const char *timings)
{
    json_object *o = timings ? json_tokener_parse(timings) : NULL, *p, *t;
    double s = 0;
    if (o && json_object_object_get_ex(o, "prove", &p) && json_object_object_get_ex(p, "total", &t))
        s = json_object_get_double(t);
    json_object_put(o);
    return s;
}

int main(int argc, char **argv)
{
    char digest[QUEUE_DIGEST_HEX];
    size_t klen, wlen;
    queue *q;
    if (argc != 5 || atoi(argv[4]) < 1) {
        fprintf(stderr, "usage: %s URL ZKEY WTNS N\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[4]);
    void *key = slurp(argv[2], &klen), *wit = slurp(argv[3], &wlen);
    queue_key_digest(key, klen, digest);
    free(key);
    if (queue_open(argv[1], 0, &q) != QUEUE_OK) {
        fprintf(stderr, "%s\n", queue_last_error());
        return 1;
    }
    double *e2e = calloc((size_t)n, sizeof *e2e), *prove = calloc((size_t)n, sizeof *prove);
    double *queue_s = calloc((size_t)n, sizeof *queue_s), *wake = calloc((size_t)n, sizeof *wake);
    /* n_vars is informational for workers (the prover checks the witness against its key) */
    queue_new_job j = {
        .key_digest = digest, .key_hint = "bench", .witness = wit, .witness_len = wlen, .n_vars = 1
    };
    queue_wait(q, QUEUE_WAKE_DONE, 0, -1); /* listen before the first job */
    for (int i = 0; i < n; i++) {
        struct timespec pause = { 0, 300 * 1000000L };
        queue_job_info info;
        int64_t id;
        nanosleep(&pause, NULL);
        double t0 = now();
        if (queue_submit(q, &j, &id) != QUEUE_OK) {
            fprintf(stderr, "submit: %s\n", queue_last_error());
            return 1;
        }
        for (;;) {
            if (queue_job_get(q, id, &info, NULL, NULL) != QUEUE_OK) {
                fprintf(stderr, "job: %s\n", queue_last_error());
                return 1;
            }
            if (strcmp(info.state, "done") == 0 || strcmp(info.state, "failed") == 0)
                break;
            queue_job_info_cleanup(&info);
            queue_wait(q, QUEUE_WAKE_DONE, 1000, -1);
        }
        e2e[i] = now() - t0;
        if (strcmp(info.state, "done") != 0) {
            fprintf(stderr, "job %lld failed: %s\n", (long long)id, info.error);
            return 1;
        }
        prove[i] = prove_seconds(info.timings);
        queue_s[i] = e2e[i] - prove[i];
        wake[i] = info.claimed_at - info.submitted_at;
        queue_job_info_cleanup(&info);
    }
    printf("{\"backend\": \"%s\", \"runs\": %d, \"e2e_s\": %.4f, \"prove_s\": %.4f, "
           "\"queue_s\": %.4f, \"wake_s\": %.4f}\n",
           strncmp(argv[1], "sqlite:", 7) == 0 ? "sqlite" : "postgresql", n, median(e2e, n),
           median(prove, n), median(queue_s, n), median(wake, n));
    queue_close(q);
    free(wit);
    free(e2e);
    free(prove);
    free(queue_s);
    free(wake);
    return 0;
}
