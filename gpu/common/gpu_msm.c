/*
 * gpu_msm.c: the MSM vtable (G1 and G2) of both GPU plugins, over the device operations of
 * gpu_device.h. Bases are converted to Montgomery affine limbs on the host,
 * GPU_MSM_PLAN_STAGE_POINTS at a time (no second host copy of a key), and uploaded once into as
 * many buffers as the device's largest allocation needs (one where the API has no cap). Each
 * msm() call picks or checks its window against the device's limits now (gpu_msm_size.h
 * "Limits": params->window, or 0 for the auto model with the device's compute units and
 * memory), then runs the MSM as parts that fit: for each part it uploads the part's scalars
 * (32 bytes a point, made canonical there when they came in Montgomery form), builds the plan
 * of signed digits and their chunks on the device (gpu/kernels/plan.cl: count, scan, scatter;
 * the same lists as the host's gpu_msm_plan.c, which the tests hold them against), runs
 * chunk_acc (one work-item per chunk of a bucket), bucket_sum (one per bucket) and
 * segment_reduce (one per window segment) from gpu/kernels/msm.cl, and adds the part's segment
 * sums on the host. Only the scalars, the plan's sizes and the segment sums cross the bus: at
 * 2^24 points the host plan used to be host time and about a gigabyte of lists over PCIe.
 * gpu_msm_on_device (for compute_h_msm, ABI 1.1) takes scalars that are already on the device
 * (h, where the NTT chain left it) and runs the same parts on them.
 * Memory: where the API tells free memory (ops->mem_check), every call checks what it will
 * allocate first (n * point size for bases, gpu_msm_plan_device_bytes for a part) and refuses
 * with G16K_ENOMEM naming both sizes; a part is also checked against the limits' buffer cap and
 * budget (gpu_msm_plan_fits).
 * One text for both curves (gpu_curve_sel.h): points of the unit's curve, its kernels (GPU_K),
 * sizes (GPU_SIZE) and r.
 * Source: Pippenger's bucket method (see gpu/kernels/msm.cl); written for this project.
 */
#include "gpu_curve_sel.h" /* first: the unit's curve (gpu/common/bn254/ builds it for BN254) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_driver.h"
#include "gpu_msm_plan.h"
#include "gpu_msm_size.h"
#include "gpu_msm_sum.h"
#include "gpu_plugin_util.h"
#include "gpu_point_encode.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_msm_bases_create_fn gpu_bases_create;
static g16k_msm_bases_destroy_fn gpu_bases_destroy;
static g16k_msm_msm_fn gpu_msm;

struct g16k_msm_bases {
    g16k_plugin_ctx *ctx;
    uint32_t group;
    uint64_t n;
    uint64_t buf_points; /* points per buffer (the last may hold fewer) */
    uint32_t n_bufs;
    gpu_buf **bufs; /* n_bufs buffers of affine points, Montgomery limbs */
};

static int part_on_device(g16k_msm_bases *b, gpu_queue *q, gpu_buf *scalars, uint64_t lo,
                          uint64_t len, uint32_t c, const gpu_msm_device *dev, gpu_msm_sum *sum,
                          uint64_t **segout);

const g16k_msm_vtable gpu_msm_vtable = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = gpu_bases_create,
    .bases_destroy = gpu_bases_destroy,
    .msm = gpu_msm,
};

static gpu_device *dev_of(g16k_plugin_ctx *ctx)
{
    return (gpu_device *)ctx; /* the context's first member (gpu_device.h) */
}

static size_t point_bytes(uint32_t group)
{
    return group == G16K_G1 ? GPU_G1_BYTES : GPU_G2_BYTES;
}

/* Copy n points (point_bytes each: 96 B G1 / 192 B G2 on BLS12-381, 64 / 128 on BN254, point_enc) to device buffers in Montgomery form:
 * buffers of at most max_alloc bytes (limits' max_alloc, a multiple of part_align points),
 * filled through one host staging buffer of GPU_MSM_PLAN_STAGE_POINTS points.
 * Errors: G16K_EUNSUPPORTED (group), G16K_EINVAL (NULL, encoding, coordinate >= p),
 * G16K_ENODEV (no device), G16K_ENOMEM (host, or the device: checked before allocating where
 * the API can tell). Thread-safe. */
