/*
 * The g16k command: prove, verify, plugins (and the subcommands in the other files of cli/).
 * Exit codes are documented in usage() and README.md; errors are one line on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "g16k/g16k.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: g16k <command> [options]\n"
        "\n"
        "commands:\n"
        "  prove    --config INI --zkey FILE --witness FILE --proof OUT.json --public OUT.json\n"
        "           [--timings] [--no-verify] [--insecure-rs R,S] [--progress | --quiet]\n"
        "           Groth16 proof of a snarkjs .zkey and .wtns (BLS12-381). The proof is checked\n"
        "           with a pairing before it is written ([core] verify = always). The key's\n"
        "           load shows its progress on stderr when it is a terminal and the load takes\n"
        "           over a second, or always with --progress.\n"
        "           --insecure-rs fixes the blinding values (decimal): for tests only, such a\n"
        "           proof reveals the witness.\n"
        "  verify   --vk verification_key.json --public public.json --proof proof.json\n"
        "           Same verdict as `snarkjs groth16 verify`; prints OK or INVALID.\n"
        "  plugins  --config INI    show the plugins, their capabilities and the slot assignment\n"
        "  bench    msm --group g1|g2 --log-n N [--window C] [--threads T] | ntt --log-n N |\n"
        "           synth --zkey Z --witness W | prove --zkey Z --witness W\n"
        "           with --config INI [--runs K]: one phase alone, JSON (median, min, max seconds)\n"
        "%s"
        "\n"
        "  --help, --version\n"
        "\n"
        "--config defaults to $G16K_CONFIG.\n"
        "exit codes: 0 ok, 1 invalid proof (verify), 2 usage, 3 config or plugin error,\n"
        "            4 malformed input file, 5 I/O error, 6 proof failed its own check\n"
        "            (witness does not satisfy the circuit, or a provider is wrong), 7 out of memory\n",
        cli_extra_usage());
}

int cli_exit_code(int status)
{
    switch (status) {
    case G16K_OK:          return 0;
    case G16K_EFORMAT:     return 4;
    case G16K_EIO:         return 5;
    case G16K_EVERIFY:     return 6;
    case G16K_ENOMEM:      return 7;
    case G16K_EINVAL:      return 2;
    default:               return 3;   /* ECONFIG, ENODEV, EUNSUPPORTED, EINTERNAL */
    }
}

int cli_fail(int status)
{
    fprintf(stderr, "g16k: error: %s\n", g16k_last_error());
    return cli_exit_code(status);
}

int cli_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "g16k: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(see g16k --help)\n");
    return 2;
}

int cli_parse(int argc, char **argv, const cli_opt *opts, size_t n_opts)
{
    for (int i = 2; i < argc; i++) {
        size_t k;
        for (k = 0; k < n_opts; k++)
            if (strcmp(argv[i], opts[k].name) == 0)
                break;
        if (k == n_opts)
            return cli_usage_error("unknown option '%s'", argv[i]);
        if (opts[k].flag) {
            *opts[k].flag = 1;
            continue;
        }
        if (i + 1 >= argc)
            return cli_usage_error("option '%s' needs a value", argv[i]);
        *opts[k].value = argv[++i];
    }
    return 0;
}

const char *cli_config(const char *given)
{
    return given ? given : getenv("G16K_CONFIG");
}

static int cmd_plugins(int argc, char **argv)
{
    const char *config = NULL;
    const cli_opt opts[] = { { "--config", &config, NULL } };
    g16k_prover *p;
    int rc = cli_parse(argc, argv, opts, 1);
    if (rc)
        return rc;
    if (!(config = cli_config(config)))
        return cli_usage_error("%s: --config is required", "plugins");
    if ((rc = g16k_prover_open(config, &p)) != G16K_OK)
        return cli_fail(rc);
    size_t need = g16k_prover_describe(p, NULL, 0) + 1;
    char *buf = malloc(need);
    if (buf) {
        g16k_prover_describe(p, buf, need);
        fputs(buf, stdout);
        free(buf);
    }
    g16k_prover_close(p);
    return 0;
}

static int cmd_verify(int argc, char **argv)
{
    const char *vk = NULL, *pub = NULL, *proof = NULL;
    const cli_opt opts[] = { { "--vk", &vk, NULL }, { "--public", &pub, NULL }, { "--proof", &proof, NULL } };
    int rc = cli_parse(argc, argv, opts, 3);
    if (rc)
        return rc;
    if (!vk || !pub || !proof)
        return cli_usage_error("%s: --vk, --public and --proof are required", "verify");
    rc = g16k_verify_files(vk, pub, proof);
    if (rc == G16K_OK) {
        printf("OK\n");
        return 0;
    }
    if (rc == G16K_EVERIFY) {
        printf("INVALID: %s\n", g16k_last_error());
        return 1;
    }
    return cli_fail(rc);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("g16k %s (plugin ABI %d.%d)\n", g16k_version(), G16K_ABI_MAJOR, G16K_ABI_MINOR);
        return 0;
    }
    if (strcmp(cmd, "prove") == 0)
        return cmd_prove(argc, argv);
    if (strcmp(cmd, "verify") == 0)
        return cmd_verify(argc, argv);
    if (strcmp(cmd, "plugins") == 0)
        return cmd_plugins(argc, argv);
    if (strcmp(cmd, "bench") == 0)
        return cmd_bench(argc, argv);
    int rc = cli_extra_command(cmd, argc, argv);
    if (rc >= 0)
        return rc;
    fprintf(stderr, "g16k: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
