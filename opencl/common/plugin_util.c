/*
 * plugin_util.c: printf-style error and log forwarding to the core's host API, for the GPU
 * plugins. Messages longer than 1 KiB are truncated.
 */
#include "plugin_util.h"

#include <stdarg.h>
#include <stdio.h>

const g16k_host_api *plugin_host;

int plugin_fail(int code, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (plugin_host && plugin_host->set_error)
        plugin_host->set_error("%s", buf);
    return code;
}

void plugin_log(int level, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (plugin_host && plugin_host->log)
        plugin_host->log(level, "%s", buf);
}