static int gpu_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                            uint32_t point_enc, g16k_msm_bases **out)
{
    if (!ctx || !out || (n && !points))
        return gpu_fail(G16K_EINVAL, "bases_create: NULL argument");
    if (group != G16K_G1 && group != G16K_G2)
        return gpu_fail(G16K_EUNSUPPORTED, "bases_create: unknown group %u", group);
    if (point_enc != G16K_ENC_CANONICAL && point_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "bases_create: point encoding %u is not 1 (canonical) "
                        "or 2 (Montgomery)",
                        point_enc);
    gpu_device *D = dev_of(ctx);
    gpu_msm_device dev;
    int rc = D->ops->limits(D, &dev);
    if (rc)
        return rc;
    const size_t psz = point_bytes(group);
    uint64_t per = n ? n : 1;
    if (dev.max_alloc && per > dev.max_alloc / psz) {
        uint64_t align = dev.part_align ? dev.part_align : 1;
        per = dev.max_alloc / psz / align * align;
        if (per == 0)
            return gpu_fail(G16K_ENOMEM,
                            "bases_create: the device allows %llu bytes per "
                            "buffer, less than %llu points",
                            (unsigned long long)dev.max_alloc, (unsigned long long)align);
    }
    g16k_msm_bases *b = calloc(1, sizeof *b);
    uint32_t nbufs = n ? (uint32_t)((n + per - 1) / per) : 0;
    uint64_t stage_n = n < GPU_MSM_PLAN_STAGE_POINTS ? n : GPU_MSM_PLAN_STAGE_POINTS;
    uint64_t *stage = n ? malloc(stage_n * psz) : NULL;
    if (b && nbufs)
        b->bufs = calloc(nbufs, sizeof *b->bufs);
    if (!b || (n && (!stage || !b->bufs))) {
        rc = gpu_fail(G16K_ENOMEM, "bases_create: no host memory for %llu points",
                      (unsigned long long)n);
        goto out_free;
    }
    b->ctx = ctx;
    b->group = group;
    b->n = n;
    b->buf_points = per;
    b->n_bufs = nbufs;
    if (n) {
        gpu_queue *q = NULL;
        rc = D->ops->open(D, &q);
        if (rc == G16K_OK)
            rc = gpu_mem_check(D, q, (uint64_t)n * psz, "bases_create: %llu G%u points",
                               (unsigned long long)n, group);
        for (uint32_t j = 0; j < nbufs && rc == G16K_OK; j++) {
            uint64_t cnt = j + 1 < nbufs ? per : n - per * j;
            rc = D->ops->alloc(q, cnt * psz, &b->bufs[j]);
        }
        if (q)
            D->ops->close(q);
    }
    /* convert outside the queue (other callers' device work goes on), upload inside */
    for (uint64_t lo = 0; lo < n && rc == G16K_OK;) {
        uint64_t cnt = gpu_msm_plan_part_len(lo, n, stage_n, per);
        rc = gpu_msm_points_to_mont(group, (const uint8_t *)points + lo * psz, cnt, point_enc,
                                    stage, lo);
        gpu_queue *q = NULL;
        if (rc == G16K_OK)
            rc = D->ops->open(D, &q);
        if (rc == G16K_OK) {
            rc = D->ops->copy_in(q, b->bufs[lo / per], (lo % per) * psz, stage, cnt * psz);
            D->ops->close(q);
        }
        lo += cnt;
    }
    if (rc)
        goto out_free;
    free(stage);
    *out = b;
    return G16K_OK;

out_free:
    free(stage);
    gpu_bases_destroy(b);
    return rc;
}

