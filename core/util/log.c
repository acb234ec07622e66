/* The core's log (util/log.h) and g16k_set_log (g16k.h). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <strings.h>

#include "g16k/g16k.h"
#include "util/error.h"
#include "util/log.h"

/* g16k_set_log's callback: none (every line dropped) until an embedder or the CLI sets one. */
static pthread_rwlock_t log_lock = PTHREAD_RWLOCK_INITIALIZER;
static g16k_log_fn log_fn;
static void *log_user;
static int log_level = G16K_LOG_WARN;

static const char *const level_names[] = { "error", "warn", "info", "debug" };

int log_level_parse(const char *s)
{
    if (!s || !*s)
        return G16K_LOG_WARN;
    for (int i = 0; i < 4; i++)
        if (strcasecmp(s, level_names[i]) == 0)
            return i;
    return -1;
}

const char *log_level_name(int level)
{
    if (level < G16K_LOG_ERROR)
        level = G16K_LOG_ERROR;
    if (level > G16K_LOG_DEBUG)
        level = G16K_LOG_DEBUG;
    return level_names[level];
}

void g16k_set_log(g16k_log_fn fn, void *user, int max_level)
{
    pthread_rwlock_wrlock(&log_lock);
    log_fn = fn;
    log_user = user;
    log_level = max_level;
    pthread_rwlock_unlock(&log_lock);
}

void log_vmsg(int level, const char *fmt, va_list ap)
{
    char line[G16K_ERR_MAX + 64];

    if (level < G16K_LOG_ERROR)
        level = G16K_LOG_ERROR;
    if (level > G16K_LOG_DEBUG)
        level = G16K_LOG_DEBUG;
    pthread_rwlock_rdlock(&log_lock);
    if (log_fn && level <= log_level) {
        vsnprintf(line, sizeof(line), fmt, ap);
        log_fn(log_user, level, line);
    }
    pthread_rwlock_unlock(&log_lock);
}

void log_msg(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vmsg(level, fmt, ap);
    va_end(ap);
}
