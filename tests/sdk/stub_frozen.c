/*
 * A plugin built against the frozen ABI 1.0 header (sdk/abi/frozen/plugin-1.0.h, a verbatim
 * copy of plugin.h as released), to prove that the current loader keeps loading 1.0 plugins
 * after compatible minor bumps (tests/sdk/frozen_loads.sh). It provides MSM G1 and refuses work:
 * only loading, create, probe and destroy are exercised.
 */
#include <stdlib.h>

#include "plugin-1.0.h"

static const g16k_host_api *host;

static int frozen_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    if (config && config->n_entries > 0) {
        host->set_error("%s:%u: unknown key '%s' in [%s]", config->file, config->entries[0].line,
                        config->entries[0].key, config->section);
        return G16K_ECONFIG;
    }
    *out = (g16k_plugin_ctx *)&host;
    return G16K_OK;
}

static void frozen_destroy(g16k_plugin_ctx *ctx)
{
    (void)ctx;
}

static int frozen_probe(g16k_plugin_ctx *ctx, char *info, size_t len)
{
    (void)ctx;
    if (info && len > 0)
        info[0] = '\0';
    return G16K_OK;
}

static int frozen_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                               uint32_t enc, g16k_msm_bases **out)
{
    (void)ctx;
    (void)group;
    (void)points;
    (void)n;
    (void)enc;
    (void)out;
    host->set_error("the frozen-ABI stub does no work");
    return G16K_EUNSUPPORTED;
}

static void frozen_bases_destroy(g16k_msm_bases *b)
{
    (void)b;
}

static int frozen_msm(g16k_msm_bases *b, const void *s, uint64_t n, uint32_t senc,
                      const g16k_msm_params *p, void *r, uint32_t renc)
{
    (void)b;
    (void)s;
    (void)n;
    (void)senc;
    (void)p;
    (void)r;
    (void)renc;
    host->set_error("the frozen-ABI stub does no work");
    return G16K_EUNSUPPORTED;
}

static const g16k_msm_vtable msm = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = frozen_bases_create,
    .bases_destroy = frozen_bases_destroy,
    .msm = frozen_msm,
};

static const g16k_plugin_desc desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .caps = G16K_CAP_MSM_G1,
    .name = "frozen",
    .version = "abi-1.0",
    .create = frozen_create,
    .destroy = frozen_destroy,
    .probe = frozen_probe,
    .msm = &msm,
};

G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    host = h;
    *out = &desc;
    return G16K_OK;
}
