/*
 * g16k bench: one phase alone, several runs, JSON on stdout (median, min, max in seconds).
 *   bench msm   --config INI --group g1|g2 --log-n N [--window C] [--bases HOW] [--threads T]
 *               [--curve bls12381|bn128]
 *               [--runs K]
 *   bench ntt   --config INI --log-n N [--threads T] [--runs K]
 *   bench synth --config INI --zkey Z --witness W [--threads T] [--runs K]
 *   bench prove --config INI --zkey Z --witness W [--threads T] [--runs K]
 *   bench load  --config INI --zkey Z [--threads T] [--runs K]
 * bench load times the phases of a key load alone (read, parse, digest, the G1 and G2 subgroup
 * tests, the providers' five bases handles made two ways: "bases_create", copies; "bases_borrow",
 * as a key load makes them, lending the key's arrays to the providers that have bases_borrow),
 * then whole loads as g16k prove does them: "first" with an empty verdict cache (a new temporary
 * folder each run), "cached" with that cache filled ("cached_handles": its providers' share,
 * circuit_create and domain_create included).
 * --threads T sets $G16K_THREADS (the [core] threads of the whole process, which plugins
 * inherit unless their own section sets threads); bench msm also passes it to the call.
 * MSM inputs are random scalars and points P_i = G + i*G' (G' a random multiple of G), made with
 * additions only so that large sizes are quick to set up; the MSM itself sees no structure in them.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "g16k/g16k.h"
#include "bls12_381/curve.h"
#include "formats/wtns.h"
#include "key/zkey_cache.h"
#include "key/zkey_points.h"
#include "setup/internal.h"
#include "prover/calls.h"
#include "prover/internal.h"
#include "util/error.h"
#include "util/input_file.h"
#include "util/clock.h"
#include "util/sysrand.h"

#define MAX_RUNS 1000

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* s = the runs values of v, sorted; returns their median. */
static double sorted_median(double s[MAX_RUNS], const double *v, int runs)
{
    memcpy(s, v, (size_t)runs * sizeof(double));
    qsort(s, (size_t)runs, sizeof(double), cmp_double);
    return runs % 2 ? s[runs / 2] : 0.5 * (s[runs / 2 - 1] + s[runs / 2]);
}

static double median(const double *v, int runs)
{
    double s[MAX_RUNS];
    return sorted_median(s, v, runs);
}

/* Print "name": {"median": .., "min": .., "max": ..} for runs values. */
static void print_stat(const char *name, double *v, int runs, int last)
{
    double s[MAX_RUNS];
    double med = sorted_median(s, v, runs);
    printf("    \"%s\": {\"median\": %.6f, \"min\": %.6f, \"max\": %.6f}%s\n", name, med, s[0],
           s[runs - 1], last ? "" : ",");
}

/* n random canonical scalars below cv's r: below 2^254 (BLS12-381) or 2^253 (BN254). */
static fr_t *random_scalars(const curve *cv, size_t n)
{
    fr_t *s = malloc(n * sizeof(fr_t));
    if (!s || g16k_random_bytes(s, n * sizeof(fr_t)) != G16K_OK) {
        free(s);
        return NULL;
    }
    uint64_t top = cv == &curve_bn254 ? 0x1fffffffffffffffULL : 0x3fffffffffffffffULL;
    for (size_t i = 0; i < n; i++)
        s[i].l[3] &= top;
    return s;
}

static int parse_runs(const char *s, int *runs)
{
    *runs = s ? atoi(s) : 5;
    if (*runs < 1 || *runs > MAX_RUNS)
        return cli_usage_error("--runs '%s': expected 1..1000", s ? s : "");
    return 0;
}

/* n distinct points of one group, k0 G + i k G for a random k (i < n): a run of additions and
 * one batch normalisation, so that 2^20 points take seconds. */
#define DEFINE_BENCH_POINTS(NAME, JAC, AFF, G, GEN)                                                \
    static void *NAME(const uint64_t k[4], size_t n)                                               \
    {                                                                                              \
        JAC step, acc, *jac = malloc(n * sizeof(JAC));                                             \
        AFF *aff = malloc(n * sizeof(AFF));                                                        \
        if (!jac || !aff) {                                                                        \
            free(jac);                                                                             \
            free(aff);                                                                             \
            return NULL;                                                                           \
        }                                                                                          \
        G##_jac_from_affine(&acc, &GEN);                                                           \
        G##_jac_mul(&step, &acc, k, 4);                                                            \
        for (size_t i = 0; i < n; i++) {                                                           \
            jac[i] = acc;                                                                          \
            G##_jac_add(&acc, &acc, &step);                                                        \
        }                                                                                          \
        G##_jac_batch_to_affine(aff, jac, n);                                                      \
        free(jac);                                                                                 \
        return aff;                                                                                \
    }
