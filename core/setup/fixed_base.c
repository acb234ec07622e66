/*
 * Fixed-base scalar multiplication for the random-toxic-waste setup: every proving-key point is
 * k * G1 or k * G2 for a known scalar k, so one table of d * 2^(W j) * G (j < WINDOWS windows of
 * W bits, d = 1..2^W - 1, affine) turns each multiplication into at most WINDOWS additions of
 * table points, against about 255 doublings + 128 additions for double-and-add.
 *
 * Two ways to add them up, the same affine results (affine coordinates are unique):
 *   - IFMA (ifma_available()): the CHUNK outputs of a task are accumulated window by window as
 *     affine points, one batch-affine addition per output and window through g*_ifma_ba_run
 *     (Montgomery's trick across the chunk, 8 lanes; ~90 ns a G1 and ~200 ns a G2 addition on
 *     Zen 4, against ~460 / ~1140 ns for a reference mixed addition), no conversion at the end.
 *     No special case can occur (bucket = +-table point would need a partial sum of the scalar's
 *     low windows equal to +-d 2^(W j) mod r with both below r), but ba_run handles them anyway.
 *   - reference: Jacobian mixed additions, then one batch conversion to affine per chunk.
 * fixed_base_*_batch spreads the work over pool_run threads, fixed_base_*_run keeps it on the
 * calling thread (for callers with threads of their own: ptau contribute); the table's rows are
 * built in parallel, each by mixed additions and one batch conversion to affine. G1 and G2
 * share the code through one macro: the two instances differ only in types and names.
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "ifma.h"
#include "internal.h"
#include "util/error.h"

#define CHUNK 1024 /* outputs per pool task: one batch of additions, one conversion */

/* Window j of the canonical scalar c: bits [W j, W j + W). */
static unsigned digit(const fr_t *c, int j)
{
    unsigned o = (unsigned)j * FIXED_BASE_W, limb = o / 64, sh = o % 64;
    uint64_t v = c->l[limb] >> sh;
    if (sh + FIXED_BASE_W > 64 && limb + 1 < FR_LIMBS)
        v |= c->l[limb + 1] << (64 - sh);
    return (unsigned)v & FIXED_BASE_DIGITS;
}