/* Free the device copy. NULL is a no-op. Not thread-safe with calls using the same bases. */
static void gpu_bases_destroy(g16k_msm_bases *bases)
{
    if (!bases)
        return;
    if (bases->bufs)
        gpu_free_all(dev_of(bases->ctx), bases->bufs, bases->n_bufs);
    free(bases->bufs);
    free(bases);
}

/* A view of points [lo, lo + len) of b (inside one of its buffers). */
static int bases_view(const g16k_msm_bases *b, gpu_queue *q, uint64_t lo, uint64_t len,
                      gpu_buf **out)
{
    gpu_device *D = dev_of(b->ctx);
    size_t psz = point_bytes(b->group);
    return D->ops->view(q, b->bufs[lo / b->buf_points], (lo % b->buf_points) * psz, len * psz, out);
}

/* Runs chunk_acc, bucket_sum and segment_reduce (gpu/kernels/msm.cl) on the plan's lists,
 * already on the device (entries, chunk starts, bucket chunks), over the part's points, on q,
 * and reads back the segment sums into segout (gpu_msm_plan_segout_limbs limbs).
 * Errors: those of the device operations, message set. */
static int run_lists(g16k_msm_bases *b, gpu_queue *q, const gpu_msm_plan *plan, gpu_buf *points,
                     gpu_buf *entries, gpu_buf *starts, gpu_buf *bchunks, uint64_t *segout)
{
    gpu_device *D = dev_of(b->ctx);
    const gpu_ops *o = D->ops;
    gpu_buf *tmp[3] = { NULL, NULL, NULL }; /* partials, buckets, out */
    uint32_t n_buckets = (uint32_t)((uint64_t)plan->nw * plan->nb);
    uint32_t n_threads = plan->nw * plan->n_segs;
    size_t seg_bytes = gpu_msm_plan_segout_limbs(plan, GPU_SIZE(b->group)) * 8;
    int g1 = b->group == G16K_G1;
    int rc = o->alloc(q, gpu_msm_plan_partial_limbs(plan, GPU_SIZE(b->group)) * 8, &tmp[0]);
    if (rc == G16K_OK)
        rc = o->alloc(q, gpu_msm_plan_bucket_limbs(plan, GPU_SIZE(b->group)) * 8, &tmp[1]);
    if (rc == G16K_OK)
        rc = o->alloc(q, seg_bytes, &tmp[2]);
    if (rc == G16K_OK) {
        gpu_arg acc[] = { GPU_BUF(points), GPU_BUF(entries), GPU_BUF(starts),
                          GPU_U32(plan->n_chunks), GPU_BUF(tmp[0]) };
        rc = o->launch(q, GPU_K(g1 ? GPU_K_G1_CHUNK_ACC : GPU_K_G2_CHUNK_ACC), acc, 5,
                       plan->n_chunks);
    }
    if (rc == G16K_OK) {
        gpu_arg sum[] = { GPU_BUF(tmp[0]), GPU_BUF(bchunks), GPU_U32(n_buckets), GPU_BUF(tmp[1]) };
        rc = o->launch(q, GPU_K(g1 ? GPU_K_G1_BUCKET_SUM : GPU_K_G2_BUCKET_SUM), sum, 4, n_buckets);
    }
    if (rc == G16K_OK) {
        gpu_arg red[] = { GPU_BUF(tmp[1]),   GPU_U32(n_threads),     GPU_U32(plan->n_segs),
                          GPU_U32(plan->nb), GPU_U32(plan->seg_len), GPU_BUF(tmp[2]) };
        rc = o->launch(q, GPU_K(g1 ? GPU_K_G1_SEGMENT_REDUCE : GPU_K_G2_SEGMENT_REDUCE), red, 6,
                       n_threads);
    }
    if (rc == G16K_OK)
        rc = o->copy_out(q, segout, tmp[2], 0, seg_bytes);
    if (rc != G16K_OK)
        o->sync(q); /* nothing in flight uses what is freed below */
    gpu_free_all(D, tmp, 3);
    return rc;
}

