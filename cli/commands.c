/* The table of the g16k subcommands (one cli/NAME_cmd.c each), the lookup by name and the list
 * of them all that `g16k --help` prints. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_prove,  &cli_cmd_verify,  &cli_cmd_check,  &cli_cmd_setup, &cli_cmd_ptau,
    &cli_cmd_vk,     &cli_cmd_plugins, &cli_cmd_bench,  &cli_cmd_tune,  &cli_cmd_queue,
    &cli_cmd_submit, &cli_cmd_worker,  &cli_cmd_result, &cli_cmd_jobs,
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

/* Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions; names
 * are short: at most 15 bytes are compared, longer ones count as far). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 15 || m > 15)
        return 99;
    size_t d[16][16];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

void cli_unknown_command(FILE *f, const char *name)
{
    const cli_command *best = NULL;
    size_t best_d = 3; /* two edits at most: "proove", "verfy", "stup" */
    for (size_t i = 0; i < N_COMMANDS; i++) {
        size_t d = edit_distance(name, commands[i]->name);
        if (d < best_d) {
            best = commands[i];
            best_d = d;
        }
    }
    fprintf(f, "g16k: unknown command '%s'", name);
    if (best)
        fprintf(f, "; did you mean '%s'?", best->name);
    fprintf(f, "\ncommands:");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, " %s", commands[i]->name);
    fprintf(f, "\n(g16k --help describes them all, g16k COMMAND --help one)\n");
}

const cli_command *cli_find(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    return NULL;
}
