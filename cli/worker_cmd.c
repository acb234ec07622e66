/*
 * g16k worker: the queue's prover process (queue/worker.h). SIGTERM finishes the jobs in hand
 * and exits 0; a second SIGTERM, or SIGINT, cancels them and releases them to the queue, then
 * exits 0.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "queue_cli.h"
#include "g16k/g16k.h"
#include "plugin/config.h"
#include "queue/worker.h"
#include "util/log.h"

#define MAX_KEY_DIRS 64
#define DEFAULT_LEASE_S 30

static volatile sig_atomic_t terms;

static void on_signal(int sig)
{
    if (sig == SIGTERM && terms++ == 0)
        worker_request_stop(0);
    else
        worker_request_stop(1);
}

/* Half the machine's memory, in MiB: the default budget of resident keys. */
static long long default_keys_mem(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 4096;
    return (long long)pages / 2 * page >> 20;
}

static int cmd_worker(int argc, char **argv)
{
    const char *url = NULL, *config = NULL, *max_jobs = NULL, *idle = NULL, *mem = NULL,
               *in_flight = NULL, *lease = NULL;
    const char *dirs[MAX_KEY_DIRS];
    const cli_opt opts[] = {
        { "--queue", &url, NULL },         { "--config", &config, NULL },
        { "--max-jobs", &max_jobs, NULL }, { "--idle-exit", &idle, NULL },
        { "--keys-mem", &mem, NULL },      { "--jobs-in-flight", &in_flight, NULL },
        { "--lease", &lease, NULL }
    };
    char **rest = malloc(sizeof(char *) * (size_t)(argc + 1));
    size_t n_dirs = 0;
    int n_rest = 0, rc;
    long long v;
    worker_opts o;
    char err[1024];
    struct sigaction sa;

    if (!rest)
        return 7;
    /* --keys may repeat: take them out, cli_parse the rest */
    for (int i = 0; i < argc; i++) {
        if (i >= 2 && strcmp(argv[i], "--keys") == 0) {
            if (i + 1 >= argc) {
                free(rest);
                return cli_usage_error("option '%s' needs a value", "--keys");
            }
            if (n_dirs == MAX_KEY_DIRS) {
                free(rest);
                return cli_usage_error("worker: at most 64 --keys folders%s", "");
            }
            dirs[n_dirs++] = argv[++i];
            continue;
        }
        rest[n_rest++] = argv[i];
    }
    rc = cli_parse(n_rest, rest, opts, sizeof opts / sizeof opts[0]);
    free(rest);
    if (rc)
        return rc;
    if (!(url = queue_cli_url(url)))
        return cli_usage_error("%s: --queue is required (or set G16K_QUEUE)", "worker");
    if (!config || !*config)
        config = getenv("G16K_CONFIG");
    if (!config || !*config) { /* as prove: the built-in conf/cpu.ini (worker_opts.config NULL) */
        config = NULL;
        log_msg(G16K_LOG_INFO, "no --config and no $G16K_CONFIG: using the built-in "
                               "configuration (every slot on the CPU plugin)");
    }
    if (n_dirs == 0)
        return cli_usage_error("%s: --keys DIR is required (the only place keys are looked for)",
                               "worker");

    memset(&o, 0, sizeof o);
    o.queue_url = url;
    o.config = config;
    o.key_dirs = dirs;
    o.n_key_dirs = n_dirs;
    o.jobs_in_flight = 1;
    o.lease_ms = DEFAULT_LEASE_S * 1000;
    o.keys_mem = (uint64_t)default_keys_mem() << 20;
    o.log = stderr;
    if (max_jobs) {
        if (queue_cli_int("--max-jobs", max_jobs, 1, 1LL << 40, &v))
            return 2;
        o.max_jobs = (long)v;
    }
    if (idle) {
        if (queue_cli_int("--idle-exit", idle, 1, 365LL * 86400, &v))
            return 2;
        o.idle_exit = (double)v;
    }
    if (mem) {
        if (queue_cli_int("--keys-mem", mem, 0, 1LL << 30, &v))
            return 2;
        o.keys_mem = (uint64_t)v << 20;
    }
    if (in_flight) {
        if (queue_cli_int("--jobs-in-flight", in_flight, 1, 16, &v))
            return 2;
        o.jobs_in_flight = (int)v;
    }
    if (lease) {
        if (queue_cli_int("--lease", lease, 1, 86400, &v))
            return 2;
        o.lease_ms = (int)v * 1000;
    }

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    rc = worker_run(&o, err, sizeof err);
    if (rc == 0)
        return 0;
    fprintf(stderr, "g16k: error: %s\n", err);
    return rc == WORKER_EQUEUE ? CLI_EXIT_QUEUE : cli_exit_code(rc);
}

const cli_command cli_cmd_worker = {
    "worker",
    cmd_worker,
    "worker   --queue URL [--config INI] --keys DIR [--keys DIR ...] [--max-jobs N]\n"
    "         [--idle-exit SECONDS] [--keys-mem MiB] [--jobs-in-flight K] [--lease SECONDS]\n"
    "         Prove queued jobs with keys found (by digest) only in the --keys folders, kept\n"
    "         resident; SIGTERM finishes the jobs in hand, a second SIGTERM or SIGINT releases\n"
    "         them; both exit 0. --config as for prove (default $G16K_CONFIG, else the built-in\n"
    "         conf/cpu.ini).\n",
};
