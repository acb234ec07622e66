/*
 * bench_ifma: micro benchmark of arith/ifma against the reference arithmetic; prints one JSON
 * object. Not a test. Each figure is the median of 5 timed repetitions (after a warm-up), in
 * nanoseconds of this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that a machine shared with
 * other work still gives comparable figures:
 *   fp_mul_ns          reference fp_mul, independent products
 *   fp_mul_ifma_ns     fp_ifma_mul on 8 lanes / 8
 *   g2_madd_ns         reference g2_jac_add_affine (Jacobian += affine)
 *   g2_madd_ifma_ns    g2_ifma_bucket_add / 8 lanes (gather, point conversion, scatter included)
 *   g2_ba_ifma_ns      g2_ifma_ba_run, per addition: batches of 512 distinct buckets of 4096
 *                      (the batch-affine MSM path's shape), the batch inversion included
 *   g1_madd_ns, g1_madd_ifma_ns, g1_ba_ifma_ns   the same on G1
 * Without IFMA (or with G16K_SIMD=portable) the ifma figures are null, unless this is the
 * bench_ifma_emul build (IFMA_BENCH_EMUL), whose figures time the C emulation: a functional
 * check of the benchmark only, meaningless as speed.
 * Usage: bench_ifma [scale]  (scale multiplies the iteration counts; default 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ifma.h"

#define REPS 5
#define NB 4096 /* buckets: a realistic spread, larger than L1 like a Pippenger window */
#define NP 1024 /* distinct points */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v)
{
    qsort(v, REPS, sizeof *v, cmp_double);
    return v[REPS / 2];
}

static uint64_t rng = 0x243f6a8885a308d3ULL;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static volatile uint64_t sink;

static double bench_fp_ref(long iters)
{
    fp_t x[8], y[8];
    for (int k = 0; k < 8; k++) {
        fp_set_u64(&x[k], rnd());
        fp_set_u64(&y[k], rnd());
    }
    double t0 = now_ns();
    for (long i = 0; i < iters; i++)
        for (int k = 0; k < 8; k++)
            fp_mul(&x[k], &x[k], &y[k]);
    double t = now_ns() - t0;
    sink = x[0].l[0];
    return t / ((double)iters * 8);
}

static double bench_fp_ifma(long iters)
{
    fp_t x[8], y[8];
    fp8_r52 rx, ry;
    for (int k = 0; k < 8; k++) {
        fp_set_u64(&x[k], rnd());
        fp_set_u64(&y[k], rnd());
    }
    fp_ifma_to_r52(&rx, x);
    fp_ifma_to_r52(&ry, y);
    double t0 = now_ns();
    for (long i = 0; i < iters; i++)
        fp_ifma_mul(&rx, &rx, &ry);
    double t = now_ns() - t0;
    sink = rx.l[0][0];
    return t / ((double)iters * 8);
}

/* Random points: multiples of the generator by consecutive additions (cheap to make). */
static void make_g2(g2_affine_t *pts, int n)
{
    g2_jac_t acc, *j = malloc((size_t)n * sizeof *j);
    g2_jac_from_affine(&acc, &G2_GENERATOR);
    for (int i = 0; i < n; i++) {
        g2_jac_add_affine(&acc, &acc, &G2_GENERATOR);
        g2_jac_dbl(&acc, &acc);
        j[i] = acc;
    }
    g2_jac_batch_to_affine(pts, j, (size_t)n);
    free(j);
}

static void make_g1(g1_affine_t *pts, int n)
{
    g1_jac_t acc, *j = malloc((size_t)n * sizeof *j);
    g1_jac_from_affine(&acc, &G1_GENERATOR);
    for (int i = 0; i < n; i++) {
        g1_jac_add_affine(&acc, &acc, &G1_GENERATOR);
        g1_jac_dbl(&acc, &acc);
        j[i] = acc;
    }
    g1_jac_batch_to_affine(pts, j, (size_t)n);
    free(j);
}

/* Random (bucket, point) batches of 8 distinct buckets, precomputed so timing sees only adds. */
static uint32_t *make_batches(long nbatch)
{
    uint32_t *b = malloc((size_t)nbatch * 16 * sizeof *b);
    for (long i = 0; i < nbatch; i++) {
        uint32_t base = (uint32_t)(rnd() % (NB / 8)) * 8;
        for (int k = 0; k < 8; k++) {
            b[16 * i + k] = base + (uint32_t)k;         /* distinct buckets */
            b[16 * i + 8 + k] = (uint32_t)(rnd() % NP); /* point index */
        }
    }
    return b;
}

