/*
 * The queue's claim, lease and end logic (queue/queue.h) against a real database: the same
 * tests for each backend, chosen by the URL in argv[1] (sqlite:PATH, or a libpq connection
 * string of a server started by with_pg.sh). Every test starts from an empty database.
 *   - init is idempotent, keeps or replaces settings, refuses a newer schema; open refuses none;
 *   - claims follow priority then submission order, and each job is claimed once;
 *   - the lease token: only the claiming worker's attempt may renew or end a job; a second end
 *     (idempotent), an end after expiry, an end by the old holder after a reclaim change nothing;
 *   - expiry returns a job with its attempt count; the last allowed attempt fails it;
 *   - retry waits retry_ms and fails on max_attempts; release does not count the attempt;
 *   - failed/done jobs keep their error or proof and lose their witness;
 *   - witness limit in the API and in the database itself (a raw insert);
 *   - key routing: a worker claims jobs of its keys, or of keys no live worker holds;
 *   - 4 threads on their own connections claim 40 jobs: each exactly once;
 *   - a waiter is woken by another connection's submit.
 * No timing is asserted except that expiry happens after its lease (sleeps of a few lease
 * lengths) and a wake-up comes before a long timeout.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include "queue/internal.h"

static const char *url;
static char digest_a[QUEUE_DIGEST_HEX], digest_b[QUEUE_DIGEST_HEX], digest_c[QUEUE_DIGEST_HEX];
static const uint8_t witness[] = "wtns: the queue stores these bytes without reading them";

static int is_sqlite(void)
{
    return strncmp(url, "sqlite:", 7) == 0;
}

/* Raw SQL on the test database, bypassing the queue API (returns 0 when it ran). */
static int raw_sql(const char *sql)
{
    if (is_sqlite()) {
        sqlite3 *db;
        int rc = sqlite3_open(url + 7, &db);
        if (rc == SQLITE_OK) {
            sqlite3_busy_timeout(db, 5000);
            rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
        }
        sqlite3_close(db);
        return rc == SQLITE_OK ? 0 : -1;
    }
    PGconn *c = PQconnectdb(url);
    PGresult *r = PQexec(c, sql);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    PQclear(r);
    PQfinish(c);
    return ok ? 0 : -1;
}

/* The timed cases: a check meant to land inside a lease, a retry delay or a worker's silence
 * gets a window of 500 ms or more (so a loaded machine under ASan still makes it), and each
 * sleep ends at least 200 ms past the deadline it waits for. */
