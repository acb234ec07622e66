/* Shared helpers of the g16k command's subcommands (one file per subcommand). */
#ifndef G16K_CLI_H
#define G16K_CLI_H

#include <stddef.h>

#include "../formats/zkey.h"

/* A --name option taking a value (value != NULL) or a flag (flag != NULL). */
typedef struct cli_opt {
    const char *name;
    const char **value;
    int *flag;
} cli_opt;

/* Parse argv[2..] against opts; returns 0 or the usage exit code (2) after printing why. */
int cli_parse(int argc, char **argv, const cli_opt *opts, size_t n_opts);
/* Print "g16k: error: <last error>" and return the exit code for status. */
int cli_fail(int status);
int cli_exit_code(int status);
int cli_usage_error(const char *fmt, const char *arg);
/* --config value, or $G16K_CONFIG when not given (NULL if neither). */
const char *cli_config(const char *given);

/* Progress of a key load on stderr (key_progress.c): a zkey_progress_fn with its state.
 * mode: 1 always (--progress), 0 on a terminal once the load has taken a second, -1 never. */
typedef struct key_progress_state {
    const char *name;       /* the key's file name, borrowed */
    int mode, tty, shown;
    double next;            /* no new line before (not a terminal) */
} key_progress_state;
void cli_key_progress_init(key_progress_state *kp, const char *path, int mode);
void cli_key_progress(void *user, const zkey_progress *pg);

int cmd_prove(int argc, char **argv);
int cmd_bench(int argc, char **argv);

/* Further subcommands (bench, ...): returns the exit code, or -1 if cmd is not one of them. */
int cli_extra_command(const char *cmd, int argc, char **argv);
const char *cli_extra_usage(void);

#endif
