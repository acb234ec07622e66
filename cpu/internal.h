/*
 * Private declarations shared by the files of the CPU plugin (cpu/). Nothing here crosses the
 * plugin boundary; only g16k_plugin_entry (plugin.c) is exported.
 */
#ifndef G16K_CPU_INTERNAL_H
#define G16K_CPU_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "g16k/plugin.h"
#include "fr_sel.h"

/* [plugin.cpu] simd: which arithmetic the MSM and the NTT may use. */
enum cpu_simd { CPU_SIMD_AUTO = 0, CPU_SIMD_IFMA, CPU_SIMD_PORTABLE };

/* 1 in the test-only build of the plugin on the emulated IFMA library (cpu/CMakeLists.txt):
 * simd = auto then takes the IFMA paths without asking the CPU. 0 in the real plugin. */
#ifndef CPU_IFMA_FORCE
#define CPU_IFMA_FORCE 0
#endif

/* The plugin context made by create(): the [plugin.cpu] settings. Read-only after create. */
struct g16k_plugin_ctx {
    uint32_t threads;         /* [plugin.cpu] threads; 0 = host->threads */
    uint32_t simd;            /* enum cpu_simd as configured (G16K_SIMD env wins) */
    int use_ifma;             /* 1 when simd resolved to AVX-512 IFMA (auto + available, or
                                    ifma): the MSM buckets and the NTT's butterflies run on
                                    arith/ifma; results never depend on it */
    int endo;                 /* [plugin.cpu] endo: 1 = split scalars along the curve
                                    endomorphisms in the MSM (msm_endo.c) */
    uint64_t msm_chunk_bytes; /* [plugin.cpu] msm_chunk_kib in bytes: the most bytes of points
                                 one Pippenger chunk reads; 0 = cpu_msm_chunk_auto (msm.h) */
};

/* ---- plugin.c ---- */

/* Report a one-line error through host->set_error (a no-op before g16k_plugin_entry ran).
 * Returns status so callers can write `return cpu_error(G16K_EINVAL, ...)`. Thread-safe. */
int cpu_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A line in the core's log through host->log at level (G16K_LOG_ERROR .. G16K_LOG_DEBUG); a
 * no-op before g16k_plugin_entry ran. Thread-safe. */
void cpu_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The window the running MSM call uses, for the core's trace (g16k_host_msm_window, plugin ABI
 * 1.5). Thread-safe. */
void cpu_msm_window_used(uint32_t c);

/* Inner phases of a call for the core's trace (plugin.h ABI 1.2 trace_begin/trace_end):
 * t = cpu_trace_begin() (0 when the core is not tracing this thread, or is older than 1.2),
 * then cpu_trace_end(name, t, detail or NULL) on the same thread; both cheap when not tracing.
 * Call them on the thread the core called, around whole phases (par_for included). */
uint64_t cpu_trace_begin(void);
void cpu_trace_end(const char *name, uint64_t begin, const char *detail);

/* Worker threads for a call, the calling thread included: override (the call's
 * g16k_msm_params.threads) if non-zero, else host->threads, else 1; capped by ctx->threads
 * ([plugin.cpu] threads) when that is non-zero, and by CPU_MAX_THREADS. Thread-safe. */
#define CPU_MAX_THREADS 1024u
uint32_t cpu_threads(const g16k_plugin_ctx *ctx, uint32_t override);

/* The vtables, defined in synth.c, ntt.c and msm.c, once per curve (fr_sel.h). */
extern const g16k_synth_vtable cpu_synth_vtable, cpu_synth_vtable_bn254;
extern const g16k_ntt_vtable cpu_ntt_vtable, cpu_ntt_vtable_bn254;
extern const g16k_msm_vtable cpu_msm_vtable, cpu_msm_vtable_bn254;

/* ---- encoding.c: bulk Fr conversions between buffers in a g16k_encoding and fr_t ---- */

/* 1 if enc is G16K_ENC_CANONICAL or G16K_ENC_MONTGOMERY. */
static inline int cpu_enc_valid(uint32_t enc)
{
    return enc == G16K_ENC_CANONICAL || enc == G16K_ENC_MONTGOMERY;
}

/* The encoding functions below are built once per curve (fr_sel.h), on its fr_t: a TU calls
 * its own curve's under these names. */
#define cpu_fr_load CPU_SYM(cpu_fr_load)
#define cpu_fr_in_place CPU_SYM(cpu_fr_in_place)
#define cpu_fr_store CPU_SYM(cpu_fr_store)
#define cpu_fr_load_canon CPU_SYM(cpu_fr_load_canon)

/* Read n Fr elements (32 B little-endian each, in enc) from src into dst (Montgomery form).
 * src may be unaligned; dst may alias src when src is 8-byte aligned. Runs on `threads` workers.
 * Returns G16K_OK, or G16K_EINVAL (message names `what` and the index) when a value is >= r. */
int cpu_fr_load(fr_t *dst, const void *src, uint64_t n, uint32_t enc, uint32_t threads,
                const char *what);

/* src itself as n fr_t when the fr_t form is its encoding: enc G16K_ENC_MONTGOMERY and src
 * 8-byte aligned (fr_t is 4 little-endian 64-bit limbs, the bytes of that encoding on the
 * little-endian targets g16k builds for), after checking every value is < r; then *st is
 * G16K_OK. NULL when a copy is needed (another encoding or alignment: *st G16K_OK; use
 * cpu_fr_load) or a value is >= r (*st G16K_EINVAL, message as cpu_fr_load's). Saves the
 * 32-byte-per-element copy of a caller that only reads. */
const fr_t *cpu_fr_in_place(const void *src, uint64_t n, uint32_t enc, uint32_t threads,
                            const char *what, int *st);

/* Write n Montgomery-form elements of src to dst (32 B each, in enc; dst may be unaligned and
 * may alias src). Cannot fail. */
void cpu_fr_store(void *dst, const fr_t *src, uint64_t n, uint32_t enc, uint32_t threads);

/* Read n Fr elements in enc as canonical integers (4 little-endian limbs each) into dst.
 * Errors as cpu_fr_load. */
int cpu_fr_load_canon(uint64_t (*dst)[4], const void *src, uint64_t n, uint32_t enc,
                      uint32_t threads, const char *what);

#endif
