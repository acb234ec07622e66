/*
 * gpu_plugin_util.c: printf-style error and log forwarding to the core's host API, for the GPU
 * plugins, and their shared argument checks (NTT entries, compute_h_msm, the MSM window). Messages longer than 1 KiB are truncated.
 */
#include "gpu_plugin_util.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

const g16k_host_api *gpu_host;

int gpu_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vset_error(gpu_host, fmt, ap);
    va_end(ap);
    return code;
}

void gpu_log(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vlog(gpu_host, level, fmt, ap);
    va_end(ap);
}

static int enc_ok(uint32_t enc)
{
    return enc == G16K_ENC_CANONICAL || enc == G16K_ENC_MONTGOMERY;
}

int gpu_check_transform(const void *domain, const void *data, uint32_t dir, uint32_t enc)
{
    if (!domain || !data)
        return gpu_fail(G16K_EINVAL, "ntt transform: NULL argument");
    if (dir < G16K_NTT_FORWARD || dir > G16K_NTT_INVERSE_COSET)
        return gpu_fail(G16K_EINVAL, "ntt transform: direction %u is not 1..4", dir);
    if (!enc_ok(enc))
        return gpu_fail(G16K_EINVAL, "ntt transform: encoding %u is not 1 or 2", enc);
    return G16K_OK;
}

int gpu_check_h_msm(int have_bases, int same_ctx, uint32_t group, uint64_t bases_n, uint64_t n,
                    const void *result, uint32_t result_enc)
{
    if (!have_bases || !result)
        return gpu_fail(G16K_EINVAL, "compute_h_msm: NULL bases or result");
    if (!same_ctx)
        return gpu_fail(G16K_EINVAL, "compute_h_msm: the bases belong to another context");
    if (group != G16K_G1)
        return gpu_fail(G16K_EINVAL, "compute_h_msm: the bases are not G1 points");
    if (n > bases_n)
        return gpu_fail(G16K_EINVAL, "compute_h_msm: %llu scalars for %llu bases",
                        (unsigned long long)n, (unsigned long long)bases_n);
    if (!enc_ok(result_enc))
        return gpu_fail(G16K_EINVAL, "compute_h_msm: result encoding %u is not 1 or 2", result_enc);
    return G16K_OK;
}

uint32_t gpu_msm_window(const g16k_msm_params *params)
{
    if (params && params->struct_size >= offsetof(g16k_msm_params, window) + sizeof(uint32_t))
        return params->window;
    return 0;
}

uint32_t gpu_msm_threads(const g16k_msm_params *params)
{
    uint32_t t = 0;
    if (params && params->struct_size >= offsetof(g16k_msm_params, threads) + sizeof(uint32_t))
        t = params->threads;
    if (t == 0 && gpu_host)
        t = gpu_host->threads;
    return t ? t : 1;
}

int gpu_check_compute_h(const void *domain, const void *a, const void *b, const void *c,
                        uint32_t enc, const void *h, uint32_t h_enc)
{
    if (!domain || !a || !b || !c || !h)
        return gpu_fail(G16K_EINVAL, "compute_h: NULL argument");
    if (!enc_ok(enc) || !enc_ok(h_enc))
        return gpu_fail(G16K_EINVAL, "compute_h: encodings %u, %u are not 1 or 2", enc, h_enc);
    return G16K_OK;
}

void gpu_msm_window_used(uint32_t c)
{
    g16k_host_msm_window(gpu_host, c);
}

uint64_t gpu_trace_begin(void)
{
    return g16k_host_can_trace(gpu_host) ? gpu_host->trace_begin() : 0;
}

void gpu_trace_end(const char *name, uint64_t begin, const char *detail)
{
    if (begin)
        gpu_host->trace_end(name, begin, detail);
}