/* Whether a part's plan fits the device: the limits (gpu_msm_plan_fits) and, where the API
 * tells free memory, the memory free now. Errors: G16K_ENOMEM, message set. */
static int part_fits(g16k_msm_bases *b, gpu_queue *q, const gpu_msm_plan *plan,
                     const gpu_msm_device *dev, const char *what)
{
    int rc = gpu_msm_plan_fits(plan, GPU_SIZE(b->group), dev);
    if (rc == G16K_OK)
        rc = gpu_mem_check(dev_of(b->ctx), q, gpu_msm_plan_device_bytes(plan, GPU_SIZE(b->group)),
                           "%s: window %u, %llu bucket entries", what, plan->c,
                           (unsigned long long)plan->n_entries);
    return rc;
}

/* The host buffer for one part's segment sums, allocated at the first part that has entries
 * (every part of one call has the same window, so the same size). */
static int segout_get(uint64_t **segout, const gpu_msm_plan *plan, uint32_t group)
{
    if (!*segout && !(*segout = malloc(gpu_msm_plan_segout_limbs(plan, GPU_SIZE(group)) * 8)))
        return gpu_fail(G16K_ENOMEM, "msm: no host memory for segment sums");
    return G16K_OK;
}

/* The end of an MSM call of n points in `parts` parts of at most `part` points, window c:
 * frees segout; on success logs the parts and writes the sum to result. Returns rc or the
 * status of gpu_msm_sum_finish. */
static int msm_finish(const g16k_msm_bases *b, int rc, uint64_t *segout, const gpu_msm_sum *sum,
                      uint64_t n, uint32_t c, uint64_t part, uint64_t parts, void *result,
                      uint32_t result_enc)
{
    free(segout);
    if (rc)
        return rc;
    if (n)
        gpu_log(G16K_LOG_DEBUG,
                "%s: msm G%u: %llu points, window %u, %llu part(s) of at most "
                "%llu points, bases in %u buffer(s)",
                dev_of(b->ctx)->ops->name, b->group, (unsigned long long)n, c,
                (unsigned long long)parts, (unsigned long long)part, b->n_bufs);
    return gpu_msm_sum_finish(sum, result, result_enc);
}

/* result = sum scalars[i] * bases[i], i < n (plugin.h): n scalars of 32 bytes (scalar_enc),
 * result one affine point (point_bytes, result_enc). params->window: 0 = auto.
 * Errors: G16K_EINVAL (NULL, n > bases, encoding, a scalar not below r: "scalar[i]"),
 * G16K_EUNSUPPORTED (a window this device cannot run, checked also for n = 0), G16K_ENODEV,
 * G16K_ENOMEM, G16K_EINTERNAL (the API). Host memory: one part's plan (limits' host_bytes at
 * most). Thread-safe: host work runs in parallel, device work on a queue per part. */
