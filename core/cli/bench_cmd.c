/*
 * g16k bench: one phase alone, several runs, JSON on stdout (median, min, max in seconds).
 *   bench msm   --config INI --group g1|g2 --log-n N [--window C] [--threads T] [--runs K]
 *   bench ntt   --config INI --log-n N [--threads T] [--runs K]
 *   bench synth --config INI --zkey Z --witness W [--threads T] [--runs K]
 *   bench prove --config INI --zkey Z --witness W [--threads T] [--runs K]
 * --threads T sets $G16K_THREADS (the [core] threads of the whole process, which plugins
 * inherit unless their own section sets threads); bench msm also passes it to the call.
 * MSM inputs are random scalars and points P_i = G + i*G' (G' a random multiple of G), made with
 * additions only so that large sizes are quick to set up; the MSM itself sees no structure in them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "g16k/g16k.h"
#include "../bls12_381/curve.h"
#include "../formats/wtns.h"
#include "../prover/internal.h"
#include "../util/error.h"
#include "../util/clock.h"
#include "../util/sysrand.h"

#define MAX_RUNS 1000

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Print "name": {"median": .., "min": .., "max": ..} for runs values. */
static void print_stat(const char *name, double *v, int runs, int last)
{
    double s[MAX_RUNS];
    memcpy(s, v, (size_t)runs * sizeof(double));
    qsort(s, (size_t)runs, sizeof(double), cmp_double);
    double med = runs % 2 ? s[runs / 2] : 0.5 * (s[runs / 2 - 1] + s[runs / 2]);
    printf("    \"%s\": {\"median\": %.6f, \"min\": %.6f, \"max\": %.6f}%s\n", name, med, s[0],
           s[runs - 1], last ? "" : ",");
}

/* n random canonical scalars below r. */
static fr_t *random_scalars(size_t n)
{
    fr_t *s = malloc(n * sizeof(fr_t));
    if (!s || g16k_random_bytes(s, n * sizeof(fr_t)) != G16K_OK) {
        free(s);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        s[i].l[3] &= 0x3fffffffffffffffULL;          /* < 2^254 < r */
    }
    return s;
}

static int parse_runs(const char *s, int *runs)
{
    *runs = s ? atoi(s) : 5;
    if (*runs < 1 || *runs > MAX_RUNS)
        return cli_usage_error("--runs '%s': expected 1..1000", s ? s : "");
    return 0;
}

static void *bench_points(int g2, size_t n)
{
    fr_t k;
    if (g16k_random_bytes(&k, sizeof(k)) != G16K_OK)
        return NULL;
    k.l[3] &= 0x0fffffffffffffffULL;
    if (!g2) {
        g1_jac_t step, acc, *jac = malloc(n * sizeof(g1_jac_t));
        g1_affine_t *aff = malloc(n * sizeof(g1_affine_t));
        if (!jac || !aff) {
            free(jac);
            free(aff);
            return NULL;
        }
        g1_jac_from_affine(&acc, &G1_GENERATOR);
        g1_jac_mul(&step, &acc, k.l, FR_LIMBS);
        for (size_t i = 0; i < n; i++) {
            jac[i] = acc;
            g1_jac_add(&acc, &acc, &step);
        }
        g1_jac_batch_to_affine(aff, jac, n);
        free(jac);
        return aff;
    } else {
        g2_jac_t step, acc, *jac = malloc(n * sizeof(g2_jac_t));
        g2_affine_t *aff = malloc(n * sizeof(g2_affine_t));
        if (!jac || !aff) {
            free(jac);
            free(aff);
            return NULL;
        }
        g2_jac_from_affine(&acc, &G2_GENERATOR);
        g2_jac_mul(&step, &acc, k.l, FR_LIMBS);
        for (size_t i = 0; i < n; i++) {
            jac[i] = acc;
            g2_jac_add(&acc, &acc, &step);
        }
        g2_jac_batch_to_affine(aff, jac, n);
        free(jac);
        return aff;
    }
}

