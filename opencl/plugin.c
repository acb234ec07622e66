/*
 * plugin.c: the OpenCL plugin's descriptor, entry point, configuration and context life cycle.
 *
 * Provides NTT and MSM (G1 and G2) on BLS12-381 and BN254 on one OpenCL 1.2 device through the
 * ICD loader; no synthesizer. create() selects the device, builds (or loads from cache) the
 * program embedded from gpu/kernels/ once per curve, and runs the known-answer self-test of
 * gpu/common/gpu_selftest.c on each; a device that fails it is refused. [plugin.opencl] keys: platform, device (index or name substring),
 * cache_dir (program binary cache; default $XDG_CACHE_HOME/g16k or ~/.cache/g16k), and two
 * limits that can only lower what the device reports, for tests (a modest MSM then runs as
 * many parts) and for sharing a device: max_alloc (bytes in one buffer; default
 * CL_DEVICE_MAX_MEM_ALLOC_SIZE) and max_mem (device bytes one MSM call may use; default half
 * of CL_DEVICE_GLOBAL_MEM_SIZE); both take a count of bytes with an optional K, M or G
 * (powers of 1024). Limits that leave no room for the smallest MSM (window 3 in G1 and G2, the
 * self-test's) are refused at create, naming the least values that work on this device
 * (gpu_msm_plan_limits_check; on PoCL max_alloc 146K, max_mem 553K).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_driver.h"
#include "gpu_msm_size.h"
#include "gpu_plugin_util.h"
#include "internal.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_plugin_create_fn opencl_create;
static g16k_plugin_destroy_fn opencl_destroy;
static g16k_plugin_probe_fn opencl_probe;

static const g16k_plugin_desc opencl_desc =
    GPU_PLUGIN_DESC("opencl", "OpenCL 1.2 NTT and Pippenger MSM (G1, G2)", opencl_create,
                    opencl_destroy, opencl_probe);

/* Stores host (valid until exit) and returns the static descriptor; touches no device.
 * Errors: G16K_EUNSUPPORTED when the host ABI major differs. */
G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *host, const g16k_plugin_desc **out)
{
    return gpu_plugin_entry(host, &opencl_desc, out);
}

int opencl_fail(cl_int err, const char *what)
{
    int code = G16K_EINTERNAL;
    if (err == CL_OUT_OF_HOST_MEMORY || err == CL_OUT_OF_RESOURCES ||
        err == CL_MEM_OBJECT_ALLOCATION_FAILURE)
        code = G16K_ENOMEM;
    return gpu_fail(code, "%s failed: %s", what, opencl_strerror(err));
}

static void default_cache_dir(char *dir, size_t len)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    dir[0] = '\0';
    if (xdg && xdg[0] == '/')
        snprintf(dir, len, "%s/g16k", xdg);
    else if (home && home[0])
        snprintf(dir, len, "%s/.cache/g16k", home);
}

/* "123", "64K", "512M", "2G" (powers of 1024) -> bytes; 0, or -1 when malformed. */
static int parse_bytes(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    int shift = *p == 'K' ? 10 : *p == 'M' ? 20 : *p == 'G' ? 30 : 0;
    if (shift)
        p++;
    if (*p || v > (UINT64_MAX >> shift))
        return -1;
    *out = v << shift;
    return 0;
}

/* Create the context: [plugin.opencl] keys, device, program, kernels, self-test.
 * Errors: G16K_ECONFIG (unknown key, with file:line), G16K_ENODEV (no device, build failure,
 * failed self-test: the device is refused), G16K_ENOMEM. */
