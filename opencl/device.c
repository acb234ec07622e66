/*
 * device.c: OpenCL platform and device selection from [plugin.opencl] platform/device values,
 * and OpenCL error names for messages.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu_plugin_util.h"
#include "internal.h"

#define MAX_IDS 64

const char *opencl_strerror(cl_int err)
{
    switch (err) {
        /* one case per error code, packed */
        // clang-format off
#define E(x) case x: return #x;
        E(CL_SUCCESS) E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE)
        E(CL_COMPILER_NOT_AVAILABLE) E(CL_MEM_OBJECT_ALLOCATION_FAILURE) E(CL_OUT_OF_RESOURCES)
        E(CL_OUT_OF_HOST_MEMORY) E(CL_BUILD_PROGRAM_FAILURE) E(CL_INVALID_VALUE)
        E(CL_INVALID_PLATFORM) E(CL_INVALID_DEVICE) E(CL_INVALID_CONTEXT)
        E(CL_INVALID_COMMAND_QUEUE) E(CL_INVALID_MEM_OBJECT) E(CL_INVALID_BINARY)
        E(CL_INVALID_BUILD_OPTIONS) E(CL_INVALID_PROGRAM) E(CL_INVALID_PROGRAM_EXECUTABLE)
        E(CL_INVALID_KERNEL_NAME) E(CL_INVALID_KERNEL) E(CL_INVALID_ARG_INDEX)
        E(CL_INVALID_ARG_VALUE) E(CL_INVALID_ARG_SIZE) E(CL_INVALID_KERNEL_ARGS)
        E(CL_INVALID_WORK_DIMENSION) E(CL_INVALID_WORK_GROUP_SIZE) E(CL_INVALID_WORK_ITEM_SIZE)
        E(CL_INVALID_GLOBAL_OFFSET) E(CL_INVALID_BUFFER_SIZE) E(CL_INVALID_GLOBAL_WORK_SIZE)
#undef E
            // clang-format on
            default:
        {
            static _Thread_local char buf[32];
            snprintf(buf, sizeof buf, "OpenCL error %d", (int)err);
            return buf;
        }
    }
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s))
            return 0;
    }
    return 1;
}

/* index of the entry matching sel among names (n of them), or -1 */
static int match(const char *sel, char names[][256], cl_uint n)
{
    if (all_digits(sel)) {
        unsigned long i = strtoul(sel, NULL, 10);
        return i < n ? (int)i : -1;
    }
    for (cl_uint i = 0; i < n; i++) {
        if (strstr(names[i], sel))
            return (int)i;
    }
    return -1;
}

static cl_uint list_devices(cl_platform_id p, cl_device_id *ids, char names[][256])
{
    cl_uint n = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, MAX_IDS, ids, &n) != CL_SUCCESS)
        return 0;
    if (n > MAX_IDS)
        n = MAX_IDS;
    for (cl_uint i = 0; i < n; i++) {
        names[i][0] = '\0';
        clGetDeviceInfo(ids[i], CL_DEVICE_NAME, 256, names[i], NULL);
        names[i][255] = '\0';
    }
    return n;
}

int opencl_device_select(g16k_plugin_ctx *ctx, const char *platform, const char *device)
{
    cl_platform_id pids[MAX_IDS];
    cl_device_id dids[MAX_IDS];
    char dnames[MAX_IDS][256];
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(MAX_IDS, pids, &np);
    if (err != CL_SUCCESS || np == 0)
        return gpu_fail(G16K_ENODEV, "no OpenCL platform (clGetPlatformIDs: %s)",
                        err == CL_SUCCESS ? "0 platforms" : opencl_strerror(err));
    if (np > MAX_IDS)
        np = MAX_IDS;
    char names[MAX_IDS][256];
    for (cl_uint i = 0; i < np; i++) {
        names[i][0] = '\0';
        clGetPlatformInfo(pids[i], CL_PLATFORM_NAME, 256, names[i], NULL);
        names[i][255] = '\0';
    }
    int pi = -1;
    cl_uint nd = 0;
    if (platform) {
        pi = match(platform, names, np);
        if (pi < 0)
            return gpu_fail(G16K_ENODEV,
                            "no OpenCL platform matches '%s' (%u platforms, "
                            "first: %s)",
                            platform, np, names[0]);
        nd = list_devices(pids[pi], dids, dnames);
    } else {
        for (cl_uint i = 0; i < np && pi < 0; i++) {
            nd = list_devices(pids[i], dids, dnames);
            if (nd > 0)
                pi = (int)i;
        }
        if (pi < 0)
            return gpu_fail(G16K_ENODEV, "no OpenCL device on any of %u platforms", np);
    }
    if (nd == 0)
        return gpu_fail(G16K_ENODEV, "OpenCL platform %s has no device", names[pi]);
    int di = 0;
    if (device) {
        di = match(device, dnames, nd);
        if (di < 0)
            return gpu_fail(G16K_ENODEV,
                            "no OpenCL device matches '%s' on %s (%u devices, "
                            "first: %s)",
                            device, names[pi], nd, dnames[0]);
    }
    ctx->platform = pids[pi];
    ctx->device = dids[di];
    cl_uint cus = 1, align_bits = 0;
    cl_ulong gmem = 0, maxalloc = 0;
    cl_bool unified = CL_FALSE;
    cl_device_type type = 0;
    clGetDeviceInfo(ctx->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    clGetDeviceInfo(ctx->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof gmem, &gmem, NULL);
    clGetDeviceInfo(ctx->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxalloc, &maxalloc, NULL);
    clGetDeviceInfo(ctx->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits,
                    NULL);
    clGetDeviceInfo(ctx->device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL);
    clGetDeviceInfo(ctx->device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    ctx->msm_dev.compute_units = cus ? cus : 1;
    ctx->msm_dev.lanes = (type & CL_DEVICE_TYPE_GPU) ? 64 : 1;
    /* OpenCL cannot tell free memory: half the global size for one MSM's buffers */
    ctx->msm_dev.mem_bytes = gmem / 2;
    ctx->msm_dev.max_alloc = maxalloc;
    /* sub-buffers start at multiples of align_bits / 8 bytes; a point is 32 * k bytes
     * (scalar 32, G1 96, G2 192): parts start at multiples of align_bits / 256 points */
    ctx->msm_dev.part_align = align_bits > 256 ? align_bits / 256 : 1;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t ram = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
    ctx->msm_dev.host_bytes = ram / 8; /* one part's host plan */
    if (unified && ram && ctx->msm_dev.mem_bytes > ram / 4)
        ctx->msm_dev.mem_bytes = ram / 4; /* a CPU device (PoCL): its buffers are host RAM */
    char driver[128] = "";
    clGetDeviceInfo(ctx->device, CL_DRIVER_VERSION, sizeof driver, driver, NULL);
    driver[sizeof driver - 1] = '\0';
    /* names are cut to fit info; only a description for logs and probe */
    int len = snprintf(ctx->info, sizeof ctx->info, "OpenCL %.80s / %.100s / driver %.50s",
                       names[pi], dnames[di], driver);
    (void)len;
    return G16K_OK;
}
