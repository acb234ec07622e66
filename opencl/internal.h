/*
 * internal.h: declarations shared by the files of the OpenCL plugin (the .c files of opencl/).
 * The plugin context owns one OpenCL context, one in-order queue and one program for one device.
 * cl_kernel objects are not thread-safe to configure (clSetKernelArg), so every device operation
 * runs under ctx->lock; host-side work (digit plans, conversions, final sums) runs outside it.
 */
#ifndef G16K_OPENCL_INTERNAL_H
#define G16K_OPENCL_INTERNAL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <limits.h>
#include <pthread.h>

#include "gpu_msm_plan.h"
#include "g16k/plugin.h"

enum opencl_kernel_id {
    K_G1_CHUNK_ACC,
    K_G1_BUCKET_SUM,
    K_G1_SEGMENT_REDUCE,
    K_G2_CHUNK_ACC,
    K_G2_BUCKET_SUM,
    K_G2_SEGMENT_REDUCE,
    K_NTT_CONVERT,
    K_NTT_BITREV,
    K_NTT_STAGE,
    K_NTT_SCALE,
    K_NTT_H,
    K_PLAN_COUNT,
    K_PLAN_BLOCK_SUMS,
    K_PLAN_TOP,
    K_PLAN_OFFSETS,
    K_PLAN_TOP_CHUNKS,
    K_PLAN_SCATTER,
    K_PLAN_CHUNK_STARTS,
    K_COUNT
};

struct g16k_plugin_ctx {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    cl_kernel kernels[K_COUNT];
    pthread_mutex_t lock;         /* serialises kernel arguments and enqueues */
    char info[256];               /* "platform / device / driver" for probe */
    gpu_msm_device msm_dev;           /* the MSM plan's inputs: compute units, lanes, memory one
                                   * MSM may use, the largest buffer, sub-buffer alignment */
    char cache_dir[PATH_MAX];     /* "" = no binary cache */
};

/* The device program (generated at build time from gpu/kernels/ by cmake/embed.cmake). */
extern const char opencl_program_source[];
extern const char opencl_program_hash[];     /* SHA-256 of the source, hex */

/* Human-readable name of an OpenCL error code ("CL_OUT_OF_RESOURCES" or "-N"). */
const char *opencl_strerror(cl_int err);

/* Pick platform and device from the [plugin.opencl] values (NULL = default: the first platform
 * that has a device, its first device); an all-digits value is an index, anything else a
 * case-sensitive substring of the name. Fills ctx->platform, ->device, ->info and ->msm_dev:
 * compute units, lanes (64 on a GPU device, 1 on any other), memory for one MSM (half of
 * CL_DEVICE_GLOBAL_MEM_SIZE: OpenCL cannot tell free memory; at most a quarter of the RAM on a
 * device sharing host memory, PoCL), max_alloc (CL_DEVICE_MAX_MEM_ALLOC_SIZE), part_align
 * (from CL_DEVICE_MEM_BASE_ADDR_ALIGN) and host_bytes (an eighth of the RAM).
 * Errors: G16K_ENODEV (no platform/device, or none matches), message set. */
int opencl_device_select(g16k_plugin_ctx *ctx, const char *platform, const char *device);

/* Build ctx->program for ctx->device from the embedded source, through the binary cache in
 * ctx->cache_dir (key: device name, driver version, source hash; stale entries ignored, corrupt
 * ones rebuilt). On a compile failure the build log goes to host->log at G16K_LOG_ERROR.
 * Errors: G16K_ENODEV (build failed), G16K_ENOMEM. */
int opencl_program_build(g16k_plugin_ctx *ctx);

/* result = sum_{i<n} s[i] * P[i] for n canonical Fr scalars s already in the device buffer
 * `scalars` (4 little-endian limbs each) and the G1 bases b of context ctx (msm.c): the digit
 * plan is built on the device (kernels/plan.cl, the lists of gpu/common/gpu_msm_plan.c), then the
 * bucket kernels run as in msm(); only the plan's sizes (12 bytes) and the segment sums come
 * back. params->window: 0 = the auto model for n scalars (all counted: h is dense). Called
 * with ctx->lock held. Errors: those of opencl_msm_device_check, G16K_EUNSUPPORTED (n * windows
 * beyond 32-bit lists), G16K_ENOMEM, G16K_EINTERNAL (OpenCL), message set. */
int opencl_msm_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, cl_mem scalars, uint64_t n,
                      const g16k_msm_params *params, void *result, uint32_t result_enc);
/* The argument checks of opencl_msm_device, for callers to run before the work that feeds it:
 * G16K_EINVAL (NULL bases or result, bases of another context or not G1, n > bases,
 * result_enc), message set; else G16K_OK. */
int opencl_msm_device_check(const g16k_msm_bases *b, const g16k_plugin_ctx *ctx, uint64_t n,
                            const void *result, uint32_t result_enc);

/* The vtables (msm.c, ntt.c). */
extern const g16k_msm_vtable opencl_msm_vtable;
extern const g16k_ntt_vtable opencl_ntt_vtable;

/* Map a failed OpenCL call to a status and message: CL_*_OUT_OF_*_MEMORY and
 * CL_MEM_OBJECT_ALLOCATION_FAILURE -> G16K_ENOMEM, anything else -> G16K_EINTERNAL. */
int opencl_fail(cl_int err, const char *what);

#endif