static int bench_msm(g16k_prover *p, int argc, char **argv, const char *group, const char *logn_s,
                     const char *window_s, const char *threads_s, int runs)
{
    int g2, log_n = logn_s ? atoi(logn_s) : -1;
    loaded_plugin *pl;
    g16k_msm_bases *bases = NULL;
    uint8_t result[192];
    double t[MAX_RUNS], t_setup;
    int rc;

    (void)argc;
    (void)argv;
    if (!group || (strcmp(group, "g1") && strcmp(group, "g2")))
        return cli_usage_error("bench msm: --group must be g1 or g2%s", "");
    if (log_n < 0 || log_n > 26)
        return cli_usage_error("bench msm: --log-n '%s': expected 0..26", logn_s ? logn_s : "");
    g2 = group[1] == '2';
    pl = p->cfg->slot[g2 ? SLOT_MSM_G2 : SLOT_MSM_G1].primary;
    size_t n = (size_t)1 << log_n;
    void *pts = bench_points(g2, n);
    fr_t *sc = random_scalars(n);
    if (!pts || !sc) {
        free(pts);
        free(sc);
        return cli_fail(g16k_err(G16K_ENOMEM, "out of memory for %zu points", n));
    }
    g16k_msm_params params = { .struct_size = sizeof(params), .msm_id = g2 ? G16K_MSM_B_G2 : G16K_MSM_GENERIC,
                               .window = window_s ? (uint32_t)atoi(window_s) : 0,
                               .threads = threads_s ? (uint32_t)atoi(threads_s) : 0 };
    double t0 = g16k_now();
    rc = pl->desc->msm->bases_create(pl->ctx, g2 ? G16K_G2 : G16K_G1, pts, n, G16K_ENC_MONTGOMERY, &bases);
    t_setup = g16k_now() - t0;
    free(pts);
    for (int i = 0; rc == G16K_OK && i < runs; i++) {
        t0 = g16k_now();
        rc = pl->desc->msm->msm(bases, sc, n, G16K_ENC_CANONICAL, &params, result, G16K_ENC_MONTGOMERY);
        t[i] = g16k_now() - t0;
    }
    free(sc);
    if (bases)
        pl->desc->msm->bases_destroy(bases);
    if (rc != G16K_OK) {
        g16k_err_prefix("plugin %s", pl->name);
        return cli_fail(rc);
    }
    printf("{\n  \"bench\": \"msm\",\n  \"group\": \"%s\",\n  \"log_n\": %d,\n  \"plugin\": \"%s\",\n"
           "  \"window\": %u,\n  \"threads\": %u,\n  \"runs\": %d,\n  \"seconds\": {\n",
           group, log_n, pl->name, params.window, params.threads, runs);
    print_stat("bases_create", &t_setup, 1, 0);
    print_stat("msm", t, runs, 1);
    printf("  }\n}\n");
    return 0;
}

static int bench_ntt(g16k_prover *p, const char *logn_s, int runs)
{
    int log_n = logn_s ? atoi(logn_s) : -1;
    loaded_plugin *pl = p->cfg->slot[SLOT_NTT].primary;
    g16k_ntt_domain *dom = NULL;
    double t_fwd[MAX_RUNS], t_h[MAX_RUNS];
    int rc;

    if (log_n < 0 || log_n > 28)
        return cli_usage_error("bench ntt: --log-n '%s': expected 0..28", logn_s ? logn_s : "");
    size_t n = (size_t)1 << log_n;
    fr_t *x[4];
    for (int i = 0; i < 4; i++)
        x[i] = random_scalars(n);           /* < 2^254: valid canonical and Montgomery values */
    if (!x[0] || !x[1] || !x[2] || !x[3]) {
        for (int i = 0; i < 4; i++)
            free(x[i]);
        return cli_fail(g16k_err(G16K_ENOMEM, "out of memory"));
    }
    rc = pl->desc->ntt->domain_create(pl->ctx, (uint32_t)log_n, &dom);
    for (int i = 0; rc == G16K_OK && i < runs; i++) {
        double t0 = g16k_now();
        rc = pl->desc->ntt->transform(dom, x[0], G16K_NTT_FORWARD, G16K_ENC_MONTGOMERY);
        t_fwd[i] = g16k_now() - t0;
        if (rc != G16K_OK)
            break;
        t0 = g16k_now();
        if (pl->desc->ntt->compute_h) {
            rc = pl->desc->ntt->compute_h(dom, x[1], x[2], x[3], G16K_ENC_MONTGOMERY, x[0], G16K_ENC_MONTGOMERY);
        } else {
            for (int k = 1; rc == G16K_OK && k < 4; k++) {
                rc = pl->desc->ntt->transform(dom, x[k], G16K_NTT_INVERSE, G16K_ENC_MONTGOMERY);
                if (rc == G16K_OK)
                    rc = pl->desc->ntt->transform(dom, x[k], G16K_NTT_FORWARD_COSET, G16K_ENC_MONTGOMERY);
            }
        }
        t_h[i] = g16k_now() - t0;
    }
    if (dom)
        pl->desc->ntt->domain_destroy(dom);
    for (int i = 0; i < 4; i++)
        free(x[i]);
    if (rc != G16K_OK) {
        g16k_err_prefix("plugin %s", pl->name);
        return cli_fail(rc);
    }
    printf("{\n  \"bench\": \"ntt\",\n  \"log_n\": %d,\n  \"plugin\": \"%s\",\n  \"runs\": %d,\n"
           "  \"seconds\": {\n", log_n, pl->name, runs);
    print_stat("forward", t_fwd, runs, 0);
    print_stat("h_chain", t_h, runs, 1);
    printf("  }\n}\n");
    return 0;
}

