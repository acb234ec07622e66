/*
 * The g16k command: dispatch to the subcommand named by argv[1] (commands.c has the table, one
 * cli/NAME_cmd.c each) and the global --help and --version. Exit codes are listed once, in
 * cli_exit_codes (common.c; README.md repeats them); errors are one line on stderr.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        const cli_command *c = argc > 2 ? cli_find(argv[2]) : NULL;
        if (argc > 2 && !c) {
            cli_unknown_command(stderr, argv[2]);
            return 2;
        }
        if (c)
            cli_print_help(stdout, c);
        else
            cli_usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("g16k %s (plugin ABI %d.%d)\n", g16k_version(), G16K_ABI_MAJOR, G16K_ABI_MINOR);
        return 0;
    }
    const cli_command *c = cli_find(cmd);
    if (!c) {
        cli_unknown_command(stderr, cmd);
        return 2;
    }
    cli_current = c;
    cli_guard_mapped_files();
    int rc = c->run(argc, argv);
    return rc == CLI_HELP ? 0 : rc;
}
