/*
 * ntt.c: the OpenCL NTT vtable. A domain holds the twiddles and scale tables of
 * gpu/common/gpu_ntt_tables.c on the device; transform() uploads the data, runs kernels/ntt.cl
 * (convert, coset scale, bit reversal, log n stages, 1/n and unshift scale, convert back) and
 * reads it back. compute_h runs the whole Groth16 H chain on the device: a, b and c are
 * uploaded once, transformed there (inverse, then forward on the coset) and combined by
 * kernels/ntt.cl ntt_h; only h comes back.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_ntt_tables.h"
#include "gpu_plugin_util.h"
#include "internal.h"

struct g16k_ntt_domain {
    g16k_plugin_ctx *ctx;
    uint32_t log_n;
    uint64_t n;
    cl_mem tw, itw;                       /* n/2 forward / inverse twiddles */
    cl_mem coset, inv, inv_coset;         /* GPU_NTT_SCALE_ELEMS-element scale tables */
};

static int opencl_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out);
static void opencl_domain_destroy(g16k_ntt_domain *d);
static int opencl_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc);
static int opencl_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                            void *h, uint32_t h_enc);
static int opencl_compute_h_msm(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                                g16k_msm_bases *bases, const g16k_msm_params *params,
                                void *result, uint32_t result_enc);

const g16k_ntt_vtable opencl_ntt_vtable = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = opencl_domain_create,
    .domain_destroy = opencl_domain_destroy,
    .transform = opencl_transform,
    .compute_h = opencl_compute_h,
    .compute_h_msm = opencl_compute_h_msm,
};

static cl_mem upload(g16k_plugin_ctx *ctx, const void *src, size_t bytes, cl_int *err)
{
    return clCreateBuffer(ctx->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                          (void *)src, err);
}

/* Twiddles for n = 2^log_n, 0 <= log_n <= 31, on the device (n * 32 bytes).
 * Errors: G16K_EINVAL (NULL), G16K_EUNSUPPORTED (log_n), G16K_ENOMEM. Thread-safe. */
static int opencl_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    if (!ctx || !out)
        return gpu_fail(G16K_EINVAL, "domain_create: NULL argument");
    gpu_ntt_tables t;
    int rc = gpu_ntt_tables_init(&t, log_n);
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
    cl_int err = CL_SUCCESS;
    const size_t sbytes = GPU_NTT_SCALE_ELEMS * 32;
    if (!(d->tw = upload(ctx, t.tw, t.n_tw * 32, &err))
        || !(d->itw = upload(ctx, t.itw, t.n_tw * 32, &err))
        || !(d->coset = upload(ctx, t.coset, sbytes, &err))
        || !(d->inv = upload(ctx, t.inv, sbytes, &err))
        || !(d->inv_coset = upload(ctx, t.inv_coset, sbytes, &err))) {
        rc = opencl_fail(err, "domain_create: clCreateBuffer");
        opencl_domain_destroy(d);
        d = NULL;
    }
    gpu_ntt_tables_cleanup(&t);
    *out = d;
    return rc;
}

/* NULL is a no-op. */
static void opencl_domain_destroy(g16k_ntt_domain *d)
{
    if (!d)
        return;
    cl_mem m[] = { d->tw, d->itw, d->coset, d->inv, d->inv_coset };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
        if (m[i])
            clReleaseMemObject(m[i]);
    }
    free(d);
}

static cl_int run1(g16k_plugin_ctx *ctx, cl_kernel k, size_t global)
{
    return clEnqueueNDRangeKernel(ctx->queue, k, 1, NULL, &global, NULL, 0, NULL, NULL);
}

static cl_int convert(g16k_ntt_domain *d, cl_mem buf, cl_uint to_mont)
{
    cl_kernel k = d->ctx->kernels[K_NTT_CONVERT];
    cl_ulong n = d->n;
    cl_int err = clSetKernelArg(k, 0, sizeof(cl_mem), &buf);
    err |= clSetKernelArg(k, 1, sizeof n, &n);
    err |= clSetKernelArg(k, 2, sizeof to_mont, &to_mont);
    return err != CL_SUCCESS ? err : run1(d->ctx, k, d->n);
}

static cl_int scale(g16k_ntt_domain *d, cl_mem buf, cl_mem tab, cl_uint with_pow)
{
    cl_kernel k = d->ctx->kernels[K_NTT_SCALE];
    cl_ulong n = d->n;
    cl_int err = clSetKernelArg(k, 0, sizeof(cl_mem), &buf);
    err |= clSetKernelArg(k, 1, sizeof n, &n);
    err |= clSetKernelArg(k, 2, sizeof(cl_mem), &tab);
    err |= clSetKernelArg(k, 3, sizeof with_pow, &with_pow);
    return err != CL_SUCCESS ? err : run1(d->ctx, k, d->n);
}

