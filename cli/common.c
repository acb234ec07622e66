/*
 * What the subcommands share: option parsing, error reporting and exit codes, the help printer
 * and the prover configuration. Depends on no subcommand (commands.c lists them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plugin/config.h"
#include "util/same_file.h"
#include "util/log.h"

const char cli_exit_codes[] =
    "exit codes: 0 ok, 1 invalid proof (verify) or unsatisfied witness (check), 2 usage,\n"
    "            3 config or plugin error, 4 malformed or unusable input file, 5 I/O error,\n"
    "            6 proof failed its own check (witness does not satisfy the circuit, or a\n"
    "            provider is wrong), 7 out of memory, 8 the job queue refused or is unreachable,\n"
    "            9 job not finished (result)\n";

const cli_command *cli_current;

/* Print text line by line, the first line after first, the others after rest. */
void cli_print_lines(FILE *f, const char *text, const char *first, const char *rest)
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
    cli_print_lines(f, c->help, "usage: g16k ", "            ");
    fprintf(f, "\n%s", cli_exit_codes);
}

int cli_exit_code(int status)
{
    switch (status) {
    case G16K_OK: return 0;
    case G16K_EFORMAT: return 4;
    case G16K_EIO: return CLI_EXIT_IO;
    case G16K_EVERIFY: return 6;
    case G16K_ENOMEM: return 7;
    case G16K_EINVAL: return 2;
    default: return 3; /* ECONFIG, ENODEV, EUNSUPPORTED, EINTERNAL */
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
    if (cli_current)
        fprintf(stderr, "\n(see g16k %s --help)\n", cli_current->name);
    else
        fprintf(stderr, "\n(see g16k --help)\n");
    return 2;
}

int cli_parse_pos(int argc, char **argv, const cli_opt *opts, size_t n_opts, const char **pos,
                  size_t max_pos, size_t *n_pos)
{
    if (n_pos)
        *n_pos = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            if (cli_current)
                cli_print_help(stdout, cli_current);
            return CLI_HELP;
        }
        if (argv[i][0] != '-' || argv[i][1] == '\0') {
            if (!n_pos || *n_pos == max_pos)
                return cli_usage_error("unexpected argument '%s'", argv[i]);
            pos[(*n_pos)++] = argv[i];
            continue;
        }
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

int cli_parse(int argc, char **argv, const cli_opt *opts, size_t n_opts)
{
    return cli_parse_pos(argc, argv, opts, n_opts, NULL, 0, NULL);
}

int cli_open_prover(const char *given, g16k_prover **out)
{
    const char *path = given ? given : getenv("G16K_CONFIG");
    if (path && *path)
        return g16k_prover_open(path, out);
    log_msg(G16K_LOG_INFO,
            "no --config and no $G16K_CONFIG: using the built-in configuration "
            "(%s: every slot on the CPU plugin)",
            CONFIG_BUILTIN_NAME);
    return g16k_prover_open_default(out);
}

int cli_threads_value(const char *threads, unsigned *out)
{
    *out = 0;
    if (!threads)
        return 0;
    char *end;
    unsigned long t = strtoul(threads, &end, 10);
    if (!*threads || *threads == '-' || *end || t > 4096)
        return cli_usage_error("bad --threads '%s' (0 for all cores, or 1..4096)", threads);
    *out = (unsigned)t;
    return 0;
}

int cli_threads_opt(const char *threads)
{
    unsigned t;
    int rc = cli_threads_value(threads, &t);
    if (rc == 0 && threads)
        setenv("G16K_THREADS", threads, 1);
    return rc;
}

int cli_check_outputs(const cli_file *files, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!files[i].output || !files[i].path)
            continue;
        for (size_t j = 0; j < n; j++) {
            if (j == i || !files[j].path || (files[j].output && j > i))
                continue; /* each pair of outputs once */
            if (!path_same_file(files[i].path, files[j].path))
                continue;
            const cli_file *o = &files[i], *x = &files[j];
            fprintf(stderr, "g16k: %s '%s' is the same file as %s '%s': %s; nothing was written\n",
                    o->arg, o->path, x->arg, x->path,
                    x->output ? "two outputs cannot share a file, give each its own path"
                              : "writing it would destroy that input (arguments swapped?)");
            if (cli_current)
                fprintf(stderr, "(see g16k %s --help)\n", cli_current->name);
            return 2;
        }
    }
    return 0;
}

const char *cli_queue_file(const char *url)
{
    return url && strncmp(url, "sqlite:", 7) == 0 ? url + 7 : NULL;
}
