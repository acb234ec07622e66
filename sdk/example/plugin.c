/*
 * The example plugin's descriptor, entry point and context: a teaching example of the g16k
 * plugin ABI (plugin.h). It provides MSM for G1 and G2 (msm.c) and nothing else, so a prover.ini
 * pairs it with another plugin for the synthesizer and the NTT.
 *
 * [plugin.NAME] keys (the core strips `path`):
 *   log = yes|no   log creation and every bases_create at G16K_LOG_INFO via host->log (default no)
 * Any other key is rejected with G16K_ECONFIG, naming the key, the file and the line.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "example.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_plugin_create_fn ex_create;
static g16k_plugin_destroy_fn ex_destroy;
static g16k_plugin_probe_fn ex_probe;

/* Stored by g16k_plugin_entry; valid until process exit (plugin.h). */
static const g16k_host_api *host;

/* The host formats the message (plugin.h g16k_host_vset_error: set_error_v on an ABI 1.6 host,
 * set_error on an older one). */
int ex_error(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vset_error(host, fmt, ap);
    va_end(ap);
    return status;
}

void ex_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g16k_host_vlog(host, G16K_LOG_INFO, fmt, ap);
    va_end(ap);
}

static pthread_once_t field_once = PTHREAD_ONCE_INIT;

/* create: see g16k_plugin_desc.create. Computes the field constants once (thread-safe), then
 * reads the keys. Errors: G16K_EINVAL (NULL out), G16K_ECONFIG (unknown key or bad value),
 * G16K_ENOMEM. */
static int ex_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    if (!out)
        return ex_error(G16K_EINVAL, "create: NULL out");
    *out = NULL;
    pthread_once(&field_once, field_init);
    g16k_plugin_ctx ctx = { 0 };
    /* We were compiled against 1.0, so sizeof(g16k_config) is its 1.0 size: a newer core may pass
     * a longer struct (fields appended that we do not read), never a shorter one. */
    if (config && config->struct_size < sizeof(g16k_config))
        return ex_error(G16K_EINVAL, "create: g16k_config struct_size %u < %zu",
                        config->struct_size, sizeof(g16k_config));
    for (uint64_t i = 0; config && i < config->n_entries; i++) {
        const g16k_config_entry *e = &config->entries[i];
        if (strcmp(e->key, "log") != 0)
            return ex_error(G16K_ECONFIG, "%s:%u: unknown key '%s' in [%s] (known: log)",
                            config->file, e->line, e->key, config->section);
        if (strcmp(e->value, "yes") != 0 && strcmp(e->value, "no") != 0)
            return ex_error(G16K_ECONFIG, "%s:%u: [%s] log = '%s': expected yes or no",
                            config->file, e->line, config->section, e->value);
        ctx.log = strcmp(e->value, "yes") == 0;
    }
    if (!(*out = malloc(sizeof(ctx))))
        return ex_error(G16K_ENOMEM, "create: out of memory");
    **out = ctx;
    if (ctx.log)
        ex_log("example plugin created");
    return G16K_OK;
}

static void ex_destroy(g16k_plugin_ctx *ctx)
{
    free(ctx);
}

/* probe: portable C, always usable; describes itself in info. */
static int ex_probe(g16k_plugin_ctx *ctx, char *info, size_t info_len)
{
    (void)ctx;
    if (info && info_len)
        snprintf(info, info_len, "portable C, 1 thread, bitwise double-and-add");
    return G16K_OK;
}

static const g16k_plugin_desc desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .caps = G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .name = "example",
    .version = "1.0.0",
    .description = "g16k SDK example: MSM G1/G2 by double-and-add",
    .create = ex_create,
    .destroy = ex_destroy,
    .probe = ex_probe,
    .msm = &ex_msm_vtable,
};

/* The one exported symbol: cheap, no side effects beyond remembering host. */
G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (!h || !out || h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    host = h;
    *out = &desc;
    return G16K_OK;
}
