/* What the queue subcommands (queue_cmd.c, submit_cmd.c, worker_cmd.c) share: queue_cli.c. */
#ifndef G16K_CLI_QUEUE_CLI_H
#define G16K_CLI_QUEUE_CLI_H

#include <stdint.h>

/* Exit codes beyond those of cli_exit_codes (common.c): the queue refused (cannot connect, no schema, permission
 * denied, witness over the queue's limit), and a job not finished (g16k result). */
#define CLI_EXIT_QUEUE 8
#define CLI_EXIT_NOT_DONE 9

/* --queue value, or $G16K_QUEUE when not given (NULL if neither). */
const char *queue_cli_url(const char *given);
/* Print "g16k: error: <queue message>" and return the exit code of a queue_status: 2 for a bad
 * URL or argument, CLI_EXIT_QUEUE otherwise. */
int queue_cli_fail(int status);
/* A decimal integer option in [lo, hi]; 0 or -1 (after printing a usage error). */
int queue_cli_int(const char *opt, const char *text, long long lo, long long hi, long long *out);

#endif
