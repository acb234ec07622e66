/*
 * The g16k command: dispatch to the subcommand named by argv[1] (commands.c has the table, one
 * cli/NAME_cmd.c each) and the global --help and --version. Exit codes are listed once, in
 * cli_exit_codes (common.c; README.md repeats them); errors are one line on stderr, and so are
 * the library's log lines (log_install).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "plugin/internal.h"
#include "util/log.h"

/* The library logs nowhere by itself (g16k_set_log); the command writes its lines to stderr as
 * "g16k: LEVEL: line", each with one write, at the level $G16K_LOG names (error, warn, info,
 * debug; warn by default). An unknown value is said, with the first line logged, and warn used. */
static const char *log_bad_level;
static pthread_once_t log_bad_once = PTHREAD_ONCE_INIT;

static void log_bad_level_say(void)
{
    fprintf(stderr, "g16k: warn: ignoring G16K_LOG='%s' (expected error, warn, info or debug)\n",
            log_bad_level);
}

static void log_to_stderr(void *user, int level, const char *line)
{
    char buf[4096];
    (void)user;
    if (log_bad_level)
        pthread_once(&log_bad_once, log_bad_level_say);
    snprintf(buf, sizeof(buf), "g16k: %s: %s\n", log_level_name(level), line);
    fputs(buf, stderr);
}

static void log_install(void)
{
    const char *env = getenv("G16K_LOG");
    int level = log_level_parse(env);
    if (level < 0) {
        log_bad_level = env;
        level = G16K_LOG_WARN;
    }
    g16k_set_log(log_to_stderr, NULL, level);
}

int main(int argc, char **argv)
{
    log_install();
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
