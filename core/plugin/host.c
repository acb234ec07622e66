/*
 * The g16k_host_api handed to every plugin.
 *
 * set_error stores into the calling thread's core error (util/error.h), which is thread-local, so
 * plugins may fail on many threads at once. host->log is the core's log (util/log.h). The trace
 * entries (ABI 1.2) record into the calling thread's trace (util/trace.h), and so does msm_window
 * (ABI 1.5). set_error_v and log_v (ABI 1.6) are err_vset and log_vmsg themselves.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "util/trace.h"
#include "g16k/g16k.h"
#include "plugin/internal.h"
#include "util/error.h"
#include "util/log.h"

static void host_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void host_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ABI 1.2 tracing: into the trace bound to the calling thread (util/trace.h), which the
 * provider-call layer has bound around the call. */
static uint64_t host_trace_begin(void)
{
    return trace_current() && trace_in_call() ? trace_now() : 0;
}

static void host_trace_end(const char *name, uint64_t begin, const char *detail)
{
    g16k_trace *t = trace_current();
    if (!t || !begin || !name || !trace_in_call())
        return;
    json_object *args = NULL;
    if (detail)
        json_object_object_add(args = json_object_new_object(), "detail",
                               json_object_new_string(detail));
    trace_add(t, "provider", name, begin, trace_now(), args, NULL);
}

/* ABI 1.5: the window of the running MSM call, for the core's event of it (calls.c). */
static void host_msm_window(uint32_t c)
{
    trace_call_window_set(c);
}

static g16k_host_api host = {
    .struct_size = sizeof(g16k_host_api),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .set_error = host_set_error,
    .log = host_log,
    .threads = 1,
    .trace_begin = host_trace_begin,
    .trace_end = host_trace_end,
    .msm_window = host_msm_window,
    .set_error_v = err_vset,
    .log_v = log_vmsg,
};
static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;
static int host_threads_set;

static void host_log(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vmsg(level, fmt, ap);
    va_end(ap);
}

static void host_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(fmt, ap);
    va_end(ap);
}

void host_api_init(unsigned threads)
{
    pthread_mutex_lock(&host_lock);
    if (!host_threads_set) {
        host.threads = threads ? threads : 1;
        host_threads_set = 1;
    }
    pthread_mutex_unlock(&host_lock);
}

const g16k_host_api *host_api_get(void)
{
    return &host;
}
