/*
 * A stand-alone host for provider plugins: the g16k_host_api that g16k-plugin-check and the
 * plugin tests (tests/cpu, tests/gpu) hand to a plugin they load with dlopen, without the core.
 * Built as the static library g16k_plugin_host (sdk/check/CMakeLists.txt); needs plugin.h
 * and libdl only.
 *
 * set_error keeps the message per thread (plugins may fail on several threads at once); log
 * keeps the last line per thread and prints it on stderr when its level is at most the echo
 * level (none by default). The host API's threads is 2 unless host_set_threads says otherwise.
 */
#ifndef G16K_PLUGIN_HOST_H
#define G16K_PLUGIN_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "g16k/plugin.h"

/* The host API (this build's ABI); valid until exit. */
const g16k_host_api *host_api(void);
/* A host API that claims ABI major G16K_ABI_MAJOR + 1, for the entry-point rejection check. */
const g16k_host_api *host_api_other_major(void);
/* host->threads of both host APIs (>= 1); call before a plugin first sees them. Not
 * thread-safe. */
void host_set_threads(uint32_t threads);
/* The calling thread's last host->set_error message ("" if none since host_clear_error). */
const char *host_last_error(void);
void host_clear_error(void);
/* The calling thread's last host->log line, at any level ("" if none). */
const char *host_last_log(void);
/* Print the log lines of level <= max_level on stderr ("plugin log[LEVEL]: line"); -1, the
 * default, prints none. Not thread-safe. */
void host_echo_log(int max_level);

/* A plugin loaded with dlopen(RTLD_NOW | RTLD_LOCAL), as the core's loader does. */
typedef struct host_plugin {
    const char *path;
    void *dl; /* never dlclose()d (plugin.h) */
    g16k_plugin_entry_fn entry;
    const g16k_plugin_desc *desc; /* from entry(host_api()), by host_plugin_open */
    g16k_plugin_ctx *ctx;         /* from host_plugin_create */
} host_plugin;

/* dlopen path and find g16k_plugin_entry (not called). Returns 0, or -1 with a reason in err. */
int host_plugin_dlopen(host_plugin *p, const char *path, char *err, size_t err_len);
/* host_plugin_dlopen, then entry(host_api(), &p->desc). Returns 0, or -1 with a reason in err. */
int host_plugin_open(host_plugin *p, const char *path, char *err, size_t err_len);
/* create() into p->ctx with the config {file, section, entries, n_entries} (entries may be
 * NULL when n_entries is 0), after host_clear_error. Returns the plugin's status. */
int host_plugin_create(host_plugin *p, const char *file, const char *section,
                       const g16k_config_entry *entries, uint64_t n_entries);

#endif