DEFINE_BENCH_POINTS(bls_g1_points, g1_jac_t, g1_affine_t, g1, G1_GENERATOR)
DEFINE_BENCH_POINTS(bls_g2_points, g2_jac_t, g2_affine_t, g2, G2_GENERATOR)
DEFINE_BENCH_POINTS(bn254_g1_points, bn254_g1_jac_t, bn254_g1_affine_t, bn254_g1,
                    BN254_G1_GENERATOR)
DEFINE_BENCH_POINTS(bn254_g2_points, bn254_g2_jac_t, bn254_g2_affine_t, bn254_g2,
                    BN254_G2_GENERATOR)

/* n points of cv's G1 or G2 (cv's affine type), or NULL. */
static void *bench_points(const curve *cv, int g2, size_t n)
{
    fr_t k;
    if (g16k_random_bytes(&k, sizeof(k)) != G16K_OK)
        return NULL;
    k.l[3] &= 0x0fffffffffffffffULL;
    if (cv == &curve_bn254)
        return (g2 ? bn254_g2_points : bn254_g1_points)(k.l, n);
    return (g2 ? bls_g2_points : bls_g1_points)(k.l, n);
}

/* bench msm: n points handed to the provider as --bases says: copied (bases_create), lent
 * (bases_borrow, 8-byte aligned) or lent-unaligned (bases_borrow_unaligned, 4 bytes off an
 * 8-byte boundary, as a mapped snarkjs key lends every other section); a provider without the
 * borrowing entry copies (call_bases_create). */
/* The primary provider of slot on curve (G16K_CURVE_*) with the slot's capability; NULL with
 * the error set when it lacks them. bench msm runs on --curve, bench ntt on BLS12-381. */
static const provider *bench_provider(const g16k_prover *p, int slot, uint32_t curve)
{
    const loaded_plugin *lp = p->cfg->slot[slot].primary;
    const provider *pv = plugin_serves(lp, curve, config_slots[slot].cap);
    if (pv == NULL)
        err_set(G16K_ECONFIG, "bench: the [%s] provider '%s' does not serve %s's %s",
                config_slot_name(slot), lp->name, abi_curve_str(curve), config_slot_name(slot));
    return pv;
}

