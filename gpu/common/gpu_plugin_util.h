/*
 * gpu_plugin_util.h: error reporting shared by the GPU plugins (opencl/, cuda/), which both compile
 * the host-side helpers in gpu/common/.
 * `gpu_host` is defined in gpu_plugin_util.c and set by the plugin's g16k_plugin_entry
 * (NULL before: messages are then dropped).
 * Thread-safe: host->set_error and host->log are thread-safe by the ABI.
 */
#ifndef G16K_GPU_PLUGIN_UTIL_H
#define G16K_GPU_PLUGIN_UTIL_H

#include "g16k/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const g16k_host_api *gpu_host;

/* Report a one-line error through host->set_error (when a host is known) and return code. */
int gpu_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The host's phase tracing (plugin.h ABI 1.2): gpu_trace_begin is 0 when the host is older than
 * 1.2, unknown, or not tracing the calling thread's call; gpu_trace_end("phase", t, detail)
 * reports [t, now] unless t is 0. Call both on the thread the core called the entry on. */
uint64_t gpu_trace_begin(void);
void gpu_trace_end(const char *name, uint64_t begin, const char *detail);

/* host->msm_window(c) (plugin ABI 1.5) when a host is known that has it: the window an MSM call
 * runs, for the core's trace. */
void gpu_msm_window_used(uint32_t c);

/* host->log when a host is known; otherwise nothing. */
void gpu_log(int level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Argument checks of the NTT vtable entries, shared so that both GPU plugins reject the same
 * inputs with the same messages. G16K_OK, or G16K_EINVAL with the error set.
 * transform: domain and data non-NULL, dir 1..4, enc canonical or Montgomery. */
int gpu_check_transform(const void *domain, const void *data, uint32_t dir, uint32_t enc);
/* compute_h: domain, a, b, c, h non-NULL; enc and h_enc canonical or Montgomery. */
int gpu_check_compute_h(const void *domain, const void *a, const void *b, const void *c,
                        uint32_t enc, const void *h, uint32_t h_enc);
/* The MSM half of compute_h_msm, from what the plugin knows of its bases handle: have_bases
 * (non-NULL), same_ctx (made by the domain's context), group and bases_n (its points); n
 * scalars; result non-NULL, result_enc canonical or Montgomery. */
int gpu_check_h_msm(int have_bases, int same_ctx, uint32_t group, uint64_t bases_n, uint64_t n,
                    const void *result, uint32_t result_enc);

/* params->window when params is long enough to hold it, else 0 (auto). */
uint32_t gpu_msm_window(const g16k_msm_params *params);
/* Host threads an MSM call may run, the calling thread included: params->threads when set,
 * else host->threads; at least 1. */
uint32_t gpu_msm_threads(const g16k_msm_params *params);

#ifdef __cplusplus
}
#endif

#endif