static int bench_prove(g16k_prover *p, const char *zkey, const char *wtns_path, int runs, int synth_only)
{
    g16k_key *key = NULL;
    g16k_proof *proof = NULL;
    g16k_timings tm[MAX_RUNS];
    double t_load, v[MAX_RUNS];
    int rc;

    if (!zkey || !wtns_path)
        return cli_usage_error("bench: --zkey and --witness are required%s", "");
    double t0 = g16k_now();
    if ((rc = g16k_key_load(p, zkey, &key)) != G16K_OK)
        return cli_fail(rc);
    t_load = g16k_now() - t0;
    for (int i = 0; i < runs; i++) {
        g16k_prove_opts po = { .struct_size = sizeof(po), .verify = -1, .timings = &tm[i] };
        rc = g16k_prove(p, key, wtns_path, &po, &proof);
        if (rc != G16K_OK)
            break;
        g16k_proof_free(proof);
    }
    g16k_key_free(key);
    if (rc != G16K_OK)
        return cli_fail(rc);
    printf("{\n  \"bench\": \"%s\",\n  \"zkey\": \"%s\",\n  \"runs\": %d,\n  \"seconds\": {\n",
           synth_only ? "synth" : "prove", zkey, runs);
    print_stat("load_key", &t_load, 1, 0);
#define FIELD(f, last)                                \
    do {                                              \
        for (int i = 0; i < runs; i++)                \
            v[i] = tm[i].f;                           \
        print_stat(#f, v, runs, last);                \
    } while (0)
    if (synth_only) {
        FIELD(synth, 1);
    } else {
        FIELD(load_witness, 0); FIELD(synth, 0); FIELD(ntt, 0); FIELD(msm_a, 0);
        FIELD(msm_b_g1, 0); FIELD(msm_b_g2, 0); FIELD(msm_l, 0); FIELD(msm_h, 0);
        FIELD(assemble, 0); FIELD(verify, 0); FIELD(total, 1);
    }
#undef FIELD
    printf("  }\n}\n");
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    const char *config = NULL, *group = NULL, *logn = NULL, *window = NULL, *threads = NULL,
               *runs_s = NULL, *zkey = NULL, *wtns_path = NULL;
    const cli_opt opts[] = {
        { "--config", &config, NULL }, { "--group", &group, NULL }, { "--log-n", &logn, NULL },
        { "--window", &window, NULL }, { "--threads", &threads, NULL }, { "--runs", &runs_s, NULL },
        { "--zkey", &zkey, NULL }, { "--witness", &wtns_path, NULL },
    };
    g16k_prover *p;
    int rc, runs;

    /* No phase first: --help, or an unknown option, is reported as such. */
    if (argc >= 3 && argv[2][0] == '-' &&
        (rc = cli_parse(argc, argv, opts, sizeof(opts) / sizeof(opts[0]))))
        return rc;
    if (argc < 3 || argv[2][0] == '-')
        return cli_usage_error("bench: which phase? (%s)", "msm, ntt, synth, prove");
    const char *what = argv[2];
    /* Options follow the phase name: shift it away for cli_parse (which starts at argv[2]). */
    if ((rc = cli_parse(argc - 1, argv + 1, opts, sizeof(opts) / sizeof(opts[0]))))
        return rc;
    if ((rc = parse_runs(runs_s, &runs)))
        return rc;
    if (strcmp(what, "msm") && strcmp(what, "ntt") && strcmp(what, "synth") && strcmp(what, "prove"))
        return cli_usage_error("bench: unknown phase '%s' (msm, ntt, synth, prove)", what);
    if (threads) {
        char *end;
        unsigned long t = strtoul(threads, &end, 10);
        if (!*threads || *end || t > 4096)
            return cli_usage_error("bench: bad --threads '%s' (0 for all cores, or 1..4096)",
                                   threads);
        setenv("G16K_THREADS", threads, 1);
    }
    if ((rc = cli_open_prover(config, &p)) != G16K_OK)
        return cli_fail(rc);
    if (!strcmp(what, "msm"))
        rc = bench_msm(p, argc, argv, group, logn, window, threads, runs);
    else if (!strcmp(what, "ntt"))
        rc = bench_ntt(p, logn, runs);
    else
        rc = bench_prove(p, zkey, wtns_path, runs, !strcmp(what, "synth"));
    g16k_prover_close(p);
    return rc;
}

const cli_command cli_cmd_bench = {
    "bench", cmd_bench,
    "bench    msm --group g1|g2 --log-n N [--window C] | ntt --log-n N |\n"
    "         synth --zkey Z --witness W | prove --zkey Z --witness W\n"
    "         with [--config INI] [--threads T] [--runs K]\n"
    "         Runs one phase alone K times (default 5) and prints JSON with the median, min\n"
    "         and max seconds; prove reports key loading apart from the per-phase times.\n"
    "         --threads sets $G16K_THREADS. --config as for prove.\n",
};
