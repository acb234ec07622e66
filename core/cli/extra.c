/*
 * Registry of the subcommands beyond prove/verify/plugins: one line in `extras` and one in the
 * usage text per command; each command lives in its own cli/<name>_cmd.c.
 */
#include <string.h>

#include "cli.h"

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
           "           prints a [window] section for prover.ini, timings as JSON on stderr\n";
}
