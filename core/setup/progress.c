/*
 * Progress of a long setup or ptau command on stderr: "g16k setup: <phase> 42% (12.3 s)". On a terminal one line
 * is rewritten in place (\r) up to 10 times a second; elsewhere (logs, --progress in a pipe) a
 * line is printed at most every 5 seconds and at the end of every phase, so logs stay short.
 * Disabled: every call returns at once. Called from one thread only (pool_run's caller).
 * It writes to stderr itself, unlike the log (g16k_set_log): setup is the g16k command's only
 * (no g16k.h function reaches it), and it is on only when the caller sets setup_opts.progress.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "util/clock.h"

void progress_init(progress *pg, const char *name, int enabled)
{
    pg->name = name;
    pg->enabled = enabled;
    pg->tty = isatty(STDERR_FILENO);
    pg->t0 = clock_now();
    pg->last = 0;
}

void progress_update(progress *pg, const char *phase, uint64_t done, uint64_t total)
{
    if (!pg || !pg->enabled)
        return;
    double now = clock_now();
    if (now - pg->last < (pg->tty ? 0.1 : 5.0))
        return;
    pg->last = now;
    unsigned pct = total ? (unsigned)(done * 100 / total) : 100;
    fprintf(stderr, "%sg16k %s: %-24s %3u%% (%.1f s)%s", pg->tty ? "\r" : "", pg->name, phase, pct,
            now - pg->t0, pg->tty ? "" : "\n");
    fflush(stderr);
}

void progress_done(progress *pg, const char *phase)
{
    if (!pg || !pg->enabled)
        return;
    double now = clock_now();
    fprintf(stderr, "%sg16k %s: %-24s done (%.1f s)\n", pg->tty ? "\r" : "", pg->name, phase,
            now - pg->t0);
    fflush(stderr);
    pg->last = now; /* the next phase's first line waits a full interval: no "0%" lines */
}
