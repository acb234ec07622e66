/*
 * Stub provider plugin for the loader tests, built only from include/g16k/plugin.h, the way an
 * out-of-tree vendor builds one. CMake compiles this one file several times; each -D flag breaks
 * exactly one thing the loader must catch:
 *   STUB_ABI_MAJOR=N   descriptor claims ABI N.0        STUB_SHORT_DESC  descriptor struct_size short
 *   STUB_NO_ENTRY      g16k_plugin_entry not exported   STUB_NULL_ENTRY  msm.bases_create is NULL
 *   STUB_ENTRY_FAILS   entry returns an error           STUB_NODEV       probe reports no device
 *   STUB_BAD_CAPS      caps lack NTT, vtable present    STUB_BAD_CURVE   curve is not BLS12-381
 *   STUB_NO_MSM        provides synth and ntt only      STUB_SHORT_VT    ntt vtable struct_size short
 *   STUB_CURVE_TWICE   more_curves repeats desc.curve   STUB_MORE_NULL   n_more_curves 1, array NULL
 *   STUB_NO_CAP_MORE   a more_curves entry has no caps
 * and two are good plugins of ABI 1.8's curve sets:
 *   STUB_BN254         serves BN254 (desc.curve) alone
 *   STUB_TWO_CURVES    BLS12-381 (desc.curve) and, in more_curves, BN254 with the MSM caps only
 * The vtable entries are trivially correct for tiny inputs; they only exist to be non-NULL.
 * create() accepts the key `device` and rejects any other, naming file and line.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"

#ifndef STUB_ABI_MAJOR
#define STUB_ABI_MAJOR G16K_ABI_MAJOR
#endif

struct g16k_plugin_ctx {
    char summary[200];
};

static const g16k_host_api *host;

static int stub_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    char device[64] = "none";
    unsigned device_line = 0;
    g16k_plugin_ctx *ctx;

    for (uint64_t i = 0; i < config->n_entries; i++) {
        const g16k_config_entry *e = &config->entries[i];
        if (strcmp(e->key, "device") != 0) {
            host->set_error("%s:%u: unknown key '%s' in [%s]", config->file, e->line, e->key,
                            config->section);
            return G16K_ECONFIG;
        }
        snprintf(device, sizeof(device), "%s", e->value);
        device_line = e->line;
    }
    ctx = calloc(1, sizeof(*ctx));
    if (!ctx) {
        host->set_error("out of memory");
        return G16K_ENOMEM;
    }
    snprintf(ctx->summary, sizeof(ctx->summary), "%s device=%s@%u threads=%u", config->section,
             device, device_line, host->threads);
    *out = ctx;
    return G16K_OK;
}

static void stub_destroy(g16k_plugin_ctx *ctx)
{
    free(ctx);
}

static int stub_probe(g16k_plugin_ctx *ctx, char *info, size_t info_len)
{
#ifdef STUB_NODEV
    (void)ctx;
    (void)info;
    (void)info_len;
    host->set_error("no stub device");
    return G16K_ENODEV;
#else
    if (info)
        snprintf(info, info_len, "%s", ctx->summary);
    return G16K_OK;
#endif
}

/* Synthesizer: the circuit handle is the plugin context; a = b = c = 0. */
static int stub_circuit_create(g16k_plugin_ctx *ctx, const g16k_constraints *cs, g16k_circuit **out)
{
    (void)cs;
    *out = (g16k_circuit *)ctx;
    return G16K_OK;
}

static void stub_circuit_destroy(g16k_circuit *circuit)
{
    (void)circuit;
}

static int stub_synthesize(g16k_circuit *circuit, const void *witness, uint64_t n_vars,
                           uint32_t witness_enc, void *a, void *b, void *c, uint32_t out_enc)
{
    (void)circuit;
    (void)witness;
    (void)n_vars;
    (void)witness_enc;
    (void)a;
    (void)b;
    (void)c;
    (void)out_enc;
    return G16K_EUNSUPPORTED;
}

static int stub_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    if (log_n != 0)
        return G16K_EUNSUPPORTED;
    *out = (g16k_ntt_domain *)ctx;
    return G16K_OK;
}

static void stub_domain_destroy(g16k_ntt_domain *domain)
{
    (void)domain;
}

/* n = 1: every transform is the identity (omega = g^0 terms vanish, 1/n = 1) except the coset
 * shift, which for one element multiplies by g^0 = 1 too. */
static int stub_transform(g16k_ntt_domain *domain, void *data, uint32_t dir, uint32_t enc)
{
    (void)domain;
    (void)data;
    if (dir < G16K_NTT_FORWARD || dir > G16K_NTT_INVERSE_COSET)
        return G16K_EINVAL;
    return enc == G16K_ENC_CANONICAL || enc == G16K_ENC_MONTGOMERY ? G16K_OK : G16K_EINVAL;
}

