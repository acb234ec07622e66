/*
 * Declarations shared by config.c, loader.c and host.c; not part of any public API.
 * config.c parses and validates prover.ini and decides which plugins to load; loader.c finds,
 * opens, checks, creates and probes one plugin; host.c is the g16k_host_api and the log.
 */
#ifndef G16K_PLUGIN_INTERNAL_H
#define G16K_PLUGIN_INTERNAL_H

#include <stddef.h>

#include "plugin/config.h"

/* Where loader_find looks for a bare file name, in this order. Each field is an absolute folder
 * or NULL (skipped). */
typedef struct loader_dirs {
    const char *ini_dir;            /* folder of prover.ini; base of relative paths */
    const char *plugin_dir;         /* [core] plugin_dir, already made absolute, or NULL */
} loader_dirs;

/* Resolve the `path` value of a [plugin.NAME] section into out (PATH_MAX bytes).
 * spec with '/': relative to dirs->ini_dir (or absolute), not checked for existence here.
 * Bare spec: the first existing file among plugin_dir, $G16K_PLUGIN_DIR, loader_self_dir()/g16k,
 * loader_self_dir()/../lib/g16k, loader_self_dir()/G16K_PLUGIN_DIR_FROM_BIN (the install
 * tree's plugin folder relative to its bin/) and G16K_DEFAULT_PLUGIN_DIR.
 * Returns G16K_OK, or G16K_EIO with the error set ("plugin NAME: 'spec' not found in ...").
 * Thread-safe (reads the environment). */
int loader_find(const char *name, const char *spec, const loader_dirs *dirs, char *out);

/* The folder (absolute, no trailing '/') of the executable or shared library that holds the core
 * code, found with dladdr. Writes it into out (PATH_MAX bytes); returns 0, or -1 if unknown.
 * Thread-safe. */
int loader_self_dir(char *out);

/* dlopen lp->path (RTLD_NOW | RTLD_LOCAL), call g16k_plugin_entry, check the descriptor and its
 * vtables against ABI 1.0. lp->name and lp->path must be filled in. On error the library is
 * closed again and the error ("plugin NAME (PATH): ...") set. Thread-safe. */
int loader_open(loaded_plugin *lp);

/* create() the plugin context with cfg, then probe() it (lp->info gets the description).
 * lp must have passed loader_open. On create failure the plugin's message is kept behind a
 * "plugin NAME (PATH): create: " prefix; on probe failure the context is destroyed again. Once
 * create() has been called the library is never closed: on failure lp->dl is dropped (the
 * library stays mapped) and lp must not be used further. Thread-safe as far as the plugin's
 * create/probe are. */
int loader_start(loaded_plugin *lp, const g16k_config *cfg);

/* Undo a loader_open that was not followed by loader_start: dlclose and zero lp. */
void loader_unload(loaded_plugin *lp);

/* Undo a successful loader_start: destroy the context; the library stays loaded. */
void loader_stop(loaded_plugin *lp);

/* Whether the plugin's descriptor provides capability cap (G16K_CAP_*). */
int loader_has_cap(const loaded_plugin *lp, unsigned cap);

/* Set host->threads once per process (first call wins; threads >= 1). Call before handing
 * host_api_get() to any plugin. Thread-safe. */
void host_api_init(unsigned threads);

/* Parse a $G16K_LOG value: "error", "warn", "info", "debug" (case-insensitive) or NULL.
 * Returns the G16K_LOG_* level, G16K_LOG_WARN for NULL/empty, -1 for anything else. */
int host_log_level_parse(const char *s);

#endif