#define DEFINE_FIXED_BASE(G, AFF, JAC)                                                               \
    typedef struct G##_rows_job {                                                                    \
        fixed_base_##G *fb;                                                                          \
        const AFF *w; /* w[j] = 2^(W j) * base, affine */                                            \
        JAC *jac;     /* scratch: FIXED_BASE_DIGITS Jacobian points per row */                       \
    } G##_rows_job;                                                                                  \
                                                                                                     \
    /* Rows b..e-1 of the table: d * w[j] for d = 1..2^W - 1 by mixed additions, then affine. */     \
    static void G##_rows(void *ctx, uint64_t b, uint64_t e)                                          \
    {                                                                                                \
        G##_rows_job *job = ctx;                                                                     \
        for (uint64_t j = b; j < e; j++) {                                                           \
            JAC *row = job->jac + j * FIXED_BASE_DIGITS;                                             \
            G##_jac_from_affine(&row[0], &job->w[j]);                                                \
            for (int d = 1; d < FIXED_BASE_DIGITS; d++)                                              \
                G##_jac_add_affine(&row[d], &row[d - 1], &job->w[j]);                                \
            G##_jac_batch_to_affine(job->fb->t + j * FIXED_BASE_DIGITS, row, FIXED_BASE_DIGITS);     \
        }                                                                                            \
    }                                                                                                \
                                                                                                     \
    int fixed_base_##G##_init(fixed_base_##G *fb, const AFF *base, unsigned threads)                 \
    {                                                                                                \
        size_t n = (size_t)FIXED_BASE_WINDOWS * FIXED_BASE_DIGITS;                                   \
        JAC *jac = malloc(sizeof(JAC) * n);                                                          \
        fb->t = malloc(sizeof(AFF) * n);                                                             \
        if (!jac || !fb->t) {                                                                        \
            free(jac);                                                                               \
            free(fb->t);                                                                             \
            fb->t = NULL;                                                                            \
            return err_set(G16K_ENOMEM, "setup: no memory for the fixed-base table");                \
        }                                                                                            \
        /* the rows' bases one after the other (W doublings each), then the rows in parallel */      \
        AFF w[FIXED_BASE_WINDOWS];                                                                   \
        JAC acc;                                                                                     \
        G##_jac_from_affine(&acc, base);                                                             \
        for (int j = 0; j < FIXED_BASE_WINDOWS; j++) {                                               \
            G##_jac_to_affine(&w[j], &acc);                                                          \
            for (int i = 0; i < FIXED_BASE_W; i++)                                                   \
                G##_jac_dbl(&acc, &acc);                                                             \
        }                                                                                            \
        G##_rows_job job = { fb, w, jac };                                                           \
        pool_run(threads, FIXED_BASE_WINDOWS, 1, G##_rows, &job, NULL, NULL);                        \
        free(jac);                                                                                   \
        fb->simd = SETUP_SIMD();                                                                     \
        return G16K_OK;                                                                              \
    }                                                                                                \
                                                                                                     \
    void fixed_base_##G##_free(fixed_base_##G *fb)                                                   \
    {                                                                                                \
        free(fb->t);                                                                                 \
        fb->t = NULL;                                                                                \
    }                                                                                                \
                                                                                                     \
    typedef struct G##_job {                                                                         \
        AFF *out;                                                                                    \
        const fixed_base_##G *fb;                                                                    \
        const fr_t *k;                                                                               \
        _Atomic int oom; /* set by any worker that could not allocate */                             \
    } G##_job;                                                                                       \
                                                                                                     \
    static const AFF *G##_entry(const fixed_base_##G *fb, int j, unsigned d)                         \
    {                                                                                                \
        return &fb->t[(size_t)j * FIXED_BASE_DIGITS + d - 1];                                        \
    }                                                                                                \
                                                                                                     \
    /* The reference path: Jacobian accumulators, one conversion to affine. */                       \
    static int G##_task_ref(G##_job *job, uint64_t b, uint64_t e)                                    \
    {                                                                                                \
        JAC *acc = malloc(sizeof(JAC) * (e - b));                                                    \
        if (!acc)                                                                                    \
            return -1;                                                                               \
        for (uint64_t i = b; i < e; i++) {                                                           \
            fr_t c;                                                                                  \
            fr_to_canon(&c, &job->k[i]);                                                             \
            JAC *a = &acc[i - b];                                                                    \
            G##_jac_set_inf(a);                                                                      \
            for (int j = 0; j < FIXED_BASE_WINDOWS; j++) {                                           \
                unsigned d = digit(&c, j);                                                           \
                if (d)                                                                               \
                    G##_jac_add_affine(a, a, G##_entry(job->fb, j, d));                              \
            }                                                                                        \
            explicit_bzero(&c, sizeof c); /* a scalar of the toxic waste */                          \
        }                                                                                            \
        G##_jac_batch_to_affine(job->out + b, acc, e - b);                                           \
        free(acc);                                                                                   \
        return 0;                                                                                    \
    }                                                                                                \
                                                                                                     \
    /* The IFMA path: affine accumulators, one batch-affine addition per window. live[t]: acc[t]   \
     * holds a point (else it is infinity and the next nonzero digit sets it). */ \
    static int G##_task_ifma(G##_job *job, uint64_t b, uint64_t e)                                   \
    {                                                                                                \
        uint32_t n = (uint32_t)(e - b);                                                              \
        size_t ssz = G##_ifma_ba_scratch_size(n);                                                    \
        G##_aff_r52 *acc = aligned_alloc(64, sizeof(G##_aff_r52) * n);                               \
        void *scratch = aligned_alloc(64, ssz);                                                      \
        fr_t *c = malloc(sizeof(fr_t) * n);                                                          \
        uint64_t *idx = malloc(sizeof(uint64_t) * n);                                                \
        const uint8_t **pts = malloc(sizeof(*pts) * n);                                              \
        uint8_t *flags = calloc(3, n); /* neg (all 0), empty, live */                                \
        int rc = -1;                                                                                 \
        if (!acc || !scratch || !c || !idx || !pts || !flags)                                        \
            goto out;                                                                                \
        uint8_t *neg = flags, *empty = flags + n, *live = flags + 2 * (size_t)n;                     \
        memset(acc, 0, sizeof(G##_aff_r52) * n);                                                     \
        for (uint32_t t = 0; t < n; t++)                                                             \
            fr_to_canon(&c[t], &job->k[b + t]);                                                      \
        for (int j = 0; j < FIXED_BASE_WINDOWS; j++) {                                               \
            uint32_t cnt = 0;                                                                        \
            for (uint32_t t = 0; t < n; t++) {                                                       \
                unsigned d = digit(&c[t], j);                                                        \
                if (!d)                                                                              \
                    continue;                                                                        \
                const AFF *p = G##_entry(job->fb, j, d);                                             \
                if (!live[t]) {                                                                      \
                    G##_ifma_aff_set(&acc[t], p, 0);                                                 \
                    live[t] = 1;                                                                     \
                } else {                                                                             \
                    idx[cnt] = t;                                                                    \
                    pts[cnt++] = (const uint8_t *)p;                                                 \
                }                                                                                    \
            }                                                                                        \
            G##_ifma_ba_run(acc, idx, pts, neg, cnt, empty, scratch);                                \
            for (uint32_t q = 0; q < cnt; q++)                                                       \
                if (empty[q])                                                                        \
                    live[idx[q]] = 0;                                                                \
        }                                                                                            \
        G##_ifma_aff_get(job->out + b, acc, n);                                                      \
        for (uint32_t t = 0; t < n; t++)                                                             \
            if (!live[t])                                                                            \
                memset(&job->out[b + t], 0, sizeof(AFF)); /* (0, 0): infinity */                     \
        explicit_bzero(c, sizeof(fr_t) * n);              /* scalars of the toxic waste */           \
        /* and their digits: which table entry each addition took (pts, idx, the batch's        \
         * scratch), which are zero (live) */    \
        explicit_bzero(pts, sizeof(*pts) * n);                                                       \
        explicit_bzero(idx, sizeof(uint64_t) * n);                                                   \
        explicit_bzero(flags, 3 * (size_t)n);                                                        \
        explicit_bzero(scratch, ssz);                                                                \
        rc = 0;                                                                                      \
    out:                                                                                             \
        free(acc);                                                                                   \
        free(scratch);                                                                               \
        free(c);                                                                                     \
        free(idx);                                                                                   \
        free(pts);                                                                                   \
        free(flags);                                                                                 \
        return rc;                                                                                   \
    }                                                                                                \
                                                                                                     \
    static void G##_task(void *ctx, uint64_t b, uint64_t e)                                          \
    {                                                                                                \
        G##_job *job = ctx;                                                                          \
        if ((job->fb->simd ? G##_task_ifma(job, b, e) : G##_task_ref(job, b, e)) != 0)               \
            job->oom = 1;                                                                            \
    }                                                                                                \
                                                                                                     \
    int fixed_base_##G##_run(AFF *out, const fixed_base_##G *fb, const fr_t *k, uint64_t n)          \
    {                                                                                                \
        G##_job job = { out, fb, k, 0 };                                                             \
        for (uint64_t b = 0; b < n && !job.oom; b += CHUNK)                                          \
            G##_task(&job, b, n - b < CHUNK ? n : b + CHUNK);                                        \
        return job.oom ? err_set(G16K_ENOMEM, "setup: no memory for fixed-base products")            \
                       : G16K_OK;                                                                    \
    }                                                                                                \
                                                                                                     \
    int fixed_base_##G##_batch(AFF *out, const fixed_base_##G *fb, const fr_t *k, uint64_t n,        \
                               unsigned threads, progress *pg, const char *phase)                    \
    {                                                                                                \
        G##_job job = { out, fb, k, 0 };                                                             \
        pool_run(threads, n, CHUNK, G##_task, &job, pg, phase);                                      \
        if (job.oom)                                                                                 \
            return err_set(G16K_ENOMEM, "setup: no memory for %s", phase);                           \
        return G16K_OK;                                                                              \
    }

DEFINE_FIXED_BASE(g1, g1_affine_t, g1_jac_t)
DEFINE_FIXED_BASE(g2, g2_affine_t, g2_jac_t)