static int gpu_msm(g16k_msm_bases *b, const void *scalars, uint64_t n, uint32_t scalar_enc,
                   const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    if (!b || !result || (n && !scalars))
        return gpu_fail(G16K_EINVAL, "msm: NULL argument");
    if (n > b->n)
        return gpu_fail(G16K_EINVAL, "msm: %llu scalars for %llu bases", (unsigned long long)n,
                        (unsigned long long)b->n);
    if (result_enc != G16K_ENC_CANONICAL && result_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL, "msm: result encoding %u is not 1 or 2", result_enc);
    if (scalar_enc != G16K_ENC_CANONICAL && scalar_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "msm: scalar encoding %u is not 1 (canonical) or 2 "
                        "(Montgomery)",
                        scalar_enc);
    gpu_device *D = dev_of(b->ctx);
    gpu_msm_device dev;
    uint32_t c = 0;
    uint64_t part = 0, parts = 0;
    int rc = D->ops->limits(D, &dev);
    /* the plan is built on the device from the part's scalars, uploaded (32 bytes a point);
     * the host builds none */
    dev.point_extra = 32;
    dev.host_bytes = 0;
    if (rc == G16K_OK)
        rc = gpu_msm_plan_check_scalars(scalars, n, FR_MODULUS.l);
    if (rc == G16K_OK)
        rc = gpu_msm_plan_choose(gpu_msm_window(params), n,
                                 n ? gpu_msm_plan_effective_n(scalars, n, scalar_enc) : 0,
                                 GPU_SIZE(b->group), &dev, &c, &part);
    if (rc)
        return rc;
    gpu_msm_window_used(c);
    gpu_msm_sum sum;
    gpu_msm_sum_init(&sum, b->group);
    uint64_t *segout = NULL;
    gpu_queue *q = NULL;
    gpu_buf *up = NULL;
    if (n && (rc = D->ops->open(D, &q)) == G16K_OK)
        rc = D->ops->alloc(q, (n < part ? n : part) * 32, &up);
    for (uint64_t lo = 0, len; lo < n && rc == G16K_OK; lo += len, parts++) {
        len = gpu_msm_plan_part_len(lo, n, part, b->buf_points);
        uint64_t t = gpu_trace_begin();
        rc = D->ops->copy_in(q, up, 0, (const uint8_t *)scalars + 32 * lo, len * 32);
        if (rc == G16K_OK && scalar_enc == G16K_ENC_MONTGOMERY) { /* the plan reads canonical */
            gpu_arg conv[] = { GPU_BUF(up), GPU_U64(len), GPU_U32(0) };
            rc = D->ops->launch(q, GPU_K(GPU_K_NTT_CONVERT), conv, 3, len);
        }
        gpu_trace_end("upload scalars", t, NULL);
        if (rc == G16K_OK)
            rc = part_on_device(b, q, up, lo, len, c, &dev, &sum, &segout);
    }
    if (q) {
        if (rc != G16K_OK)
            D->ops->sync(q); /* nothing in flight uses the buffer freed below */
        D->ops->free(D, up);
        D->ops->close(q);
    }
    return msm_finish(b, rc, segout, &sum, n, c, part, parts, result, result_enc);
}

/* ---- MSM on scalars already in device memory (compute_h_msm) ---- */

/* Build the plan's lists on the device from n canonical scalars in `scalars`
 * (gpu/kernels/plan.cl, in the order that file gives): fills plan (n_entries, max_bucket,
 * chunk_len, n_chunks) and returns the entry, chunk start and bucket chunk buffers in
 * lists[0..2] (NULL when n_entries is 0). Errors: G16K_ENOMEM (also a plan that does not fit:
 * part_fits), those of the device operations; lists released on error. */
