/*
 * sum_i k_i P_i on the IFMA lanes (internal.h ptau_ba_sum), for the sums of `g16k ptau verify`
 * (ptau_sums.c): Pippenger's bucket method (Bernstein et al., INDOCRYPT 2012, section 4) with
 * unsigned windows and batch-affine buckets (arith/ifma g*_ifma_ba_run: the affine additions of
 * a batch of distinct buckets share one inversion; 6 (G1) or 15 (G2) lane products an addition
 * against the 11 or 29 of a Jacobian mixed addition on the reference). Per window the points
 * are sorted by digit (a counting sort), and round j adds the j-th point of every bucket that
 * holds more than j: the buckets of a round are distinct by construction, as ba_run needs,
 * with no queue of collisions. The buckets are then summed by running sums on the reference
 * arithmetic (2^c mixed and 2^c general additions a window), which bounds the window: c up to
 * 10 on G1 and 9 on G2, where a reference addition costs five times a lane addition.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "ifma.h"
#include "internal.h"
#include "platform/parallel.h"
#include "util/error.h"

/* order[] holds a chunk's positions in 32 bits: the largest section (Lagrange tauG1) has
 * 2^(power + 2) - 1 points, and a chunk may be all of it (one thread). */
_Static_assert(SETUP_MAX_POWER + 2 <= 32, "a section's point index fits 32 bits");

typedef struct ba_job {
    int g2;
    unsigned words; /* 64-bit words a scalar */
    unsigned sums;  /* 1: R1 only; 2: R1 and R2 = sum k_i P_(i+1) */
    const void *pts;
    const uint64_t *k;
    uint64_t grain;
    void *out;        /* per chunk: two Jacobian points */
    atomic_int nomem; /* a chunk found no memory */
} ba_job;

/* Bits [off, off + c) of the scalar k (words words, little-endian); 0 past its end. */
static uint32_t digit(const uint64_t *k, unsigned words, unsigned off, unsigned c)
{
    unsigned wi = off / 64, sh = off % 64;
    if (wi >= words)
        return 0;
    uint64_t v = k[wi] >> sh;
    if (sh + c > 64 && wi + 1 < words)
        v |= k[wi + 1] << (64 - sh);
    return (uint32_t)(v & (((uint64_t)1 << c) - 1));
}

/* The counting sort of one window: dig[i] the digit of point i, start[d] .. start[d + 1] the
 * positions in order[] of bucket d's points (d >= 1; digit 0 adds nothing), returned: the
 * largest bucket's count (the rounds). */
static uint32_t sort_window(uint32_t *order, uint32_t *start, uint16_t *dig, const uint64_t *k,
                            unsigned words, uint64_t m, unsigned off, unsigned c)
{
    uint32_t nb = 1u << c, most = 0;
    memset(start, 0, (nb + 1) * sizeof *start);
    for (uint64_t i = 0; i < m; i++) {
        dig[i] = (uint16_t)digit(k + i * words, words, off, c);
        start[dig[i] + 1]++;
    }
    start[1] = 0; /* digit 0: not placed */
    for (uint32_t d = 1; d < nb; d++) {
        most = start[d + 1] > most ? start[d + 1] : most;
        start[d + 1] += start[d];
    }
    for (uint64_t i = 0; i < m; i++)
        if (dig[i])
            order[start[dig[i]]++] = (uint32_t)i;
    for (uint32_t d = nb - 1; d >= 1; d--) /* the placing moved each start to the next's */
        start[d] = d > 1 ? start[d - 1] : 0;
    return most;
}

/* 64-bit weights take windows of 8 bits at most: eight full windows, where 9 or 10 bits would
 * leave a top window of 1 or 4 bits, half or a sixteenth of the points then added in rounds
 * of one addition each (a whole inversion a round). */
#define BA_C64 8

