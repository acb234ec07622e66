/*
 * The point sums and the checked decoding of `g16k ptau verify` (internal.h): every point of a
 * section decoded, tested on its curve and in its subgroup (the IFMA lanes eight at a time) and
 * optionally hashed; sums of points with 64-bit random weights and with full scalars
 * (ptau_pippenger.c's batch-affine Pippenger on the IFMA lanes; else Pippenger on the reference
 * buckets and a product per point).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "ifma.h"
#include "internal.h"
#include "platform/parallel.h"
#include "setup.h"
#include "util/error.h"

/* ---- decoding ---- */

typedef struct sec_pass {
    int g2;
    const ptau *pt;
    uint32_t id;
    uint64_t first; /* section index of the block's first point */
    void *pts;      /* the points decoded */
    uint8_t *u;     /* the block's uncompressed encodings, or NULL: none wanted */
    int subgroup;   /* 1: test that every point lies in its subgroup */
    int simd;
    atomic_uint_fast64_t bad; /* lowest failing section index, or ~0 */
} sec_pass;

static size_t sz_aff(int g2)
{
    return g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
}

void ptau_subgroup_note(int g2, const void *pts, uint64_t n, uint64_t first, int simd,
                        atomic_uint_fast64_t *bad)
{
    for (uint64_t i0 = 0; i0 < n; i0 += IFMA_LANES) {
        unsigned m = n - i0 < IFMA_LANES ? (unsigned)(n - i0) : IFMA_LANES, fin = 0, ok = 0;
        const g1_affine_t *p1 = (const g1_affine_t *)pts + i0;
        const g2_affine_t *p2 = (const g2_affine_t *)pts + i0;
        for (unsigned l = 0; l < m; l++)
            fin |= (unsigned)!(g2 ? g2_affine_is_inf(p2 + l) : g1_affine_is_inf(p1 + l)) << l;
        if (simd && fin == (1u << m) - 1) /* the lanes take finite points only */
            ok = g2 ? g2_ifma_in_subgroup(p2, m) : g1_ifma_in_subgroup(p1, m);
        for (unsigned l = 0; l < m; l++)
            if (!(ok >> l & 1) &&
                !(g2 ? g2_affine_in_subgroup(p2 + l) : g1_affine_in_subgroup(p1 + l)))
                ptau_note_lowest(bad, first + i0 + l);
    }
}

static void decode_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    sec_pass *s = arg;
    size_t sz = s->g2 ? G2_BYTES : G1_BYTES;
    for (uint64_t i0 = b; i0 < e; i0 += IFMA_LANES) { /* eight decoded, then tested while hot */
        unsigned m = e - i0 < IFMA_LANES ? (unsigned)(e - i0) : IFMA_LANES;
        for (uint64_t i = i0; i < i0 + m; i++) {
            if (s->g2) {
                g2_affine_t *a = (g2_affine_t *)s->pts + s->first + i;
                if (ptau_point(s->pt, s->id, s->first + i, a, 0)) {
                    ptau_note_lowest(&s->bad, s->first + i);
                    memset(a, 0, sizeof *a); /* infinity: defined, and no subgroup test */
                }
                if (s->u)
                    setup_g2_to_u(s->u + i * sz, a);
            } else {
                g1_affine_t *a = (g1_affine_t *)s->pts + s->first + i;
                if (ptau_point(s->pt, s->id, s->first + i, a, 0)) {
                    ptau_note_lowest(&s->bad, s->first + i);
                    memset(a, 0, sizeof *a); /* infinity: defined, and no subgroup test */
                }
                if (s->u)
                    setup_g1_to_u(s->u + i * sz, a);
            }
        }
        if (s->subgroup)
            ptau_subgroup_note(s->g2, (const uint8_t *)s->pts + (s->first + i0) * sz_aff(s->g2), m,
                               s->first + i0, s->simd, &s->bad);
    }
}

/* The points decoded and hashed per step. */
#define BLOCK ((uint64_t)1 << 16)

