/*
 * The g16k command: one file per subcommand (cli/<name>_cmd.c), each exporting a cli_command with
 * its help text; commands.c lists them and main.c dispatches. What the subcommands share lives in
 * common.c (and queue_cli.c for the queue's), which calls no subcommand.
 */
#ifndef G16K_CLI_H
#define G16K_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "g16k/g16k.h"

/* A subcommand. help: the synopsis line(s) starting with the name, then the description, each
 * line ending in '\n'; continuation lines are indented to line up under the options. Printed by
 * `g16k --help` (every command) and `g16k NAME --help` (this one, with the exit codes). */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[1] is the name; returns the exit code */
    const char *help;
} cli_command;

/* commands.c: the table. */
extern const cli_command cli_cmd_prove, cli_cmd_verify, cli_cmd_check, cli_cmd_setup, cli_cmd_vk,
    cli_cmd_plugins, cli_cmd_bench, cli_cmd_tune, cli_cmd_queue, cli_cmd_submit, cli_cmd_worker,
    cli_cmd_result, cli_cmd_jobs, cli_cmd_ptau;
/* The command called name, or NULL. */
const cli_command *cli_find(const char *name);
/* What to print for a command name that is none: "unknown command 'proove'; did you mean
 * 'prove'?" (the closest name within two edits, if any), then the command names on one line. */
void cli_unknown_command(FILE *f, const char *name);
/* `g16k --help`: every command's help lines, then the exit codes. */
void cli_usage(FILE *f);

/* ---- common.c ---- */

/* Returned by cli_parse and passed up by a command when it printed its help on request: the
 * process exits 0. */
#define CLI_HELP (-1)

/* A --name option taking a value (value != NULL) or a flag (flag != NULL). */
typedef struct cli_opt {
    const char *name;
    const char **value;
    int *flag;
} cli_opt;

/* Parse argv[2..] against opts. Arguments that do not start with '-' are positional: up to
 * max_pos of them go to pos[] (count in *n_pos); with max_pos 0 any is a usage error.
 * --help or -h prints the running command's help to stdout and returns CLI_HELP.
 * Returns 0, CLI_HELP, or the usage exit code (2) after printing why. */
int cli_parse_pos(int argc, char **argv, const cli_opt *opts, size_t n_opts, const char **pos,
                  size_t max_pos, size_t *n_pos);
int cli_parse(int argc, char **argv, const cli_opt *opts, size_t n_opts);
/* The exit code of an I/O error (cli_exit_code(G16K_EIO)). */
#define CLI_EXIT_IO 5
/* Catch the SIGBUS of a mapped input file that shrank: print why, exit CLI_EXIT_IO
 * (cli/sigbus.c). Once, from main, before any command runs. */
void cli_guard_mapped_files(void);

/* Print "g16k: error: <last error>" and return the exit code for status. */
int cli_fail(int status);
int cli_exit_code(int status);
/* Print "g16k: <fmt with arg>" and a pointer to the command's --help; returns 2. */
int cli_usage_error(const char *fmt, const char *arg);

/* A file argument of a command: how the user named it ("--zkey", or "ZKEY" for a positional
 * one), its path (NULL: not given, skipped) and whether the command writes it. */
typedef struct cli_file {
    const char *arg;
    const char *path;
    int output;
} cli_file;
/* Before any work: refuse an output that is the same file as an input or as another output
 * (util/same_file.h: device and inode, or the resolved path of a file not made yet), printing
 * both arguments. Returns 0, or the usage exit code (2). */
int cli_check_outputs(const cli_file *files, size_t n);
/* The file of a queue URL that is one (sqlite:PATH), else NULL. */
const char *cli_queue_file(const char *url);

/* --threads T of prove and bench (NULL: not given): sets $G16K_THREADS, which
 * overrides [core] threads (README "Threads"), before the prover opens. Returns 0, or 2 after a
 * usage error for anything but 0..4096. */
int cli_threads_opt(const char *threads);
/* The value of --threads T (NULL: not given, 0) for commands that pass it on themselves (setup,
 * ptau): 0..4096 in *out; returns 0, or 2 after the same usage error. */
int cli_threads_value(const char *threads, unsigned *out);

/* Open the prover of --config (given), else of $G16K_CONFIG when set and not empty, else the
 * built-in conf/cpu.ini (logged at G16K_LOG=info). Returns a g16k_status. */
int cli_open_prover(const char *given, g16k_prover **out);

/* ---- key_progress.c ---- */
/* Progress of a key load on stderr (key_progress.c): cli_key_progress is a g16k_progress_fn,
 * user a key_progress_state. mode: 1 always (--progress), 0 on a terminal once the load has
 * taken a second, -1 never. */
typedef struct key_progress_state {
    const char *name; /* the key's file name, borrowed */
    int mode, tty, shown;
    double t0;            /* when the load started */
    double next;          /* no new line before (not a terminal) */
    double check_seconds; /* from t0 to the last "check" call */
    uint64_t points;      /* the key's points (total of "check") */
} key_progress_state;
void cli_key_progress_init(key_progress_state *kp, const char *path, int mode);
int cli_key_progress(void *user, const char *stage, uint64_t done, uint64_t total);
/* After the load (key: the loaded key, NULL when it failed): the summary line when progress
 * was shown or asked for; after a failure the terminal's progress line is cleared. */
void cli_key_progress_end(key_progress_state *kp, const g16k_key *key);

/* --trace FILE of prove, bench and tune (trace_opt.c): cli_trace_start opens the trace of path
 * (NULL: none, *trace = NULL), binds it to the calling thread, whose track it names after the
 * command cmd ("prove"); cli_trace_finish writes it and returns rc, or the exit code of a failed write when
 * rc is 0 (after printing the error). */
int cli_trace_start(const char *path, const char *cmd, g16k_trace **trace);
int cli_trace_finish(g16k_trace *trace, int rc);

/* The running command (set by main before it runs one). */
extern const cli_command *cli_current;
/* `g16k NAME --help`: c's help as a usage text, then the exit codes. */
void cli_print_help(FILE *f, const cli_command *c);
/* Print text line by line, the first line after first, the others after rest. */
void cli_print_lines(FILE *f, const char *text, const char *first, const char *rest);
/* The exit codes of every command, as the help texts print them. */
extern const char cli_exit_codes[];

#endif
