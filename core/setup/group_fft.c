/*
 * Inverse FFT over the points of G1 and G2, the heart of `g16k ptau prepare` (snarkjs's
 * `powersoftau prepare phase2`, which calls ffjavascript's G.lagrangeEvaluations): from the
 * points S_i = (tau^i / n) G, i < n = 2^lg, the points
 *     L_j = sum_i w^(-ij) S_i = L_j(tau) G,   j < n,
 * with w = w[lg] the root of unity of docs/proving.md ("The domain") and L_j the Lagrange basis
 * polynomials of the domain {w^j}: the coefficients tau^i map to the evaluations at tau of the
 * Lagrange basis without knowing tau. The 1/n is the caller's (g*_group_scale): ptau_prepare.c
 * divides the powers once by the largest n and gets each smaller block's 1/n by doublings.
 * Radix-2 decimation in time (Cooley-Tukey) in place on Jacobian points: the bit-reversal
 * permutation, then lg stages of butterflies (a, b) -> (a + t, a - t), t = w_m^(-j) b. The group
 * has no cheap multiplication by a root of unity, so each butterfly costs one scalar
 * multiplication (arith/bls12_381/glv.h: 128 doublings through the endomorphism): n/2 lg of them.
 * Butterflies are grouped by twiddle so that each twiddle is recoded once per chunk, and so that
 * the eight butterflies of the IFMA lanes (g*_ifma_butterfly: the product and both additions)
 * share one twiddle in all stages but the last three (the lanes then take its NAF: fewer
 * additions); every stage runs on all threads.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "bls12_381/glv.h"
#include "ifma.h"
#include "g16k/plugin.h"
#include "internal.h"
#include "platform/parallel.h"

#define GRAIN 256 /* butterflies per chunk: ~10 ms of work, far above a thread's start cost */

/* w_m^(-1) for m = 2^s, the inverse of the root of unity of order m. */
static void inv_root(fr_t *out, unsigned s)
{
    fr_root_of_unity(out, s);
    fr_inv(out, out);
}

/* Shared state of one transform; the per-group macros below fill in the point type. */
typedef struct fft_ctx {
    void *a;          /* n Jacobian points */
    unsigned lg;      /* n = 2^lg */
    unsigned stage;   /* 1..lg: half-block h = 2^(stage-1) */
    fr_t w_inv;       /* w_m^(-1) of the stage */
    glv_scalar scale; /* g*_group_scale's factor recoded */
    glv_fixed scale_fixed;
    int simd;                  /* 1: the IFMA lanes (ifma_available()) */
    atomic_uint_fast64_t done; /* work items finished, for progress */
    uint64_t total;
    progress *pg;
    const char *phase;
} fft_ctx;

static void report(fft_ctx *c, uint64_t items, uint32_t worker)
{
    uint64_t done = atomic_fetch_add(&c->done, items) + items;
    if (worker == 0)
        progress_update(c->pg, c->phase, done, c->total);
}

/* Butterflies of one stage, item t of n/2 ordered twiddle-major: j = t / blocks (the twiddle
 * w_m^(-j)), block = t % blocks. With IFMA eight at a time (g*_ifma_butterfly), else one by one
 * (g*_jac_mul_glv and g*_jac_add); twiddle 1 has no product. */
