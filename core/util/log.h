/*
 * The core's log: one line at a time to the callback of g16k_set_log (g16k.h), none by default,
 * so that libg16k writes nothing to stderr by itself; the g16k command installs its own (to
 * stderr at the level of $G16K_LOG). Plugins reach it through host->log.
 * Levels are G16K_LOG_ERROR..G16K_LOG_DEBUG (g16k/plugin.h); a level outside is clamped.
 * Thread-safe: the callback and its level are read under a read lock held during the call, so
 * g16k_set_log, which takes it for writing, returns only once the old callback has returned.
 */
#ifndef G16K_UTIL_LOG_H
#define G16K_UTIL_LOG_H

#include <stdarg.h>

#include "g16k/plugin.h" /* G16K_LOG_* */

/* Format one line (at most G16K_ERR_MAX + 63 bytes, cut beyond) and hand it to the callback when
 * level is at or below the threshold set by g16k_set_log (G16K_LOG_WARN until then). */
void log_msg(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void log_vmsg(int level, const char *fmt, va_list ap);

/* Parse a $G16K_LOG value: "error", "warn", "info", "debug" (case-insensitive) or NULL.
 * Returns the G16K_LOG_* level, G16K_LOG_WARN for NULL/empty, -1 for anything else. */
int log_level_parse(const char *s);
/* The name of a G16K_LOG_* level ("error" ... "debug"; levels outside clamped to the nearest). */
const char *log_level_name(int level);

#endif