static double bench_g2_ref(const g2_affine_t *pts, const uint32_t *bt, long nbatch)
{
    g2_jac_t *bk = malloc(NB * sizeof *bk);
    for (int i = 0; i < NB; i++)
        g2_jac_from_affine(&bk[i], &pts[i % NP]);
    double t0 = now_ns();
    for (long i = 0; i < nbatch; i++)
        for (int k = 0; k < 8; k++)
            g2_jac_add_affine(&bk[bt[16 * i + k]], &bk[bt[16 * i + k]], &pts[bt[16 * i + 8 + k]]);
    double t = now_ns() - t0;
    sink = bk[0].x.c0.l[0];
    free(bk);
    return t / ((double)nbatch * 8);
}

static double bench_g2_ifma(const g2_affine_t *pts, const uint32_t *bt, long nbatch)
{
    g2_jac_r52 *bk = aligned_alloc(64, NB * sizeof *bk);
    g2_jac_t *j = malloc(NB * sizeof *j);
    for (int i = 0; i < NB; i++)
        g2_jac_from_affine(&j[i], &pts[i % NP]);
    g2_ifma_from_jac(bk, j, NB);
    double t0 = now_ns();
    for (long i = 0; i < nbatch; i++) {
        const g2_affine_t *pp[8];
        for (int k = 0; k < 8; k++)
            pp[k] = &pts[bt[16 * i + 8 + k]];
        g2_ifma_bucket_add(bk, &bt[16 * i], pp, 0, 8);
    }
    double t = now_ns() - t0;
    sink = bk[0].x[0][0];
    free(j);
    free(bk);
    return t / ((double)nbatch * 8);
}

static double bench_g1_ref(const g1_affine_t *pts, const uint32_t *bt, long nbatch)
{
    g1_jac_t *bk = malloc(NB * sizeof *bk);
    for (int i = 0; i < NB; i++)
        g1_jac_from_affine(&bk[i], &pts[i % NP]);
    double t0 = now_ns();
    for (long i = 0; i < nbatch; i++)
        for (int k = 0; k < 8; k++)
            g1_jac_add_affine(&bk[bt[16 * i + k]], &bk[bt[16 * i + k]], &pts[bt[16 * i + 8 + k]]);
    double t = now_ns() - t0;
    sink = bk[0].x.l[0];
    free(bk);
    return t / ((double)nbatch * 8);
}

static double bench_g1_ifma(const g1_affine_t *pts, const uint32_t *bt, long nbatch)
{
    g1_jac_r52 *bk = aligned_alloc(64, NB * sizeof *bk);
    g1_jac_t *j = malloc(NB * sizeof *j);
    for (int i = 0; i < NB; i++)
        g1_jac_from_affine(&j[i], &pts[i % NP]);
    g1_ifma_from_jac(bk, j, NB);
    double t0 = now_ns();
    for (long i = 0; i < nbatch; i++) {
        const g1_affine_t *pp[8];
        for (int k = 0; k < 8; k++)
            pp[k] = &pts[bt[16 * i + 8 + k]];
        g1_ifma_bucket_add(bk, &bt[16 * i], pp, 0, 8);
    }
    double t = now_ns() - t0;
    sink = bk[0].x[0];
    free(j);
    free(bk);
    return t / ((double)nbatch * 8);
}

#define BA_BATCH 512

/* Batch-affine additions through g1_/g2_ifma_ba_run (one wrapper per group, run). */
typedef void ba_run_fn(void *bk, const uint64_t *idx, const uint8_t *const *pts, const uint8_t *neg,
                       uint32_t cnt, uint8_t *empty, void *scratch);

static void ba_run_g1(void *bk, const uint64_t *idx, const uint8_t *const *pts, const uint8_t *neg,
                      uint32_t cnt, uint8_t *empty, void *scratch)
{
    g1_ifma_ba_run(bk, idx, pts, neg, cnt, empty, scratch);
}

static void ba_run_g2(void *bk, const uint64_t *idx, const uint8_t *const *pts, const uint8_t *neg,
                      uint32_t cnt, uint8_t *empty, void *scratch)
{
    g2_ifma_ba_run(bk, idx, pts, neg, cnt, empty, scratch);
}

/* nbatch batches of BA_BATCH distinct buckets out of NB (a fresh random permutation prefix
 * each), a third of the points negated; all inputs drawn before the clock starts. */
