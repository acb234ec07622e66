/*
 * The g16k command: dispatch to the subcommands (one cli/NAME_cmd.c each) and the help texts. Exit codes
 * are listed once, in exit_codes below (README.md repeats them); errors are one line on stderr.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_prove, &cli_cmd_verify, &cli_cmd_check, &cli_cmd_setup, &cli_cmd_vk,
    &cli_cmd_plugins, &cli_cmd_bench, &cli_cmd_tune,
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static const char exit_codes[] =
    "exit codes: 0 ok, 1 invalid proof (verify) or unsatisfied witness (check), 2 usage,\n"
    "            3 config or plugin error, 4 malformed or unusable input file, 5 I/O error,\n"
    "            6 proof failed its own check (witness does not satisfy the circuit, or a\n"
    "            provider is wrong), 7 out of memory\n";

const cli_command *cli_current;

/* Print text line by line, the first line after first, the others after rest. */
static void print_lines(FILE *f, const char *text, const char *first, const char *rest)
{
    const char *prefix = first;
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        fprintf(f, "%s%.*s\n", len ? prefix : "", (int)len, text);
        text += len + (nl != NULL);
        prefix = rest;
    }
}

void cli_print_help(FILE *f, const cli_command *c)
{
    print_lines(f, c->help, "usage: g16k ", "            ");
    fprintf(f, "\n%s", exit_codes);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: g16k <command> [options]      (g16k <command> --help for one command)\n"
               "\ncommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        print_lines(f, commands[i]->help, "  ", "  ");
    fprintf(f, "\n  --help, --version\n\n%s", exit_codes);
}

static const cli_command *find(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        const cli_command *c = argc > 2 ? find(argv[2]) : NULL;
        if (argc > 2 && !c) {
            fprintf(stderr, "g16k: unknown command '%s'\n", argv[2]);
            return 2;
        }
        if (c)
            cli_print_help(stdout, c);
        else
            usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("g16k %s (plugin ABI %d.%d)\n", g16k_version(), G16K_ABI_MAJOR, G16K_ABI_MINOR);
        return 0;
    }
    const cli_command *c = find(cmd);
    if (!c) {
        fprintf(stderr, "g16k: unknown command '%s'\n", cmd);
        usage(stderr);
        return 2;
    }
    cli_current = c;
    int rc = c->run(argc, argv);
    return rc == CLI_HELP ? 0 : rc;
}