static int opencl_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    const char *platform = NULL;
    const char *device = NULL;
    const char *cache_dir = NULL;
    uint64_t max_alloc = 0, max_mem = 0;
    const char *file = config && config->file ? config->file : "prover.ini";
    const char *section = config && config->section ? config->section : "plugin.opencl";
    if (!out)
        return gpu_fail(G16K_EINVAL, "create: out is NULL");
    *out = NULL;
    for (uint64_t i = 0; config && i < config->n_entries; i++) {
        const g16k_config_entry *e = &config->entries[i];
        if (strcmp(e->key, "platform") == 0)
            platform = e->value;
        else if (strcmp(e->key, "device") == 0)
            device = e->value;
        else if (strcmp(e->key, "cache_dir") == 0)
            cache_dir = e->value;
        else if (strcmp(e->key, "max_alloc") == 0 || strcmp(e->key, "max_mem") == 0) {
            uint64_t *v = strcmp(e->key, "max_alloc") == 0 ? &max_alloc : &max_mem;
            /* the least that works depends on the device: gpu_msm_plan_limits_check below */
            if (parse_bytes(e->value, v) != 0 || *v == 0)
                return gpu_fail(G16K_ECONFIG,
                                "%s:%u: bad value '%s' for key '%s' in [%s] "
                                "(expected bytes, with an optional K, M or G)",
                                file, e->line, e->value, e->key, section);
        } else
            return gpu_fail(G16K_ECONFIG,
                            "%s:%u: unknown key '%s' in [%s] (known: platform, "
                            "device, cache_dir, max_alloc, max_mem)",
                            file, e->line, e->key, section);
    }

    g16k_plugin_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return gpu_fail(G16K_ENOMEM, "create: no memory");
    ctx->dev.ops = &opencl_gpu_ops;
    pthread_mutex_init(&ctx->lock, NULL);
    if (cache_dir)
        snprintf(ctx->cache_dir, sizeof ctx->cache_dir, "%s", cache_dir);
    else
        default_cache_dir(ctx->cache_dir, sizeof ctx->cache_dir);

    cl_int err;
    int rc = opencl_device_select(ctx, platform, device);
    if (rc)
        goto out_destroy;
    gpu_msm_device *md = &ctx->msm_dev; /* the limits only go down */
    if (max_alloc && (!md->max_alloc || max_alloc < md->max_alloc))
        md->max_alloc = max_alloc;
    if (max_mem && (!md->mem_bytes || max_mem < md->mem_bytes))
        md->mem_bytes = max_mem;
    char where[256];
    snprintf(where, sizeof where, "%s: [%s]", file, section);
    if ((max_alloc || max_mem) && (rc = gpu_msm_plan_limits_check(md, where)) != G16K_OK)
        goto out_destroy;
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)ctx->platform,
                                      0 };
    ctx->context = clCreateContext(props, 1, &ctx->device, NULL, NULL, &err);
    if (!ctx->context) {
        rc = gpu_fail(G16K_ENODEV, "%s: clCreateContext failed: %s", ctx->info,
                      opencl_strerror(err));
        goto out_destroy;
    }
    ctx->queue = clCreateCommandQueue(ctx->context, ctx->device, 0, &err);
    if (!ctx->queue) {
        rc = gpu_fail(G16K_ENODEV, "%s: clCreateCommandQueue failed: %s", ctx->info,
                      opencl_strerror(err));
        goto out_destroy;
    }
    for (int cv = 0; cv < GPU_K_CURVES; cv++) {
        if ((rc = opencl_program_build(ctx, cv)) != G16K_OK)
            goto out_destroy;
        for (int k = 0; k < GPU_K_COUNT; k++) {
            cl_kernel *kern = &ctx->kernels[GPU_K_CURVE_BASE(cv) + (uint32_t)k];
            *kern = clCreateKernel(ctx->program[cv], opencl_kernel_names[k], &err);
            if (!*kern) {
                rc = gpu_fail(G16K_ENODEV, "%s: kernel %s: %s", ctx->info, opencl_kernel_names[k],
                              opencl_strerror(err));
                goto out_destroy;
            }
        }
    }
    char why[512];
    rc = gpu_selftest_all(ctx, why, sizeof why);
    if (rc) {
        rc = gpu_fail(G16K_ENODEV, "%s: known-answer %s; device refused", ctx->info, why);
        goto out_destroy;
    }
    gpu_log(G16K_LOG_INFO, "opencl: using %s", ctx->info);
    *out = ctx;
    return G16K_OK;

out_destroy:
    opencl_destroy(ctx);
    return rc;
}

/* Release every OpenCL object of ctx; NULL is a no-op. Not thread-safe (called once). */
static void opencl_destroy(g16k_plugin_ctx *ctx)
{
    if (!ctx)
        return;
    for (uint32_t k = 0; k < GPU_K_TOTAL; k++) {
        if (ctx->kernels[k])
            clReleaseKernel(ctx->kernels[k]);
    }
    for (int cv = 0; cv < GPU_K_CURVES; cv++) {
        if (ctx->program[cv])
            clReleaseProgram(ctx->program[cv]);
    }
    if (ctx->queue)
        clReleaseCommandQueue(ctx->queue);
    if (ctx->context)
        clReleaseContext(ctx->context);
    pthread_mutex_destroy(&ctx->lock);
    free(ctx);
}

/* The device was checked at create, so probe only reports it. Thread-safe. */
static int opencl_probe(g16k_plugin_ctx *ctx, char *info, size_t info_len)
{
    if (!ctx)
        return gpu_fail(G16K_ENODEV, "no OpenCL device");
    if (info && info_len)
        snprintf(info, info_len, "%s", ctx->info);
    return G16K_OK;
}