int ptau_decode_checked(const ptau *pt, uint32_t id, const char *name, void *pts, uint64_t n,
                        int subgroup, blake2b_state *h, unsigned threads, progress *pg,
                        uint64_t done0, uint64_t total)
{
    int g2 = ptau_section_is_g2(id);
    size_t sz = g2 ? G2_BYTES : G1_BYTES;
    sec_pass s = {
        .g2 = g2, .pt = pt, .id = id, .pts = pts, .subgroup = subgroup, .simd = SETUP_SIMD()
    };
    if (h && !(s.u = malloc(BLOCK * sz)))
        return err_set(G16K_ENOMEM, "ptau: no memory to hash %s", name);
    int rc = G16K_OK;
    for (uint64_t b = 0; b < n && rc == G16K_OK; b += BLOCK) {
        uint64_t m = n - b < BLOCK ? n - b : BLOCK;
        s.first = b;
        atomic_init(&s.bad, ~(uint64_t)0);
        par_for(pool_threads(threads), m, 512, decode_range, &s);
        uint64_t bad = atomic_load(&s.bad);
        if (bad != ~(uint64_t)0) {
            rc = ptau_point_error(pt, id, name, bad, subgroup);
            break;
        }
        if (h)
            blake2b_update(h, s.u, m * sz);
        progress_update(pg, name, done0 + b + m, total);
    }
    free(s.u);
    return rc;
}

/* ---- 64-bit weights ---- */

/* Pippenger with 64-bit scalars on one chunk [b, e) of i: R1 = sum r_i P_i and, with sums = 2,
 * R2 = sum r_i P_(i+1); window c, buckets of the reference arithmetic. */
typedef struct lc_job {
    int g2;
    unsigned sums; /* 1: R1 only; 2: R1 and R2 */
    const void *pts;
    const uint64_t *r;
    uint64_t grain;
    void *out;        /* per chunk: two Jacobian points */
    atomic_int nomem; /* a chunk found no memory for its buckets */
} lc_job;

#define LINCOMB(G, AFF, JAC)                                                                       \
    static void G##_lc_range(lc_job *j, uint64_t b, uint64_t e)                                    \
    {                                                                                              \
        const AFF *P = j->pts;                                                                     \
        unsigned c = 4;                                                                            \
        while (c < 16 && ((uint64_t)1 << (c + 3)) < e - b)                                         \
            c++;                                                                                   \
        uint64_t nb = (uint64_t)1 << c;                                                            \
        JAC *bk = malloc(j->sums * nb * sizeof *bk), acc[2];                                       \
        JAC *out = (JAC *)j->out + 2 * (b / j->grain);                                             \
        if (!bk) {                                                                                 \
            atomic_store(&j->nomem, 1);                                                            \
            return;                                                                                \
        }                                                                                          \
        G##_jac_set_inf(&acc[0]);                                                                  \
        G##_jac_set_inf(&acc[1]);                                                                  \
        for (int w = (int)((64 + c - 1) / c) - 1; w >= 0; w--) {                                   \
            for (unsigned d = 0; d < c; d++)                                                       \
                for (unsigned h = 0; h < j->sums; h++)                                             \
                    G##_jac_dbl(&acc[h], &acc[h]);                                                 \
            for (uint64_t x = 0; x < j->sums * nb; x++)                                            \
                G##_jac_set_inf(&bk[x]);                                                           \
            for (uint64_t i = b; i < e; i++) {                                                     \
                uint64_t d = (j->r[i] >> (w * c)) & (nb - 1);                                      \
                if (d) {                                                                           \
                    G##_jac_add_affine(&bk[d], &bk[d], &P[i]);                                     \
                    if (j->sums == 2)                                                              \
                        G##_jac_add_affine(&bk[nb + d], &bk[nb + d], &P[i + 1]);                   \
                }                                                                                  \
            }                                                                                      \
            for (unsigned h = 0; h < j->sums; h++) { /* sum_d d B_d by running sums */             \
                JAC run, sum;                                                                      \
                G##_jac_set_inf(&run);                                                             \
                G##_jac_set_inf(&sum);                                                             \
                for (uint64_t d = nb - 1; d >= 1; d--) {                                           \
                    G##_jac_add(&run, &run, &bk[h * nb + d]);                                      \
                    G##_jac_add(&sum, &sum, &run);                                                 \
                }                                                                                  \
                G##_jac_add(&acc[h], &acc[h], &sum);                                               \
            }                                                                                      \
        }                                                                                          \
        out[0] = acc[0];                                                                           \
        out[1] = acc[1];                                                                           \
        free(bk);                                                                                  \
    }

LINCOMB(g1, g1_affine_t, g1_jac_t)
LINCOMB(g2, g2_affine_t, g2_jac_t)

static void lc_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    lc_job *j = arg;
    if (j->g2)
        g2_lc_range(j, b, e);
    else
        g1_lc_range(j, b, e);
}

