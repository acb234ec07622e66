/*
 * program.c: builds the embedded device program (gpu/kernels/g16k.cl, inlined at build time)
 * once per curve (BN254's with -DG16K_CURVE_BN254) and keeps a binary cache on disk, since
 * run-time compilation of the field code takes seconds.
 *
 * Cache entry: <cache_dir>/opencl-<fnv1a64(key)>.bin holding "G16KCLB1\n", u32 key length, the
 * key text (device name, driver version, platform version, source SHA-256, build options: so one
 * entry per curve), u64 binary length,
 * the binary from CL_PROGRAM_BINARIES. A key that differs (stale) or a binary the driver refuses
 * (corrupt) is ignored and overwritten after a build from source. Writes go to a temporary file
 * renamed into place, so concurrent processes never read a half-written entry.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpu_plugin_util.h"
#include "internal.h"

#define BUILD_OPTIONS "-cl-std=CL1.2"

/* clBuildProgram's options for curve index cv (gpu_device.h GPU_K_CURVE_BASE): BUILD_OPTIONS,
 * the curve's define, then $G16K_OPENCL_BUILD_OPTIONS, a hook of the tests
 * (tests/opencl/selftest_faults.sh builds the program with a primitive broken on purpose). The
 * cache key holds them, so such a build never stands in for the real one. */
static const char *build_options(char opts[512], int cv)
{
    const char *extra = getenv("G16K_OPENCL_BUILD_OPTIONS");
    snprintf(opts, 512, "%s%s%s%.400s", BUILD_OPTIONS, cv ? " -DG16K_CURVE_BN254" : "",
             extra && *extra ? " " : "", extra ? extra : "");
    return opts;
}
static const char CACHE_MAGIC[9] = "G16KCLB1\n";

static uint64_t fnv1a64(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ull;
    }
    return h;
}

static void cache_key(g16k_plugin_ctx *ctx, int cv, char *key, size_t len)
{
    char dev[256] = "", drv[128] = "", plat[256] = "", opts[512];
    clGetDeviceInfo(ctx->device, CL_DEVICE_NAME, sizeof dev - 1, dev, NULL);
    clGetDeviceInfo(ctx->device, CL_DRIVER_VERSION, sizeof drv - 1, drv, NULL);
    clGetPlatformInfo(ctx->platform, CL_PLATFORM_VERSION, sizeof plat - 1, plat, NULL);
    snprintf(key, len, "device=%s\ndriver=%s\nplatform=%s\nsource=%s\noptions=%s\n", dev, drv, plat,
             opencl_program_hash, build_options(opts, cv));
}

static void cache_path(g16k_plugin_ctx *ctx, const char *key, char *path, size_t len)
{
    snprintf(path, len, "%s/opencl-%016llx.bin", ctx->cache_dir, (unsigned long long)fnv1a64(key));
}

/* Returns a malloc'd binary and its length, or NULL when absent, stale or malformed. */
static unsigned char *cache_load(const char *path, const char *key, size_t *bin_len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char magic[sizeof CACHE_MAGIC];
    uint32_t klen = 0;
    uint64_t blen = 0;
    unsigned char *bin = NULL;
    char *k = NULL;
    if (fread(magic, 1, sizeof magic, f) != sizeof magic ||
        memcmp(magic, CACHE_MAGIC, sizeof magic) != 0 || fread(&klen, 4, 1, f) != 1 ||
        klen != strlen(key) || !(k = malloc(klen)) || fread(k, 1, klen, f) != klen)
        goto out;
    if (memcmp(k, key, klen) != 0) {
        gpu_log(G16K_LOG_INFO, "opencl: stale program cache %s ignored", path);
        goto out;
    }
    if (fread(&blen, 8, 1, f) != 1 || blen == 0 || blen > ((uint64_t)1 << 30) ||
        !(bin = malloc(blen)) || fread(bin, 1, blen, f) != blen) {
        free(bin);
        bin = NULL;
        goto out;
    }
    *bin_len = blen;
out:
    free(k);
    fclose(f);
    return bin;
}