static void msleep(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

static queue *open_q(void)
{
    queue *q;
    int rc = queue_open(url, 0, &q);
    if (rc != QUEUE_OK)
        fail_msg("queue_open: %s", queue_last_error());
    return q;
}

/* A fresh, initialised queue with these settings (0: defaults). */
static int reset(void **state)
{
    queue_settings set = { 1 << 20, 3 };
    queue *q;
    int from, roles;
    (void)state;
    if (is_sqlite()) {
        char p[1024];
        unlink(url + 7);
        snprintf(p, sizeof p, "%s-wal", url + 7);
        unlink(p);
        snprintf(p, sizeof p, "%s-shm", url + 7);
        unlink(p);
    } else if (raw_sql("SET client_min_messages = warning; DROP SCHEMA public CASCADE; CREATE "
                       "SCHEMA public") != 0) {
        return -1;
    }
    if (queue_open(url, 1, &q) != QUEUE_OK || queue_init(q, &set, &from, &roles) != QUEUE_OK) {
        fprintf(stderr, "reset: %s\n", queue_last_error());
        return -1;
    }
    queue_close(q);
    return 0;
}

static int64_t submit(queue *q, const char *digest, int priority)
{
    queue_new_job j = { .key_digest = digest,
                        .key_hint = "k.zkey",
                        .witness = witness,
                        .witness_len = sizeof witness,
                        .n_vars = 4,
                        .priority = priority,
                        .label = "test" };
    int64_t id = 0;
    if (queue_submit(q, &j, &id) != QUEUE_OK)
        fail_msg("submit: %s", queue_last_error());
    return id;
}

static queue_worker worker_with(queue *q, const char *name, int lease_ms, const char *digest)
{
    queue_worker w = { .name = name, .lease_ms = lease_ms };
    char d[1][QUEUE_DIGEST_HEX];
    if (digest)
        memcpy(d[0], digest, QUEUE_DIGEST_HEX);
    if (queue_worker_register(q, &w, d, digest ? 1 : 0) != QUEUE_OK)
        fail_msg("register: %s", queue_last_error());
    return w;
}

static void get(queue *q, int64_t id, queue_job_info *j, char **proof)
{
    if (queue_job_get(q, id, j, proof, NULL) != QUEUE_OK)
        fail_msg("job_get: %s", queue_last_error());
}

static void end_done(queue *q, const queue_worker *w, const queue_claim *c, const char *proof,
                     int expect)
{
    queue_end e = { .kind = QUEUE_END_DONE, .proof = proof, .pub = "[]", .timings = "{}" };
    assert_int_equal(queue_end_job(q, w, c, &e), expect);
}

static void test_init_idempotent(void **state)
{
    queue_settings set = { 0, 0 }, got;
    queue *q;
    int from, roles;
    (void)state;
    assert_int_equal(queue_open(url, 1, &q), QUEUE_OK);
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_OK);
    assert_int_equal(from, QUEUE_SCHEMA_VERSION);
    assert_int_equal(queue_settings_get(q, &got), QUEUE_OK);
    assert_int_equal(got.max_witness_bytes, 1 << 20); /* kept from reset() */
    assert_int_equal(got.max_attempts, 3);
    set.max_attempts = 7;
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_OK);
    assert_int_equal(queue_settings_get(q, &got), QUEUE_OK);
    assert_int_equal(got.max_attempts, 7);
    assert_int_equal(got.max_witness_bytes, 1 << 20);
    set.max_witness_bytes = QUEUE_WITNESS_CEILING + 1;
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_EINVAL);
    queue_close(q);

    /* a schema from a newer g16k is refused by open and by init */
    assert_int_equal(raw_sql("UPDATE g16k_schema SET version = 99"), 0);
    assert_int_equal(queue_open(url, 0, &q), QUEUE_ESCHEMA);
    assert_non_null(strstr(queue_last_error(), "newer"));
    assert_int_equal(queue_open(url, 1, &q), QUEUE_OK);
    set.max_witness_bytes = 0;
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_ESCHEMA);
    queue_close(q);
    /* and no schema at all is named as such */
    assert_int_equal(raw_sql("DROP TABLE g16k_schema"), 0);
    assert_int_equal(queue_open(url, 0, &q), QUEUE_ESCHEMA);
    assert_non_null(strstr(queue_last_error(), "queue init"));
}

static void test_claim_order_once(void **state)
{
    queue *q = open_q();
    queue_worker w = worker_with(q, "w1", 60000, digest_a);
    queue_claim c;
    int64_t first = submit(q, digest_a, 0), high = submit(q, digest_a, 5),
            last = submit(q, digest_a, 0);
    const int64_t order[] = { high, first, last };
    (void)state;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
        assert_int_equal(c.id, order[i]);
        assert_int_equal(c.attempt, 1);
        assert_string_equal(c.key_digest, digest_a);
        assert_string_equal(c.key_hint, "k.zkey");
        assert_string_equal(c.label, "test");
        assert_int_equal(c.witness_bytes, sizeof witness);
        assert_int_equal(c.n_vars, 4);
        assert_true(c.key_held);
        assert_int_equal(c.max_attempts, 3);
        queue_claim_cleanup(&c);
    }
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_ENOTFOUND);
    queue_close(q);
}

