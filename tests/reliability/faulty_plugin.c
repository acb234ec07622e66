/*
 * "faulty": a test plugin that serves MSM G1 and G2 and the NTT by forwarding to a real plugin,
 * and misbehaves on purpose, so tests can check that the core never writes a wrong proof (tests/reliability/
 * faulty_plugins.sh). Built from include/g16k/plugin.h only, like a vendor's plugin.
 *
 * The real plugin is dlopen()ed in create() from $G16K_FAULTY_REAL (an absolute path to e.g.
 * libg16k_cpu.so) and gets the same host API. prover.ini section [plugin.NAME]:
 *   fault = none | error | wrong | nothing | nodev | bases | rewrite   (default none)
 *     error:   msm() returns G16K_EINTERNAL with a message
 *     wrong:   msm() returns a well-formed but wrong point (the real result negated: -P is on the
 *              curve and in the subgroup, and differs from P unless P is infinity)
 *     nothing: msm() returns G16K_OK without writing the result
 *     nodev:   probe() reports G16K_ENODEV
 *     bases:   bases_create() fails with G16K_ENOMEM (at key load)
 *     rewrite: msm() rewrites the file of key `rewrite = PATH` in place (its first byte, with
 *              the same value: the bytes stay, the modification time moves), then returns
 *              G16K_OK without writing the result, as a key rewritten under a mapped load
 *              makes a provider read garbage
 *   group = g1 | g2 | both | h | all                           (default both: where MSM faults hit)
 *     h: only compute_h_msm (ABI 1.1, which this plugin provides as the real compute_h followed
 *        by the real msm, so the core takes its fused path when faulty serves [ntt] and
 *        [msm.g1]) gets the error, wrong and nothing faults; all: g1, g2 and h
 * Every other key goes to the real plugin's create(), which rejects keys it does not know.
 * Built twice: g16k_faulty against the current header, g16k_faulty10 against the frozen 1.0
 * header (FAULTY_ABI_1_0: its NTT vtable ends before compute_h_msm, which the core must not
 * read).
 *
 * Ownership: ctx owns the real ctx; each bases handle wraps the real handle. Thread-safety as the
 * real plugin: the wrappers are read-only after creation. The real library is never closed.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef FAULTY_ABI_1_0
#include "plugin-1.0.h" /* the frozen 1.0 header: no compute_h_msm (g16k_faulty10) */
#else
#include "g16k/plugin.h"
#endif

enum fault { F_NONE, F_ERROR, F_WRONG, F_NOTHING, F_NODEV, F_BASES, F_REWRITE };

struct g16k_plugin_ctx {
    const g16k_plugin_desc *real;
    g16k_plugin_ctx *real_ctx;
    enum fault fault;
    char *rewrite;   /* fault rewrite: the file rewritten in place */
    unsigned groups; /* bit 1 = G1, bit 2 = G2, bit 4 = compute_h_msm: where
                                       faults apply */
};

struct g16k_ntt_domain {
    const g16k_plugin_ctx *ctx;
    g16k_ntt_domain *real;
    uint64_t n;
};

struct g16k_msm_bases {
    const g16k_plugin_ctx *ctx;
    g16k_msm_bases *real;
    uint32_t group;
};

static const g16k_host_api *host;

/* p of BLS12-381, little-endian 64-bit limbs. */
static const uint64_t P[6] = {
    0xb9feffffffffaaabull, 0x1eabfffeb153ffffull, 0x6730d2a0f6b0f624ull,
    0x64774b84f38512bfull, 0x4b1ba7b6434bacd7ull, 0x1a0111ea397fe69aull
};

static void load_limbs(uint64_t out[6], const uint8_t *b)
{
    for (int i = 0; i < 6; i++) {
        out[i] = 0;
        for (int j = 7; j >= 0; j--)
            out[i] = out[i] << 8 | b[8 * i + j];
    }
}

