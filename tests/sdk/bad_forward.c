/*
 * Plugins that forward every call to the real CPU plugin (dlopen()ed from BAD_FORWARD_REAL, an
 * absolute path set at build time) and break one contract of the plugin ABI on purpose, for the
 * checker's fail twins (tests/sdk/CMakeLists.txt). Their results stay right wherever the broken
 * contract is not exercised, so g16k-plugin-check must fail only the check of that contract.
 *  - default: MSM G1 and G2; bases_borrow (ABI 1.3) and bases_borrow_unaligned (ABI 1.7) take
 *    a copy (bases_create) and then write into the lent points (flip a bit of the first
 *    point's x), which the caller promised to keep and the plugin must only read.
 *  - BAD_CIRCUIT_BORROW: the synthesizer; circuit_borrow (ABI 1.4) and circuit_borrow_records
 *    (ABI 1.7) the same way: a copy (circuit_create), then a bit of the first lent
 *    coefficient's value flipped.
 *  - BAD_H_ALIAS: the NTT; compute_h clears h before the chain, as a plugin using h as scratch
 *    would. With h apart that changes nothing; with h aliasing a (allowed since ABI 1.0, and
 *    what the core passes) it wipes a.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"

static const g16k_plugin_desc *real;

static int bb_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    return real->create(config, out);
}

static void bb_destroy(g16k_plugin_ctx *ctx)
{
    real->destroy(ctx);
}

#if defined(BAD_CIRCUIT_BORROW)
/* The same bug in the synthesizer: the lent coefficients are written after a copy was taken. */
static int bb_circuit_create(g16k_plugin_ctx *ctx, const g16k_constraints *cs, g16k_circuit **out)
{
    return real->synth->circuit_create(ctx, cs, out);
}

static int bb_circuit_borrow(g16k_plugin_ctx *ctx, const g16k_constraints *cs, g16k_circuit **out)
{
    int rc = real->synth->circuit_create(ctx, cs, out);
    if (rc == G16K_OK && cs->n_coefs > 0)
        ((g16k_coef *)(uintptr_t)cs->coefs)[0].value[0] ^= 1;
    return rc;
}

/* Records decoded into a g16k_coef copy for circuit_create, then the first record's value
 * written. */
static int bb_circuit_borrow_records(g16k_plugin_ctx *ctx, const g16k_constraints *cs,
                                     const void *records, g16k_circuit **out)
{
    if (!cs || !records)
        return real->synth->circuit_borrow_records(ctx, cs, records, out); /* its errors */
    g16k_coef *c = calloc(cs->n_coefs ? cs->n_coefs : 1, sizeof *c);
    if (!c)
        return G16K_ENOMEM;
    const uint8_t *r = records;
    for (uint64_t i = 0; i < cs->n_coefs; i++, r += G16K_COEF_RECORD_BYTES) {
        memcpy(&c[i].matrix, r, 4);
        memcpy(&c[i].row, r + 4, 4);
        memcpy(&c[i].signal, r + 8, 4);
        memcpy(c[i].value, r + 12, 32);
    }
    g16k_constraints copy = *cs;
    copy.coefs = c;
    int rc = real->synth->circuit_create(ctx, &copy, out);
    free(c);
    if (rc == G16K_OK && cs->n_coefs > 0)
        ((uint8_t *)(uintptr_t)records)[12] ^= 1;
    return rc;
}

static void bb_circuit_destroy(g16k_circuit *c)
{
    real->synth->circuit_destroy(c);
}

static int bb_synthesize(g16k_circuit *c, const void *witness, uint64_t n_vars,
                         uint32_t witness_enc, void *a, void *b, void *cc, uint32_t out_enc)
{
    return real->synth->synthesize(c, witness, n_vars, witness_enc, a, b, cc, out_enc);
}

static const g16k_synth_vtable synth = {
    .struct_size = sizeof(g16k_synth_vtable),
    .circuit_create = bb_circuit_create,
    .circuit_destroy = bb_circuit_destroy,
    .synthesize = bb_synthesize,
    .circuit_borrow = bb_circuit_borrow,
    .circuit_borrow_records = bb_circuit_borrow_records,
};

#elif defined(BAD_H_ALIAS)
/* The real domain and its size: compute_h is not told n. */
struct g16k_ntt_domain {
    g16k_ntt_domain *real;
    uint64_t n;
};