static void test_lease_token(void **state)
{
    queue *q = open_q();
    queue_worker w = worker_with(q, "w1", 60000, digest_a),
                 other = worker_with(q, "w2", 60000, NULL);
    queue_claim c, wrong;
    queue_job_info j;
    void *data;
    size_t len;
    char *proof;
    int64_t id = submit(q, digest_a, 0);
    (void)state;
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
    assert_int_equal(c.id, id);
    assert_int_equal(queue_fetch_witness(q, &c, &data, &len), QUEUE_OK);
    assert_int_equal(len, sizeof witness);
    assert_memory_equal(data, witness, len);
    free(data);
    get(q, id, &j, NULL);
    assert_string_equal(j.state, "running");
    assert_string_equal(j.worker, "w1");
    assert_true(j.claimed_at >= j.submitted_at);
    queue_job_info_cleanup(&j);

    wrong = c;
    wrong.attempt = 2;
    end_done(q, &w, &wrong, "wrong attempt", QUEUE_ENOTFOUND);
    end_done(q, &other, &c, "wrong worker", QUEUE_ENOTFOUND);
    assert_int_equal(queue_renew(q, &other, &c), QUEUE_ENOTFOUND);
    assert_int_equal(queue_renew(q, &w, &c), QUEUE_OK);
    end_done(q, &w, &c, "the proof", QUEUE_OK);
    /* ending it again (a retry after a lost connection) is idempotent: nothing new stored */
    end_done(q, &w, &c, "twice", QUEUE_OK);
    assert_int_equal(queue_renew(q, &w, &c), QUEUE_ENOTFOUND);

    get(q, id, &j, &proof);
    assert_string_equal(j.state, "done");
    assert_int_equal(j.attempts, 1);
    assert_string_equal(proof, "the proof");
    assert_string_equal(j.timings, "{}");
    assert_true(j.finished_at >= j.claimed_at);
    free(proof);
    queue_job_info_cleanup(&j);
    /* a done job's witness is gone */
    assert_int_equal(queue_fetch_witness(q, &c, &data, &len), QUEUE_ENOTFOUND);
    queue_claim_cleanup(&c);
    queue_close(q);
}

static void test_lease_expiry(void **state)
{
    queue *q = open_q();
    queue_worker a = worker_with(q, "a", 1000, digest_a), b = worker_with(q, "b", 60000, digest_a);
    queue_claim ca, cb;
    queue_job_info j;
    char *proof;
    int64_t id = submit(q, digest_a, 0);
    (void)state;
    assert_int_equal(queue_claim_job(q, &a, &ca), QUEUE_OK);
    assert_int_equal(queue_claim_job(q, &b, &cb), QUEUE_ENOTFOUND); /* held */
    msleep(1200);
    assert_int_equal(queue_renew(q, &a, &ca), QUEUE_ENOTFOUND); /* expired */
    assert_int_equal(queue_claim_job(q, &b, &cb), QUEUE_OK);
    assert_int_equal(cb.id, id);
    assert_int_equal(cb.attempt, 2);               /* counted */
    end_done(q, &a, &ca, "late", QUEUE_ENOTFOUND); /* discarded */
    end_done(q, &b, &cb, "b's proof", QUEUE_OK);
    get(q, id, &j, &proof);
    assert_string_equal(j.state, "done");
    assert_string_equal(j.worker, "b");
    assert_string_equal(proof, "b's proof");
    free(proof);
    queue_job_info_cleanup(&j);
    queue_claim_cleanup(&ca);
    queue_claim_cleanup(&cb);
    queue_close(q);
}

static void test_expiry_max_attempts(void **state)
{
    queue *q = open_q();
    queue_settings set = { 0, 2 };
    queue_worker a = worker_with(q, "a", 200, digest_a);
    queue_claim c;
    queue_job_info j;
    void *data;
    size_t len;
    int from, roles;
    int64_t id = submit(q, digest_a, 0);
    (void)state;
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_OK);
    for (int att = 1; att <= 2; att++) {
        assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_OK);
        assert_int_equal(c.attempt, att);
        queue_claim_cleanup(&c);
        msleep(500);
    }
    assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_ENOTFOUND); /* failed, not claimed */
    get(q, id, &j, NULL);
    assert_string_equal(j.state, "failed");
    assert_int_equal(j.attempts, 2);
    assert_string_equal(j.error_code, "G16K_EINTERNAL");
    assert_non_null(strstr(j.error, "expired on attempt 2 of 2"));
    queue_job_info_cleanup(&j);
    assert_int_equal(queue_fetch_witness(q, &(queue_claim){ .id = id }, &data, &len),
                     QUEUE_ENOTFOUND);
    queue_close(q);
}

