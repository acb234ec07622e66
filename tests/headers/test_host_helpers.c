/*
 * plugin.h's host helpers for a plugin's printf-style wrappers (g16k_host_vset_error,
 * g16k_host_vlog): on an ABI 1.6 host the message reaches set_error_v / log_v; on a host whose
 * struct_size ends before them (1.5 and older) or that leaves them NULL, the helper formats the
 * message itself and hands it to set_error / log; a NULL host is ignored. Each path is checked by
 * the text that arrives and by which entry received it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "g16k/plugin.h"

static char got[256];
static const char *via;
static int got_level;

static void set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(got, sizeof got, fmt, ap);
    va_end(ap);
    via = "set_error";
}

static void log_line(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(got, sizeof got, fmt, ap);
    va_end(ap);
    via = "log", got_level = level;
}

static void set_error_v(const char *fmt, va_list ap)
{
    vsnprintf(got, sizeof got, fmt, ap);
    via = "set_error_v";
}

static void log_v(int level, const char *fmt, va_list ap)
{
    vsnprintf(got, sizeof got, fmt, ap);
    via = "log_v", got_level = level;
}

static void plugin_error(const g16k_host_api *host, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vset_error(host, fmt, ap);
    va_end(ap);
}

static void plugin_log(const g16k_host_api *host, int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vlog(host, level, fmt, ap);
    va_end(ap);
}

static int failures;

static void expect(const char *what, const char *want_via, const char *want_text)
{
    if (!via || strcmp(via, want_via) != 0 || strcmp(got, want_text) != 0) {
        printf("FAIL %s: got '%s' via %s, want '%s' via %s\n", what, got, via ? via : "nothing",
               want_text, want_via);
        failures++;
    } else {
        printf("ok %s: '%s' via %s\n", what, got, via);
    }
    got[0] = '\0', via = NULL;
}

int main(void)
{
    g16k_host_api h16 = { .struct_size = sizeof(g16k_host_api),
                          .abi_major = G16K_ABI_MAJOR,
                          .abi_minor = G16K_ABI_MINOR,
                          .set_error = set_error,
                          .log = log_line,
                          .threads = 1,
                          .set_error_v = set_error_v,
                          .log_v = log_v };
    plugin_error(&h16, "bases %d of %s", 7, "G2");
    expect("1.6 host, error", "set_error_v", "bases 7 of G2");
    plugin_log(&h16, G16K_LOG_INFO, "window %u", 13u);
    expect("1.6 host, log", "log_v", "window 13");
    if (got_level != G16K_LOG_INFO)
        printf("FAIL log level %d\n", got_level), failures++;

    /* A 1.5 host: its struct ends at msm_window; whatever lies beyond is not read. */
    g16k_host_api h15 = h16;
    h15.struct_size = offsetof(g16k_host_api, msm_window) + sizeof h15.msm_window;
    h15.abi_minor = 5;
    plugin_error(&h15, "n = %llu > %s", 5ull, "bases");
    expect("1.5 host, error", "set_error", "n = 5 > bases");
    plugin_log(&h15, G16K_LOG_WARN, "%s", "slow path");
    expect("1.5 host, log", "log", "slow path");

    /* A 1.6 host that leaves the new entries NULL. */
    g16k_host_api hnull = h16;
    hnull.set_error_v = NULL, hnull.log_v = NULL;
    plugin_error(&hnull, "%s", "no device");
    expect("1.6 host without set_error_v", "set_error", "no device");

    /* A message longer than the fallback's buffer is cut, not overrun. */
    char longer[2000];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    plugin_error(&h15, "%s", longer);
    if (strcmp(via ? via : "", "set_error") != 0 || strlen(got) != sizeof got - 1)
        printf("FAIL long message: via %s, %zu bytes\n", via ? via : "nothing", strlen(got)),
            failures++;
    got[0] = '\0', via = NULL;

    plugin_error(NULL, "%s", "ignored");
    if (via)
        printf("FAIL NULL host reached %s\n", via), failures++;
    return failures ? 1 : 0;
}
