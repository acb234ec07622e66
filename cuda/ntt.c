/*
 * ntt.c: the CUDA NTT vtable; same steps as opencl/ntt.c (convert, coset scale, bit reversal,
 * log n radix-2 stages, 1/n and unshift, convert back) with the kernels of
 * gpu/kernels/ntt.cl built by kernels.cu. Tables from gpu/common/gpu_ntt_tables.c. compute_h runs the
 * whole H chain on the device (a, b, c up once, h down once), as opencl/ntt.c; compute_h_msm
 * hands h to the H MSM on the device instead. Device memory is checked before each allocation
 * (devmem.c: tables at domain_create, n * 32 bytes per transform); vectors travel through the
 * pinned staging buffers of transfer.c, the caller's vector is never pinned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_ntt_tables.h"
#include "gpu_plugin_util.h"
#include "internal.h"
#include "kernels.h"

struct g16k_ntt_domain {
    g16k_plugin_ctx *ctx;
    uint32_t log_n;
    uint64_t n;
    uint64_t *tw, *itw;                  /* device: n/2 forward / inverse twiddles */
    uint64_t *coset, *inv, *inv_coset;   /* device: GPU_NTT_SCALE_ELEMS-element scale tables */
};

static int cuda_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out);
static void cuda_domain_destroy(g16k_ntt_domain *d);
static int cuda_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc);
static int cuda_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc, void *h,
                          uint32_t h_enc);
static int cuda_compute_h_msm(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                              g16k_msm_bases *bases, const g16k_msm_params *params,
                              void *result, uint32_t result_enc);

const g16k_ntt_vtable cuda_ntt_vtable = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = cuda_domain_create,
    .domain_destroy = cuda_domain_destroy,
    .transform = cuda_transform,
    .compute_h = cuda_compute_h,
    .compute_h_msm = cuda_compute_h_msm,
};

static cudaError_t upload(uint64_t **dst, const void *src, size_t bytes)
{
    cudaError_t err = cudaMalloc((void **)dst, bytes);
    return err != cudaSuccess ? err : cudaMemcpy(*dst, src, bytes, cudaMemcpyHostToDevice);
}

/* Twiddles for n = 2^log_n, 0 <= log_n <= 31, in device memory.
 * Errors: G16K_EINVAL, G16K_ENODEV, G16K_EUNSUPPORTED (log_n), G16K_ENOMEM. Thread-safe. */
static int cuda_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    if (!ctx || !out)
        return gpu_fail(G16K_EINVAL, "domain_create: NULL argument");
    int rc = cuda_use_device(ctx);
    if (rc)
        return rc;
    gpu_ntt_tables t;
    rc = gpu_ntt_tables_init(&t, log_n);
    if (rc)
        return rc;
    g16k_ntt_domain *d = calloc(1, sizeof *d);
    if (!d) {
        gpu_ntt_tables_cleanup(&t);
        return gpu_fail(G16K_ENOMEM, "domain_create: no memory");
    }
    d->ctx = ctx;
    d->log_n = log_n;
    d->n = t.n;
    const size_t sbytes = GPU_NTT_SCALE_ELEMS * 32;
    char what[64];
    snprintf(what, sizeof what, "ntt domain_create 2^%u", log_n);
    rc = cuda_mem_check(ctx, 2 * (uint64_t)t.n_tw * 32 + 3 * (uint64_t)sbytes, what);
    if (rc) {
        gpu_ntt_tables_cleanup(&t);
        free(d);
        return rc;
    }
    cudaError_t err = upload(&d->tw, t.tw, t.n_tw * 32);
    if (err == cudaSuccess)
        err = upload(&d->itw, t.itw, t.n_tw * 32);
    if (err == cudaSuccess)
        err = upload(&d->coset, t.coset, sbytes);
    if (err == cudaSuccess)
        err = upload(&d->inv, t.inv, sbytes);
    if (err == cudaSuccess)
        err = upload(&d->inv_coset, t.inv_coset, sbytes);
    gpu_ntt_tables_cleanup(&t);
    if (err != cudaSuccess) {
        rc = cuda_fail(err, "domain_create: upload");
        cuda_domain_destroy(d);
        d = NULL;
    }
    *out = d;
    return rc;
}

