/*
 * Per-thread last error message of the core. Every failing core function sets it (one line,
 * naming the file, section and byte offset, or the config line, where there is one) and returns
 * a negative g16k_status. The message lives in thread-local storage and stays valid until the
 * next err_set on the same thread. Thread-safe.
 */
#ifndef G16K_UTIL_ERROR_H
#define G16K_UTIL_ERROR_H

#include <stdarg.h>

#define G16K_ERR_MAX 1024

/* Set the message (printf-style) and return status, so callers can `return err_set(...)`. */
int err_set(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void err_vset(const char *fmt, va_list ap);
/* Prepend "prefix: " to the current message (e.g. the plugin name). */
void err_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *err_get(void);
void err_clear(void);

#endif
