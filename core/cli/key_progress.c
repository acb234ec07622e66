/*
 * Progress of a proving key's load on stderr (g16k prove): once the load has taken a second and
 * stderr is a terminal, one line rewritten in place, e.g.
 *   g16k: key circuit_final.zkey: 120000 of 205000 points tested, 61.2k/s, 1.4 s left
 * With --progress it is shown from the start, also when stderr is not a terminal (then a line
 * every 2 seconds); with --quiet, or when piped without --progress, nothing.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

void cli_key_progress_init(key_progress_state *kp, const char *path, int mode)
{
    const char *slash = strrchr(path, '/');
    memset(kp, 0, sizeof *kp);
    kp->name = slash ? slash + 1 : path;
    kp->mode = mode;
    kp->tty = isatty(STDERR_FILENO);
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

void cli_key_progress(void *user, const zkey_progress *pg)
{
    key_progress_state *kp = user;
    if (kp->mode < 0 || (kp->mode == 0 && (!kp->tty || pg->seconds < 1.0)))
        return;
    if (pg->done && !kp->shown)
        return;                         /* a load too short to show anything */
    if (!pg->done && !kp->tty && pg->seconds < kp->next)
        return;
    kp->next = pg->seconds + 2.0;
    char line[256];
    if (pg->cached) {
        snprintf(line, sizeof line, "g16k: key %s: in the key cache, no curve or subgroup tests",
                 kp->name);
    } else if (pg->checked == 0 && pg->bytes_read < pg->bytes) {
        snprintf(line, sizeof line, "g16k: key %s: %.1f of %.1f MB read", kp->name,
                 pg->bytes_read / 1e6, pg->bytes / 1e6);
    } else {
        char rate[32];
        double r = pg->seconds > 0 ? (double)pg->checked / pg->seconds : 0;
        human(rate, sizeof rate, r);
        int n = snprintf(line, sizeof line, "g16k: key %s: %llu of %llu points tested, %s/s",
                         kp->name, (unsigned long long)pg->checked,
                         (unsigned long long)pg->to_check, rate);
        if (!pg->done && r > 0 && n > 0 && (size_t)n < sizeof line)
            snprintf(line + n, sizeof line - (size_t)n, ", %.1f s left",
                     (double)(pg->to_check - pg->checked) / r);
        else if (pg->done && n > 0 && (size_t)n < sizeof line)
            snprintf(line + n, sizeof line - (size_t)n, ", %.1f s", pg->seconds);
    }
    /* \033[K clears what a longer previous line left on the terminal. */
    fprintf(stderr, "%s%s%s%s", kp->tty ? "\r" : "", line, kp->tty ? "\033[K" : "",
            kp->tty && !pg->done ? "" : "\n");
    fflush(stderr);
    kp->shown = 1;
}