/* Bit reversal and the log n butterfly stages with twiddles tw. */
static cl_int dit(g16k_ntt_domain *d, cl_mem buf, cl_mem tw)
{
    if (d->log_n == 0)
        return CL_SUCCESS;
    cl_kernel k = d->ctx->kernels[K_NTT_BITREV];
    cl_ulong n = d->n;
    cl_uint log_n = d->log_n;
    cl_int err = clSetKernelArg(k, 0, sizeof(cl_mem), &buf);
    err |= clSetKernelArg(k, 1, sizeof n, &n);
    err |= clSetKernelArg(k, 2, sizeof log_n, &log_n);
    err = err != CL_SUCCESS ? err : run1(d->ctx, k, d->n);
    k = d->ctx->kernels[K_NTT_STAGE];
    for (cl_uint s = 0; s < d->log_n && err == CL_SUCCESS; s++) {
        err = clSetKernelArg(k, 0, sizeof(cl_mem), &buf);
        err |= clSetKernelArg(k, 1, sizeof(cl_mem), &tw);
        err |= clSetKernelArg(k, 2, sizeof n, &n);
        err |= clSetKernelArg(k, 3, sizeof s, &s);
        err = err != CL_SUCCESS ? err : run1(d->ctx, k, d->n / 2);
    }
    return err;
}

static cl_int transform_locked(g16k_ntt_domain *d, cl_mem buf, uint32_t dir, uint32_t enc)
{
    cl_int err = CL_SUCCESS;
    if (enc == G16K_ENC_CANONICAL)
        err = convert(d, buf, 1);
    if (err == CL_SUCCESS && dir == G16K_NTT_FORWARD_COSET)
        err = scale(d, buf, d->coset, 1);
    if (err == CL_SUCCESS)
        err = dit(d, buf, dir == G16K_NTT_FORWARD || dir == G16K_NTT_FORWARD_COSET ? d->tw
                                                                                    : d->itw);
    if (err == CL_SUCCESS && dir == G16K_NTT_INVERSE)
        err = scale(d, buf, d->inv, 0);
    if (err == CL_SUCCESS && dir == G16K_NTT_INVERSE_COSET)
        err = scale(d, buf, d->inv_coset, 1);
    if (err == CL_SUCCESS && enc == G16K_ENC_CANONICAL)
        err = convert(d, buf, 0);
    return err;
}

/* In-place transform of n = 2^log_n Fr elements (plugin.h g16k_ntt_dir semantics), natural
 * order in and out, output in enc. Errors: G16K_EINVAL (NULL, dir, enc), G16K_ENOMEM,
 * G16K_EINTERNAL. Thread-safe (device work serialised on ctx->lock). */
static int opencl_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    int rc = gpu_check_transform(d, data, dir, enc);
    if (rc)
        return rc;
    g16k_plugin_ctx *ctx = d->ctx;
    size_t bytes = (size_t)d->n * 32;
    cl_int err;
    pthread_mutex_lock(&ctx->lock);
    cl_mem buf = clCreateBuffer(ctx->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                                data, &err);
    if (buf) {
        err = transform_locked(d, buf, dir, enc);
        if (err == CL_SUCCESS)
            err = clEnqueueReadBuffer(ctx->queue, buf, CL_TRUE, 0, bytes, data, 0, NULL, NULL);
        clReleaseMemObject(buf);
    }
    pthread_mutex_unlock(&ctx->lock);
    if (err != CL_SUCCESS)
        rc = opencl_fail(err, "ntt transform: OpenCL");
    return rc;
}

/* H chain on buffers already on the device (Montgomery after the optional conversion):
 * X = FORWARD_COSET(INVERSE(X)) for X in a, b, c, then a = a * b - c. */
