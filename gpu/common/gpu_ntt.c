/*
 * gpu_ntt.c: the NTT vtable of both GPU plugins, over the device operations of gpu_device.h.
 * A domain holds the twiddles and scale tables of gpu_ntt_tables.c on the device; transform()
 * uploads the data, runs gpu/kernels/ntt.cl (convert, coset scale, bit reversal, log n
 * radix-2 stages, 1/n and unshift scale, convert back) and reads it back. compute_h runs the
 * whole Groth16 H chain on the device: a, b and c are uploaded once, transformed there
 * (inverse, then forward on the coset) and combined by ntt.cl ntt_h; only h comes back.
 * compute_h_msm hands h to the H MSM where it lies instead (gpu_msm_on_device).
 * Where the API tells free memory (ops->mem_check), each call checks what it allocates first
 * (tables at domain_create, n * 32 bytes per transform, 3 n * 32 for the H chain).
 * One text for both curves (gpu_curve_sel.h): the unit's Fr, tables and kernels (GPU_K).
 * Source: the H chain of snarkjs (docs/formats.md, the proving algorithm); the transform is
 * iterative Cooley-Tukey (see ntt.cl).
 */
#include "gpu_curve_sel.h" /* first: the unit's curve (gpu/common/bn254/ builds it for BN254) */

#include <stdlib.h>
#include <string.h>

#include "gpu_driver.h"
#include "gpu_ntt_tables.h"
#include "gpu_plugin_util.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_ntt_domain_create_fn gpu_domain_create;
static g16k_ntt_domain_destroy_fn gpu_domain_destroy;
static g16k_ntt_transform_fn gpu_transform;
static g16k_ntt_compute_h_fn gpu_compute_h;
static g16k_ntt_compute_h_msm_fn gpu_compute_h_msm;

enum { TW, ITW, COSET, INV, INV_COSET, N_TABLES };

struct g16k_ntt_domain {
    g16k_plugin_ctx *ctx;
    uint32_t log_n;
    uint64_t n;
    gpu_buf *tab[N_TABLES]; /* n/2 forward / inverse twiddles, then the
                              * GPU_NTT_SCALE_ELEMS-element scale tables */
};

const g16k_ntt_vtable gpu_ntt_vtable = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = gpu_domain_create,
    .domain_destroy = gpu_domain_destroy,
    .transform = gpu_transform,
    .compute_h = gpu_compute_h,
    .compute_h_msm = gpu_compute_h_msm,
};

static gpu_device *dev_of(const g16k_ntt_domain *d)
{
    return (gpu_device *)d->ctx; /* the context's first member (gpu_device.h) */
}

/* Twiddles and scale tables for n = 2^log_n, 0 <= log_n < GPU_FR_TWO_ADICITY (31 on
 * BLS12-381, 27 on BN254: the coset's generator is a root of order 2n), on the device (about n * 32
 * bytes). Errors: G16K_EINVAL (NULL), G16K_EUNSUPPORTED (log_n), G16K_ENODEV, G16K_ENOMEM.
 * Thread-safe. */
static int gpu_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
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
    gpu_device *D = dev_of(d);
    const uint64_t sbytes = GPU_NTT_SCALE_ELEMS * 32;
    const void *src[N_TABLES] = { t.tw, t.itw, t.coset, t.inv, t.inv_coset };
    const uint64_t bytes[N_TABLES] = { t.n_tw * 32, t.n_tw * 32, sbytes, sbytes, sbytes };
    gpu_queue *q = NULL;
    rc = D->ops->open(D, &q);
    if (rc == G16K_OK)
        rc = gpu_mem_check(D, q, 2 * t.n_tw * 32 + 3 * sbytes, "ntt domain_create 2^%u", log_n);
    for (int i = 0; i < N_TABLES && rc == G16K_OK; i++)
        rc = gpu_upload(D, q, src[i], bytes[i], &d->tab[i]);
    if (q)
        D->ops->close(q);
    gpu_ntt_tables_cleanup(&t);
    if (rc) {
        gpu_domain_destroy(d);
        d = NULL;
    }
    *out = d;
    return rc;
}

/* NULL is a no-op. Not thread-safe with calls using the same domain. */
static void gpu_domain_destroy(g16k_ntt_domain *d)
{
    if (!d)
        return;
    gpu_free_all(dev_of(d), d->tab, N_TABLES);
    free(d);
}

static int convert(g16k_ntt_domain *d, gpu_queue *q, gpu_buf *buf, uint32_t to_mont)
{
    gpu_arg a[] = { GPU_BUF(buf), GPU_U64(d->n), GPU_U32(to_mont) };
    return dev_of(d)->ops->launch(q, GPU_K(GPU_K_NTT_CONVERT), a, 3, d->n);
}