/* NULL is a no-op. */
static void cuda_domain_destroy(g16k_ntt_domain *d)
{
    if (!d)
        return;
    if (cuda_use_device(d->ctx) == G16K_OK) {
        cudaFree(d->tw);
        cudaFree(d->itw);
        cudaFree(d->coset);
        cudaFree(d->inv);
        cudaFree(d->inv_coset);
    }
    free(d);
}

static cudaError_t run(g16k_ntt_domain *d, uint64_t *buf, uint32_t dir, uint32_t enc,
                       cudaStream_t s)
{
    cudaError_t err = cudaSuccess;
    int forward = dir == G16K_NTT_FORWARD || dir == G16K_NTT_FORWARD_COSET;
    if (enc == G16K_ENC_CANONICAL)
        err = cuda_launch_ntt_convert(buf, d->n, 1, s);
    if (err == cudaSuccess && dir == G16K_NTT_FORWARD_COSET)
        err = cuda_launch_ntt_scale(buf, d->n, d->coset, 1, s);
    if (err == cudaSuccess && d->log_n > 0)
        err = cuda_launch_ntt_bitrev(buf, d->n, d->log_n, s);
    for (uint32_t m = 0; m < d->log_n && err == cudaSuccess; m++)
        err = cuda_launch_ntt_stage(buf, forward ? d->tw : d->itw, d->n, m, s);
    if (err == cudaSuccess && dir == G16K_NTT_INVERSE)
        err = cuda_launch_ntt_scale(buf, d->n, d->inv, 0, s);
    if (err == cudaSuccess && dir == G16K_NTT_INVERSE_COSET)
        err = cuda_launch_ntt_scale(buf, d->n, d->inv_coset, 1, s);
    if (err == cudaSuccess && enc == G16K_ENC_CANONICAL)
        err = cuda_launch_ntt_convert(buf, d->n, 0, s);
    return err;
}

/* In-place transform of n = 2^log_n Fr elements (plugin.h g16k_ntt_dir semantics), natural
 * order in and out. Errors: G16K_EINVAL (NULL, dir, enc), G16K_ENODEV, G16K_ENOMEM,
 * G16K_EINTERNAL. Thread-safe. */
static int cuda_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    int rc = gpu_check_transform(d, data, dir, enc);
    if (rc)
        return rc;
    rc = cuda_use_device(d->ctx);
    if (rc)
        return rc;
    size_t bytes = (size_t)d->n * 32;
    char what[64];
    snprintf(what, sizeof what, "ntt transform 2^%u", d->log_n);
    if ((rc = cuda_mem_check(d->ctx, bytes, what)) != G16K_OK)
        return rc;
    uint64_t *buf = NULL;
    cudaStream_t s = NULL;
    cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    if (err == cudaSuccess)
        err = cudaMalloc((void **)&buf, bytes);
    if (err == cudaSuccess)
        err = cuda_h2d(d->ctx, buf, data, bytes, s);
    if (err == cudaSuccess)
        err = run(d, buf, dir, enc, s);
    if (err == cudaSuccess)
        err = cuda_d2h(d->ctx, data, buf, bytes, s);
    if (err == cudaSuccess)
        err = cudaStreamSynchronize(s);
    cudaFree(buf);
    if (s)
        cudaStreamDestroy(s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "ntt transform: CUDA");
}

/* The H chain on the device, stream s: a, b, c (n elements each, enc) uploaded into v[0..2]
 * (allocated here; the caller frees them), X = FORWARD_COSET(INVERSE(X)) for each, then
 * v[0] = a * b - c in Montgomery form. Does not synchronise. */
static cudaError_t h_chain(g16k_ntt_domain *d, const void *const src[3], uint32_t enc,
                           uint64_t *v[3], cudaStream_t s)
{
    size_t bytes = (size_t)d->n * 32;
    cudaError_t err = cudaSuccess;
    for (int i = 0; i < 3 && err == cudaSuccess; i++) {
        err = cudaMalloc((void **)&v[i], bytes);
        if (err == cudaSuccess)
            err = cuda_h2d(d->ctx, v[i], src[i], bytes, s);
        /* to Montgomery first when canonical (the product needs it), then the two transforms */
        if (err == cudaSuccess && enc == G16K_ENC_CANONICAL)
            err = cuda_launch_ntt_convert(v[i], d->n, 1, s);
        if (err == cudaSuccess)
            err = run(d, v[i], G16K_NTT_INVERSE, G16K_ENC_MONTGOMERY, s);
        if (err == cudaSuccess)
            err = run(d, v[i], G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY, s);
    }
    if (err == cudaSuccess)
        err = cuda_launch_ntt_h(v[0], v[1], v[2], d->n, s);
    return err;
}