static void test_retry_and_release(void **state)
{
    queue *q = open_q();
    queue_settings set = { 0, 2 };
    queue_worker w = worker_with(q, "w", 60000, digest_a);
    queue_end retry = {
        .kind = QUEUE_END_RETRY, .error_code = "G16K_ENODEV", .error = "no device", .retry_ms = 1000
    };
    queue_end release = { .kind = QUEUE_END_RELEASE };
    queue_claim c;
    queue_job_info j;
    int from, roles;
    int64_t id = submit(q, digest_a, 0);
    (void)state;
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_OK);

    /* release: back to the queue, the attempt not counted */
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
    assert_int_equal(queue_end_job(q, &w, &c, &release), QUEUE_OK);
    assert_int_equal(queue_end_job(q, &w, &c, &release), QUEUE_ENOTFOUND);
    queue_claim_cleanup(&c);
    get(q, id, &j, NULL);
    assert_string_equal(j.state, "queued");
    assert_int_equal(j.attempts, 0);
    queue_job_info_cleanup(&j);

    /* retry: queued again after retry_ms, with the error kept */
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
    assert_int_equal(c.attempt, 1);
    assert_int_equal(queue_end_job(q, &w, &c, &retry), QUEUE_OK);
    queue_claim_cleanup(&c);
    get(q, id, &j, NULL);
    assert_string_equal(j.state, "queued");
    assert_string_equal(j.error, "no device");
    queue_job_info_cleanup(&j);
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_ENOTFOUND); /* not due yet */
    msleep(1200);
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
    assert_int_equal(c.attempt, 2);
    /* the last attempt's error fails it */
    assert_int_equal(queue_end_job(q, &w, &c, &retry), QUEUE_OK);
    queue_claim_cleanup(&c);
    get(q, id, &j, NULL);
    assert_string_equal(j.state, "failed");
    assert_string_equal(j.error_code, "G16K_ENODEV");
    assert_string_equal(j.error, "no device (attempt 2 of 2)");
    queue_job_info_cleanup(&j);
    queue_close(q);
}

static void test_failed_keeps_error(void **state)
{
    queue *q = open_q();
    queue_worker w = worker_with(q, "w", 60000, digest_a);
    queue_end e = { .kind = QUEUE_END_FAILED,
                    .error_code = "G16K_EVERIFY",
                    .error = "the witness does not satisfy the circuit" };
    queue_claim c;
    queue_job_info j;
    void *data;
    size_t len;
    char *proof;
    int64_t id = submit(q, digest_a, 0);
    (void)state;
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
    assert_int_equal(queue_end_job(q, &w, &c, &e), QUEUE_OK);
    queue_claim_cleanup(&c);
    c.id = id;
    get(q, id, &j, &proof);
    assert_string_equal(j.state, "failed");
    assert_int_equal(j.attempts, 1);
    assert_string_equal(j.error_code, "G16K_EVERIFY");
    assert_string_equal(j.error, e.error);
    assert_null(proof);
    queue_job_info_cleanup(&j);
    assert_int_equal(queue_fetch_witness(q, &c, &data, &len), QUEUE_ENOTFOUND);
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_ENOTFOUND);
    queue_claim_cleanup(&c);
    queue_close(q);
}

static void test_witness_limit(void **state)
{
    queue *q = open_q();
    queue_settings set = { 16, 0 };
    queue_new_job j = {
        .key_digest = digest_a, .witness = witness, .witness_len = sizeof witness, .n_vars = 4
    };
    int64_t id;
    int from, roles;
    (void)state;
    assert_int_equal(queue_init(q, &set, &from, &roles), QUEUE_OK);
    assert_int_equal(queue_submit(q, &j, &id), QUEUE_ETOOBIG);
    assert_non_null(strstr(queue_last_error(), "limit of 16 bytes"));
    /* the database refuses it too, whoever inserts (here past the API's own check) */
    assert_int_equal(q->ops->submit(q, &j, &id), QUEUE_ETOOBIG);
    j.witness_len = 16;
    assert_int_equal(queue_submit(q, &j, &id), QUEUE_OK);
    /* and a job with a malformed digest never gets in */
    j.key_digest = "ABC";
    assert_int_equal(queue_submit(q, &j, &id), QUEUE_EINVAL);
    queue_close(q);
}