static int mkdir_p(const char *dir)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    return mkdir(tmp, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* Best effort: a cache that cannot be written is logged, never an error. */
static void cache_store(g16k_plugin_ctx *ctx, cl_program prog, const char *path, const char *key)
{
    size_t blen = 0;
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof blen, &blen, NULL) != CL_SUCCESS ||
        blen == 0)
        return;
    unsigned char *bin = malloc(blen);
    if (!bin)
        return;
    unsigned char *bins[1] = { bin };
    char tmp[PATH_MAX + 32];
    int tn = snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = NULL;
    if (tn < 0 || (size_t)tn >= sizeof tmp) {
        free(bin);
        return; /* a path that long is no place for a cache */
    }
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL) != CL_SUCCESS ||
        mkdir_p(ctx->cache_dir) != 0 || !(f = fopen(tmp, "wb"))) {
        gpu_log(G16K_LOG_WARN, "opencl: cannot write program cache in %s", ctx->cache_dir);
        free(bin);
        return;
    }
    uint32_t klen = (uint32_t)strlen(key);
    uint64_t b64 = blen;
    int ok = fwrite(CACHE_MAGIC, 1, sizeof CACHE_MAGIC, f) == sizeof CACHE_MAGIC &&
             fwrite(&klen, 4, 1, f) == 1 && fwrite(key, 1, klen, f) == klen &&
             fwrite(&b64, 8, 1, f) == 1 && fwrite(bin, 1, blen, f) == blen;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        gpu_log(G16K_LOG_WARN, "opencl: cannot write program cache %s", path);
        remove(tmp);
    }
    free(bin);
}

static int build_from_source(g16k_plugin_ctx *ctx, int cv)
{
    cl_int err;
    const char *src = opencl_program_source;
    cl_program *prog = &ctx->program[cv];
    *prog = clCreateProgramWithSource(ctx->context, 1, &src, NULL, &err);
    if (!*prog)
        return opencl_fail(err, "clCreateProgramWithSource");
    char opts[512];
    err = clBuildProgram(*prog, 1, &ctx->device, build_options(opts, cv), NULL, NULL);
    if (err == CL_SUCCESS)
        return G16K_OK;
    size_t log_len = 0;
    clGetProgramBuildInfo(*prog, ctx->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_len);
    char *log = malloc(log_len + 1);
    if (log) {
        log[0] = '\0';
        clGetProgramBuildInfo(*prog, ctx->device, CL_PROGRAM_BUILD_LOG, log_len, log, NULL);
        log[log_len] = '\0';
        if (gpu_host && gpu_host->log)
            gpu_host->log(G16K_LOG_ERROR, "opencl: build log for %s:\n%s", ctx->info, log);
        else
            fprintf(stderr, "opencl: build log for %s:\n%s\n", ctx->info, log);
        char *nl = strchr(log, '\n');
        if (nl)
            *nl = '\0';
    }
    int rc = gpu_fail(G16K_ENODEV, "%s: program build failed (%s): %.300s", ctx->info,
                      opencl_strerror(err), log ? log : "");
    free(log);
    clReleaseProgram(*prog);
    *prog = NULL;
    return rc;
}

int opencl_program_build(g16k_plugin_ctx *ctx, int cv)
{
    char key[2048], opts[512];
    char path[PATH_MAX + 64] = "";
    cl_program *prog = &ctx->program[cv];
    cache_key(ctx, cv, key, sizeof key);
    if (ctx->cache_dir[0]) {
        cache_path(ctx, key, path, sizeof path);
        size_t blen = 0;
        unsigned char *bin = cache_load(path, key, &blen);
        if (bin) {
            cl_int err, status;
            const unsigned char *bins[1] = { bin };
            *prog = clCreateProgramWithBinary(ctx->context, 1, &ctx->device, &blen, bins, &status,
                                              &err);
            free(bin);
            if (*prog && clBuildProgram(*prog, 1, &ctx->device, build_options(opts, cv), NULL,
                                        NULL) == CL_SUCCESS)
                return G16K_OK;
            gpu_log(G16K_LOG_WARN, "opencl: corrupt program cache %s, rebuilding", path);
            if (*prog)
                clReleaseProgram(*prog);
            *prog = NULL;
        }
    }
    int rc = build_from_source(ctx, cv);
    if (rc == G16K_OK && ctx->cache_dir[0])
        cache_store(ctx, *prog, path, key);
    return rc;
}