/* compute_h (plugin.h): a, b, c (n Fr elements each in enc) are uploaded once through the
 * staging buffers and left unchanged; on the device X = FORWARD_COSET(INVERSE(X)) for each, then
 * a = a * b - c (kernels.cu cuda_launch_ntt_h); h (n elements in h_enc, may alias a) comes back.
 * Device memory: 3 n * 32 bytes, checked first (devmem.c). Errors: G16K_EINVAL (NULL, enc),
 * G16K_ENODEV, G16K_ENOMEM, G16K_EINTERNAL. Thread-safe. */
static int cuda_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc, void *h,
                          uint32_t h_enc)
{
    int rc = gpu_check_compute_h(d, a, b, c, enc, h, h_enc);
    if (rc)
        return rc;
    rc = cuda_use_device(d->ctx);
    if (rc)
        return rc;
    size_t bytes = (size_t)d->n * 32;
    char what[64];
    snprintf(what, sizeof what, "compute_h 2^%u", d->log_n);
    if ((rc = cuda_mem_check(d->ctx, 3 * (uint64_t)bytes, what)) != G16K_OK)
        return rc;
    const void *const src[3] = {a, b, c};
    uint64_t *v[3] = {NULL, NULL, NULL};
    cudaStream_t s = NULL;
    cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    if (err == cudaSuccess)
        err = h_chain(d, src, enc, v, s);
    if (err == cudaSuccess && h_enc == G16K_ENC_CANONICAL)
        err = cuda_launch_ntt_convert(v[0], d->n, 0, s);
    if (err == cudaSuccess)
        err = cuda_d2h(d->ctx, h, v[0], bytes, s);
    if (err == cudaSuccess)
        err = cudaStreamSynchronize(s);
    for (int i = 0; i < 3; i++)
        cudaFree(v[i]);
    if (s)
        cudaStreamDestroy(s);
    return err == cudaSuccess ? G16K_OK : cuda_fail(err, "compute_h: CUDA");
}

/* compute_h_msm (plugin.h, ABI 1.1): the chain of compute_h, then the H MSM on h where it lies
 * (cuda_msm_device, same stream): h never comes back to the host. Device memory: 3 n * 32
 * bytes, checked first, then the MSM's (checked by cuda_msm_device). Errors: those of
 * compute_h and cuda_msm_device. Thread-safe. */
static int cuda_compute_h_msm(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                              g16k_msm_bases *bases, const g16k_msm_params *params,
                              void *result, uint32_t result_enc)
{
    int rc = gpu_check_compute_h(d, a, b, c, enc, a, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK)
        rc = cuda_msm_device_check(bases, d->ctx, d->n, result, result_enc);
    if (rc == G16K_OK)
        rc = cuda_use_device(d->ctx);
    if (rc)
        return rc;
    char what[64];
    snprintf(what, sizeof what, "compute_h_msm 2^%u", d->log_n);
    if ((rc = cuda_mem_check(d->ctx, 3 * (uint64_t)d->n * 32, what)) != G16K_OK)
        return rc;
    const void *const src[3] = {a, b, c};
    uint64_t *v[3] = {NULL, NULL, NULL};
    cudaStream_t s = NULL;
    cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    if (err == cudaSuccess)
        err = h_chain(d, src, enc, v, s);
    if (err == cudaSuccess)
        err = cuda_launch_ntt_convert(v[0], d->n, 0, s);     /* the digits need canonical h */
    /* b and c are no longer needed: give their memory back to the MSM, once the stream is done
     * with them (cudaFree alone would wait for the whole device, other calls' work included) */
    cudaError_t sync = cudaStreamSynchronize(s);
    if (err == cudaSuccess)
        err = sync;
    cudaFree(v[1]);
    cudaFree(v[2]);
    v[1] = v[2] = NULL;
    if (err != cudaSuccess)
        rc = cuda_fail(err, "compute_h_msm: CUDA");
    else
        rc = cuda_msm_device(bases, d->ctx, v[0], d->n, params, result, result_enc, s);
    if (s)
        cudaStreamSynchronize(s);
    cudaFree(v[0]);
    if (s)
        cudaStreamDestroy(s);
    return rc;
}