static double bench_ba(int g2, const void *pts, long nbatch, ba_run_fn *run)
{
    size_t asz = g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    size_t rsz = g2 ? sizeof(g2_aff_r52) : sizeof(g1_aff_r52);
    uint8_t *bk = aligned_alloc(64, NB * rsz);
    size_t ssz = g2 ? g2_ifma_ba_scratch_size(BA_BATCH) : g1_ifma_ba_scratch_size(BA_BATCH);
    void *scratch = aligned_alloc(64, ssz);
    uint64_t *idx = malloc((size_t)nbatch * BA_BATCH * sizeof *idx);
    const uint8_t **pp = malloc((size_t)nbatch * BA_BATCH * sizeof *pp);
    uint8_t neg[BA_BATCH] = { 0 }, empty[BA_BATCH];
    uint32_t perm[NB];
    for (uint32_t i = 0; i < NB; i++) {
        const uint8_t *p = (const uint8_t *)pts + (i % NP) * asz;
        if (g2)
            g2_ifma_aff_set((g2_aff_r52 *)(void *)bk + i, (const g2_affine_t *)(const void *)p, 0);
        else
            g1_ifma_aff_set((g1_aff_r52 *)(void *)bk + i, (const g1_affine_t *)(const void *)p, 0);
        perm[i] = i;
    }
    for (long b = 0; b < nbatch; b++) {
        for (uint32_t i = 0; i < BA_BATCH; i++) { /* partial Fisher-Yates: distinct */
            uint32_t j = i + (uint32_t)(rnd() % (NB - i)), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
            idx[b * BA_BATCH + i] = perm[i];
            pp[b * BA_BATCH + i] = (const uint8_t *)pts + (rnd() % NP) * asz;
        }
        for (int k = 0; k < BA_BATCH; k += 3)
            neg[k] = 1;
    }
    double t0 = now_ns();
    for (long b = 0; b < nbatch; b++)
        run(bk, idx + b * BA_BATCH, pp + b * BA_BATCH, neg, BA_BATCH, empty, scratch);
    double t = now_ns() - t0;
    sink = ((uint64_t *)(void *)bk)[0];
    free(pp);
    free(idx);
    free(scratch);
    free(bk);
    return t / ((double)nbatch * BA_BATCH);
}

static void print_fig(const char *name, double v, int have, const char *sep)
{
    if (have)
        printf("  \"%s\": %.1f%s\n", name, v, sep);
    else
        printf("  \"%s\": null%s\n", name, sep);
}

int main(int argc, char **argv)
{
    long scale = argc > 1 ? atol(argv[1]) : 1;
    if (scale < 1)
        scale = 1;
#if defined(IFMA_BENCH_EMUL)
    const int have = 1;
    const int emulated = 1;
#else
    const int have = ifma_available();
    const int emulated = 0;
#endif
    long fp_iters = 200000 * scale;
    long nbatch = 2000 * scale;
    g2_affine_t *p2 = malloc(NP * sizeof *p2);
    g1_affine_t *p1 = malloc(NP * sizeof *p1);
    make_g2(p2, NP);
    make_g1(p1, NP);
    uint32_t *bt = make_batches(nbatch);

    double r[8][REPS];
    for (int rep = -1; rep < REPS; rep++) { /* rep -1: warm-up, not recorded */
        double v[8] = { 0 };
        v[0] = bench_fp_ref(fp_iters);
        v[2] = bench_g2_ref(p2, bt, nbatch);
        v[4] = bench_g1_ref(p1, bt, nbatch);
        if (have) {
            v[1] = bench_fp_ifma(fp_iters);
            v[3] = bench_g2_ifma(p2, bt, nbatch);
            v[5] = bench_g1_ifma(p1, bt, nbatch);
            v[6] = bench_ba(1, p2, nbatch / 64 + 1, ba_run_g2);
            v[7] = bench_ba(0, p1, nbatch / 64 + 1, ba_run_g1);
        }
        if (rep >= 0)
            for (int i = 0; i < 8; i++)
                r[i][rep] = v[i];
    }
    double m[8];
    for (int i = 0; i < 8; i++)
        m[i] = median(r[i]);
    printf("{\n  \"ifma_available\": %s,\n  \"emulated\": %s,\n  \"runs\": %d,\n",
           ifma_available() ? "true" : "false", emulated ? "true" : "false", REPS);
    print_fig("fp_mul_ns", m[0], 1, ",");
    print_fig("fp_mul_ifma_ns", m[1], have, ",");
    print_fig("g2_madd_ns", m[2], 1, ",");
    print_fig("g2_madd_ifma_ns", m[3], have, ",");
    print_fig("g2_ba_ifma_ns", m[6], have, ",");
    print_fig("g1_madd_ns", m[4], 1, ",");
    print_fig("g1_madd_ifma_ns", m[5], have, ",");
    print_fig("g1_ba_ifma_ns", m[7], have, ",");
    print_fig("fp_mul_speedup", m[0] / m[1], have, ",");
    print_fig("g2_madd_speedup", m[2] / m[3], have, ",");
    print_fig("g1_madd_speedup", m[4] / m[5], have, "");
    printf("}\n");
    free(bt);
    free(p1);
    free(p2);
    return 0;
}