static int device_plan(g16k_msm_bases *b, gpu_queue *q, gpu_buf *scalars, uint64_t n,
                       gpu_msm_plan *plan, const gpu_msm_device *dev, gpu_buf *lists[3])
{
    gpu_device *D = dev_of(b->ctx);
    const gpu_ops *o = D->ops;
    uint32_t nbk = (uint32_t)((uint64_t)plan->nw * plan->nb), blk = gpu_msm_plan_dev_block(nbk);
    uint32_t nblocks = (nbk + blk - 1) / blk, nn = (uint32_t)n, c = plan->c, nw = plan->nw,
             nb = plan->nb;
    enum { COUNTS, OFFSETS, FILL, BSUM, BMAX, BCH, META, N_TMP };
    gpu_buf *t[N_TMP] = { NULL };
    uint32_t m[3] = { 0, 0, 0 };
    lists[0] = lists[1] = lists[2] = NULL;
    int rc =
        gpu_mem_check(D, q, (4 * (uint64_t)nbk + 3 * (uint64_t)nblocks + 8) * 4,
                      "msm G%u: window %u, a plan of %u buckets on the device", b->group, c, nbk);
    const uint64_t counts4[N_TMP] = { [COUNTS] = nbk,   [OFFSETS] = (uint64_t)nbk + 1,
                                      [FILL] = nbk,     [BSUM] = nblocks,
                                      [BMAX] = nblocks, [BCH] = nblocks,
                                      [META] = 4 };
    for (int i = 0; i < N_TMP && rc == G16K_OK; i++)
        rc = o->alloc(q, counts4[i] * 4, &t[i]);
    if (rc == G16K_OK)
        rc = o->alloc(q, ((uint64_t)nbk + 1) * 4, &lists[2]);
    if (rc == G16K_OK)
        rc = o->zero(q, t[COUNTS], (uint64_t)nbk * 4);
    if (rc == G16K_OK) {
        gpu_arg count[] = { GPU_BUF(scalars), GPU_U32(nn), GPU_U32(c),
                            GPU_U32(nw),      GPU_U32(nb), GPU_BUF(t[COUNTS]) };
        gpu_arg sums[] = { GPU_BUF(t[COUNTS]), GPU_U32(nbk), GPU_U32(blk), GPU_BUF(t[BSUM]),
                           GPU_BUF(t[BMAX]) };
        gpu_arg top[] = { GPU_BUF(t[BSUM]), GPU_BUF(t[BMAX]), GPU_U32(nblocks), GPU_BUF(t[META]) };
        if ((rc = o->launch(q, GPU_K_PLAN_COUNT, count, 6, n)) == G16K_OK &&
            (rc = o->launch(q, GPU_K_PLAN_BLOCK_SUMS, sums, 5, nblocks)) == G16K_OK &&
            (rc = o->launch(q, GPU_K_PLAN_TOP, top, 4, 1)) == G16K_OK)
            rc = o->copy_out(q, m, t[META], 0, 8); /* entries, largest bucket */
    }
    if (rc == G16K_OK) {
        plan->n_entries = m[0];
        plan->max_bucket = m[1];
    }
    if (rc == G16K_OK && plan->n_entries) {
        uint32_t len = plan->chunk_len =
            gpu_msm_plan_chunk_len(plan->n_entries, plan->max_bucket, nbk);
        gpu_arg offs[] = { GPU_BUF(t[COUNTS]), GPU_U32(nbk),      GPU_U32(blk),
                           GPU_BUF(t[BSUM]),   GPU_U32(len),      GPU_BUF(t[OFFSETS]),
                           GPU_BUF(t[FILL]),   GPU_BUF(lists[2]), GPU_BUF(t[BCH]) };
        gpu_arg topc[] = { GPU_BUF(t[BCH]), GPU_U32(nblocks), GPU_BUF(t[META]) };
        if ((rc = o->launch(q, GPU_K_PLAN_OFFSETS, offs, 9, nblocks)) == G16K_OK &&
            (rc = o->launch(q, GPU_K_PLAN_TOP_CHUNKS, topc, 3, 1)) == G16K_OK)
            rc = o->copy_out(q, &m[2], t[META], 8, 4); /* the chunk count */
        if (rc == G16K_OK) {
            plan->n_chunks = m[2];
            rc = part_fits(b, q, plan, dev, b->group == G16K_G1 ? "msm G1" : "msm G2");
        }
        if (rc == G16K_OK)
            rc = o->alloc(q, plan->n_entries * 4, &lists[0]);
        if (rc == G16K_OK)
            rc = o->alloc(q, ((uint64_t)plan->n_chunks + 1) * 4, &lists[1]);
        gpu_arg scat[] = { GPU_BUF(scalars), GPU_U32(nn),      GPU_U32(c),       GPU_U32(nw),
                           GPU_U32(nb),      GPU_BUF(t[FILL]), GPU_BUF(lists[0]) };
        gpu_arg starts[] = { GPU_BUF(t[OFFSETS]), GPU_U32(nbk),     GPU_U32(blk),
                             GPU_BUF(t[BCH]),     GPU_U32(len),     GPU_BUF(t[META]),
                             GPU_BUF(lists[2]),   GPU_BUF(lists[1]) };
        if (rc == G16K_OK && (rc = o->launch(q, GPU_K_PLAN_SCATTER, scat, 7, n)) == G16K_OK)
            rc = o->launch(q, GPU_K_PLAN_CHUNK_STARTS, starts, 8, nblocks);
    }
    int sync = o->sync(q); /* the kernels are done with the scratch */
    if (rc == G16K_OK)
        rc = sync;
    gpu_free_all(D, t, N_TMP);
    if (rc != G16K_OK || plan->n_entries == 0)
        gpu_free_all(D, lists, 3);
    return rc;
}