static void store_limbs(uint8_t *b, const uint64_t v[6])
{
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 8; j++)
            b[8 * i + j] = (uint8_t)(v[i] >> (8 * j));
}

/* 48-byte Fp element (canonical or Montgomery: both negate as p - x) in place; 0 stays 0. */
static void fp_negate(uint8_t *b)
{
    uint64_t x[6], out[6], borrow = 0;
    int zero = 1;
    load_limbs(x, b);
    for (int i = 0; i < 6; i++)
        zero &= x[i] == 0;
    if (zero)
        return;
    for (int i = 0; i < 6; i++) {
        uint64_t d = P[i] - x[i];
        uint64_t b1 = P[i] < x[i];
        out[i] = d - borrow;
        borrow = b1 | (d < borrow);
    }
    store_limbs(b, out);
}

static int parse_fault(const char *v, enum fault *out)
{
    static const char *const names[] = { "none",  "error", "wrong",  "nothing",
                                         "nodev", "bases", "rewrite" };
    for (int i = 0; i < 7; i++)
        if (strcmp(v, names[i]) == 0) {
            *out = (enum fault)i;
            return 0;
        }
    return -1;
}

static int faulty_create(const g16k_config *cfg, g16k_plugin_ctx **out)
{
    const char *path = getenv("G16K_FAULTY_REAL");
    g16k_plugin_ctx *ctx;
    g16k_config_entry *rest;
    uint64_t n_rest = 0;
    int rc;

    if (!path || !*path) {
        host->set_error("$G16K_FAULTY_REAL is not set (path of the real plugin)");
        return G16K_ECONFIG;
    }
    ctx = calloc(1, sizeof(*ctx));
    rest = calloc(cfg->n_entries ? cfg->n_entries : 1, sizeof(*rest));
    if (!ctx || !rest) {
        free(ctx);
        free(rest);
        host->set_error("out of memory");
        return G16K_ENOMEM;
    }
    ctx->groups = 3;
    for (uint64_t i = 0; i < cfg->n_entries; i++) {
        const g16k_config_entry *e = &cfg->entries[i];
        if (strcmp(e->key, "fault") == 0) {
            if (parse_fault(e->value, &ctx->fault) != 0) {
                host->set_error("%s:%u: bad fault '%s'", cfg->file, e->line, e->value);
                rc = G16K_ECONFIG;
                goto fail;
            }
        } else if (strcmp(e->key, "rewrite") == 0) {
            free(ctx->rewrite);
            ctx->rewrite = strdup(e->value);
        } else if (strcmp(e->key, "group") == 0) {
            ctx->groups = strcmp(e->value, "g1") == 0     ? 1
                          : strcmp(e->value, "g2") == 0   ? 2
                          : strcmp(e->value, "both") == 0 ? 3
                          : strcmp(e->value, "h") == 0    ? 4
                          : strcmp(e->value, "all") == 0  ? 7
                                                          : 0;
            if (!ctx->groups) {
                host->set_error("%s:%u: bad group '%s'", cfg->file, e->line, e->value);
                rc = G16K_ECONFIG;
                goto fail;
            }
        } else {
            rest[n_rest++] = *e;
        }
    }
    void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    void *sym = dl ? dlsym(dl, G16K_PLUGIN_ENTRY_SYMBOL) : NULL;
    g16k_plugin_entry_fn entry;
    if (!sym) {
        host->set_error("cannot load the real plugin %s: %s", path, dlerror());
        rc = G16K_ECONFIG;
        goto fail;
    }
    memcpy(&entry, &sym, sizeof(entry));
    if ((rc = entry(host, &ctx->real)) != G16K_OK)
        goto fail;
    if (!ctx->real->msm || !ctx->real->ntt) {
        host->set_error("the real plugin %s has no MSM or no NTT", path);
        rc = G16K_EUNSUPPORTED;
        goto fail;
    }
    g16k_config real_cfg = *cfg;
    real_cfg.entries = rest;
    real_cfg.n_entries = n_rest;
    if ((rc = ctx->real->create(&real_cfg, &ctx->real_ctx)) != G16K_OK)
        goto fail;
    free(rest);
    *out = ctx;
    return G16K_OK;
fail:
    free(rest);
    if (ctx)
        free(ctx->rewrite);
    free(ctx);
    return rc;
}

