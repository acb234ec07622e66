/*
 * Fixed-base scalar multiplication for the random-toxic-waste setup: every proving-key point is
 * k * G1 or k * G2 for a known scalar k, so one table of d * 2^(8j) * G (j < 32 windows of 8
 * bits, d = 1..255, affine) turns each multiplication into at most 32 mixed additions, against
 * about 255 doublings + 128 additions for double-and-add. Results are converted to affine in
 * chunks with one inversion each (Montgomery's trick). Work is spread over pool_run threads.
 * G1 and G2 share the code through one macro: the two instances differ only in types and names.
 */
#include <stdlib.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

#define WINDOWS 32 /* 32 * 8 bits covers the 255-bit scalars */
#define DIGITS 255 /* nonzero digit values of one 8-bit window */
#define CHUNK 1024 /* points per batch-to-affine and per pool task */

#define DEFINE_FIXED_BASE(G, AFF, JAC)                                                             \
    int fixed_base_##G##_init(fixed_base_##G *fb, const AFF *base)                                 \
    {                                                                                              \
        JAC *jac = malloc(sizeof(JAC) * WINDOWS * DIGITS);                                         \
        fb->t = malloc(sizeof(AFF) * WINDOWS * DIGITS);                                            \
        if (!jac || !fb->t) {                                                                      \
            free(jac);                                                                             \
            free(fb->t);                                                                           \
            fb->t = NULL;                                                                          \
            return err_set(G16K_ENOMEM, "setup: no memory for the fixed-base table");              \
        }                                                                                          \
        JAC w;                                                                                     \
        G##_jac_from_affine(&w, base); /* w = 2^(8j) * base */                                     \
        for (int j = 0; j < WINDOWS; j++) {                                                        \
            JAC *row = jac + (size_t)j * DIGITS;                                                   \
            row[0] = w;                                                                            \
            for (int d = 1; d < DIGITS; d++)                                                       \
                G##_jac_add(&row[d], &row[d - 1], &w);                                             \
            G##_jac_add(&w, &row[DIGITS - 1], &w); /* 256 * w */                                   \
        }                                                                                          \
        G##_jac_batch_to_affine(fb->t, jac, (size_t)WINDOWS *DIGITS);                              \
        free(jac);                                                                                 \
        return G16K_OK;                                                                            \
    }                                                                                              \
                                                                                                   \
    void fixed_base_##G##_free(fixed_base_##G *fb)                                                 \
    {                                                                                              \
        free(fb->t);                                                                               \
        fb->t = NULL;                                                                              \
    }                                                                                              \
                                                                                                   \
    typedef struct G##_job {                                                                       \
        AFF *out;                                                                                  \
        const fixed_base_##G *fb;                                                                  \
        const fr_t *k;                                                                             \
        _Atomic int oom; /* set by any worker that could not allocate */                           \
    } G##_job;                                                                                     \
                                                                                                   \
    static void G##_task(void *ctx, uint64_t b, uint64_t e)                                        \
    {                                                                                              \
        G##_job *job = ctx;                                                                        \
        JAC *acc = malloc(sizeof(JAC) * (e - b));                                                  \
        if (!acc) {                                                                                \
            job->oom = 1;                                                                          \
            return;                                                                                \
        }                                                                                          \
        for (uint64_t i = b; i < e; i++) {                                                         \
            fr_t c;                                                                                \
            fr_to_canon(&c, &job->k[i]);                                                           \
            JAC *a = &acc[i - b];                                                                  \
            G##_jac_set_inf(a);                                                                    \
            for (int j = 0; j < WINDOWS; j++) {                                                    \
                unsigned d = (unsigned)(c.l[j / 8] >> (8 * (j % 8))) & 0xff;                       \
                if (d)                                                                             \
                    G##_jac_add_affine(a, a, &job->fb->t[(size_t)j * DIGITS + d - 1]);             \
            }                                                                                      \
        }                                                                                          \
        G##_jac_batch_to_affine(job->out + b, acc, e - b);                                         \
        free(acc);                                                                                 \
    }                                                                                              \
                                                                                                   \
    int fixed_base_##G##_batch(AFF *out, const fixed_base_##G *fb, const fr_t *k, uint64_t n,      \
                               unsigned threads, progress *pg, const char *phase)                  \
    {                                                                                              \
        G##_job job = { out, fb, k, 0 };                                                           \
        pool_run(threads, n, CHUNK, G##_task, &job, pg, phase);                                    \
        if (job.oom)                                                                               \
            return err_set(G16K_ENOMEM, "setup: no memory for %s", phase);                         \
        return G16K_OK;                                                                            \
    }

DEFINE_FIXED_BASE(g1, g1_affine_t, g1_jac_t)
DEFINE_FIXED_BASE(g2, g2_affine_t, g2_jac_t)
