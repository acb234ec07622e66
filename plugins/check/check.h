/*
 * Private declarations of g16k-plugin-check, the conformance checker for provider plugins.
 * Each check prints one line, "PASS name", "FAIL name: why" or "SKIP name: why" (report.c); the
 * exit status is 0 only if every check passed (main.c).
 */
#ifndef G16K_CHECK_H
#define G16K_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "g16k/plugin.h"

/* ---- report.c: one line per check, counters for the exit status. Not thread-safe. ---- */
void report_pass(const char *name, ...) __attribute__((format(printf, 1, 2)));
void report_fail(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void report_skip(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* 0 if all passed, 1 if any failed, 77 if none failed but some were skipped. */
int report_exit_code(void);

/* ---- host.c: the host API the checker hands to plugins ---- */
/* The host API (ABI 1.0, threads = 2); valid until exit. */
const g16k_host_api *host_api(void);
/* A host API that claims ABI major G16K_ABI_MAJOR + 1, for the entry-point rejection check. */
const g16k_host_api *host_api_other_major(void);
/* The calling thread's last host->set_error message ("" if none since host_clear_error). */
const char *host_last_error(void);
void host_clear_error(void);

/* ---- plugin.c: dlopen, entry, create ---- */
typedef struct chk_plugin {
    const char *path;
    void *dl;                              /* never dlclose()d (plugin.h) */
    g16k_plugin_entry_fn entry;
    const g16k_plugin_desc *desc;
    g16k_plugin_ctx *ctx;                  /* from create() with an empty config */
} chk_plugin;

/* dlopen(path, RTLD_NOW | RTLD_LOCAL), find g16k_plugin_entry, call it with host_api().
 * Returns 0, or -1 with a reason in err. */
int plugin_open(chk_plugin *p, const char *path, char *err, size_t err_len);
/* create() with an empty [plugin.check] config into p->ctx. Returns the plugin's status. */
int plugin_create(chk_plugin *p);

/* ---- the checks; each reports its own lines ---- */
/* exports.c: the ELF dynamic symbol table defines g16k_plugin_entry and nothing else. */
void check_exports(const char *path);
/* desc.c: entry-point behaviour and the descriptor; returns -1 if the descriptor is unusable. */
int check_descriptor(chk_plugin *p);
/* config.c: create() with an empty config succeeds, an unknown key is rejected. Leaves a
 * context in p->ctx on success; returns -1 if no context could be created. */
int check_config(chk_plugin *p);
/* kat_*.c: known-answer tests against the reference plugin, plus error-path checks. */
void kat_msm(const chk_plugin *t, const chk_plugin *ref, uint32_t group);
void kat_ntt(const chk_plugin *t, const chk_plugin *ref);
/* kat_h_msm.c: compute_h_msm (ABI 1.1) when the plugin provides it; silent otherwise. */
void kat_h_msm(const chk_plugin *t, const chk_plugin *ref);
void kat_synth(const chk_plugin *t, const chk_plugin *ref);

/* ---- rng.c: deterministic test data (seeded; not for cryptography) ---- */
void rng_seed(uint64_t seed);
uint64_t rng_u64(void);
/* A uniform Fr element < r, 32 bytes little-endian (valid in either encoding). */
void rng_fr(uint8_t out[32]);
/* r - 1, 32 bytes little-endian (canonical). */
void fr_r_minus_1(uint8_t out[32]);
/* r + k for k < 2^32 - 1, 32 bytes little-endian (not a valid scalar in either encoding). */
void fr_r_plus(uint8_t out[32], uint64_t k);
/* Big-endian hex (no 0x) to `len` little-endian bytes. */
void hex_to_le(uint8_t *out, size_t len, const char *hex);
/* Index of the first differing byte of a and b, or -1. */
long first_diff(const void *a, const void *b, size_t len);

#endif