static void faulty_destroy(g16k_plugin_ctx *ctx)
{
    if (!ctx)
        return;
    ctx->real->destroy(ctx->real_ctx);
    free(ctx->rewrite);
    free(ctx);
}

static int faulty_probe(g16k_plugin_ctx *ctx, char *info, size_t info_len)
{
    if (ctx->fault == F_NODEV) {
        host->set_error("injected fault: no device");
        return G16K_ENODEV;
    }
    if (ctx->real->probe)
        return ctx->real->probe(ctx->real_ctx, info, info_len);
    if (info && info_len)
        info[0] = '\0';
    return G16K_OK;
}

static int faulty_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                               uint32_t point_enc, g16k_msm_bases **out)
{
    g16k_msm_bases *b;
    int rc;
    if (ctx->fault == F_BASES) {
        host->set_error("injected fault: bases_create out of memory");
        return G16K_ENOMEM;
    }
    if (!(b = calloc(1, sizeof(*b)))) {
        host->set_error("out of memory");
        return G16K_ENOMEM;
    }
    b->ctx = ctx;
    b->group = group;
    if ((rc = ctx->real->msm->bases_create(ctx->real_ctx, group, points, n, point_enc, &b->real)) !=
        G16K_OK) {
        free(b);
        return rc;
    }
    *out = b;
    return G16K_OK;
}

static void faulty_bases_destroy(g16k_msm_bases *b)
{
    if (!b)
        return;
    b->ctx->real->msm->bases_destroy(b->real);
    free(b);
}

static int faulty_msm(g16k_msm_bases *b, const void *scalars, uint64_t n, uint32_t scalar_enc,
                      const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    const g16k_plugin_ctx *ctx = b->ctx;
    int hit = (ctx->groups & (b->group == G16K_G2 ? 2u : 1u)) != 0;
    int rc;

    if (hit && ctx->fault == F_ERROR) {
        host->set_error("injected fault: MSM failed");
        return G16K_EINTERNAL;
    }
    if (hit && ctx->fault == F_REWRITE) {
        int fd = ctx->rewrite ? open(ctx->rewrite, O_RDWR | O_CLOEXEC) : -1;
        unsigned char c;
        if (fd < 0 || pread(fd, &c, 1, 0) != 1 || pwrite(fd, &c, 1, 0) != 1) {
            if (fd >= 0)
                close(fd);
            host->set_error("fault rewrite: cannot rewrite '%s'",
                            ctx->rewrite ? ctx->rewrite : "(no rewrite = PATH)");
            return G16K_EINTERNAL;
        }
        close(fd);
    }
    if (hit && (ctx->fault == F_NOTHING || ctx->fault == F_REWRITE))
        return G16K_OK;
    rc = ctx->real->msm->msm(b->real, scalars, n, scalar_enc, params, result, result_enc);
    if (rc == G16K_OK && hit && ctx->fault == F_WRONG) {
        /* y is the second half of the affine point: 1 Fp (G1) or 2 Fp (G2, c0 and c1). */
        uint8_t *y = (uint8_t *)result + (b->group == G16K_G2 ? 96 : 48);
        fp_negate(y);
        if (b->group == G16K_G2)
            fp_negate(y + 48);
    }
    return rc;
}