static int bench_msm(g16k_prover *p, const curve *cv, const char *group, const char *logn_s,
                     const char *window_s, const char *threads_s, const char *bases_s, int runs)
{
    int g2, log_n = logn_s ? atoi(logn_s) : -1;
    const provider *pl;
    g16k_msm_bases *bases = NULL;
    double t[MAX_RUNS], t_setup;
    int rc;

    if (!group || (strcmp(group, "g1") && strcmp(group, "g2")))
        return cli_usage_error("bench msm: --group must be g1 or g2%s", "");
    if (log_n < 0 || log_n > 26)
        return cli_usage_error("bench msm: --log-n '%s': expected 0..26", logn_s ? logn_s : "");
    if (!bases_s)
        bases_s = "copied";
    int lend = !strcmp(bases_s, "lent") ? 1 : !strcmp(bases_s, "lent-unaligned") ? 2 : 0;
    if (!lend && strcmp(bases_s, "copied"))
        return cli_usage_error("bench msm: --bases '%s': expected copied, lent or lent-unaligned",
                               bases_s);
    g2 = group[1] == '2';
    if ((pl = bench_provider(p, g2 ? SLOT_MSM_G2 : SLOT_MSM_G1, cv->id)) == NULL)
        return cli_fail(G16K_ECONFIG);
    size_t n = (size_t)1 << log_n, psz = g2 ? cv->g2_bytes : cv->g1_bytes;
    void *pts = bench_points(cv, g2, n);
    fr_t *sc = random_scalars(cv, n);
    uint8_t *lent = lend ? aligned_alloc(64, (n * psz + 64 + 63) & ~(size_t)63) : NULL;
    if (!pts || !sc || (lend && !lent)) {
        free(pts);
        free(sc);
        free(lent);
        return cli_fail(err_set(G16K_ENOMEM, "out of memory for %zu points", n));
    }
    const uint8_t *given = pts;
    if (lend) { /* lent: the copy lives until the handle is destroyed */
        memcpy(lent + (lend == 2 ? 4 : 0), pts, n * psz);
        given = lent + (lend == 2 ? 4 : 0);
    }
    g16k_msm_params params = { .struct_size = sizeof(params),
                               .msm_id = g2 ? G16K_MSM_B_G2 : G16K_MSM_GENERIC,
                               .window = window_s ? (uint32_t)atoi(window_s) : 0,
                               .threads = threads_s ? (uint32_t)atoi(threads_s) : 0 };
    msm_result res;
    uint32_t grp = g2 ? G16K_G2 : G16K_G1;
    double t0 = clock_now();
    rc = call_bases_create(pl, grp, given, n, lend != 0, "bases", &bases, NULL);
    t_setup = clock_now() - t0;
    free(pts);
    for (int i = 0; rc == G16K_OK && i < runs; i++) {
        t0 = clock_now();
        rc = call_msm(pl, bases, grp, sc, n, G16K_ENC_CANONICAL, &params, &res);
        t[i] = clock_now() - t0;
    }
    free(sc);
    call_bases_destroy(pl, bases);
    free(lent);
    if (rc != G16K_OK)
        return cli_fail(rc);
    printf(
        "{\n  \"bench\": \"msm\",\n  \"curve\": \"%s\",\n  \"group\": \"%s\",\n  \"log_n\": %d,\n"
        "  \"plugin\": \"%s\",\n  \"bases\": \"%s\",\n  \"window\": %u,\n  \"threads\": %u,\n"
        "  \"runs\": %d,\n  \"seconds\": {\n",
        cv->snarkjs, group, log_n, pl->plugin->name, bases_s, params.window, params.threads, runs);
    print_stat("bases_create", &t_setup, 1, 0);
    print_stat("msm", t, runs, 1);
    printf("  }\n}\n");
    return 0;
}

static int bench_ntt(g16k_prover *p, const char *logn_s, int runs)
{
    int log_n = logn_s ? atoi(logn_s) : -1;
    const provider *pl = bench_provider(p, SLOT_NTT, G16K_CURVE_BLS12_381);
    g16k_ntt_domain *dom = NULL;
    double t_fwd[MAX_RUNS], t_h[MAX_RUNS];
    int rc;

    if (log_n < 0 || log_n > 28)
        return cli_usage_error("bench ntt: --log-n '%s': expected 0..28", logn_s ? logn_s : "");
    if (pl == NULL)
        return cli_fail(G16K_ECONFIG);
    size_t n = (size_t)1 << log_n;
    fr_t *x[4];
    for (int i = 0; i < 4; i++)
        x[i] = random_scalars(&curve_bls12_381, n); /* valid canonical and Montgomery values */
    if (!x[0] || !x[1] || !x[2] || !x[3]) {
        for (int i = 0; i < 4; i++)
            free(x[i]);
        return cli_fail(err_set(G16K_ENOMEM, "out of memory"));
    }
    rc = call_domain_create(pl, (uint32_t)log_n, &dom);
    for (int i = 0; rc == G16K_OK && i < runs; i++) {
        double t0 = clock_now();
        rc = call_transform(pl, dom, x[0], G16K_NTT_FORWARD);
        t_fwd[i] = clock_now() - t0;
        if (rc != G16K_OK)
            break;
        t0 = clock_now();
        rc = call_h_chain(pl, dom, x[1], x[2], x[3], n, x[0]);
        t_h[i] = clock_now() - t0;
    }
    call_domain_destroy(pl, dom);
    for (int i = 0; i < 4; i++)
        free(x[i]);
    if (rc != G16K_OK)
        return cli_fail(rc);
    printf("{\n  \"bench\": \"ntt\",\n  \"log_n\": %d,\n  \"plugin\": \"%s\",\n  \"runs\": %d,\n"
           "  \"seconds\": {\n",
           log_n, pl->plugin->name, runs);
    print_stat("forward", t_fwd, runs, 0);
    print_stat("h_chain", t_h, runs, 1);
    printf("  }\n}\n");
    return 0;
}