static void test_key_routing(void **state)
{
    queue *q = open_q();
    queue_worker a = worker_with(q, "a", 60000, digest_a), b = worker_with(q, "b", 500, digest_b);
    queue_claim c;
    int64_t jb = submit(q, digest_b, 0), jc = submit(q, digest_c, 0);
    (void)state;
    /* a skips b's job (b is live and holds its key) but takes the one nobody can do */
    assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_OK);
    assert_int_equal(c.id, jc);
    assert_false(c.key_held);
    queue_claim_cleanup(&c);
    assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_ENOTFOUND);
    /* b takes its own */
    assert_int_equal(queue_claim_job(q, &b, &c), QUEUE_OK);
    assert_int_equal(c.id, jb);
    assert_true(c.key_held);
    /* b goes silent (no heartbeat for 3 leases) while its job's lease expires: a may take it */
    msleep(1700);
    queue_claim_cleanup(&c);
    assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_OK);
    assert_int_equal(c.id, jb);
    assert_int_equal(c.attempt, 2);
    assert_false(c.key_held);
    queue_claim_cleanup(&c);
    /* an unregistered worker's keys count no more */
    int64_t jb2 = submit(q, digest_b, 0);
    assert_int_equal(queue_worker_heartbeat(q, &b), QUEUE_OK);
    assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_ENOTFOUND);
    assert_int_equal(queue_worker_unregister(q, &b), QUEUE_OK);
    assert_int_equal(queue_worker_heartbeat(q, &b), QUEUE_ENOTFOUND);
    assert_int_equal(queue_claim_job(q, &a, &c), QUEUE_OK);
    assert_int_equal(c.id, jb2);
    queue_claim_cleanup(&c);
    queue_close(q);
}

#define N_THREADS 4
#define N_JOBS 40

typedef struct claimer {
    char name[16];
    int64_t got[N_JOBS];
    int n;
    int errors;
} claimer;

static void *claim_all(void *arg)
{
    claimer *cl = arg;
    queue *q;
    queue_worker w = { .name = cl->name, .lease_ms = 60000 };
    queue_claim c;
    if (queue_open(url, 0, &q) != QUEUE_OK) {
        cl->errors++;
        return NULL;
    }
    for (;;) {
        int rc = queue_claim_job(q, &w, &c);
        if (rc == QUEUE_ENOTFOUND)
            break;
        if (rc == QUEUE_EDOWN) /* SQLite busy past its timeout: try again */
            continue;
        if (rc != QUEUE_OK) {
            fprintf(stderr, "%s: %s\n", cl->name, queue_last_error());
            cl->errors++;
            break;
        }
        queue_end e = { .kind = QUEUE_END_DONE, .proof = cl->name, .pub = "[]" };
        if (queue_end_job(q, &w, &c, &e) != QUEUE_OK || cl->n == N_JOBS)
            cl->errors++;
        else
            cl->got[cl->n++] = c.id;
        queue_claim_cleanup(&c);
    }
    queue_close(q);
    return NULL;
}

static void test_concurrent_claims_once(void **state)
{
    queue *q = open_q();
    claimer cl[N_THREADS];
    pthread_t th[N_THREADS];
    int seen[N_JOBS + 1] = { 0 }, total = 0;
    char d[1][QUEUE_DIGEST_HEX];
    int64_t first = 0;
    (void)state;
    memcpy(d[0], digest_a, QUEUE_DIGEST_HEX);
    for (int i = 0; i < N_JOBS; i++) {
        int64_t id = submit(q, digest_a, 0);
        if (i == 0)
            first = id;
    }
    for (int t = 0; t < N_THREADS; t++) {
        memset(&cl[t], 0, sizeof cl[t]);
        snprintf(cl[t].name, sizeof cl[t].name, "t%d", t);
        queue_worker w = { .name = cl[t].name, .lease_ms = 60000 };
        assert_int_equal(queue_worker_register(q, &w, d, 1), QUEUE_OK);
    }
    for (int t = 0; t < N_THREADS; t++)
        assert_int_equal(pthread_create(&th[t], NULL, claim_all, &cl[t]), 0);
    for (int t = 0; t < N_THREADS; t++) {
        pthread_join(th[t], NULL);
        assert_int_equal(cl[t].errors, 0);
        for (int i = 0; i < cl[t].n; i++) {
            int64_t k = cl[t].got[i] - first;
            assert_true(k >= 0 && k < N_JOBS);
            seen[k]++;
            total++;
        }
    }
    assert_int_equal(total, N_JOBS);
    for (int i = 0; i < N_JOBS; i++)
        assert_int_equal(seen[i], 1);
    queue_close(q);
}

