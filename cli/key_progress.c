/*
 * Progress of a proving key's load on stderr (g16k prove), fed by libg16k's progress callback
 * (g16k.h g16k_progress_fn: stages "check", in points, then "upload", in provider handles).
 * Once the load has taken a second and stderr is a terminal, one line rewritten in place, e.g.
 *   g16k: key circuit_final.zkey: 120000 of 302216 points checked, 61.2k/s, 3.0 s left
 * then "handing it to the providers (3 of 7)", and after the load one line that stays:
 *   g16k: key circuit_final.zkey: 302216 points checked in 5.0 s, handed to the providers in 0.1 s
 * or, for a key the verdict cache holds (g16k_key_cached),
 *   g16k: key circuit_final.zkey: in the key cache, no curve or subgroup tests; handed to ...
 * With --progress it is shown from the start, also when stderr is not a terminal (then a line
 * every 2 seconds, and the last one); with --quiet, or when piped without --progress, nothing.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "util/clock.h"

void cli_key_progress_init(key_progress_state *kp, const char *path, int mode)
{
    const char *slash = strrchr(path, '/');
    memset(kp, 0, sizeof *kp);
    kp->name = slash ? slash + 1 : path;
    kp->mode = mode;
    kp->tty = isatty(STDERR_FILENO);
    kp->t0 = clock_now();
}

static void human(char *buf, size_t cap, double v)
{
    if (v >= 1e6)
        snprintf(buf, cap, "%.1fM", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, cap, "%.1fk", v / 1e3);
    else
        snprintf(buf, cap, "%.0f", v);
}

/* The line for a "check" call before the end of the stage. */
static void check_line(char *line, size_t cap, const key_progress_state *kp, uint64_t done,
                       uint64_t total, double seconds)
{
    char rate[32];
    double r = seconds > 0 ? (double)done / seconds : 0;
    human(rate, sizeof rate, r);
    int n = snprintf(line, cap, "g16k: key %s: %llu of %llu points checked, %s/s", kp->name,
                     (unsigned long long)done, (unsigned long long)total, rate);
    if (r > 0 && n > 0 && (size_t)n < cap)
        snprintf(line + n, cap - (size_t)n, ", %.1f s left", (double)(total - done) / r);
}

/* Write line: in place on a terminal (\033[K clears what a longer line left), else as a line. */
static void put(key_progress_state *kp, const char *line, int last)
{
    fprintf(stderr, "%s%s%s%s", kp->tty ? "\r" : "", line, kp->tty ? "\033[K" : "",
            kp->tty && !last ? "" : "\n");
    fflush(stderr);
    kp->shown = 1;
}

int cli_key_progress(void *user, const char *stage, uint64_t done, uint64_t total)
{
    key_progress_state *kp = user;
    double seconds = clock_now() - kp->t0;
    int upload = strcmp(stage, "upload") == 0;
    if (!upload) {
        kp->check_seconds = seconds;
        kp->points = total;
    }
    if (done == total)
        return 0; /* the end of a stage: the next one, or the summary */
    if (kp->mode < 0 || (kp->mode == 0 && (!kp->tty || seconds < 1.0)))
        return 0;
    if (!kp->tty && seconds < kp->next)
        return 0;
    kp->next = seconds + 2.0;
    char line[256];
    if (!upload)
        check_line(line, sizeof line, kp, done, total, seconds);
    else
        snprintf(line, sizeof line,
                 "g16k: key %s: %llu points checked in %.1f s, handing it to "
                 "the providers (%llu of %llu)",
                 kp->name, (unsigned long long)kp->points, kp->check_seconds,
                 (unsigned long long)done, (unsigned long long)total);
    put(kp, line, 0);
    return 0;
}

void cli_key_progress_end(key_progress_state *kp, const g16k_key *key)
{
    if (kp->mode < 0 || (kp->mode == 0 && !kp->shown))
        return;
    if (key == NULL) { /* failed: the error line follows */
        if (kp->tty)
            fprintf(stderr, "\r\033[K");
        return;
    }
    double handed = clock_now() - kp->t0 - kp->check_seconds;
    char line[256];
    if (g16k_key_cached(key))
        snprintf(line, sizeof line,
                 "g16k: key %s: in the key cache, no curve or subgroup tests; "
                 "handed to the providers in %.1f s",
                 kp->name, handed);
    else
        snprintf(line, sizeof line,
                 "g16k: key %s: %llu points checked in %.1f s, handed to the "
                 "providers in %.1f s",
                 kp->name, (unsigned long long)kp->points, kp->check_seconds, handed);
    put(kp, line, 1);
}