int ptau_sum64(int g2, const void *pts, const uint64_t *r, uint64_t n, unsigned threads, void *r1,
               void *r2)
{
    if (SETUP_SIMD())
        return ptau_ba_sum(g2, pts, r, 1, n, threads, r1, r2);
    unsigned sums = r2 ? 2 : 1;
    uint32_t th = pool_threads(threads);
    uint64_t grain = n ? (n + th - 1) / th : 1;
    size_t jsz = g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t);
    void *parts = calloc(2 * th, jsz);
    if (!parts)
        return err_set(G16K_ENOMEM, "ptau: out of memory");
    lc_job j = { .g2 = g2, .sums = sums, .pts = pts, .r = r, .grain = grain, .out = parts };
    atomic_init(&j.nomem, 0);
    par_for(th, n, grain, lc_range, &j);
    int rc = G16K_OK;
    if (atomic_load(&j.nomem))
        rc = err_set(G16K_ENOMEM, "ptau: no memory for the buckets of a sum");
    else
        ptau_sum_parts(g2, r1, r2, parts, (n + grain - 1) / grain);
    free(parts);
    return rc;
}

#define SUM_PARTS(G, JAC)                                                                          \
    static void G##_sum_parts(JAC *r1, JAC *r2, const JAC *parts, uint64_t chunks)                 \
    {                                                                                              \
        G##_jac_set_inf(r1);                                                                       \
        if (r2)                                                                                    \
            G##_jac_set_inf(r2);                                                                   \
        for (uint64_t q = 0; q < chunks; q++) {                                                    \
            G##_jac_add(r1, r1, &parts[2 * q]);                                                    \
            if (r2)                                                                                \
                G##_jac_add(r2, r2, &parts[2 * q + 1]);                                            \
        }                                                                                          \
    }
SUM_PARTS(g1, g1_jac_t)
SUM_PARTS(g2, g2_jac_t)

void ptau_sum_parts(int g2, void *r1, void *r2, const void *parts, uint64_t chunks)
{
    if (g2)
        g2_sum_parts(r1, r2, parts, chunks);
    else
        g1_sum_parts(r1, r2, parts, chunks);
}

/* ---- full scalars ---- */

/* sum_i k_i P_i on one chunk [b, e) of full scalars (ptau_sum_full's reference path): a
 * product per point through the endomorphism. */
typedef struct fs_job {
    int g2;
    const void *pts;
    const fr_t *k;
    uint64_t grain;
    void *out; /* per chunk: a Jacobian point (the first of ptau_sum_parts' pair) */
} fs_job;

#define FULLSUM(G, AFF, JAC)                                                                       \
    static void G##_fs_range(fs_job *j, uint64_t b, uint64_t e)                                    \
    {                                                                                              \
        const AFF *P = j->pts;                                                                     \
        JAC q, acc;                                                                                \
        G##_jac_set_inf(&acc);                                                                     \
        for (uint64_t i = b; i < e; i++) {                                                         \
            glv_scalar w;                                                                          \
            G##_jac_from_affine(&q, &P[i]);                                                        \
            glv_scalar_set(&w, &j->k[i]);                                                          \
            G##_jac_mul_glv(&q, &q, &w);                                                           \
            G##_jac_add(&acc, &acc, &q);                                                           \
        }                                                                                          \
        ((JAC *)j->out)[2 * (b / j->grain)] = acc;                                                 \
    }

FULLSUM(g1, g1_affine_t, g1_jac_t)
FULLSUM(g2, g2_affine_t, g2_jac_t)

static void fs_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    fs_job *j = arg;
    if (j->g2)
        g2_fs_range(j, b, e);
    else
        g1_fs_range(j, b, e);
}

int ptau_sum_full(int g2, const void *pts, fr_t *k, uint64_t n, unsigned threads, void *out)
{
    if (SETUP_SIMD()) {
        for (uint64_t i = 0; i < n; i++)
            fr_to_canon(&k[i], &k[i]);
        return ptau_ba_sum(g2, pts, (const uint64_t *)(const void *)k, 4, n, threads, out, NULL);
    }
    uint64_t chunks = (n + PTAU_SUM_GRAIN - 1) / PTAU_SUM_GRAIN;
    size_t jsz = g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t);
    void *parts = calloc(2 * (chunks ? chunks : 1), jsz);
    if (!parts)
        return err_set(G16K_ENOMEM, "ptau: out of memory");
    fs_job j = { .g2 = g2, .pts = pts, .k = k, .grain = PTAU_SUM_GRAIN, .out = parts };
    par_for(pool_threads(threads), n, PTAU_SUM_GRAIN, fs_range, &j);
    ptau_sum_parts(g2, out, NULL, parts, chunks);
    free(parts);
    return G16K_OK;
}
