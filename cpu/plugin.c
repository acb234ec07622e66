/*
 * The CPU provider plugin (BLS12-381; BN254's synthesizer and NTT: fr_sel.h): descriptor, entry
 * point, context create/destroy/probe and the
 * [plugin.cpu] configuration keys. The work itself lives in synth.c, ntt.c and msm*.c, on the
 * portable reference arithmetic of arith/bls12_381 (linked in statically, hidden), with the G1
 * and G2 MSM buckets and the NTT's butterflies on arith/ifma when simd resolves to IFMA
 * (batch-affine: msm_batch_affine.c on ba_ifma.c; Jacobian below window 10: msm_ifma.c; NTT:
 * ntt.c on ntt_ifma.c).
 *
 * Configuration keys of [plugin.cpu] (the core strips `path`):
 *   threads = N   at most N worker threads (the calling thread included) for this plugin's
 *                 calls; 0 (default) = what the core gives: g16k_msm_params.threads, else the
 *                 host's [core] threads.
 *   simd = auto|ifma|portable   arithmetic for the MSM and the NTT: auto (default) uses
 *                 AVX-512 IFMA when arith/ifma's ifma_available() says so (or always, in the
 *                 emulated test build with CPU_IFMA_FORCE); ifma demands it (create fails with
 *                 G16K_EUNSUPPORTED on a CPU without it, no silent fallback); portable never
 *                 uses it. The environment variable G16K_SIMD, when set, overrides the key;
                 G16K_SIMD=portable also turns off the core's mulx/adx Fp and Fr assembly
                 (mont_select.c), the key does not.
 *   endo = on|off  split MSM scalars along the curve endomorphisms (msm_endo.c: GLV on G1,
 *                 GLS on G2; default on). The bases must then lie in the prime-order subgroups,
 *                 as proving-key points do. The environment variable G16K_CPU_ENDO, when set,
 *                 overrides the key (tests run the MSM suite both ways).
 *   msm_chunk_kib = N  the most KiB of points one Pippenger chunk reads (1 .. 2^30; default:
 *                 a quarter of MemAvailable, msm.h cpu_msm_chunk_auto). An MSM runs every window of a
 *                 chunk before the next chunk, so bases that do not fit in memory (a mapped key
 *                 larger than RAM) are read from the file once per MSM, provided this much of
 *                 the page cache stays free for them; smaller chunks cost a bucket fold each.
 * Any other key is rejected with G16K_ECONFIG.
 */
#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ifma.h"
#include "internal.h"
#include "msm.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_plugin_create_fn cpu_create;
static g16k_plugin_destroy_fn cpu_destroy;
static g16k_plugin_probe_fn cpu_probe;

#define CPU_PLUGIN_VERSION "0.1.0"

/* Set once by g16k_plugin_entry; the host API stays valid until process exit. */
static const g16k_host_api *host;
/* 1 when host has the ABI 1.2 trace entries (an older core's host ends before them). */
static int host_traces;

int cpu_error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vset_error(host, fmt, ap);
    va_end(ap);
    return status;
}

void cpu_log(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vlog(host, level, fmt, ap);
    va_end(ap);
}

void cpu_msm_window_used(uint32_t c)
{
    g16k_host_msm_window(host, c);
}

uint64_t cpu_trace_begin(void)
{
    return host_traces ? host->trace_begin() : 0;
}

void cpu_trace_end(const char *name, uint64_t begin, const char *detail)
{
    if (begin)
        host->trace_end(name, begin, detail);
}

uint32_t cpu_threads(const g16k_plugin_ctx *ctx, uint32_t override)
{
    uint32_t t = override;
    if (ctx && ctx->threads && (t == 0 || ctx->threads < t))
        t = ctx->threads; /* [plugin.cpu] threads caps the core's share too */
    if (t == 0 && host)
        t = host->threads;
    if (t == 0)
        t = 1;
    return t > CPU_MAX_THREADS ? CPU_MAX_THREADS : t;
}

