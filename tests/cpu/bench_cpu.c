/*
 * bench_cpu: times one phase of a CPU plugin .so alone, for before/after comparisons of the
 * plugin's internals without the core (g16k bench needs the whole core). Not a test; never run
 * by ctest. Prints one JSON line with the median, min and max of the runs in seconds.
 *
 *   bench_cpu PLUGIN.so msm g1|g2 LOG_N THREADS RUNS [WINDOW [random|witness]]
 *   bench_cpu PLUGIN.so ntt LOG_N THREADS RUNS          (forward, then the compute_h chain)
 *   bench_cpu PLUGIN.so synth LOG_N THREADS RUNS        (random 3-terms-per-row A and B)
 *
 * "witness" scalars mimic real circuits: 60% zero, 30% one, 10% random below r.
 * Points are P_i = (i + 1) * G' for a fixed G' (no on-curve or subgroup work is timed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bls12_381/curve.h"
#include "g16k/plugin.h"
#include "host.h"
#include "test_util.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU seconds of all threads of the process: on the shared VM, where other jobs take the cores,
 * cpu / wall shows how many cores a run actually got, and cpu(T threads) / cpu(1 thread) the
 * work a parallel split adds. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a;
    double y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, double *t, int runs)
{
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    double med = runs % 2 ? t[runs / 2] : 0.5 * (t[runs / 2 - 1] + t[runs / 2]);
    printf("{\"bench\": \"%s\", \"median\": %.4f, \"min\": %.4f, \"max\": %.4f}\n", what, med, t[0],
           t[runs - 1]);
}

/* n affine points in Montgomery wire bytes. */
static uint8_t *make_points(int g2, uint64_t n)
{
    size_t wire = g2 ? 192 : 96;
    uint8_t *out = malloc(n * wire);
    uint64_t k = 0x1234567890abcdefULL;
    if (!g2) {
        g1_jac_t step;
        g1_jac_t acc;
        g1_jac_t *jac = malloc(n * sizeof *jac);
        g1_jac_from_affine(&step, &G1_GENERATOR);
        g1_jac_mul(&step, &step, &k, 1);
        acc = step;
        for (uint64_t i = 0; i < n; i++) {
            jac[i] = acc;
            g1_jac_add(&acc, &acc, &step);
        }
        g1_jac_batch_to_affine((g1_affine_t *)(void *)out, jac, n);
        free(jac);
    } else {
        g2_jac_t step;
        g2_jac_t acc;
        g2_jac_t *jac = malloc(n * sizeof *jac);
        g2_jac_from_affine(&step, &G2_GENERATOR);
        g2_jac_mul(&step, &step, &k, 1);
        acc = step;
        for (uint64_t i = 0; i < n; i++) {
            jac[i] = acc;
            g2_jac_add(&acc, &acc, &step);
        }
        g2_jac_batch_to_affine((g2_affine_t *)(void *)out, jac, n);
        free(jac);
    }
    return out; /* the affine structs are the Montgomery wire layout */
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_cpu PLUGIN.so msm g1|g2 LOG_N THREADS RUNS [WINDOW [random|"
                    "witness]]\n       bench_cpu PLUGIN.so ntt|synth LOG_N THREADS RUNS\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 6)
        return usage();
    int is_msm = strcmp(argv[2], "msm") == 0;
    int a = is_msm ? 4 : 3;
    if (argc < a + 3)
        return usage();
    uint32_t log_n = (uint32_t)atoi(argv[a]);
    uint32_t threads = (uint32_t)atoi(argv[a + 1]);
    int runs = atoi(argv[a + 2]);
    if (runs < 1 || runs > 100)
        return usage();
    host_plugin plugin;
    char err[1024];
    g16k_plugin_ctx *ctx = NULL;
    host_set_threads(threads);
    if (host_plugin_open(&plugin, argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", argv[1], err);
        return 1;
    }
    const g16k_plugin_desc *d = plugin.desc;
    if (d->create(NULL, &ctx) != G16K_OK) {
        fprintf(stderr, "cannot start the plugin: %s\n", host_last_error());
        return 1;
    }
    uint64_t n = (uint64_t)1 << log_n;
    uint64_t seed = 42;
    double t[100];
    if (is_msm) {
        int g2 = strcmp(argv[3], "g2") == 0;
        uint32_t window = argc > a + 3 ? (uint32_t)atoi(argv[a + 3]) : 0;
        int witness = argc > a + 4 && strcmp(argv[a + 4], "witness") == 0;
        uint8_t *pts = make_points(g2, n);
        fr_t *k = malloc(n * sizeof *k);
        for (uint64_t i = 0; i < n; i++) {
            uint64_t r = tu_rand(&seed) % 10;
            memset(&k[i], 0, sizeof k[i]);
            if (!witness || r == 9)
                tu_rand_canon(&k[i], &seed);
            else if (r >= 6)
                k[i].l[0] = 1;
        }
        g16k_msm_bases *b = NULL;
        if (d->msm->bases_create(ctx, g2 ? G16K_G2 : G16K_G1, pts, n, G16K_ENC_MONTGOMERY, &b) !=
            G16K_OK)
            return 1;
        g16k_msm_params p = { .struct_size = sizeof p, .window = window, .threads = threads };
        uint8_t res[192];
        double cpu[100];
        for (int i = 0; i < runs; i++) {
            double t0 = now(), c0 = cpu_now();
            if (d->msm->msm(b, k, n, G16K_ENC_CANONICAL, &p, res, G16K_ENC_MONTGOMERY) != 0)
                return 1;
            t[i] = now() - t0;
            cpu[i] = cpu_now() - c0;
        }
        report(g2 ? "msm_g2" : "msm_g1", t, runs);
        report(g2 ? "msm_g2_cpu" : "msm_g1_cpu", cpu, runs);
    } else if (strcmp(argv[2], "ntt") == 0) {
        g16k_ntt_domain *dom = NULL;
        if (d->ntt->domain_create(ctx, log_n, &dom) != G16K_OK)
            return 1;
        fr_t *x[3];
        for (int j = 0; j < 3; j++) {
            x[j] = malloc(n * sizeof(fr_t));
            for (uint64_t i = 0; i < n; i++)
                tu_rand_fr(&x[j][i], &seed);
        }
        double th[100];
        for (int i = 0; i < runs; i++) {
            double t0 = now();
            d->ntt->transform(dom, x[0], G16K_NTT_FORWARD, G16K_ENC_MONTGOMERY);
            t[i] = now() - t0;
            t0 = now();
            d->ntt->compute_h(dom, x[0], x[1], x[2], G16K_ENC_MONTGOMERY, x[0],
                              G16K_ENC_MONTGOMERY);
            th[i] = now() - t0;
        }
        report("ntt_forward", t, runs);
        report("ntt_h_chain", th, runs);
    } else if (strcmp(argv[2], "synth") == 0) {
        uint64_t nv = n;
        uint64_t nc = 6 * n;
        g16k_coef *cf = calloc(nc, sizeof *cf);
        for (uint64_t i = 0; i < nc; i++) {
            cf[i].matrix = (uint32_t)(i % 2);
            cf[i].row = (uint32_t)((i / 6) % n);
            cf[i].signal = (uint32_t)(tu_rand(&seed) % nv);
            fr_t v;
            tu_rand_canon(&v, &seed);
            memcpy(cf[i].value, v.l, 32);
        }
        g16k_constraints cs = { .struct_size = sizeof cs,
                                .coef_encoding = G16K_ENC_CANONICAL,
                                .n_vars = nv,
                                .domain_size = n,
                                .n_coefs = nc,
                                .coefs = cf };
        g16k_circuit *c = NULL;
        if (d->synth->circuit_create(ctx, &cs, &c) != G16K_OK)
            return 1;
        fr_t *w = malloc(nv * sizeof *w);
        for (uint64_t i = 0; i < nv; i++)
            tu_rand_canon(&w[i], &seed);
        fr_t *o = malloc(3 * n * sizeof *o);
        for (int i = 0; i < runs; i++) {
            double t0 = now();
            d->synth->synthesize(c, w, nv, G16K_ENC_CANONICAL, o, o + n, o + 2 * n,
                                 G16K_ENC_MONTGOMERY);
            t[i] = now() - t0;
        }
        report("synth", t, runs);
    } else {
        return usage();
    }
    return 0;
}
