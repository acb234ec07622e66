/*
 * internal.h: declarations shared by the files of the OpenCL plugin (the .c files of opencl/).
 * The plugin context owns one OpenCL context, one in-order queue and one program per curve (the
 * same source, built with each curve's define) for one device.
 * cl_kernel objects are not thread-safe to configure (clSetKernelArg), so the GPU driver's device
 * work runs on a queue held under ctx->lock (ops.c); host-side work (digit plans, conversions,
 * final sums) runs outside it.
 */
#ifndef G16K_OPENCL_INTERNAL_H
#define G16K_OPENCL_INTERNAL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <limits.h>
#include <pthread.h>

#include "gpu_device.h"
#include "gpu_msm_plan.h"
#include "g16k/plugin.h"

struct g16k_plugin_ctx {
    gpu_device dev; /* first: the GPU driver's view (ops = opencl_gpu_ops) */
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program[GPU_K_CURVES]; /* by curve index (gpu_device.h GPU_K_CURVE_BASE) */
    cl_kernel kernels[GPU_K_TOTAL];   /* by kernel id: curve base + gpu_kernel */
    pthread_mutex_t lock;             /* serialises kernel arguments and enqueues */
    char info[256];                   /* "platform / device / driver" for probe */
    gpu_msm_device msm_dev;           /* the MSM plan's inputs: compute units, lanes, memory one
                                   * MSM may use, the largest buffer, sub-buffer alignment */
    char cache_dir[PATH_MAX];         /* "" = no binary cache */
};

/* The device program (generated at build time from gpu/kernels/ by cmake/embed.cmake). */
extern const char opencl_program_source[];
extern const char opencl_program_hash[]; /* SHA-256 of the source, hex */

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

/* Build ctx->program[cv] for ctx->device from the embedded source with curve index cv's define
 * (0 BLS12-381, 1 BN254: -DG16K_CURVE_BN254), through the binary cache in ctx->cache_dir (key:
 * device name, driver version, source hash, build options; stale entries ignored, corrupt ones
 * rebuilt). On a compile failure the build log goes to host->log at G16K_LOG_ERROR.
 * Errors: G16K_ENODEV (build failed), G16K_ENOMEM. */
int opencl_program_build(g16k_plugin_ctx *ctx, int cv);

/* The device operations of gpu_device.h on OpenCL (ops.c). A queue is the context's in-order
 * command queue held under ctx->lock from open to close; buffers are cl_mem objects (views:
 * sub-buffers), released with clReleaseMemObject, which OpenCL defers until the commands using
 * them are done. launch sets the arguments and enqueues over `global` work-items with the
 * work-group size left to the implementation. */
extern const gpu_ops opencl_gpu_ops;

/* The kernel names of gpu/kernels/, by gpu_kernel id (ops.c); every curve's program has them. */
extern const char *const opencl_kernel_names[GPU_K_COUNT];

/* Map a failed OpenCL call to a status and message: CL_*_OUT_OF_*_MEMORY and
 * CL_MEM_OBJECT_ALLOCATION_FAILURE -> G16K_ENOMEM, anything else -> G16K_EINTERNAL. */
int opencl_fail(cl_int err, const char *what);

#endif
