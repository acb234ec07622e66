/*
 * Eight scalar multiplications at once on the IFMA lanes (ifma.h, g1_ifma_mul_glv): each lane's
 * scalar split by GLV/GLS (arith/bls12_381/glv.h) into two 128-bit halves in signed 4-bit
 * windows, so that every lane does the same steps: per window 4 doublings of its accumulator
 * (g*_ifma_bucket_dbl) and 2 mixed additions of a table entry (g*_ifma_bucket_add; digit 0 adds
 * the point at infinity, which the addition handles in-vector). The tables, [m] P and [m] Q for
 * m = 1..8 with Q = [x^2] P (the endomorphism image), are built with the reference arithmetic
 * and made affine with one inversion for all eight lanes. The accumulators are the "buckets" of
 * the bucket functions, one per lane; results equal the reference's after conversion.
 */
#include "bls12_381/glv.h"
#include "ifma.h"

#define GLV_IFMA(G, JAC, AFF, R52)                                                                 \
    void G##_ifma_mul_glv(JAC *out, const JAC *p, const glv_fixed *const s[], unsigned n)          \
    {                                                                                              \
        JAC tj[2][IFMA_LANES][8]; /* [half][lane][m - 1] */                                        \
        AFF ta[2][IFMA_LANES][8];                                                                  \
        static const AFF inf; /* (0, 0) */                                                         \
        R52 acc[IFMA_LANES];                                                                       \
        uint32_t idx[IFMA_LANES];                                                                  \
        for (unsigned k = 0; k < n; k++) {                                                         \
            tj[0][k][0] = p[k];                                                                    \
            G##_jac_dbl(&tj[0][k][1], &p[k]);                                                      \
            for (int m = 2; m < 8; m++)                                                            \
                G##_jac_add(&tj[0][k][m], &tj[0][k][m - 1], &p[k]);                                \
            for (int m = 0; m < 8; m++)                                                            \
                G##_jac_x2_image(&tj[1][k][m], &tj[0][k][m]);                                      \
            idx[k] = k;                                                                            \
            G##_ifma_set_inf(&acc[k]);                                                             \
        }                                                                                          \
        for (int h = 0; h < 2; h++)                                                                \
            G##_jac_batch_to_affine(&ta[h][0][0], &tj[h][0][0], (size_t)n * 8);                    \
        for (int i = GLV_WINDOWS - 1; i >= 0; i--) {                                               \
            if (i != GLV_WINDOWS - 1)                                                              \
                for (int d = 0; d < 4; d++)                                                        \
                    G##_ifma_bucket_dbl(acc, idx, n);                                              \
            for (int h = 0; h < 2; h++) {                                                          \
                const AFF *pts[IFMA_LANES];                                                        \
                unsigned neg = 0;                                                                  \
                for (unsigned k = 0; k < n; k++) {                                                 \
                    int d = s[k]->d[h][i];                                                         \
                    pts[k] = d == 0 ? &inf : &ta[h][k][(d < 0 ? -d : d) - 1];                      \
                    neg |= (unsigned)(d < 0) << k;                                                 \
                }                                                                                  \
                G##_ifma_bucket_add(acc, idx, pts, neg, n);                                        \
            }                                                                                      \
        }                                                                                          \
        G##_ifma_to_jac(out, acc, n);                                                              \
    }

GLV_IFMA(g1, g1_jac_t, g1_affine_t, g1_jac_r52)
GLV_IFMA(g2, g2_jac_t, g2_affine_t, g2_jac_r52)
