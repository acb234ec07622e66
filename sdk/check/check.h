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
#include "host.h"

/* ---- report.c: one line per check, counters for the exit status. Not thread-safe. ---- */
void report_pass(const char *name, ...) __attribute__((format(printf, 1, 2)));
void report_fail(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void report_skip(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* What every later line's name starts with ("" by default; "bn254." for a plugin's BN254
 * checks), until the next call. p is kept, not copied. */
void report_prefix(const char *p);
/* 0 if all passed, 1 if any failed, 77 if none failed but some were skipped. */
int report_exit_code(void);

/* ---- host.h: the host API the checker hands to plugins, and loading them ---- */
/* A plugin under test: p->ctx comes from create() with an empty [plugin.check] config. */
typedef host_plugin chk_plugin;
/* create() with an empty [plugin.check] config into p->ctx (config.c). Returns its status. */
int chk_create(chk_plugin *p);

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
/* The curve (G16K_CURVE_*) whose r rng_fr, fr_r_minus_1 and fr_r_plus use: BLS12-381 until
 * set. */
void rng_curve(uint32_t curve);
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
