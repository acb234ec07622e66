/*
 * g16k queue init, g16k jobs, g16k result: the queue's schema, its list of jobs and a job's
 * result (queue/queue.h; docs/queue.md). g16k submit and g16k worker have their own files.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "cli.h"
#include "queue_cli.h"
#include "g16k/g16k.h"
#include "queue/queue.h"
#include "util/atomic_write.h"

/* g16k queue init --queue URL [--max-witness MiB] [--max-attempts N] */
static int cmd_queue(int argc, char **argv)
{
    const char *url = NULL, *max_wit = NULL, *max_att = NULL;
    const cli_opt opts[] = { { "--queue", &url, NULL },
                             { "--max-witness", &max_wit, NULL },
                             { "--max-attempts", &max_att, NULL } };
    queue_settings set = { 0, 0 }, now;
    long long v;
    queue *q;
    int from, roles, rc;

    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        cli_print_help(stdout, &cli_cmd_queue);
        return 0;
    }
    if (argc < 3 || strcmp(argv[2], "init") != 0)
        return cli_usage_error("queue: expected `g16k queue init --queue URL`%s", "");
    /* cli_parse reads argv[2..]: skip the word "init" */
    if ((rc = cli_parse(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0])))
        return rc;
    if (!(url = queue_cli_url(url)))
        return cli_usage_error("%s: --queue is required (or set G16K_QUEUE)", "queue init");
    if (max_wit) {
        if (queue_cli_int("--max-witness", max_wit, 1, QUEUE_WITNESS_CEILING >> 20, &v))
            return 2;
        set.max_witness_bytes = v << 20;
    }
    if (max_att) {
        if (queue_cli_int("--max-attempts", max_att, 1, 1000, &v))
            return 2;
        set.max_attempts = (int32_t)v;
    }
    if ((rc = queue_open(url, 1, &q)) != QUEUE_OK)
        return queue_cli_fail(rc);
    if ((rc = queue_init(q, &set, &from, &roles)) != QUEUE_OK ||
        (rc = queue_settings_get(q, &now)) != QUEUE_OK) {
        queue_close(q);
        return queue_cli_fail(rc);
    }
    printf("%s: queue schema version %d (%s); max witness %lld MiB, max attempts %d\n",
           queue_describe(q), QUEUE_SCHEMA_VERSION,
           from == 0                      ? "created"
           : from == QUEUE_SCHEMA_VERSION ? "up to date"
                                          : "migrated",
           (long long)(now.max_witness_bytes >> 20), now.max_attempts);
    if (!roles && strncmp(queue_describe(q), "postgresql", 10) == 0)
        fprintf(stderr, "g16k: warning: roles g16k_submitter and g16k_worker are missing and this "
                        "user may not create them: no grants made (docs/queue.md, Roles)\n");
    queue_close(q);
    return 0;
}

/* Seconds (since the epoch, or a duration) to the millisecond; null when not set. */
static void add_time(json_object *o, const char *name, double t)
{
    char text[32];
    snprintf(text, sizeof text, "%.3f", t);
    json_object_object_add(o, name, t < 0 ? NULL : json_object_new_double_s(t, text));
}

static void add_str(json_object *o, const char *name, const char *s)
{
    json_object_object_add(o, name, s ? json_object_new_string(s) : NULL);
}

/* One job as a JSON line on stdout. */
static int print_job(void *user, const queue_job_info *j)
{
    json_object *o = json_object_new_object(), *t;
    (void)user;
    json_object_object_add(o, "id", json_object_new_int64(j->id));
    add_str(o, "state", j->state);
    json_object_object_add(o, "priority", json_object_new_int(j->priority));
    json_object_object_add(o, "attempts", json_object_new_int(j->attempts));
    add_str(o, "key", j->key_digest);
    add_str(o, "key_hint", j->key_hint);
    add_str(o, "label", j->label);
    json_object_object_add(o, "witness_bytes", json_object_new_int64(j->witness_bytes));
    add_str(o, "submitter", j->submitter);
    add_str(o, "worker", j->worker);
    add_time(o, "submitted_at", j->submitted_at);
    add_time(o, "claimed_at", j->claimed_at);
    add_time(o, "finished_at", j->finished_at);
    add_time(o, "wait_s", j->claimed_at >= 0 ? j->claimed_at - j->submitted_at : -1);
    add_time(o, "run_s",
             j->finished_at >= 0 && j->claimed_at >= 0 ? j->finished_at - j->claimed_at : -1);
    t = j->timings ? json_tokener_parse(j->timings) : NULL;
    json_object_object_add(o, "timings", t);
    add_str(o, "error_code", j->error_code);
    add_str(o, "error", j->error);
    puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
    json_object_put(o);
    return 0;
}

/* g16k jobs --queue URL [--state STATE] */
static int cmd_jobs(int argc, char **argv)
{
    const char *url = NULL, *state = NULL;
    const cli_opt opts[] = { { "--queue", &url, NULL }, { "--state", &state, NULL } };
    queue *q;
    int rc = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0]);
    if (rc)
        return rc;
    if (!(url = queue_cli_url(url)))
        return cli_usage_error("%s: --queue is required (or set G16K_QUEUE)", "jobs");
    if ((rc = queue_open(url, 0, &q)) != QUEUE_OK)
        return queue_cli_fail(rc);
    rc = queue_list(q, state, print_job, NULL);
    queue_close(q);
    return rc == QUEUE_OK ? (fflush(stdout) == 0 ? 0 : 5) : queue_cli_fail(rc);
}

