/*
 * Registry of the subcommands beyond prove/verify/plugins: one line in `extras` and one in the
 * usage text per command; each command lives in its own cli/<name>_cmd.c.
 */
#include <string.h>

#include "cli.h"
#include "queue_cli.h"

int cmd_setup(int argc, char **argv);
int cmd_vk(int argc, char **argv);
int cmd_tune(int argc, char **argv);

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} extras[] = {
    { "setup", cmd_setup },
    { "vk", cmd_vk },
    { "tune", cmd_tune },
    { "queue", cmd_queue },
    { "submit", cmd_submit },
    { "worker", cmd_worker },
    { "result", cmd_result },
    { "jobs", cmd_jobs },
};

int cli_extra_command(const char *cmd, int argc, char **argv)
{
    for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++)
        if (strcmp(cmd, extras[i].name) == 0)
            return extras[i].run(argc, argv);
    return -1;
}

const char *cli_extra_usage(void)
{
    return "  setup    --r1cs FILE (--ptau FILE | --insecure-random-toxic-waste) --zkey OUT\n"
           "           [--threads N] [--progress | --quiet]\n"
           "           Groth16 proving key. With --ptau (prepared for phase 2) the same bytes as\n"
           "           `snarkjs groth16 setup`. --insecure-random-toxic-waste draws tau, alpha,\n"
           "           beta, delta here and discards them: for benchmarks only. Progress is\n"
           "           printed to stderr when it is a terminal, or with --progress.\n"
           "  vk       --zkey FILE --vk OUT.json\n"
           "           verification key, as `snarkjs zkey export verificationkey`\n"
           "  tune     --config INI --zkey FILE --witness FILE [--runs K] [--windows LO-HI]\n"
           "           fastest Pippenger window of each Groth16 MSM (A, B_G1, B_G2, L, H) on the\n"
           "           configured MSM providers with the key's bases and the witness's scalars;\n"
           "           prints a [window] section for prover.ini, timings as JSON on stderr\n"
           "\n"
           "job queue (docs/queue.md); URL: sqlite:PATH (one machine) or postgresql://... (any\n"
           "libpq connection string), --queue defaults to $G16K_QUEUE:\n"
           "  queue init --queue URL [--max-witness MiB] [--max-attempts N]\n"
           "           create or migrate the queue's schema (idempotent)\n"
           "  submit   --queue URL --zkey PATH --witness FILE [--priority N] [--label TEXT]\n"
           "           check the witness against the key, store it, print the job id\n"
           "  worker   --queue URL --config INI --keys DIR [--keys DIR ...] [--max-jobs N]\n"
           "           [--idle-exit SECONDS] [--keys-mem MiB] [--jobs-in-flight K] [--lease SECONDS]\n"
           "           prove queued jobs with keys found (by digest) only in the --keys folders;\n"
           "           SIGTERM finishes the jobs in hand, a second SIGTERM or SIGINT releases them\n"
           "  result   --queue URL --id ID [--wait SECONDS] --proof OUT.json --public OUT.json\n"
           "           write a done job's files; a failed job exits with its error's code\n"
           "  jobs     --queue URL [--state queued|running|done|failed]   jobs as JSON lines\n"
           "           queue exit codes: 8 the queue refused or is unreachable, 9 job not finished\n";
}