static int bench_prove(g16k_prover *p, const char *zkey, const char *wtns_path, int runs,
                       int synth_only)
{
    g16k_key *key = NULL;
    g16k_proof *proof = NULL;
    g16k_timings tm[MAX_RUNS];
    double t_load, v[MAX_RUNS];
    int rc;

    if (!zkey || !wtns_path)
        return cli_usage_error("bench: --zkey and --witness are required%s", "");
    double t0 = clock_now();
    if ((rc = g16k_key_load(p, zkey, &key)) != G16K_OK)
        return cli_fail(rc);
    t_load = clock_now() - t0;
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
#define FIELD(f, last)                                                                             \
    do {                                                                                           \
        for (int i = 0; i < runs; i++)                                                             \
            v[i] = tm[i].f;                                                                        \
        print_stat(#f, v, runs, last);                                                             \
    } while (0)
    if (synth_only) {
        FIELD(synth, 1);
    } else {
        FIELD(load_witness, 0);
        FIELD(synth, 0);
        FIELD(ntt, 0);
        FIELD(msm_a, 0);
        FIELD(msm_b_g1, 0);
        FIELD(msm_b_g2, 0);
        FIELD(msm_l, 0);
        FIELD(msm_h, 0);
        FIELD(assemble, 0);
        FIELD(verify, 0);
        FIELD(total, 1);
    }
#undef FIELD
    printf("  }\n}\n");
    return 0;
}

/* ---- bench load ---- */

/* Remove the files of folder dir, then dir (a bench's temporary cache). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* The whole file, read on this thread. */
static uint8_t *read_file(const char *path, uint64_t *size)
{
    struct stat st;
    int fd = input_open(path, &st);
    uint8_t *buf = NULL;
    if (fd < 0)
        return NULL;
    if (!(buf = malloc(st.st_size ? (size_t)st.st_size : 1))) {
        err_set(G16K_ENOMEM, "%s: out of memory for %llu bytes", path,
                (unsigned long long)st.st_size);
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    uint64_t off = 0;
    while (off < (uint64_t)st.st_size) {
        ssize_t n = pread(fd, buf + off, (size_t)st.st_size - off, (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            err_set(G16K_EIO, "%s: cannot read: %s", path, n < 0 ? strerror(errno) : "short");
            free(buf);
            close(fd);
            return NULL;
        }
        off += (uint64_t)n;
    }
    close(fd);
    *size = off;
    return buf;
}

typedef struct leaves_job {
    const uint8_t *data;
    uint64_t size;
    uint8_t (*leaves)[ZKEY_DIGEST_BYTES];
} leaves_job;

static void leaves_range(void *ctx, uint64_t b, uint64_t e)
{
    leaves_job *j = ctx;
    for (uint64_t i = b; i < e; i++) {
        uint64_t off = i * ZKEY_LEAF_BYTES;
        uint64_t len = j->size - off < ZKEY_LEAF_BYTES ? j->size - off : ZKEY_LEAF_BYTES;
        zkey_span span = { j->data + off, (size_t)len };
        zkey_digest_leaf(j->leaves[i], i, j->size, &span, 1);
    }
}

/* The load's digest: leaves on every thread, then the root. */
static int digest_threads(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, uint64_t size,
                          unsigned threads)
{
    uint64_t n = zkey_digest_leaves(size);
    leaves_job j = { .data = data, .size = size, .leaves = malloc(n ? n * ZKEY_DIGEST_BYTES : 1) };
    if (!j.leaves)
        return -1;
    pool_run(threads, n, 1, leaves_range, &j, NULL, NULL);
    int rc = zkey_digest_root(out, size, (const uint8_t(*)[ZKEY_DIGEST_BYTES])j.leaves, n);
    free(j.leaves);
    return rc;
}

typedef struct tests_job {
    const curve *cv;
    const void *pts;
    int g2;
    atomic_int bad;
} tests_job;

static void tests_range(void *ctx, uint64_t b, uint64_t e)
{
    tests_job *j = ctx;
    size_t n = (size_t)(e - b);
    const uint8_t *at = (const uint8_t *)j->pts + b * (j->g2 ? j->cv->g2_bytes : j->cv->g1_bytes);
    /* the subgroup tests alone (the load's costly part); BN254's G1 the whole curve test */
    size_t r =
        j->cv == &curve_bn254
            ? (j->g2 ? zkey_bn254_g2_first_outside((const bn254_g2_affine_t *)(const void *)at, n)
                     : zkey_first_invalid(j->cv, 0, at, n, NULL))
        : j->g2 ? zkey_g2_first_outside((const g2_affine_t *)(const void *)at, n)
                : zkey_g1_first_outside((const g1_affine_t *)(const void *)at, n);
    if (r < n)
        atomic_store(&j->bad, 1);
}

/* Subgroup tests of n points on `threads` threads; seconds, or -1 if one fails. */
static double time_tests(const curve *cv, const void *pts, int g2, uint64_t n, unsigned threads)
{
    tests_job j = { .cv = cv, .pts = pts, .g2 = g2 };
    atomic_init(&j.bad, 0);
    double t0 = clock_now();
    pool_run(threads, n, 1024, tests_range, &j, NULL, NULL);
    double t = clock_now() - t0;
    return atomic_load(&j.bad) ? -1 : t;
}

/* The G1 points of a key in one array (IC, A, B1, C, H), for the G1 test timing. */
static void *g1_points(const zkey *k, uint64_t *n)
{
    const struct {
        const void *p;
        uint64_t n;
    } a[] = { { k->ic, (uint64_t)k->n_public + 1 },
              { k->a, k->n_vars },
              { k->b1, k->n_vars },
              { k->c, (uint64_t)k->n_vars - k->n_public - 1 },
              { k->h, k->domain_size } };
    uint64_t total = 0;
    for (size_t i = 0; i < 5; i++)
        total += a[i].n;
    size_t bytes = k->cv->g1_bytes;
    uint8_t *out = malloc(total * bytes), *q = out;
    if (out)
        for (size_t i = 0; i < 5; q += a[i].n * bytes, i++)
            memcpy(q, a[i].p, a[i].n * bytes);
    *n = total;
    return out;
}

/* *secs = seconds to make the five bases handles of zk with the primary MSM providers, lent
 * (lend = 1, as a key load does) or copied; then they are destroyed (not timed). Returns the
 * status of the first failed call (its error set) or G16K_OK. */
static int time_bases(g16k_prover *p, const zkey *zk, int lend, double *secs)
{
    g16k_msm_bases *b[MSM_COUNT] = { NULL };
    const provider *pv[MSM_COUNT] = { NULL };
    int rc = G16K_OK;
    double t0 = clock_now();
    for (int m = 0; m < MSM_COUNT && rc == G16K_OK; m++) {
        const void *pts;
        uint64_t n;
        if ((pv[m] = bench_provider(p, groth16_msms[m].slot, zk->cv->id)) == NULL) {
            rc = G16K_ECONFIG;
            break;
        }
        msm_points(zk, m, &pts, &n);
        rc = call_bases_create(pv[m], groth16_msms[m].group, pts, n, lend, groth16_msms[m].name,
                               &b[m], NULL);
    }
    *secs = clock_now() - t0;
    for (int m = 0; m < MSM_COUNT; m++)
        if (b[m])
            call_bases_destroy(pv[m], b[m]);
    return rc;
}

static int bench_load(g16k_prover *p, const char *zkey_path, int runs)
{
    enum {
        READ,
        PARSE,
        DIGEST,
        DIGEST1,
        G1,
        G2,
        BASES,
        BORROW,
        FIRST,
        CACHED,
        C_READ,
        C_DECODED,
        C_DIGEST,
        C_HANDLES,
        N_PH
    };
    /* cached_*: inside the cached load, seconds from its start to the end of the read, of the
     * decoding (the digest included), of the digest, and the providers' share (every handle).
     * Whole loads map the file as g16k prove does (G16K_KEY_MAP_FILE): their read ends at 0. */
    static const char *const names[N_PH] = { "read",
                                             "parse",
                                             "digest",
                                             "digest_1thread",
                                             "g1_tests",
                                             "g2_tests",
                                             "bases_create",
                                             "bases_borrow",
                                             "first",
                                             "cached",
                                             "cached_read_end",
                                             "cached_decoded_end",
                                             "cached_digest_end",
                                             "cached_handles" };
    static double t[N_PH][MAX_RUNS];
    unsigned threads = p->cfg->threads;
    char saved[sizeof p->cfg->key_cache];
    uint64_t size = 0, n1 = 0, n2 = 0;
    int rc = G16K_OK;

    if (!zkey_path)
        return cli_usage_error("bench load: --zkey is required%s", "");
    memcpy(saved, p->cfg->key_cache, sizeof saved);
    for (int r = 0; r < runs && rc == G16K_OK; r++) {
        double t0 = clock_now();
        uint8_t *buf = read_file(zkey_path, &size);
        t[READ][r] = clock_now() - t0;
        if (!buf) {
            rc = G16K_EIO;
            break;
        }
        uint8_t d[ZKEY_DIGEST_BYTES];
        t0 = clock_now();
        digest_threads(d, buf, size, threads);
        t[DIGEST][r] = clock_now() - t0;
        t0 = clock_now();
        zkey_digest(d, buf, size);
        t[DIGEST1][r] = clock_now() - t0;
        free(buf);

        zkey *zk;
        zkey_load_args parse = { .path = zkey_path, .threads = threads, .no_tests = 1 };
        t0 = clock_now();
        if ((rc = zkey_load_from(&parse, &zk)) != G16K_OK)
            break;
        t[PARSE][r] = clock_now() - t0;
        void *g1 = g1_points(zk, &n1);
        n2 = zk->n_vars;
        if (!g1) {
            zkey_free(zk);
            rc = err_set(G16K_ENOMEM, "out of memory");
            break;
        }
        t[G1][r] = time_tests(zk->cv, g1, 0, n1, threads);
        t[G2][r] = time_tests(zk->cv, zk->b2, 1, n2, threads);
        free(g1);
        if (t[G1][r] < 0 || t[G2][r] < 0) {
            zkey_free(zk);
            rc = err_set(G16K_EFORMAT, "%s: a point is outside its subgroup", zkey_path);
            break;
        }
        /* every point passed the tests above: the bases_borrow contract holds for zk */
        if ((rc = time_bases(p, zk, 0, &t[BASES][r])) == G16K_OK)
            rc = time_bases(p, zk, 1, &t[BORROW][r]);
        zkey_free(zk);
        if (rc != G16K_OK)
            break;

        /* Whole loads, with a cache folder of this run's own. */
        char dir[] = "/tmp/g16k-bench-load-XXXXXX";
        if (!mkdtemp(dir)) {
            rc = err_set(G16K_EIO, "cannot make a temporary folder: %s", strerror(errno));
            break;
        }
        snprintf(p->cfg->key_cache, sizeof p->cfg->key_cache, "%s", dir);
        for (int c = 0; c < 2 && rc == G16K_OK; c++) {
            g16k_key *key = NULL;
            key_load_stats ks;
            zkey_load_args args = { .path = zkey_path };
            g16k_key_opts ko = { .struct_size = sizeof ko,
                                 .flags = G16K_KEY_MAP_FILE }; /* as prove */
            t0 = clock_now();
            rc = key_load(p, &args, &ko, &ks, &key);
            t[c ? CACHED : FIRST][r] = clock_now() - t0;
            g16k_key_free(key);
            if (c) {
                t[C_READ][r] = ks.zk.read;
                t[C_DECODED][r] = ks.zk.decoded;
                t[C_DIGEST][r] = ks.zk.digest;
                t[C_HANDLES][r] = ks.handles;
            }
        }
        remove_dir(dir);
    }
    memcpy(p->cfg->key_cache, saved, sizeof saved);
    if (rc != G16K_OK)
        return cli_fail(rc);
    double g1_med = median(t[G1], runs), g2_med = median(t[G2], runs);
    printf(
        "{\n  \"bench\": \"load\",\n  \"zkey\": \"%s\",\n  \"bytes\": %llu,\n  \"threads\": %u,\n"
        "  \"runs\": %d,\n  \"points\": {\"g1\": %llu, \"g2\": %llu},\n"
        "  \"points_per_second_per_thread\": {\"g1\": %.0f, \"g2\": %.0f},\n"
        "  \"digest_mb_per_second_1thread\": %.1f,\n  \"seconds\": {\n",
        zkey_path, (unsigned long long)size, threads, runs, (unsigned long long)n1,
        (unsigned long long)n2, n1 / g1_med / threads, n2 / g2_med / threads,
        size / 1e6 / median(t[DIGEST1], runs));
    for (int ph = 0; ph < N_PH; ph++)
        print_stat(names[ph], t[ph], runs, ph == N_PH - 1);
    printf("  }\n}\n");
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    const char *config = NULL, *group = NULL, *logn = NULL, *window = NULL, *threads = NULL,
               *runs_s = NULL, *zkey = NULL, *wtns_path = NULL, *trace_path = NULL, *bases = NULL,
               *curve_s = NULL;
    const cli_opt opts[] = {
        { "--config", &config, NULL },    { "--group", &group, NULL },
        { "--log-n", &logn, NULL },       { "--window", &window, NULL },
        { "--threads", &threads, NULL },  { "--runs", &runs_s, NULL },
        { "--zkey", &zkey, NULL },        { "--witness", &wtns_path, NULL },
        { "--trace", &trace_path, NULL }, { "--bases", &bases, NULL },
        { "--curve", &curve_s, NULL },
    };
    g16k_prover *p;
    int rc, runs;

    /* No phase first: --help, or an unknown option, is reported as such. */
    if (argc >= 3 && argv[2][0] == '-' &&
        (rc = cli_parse(argc, argv, opts, sizeof(opts) / sizeof(opts[0]))))
        return rc;
    if (argc < 3 || argv[2][0] == '-')
        return cli_usage_error("bench: which phase? (%s)", "msm, ntt, synth, prove, load");
    const char *what = argv[2];
    /* Options follow the phase name: shift it away for cli_parse (which starts at argv[2]). */
    if ((rc = cli_parse(argc - 1, argv + 1, opts, sizeof(opts) / sizeof(opts[0]))))
        return rc;
    if ((rc = parse_runs(runs_s, &runs)))
        return rc;
    if (strcmp(what, "msm") && strcmp(what, "ntt") && strcmp(what, "synth") &&
        strcmp(what, "prove") && strcmp(what, "load"))
        return cli_usage_error("bench: unknown phase '%s' (msm, ntt, synth, prove, load)", what);
    if ((rc = cli_threads_opt(threads)))
        return rc;
    const curve *cv = curve_s ? curve_by_snarkjs(curve_s) : &curve_bls12_381;
    if (cv == NULL)
        return cli_usage_error("bench: --curve '%s': expected bls12381 or bn128", curve_s);
    if (curve_s && strcmp(what, "msm"))
        return cli_usage_error("bench: --curve is for msm (a key's curve is its own), not %s",
                               what);
    const cli_file files[] = { { "--zkey", zkey, 0 },
                               { "--witness", wtns_path, 0 },
                               { "--config", config, 0 },
                               { "--trace", trace_path, 1 } };
    if ((rc = cli_check_outputs(files, sizeof files / sizeof files[0])))
        return rc;
    g16k_trace *trace = NULL;
    if ((rc = cli_trace_start(trace_path, "bench", &trace)) != G16K_OK)
        return cli_fail(rc);
    if ((rc = cli_open_prover(config, &p)) != G16K_OK)
        return cli_trace_finish(trace, cli_fail(rc));
    if (!strcmp(what, "msm"))
        rc = bench_msm(p, cv, group, logn, window, threads, bases, runs);
    else if (!strcmp(what, "ntt"))
        rc = bench_ntt(p, logn, runs);
    else if (!strcmp(what, "load"))
        rc = bench_load(p, zkey, runs);
    else
        rc = bench_prove(p, zkey, wtns_path, runs, !strcmp(what, "synth"));
    g16k_prover_close(p);
    return cli_trace_finish(trace, rc);
}

const cli_command cli_cmd_bench = {
    "bench",
    cmd_bench,
    "bench    msm --group g1|g2 --log-n N [--window C] [--bases copied|lent|lent-unaligned]\n"
    "             [--curve bls12381|bn128] |\n"
    "         ntt --log-n N |\n"
    "         synth --zkey Z --witness W | prove --zkey Z --witness W | load --zkey Z\n"
    "         with [--config INI] [--threads T] [--runs K] [--trace TRACE.json]\n"
    "         Runs one phase alone K times (default 5) and prints JSON with the median, min\n"
    "         and max seconds; prove reports key loading apart from the per-phase times; load\n"
    "         times a key load's phases alone (read, parse, digest, G1 and G2 subgroup tests\n"
    "         with points per second per thread, the providers' bases_create) and whole loads\n"
    "         with an empty (first) and a filled (cached) verdict cache.\n"
    "         --threads sets $G16K_THREADS. --config and --trace (every run's phases and\n"
    "         provider calls in one file) as for prove.\n",
};