/* One part of an MSM, points [lo, lo + len), its len canonical scalars in `scalars` on the
 * device: the plan built there (device_plan), the bucket kernels run on it (run_lists), the
 * part's segment sums added into sum (segout: the host buffer for them, made at the first
 * part with entries). Errors: those of device_plan and run_lists. */
static int part_on_device(g16k_msm_bases *b, gpu_queue *q, gpu_buf *scalars, uint64_t lo,
                          uint64_t len, uint32_t c, const gpu_msm_device *dev, gpu_msm_sum *sum,
                          uint64_t **segout)
{
    gpu_device *D = dev_of(b->ctx);
    gpu_msm_plan plan;
    memset(&plan, 0, sizeof plan);
    gpu_buf *lists[3] = { NULL, NULL, NULL }, *points = NULL;
    int rc = gpu_msm_plan_shape(&plan, len, c, 0);
    if (rc == G16K_OK)
        rc = bases_view(b, q, lo, len, &points);
    uint64_t t = gpu_trace_begin();
    if (rc == G16K_OK)
        rc = device_plan(b, q, scalars, len, &plan, dev, lists);
    gpu_trace_end("digit plan on the device", t, NULL);
    if (rc == G16K_OK && plan.n_entries) {
        rc = segout_get(segout, &plan, b->group);
        t = gpu_trace_begin();
        if (rc == G16K_OK)
            rc = run_lists(b, q, &plan, points, lists[0], lists[1], lists[2], *segout);
        gpu_trace_end("kernels and download of segment sums", t, NULL);
        if (rc == G16K_OK)
            gpu_msm_sum_add(sum, &plan, *segout);
    }
    gpu_free_all(D, lists, 3);
    D->ops->free(D, points);
    return rc;
}

int gpu_msm_on_device_check(const g16k_msm_bases *b, const g16k_plugin_ctx *ctx, uint64_t n,
                            const void *result, uint32_t result_enc)
{
    return gpu_check_h_msm(b != NULL, b && b->ctx == ctx, b ? b->group : 0, b ? b->n : 0, n, result,
                           result_enc);
}

int gpu_msm_on_device(g16k_msm_bases *b, g16k_plugin_ctx *ctx, gpu_queue *q, gpu_buf *scalars,
                      uint64_t n, const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    int rc = gpu_msm_on_device_check(b, ctx, n, result, result_enc);
    gpu_device *D = dev_of(ctx);
    gpu_msm_device dev;
    uint32_t c = 0;
    uint64_t part = 0, parts = 0;
    if (rc == G16K_OK)
        rc = D->ops->limits(D, &dev);
    if (rc == G16K_OK) /* all counted: h is dense */
        rc = gpu_msm_plan_choose(gpu_msm_window(params), n, n, GPU_SIZE(G16K_G1), &dev, &c, &part);
    if (rc)
        return rc;
    gpu_msm_window_used(c);
    gpu_msm_sum sum;
    gpu_msm_sum_init(&sum, G16K_G1);
    uint64_t *segout = NULL;
    for (uint64_t lo = 0, len; lo < n && rc == G16K_OK; lo += len, parts++) {
        len = gpu_msm_plan_part_len(lo, n, part, b->buf_points);
        gpu_buf *view = NULL;
        rc = D->ops->view(q, scalars, lo * 32, len * 32, &view);
        if (rc == G16K_OK)
            rc = part_on_device(b, q, view, lo, len, c, &dev, &sum, &segout);
        D->ops->free(D, view);
    }
    return msm_finish(b, rc, segout, &sum, n, c, part, parts, result, result_enc);
}
