/*
 * g16k ptau: the powers-of-tau ceremony (phase 1) in snarkjs's .ptau format, at native speed
 * (core/setup/setup.h, "powers of tau"): `new` starts a ceremony, `prepare` adds the Lagrange
 * sections that `g16k setup` and `snarkjs groth16 setup` read. Progress goes to stderr when it
 * is a terminal, or with --progress.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "g16k/g16k.h"
#include "setup/setup.h"

static int parse_threads(const char *s, unsigned *out)
{
    *out = 0;
    if (!s)
        return 0;
    char *end;
    unsigned long t = strtoul(s, &end, 10);
    if (!*s || *s == '-' || *end || t > 4096)
        return cli_usage_error("ptau: bad --threads '%s' (0 for all cores, or 1..4096)", s);
    *out = (unsigned)t;
    return 0;
}

static int cmd_ptau(int argc, char **argv)
{
    const char *threads = NULL, *pos[3];
    int progress = 0, quiet = 0;
    size_t n_pos;
    const cli_opt opts[] = { { "--threads", &threads, NULL },
                             { "--progress", NULL, &progress },
                             { "--quiet", NULL, &quiet } };
    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        cli_print_help(stdout, &cli_cmd_ptau);
        return 0;
    }
    int rc;
    if (argc >= 3 && argv[2][0] == '-' &&
        (rc = cli_parse_pos(argc, argv, opts, sizeof opts / sizeof opts[0], pos, 3, &n_pos)))
        return rc == CLI_HELP ? 0 : rc; /* an unknown option before the step */
    if (argc < 3 || argv[2][0] == '-')
        return cli_usage_error("ptau: expected a step: new or prepare%s", "");
    const char *step = argv[2];
    /* cli_parse_pos reads argv[2..]: skip the step */
    rc = cli_parse_pos(argc - 1, argv + 1, opts, sizeof opts / sizeof opts[0], pos, 3, &n_pos);
    if (rc)
        return rc == CLI_HELP ? 0 : rc;
    ptau_opts o = { 0 };
    if ((rc = parse_threads(threads, &o.threads)))
        return rc;
    o.progress = !quiet && (progress || isatty(STDERR_FILENO));
    if (strcmp(step, "new") == 0) {
        if (n_pos != 2)
            return cli_usage_error("%s: expected `g16k ptau new POWER OUT`", "ptau new");
        char *end;
        unsigned long p = strtoul(pos[0], &end, 10);
        if (!*pos[0] || *end || p < 1 || p > 28)
            return cli_usage_error("ptau new: POWER '%s' is not 1..28 (the file holds 2^POWER "
                                   "powers; a circuit of m constraints needs 2^POWER > m)",
                                   pos[0]);
        o.power = (unsigned)p;
        o.out_path = pos[1];
        rc = ptau_new(&o);
    } else if (strcmp(step, "prepare") == 0) {
        if (n_pos != 2)
            return cli_usage_error("%s: expected `g16k ptau prepare IN OUT`", "ptau prepare");
        const cli_file files[] = { { "IN", pos[0], 0 }, { "OUT", pos[1], 1 } };
        if ((rc = cli_check_outputs(files, 2)))
            return rc;
        o.in_path = pos[0];
        o.out_path = pos[1];
        rc = ptau_prepare(&o);
    } else {
        return cli_usage_error("ptau: unknown step '%s' (new or prepare)", step);
    }
    return rc == G16K_OK ? 0 : cli_fail(rc);
}

const cli_command cli_cmd_ptau = {
    "ptau",
    cmd_ptau,
    "ptau     (new POWER OUT | prepare IN OUT) [--threads N] [--progress | --quiet]\n"
    "         Powers of tau (phase 1 of the trusted setup) in snarkjs's .ptau format, BLS12-381.\n"
    "         new: an empty ceremony of 2^POWER powers (POWER 1..28), the bytes of `snarkjs\n"
    "         powersoftau new bls12381 POWER`. prepare: the Lagrange sections that `g16k setup`\n"
    "         needs, the bytes of `snarkjs powersoftau prepare phase2`, on all cores. Outputs\n"
    "         appear only when complete. Progress goes to stderr when it is a terminal, or with\n"
    "         --progress.\n",
};
