/*
 * A plugin that breaks compute_h's "h may alias a" (plugin ABI 1.0) on purpose, for the
 * checker's fail twin (tests/sdk/CMakeLists.txt): it serves the NTT by forwarding every call to
 * the real CPU plugin (dlopen()ed from BAD_H_ALIAS_REAL, an absolute path set at build time),
 * except that its compute_h clears h before the chain, as a plugin that used h as scratch would.
 * With h apart that changes nothing; with h aliasing a (what the core passes since h took a's
 * place) it wipes a. So g16k-plugin-check must fail compute_h on the aliasing case only and
 * pass every transform.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"

static const g16k_plugin_desc *real;

/* The real domain and its size: compute_h is not told n. */
struct g16k_ntt_domain {
    g16k_ntt_domain *real;
    uint64_t n;
};

static int ba_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    return real->create(config, out);
}

static void ba_destroy(g16k_plugin_ctx *ctx)
{
    real->destroy(ctx);
}

static int ba_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
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

static void ba_domain_destroy(g16k_ntt_domain *d)
{
    if (d)
        real->ntt->domain_destroy(d->real);
    free(d);
}

static int ba_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    return real->ntt->transform(d ? d->real : NULL, data, dir, enc);
}

/* The bug: h cleared first. */
static int ba_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc, void *h,
                        uint32_t h_enc)
{
    if (d && h)
        memset(h, 0, d->n * 32);
    return real->ntt->compute_h(d ? d->real : NULL, a, b, c, enc, h, h_enc);
}

static const g16k_ntt_vtable ntt = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = ba_domain_create,
    .domain_destroy = ba_domain_destroy,
    .transform = ba_transform,
    .compute_h = ba_compute_h,
};

static const g16k_plugin_desc desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .name = "badhalias",
    .version = "0",
    .create = ba_create,
    .destroy = ba_destroy,
    .caps = G16K_CAP_NTT,
    .ntt = &ntt,
};

G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    if (!real) {
        void *lib = dlopen(BAD_H_ALIAS_REAL, RTLD_NOW | RTLD_LOCAL);
        g16k_plugin_entry_fn entry =
            lib ? (g16k_plugin_entry_fn)dlsym(lib, G16K_PLUGIN_ENTRY_SYMBOL) : NULL;
        if (!entry || entry(h, &real) != G16K_OK) {
            h->set_error("cannot load the real plugin %s", BAD_H_ALIAS_REAL);
            return G16K_EINTERNAL;
        }
    }
    *out = &desc;
    return G16K_OK;
}