/* The status that plugin.h names name (G16K_EINTERNAL when unknown). */
static int status_of(const char *name)
{
    if (name && strcmp(name, QUEUE_NO_KEY) == 0)
        return G16K_ECONFIG; /* a key to deploy where a worker looks: exit 3 */
#define STATUS_IF(s, value)                                                                        \
    if (name && strcmp(#s, name) == 0)                                                             \
        return s;
    G16K_STATUS_LIST(STATUS_IF)
#undef STATUS_IF
    return G16K_EINTERNAL;
}

static double mono_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* g16k result --queue URL --id ID [--wait SECONDS] --proof OUT.json --public OUT.json */
static int cmd_result(int argc, char **argv)
{
    const char *url = NULL, *id_s = NULL, *wait_s = NULL, *proof_out = NULL, *public_out = NULL;
    const cli_opt opts[] = { { "--queue", &url, NULL },
                             { "--id", &id_s, NULL },
                             { "--wait", &wait_s, NULL },
                             { "--proof", &proof_out, NULL },
                             { "--public", &public_out, NULL } };
    long long id, wait = 0;
    queue *q = NULL;
    int rc = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0]);
    if (rc)
        return rc;
    if (!(url = queue_cli_url(url)))
        return cli_usage_error("%s: --queue is required (or set G16K_QUEUE)", "result");
    if (!id_s || !proof_out || !public_out)
        return cli_usage_error("%s: --id, --proof and --public are required", "result");
    const cli_file files[] = { { "--queue", cli_queue_file(url), 0 },
                               { "--proof", proof_out, 1 },
                               { "--public", public_out, 1 } };
    if ((rc = cli_check_outputs(files, sizeof files / sizeof files[0])))
        return rc;
    if (queue_cli_int("--id", id_s, 1, INT64_MAX, &id) ||
        (wait_s && queue_cli_int("--wait", wait_s, 0, 365LL * 86400, &wait)))
        return 2;
    if ((rc = queue_open(url, 0, &q)) != QUEUE_OK)
        return queue_cli_fail(rc);

    double deadline = mono_now() + (double)wait;
    for (;;) {
        queue_job_info j;
        char *proof = NULL, *pub = NULL;
        rc = queue_job_get(q, id, &j, &proof, &pub);
        if (rc == QUEUE_OK && strcmp(j.state, "done") == 0) {
            int w = write_file_atomic(proof_out, proof, strlen(proof));
            if (w == G16K_OK)
                w = write_file_atomic(public_out, pub, strlen(pub));
            free(proof);
            free(pub);
            queue_job_info_cleanup(&j);
            queue_close(q);
            return w == G16K_OK ? 0 : cli_fail(w);
        }
        free(proof);
        free(pub);
        if (rc == QUEUE_OK && strcmp(j.state, "failed") == 0) {
            fprintf(stderr, "g16k: error: job %lld failed after %d attempt%s: %s\n", id, j.attempts,
                    j.attempts == 1 ? "" : "s", j.error ? j.error : "(no message)");
            rc = cli_exit_code(status_of(j.error_code));
            queue_job_info_cleanup(&j);
            queue_close(q);
            return rc;
        }
        double left = deadline - mono_now();
        if (rc == QUEUE_OK && left <= 0) {
            fprintf(stderr, "g16k: job %lld is %s%s\n", id, j.state,
                    wait ? " still (--wait ran out)" : " (not finished; --wait SECONDS waits)");
            queue_job_info_cleanup(&j);
            queue_close(q);
            return CLI_EXIT_NOT_DONE;
        }
        if (rc == QUEUE_OK)
            queue_job_info_cleanup(&j);
        if (rc != QUEUE_OK && (rc != QUEUE_EDOWN || left <= 0)) {
            rc = queue_cli_fail(rc);
            queue_close(q);
            return rc;
        }
        if (rc == QUEUE_EDOWN) {
            /* the server restarts: keep trying until --wait runs out */
            struct timespec ts = { 0, 200 * 1000000L };
            nanosleep(&ts, NULL);
            queue_reconnect(q);
            continue;
        }
        if (queue_wait(q, QUEUE_WAKE_DONE, left > 1.0 ? 1000 : (int)(left * 1000) + 1, -1) ==
            QUEUE_EDOWN)
            queue_reconnect(q);
    }
}

const cli_command cli_cmd_queue = {
    "queue",
    cmd_queue,
    "queue init --queue URL [--max-witness MiB] [--max-attempts N]\n"
    "         Create or migrate the job queue's schema (idempotent). URL: sqlite:PATH (one\n"
    "         machine) or postgresql://... (any libpq connection string); --queue defaults to\n"
    "         $G16K_QUEUE (docs/queue.md). Exit 8: the queue refused or is unreachable.\n",
};

const cli_command cli_cmd_jobs = {
    "jobs",
    cmd_jobs,
    "jobs     --queue URL [--state queued|running|done|failed]\n"
    "         The queue's jobs as JSON lines (id, state, attempts, worker, timings, error).\n",
};

const cli_command cli_cmd_result = {
    "result",
    cmd_result,
    "result   --queue URL --id ID [--wait SECONDS] --proof OUT.json --public OUT.json\n"
    "         Write a done job's files (atomically, as prove does); a failed job exits with its\n"
    "         error's code, a job not finished (after --wait) with 9.\n",
};