/* Parse a decimal in [0, CPU_MAX_THREADS]; 0 on success, -1 otherwise. */
static int parse_threads(const char *s, uint32_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end != '\0' || v > CPU_MAX_THREADS)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* Decimal KiB, 1 .. 2^30 -> bytes; 0 on success, -1 otherwise. */
static int parse_kib(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end != '\0' || v == 0 || v > (1ull << 30))
        return -1;
    *out = (uint64_t)v << 10;
    return 0;
}

/* "auto" | "ifma" | "portable" -> enum cpu_simd; 0 on success, -1 otherwise. */
static int parse_simd(const char *s, uint32_t *out)
{
    static const char *const names[] = { "auto", "ifma", "portable" };
    for (uint32_t i = 0; s && i < 3; i++) {
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    return -1;
}

/* "on" | "off" -> 1 | 0; 0 on success, -1 otherwise. */
static int parse_on_off(const char *s, int *out)
{
    if (s && strcmp(s, "on") == 0)
        *out = 1;
    else if (s && strcmp(s, "off") == 0)
        *out = 0;
    else
        return -1;
    return 0;
}

/* create: see g16k_plugin_desc.create. config may be NULL (no keys). Reads G16K_SIMD,
 * G16K_CPU_ENDO and CPUID
 * (through ifma_available). Errors: G16K_EINVAL (NULL out, short config struct), G16K_ECONFIG
 * ("FILE:LINE: unknown key 'k' in [SECTION]" or a bad value, also for G16K_SIMD),
 * G16K_EUNSUPPORTED (simd = ifma without IFMA), G16K_ENOMEM. Thread-safe. */
static int cpu_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    if (!out)
        return cpu_error(G16K_EINVAL, "create: NULL out");
    *out = NULL;
    g16k_plugin_ctx cfg = {
        .threads = 0, .simd = CPU_SIMD_AUTO, .endo = 1, .msm_chunk_bytes = 0 /* auto */
    };
    if (config) {
        if (config->struct_size < sizeof(g16k_config))
            return cpu_error(G16K_EINVAL, "create: g16k_config struct_size %u < %zu",
                             config->struct_size, sizeof(g16k_config));
        const char *file = config->file ? config->file : "(config)";
        const char *section = config->section ? config->section : "plugin.cpu";
        for (uint64_t i = 0; i < config->n_entries; i++) {
            const g16k_config_entry *e = &config->entries[i];
            const char *key = e->key ? e->key : "";
            if (strcmp(key, "threads") == 0) {
                if (parse_threads(e->value, &cfg.threads) != 0)
                    return cpu_error(G16K_ECONFIG,
                                     "%s:%u: bad value '%s' for key 'threads' in [%s] "
                                     "(expected 0..%u)",
                                     file, e->line, e->value ? e->value : "", section,
                                     CPU_MAX_THREADS);
            } else if (strcmp(key, "simd") == 0) {
                if (parse_simd(e->value, &cfg.simd) != 0)
                    return cpu_error(G16K_ECONFIG,
                                     "%s:%u: bad value '%s' for key 'simd' in [%s] "
                                     "(expected auto, ifma or portable)",
                                     file, e->line, e->value ? e->value : "", section);
            } else if (strcmp(key, "endo") == 0) {
                if (parse_on_off(e->value, &cfg.endo) != 0)
                    return cpu_error(G16K_ECONFIG,
                                     "%s:%u: bad value '%s' for key 'endo' in [%s] "
                                     "(expected on or off)",
                                     file, e->line, e->value ? e->value : "", section);
            } else if (strcmp(key, "msm_chunk_kib") == 0) {
                if (parse_kib(e->value, &cfg.msm_chunk_bytes) != 0)
                    return cpu_error(G16K_ECONFIG,
                                     "%s:%u: bad value '%s' for key 'msm_chunk_kib' in [%s] "
                                     "(expected KiB, 1 to 1073741824)",
                                     file, e->line, e->value ? e->value : "", section);
            } else {
                return cpu_error(G16K_ECONFIG, "%s:%u: unknown key '%s' in [%s]", file, e->line,
                                 key, section);
            }
        }
    }
    const char *env = getenv("G16K_SIMD");
    if (env && *env && parse_simd(env, &cfg.simd) != 0)
        return cpu_error(G16K_ECONFIG,
                         "environment G16K_SIMD='%s': expected auto, ifma or "
                         "portable",
                         env);
    env = getenv("G16K_CPU_ENDO");
    if (env && *env && parse_on_off(env, &cfg.endo) != 0)
        return cpu_error(G16K_ECONFIG, "environment G16K_CPU_ENDO='%s': expected on or off", env);
    cfg.use_ifma = cfg.simd != CPU_SIMD_PORTABLE && (CPU_IFMA_FORCE || ifma_available());
    if (cfg.simd == CPU_SIMD_IFMA && !cfg.use_ifma)
        return cpu_error(G16K_EUNSUPPORTED, "create: simd = ifma, but this CPU or OS lacks "
                                            "AVX-512 IFMA (F, DQ, IFMA, BW, VL and ZMM state)");
    g16k_plugin_ctx *ctx = malloc(sizeof *ctx);
    if (!ctx)
        return cpu_error(G16K_ENOMEM, "create: out of memory");
    *ctx = cfg;
    *out = ctx;
    return G16K_OK;
}