static int bb_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    g16k_ntt_domain *d = calloc(1, sizeof *d);
    if (!d)
        return G16K_ENOMEM;
    int rc = real->ntt->domain_create(ctx, log_n, &d->real);
    if (rc != G16K_OK) {
        free(d);
        return rc;
    }
    d->n = (uint64_t)1 << log_n;
    *out = d;
    return G16K_OK;
}

static void bb_domain_destroy(g16k_ntt_domain *d)
{
    if (d)
        real->ntt->domain_destroy(d->real);
    free(d);
}

static int bb_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    return real->ntt->transform(d ? d->real : NULL, data, dir, enc);
}

/* The bug: h cleared first. */
static int bb_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc, void *h,
                        uint32_t h_enc)
{
    if (d && h)
        memset(h, 0, d->n * 32);
    return real->ntt->compute_h(d ? d->real : NULL, a, b, c, enc, h, h_enc);
}

static const g16k_ntt_vtable ntt = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = bb_domain_create,
    .domain_destroy = bb_domain_destroy,
    .transform = bb_transform,
    .compute_h = bb_compute_h,
};

#else
static int bb_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                           uint32_t point_enc, g16k_msm_bases **out)
{
    return real->msm->bases_create(ctx, group, points, n, point_enc, out);
}

static void bb_bases_destroy(g16k_msm_bases *b)
{
    real->msm->bases_destroy(b);
}

static int bb_msm(g16k_msm_bases *b, const void *scalars, uint64_t n, uint32_t scalar_enc,
                  const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    return real->msm->msm(b, scalars, n, scalar_enc, params, result, result_enc);
}

/* The bug: the lent points are written (a copy was taken first, so results stay right). */
static int bb_bases_borrow(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                           uint32_t point_enc, g16k_msm_bases **out)
{
    int rc = real->msm->bases_create(ctx, group, points, n, point_enc, out);
    if (rc == G16K_OK && n > 0)
        ((uint8_t *)(uintptr_t)points)[0] ^= 1;
    return rc;
}

/* The same bug at any address: an aligned copy for bases_create, then the lent points written. */
static int bb_bases_borrow_unaligned(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                                     uint64_t n, uint32_t point_enc, g16k_msm_bases **out)
{
    if (!points || !out || n == 0 || n > (1u << 20))
        return real->msm->bases_create(ctx, group, points, n, point_enc, out); /* its errors */
    size_t bytes = (size_t)n * (group == G16K_G2 ? 192 : 96);
    void *copy = malloc(bytes);
    if (!copy)
        return G16K_ENOMEM;
    memcpy(copy, points, bytes);
    int rc = real->msm->bases_create(ctx, group, copy, n, point_enc, out);
    free(copy);
    if (rc == G16K_OK)
        ((uint8_t *)(uintptr_t)points)[0] ^= 1;
    return rc;
}

static const g16k_msm_vtable msm = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = bb_bases_create,
    .bases_destroy = bb_bases_destroy,
    .msm = bb_msm,
    .bases_borrow = bb_bases_borrow,
    .bases_borrow_unaligned = bb_bases_borrow_unaligned,
};
#endif

static const g16k_plugin_desc desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .name = "badforward",
    .version = "0",
    .create = bb_create,
    .destroy = bb_destroy,
#if defined(BAD_CIRCUIT_BORROW)
    .caps = G16K_CAP_SYNTH,
    .synth = &synth,
#elif defined(BAD_H_ALIAS)
    .caps = G16K_CAP_NTT,
    .ntt = &ntt,
#else
    .caps = G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .msm = &msm,
#endif
};

G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    if (!real) {
        void *lib = dlopen(BAD_FORWARD_REAL, RTLD_NOW | RTLD_LOCAL);
        g16k_plugin_entry_fn entry =
            lib ? (g16k_plugin_entry_fn)dlsym(lib, G16K_PLUGIN_ENTRY_SYMBOL) : NULL;
        if (!entry || entry(h, &real) != G16K_OK) {
            h->set_error("cannot load the real plugin %s", BAD_FORWARD_REAL);
            return G16K_EINTERNAL;
        }
    }
    *out = &desc;
    return G16K_OK;
}
