/*
 * g16k tune --config INI --zkey Z --witness W [--runs K] [--windows LO-HI]
 *
 * Finds the fastest Pippenger window of each of the five Groth16 MSMs (A, B_G1, B_G2, L, H) on
 * the MSM providers INI configures (any plugin: cpu, opencl, cuda, a vendor's), with the key's
 * real bases (the handles the key already uploaded) and the witness's real scalars; H gets the
 * h vector of the real synthesizer + NTT chain (core/prover/tune.c).
 *
 * Per MSM: one call with window 0 (the plugin's auto choice) as warm-up and reference result,
 * then windows LO, LO+1, .. HI, each run K times (default 3); the score is the median. The sweep
 * stops early once a window is 2x slower than the best so far and at least two windows past it
 * (the cost is unimodal in c: per-window point additions fall as 1/c, bucket sums grow as 2^c).
 * Default range for n scalars, lg = floor(log2 n): LO = max(1, lg/2 - 2), HI = min(24, lg + 2);
 * 24 is the largest window every bundled plugin accepts. Every window's result must equal the
 * auto result bit for bit, else the command fails (exit 6): a tuning run is also a cross-check.
 *
 * stdout: prover.ini lines, ready to paste ([window] section, one key per MSM; `auto` for an MSM
 * without scalars). stderr: one JSON object with every timing (seconds). Exit codes as prove.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "g16k/g16k.h"
#include "formats/wtns.h"
#include "prover/tune.h"
#include "util/error.h"

#define TUNE_MAX_WINDOW 24u
#define TUNE_MAX_RUNS 100

typedef struct sweep {
    uint64_t n;
    uint32_t lo, hi; /* windows tried: lo .. last */
    uint32_t last;
    uint32_t best; /* 0: nothing timed (n == 0) */
    double auto_s;
    double med[TUNE_MAX_WINDOW + 1]; /* median seconds per window */
} sweep;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int k)
{
    qsort(v, (size_t)k, sizeof(double), cmp_double);
    return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

static uint32_t floor_log2(uint64_t n)
{
    uint32_t lg = 0;
    while (lg < 63 && ((uint64_t)1 << (lg + 1)) <= n)
        lg++;
    return lg;
}

/* "LO-HI" with 1 <= LO <= HI <= TUNE_MAX_WINDOW; 0 on success. */
static int parse_range(const char *s, uint32_t *lo, uint32_t *hi)
{
    unsigned a, b;
    char tail;
    if (sscanf(s, "%u-%u%c", &a, &b, &tail) != 2 || a < 1 || a > b || b > TUNE_MAX_WINDOW)
        return -1;
    *lo = a;
    *hi = b;
    return 0;
}

static int sweep_msm(g16k_key *key, int m, const fr_t *w, const fr_t *h, int runs,
                     uint32_t force_lo, uint32_t force_hi, sweep *sw)
{
    const void *sc;
    uint32_t enc;
    msm_result want, got;
    double t[TUNE_MAX_RUNS];
    int rc;

    memset(sw, 0, sizeof(*sw));
    msm_scalars(key->zk, m, w, h, &sc, &sw->n, &enc);
    if (sw->n == 0)
        return G16K_OK;
    uint32_t lg = floor_log2(sw->n);
    sw->lo = force_lo ? force_lo : (lg / 2 > 3 ? lg / 2 - 2 : 1);
    sw->hi = force_hi ? force_hi : (lg + 2 < TUNE_MAX_WINDOW ? lg + 2 : TUNE_MAX_WINDOW);
    if ((rc = tune_time_msm(key, m, sc, sw->n, enc, 0, &sw->auto_s, &want)) != G16K_OK)
        return rc;
    for (uint32_t c = sw->lo; c <= sw->hi; c++) {
        for (int r = 0; r < runs; r++) {
            if ((rc = tune_time_msm(key, m, sc, sw->n, enc, c, &t[r], &got)) != G16K_OK)
                return rc;
            if (memcmp(got.raw, want.raw, sizeof(got.raw)) != 0)
                return err_set(G16K_EVERIFY,
                               "MSM %s: window %u gives a different result than "
                               "the plugin's auto window (provider %s is wrong)",
                               groth16_msms[m].name, c,
                               slot_provider(key, groth16_msms[m].slot, 0)->plugin->name);
        }
        sw->med[c] = median(t, runs);
        sw->last = c;
        if (!sw->best || sw->med[c] < sw->med[sw->best])
            sw->best = c;
        if (!force_hi && c >= sw->best + 2 && sw->med[c] > 2 * sw->med[sw->best])
            break;
    }
    return G16K_OK;
}

static void print_json(const char *zkey, int runs, g16k_key *key, const sweep *sw)
{
    fprintf(stderr,
            "{\n  \"tune\": \"windows\",\n  \"zkey\": \"%s\",\n  \"runs\": %d,\n"
            "  \"msm\": [\n",
            zkey, runs);
    for (int m = 0; m < MSM_COUNT; m++) {
        const sweep *s = &sw[m];
        fprintf(stderr, "    {\"msm\": \"%s\", \"plugin\": \"%s\", \"n\": %llu, ",
                groth16_msms[m].name, slot_provider(key, groth16_msms[m].slot, 0)->plugin->name,
                (unsigned long long)s->n);
        if (!s->best) {
            fprintf(stderr, "\"best_window\": null, \"seconds\": {}}%s\n",
                    m + 1 < MSM_COUNT ? "," : "");
            continue;
        }
        fprintf(stderr,
                "\"best_window\": %u, \"best_seconds\": %.6f, \"auto_seconds\": %.6f, "
                "\"seconds\": {",
                s->best, s->med[s->best], s->auto_s);
        for (uint32_t c = s->lo; c <= s->last; c++)
            fprintf(stderr, "%s\"%u\": %.6f", c > s->lo ? ", " : "", c, s->med[c]);
        fprintf(stderr, "}}%s\n", m + 1 < MSM_COUNT ? "," : "");
    }
    fprintf(stderr, "  ]\n}\n");
}

static int cmd_tune(int argc, char **argv)
{
    const char *config = NULL, *zkey = NULL, *wtns_path = NULL, *runs_s = NULL, *range = NULL,
               *trace_path = NULL;
    const cli_opt opts[] = {
        { "--config", &config, NULL },     { "--zkey", &zkey, NULL },
        { "--witness", &wtns_path, NULL }, { "--runs", &runs_s, NULL },
        { "--windows", &range, NULL },     { "--trace", &trace_path, NULL },
    };
    uint32_t lo = 0, hi = 0;
    int rc = cli_parse(argc, argv, opts, sizeof(opts) / sizeof(opts[0]));
    if (rc)
        return rc;
    int runs = runs_s ? atoi(runs_s) : 3;
    if (runs < 1 || runs > TUNE_MAX_RUNS)
        return cli_usage_error("tune: --runs '%s': expected 1..100", runs_s);
    if (range && parse_range(range, &lo, &hi) != 0)
        return cli_usage_error("tune: --windows '%s': expected LO-HI within 1-24", range);
    if (!zkey || !wtns_path)
        return cli_usage_error("tune: --zkey and --witness are required%s", "");
    const cli_file files[] = { { "--zkey", zkey, 0 },
                               { "--witness", wtns_path, 0 },
                               { "--config", config, 0 },
                               { "--trace", trace_path, 1 } };
    if ((rc = cli_check_outputs(files, sizeof files / sizeof files[0])))
        return rc;

    g16k_prover *p = NULL;
    g16k_key *key = NULL;
    wtns *w = NULL;
    fr_t *h = NULL;
    sweep sw[MSM_COUNT];
    g16k_trace *trace = NULL;
    int code;
    if ((rc = cli_trace_start(trace_path, "tune", &trace)) != G16K_OK)
        return cli_fail(rc);
    if ((rc = cli_open_prover(config, &p)) != G16K_OK)
        goto out;
    if ((rc = g16k_key_load(p, zkey, &key)) != G16K_OK)
        goto out;
    if ((rc = wtns_load(wtns_path, key->zk->cv, key->zk->n_vars, &w)) != G16K_OK)
        goto out;
    h = malloc((size_t)key->zk->domain_size * sizeof(fr_t));
    if (!h) {
        rc = err_set(G16K_ENOMEM, "out of memory for h (%u Fr elements)",
                     (unsigned)key->zk->domain_size);
        goto out;
    }
    if ((rc = tune_compute_h(key, w->values, h)) != G16K_OK)
        goto out;
    for (int m = 0; m < MSM_COUNT; m++)
        if ((rc = sweep_msm(key, m, w->values, h, runs, lo, hi, &sw[m])) != G16K_OK)
            goto out;
    print_json(zkey, runs, key, sw);
    printf("; g16k tune: fastest window per Groth16 MSM (median of %d runs), providers:"
           " msm.g1 = %s, msm.g2 = %s\n[window]\n",
           runs, slot_provider(key, SLOT_MSM_G1, 0)->plugin->name,
           slot_provider(key, SLOT_MSM_G2, 0)->plugin->name);
    for (int m = 0; m < MSM_COUNT; m++) {
        if (sw[m].best)
            printf("%s = %u\n", groth16_msms[m].window_key, sw[m].best);
        else
            printf("%s = auto\n", groth16_msms[m].window_key);
    }
out:
    /* report before the teardown, which may overwrite the thread's last error */
    code = rc == G16K_OK ? 0 : cli_fail(rc);
    free(h);
    wtns_free(w);
    g16k_key_free(key);
    g16k_prover_close(p);
    return cli_trace_finish(trace, code);
}

const cli_command cli_cmd_tune = {
    "tune",
    cmd_tune,
    "tune     [--config INI] --zkey FILE --witness FILE [--runs K] [--windows LO-HI]\n"
    "         [--trace TRACE.json]\n"
    "         The fastest Pippenger window of each Groth16 MSM (A, B_G1, B_G2, L, H) on the\n"
    "         configured MSM providers, with the key's bases and the witness's scalars; prints\n"
    "         a [window] section for prover.ini, the timings as JSON on stderr. --config and\n"
    "         --trace (every timed call an event) as for prove.\n",
};
