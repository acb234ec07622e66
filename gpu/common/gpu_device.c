/*
 * gpu_device.c: small helpers of the GPU driver over the device operations (gpu_device.h), and
 * the plugin entry both GPU plugins share (gpu_driver.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "gpu_device.h"
#include "gpu_driver.h"
#include "gpu_plugin_util.h"
#include "g16k/plugin.h"

int gpu_mem_check(gpu_device *dev, gpu_queue *q, uint64_t bytes, const char *fmt, ...)
{
    if (!dev->ops->mem_check)
        return G16K_OK;
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return dev->ops->mem_check(q, bytes, what);
}

int gpu_upload(gpu_device *dev, gpu_queue *q, const void *src, uint64_t bytes, gpu_buf **out)
{
    *out = NULL;
    int rc = dev->ops->alloc(q, bytes, out);
    if (rc == G16K_OK && (rc = dev->ops->copy_in(q, *out, 0, src, bytes)) != G16K_OK) {
        dev->ops->free(dev, *out);
        *out = NULL;
    }
    return rc;
}

void gpu_free_all(gpu_device *dev, gpu_buf **bufs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (bufs[i])
            dev->ops->free(dev, bufs[i]);
        bufs[i] = NULL;
    }
}

int gpu_plugin_entry(const g16k_host_api *host, const g16k_plugin_desc *desc,
                     const g16k_plugin_desc **out)
{
    if (!host || !out || host->abi_major != G16K_ABI_MAJOR)
        return G16K_EUNSUPPORTED;
    gpu_host = host;
    *out = desc;
    return G16K_OK;
}