static cl_int h_locked(g16k_ntt_domain *d, cl_mem v[3], uint32_t enc, uint32_t h_enc)
{
    cl_int err = CL_SUCCESS;
    for (int i = 0; i < 3 && err == CL_SUCCESS; i++) {
        err = transform_locked(d, v[i], G16K_NTT_INVERSE, G16K_ENC_MONTGOMERY);
        if (err == CL_SUCCESS && enc == G16K_ENC_CANONICAL)
            err = convert(d, v[i], 1);   /* linear maps commute with the scaling by R */
        if (err == CL_SUCCESS)
            err = transform_locked(d, v[i], G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY);
    }
    if (err == CL_SUCCESS) {
        cl_kernel k = d->ctx->kernels[K_NTT_H];
        cl_ulong n = d->n;
        err = clSetKernelArg(k, 0, sizeof(cl_mem), &v[0]);
        err |= clSetKernelArg(k, 1, sizeof(cl_mem), &v[1]);
        err |= clSetKernelArg(k, 2, sizeof(cl_mem), &v[2]);
        err |= clSetKernelArg(k, 3, sizeof n, &n);
        if (err == CL_SUCCESS)
            err = run1(d->ctx, k, d->n);
    }
    if (err == CL_SUCCESS && h_enc == G16K_ENC_CANONICAL)
        err = convert(d, v[0], 0);
    return err;
}

/* Upload a, b, c (n elements each, enc) into new buffers v[0..2] (the caller releases them) and
 * run h_locked on them: v[0] = h in h_enc. Called with ctx->lock held. */
static cl_int h_upload_locked(g16k_ntt_domain *d, void *const src[3], uint32_t enc, cl_mem v[3],
                              uint32_t h_enc)
{
    size_t bytes = (size_t)d->n * 32;
    cl_int err = CL_SUCCESS;
    for (int i = 0; i < 3 && err == CL_SUCCESS; i++)
        v[i] = clCreateBuffer(d->ctx->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                              src[i], &err);
    return err != CL_SUCCESS ? err : h_locked(d, v, enc, h_enc);
}

/* compute_h (plugin.h): a, b, c: n Fr elements each in enc, uploaded once and left unchanged
 * (the device works on copies); h: n elements written in h_enc (h may alias a). Device memory:
 * 3 n * 32 bytes. Errors: G16K_EINVAL (NULL, enc), G16K_ENOMEM, G16K_EINTERNAL. Thread-safe
 * (device work serialised on ctx->lock). */
static int opencl_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                            void *h, uint32_t h_enc)
{
    int rc = gpu_check_compute_h(d, a, b, c, enc, h, h_enc);
    if (rc)
        return rc;
    g16k_plugin_ctx *ctx = d->ctx;
    size_t bytes = (size_t)d->n * 32;
    void *const src[3] = {a, b, c};
    cl_mem v[3] = {NULL, NULL, NULL};
    pthread_mutex_lock(&ctx->lock);
    cl_int err = h_upload_locked(d, src, enc, v, h_enc);
    if (err == CL_SUCCESS)
        err = clEnqueueReadBuffer(ctx->queue, v[0], CL_TRUE, 0, bytes, h, 0, NULL, NULL);
    for (int i = 0; i < 3; i++)
        if (v[i])
            clReleaseMemObject(v[i]);
    pthread_mutex_unlock(&ctx->lock);
    return err == CL_SUCCESS ? G16K_OK : opencl_fail(err, "compute_h: OpenCL");
}

/* compute_h_msm (plugin.h, ABI 1.1): the chain of compute_h, then the H MSM on h where it lies
 * (opencl_msm_device): h never comes back to the host. a, b, c are left unchanged. Device
 * memory: 3 n * 32 bytes, plus the MSM's lists and sums. Errors: those of compute_h and
 * opencl_msm_device. Thread-safe (device work serialised on ctx->lock). */
static int opencl_compute_h_msm(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                                g16k_msm_bases *bases, const g16k_msm_params *params,
                                void *result, uint32_t result_enc)
{
    int rc = gpu_check_compute_h(d, a, b, c, enc, a, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK)
        rc = opencl_msm_device_check(bases, d->ctx, d->n, result, result_enc);
    if (rc)
        return rc;
    g16k_plugin_ctx *ctx = d->ctx;
    void *const src[3] = {a, b, c};
    cl_mem v[3] = {NULL, NULL, NULL};
    pthread_mutex_lock(&ctx->lock);
    cl_int err = h_upload_locked(d, src, enc, v, G16K_ENC_CANONICAL);
    for (int i = 1; i < 3; i++) {            /* b and c: their memory goes to the MSM */
        if (v[i])
            clReleaseMemObject(v[i]);
        v[i] = NULL;
    }
    if (err != CL_SUCCESS)
        rc = opencl_fail(err, "compute_h_msm: OpenCL");
    else
        rc = opencl_msm_device(bases, ctx, v[0], d->n, params, result, result_enc);
    for (int i = 0; i < 3; i++)
        if (v[i])
            clReleaseMemObject(v[i]);
    pthread_mutex_unlock(&ctx->lock);
    return rc;
}
