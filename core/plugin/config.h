/*
 * prover.ini: parsed with inih (Debian's libinih), validated, and the plugins it names loaded.
 *
 * Sections and keys (docs/architecture.md; README.md has the reference):
 *   [core]        plugin_dir = DIR (relative to the ini file), verify = always|never,
 *                 threads = 0 (all cores) | N,
 *                 key_cache = DIR (relative to the ini file) | off: remember zkeys whose points
 *                 were all checked, by digest of the whole file, so that later loads skip the
 *                 subgroup checks; by default in $XDG_CACHE_HOME/g16k, else ~/.cache/g16k
 *                 (key/zkey_cache.h)
 *   [plugin.NAME] path = FILE (bare name: searched in the plugin dirs; with '/': relative to
 *                 the ini file), other keys are handed to the plugin's create() with their lines
 *   [synthesizer] [ntt] [msm.g1] [msm.g2]
 *                 provider = NAME, fallback = NAME (optional)
 *   [window]      a, b_g1, b_g2, l, h = auto | 1..31 (Pippenger window bits per Groth16 MSM)
 * Every error names the file and line: unknown section, unknown key, repeated key, bad value,
 * a provider naming no [plugin.*] section or a plugin that lacks the capability of the slot.
 *
 * Plugin search order for a bare path: [core] plugin_dir, $G16K_PLUGIN_DIR, the folder
 * lib/g16k next to the binary or library holding the core (<dir>/g16k, <dir>/../lib/g16k and
 * the install tree's plugin folder relative to its bin/), then the compiled-in install folder.
 */
#ifndef G16K_PLUGIN_CONFIG_H
#define G16K_PLUGIN_CONFIG_H

#include <limits.h>
#include <stdint.h>

#include "g16k/plugin.h"
#include "abi.h"

struct loaded_plugin;

/* A plugin on one curve (plugin.h ABI 1.8: desc.curve, or an entry of desc.more_curves): the
 * vtables the prover calls for a key of that curve. */
typedef struct provider {
    const struct loaded_plugin *plugin; /* name, path, context */
    uint32_t curve;                     /* G16K_CURVE_* */
    uint32_t caps;                      /* G16K_CAP_* on this curve */
    const g16k_synth_vtable *synth;     /* NULL iff caps lacks G16K_CAP_SYNTH */
    const g16k_ntt_vtable *ntt;
    const g16k_msm_vtable *msm;
} provider;

/* One loaded and created plugin. */
typedef struct loaded_plugin {
    char name[64];       /* NAME of [plugin.NAME] */
    char path[PATH_MAX]; /* resolved path of the .so */
    void *dl;            /* dlopen handle (never closed once created) */
    const g16k_plugin_desc *desc;
    g16k_plugin_ctx *ctx;
    char info[256]; /* probe's device description, or "" */
    /* the curves it serves, desc.curve first (loader_open checked each: a known curve, once) */
    provider on[ABI_CURVES_MAX];
    unsigned n_on;
} loaded_plugin;

/* The plugin lp on curve (G16K_CURVE_*), NULL when it does not serve it. */
const provider *plugin_on(const loaded_plugin *lp, uint32_t curve);
/* plugin_on, and only when it has every capability bit of cap (G16K_CAP_*) on that curve. */
const provider *plugin_serves(const loaded_plugin *lp, uint32_t curve, uint32_t cap);
/* The names of the curves lp serves into buf (size bytes): "BLS12-381", "BLS12-381 and BN254". */
void plugin_curves_text(const loaded_plugin *lp, char *buf, size_t size);

/* A provider slot: the primary provider and an optional fallback used when the primary fails
 * at load, probe or call time (the switch is logged). */
typedef struct provider_slot {
    loaded_plugin *primary;
    loaded_plugin *fallback; /* NULL when none */
} provider_slot;

/* The provider slots of prover.ini, in this order, and the capability each needs (config.c). */
enum { SLOT_SYNTH, SLOT_NTT, SLOT_MSM_G1, SLOT_MSM_G2, SLOT_COUNT };
typedef struct config_slot {
    const char *name; /* section name: "synthesizer", "ntt", "msm.g1", "msm.g2" */
    uint32_t cap;     /* G16K_CAP_* */
} config_slot;
extern const config_slot config_slots[SLOT_COUNT];

/* The five MSMs of a Groth16 proof, in the order of docs/architecture.md; the index into groth16_msms,
 * prover_config.window and every per-MSM array of the core. */
enum { MSM_A, MSM_B1, MSM_B2, MSM_L, MSM_H, MSM_COUNT };

/* What the core knows of each Groth16 MSM, in one place (msms.c). */
typedef struct groth16_msm {
    const char *name;       /* "A", "B_G1", "B_G2", "L", "H": logs, errors, JSON */
    const char *window_key; /* its prover.ini [window] key: "a", "b_g1", ... */
    int slot;               /* SLOT_MSM_G1 or SLOT_MSM_G2 */
    uint32_t msm_id;        /* g16k_msm_id passed to the provider */
    uint32_t group;         /* G16K_G1 or G16K_G2 */
} groth16_msm;
extern const groth16_msm groth16_msms[MSM_COUNT];

typedef struct prover_config {
    char file[PATH_MAX];
    int verify;                 /* 1 = always (default), 0 = never */
    unsigned threads;           /* resolved: >= 1 */
    uint32_t window[MSM_COUNT]; /* [window], by MSM_*: 0 = auto */
    char key_cache[PATH_MAX];   /* absolute folder of zkey verdicts, "" = no cache (off,
                                     * or no default: neither XDG_CACHE_HOME nor HOME set) */
    provider_slot slot[SLOT_COUNT];
    loaded_plugin *plugins; /* every [plugin.*] section that a slot uses, loaded */
    unsigned n_plugins;
} prover_config;

/* Parse path, load and create every plugin a slot names, probe them, resolve fallbacks.
 * Returns G16K_OK and a new config (config_free), or a negative g16k_status with the core error
 * set (util/error.h). Thread-safe. */
int config_load(const char *path, prover_config **out);
/* The same for the built-in configuration: conf/cpu.ini of the source tree, embedded at build
 * time (core/CMakeLists.txt) as config_builtin_ini; cfg->file and messages name it
 * CONFIG_BUILTIN_NAME. Its relative paths (none today) would be relative to the current folder. */
int config_load_builtin(prover_config **out);
#define CONFIG_BUILTIN_NAME "built-in conf/cpu.ini"
extern const unsigned char config_builtin_ini[];
void config_free(prover_config *cfg);

/* Slot names as written in prover.ini ("synthesizer", "ntt", "msm.g1", "msm.g2"). */
const char *config_slot_name(int slot);

/* The host API handed to plugins (threads filled in from the config at load time). */
const g16k_host_api *host_api_get(void);

#endif
