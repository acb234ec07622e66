/*
 * Per-thread last error message of the core. Every failing core function sets it (one line,
 * naming the file, section and byte offset, or the config line, where there is one) and returns
 * a negative g16k_status. The message lives in thread-local storage and stays valid until the
 * next g16k_err_set on the same thread. Thread-safe.
 */
#ifndef G16K_UTIL_ERROR_H
#define G16K_UTIL_ERROR_H

#include <stdarg.h>

#define G16K_ERR_MAX 1024

/* Set the message (printf-style) and return status, so callers can `return g16k_err(...)`. */
int g16k_err(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void g16k_err_vset(const char *fmt, va_list ap);
/* Prepend "prefix: " to the current message (e.g. the plugin name). */
void g16k_err_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *g16k_err_get(void);
void g16k_err_clear(void);

#endif