static int stub_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                             uint32_t point_enc, g16k_msm_bases **out)
{
    (void)group;
    (void)points;
    (void)n;
    (void)point_enc;
    *out = (g16k_msm_bases *)ctx;
    return G16K_OK;
}

static void stub_bases_destroy(g16k_msm_bases *bases)
{
    (void)bases;
}

static int stub_msm(g16k_msm_bases *bases, const void *scalars, uint64_t n, uint32_t scalar_enc,
                    const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    (void)bases;
    (void)scalars;
    (void)scalar_enc;
    (void)params;
    (void)result_enc;
    if (n == 0) { /* the core's load-time window check: infinity, any window */
        memset(result, 0, 96);
        return G16K_OK;
    }
    return G16K_EUNSUPPORTED;
}

static const g16k_synth_vtable stub_synth = {
    .struct_size = sizeof(g16k_synth_vtable),
    .circuit_create = stub_circuit_create,
    .circuit_destroy = stub_circuit_destroy,
    .synthesize = stub_synthesize,
};

static const g16k_ntt_vtable stub_ntt = {
#ifdef STUB_SHORT_VT
    .struct_size = offsetof(g16k_ntt_vtable, transform),
#else
    .struct_size = sizeof(g16k_ntt_vtable),
#endif
    .domain_create = stub_domain_create,
    .domain_destroy = stub_domain_destroy,
    .transform = stub_transform,
    .compute_h = NULL,
};

/* Flags as 0/1 so every function stays referenced in every variant (no unused warnings). */
#ifdef STUB_NULL_ENTRY
#define NULL_ENTRY 1
#else
#define NULL_ENTRY 0
#endif
#ifdef STUB_NO_MSM
#define NO_MSM 1
#else
#define NO_MSM 0
#endif

static const g16k_msm_vtable stub_msm_vt = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = NULL_ENTRY ? NULL : stub_bases_create,
    .bases_destroy = stub_bases_destroy,
    .msm = stub_msm,
};

/* ABI 1.8's more_curves, by variant (the stub's vtables do no arithmetic, so one set serves
 * any curve here). */
#if defined(STUB_TWO_CURVES) || defined(STUB_CURVE_TWICE) || defined(STUB_NO_CAP_MORE)
static const g16k_curve_impl stub_more[] = { {
    .struct_size = sizeof(g16k_curve_impl),
#ifdef STUB_CURVE_TWICE
    .curve = G16K_CURVE_BLS12_381,
#else
    .curve = G16K_CURVE_BN254,
#endif
#ifdef STUB_NO_CAP_MORE
    .caps = 0,
#else
    .caps = G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .msm = &stub_msm_vt,
#endif
} };
#define STUB_MORE stub_more
#define STUB_N_MORE 1
#elif defined(STUB_MORE_NULL)
#define STUB_MORE NULL
#define STUB_N_MORE 1
#else
#define STUB_MORE NULL
#define STUB_N_MORE 0
#endif

static const g16k_plugin_desc stub_desc = {
#ifdef STUB_SHORT_DESC
    .struct_size = offsetof(g16k_plugin_desc, msm),
#else
    .struct_size = sizeof(g16k_plugin_desc),
#endif
    .abi_major = STUB_ABI_MAJOR,
    .abi_minor = 0,
#if defined(STUB_BAD_CURVE)
    .curve = 7,
#elif defined(STUB_BN254)
    .curve = G16K_CURVE_BN254,
#else
    .curve = G16K_CURVE_BLS12_381,
#endif
#if defined(STUB_BAD_CAPS)
    .caps = G16K_CAP_SYNTH | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
#elif defined(STUB_NO_MSM)
    .caps = G16K_CAP_SYNTH | G16K_CAP_NTT,
#else
    .caps = G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
#endif
    .name = "stub",
    .version = "0.0-test",
    .description = "loader test stub",
    .create = stub_create,
    .destroy = stub_destroy,
    .probe = stub_probe,
    .synth = &stub_synth,
    .ntt = &stub_ntt,
    .msm = NO_MSM ? NULL : &stub_msm_vt,
    .n_more_curves = STUB_N_MORE,
    .more_curves = STUB_MORE,
};

/* The entry does not compare host->abi_major: the loader must catch a mismatch by itself. */
#ifdef STUB_NO_ENTRY
/* Hidden (the target's default visibility), so dlsym cannot find it. */
int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out);
#else
G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out);
#endif

int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    host = h;
#ifdef STUB_ENTRY_FAILS
    /* Fails before handing out the descriptor, as when the host's ABI major is wrong. */
    *out = NULL;
    h->set_error("stub entry refuses to load");
    return G16K_EINTERNAL;
#endif
    *out = &stub_desc;
    return G16K_OK;
}
