/* The table of the g16k subcommands (one cli/NAME_cmd.c each), the lookup by name and the list
 * of them all that `g16k --help` prints. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_prove,   &cli_cmd_verify, &cli_cmd_check, &cli_cmd_setup, &cli_cmd_vk,
    &cli_cmd_plugins, &cli_cmd_bench,  &cli_cmd_tune,  &cli_cmd_queue, &cli_cmd_submit,
    &cli_cmd_worker,  &cli_cmd_result, &cli_cmd_jobs,
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

void cli_usage(FILE *f)
{
    fprintf(f, "usage: g16k <command> [options]      (g16k <command> --help for one command)\n"
               "\ncommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        cli_print_lines(f, commands[i]->help, "  ", "  ");
    fprintf(f, "\n  --help, --version\n\n%s", cli_exit_codes);
}

const cli_command *cli_find(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    return NULL;
}