static int scale(g16k_ntt_domain *d, gpu_queue *q, gpu_buf *buf, gpu_buf *tab, uint32_t with_pow)
{
    gpu_arg a[] = { GPU_BUF(buf), GPU_U64(d->n), GPU_BUF(tab), GPU_U32(with_pow) };
    return dev_of(d)->ops->launch(q, GPU_K(GPU_K_NTT_SCALE), a, 4, d->n);
}

/* Bit reversal and the log n butterfly stages with twiddles tw. */
static int dit(g16k_ntt_domain *d, gpu_queue *q, gpu_buf *buf, gpu_buf *tw)
{
    if (d->log_n == 0)
        return G16K_OK;
    const gpu_ops *o = dev_of(d)->ops;
    gpu_arg rev[] = { GPU_BUF(buf), GPU_U64(d->n), GPU_U32(d->log_n) };
    int rc = o->launch(q, GPU_K(GPU_K_NTT_BITREV), rev, 3, d->n);
    for (uint32_t s = 0; s < d->log_n && rc == G16K_OK; s++) {
        gpu_arg st[] = { GPU_BUF(buf), GPU_BUF(tw), GPU_U64(d->n), GPU_U32(s) };
        rc = o->launch(q, GPU_K(GPU_K_NTT_STAGE), st, 4, d->n / 2);
    }
    return rc;
}

/* The transform of buf in place on q (plugin.h g16k_ntt_dir), input and output in enc. */
static int run(g16k_ntt_domain *d, gpu_queue *q, gpu_buf *buf, uint32_t dir, uint32_t enc)
{
    int rc = G16K_OK;
    if (enc == G16K_ENC_CANONICAL)
        rc = convert(d, q, buf, 1);
    if (rc == G16K_OK && dir == G16K_NTT_FORWARD_COSET)
        rc = scale(d, q, buf, d->tab[COSET], 1);
    if (rc == G16K_OK)
        rc = dit(d, q, buf,
                 dir == G16K_NTT_FORWARD || dir == G16K_NTT_FORWARD_COSET ? d->tab[TW]
                                                                          : d->tab[ITW]);
    if (rc == G16K_OK && dir == G16K_NTT_INVERSE)
        rc = scale(d, q, buf, d->tab[INV], 0);
    if (rc == G16K_OK && dir == G16K_NTT_INVERSE_COSET)
        rc = scale(d, q, buf, d->tab[INV_COSET], 1);
    if (rc == G16K_OK && enc == G16K_ENC_CANONICAL)
        rc = convert(d, q, buf, 0);
    return rc;
}

/* In-place transform of n = 2^log_n Fr elements (32 bytes each; plugin.h g16k_ntt_dir
 * semantics), natural order in and out, output in enc. Device memory: n * 32 bytes.
 * Errors: G16K_EINVAL (NULL, dir, enc), G16K_ENODEV, G16K_ENOMEM, G16K_EINTERNAL.
 * Thread-safe. */
static int gpu_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    int rc = gpu_check_transform(d, data, dir, enc);
    if (rc)
        return rc;
    gpu_device *D = dev_of(d);
    uint64_t bytes = d->n * 32;
    gpu_queue *q = NULL;
    gpu_buf *buf = NULL;
    rc = D->ops->open(D, &q);
    if (rc)
        return rc;
    rc = gpu_mem_check(D, q, bytes, "ntt transform 2^%u", d->log_n);
    if (rc == G16K_OK)
        rc = gpu_upload(D, q, data, bytes, &buf);
    if (rc == G16K_OK)
        rc = run(d, q, buf, dir, enc);
    if (rc == G16K_OK)
        rc = D->ops->copy_out(q, data, buf, 0, bytes);
    else
        D->ops->sync(q);
    D->ops->free(D, buf);
    D->ops->close(q);
    return rc;
}

/* Open a queue on d's device (*q) and run h_chain there, with the memory check for it first
 * (named `what`); *q stays open also on error (the caller closes it) unless open failed
 * (*q NULL). */
static int h_start(g16k_ntt_domain *d, gpu_queue **q, void *const src[3], uint32_t enc,
                   gpu_buf *v[3], uint32_t h_enc, const char *what);

/* The H chain on q: a, b, c (n elements each, enc) uploaded into v[0..2] (allocated here; the
 * caller frees them, also on error), X = FORWARD_COSET(INVERSE(X)) for each, then
 * v[0] = a * b - c, in h_enc. Device memory: 3 n * 32 bytes. */
