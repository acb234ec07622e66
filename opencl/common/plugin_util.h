/*
 * plugin_util.h: error reporting shared by the GPU plugins (opencl/, cuda/), which both compile
 * the host-side helpers in opencl/common/.
 * `plugin_host` is defined in plugin_util.c and set by the plugin's g16k_plugin_entry
 * (NULL before: messages are then dropped).
 * Thread-safe: host->set_error and host->log are thread-safe by the ABI.
 */
#ifndef G16K_GPU_PLUGIN_UTIL_H
#define G16K_GPU_PLUGIN_UTIL_H

#include "g16k/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const g16k_host_api *plugin_host;

/* Report a one-line error through host->set_error (when a host is known) and return code. */
int plugin_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* host->log when a host is known; otherwise nothing. */
void plugin_log(int level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif
