/*
 * Declarations shared by config.c, slots.c, loader.c and host.c; not part of any public API.
 * config.c parses and validates prover.ini; slots.c loads the plugins its slots name, with
 * their fallbacks; loader.c finds, opens, checks, creates and probes one plugin (against the
 * ABI rules of abi.c); host.c is the g16k_host_api and the log.
 */
#ifndef G16K_PLUGIN_INTERNAL_H
#define G16K_PLUGIN_INTERNAL_H

#include <limits.h>
#include <stddef.h>

#include "plugin/config.h"

/* ---- slots.c: loading what the slots of a parsed prover.ini name ---- */

#define PLUGIN_NAME_MAX 63 /* the NAME of [plugin.NAME], in bytes */

/* One [plugin.NAME] section as written (config.c), and what became of it (slots.c). */
typedef struct plugin_sec {
    char name[PLUGIN_NAME_MAX + 1];
    unsigned line; /* first [plugin.NAME] header */
    char *path;
    unsigned path_line;
    g16k_config_entry *entries; /* key/value owned (strdup) */
    size_t n_entries, cap_entries;
    int state;         /* 0 untouched, 1 started, -1 failed */
    loaded_plugin *lp; /* when started */
    int status;        /* when failed: code and message, for a second slot */
    char *err;
} plugin_sec;

/* One slot section ([synthesizer], [ntt], [msm.g1], [msm.g2]) as written. */
typedef struct slot_spec {
    char provider[PLUGIN_NAME_MAX + 1];
    unsigned provider_line;
    char fallback[PLUGIN_NAME_MAX + 1]; /* "" when none */
    unsigned fallback_line;
    plugin_sec *prim, *fb; /* their sections, set once the file is validated */
} slot_spec;

/* What config.c hands slots.c: where relative plugin paths start, the plugin sections and the
 * slots. */
typedef struct plugin_plan {
    char ini_dir[PATH_MAX];        /* folder of prover.ini, absolute */
    char plugin_dir_abs[PATH_MAX]; /* [core] plugin_dir made absolute, "" when absent */
    plugin_sec *secs;
    size_t n_secs, cap_secs;
    slot_spec slot[SLOT_COUNT];
} plugin_plan;

/* Load, create and probe every plugin a slot of plan names into cfg->plugins (once each) and
 * fill cfg->slot, with the fallback rules of slots.c. cfg->file names the file in messages.
 * G16K_OK, or a negative g16k_status with the error set ("FILE:LINE: ..."); on error the
 * plugins already started stay in cfg (config_free stops them). plan->secs record each
 * section's outcome. */
int slots_load(prover_config *cfg, plugin_plan *plan);

/* ---- loader.c ---- */

/* Where loader_find looks for a bare file name, in this order. Each field is an absolute folder
 * or NULL (skipped). */
typedef struct loader_dirs {
    const char *ini_dir;    /* folder of prover.ini; base of relative paths */
    const char *plugin_dir; /* [core] plugin_dir, already made absolute, or NULL */
} loader_dirs;

/* Resolve the `path` value of a [plugin.NAME] section into out (PATH_MAX bytes).
 * spec with '/': relative to dirs->ini_dir (or absolute), not checked for existence here.
 * Bare spec: the first existing file among plugin_dir, $G16K_PLUGIN_DIR, loader_self_dir()/g16k,
 * loader_self_dir()/../lib/g16k, loader_self_dir()/G16K_PLUGIN_DIR_FROM_BIN (the install
 * tree's plugin folder relative to its bin/) and G16K_DEFAULT_PLUGIN_DIR.
 * Returns G16K_OK, or G16K_ECONFIG with the error set ("plugin NAME: 'spec' not found in ...").
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

#endif
