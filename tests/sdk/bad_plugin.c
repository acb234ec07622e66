/*
 * A deliberately broken NTT plugin for the checker's fail twins (tests/sdk/CMakeLists.txt builds
 * it three times); each build breaks one rule, which g16k-plugin-check must report:
 *   BAD_NTT     transform() returns its input unchanged (right only for n = 1)
 *   BAD_CONFIG  create() accepts any configuration key
 *   BAD_EXPORT  a second function is exported (built without the version script)
 * Everything else follows plugin.h.
 */
#include <stdlib.h>

#include "g16k/plugin.h"

static const g16k_host_api *host;

struct g16k_ntt_domain {
    uint32_t log_n;
};

static int bad_create(const g16k_config *config, g16k_plugin_ctx **out)
{
#ifndef BAD_CONFIG
    if (config && config->n_entries > 0) {
        host->set_error("%s:%u: unknown key '%s' in [%s]", config->file, config->entries[0].line,
                        config->entries[0].key, config->section);
        return G16K_ECONFIG;
    }
#else
    (void)config;
#endif
    *out = (g16k_plugin_ctx *)&host; /* any non-NULL pointer; nothing to free */
    return G16K_OK;
}

static void bad_destroy(g16k_plugin_ctx *ctx)
{
    (void)ctx;
}

static int bad_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    (void)ctx;
    if (log_n > 31) {
        host->set_error("log_n %u > 31", log_n);
        return G16K_EUNSUPPORTED;
    }
    if (!(*out = malloc(sizeof(**out))))
        return G16K_ENOMEM;
    (*out)->log_n = log_n;
    return G16K_OK;
}

static void bad_domain_destroy(g16k_ntt_domain *d)
{
    free(d);
}

static int bad_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    if (!d || !data || dir < G16K_NTT_FORWARD || dir > G16K_NTT_INVERSE_COSET ||
        (enc != G16K_ENC_CANONICAL && enc != G16K_ENC_MONTGOMERY)) {
        host->set_error("bad argument");
        return G16K_EINVAL;
    }
#ifndef BAD_NTT
#error "bad_plugin.c implements no real NTT: build it with BAD_NTT"
#endif
    return G16K_OK; /* the bug: no transform at all */
}

static const g16k_ntt_vtable ntt = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = bad_domain_create,
    .domain_destroy = bad_domain_destroy,
    .transform = bad_transform,
};

static const g16k_plugin_desc desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .caps = G16K_CAP_NTT,
    .name = "bad",
    .version = "0",
    .create = bad_create,
    .destroy = bad_destroy,
    .ntt = &ntt,
};

#ifdef BAD_EXPORT
G16K_PLUGIN_EXPORT int bad_leaked_helper(void)
{
    return 42;
}
#endif

G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    host = h;
    *out = &desc;
    return G16K_OK;
}
