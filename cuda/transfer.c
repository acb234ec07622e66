/*
 * transfer.c: host <-> device copies through pinned staging buffers.
 *
 * Only these staging buffers are pinned (cudaHostRegister of CUDA_STAGE_BYTES each, two per
 * stage, kept in a per-context pool and reused); caller arrays (bases, scalars, NTT vectors)
 * are never pinned: pinning a large array costs more than the copy it speeds up (docs/architecture.md:
 * pinning 125 GiB cost 5.7 s). A copy is cut into CUDA_STAGE_BYTES pieces that alternate
 * between the two buffers, so the host memcpy of one piece overlaps the DMA of the other.
 * Copies below CUDA_STAGE_MIN go straight through cudaMemcpyAsync (the driver stages them).
 * Thread-safety: the pool is guarded by ctx->stage_lock; a stage is used by one call at a time.
 * Errors: CUDA error codes, to be mapped by cuda_fail. Both functions have returned only once
 * the copy is complete (the staging buffers are then free for the next caller).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define CUDA_STAGE_BYTES ((size_t)16 << 20)
#define CUDA_STAGE_MIN ((size_t)4 << 20)

struct cuda_stage {
    void *buf[2];        /* CUDA_STAGE_BYTES each, page-aligned, registered */
    cudaEvent_t done[2]; /* recorded after the last copy that used buf[i] */
    cuda_stage *next;    /* pool link */
};

static void stage_free(cuda_stage *st)
{
    for (int i = 0; i < 2; i++) {
        if (st->buf[i]) {
            cudaHostUnregister(st->buf[i]);
            free(st->buf[i]);
        }
        if (st->done[i])
            cudaEventDestroy(st->done[i]);
    }
    free(st);
}

/* A free stage from the pool, or a new one; NULL when memory or registration fails. */
static cuda_stage *stage_get(g16k_plugin_ctx *ctx)
{
    pthread_mutex_lock(&ctx->stage_lock);
    cuda_stage *st = ctx->stages;
    if (st)
        ctx->stages = st->next;
    pthread_mutex_unlock(&ctx->stage_lock);
    if (st)
        return st;
    st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    for (int i = 0; i < 2; i++) {
        st->buf[i] = aligned_alloc(4096, CUDA_STAGE_BYTES);
        if (!st->buf[i] ||
            cudaHostRegister(st->buf[i], CUDA_STAGE_BYTES, cudaHostRegisterDefault) !=
                cudaSuccess ||
            cudaEventCreateWithFlags(&st->done[i], cudaEventDisableTiming) != cudaSuccess) {
            stage_free(st);     /* unregistering an unregistered buffer only returns an error */
            cudaGetLastError(); /* clear the non-sticky error of the failed call */
            return NULL;
        }
    }
    return st;
}

static void stage_put(g16k_plugin_ctx *ctx, cuda_stage *st)
{
    pthread_mutex_lock(&ctx->stage_lock);
    st->next = ctx->stages;
    ctx->stages = st;
    pthread_mutex_unlock(&ctx->stage_lock);
}

void cuda_stage_pool_free(g16k_plugin_ctx *ctx)
{
    while (ctx->stages) {
        cuda_stage *st = ctx->stages;
        ctx->stages = st->next;
        stage_free(st);
    }
}

cudaError_t cuda_h2d(g16k_plugin_ctx *ctx, void *dst, const void *src, size_t bytes, cudaStream_t s)
{
    cuda_stage *st = bytes >= CUDA_STAGE_MIN ? stage_get(ctx) : NULL;
    cudaError_t err = cudaSuccess;
    if (!st) {
        err = cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s);
        return err == cudaSuccess ? cudaStreamSynchronize(s) : err;
    }
    size_t i = 0;
    for (size_t off = 0; off < bytes && err == cudaSuccess; off += CUDA_STAGE_BYTES, i ^= 1) {
        size_t len = bytes - off < CUDA_STAGE_BYTES ? bytes - off : CUDA_STAGE_BYTES;
        err = cudaEventSynchronize(st->done[i]); /* buf[i]'s previous DMA finished */
        if (err != cudaSuccess)
            break;
        memcpy(st->buf[i], (const char *)src + off, len);
        err = cudaMemcpyAsync((char *)dst + off, st->buf[i], len, cudaMemcpyHostToDevice, s);
        if (err == cudaSuccess)
            err = cudaEventRecord(st->done[i], s);
    }
    cudaError_t e2 = cudaStreamSynchronize(s);
    stage_put(ctx, st);
    return err != cudaSuccess ? err : e2;
}

/* issue the device-to-host copy of piece k into buf[k & 1] */
static cudaError_t d2h_issue(cuda_stage *st, const void *src, size_t bytes, size_t k,
                             cudaStream_t s)
{
    size_t off = k * CUDA_STAGE_BYTES;
    size_t len = bytes - off < CUDA_STAGE_BYTES ? bytes - off : CUDA_STAGE_BYTES;
    cudaError_t err =
        cudaMemcpyAsync(st->buf[k & 1], (const char *)src + off, len, cudaMemcpyDeviceToHost, s);
    return err == cudaSuccess ? cudaEventRecord(st->done[k & 1], s) : err;
}

cudaError_t cuda_d2h(g16k_plugin_ctx *ctx, void *dst, const void *src, size_t bytes, cudaStream_t s)
{
    cuda_stage *st = bytes >= CUDA_STAGE_MIN ? stage_get(ctx) : NULL;
    if (!st) {
        cudaError_t err = cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, s);
        return err == cudaSuccess ? cudaStreamSynchronize(s) : err;
    }
    size_t pieces = (bytes + CUDA_STAGE_BYTES - 1) / CUDA_STAGE_BYTES;
    cudaError_t err = d2h_issue(st, src, bytes, 0, s);
    for (size_t k = 0; k < pieces && err == cudaSuccess; k++) {
        /* buf[(k + 1) & 1] held piece k - 1, already copied out in the previous round */
        if (k + 1 < pieces)
            err = d2h_issue(st, src, bytes, k + 1, s);
        if (err == cudaSuccess)
            err = cudaEventSynchronize(st->done[k & 1]);
        if (err == cudaSuccess) {
            size_t off = k * CUDA_STAGE_BYTES;
            size_t len = bytes - off < CUDA_STAGE_BYTES ? bytes - off : CUDA_STAGE_BYTES;
            memcpy((char *)dst + off, st->buf[k & 1], len);
        }
    }
    cudaError_t e2 = cudaStreamSynchronize(s);
    stage_put(ctx, st);
    return err != cudaSuccess ? err : e2;
}