static int count_state(void *user, const queue_job_info *j)
{
    int *counts = user;
    counts[0]++;
    if (strcmp(j->state, "queued") == 0)
        counts[1]++;
    return 0;
}

static void *submit_later(void *arg)
{
    queue *q;
    (void)arg;
    msleep(200);
    if (queue_open(url, 0, &q) == QUEUE_OK) {
        submit(q, digest_a, 0);
        queue_close(q);
    }
    return NULL;
}

static void test_list_and_wake(void **state)
{
    queue *q = open_q();
    queue_worker w = worker_with(q, "w", 60000, digest_a);
    queue_claim c;
    pthread_t th;
    struct timespec t0, t1;
    int counts[2] = { 0, 0 };
    (void)state;
    submit(q, digest_a, 0);
    submit(q, digest_a, 0);
    assert_int_equal(queue_claim_job(q, &w, &c), QUEUE_OK);
    queue_claim_cleanup(&c);
    assert_int_equal(queue_list(q, NULL, count_state, counts), QUEUE_OK);
    assert_int_equal(counts[0], 2);
    assert_int_equal(counts[1], 1);
    counts[0] = counts[1] = 0;
    assert_int_equal(queue_list(q, "running", count_state, counts), QUEUE_OK);
    assert_int_equal(counts[0], 1);
    assert_int_equal(queue_list(q, "bogus", count_state, counts), QUEUE_EINVAL);

    /* the first wait may return at once (it starts listening); then a submit wakes it */
    assert_int_equal(queue_wait(q, QUEUE_WAKE_JOBS, 0, -1), QUEUE_OK);
    assert_int_equal(queue_wait(q, QUEUE_WAKE_JOBS, 0, -1), QUEUE_OK);
    assert_int_equal(pthread_create(&th, NULL, submit_later, NULL), 0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(queue_wait(q, QUEUE_WAKE_JOBS, 20000, -1), QUEUE_OK);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    pthread_join(th, NULL);
    assert_true(t1.tv_sec - t0.tv_sec < 10); /* woken, not timed out */
    queue_close(q);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_init_idempotent, reset),
        cmocka_unit_test_setup(test_claim_order_once, reset),
        cmocka_unit_test_setup(test_lease_token, reset),
        cmocka_unit_test_setup(test_lease_expiry, reset),
        cmocka_unit_test_setup(test_expiry_max_attempts, reset),
        cmocka_unit_test_setup(test_retry_and_release, reset),
        cmocka_unit_test_setup(test_failed_keeps_error, reset),
        cmocka_unit_test_setup(test_witness_limit, reset),
        cmocka_unit_test_setup(test_key_routing, reset),
        cmocka_unit_test_setup(test_concurrent_claims_once, reset),
        cmocka_unit_test_setup(test_list_and_wake, reset),
    };
    if (argc != 2) {
        fprintf(stderr, "usage: %s URL (sqlite:PATH or a libpq connection string)\n", argv[0]);
        return 2;
    }
    url = argv[1];
    queue_key_digest("a", 1, digest_a);
    queue_key_digest("b", 1, digest_b);
    queue_key_digest("c", 1, digest_c);
    return cmocka_run_group_tests_name(is_sqlite() ? "queue_logic_sqlite" : "queue_logic_pg", tests,
                                       NULL, NULL);
}