#define BA_SUM(G, AFF, JAC, R52, CMAX)                                                             \
    static int G##_ba_chunk(const ba_job *j, uint64_t b, uint64_t e, JAC acc[2])                   \
    {                                                                                              \
        const AFF *P = j->pts;                                                                     \
        uint64_t m = e - b;                                                                        \
        unsigned c = 4, cmax = j->words == 1 ? BA_C64 : (CMAX);                                    \
        while (c < cmax && ((uint64_t)1 << (c + 3)) < m)                                           \
            c++;                                                                                   \
        uint32_t nb = 1u << c, nbk = j->sums * nb;                                                 \
        R52 *bk = aligned_alloc(64, sizeof(R52) * nbk);                                            \
        void *scratch = aligned_alloc(64, G##_ifma_ba_scratch_size(nbk));                          \
        uint32_t *order = malloc(sizeof(uint32_t) * (m ? m : 1));                                  \
        uint32_t *start = malloc(sizeof(uint32_t) * (nb + 1));                                     \
        uint16_t *dig = malloc(sizeof(uint16_t) * (m ? m : 1));                                    \
        uint64_t *idx = malloc(sizeof(uint64_t) * nbk);                                            \
        const uint8_t **pp = malloc(sizeof(*pp) * nbk);                                            \
        uint8_t *flags = calloc(3, nbk); /* neg (all 0), empty, live */                            \
        AFF *ba = malloc(sizeof(AFF) * nb);                                                        \
        int rc = -1;                                                                               \
        if (!bk || !scratch || !order || !start || !dig || !idx || !pp || !flags || !ba)           \
            goto out;                                                                              \
        memset(bk, 0, sizeof(R52) * nbk); /* defined bytes in buckets never set */                 \
        uint8_t *neg = flags, *empty = flags + nbk, *live = flags + 2 * (size_t)nbk;               \
        unsigned windows = (64 * j->words + c - 1) / c;                                            \
        for (unsigned h = 0; h < 2; h++)                                                           \
            G##_jac_set_inf(&acc[h]);                                                              \
        for (int w = (int)windows - 1; w >= 0; w--) {                                              \
            for (unsigned d = 0; d < c && w != (int)windows - 1; d++)                              \
                for (unsigned h = 0; h < j->sums; h++)                                             \
                    G##_jac_dbl(&acc[h], &acc[h]);                                                 \
            uint32_t rounds = sort_window(order, start, dig, j->k + b * j->words, j->words, m,     \
                                          (unsigned)w * c, c);                                     \
            memset(live, 0, nbk);                                                                  \
            for (uint32_t r = 0; r < rounds; r++) {                                                \
                uint32_t t = 0;                                                                    \
                for (uint32_t d = 1; d < nb; d++) {                                                \
                    if (start[d] + r >= start[d + 1])                                              \
                        continue;                                                                  \
                    uint64_t i = b + order[start[d] + r];                                          \
                    for (unsigned h = 0; h < j->sums; h++) {                                       \
                        const AFF *p = &P[i + h];                                                  \
                        uint32_t x = h * nb + d;                                                   \
                        if (G##_affine_is_inf(p))                                                  \
                            continue;                                                              \
                        if (!live[x]) {                                                            \
                            G##_ifma_aff_set(&bk[x], p, 0);                                        \
                            live[x] = 1;                                                           \
                        } else {                                                                   \
                            idx[t] = x;                                                            \
                            pp[t++] = (const uint8_t *)p;                                          \
                        }                                                                          \
                    }                                                                              \
                }                                                                                  \
                G##_ifma_ba_run(bk, idx, pp, neg, t, empty, scratch);                              \
                for (uint32_t q = 0; q < t; q++)                                                   \
                    if (empty[q])                                                                  \
                        live[idx[q]] = 0; /* bucket + (-bucket): empty again */                    \
            }                                                                                      \
            for (unsigned h = 0; h < j->sums; h++) { /* sum_d d B_d by running sums */             \
                JAC run, sum;                                                                      \
                G##_jac_set_inf(&run);                                                             \
                G##_jac_set_inf(&sum);                                                             \
                G##_ifma_aff_get(ba, bk + (size_t)h * nb, nb);                                     \
                for (uint32_t d = nb - 1; d >= 1; d--) {                                           \
                    if (live[h * nb + d])                                                          \
                        G##_jac_add_affine(&run, &run, &ba[d]);                                    \
                    G##_jac_add(&sum, &sum, &run);                                                 \
                }                                                                                  \
                G##_jac_add(&acc[h], &acc[h], &sum);                                               \
            }                                                                                      \
        }                                                                                          \
        rc = 0;                                                                                    \
    out:                                                                                           \
        free(bk);                                                                                  \
        free(scratch);                                                                             \
        free(order);                                                                               \
        free(start);                                                                               \
        free(dig);                                                                                 \
        free(idx);                                                                                 \
        free(pp);                                                                                  \
        free(flags);                                                                               \
        free(ba);                                                                                  \
        return rc;                                                                                 \
    }

BA_SUM(g1, g1_affine_t, g1_jac_t, g1_aff_r52, 10)
BA_SUM(g2, g2_affine_t, g2_jac_t, g2_aff_r52, 9)

static void ba_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    ba_job *j = arg;
    int rc;
    if (j->g2)
        rc = g2_ba_chunk(j, b, e, (g2_jac_t *)j->out + 2 * (b / j->grain));
    else
        rc = g1_ba_chunk(j, b, e, (g1_jac_t *)j->out + 2 * (b / j->grain));
    if (rc)
        atomic_store(&j->nomem, 1);
}

int ptau_ba_sum(int g2, const void *pts, const uint64_t *k, unsigned words, uint64_t n,
                unsigned threads, void *r1, void *r2)
{
    uint32_t th = pool_threads(threads);
    uint64_t grain = n ? (n + th - 1) / th : 1;
    uint64_t chunks = n ? (n + grain - 1) / grain : 0;
    size_t jsz = g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t);
    void *parts = calloc(2 * (chunks ? chunks : 1), jsz);
    if (!parts)
        return err_set(G16K_ENOMEM, "ptau: out of memory");
    ba_job j = { .g2 = g2,
                 .words = words,
                 .sums = r2 ? 2 : 1,
                 .pts = pts,
                 .k = k,
                 .grain = grain,
                 .out = parts };
    atomic_init(&j.nomem, 0);
    par_for(th, n, grain, ba_range, &j);
    int rc = G16K_OK;
    if (atomic_load(&j.nomem))
        rc = err_set(G16K_ENOMEM, "ptau: no memory for the buckets of a sum");
    else
        ptau_sum_parts(g2, r1, r2, parts, chunks);
    free(parts);
    return rc;
}
