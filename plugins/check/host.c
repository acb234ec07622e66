/*
 * The host API the checker hands to plugins: set_error keeps the message per thread (plugins may
 * fail on several threads at once); log prints to stderr only with G16K_CHECK_VERBOSE set.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"

static _Thread_local char last_error[1024];

static void host_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void host_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void host_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
}

static void host_log(int level, const char *fmt, ...)
{
    if (!getenv("G16K_CHECK_VERBOSE"))
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "plugin log[%d]: ", level);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static const g16k_host_api host = {
    .struct_size = sizeof(g16k_host_api),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .set_error = host_set_error,
    .log = host_log,
    .threads = 2,
};

static const g16k_host_api host_next_major = {
    .struct_size = sizeof(g16k_host_api),
    .abi_major = G16K_ABI_MAJOR + 1,
    .abi_minor = 0,
    .set_error = host_set_error,
    .log = host_log,
    .threads = 2,
};

const g16k_host_api *host_api(void) { return &host; }
const g16k_host_api *host_api_other_major(void) { return &host_next_major; }
const char *host_last_error(void) { return last_error; }
void host_clear_error(void) { last_error[0] = '\0'; }
