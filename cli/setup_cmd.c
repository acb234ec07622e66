/*
 * g16k setup: a Groth16 proving key from a circom .r1cs, either from a prepared powers-of-tau
 * file (byte-identical to `snarkjs groth16 setup`) or, for benchmarks, from toxic waste drawn
 * at random and discarded (core/setup/setup.h). Progress goes to stderr when it is a terminal
 * or with --progress.
 */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "g16k/g16k.h"
#include "setup/setup.h"

static int cmd_setup(int argc, char **argv)
{
    const char *r1cs = NULL, *ptau = NULL, *zkey = NULL, *threads = NULL;
    int insecure = 0, progress = 0, quiet = 0;
    const cli_opt opts[] = {
        { "--r1cs", &r1cs, NULL },
        { "--ptau", &ptau, NULL },
        { "--zkey", &zkey, NULL },
        { "--threads", &threads, NULL },
        { "--insecure-random-toxic-waste", NULL, &insecure },
        { "--progress", NULL, &progress },
        { "--quiet", NULL, &quiet },
    };
    int rc = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0]);
    if (rc)
        return rc;
    if (!r1cs || !zkey)
        return cli_usage_error("%s: --r1cs and --zkey are required", "setup");
    if (!ptau == !insecure)
        return cli_usage_error("%s: give exactly one of --ptau and --insecure-random-toxic-waste",
                               "setup");
    const cli_file files[] = { { "--r1cs", r1cs, 0 },
                               { "--ptau", ptau, 0 },
                               { "--zkey", zkey, 1 } };
    if ((rc = cli_check_outputs(files, 3)))
        return rc;
    setup_opts o = { .r1cs_path = r1cs, .ptau_path = ptau, .zkey_path = zkey };
    if ((rc = cli_threads_value(threads, &o.threads)))
        return rc;
    o.progress = !quiet && (progress || isatty(STDERR_FILENO));
    if (insecure)
        fprintf(stderr, "g16k setup: WARNING: insecure random toxic waste: this key is for "
                        "benchmarks and tests only; it has no ceremony behind it.\n");
    if ((rc = setup_run(&o)) != G16K_OK)
        return cli_fail(rc);
    return 0;
}

const cli_command cli_cmd_setup = {
    "setup",
    cmd_setup,
    "setup    --r1cs FILE (--ptau FILE | --insecure-random-toxic-waste) --zkey OUT\n"
    "         [--threads N] [--progress | --quiet]\n"
    "         Groth16 proving key of a circom .r1cs. With --ptau (a powers-of-tau file prepared\n"
    "         for phase 2) the same bytes as `snarkjs groth16 setup`; the ptau fits when its\n"
    "         power k has 2^k >= constraints + public signals + 1, as in snarkjs.\n"
    "         --insecure-random-toxic-waste draws tau, alpha, beta, delta here and discards\n"
    "         them: for benchmarks only. Progress goes to stderr when it is a terminal, or\n"
    "         with --progress.\n",
};