static int faulty_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    g16k_ntt_domain *d = calloc(1, sizeof(*d));
    int rc;
    if (!d) {
        host->set_error("out of memory");
        return G16K_ENOMEM;
    }
    d->ctx = ctx;
    d->n = (uint64_t)1 << (log_n < 63 ? log_n : 0);
    if ((rc = ctx->real->ntt->domain_create(ctx->real_ctx, log_n, &d->real)) != G16K_OK) {
        free(d);
        return rc;
    }
    *out = d;
    return G16K_OK;
}

static void faulty_domain_destroy(g16k_ntt_domain *d)
{
    if (!d)
        return;
    d->ctx->real->ntt->domain_destroy(d->real);
    free(d);
}

static int faulty_transform(g16k_ntt_domain *d, void *data, uint32_t dir, uint32_t enc)
{
    return d->ctx->real->ntt->transform(d->real, data, dir, enc);
}

static int faulty_compute_h(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc, void *h,
                            uint32_t h_enc)
{
    const g16k_ntt_vtable *v = d->ctx->real->ntt;
    if (!v->compute_h) {
        host->set_error("the real plugin has no compute_h");
        return G16K_EUNSUPPORTED;
    }
    return v->compute_h(d->real, a, b, c, enc, h, h_enc);
}

#if G16K_ABI_MINOR >= 1
/* The real compute_h, then the real msm on h (both in memory): the contract of compute_h_msm
 * without a device, with the faults of group h. */
static int faulty_compute_h_msm(g16k_ntt_domain *d, void *a, void *b, void *c, uint32_t enc,
                                g16k_msm_bases *bases, const g16k_msm_params *params, void *result,
                                uint32_t result_enc)
{
    const g16k_plugin_ctx *ctx = d->ctx;
    int hit = (ctx->groups & 4u) != 0;
    int rc;
    if (!bases || bases->ctx != ctx || bases->group != G16K_G1) {
        host->set_error("compute_h_msm: the bases are not G1 bases of this context");
        return G16K_EINVAL;
    }
    if (hit && ctx->fault == F_ERROR) {
        host->set_error("injected fault: compute_h_msm failed");
        return G16K_EINTERNAL;
    }
    if (hit && ctx->fault == F_NOTHING)
        return G16K_OK;
    void *h = malloc(d->n * 32);
    if (!h) {
        host->set_error("out of memory");
        return G16K_ENOMEM;
    }
    rc = faulty_compute_h(d, a, b, c, enc, h, G16K_ENC_MONTGOMERY);
    if (rc == G16K_OK)
        rc = ctx->real->msm->msm(bases->real, h, d->n, G16K_ENC_MONTGOMERY, params, result,
                                 result_enc);
    free(h);
    if (rc == G16K_OK && hit && ctx->fault == F_WRONG)
        fp_negate((uint8_t *)result + 48);
    return rc;
}
#endif

static const g16k_ntt_vtable faulty_ntt_vt = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = faulty_domain_create,
    .domain_destroy = faulty_domain_destroy,
    .transform = faulty_transform,
    .compute_h = faulty_compute_h,
#if G16K_ABI_MINOR >= 1
    .compute_h_msm = faulty_compute_h_msm,
#endif
};

static const g16k_msm_vtable faulty_msm_vt = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = faulty_bases_create,
    .bases_destroy = faulty_bases_destroy,
    .msm = faulty_msm,
};

static const g16k_plugin_desc faulty_desc = {
    .struct_size = sizeof(g16k_plugin_desc),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .curve = G16K_CURVE_BLS12_381,
    .caps = G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
    .name = "faulty",
    .version = "0.1.0",
    .description = "test plugin: forwards MSMs and the NTT to $G16K_FAULTY_REAL, injects faults",
    .create = faulty_create,
    .destroy = faulty_destroy,
    .probe = faulty_probe,
    .ntt = &faulty_ntt_vt,
    .msm = &faulty_msm_vt,
};

G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *h, const g16k_plugin_desc **out)
{
    if (!h || h->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    host = h;
    *out = &faulty_desc;
    return G16K_OK;
}