/* destroy: frees the context; NULL is a no-op. */
static void cpu_destroy(g16k_plugin_ctx *ctx)
{
    free(ctx);
}

/* probe: always usable; describes the arithmetic path and thread count. */
static int cpu_probe(g16k_plugin_ctx *ctx, char *info, size_t info_len)
{
    if (info && info_len > 0)
        snprintf(info, info_len, "cpu: %s, %u threads",
                 ctx && ctx->use_ifma
                     ? "MSM buckets on AVX-512 IFMA, NTT butterflies too, the rest portable C"
                     : "portable C arithmetic (AVX-512 IFMA not used)",
                 cpu_threads(ctx, 0));
    return G16K_OK;
}

/* BN254: synth.c, ntt.c and msm.c built on BN254's Fr and groups (cpu/bn254/, msm_groups.c),
 * portable arithmetic (no IFMA lanes, no endomorphism split yet). */
static const g16k_curve_impl cpu_more_curves[] = { {
    .struct_size = sizeof(g16k_curve_impl),
    .curve = G16K_CURVE_BN254,
    .caps = G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .synth = &cpu_synth_vtable_bn254,
    .ntt = &cpu_ntt_vtable_bn254,
    .msm = &cpu_msm_vtable_bn254,
} };

static const g16k_plugin_desc cpu_desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .caps = G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .name = "cpu",
    .version = CPU_PLUGIN_VERSION,
    .description = "CPU synthesizer, NTT and Pippenger MSM (G1, G2) for BLS12-381 and BN254",
    .create = cpu_create,
    .destroy = cpu_destroy,
    .probe = cpu_probe,
    .synth = &cpu_synth_vtable,
    .ntt = &cpu_ntt_vtable,
    .msm = &cpu_msm_vtable,
    .n_more_curves = sizeof(cpu_more_curves) / sizeof(cpu_more_curves[0]),
    .more_curves = cpu_more_curves,
};

/* The one exported symbol (plugin.h). Stores host, returns the static descriptor. Errors:
 * G16K_EINVAL for NULL arguments or a host struct shorter than ABI 1.1 (the size the plugin
 * reads unchecked; the 1.2 trace entries are used when present), G16K_EUNSUPPORTED when
 * the host's ABI major differs (the loader reports it). No other side effects. */
G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out);

G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (!h || !out || h->struct_size < offsetof(g16k_host_api, trace_begin))
        return G16K_EINVAL;
    if (h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    host = h;
    host_traces = g16k_host_can_trace(h);
    *out = &cpu_desc;
    return G16K_OK;
}
