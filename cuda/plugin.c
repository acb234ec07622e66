/*
 * plugin.c: the CUDA plugin's descriptor, entry point, configuration and context life cycle.
 *
 * Provides NTT and MSM (G1 and G2) on BLS12-381 and BN254 on one NVIDIA GPU with the device code
 * shared with the OpenCL plugin (gpu/kernels/, built once per curve by kernels.cu and
 * kernels_bn254.cu) and the GPU driver of gpu/common/, over the device operations of ops.c. [plugin.cuda] keys: device (ordinal,
 * default 0). The Pippenger window comes per MSM in g16k_msm_params.window (the core's
 * [window] section). create() succeeds without a GPU so that the plugin loads everywhere;
 * probe() then reports "no CUDA device". With a GPU, create runs the known-answer self-test of
 * gpu/common/gpu_selftest.c on each curve and refuses a device that fails it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_driver.h"
#include "gpu_plugin_util.h"
#include "internal.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_plugin_create_fn cuda_create;
static g16k_plugin_destroy_fn cuda_destroy;
static g16k_plugin_probe_fn cuda_probe;

static const g16k_plugin_desc cuda_desc =
    GPU_PLUGIN_DESC("cuda", "CUDA NTT and Pippenger MSM (G1, G2), window per Groth16 MSM",
                    cuda_create, cuda_destroy, cuda_probe);

/* Stores host (valid until exit) and returns the static descriptor; touches no device.
 * Errors: G16K_EUNSUPPORTED when the host ABI major differs. */
G16K_PLUGIN_EXPORT int g16k_plugin_entry(const g16k_host_api *host, const g16k_plugin_desc **out)
{
    return gpu_plugin_entry(host, &cuda_desc, out);
}

int cuda_fail(cudaError_t err, const char *what)
{
    int code = err == cudaErrorMemoryAllocation ? G16K_ENOMEM : G16K_EINTERNAL;
    return gpu_fail(code, "%s: %s", what, cudaGetErrorString(err));
}

int cuda_use_device(const g16k_plugin_ctx *ctx)
{
    if (!ctx->has_device)
        return gpu_fail(G16K_ENODEV, "%s", ctx->info);
    cudaError_t err = cudaSetDevice(ctx->device);
    if (err != cudaSuccess)
        return gpu_fail(G16K_ENODEV, "cudaSetDevice(%d): %s", ctx->device, cudaGetErrorString(err));
    return G16K_OK;
}

static int parse_device(const char *v, int *out)
{
    char *end = NULL;
    long d = strtol(v, &end, 10);
    if (!*v || *end || d < 0 || d > 1024)
        return -1;
    *out = (int)d;
    return 0;
}

/* Create the context from [plugin.cuda]. Errors: G16K_ECONFIG (unknown key or bad value, with
 * file:line), G16K_ENODEV (the named device exists but fails the self-test), G16K_ENOMEM.
 * A machine without a CUDA device is not an error here: probe reports it. */
static int cuda_create(const g16k_config *config, g16k_plugin_ctx **out)
{
    const char *file = config && config->file ? config->file : "prover.ini";
    const char *section = config && config->section ? config->section : "plugin.cuda";
    int device = 0;
    if (!out)
        return gpu_fail(G16K_EINVAL, "create: out is NULL");
    *out = NULL;
    for (uint64_t i = 0; config && i < config->n_entries; i++) {
        const g16k_config_entry *e = &config->entries[i];
        if (strcmp(e->key, "device") == 0) {
            if (parse_device(e->value, &device) != 0)
                return gpu_fail(G16K_ECONFIG,
                                "%s:%u: [%s] device = '%s': expected a CUDA "
                                "device ordinal",
                                file, e->line, section, e->value);
        } else {
            return gpu_fail(G16K_ECONFIG,
                            "%s:%u: unknown key '%s' in [%s] (known: device; "
                            "MSM windows belong in [window])",
                            file, e->line, e->key, section);
        }
    }
    g16k_plugin_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return gpu_fail(G16K_ENOMEM, "create: no memory");
    ctx->dev.ops = &cuda_gpu_ops;
    ctx->device = device;
    pthread_mutex_init(&ctx->stage_lock, NULL);
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        snprintf(ctx->info, sizeof ctx->info, "no CUDA device (cudaGetDeviceCount: %.150s)",
                 cudaGetErrorString(err));
    } else if (count == 0) {
        snprintf(ctx->info, sizeof ctx->info, "no CUDA device");
    } else if (device >= count) {
        snprintf(ctx->info, sizeof ctx->info, "no CUDA device %d (%d present)", device, count);
    } else {
        struct cudaDeviceProp prop;
        memset(&prop, 0, sizeof prop);
        cudaGetDeviceProperties(&prop, device);
        prop.name[sizeof prop.name - 1] = '\0';
        snprintf(ctx->info, sizeof ctx->info, "CUDA device %d: %.100s (sm_%d%d, %zu MiB)", device,
                 prop.name, prop.major, prop.minor, prop.totalGlobalMem >> 20);
        ctx->has_device = 1;
        ctx->sm_count = prop.multiProcessorCount > 0 ? (uint32_t)prop.multiProcessorCount : 1;
    }
    if (ctx->has_device) {
        char why[512];
        int rc = gpu_selftest_all(ctx, why, sizeof why);
        if (rc) {
            rc = gpu_fail(G16K_ENODEV, "%s: known-answer %s; device refused", ctx->info, why);
            cuda_destroy(ctx);
            return rc;
        }
        gpu_log(G16K_LOG_INFO, "cuda: using %s", ctx->info);
    }
    *out = ctx;
    return G16K_OK;
}

/* Frees the staging pool and the context; NULL is a no-op. */
static void cuda_destroy(g16k_plugin_ctx *ctx)
{
    if (!ctx)
        return;
    if (ctx->stages && cuda_use_device(ctx) == G16K_OK)
        cuda_stage_pool_free(ctx);
    pthread_mutex_destroy(&ctx->stage_lock);
    free(ctx);
}

/* G16K_ENODEV with "no CUDA device ..." when create found none; else writes the device
 * description. Thread-safe. */
static int cuda_probe(g16k_plugin_ctx *ctx, char *info, size_t info_len)
{
    if (!ctx || !ctx->has_device)
        return gpu_fail(G16K_ENODEV, "%s", ctx ? ctx->info : "no CUDA device");
    if (info && info_len)
        snprintf(info, info_len, "%s", ctx->info);
    return G16K_OK;
}