static int h_chain(g16k_ntt_domain *d, gpu_queue *q, void *const src[3], uint32_t enc,
                   gpu_buf *v[3], uint32_t h_enc)
{
    gpu_device *D = dev_of(d);
    int rc = G16K_OK;
    for (int i = 0; i < 3 && rc == G16K_OK; i++)
        rc = gpu_upload(D, q, src[i], d->n * 32, &v[i]);
    for (int i = 0; i < 3 && rc == G16K_OK; i++) {
        rc = run(d, q, v[i], G16K_NTT_INVERSE, G16K_ENC_MONTGOMERY);
        if (rc == G16K_OK && enc == G16K_ENC_CANONICAL)
            rc = convert(d, q, v[i], 1); /* linear maps commute with the scaling by R */
        if (rc == G16K_OK)
            rc = run(d, q, v[i], G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY);
    }
    if (rc == G16K_OK) {
        gpu_arg a[] = { GPU_BUF(v[0]), GPU_BUF(v[1]), GPU_BUF(v[2]), GPU_U64(d->n) };
        rc = D->ops->launch(q, GPU_K(GPU_K_NTT_H), a, 4, d->n);
    }
    if (rc == G16K_OK && h_enc == G16K_ENC_CANONICAL)
        rc = convert(d, q, v[0], 0);
    return rc;
}

static int h_start(g16k_ntt_domain *d, gpu_queue **q, void *const src[3], uint32_t enc,
                   gpu_buf *v[3], uint32_t h_enc, const char *what)
{
    gpu_device *D = dev_of(d);
    *q = NULL;
    int rc = D->ops->open(D, q);
    if (rc == G16K_OK)
        rc = gpu_mem_check(D, *q, 3 * d->n * 32, "%s 2^%u", what, d->log_n);
    if (rc == G16K_OK)
        rc = h_chain(d, *q, src, enc, v, h_enc);
    return rc;
}

/* compute_h (plugin.h): a, b, c: n Fr elements each in enc, uploaded once and left unchanged
 * (the device works on copies); h: n elements written in h_enc (h may alias a). Device memory:
 * 3 n * 32 bytes. Errors: G16K_EINVAL (NULL, enc), G16K_ENODEV, G16K_ENOMEM, G16K_EINTERNAL.
 * Thread-safe. */
static int gpu_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc, void *h,
                         uint32_t h_enc)
{
    int rc = gpu_check_compute_h(d, a, b, c, enc, h, h_enc);
    if (rc)
        return rc;
    gpu_device *D = dev_of(d);
    void *const src[3] = { a, b, c };
    gpu_buf *v[3] = { NULL, NULL, NULL };
    gpu_queue *q = NULL;
    rc = h_start(d, &q, src, enc, v, h_enc, "compute_h");
    if (!q)
        return rc;
    if (rc == G16K_OK)
        rc = D->ops->copy_out(q, h, v[0], 0, d->n * 32);
    else
        D->ops->sync(q);
    gpu_free_all(D, v, 3);
    D->ops->close(q);
    return rc;
}

/* compute_h_msm (plugin.h, ABI 1.1): the chain of compute_h, then the H MSM on h where it lies
 * (gpu_msm_on_device, same queue): h never comes back to the host. a, b, c are left unchanged.
 * Device memory: 3 n * 32 bytes, then n * 32 plus the MSM's lists and sums (b's and c's
 * buffers are freed before the MSM). Errors: those of compute_h and gpu_msm_on_device.
 * Thread-safe. */
static int gpu_compute_h_msm(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                             g16k_msm_bases *bases, const g16k_msm_params *params, void *result,
                             uint32_t result_enc)
{
    int rc = gpu_check_compute_h(d, a, b, c, enc, a, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK)
        rc = gpu_msm_on_device_check(bases, d->ctx, d->n, result, result_enc);
    if (rc)
        return rc;
    gpu_device *D = dev_of(d);
    void *const src[3] = { a, b, c };
    gpu_buf *v[3] = { NULL, NULL, NULL };
    gpu_queue *q = NULL; /* the digits need canonical h */
    rc = h_start(d, &q, src, enc, v, G16K_ENC_CANONICAL, "compute_h_msm");
    if (!q)
        return rc;
    /* b and c are no longer needed: their memory goes to the MSM, once q is done with them */
    int sync = D->ops->sync(q);
    if (rc == G16K_OK)
        rc = sync;
    gpu_free_all(D, &v[1], 2);
    if (rc == G16K_OK)
        rc = gpu_msm_on_device(bases, d->ctx, q, v[0], d->n, params, result, result_enc);
    D->ops->sync(q);
    gpu_free_all(D, v, 1);
    D->ops->close(q);
    return rc;
}
