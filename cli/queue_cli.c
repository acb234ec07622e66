/* What the queue subcommands share (queue_cli.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "queue_cli.h"
#include "queue/queue.h"

const char *queue_cli_url(const char *given)
{
    return given ? given : getenv("G16K_QUEUE");
}

int queue_cli_fail(int status)
{
    fprintf(stderr, "g16k: error: %s\n", queue_last_error());
    return status == QUEUE_EINVAL ? 2 : CLI_EXIT_QUEUE;
}

int queue_cli_int(const char *opt, const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "g16k: %s '%s': expected an integer from %lld to %lld\n", opt, text, lo,
                hi);
        if (cli_current)
            fprintf(stderr, "(see g16k %s --help)\n", cli_current->name);
        else
            fprintf(stderr, "(see g16k --help)\n");
        return -1;
    }
    *out = v;
    return 0;
}
