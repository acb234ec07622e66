#include "error.h"

#include <stdio.h>
#include <string.h>

static _Thread_local char err_buf[G16K_ERR_MAX];

void err_vset(const char *fmt, va_list ap)
{
    vsnprintf(err_buf, sizeof(err_buf), fmt, ap);
}

int err_set(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(fmt, ap);
    va_end(ap);
    return status;
}

void err_prefix(const char *fmt, ...)
{
    char prefix[256], old[G16K_ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof(prefix), fmt, ap);
    va_end(ap);
    memcpy(old, err_buf, sizeof(old));
    /* A long message is cut at G16K_ERR_MAX; testing the result tells GCC that is intended. */
    if (snprintf(err_buf, sizeof(err_buf), "%s: %s", prefix, old) >= (int)sizeof(err_buf))
        err_buf[sizeof(err_buf) - 1] = '\0';
}

const char *err_get(void)
{
    return err_buf;
}

void err_clear(void)
{
    err_buf[0] = '\0';
}