#define GROUP_FFT(G, T)                                                                            \
    /* (u, v) <- (u + t, u - t), t its twiddle times v (may be v itself) */                        \
    static void G##_butterfly(T *u, T *v, const T *t)                                              \
    {                                                                                              \
        T nt;                                                                                      \
        G##_jac_neg(&nt, t);                                                                       \
        G##_jac_add(&nt, u, &nt);                                                                  \
        G##_jac_add(u, u, t);                                                                      \
        *v = nt;                                                                                   \
    }                                                                                              \
                                                                                                   \
    static void G##_scale_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)          \
    {                                                                                              \
        fft_ctx *c = arg;                                                                          \
        T *a = c->a;                                                                               \
        if (!c->simd) {                                                                            \
            for (uint64_t i = begin; i < end; i++)                                                 \
                G##_jac_mul_glv(&a[i], &a[i], &c->scale);                                          \
            return;                                                                                \
        }                                                                                          \
        const glv_fixed *sp[IFMA_LANES];                                                           \
        for (unsigned l = 0; l < IFMA_LANES; l++)                                                  \
            sp[l] = &c->scale_fixed;                                                               \
        for (uint64_t i = begin; i < end; i += IFMA_LANES) {                                       \
            unsigned m = end - i < IFMA_LANES ? (unsigned)(end - i) : IFMA_LANES;                  \
            G##_ifma_mul_glv(&a[i], &a[i], sp, m);                                                 \
        }                                                                                          \
        report(c, end - begin, worker);                                                            \
    }                                                                                              \
                                                                                                   \
    static void G##_fft_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)            \
    {                                                                                              \
        fft_ctx *c = arg;                                                                          \
        T *a = c->a;                                                                               \
        unsigned hs = c->stage - 1;                          /* h = 2^hs */                        \
        uint64_t blocks = (uint64_t)1 << (c->lg - c->stage); /* n / m */                           \
        uint64_t j = begin / blocks, jprev = ~(uint64_t)0, e = j;                                  \
        fr_t w;                                                                                    \
        fr_pow(&w, &c->w_inv, &e, 1);                                                              \
        glv_scalar ws;             /* the portable path's recoding of w */                         \
        glv_fixed rec[IFMA_LANES]; /* the SIMD path's recodings of this batch */                   \
        const glv_fixed *cur = NULL, *sp[IFMA_LANES];                                              \
        T tw, *u[IFMA_LANES], *v[IFMA_LANES];                                                      \
        unsigned nl = 0;                                                                           \
        for (uint64_t t = begin; t < end; t++) {                                                   \
            j = t / blocks;                                                                        \
            int fresh = j != jprev;                                                                \
            if (fresh) {                                                                           \
                if (jprev != ~(uint64_t)0)                                                         \
                    fr_mul(&w, &w, &c->w_inv);                                                     \
                jprev = j;                                                                         \
            }                                                                                      \
            uint64_t x0 = ((t % blocks) << (hs + 1)) + j, x1 = x0 + ((uint64_t)1 << hs);           \
            if (j == 0) { /* twiddle 1 */                                                          \
                G##_butterfly(&a[x0], &a[x1], &a[x1]);                                             \
                continue;                                                                          \
            }                                                                                      \
            if (!c->simd) {                                                                        \
                if (fresh)                                                                         \
                    glv_scalar_set(&ws, &w);                                                       \
                G##_jac_mul_glv(&tw, &a[x1], &ws);                                                 \
                G##_butterfly(&a[x0], &a[x1], &tw);                                                \
                continue;                                                                          \
            }                                                                                      \
            if (nl == 0 && cur != NULL && !fresh) { /* keep the recoding out of rec[1..] */        \
                rec[0] = *cur;                                                                     \
                cur = &rec[0];                                                                     \
            }                                                                                      \
            if (fresh || cur == NULL) {                                                            \
                glv_fixed_set(&rec[nl], &w);                                                       \
                cur = &rec[nl];                                                                    \
            }                                                                                      \
            sp[nl] = cur;                                                                          \
            u[nl] = &a[x0];                                                                        \
            v[nl] = &a[x1];                                                                        \
            if (++nl == IFMA_LANES) {                                                              \
                G##_ifma_butterfly(u, v, sp, nl);                                                  \
                nl = 0;                                                                            \
            }                                                                                      \
        }                                                                                          \
        if (nl)                                                                                    \
            G##_ifma_butterfly(u, v, sp, nl);                                                      \
        report(c, end - begin, worker);                                                            \
    }                                                                                              \
                                                                                                   \
    void G##_ifft(T *a, unsigned lg, unsigned threads, progress *pg, const char *phase)            \
    {                                                                                              \
        uint64_t n = (uint64_t)1 << lg;                                                            \
        for (uint64_t i = 0; i < n; i++) {                                                         \
            uint64_t r = setup_bit_reverse(i, lg);                                                 \
            if (r > i) {                                                                           \
                T t = a[i];                                                                        \
                a[i] = a[r];                                                                       \
                a[r] = t;                                                                          \
            }                                                                                      \
        }                                                                                          \
        fft_ctx c = { .a = a, .lg = lg, .pg = pg, .phase = phase, .simd = SETUP_SIMD() };          \
        atomic_init(&c.done, 0);                                                                   \
        c.total = (uint64_t)lg * (n / 2);                                                          \
        uint32_t th = pool_threads(threads);                                                       \
        for (c.stage = 1; c.stage <= lg; c.stage++) {                                              \
            inv_root(&c.w_inv, c.stage);                                                           \
            par_for(th, n / 2, GRAIN, G##_fft_range, &c);                                          \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    void G##_group_scale(T *a, uint64_t n, const fr_t *k, unsigned threads, progress *pg,          \
                         const char *phase)                                                        \
    {                                                                                              \
        fft_ctx c = { .a = a, .total = n, .pg = pg, .phase = phase, .simd = SETUP_SIMD() };        \
        atomic_init(&c.done, 0);                                                                   \
        glv_scalar_set(&c.scale, k);                                                               \
        glv_fixed_set(&c.scale_fixed, k);                                                          \
        par_for(pool_threads(threads), n, GRAIN, G##_scale_range, &c);                             \
    }

GROUP_FFT(g1, g1_jac_t)
GROUP_FFT(g2, g2_jac_t)
