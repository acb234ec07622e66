/*
 * Groth16 proving key reader (.zkey, BLS12-381; FORMATS.md sections 1, 2, 4; snarkjs
 * src/zkey_utils.js readHeader/readSection, zkey_new.js for the coefficient encoding).
 *
 * Order of work: the container's table (binfile.c, read apart), the headers (sections 1, 2) as
 * soon as they are read, every section size against what nVars/nPublic/domainSize imply, and
 * only then allocation: a hostile header can make us allocate at most about twice the size of
 * the file (the file itself, then the decoded arrays). Then the tasks of load_pool.h: digest
 * leaves, coefficient and point chunks in file order, then the subgroup tests of each point
 * chunk. Section 10 (contributions) is not needed for proving and may be absent.
 */
#include "zkey.h"
#include "zkey_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binfile.h"
#include "load_pool.h"
#include "util/clock.h"
#include "plugin/config.h"
#include "util/error.h"
#include "zkey_points.h"

#define ZKEY_VERSION 1
#define ZKEY_MAX_ID 10
#define PROTOCOL_GROTH16 1
#define MAX_LOG_N 28
#define G1_BYTES 96u
#define G2_BYTES 192u
#define COEF_BYTES 44u          /* u32 matrix, u32 row, u32 signal, 32-byte value */

/* Byte layout of section 2 (groth16 header), 964 bytes for BLS12-381. */
enum {
    H2_N8Q = 0, H2_Q = 4, H2_N8R = 52, H2_R = 56, H2_NVARS = 88, H2_NPUB = 92, H2_DOMAIN = 96,
    H2_ALPHA1 = 100, H2_BETA1 = 196, H2_BETA2 = 292, H2_GAMMA2 = 484, H2_DELTA1 = 676,
    H2_DELTA2 = 772, H2_SIZE = 964
};

static const char *const SECTION_NAME[ZKEY_MAX_ID + 1] = {
    "", "header", "groth16 header", "IC", "coefficients", "A", "B1", "B2", "C", "H",
    "contributions"};

/* The one-line message: "PATH: section ID (NAME) at byte OFFSET: what". */
__attribute__((format(printf, 4, 5)))
static int sec_err(const binfile *bf, uint32_t id, uint64_t offset, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    return g16k_err(G16K_EFORMAT, "%s: section %u (%s) at byte %llu: %s", bf->path, id,
                    SECTION_NAME[id], (unsigned long long)offset, what);
}

static int get_sec(const binfile *bf, uint32_t id, const binfile_section **s)
{
    return binfile_section_get(bf, id, SECTION_NAME[id], s);
}

static int expect_size(const binfile *bf, uint32_t id, uint64_t want, const char *why)
{
    const binfile_section *s = &bf->sec[id];
    if (s->size != want)
        return sec_err(bf, id, s->offset, "size %llu, expected %llu (%s)",
                       (unsigned long long)s->size, (unsigned long long)want, why);
    return G16K_OK;
}

static int read_protocol(const binfile *bf)
{
    const binfile_section *s;
    int rc = get_sec(bf, 1, &s);
    if (rc != G16K_OK)
        return rc;
    if ((rc = expect_size(bf, 1, 4, "u32 protocol")) != G16K_OK)
        return rc;
    uint32_t protocol = binfile_le32(bf->data + s->offset);
    if (protocol != PROTOCOL_GROTH16)
        return sec_err(bf, 1, s->offset, "protocol %u, expected 1 (Groth16)", protocol);
    return G16K_OK;
}

/* Section 2: field sizes and moduli, counts, and the six header points. */
static int read_groth16_header(const binfile *bf, zkey *k)
{
    const binfile_section *s;
    int rc = get_sec(bf, 2, &s);
    if (rc != G16K_OK)
        return rc;
    const uint8_t *p = bf->data + s->offset;
    uint64_t off = s->offset;
    if (s->size < 4)
        return sec_err(bf, 2, off, "size %llu, expected %u", (unsigned long long)s->size,
                       H2_SIZE);
    uint32_t n8q = binfile_le32(p + H2_N8Q);
    if (n8q != FP_BYTES)
        return sec_err(bf, 2, off, "n8q %u, expected %u (BLS12-381 q)", n8q, FP_BYTES);
    if ((rc = expect_size(bf, 2, H2_SIZE, "BLS12-381 groth16 header")) != G16K_OK)
        return rc;

    uint64_t q[FP_LIMBS];
    binfile_limbs(q, p + H2_Q, FP_LIMBS);
    if (bigint_cmp(q, FP_MODULUS.l, FP_LIMBS) != 0)
        return sec_err(bf, 2, off + H2_Q, "base field prime q is not BLS12-381 p");
    uint32_t n8r = binfile_le32(p + H2_N8R);
    if (n8r != FR_BYTES)
        return sec_err(bf, 2, off + H2_N8R, "n8r %u, expected %u (BLS12-381 r)", n8r, FR_BYTES);
    uint64_t r[FR_LIMBS];
    binfile_limbs(r, p + H2_R, FR_LIMBS);
    if (bigint_cmp(r, FR_MODULUS.l, FR_LIMBS) != 0)
        return sec_err(bf, 2, off + H2_R, "scalar field prime r is not BLS12-381 r");

    k->n_vars = binfile_le32(p + H2_NVARS);
    k->n_public = binfile_le32(p + H2_NPUB);
    k->domain_size = binfile_le32(p + H2_DOMAIN);
    if (k->n_vars == 0 || k->n_public >= k->n_vars)
        return sec_err(bf, 2, off + H2_NVARS, "nPublic %u, nVars %u: need nPublic < nVars",
                       k->n_public, k->n_vars);
    uint32_t n = k->domain_size;
    if (n == 0 || (n & (n - 1)) != 0 || n > (1u << MAX_LOG_N))
        return sec_err(bf, 2, off + H2_DOMAIN, "domainSize %u is not a power of two in [1, 2^%d]",
                       n, MAX_LOG_N);
    /* The public-input rows m..m+P of the extended system must fit in the domain. */
    if ((uint64_t)k->n_public + 1 > n)
        return sec_err(bf, 2, off + H2_DOMAIN, "domainSize %u < nPublic + 1 = %llu", n,
                       (unsigned long long)k->n_public + 1);
    k->log_n = 0;
    while ((1u << k->log_n) < n)
        k->log_n++;

    static const struct { uint32_t at; const char *name; } g1s[] = {
        {H2_ALPHA1, "alpha1"}, {H2_BETA1, "beta1"}, {H2_DELTA1, "delta1"}};
    g1_affine_t *g1dst[] = {&k->alpha1, &k->beta1, &k->delta1};
    for (int i = 0; i < 3; i++) {
        const char *what = zkey_point_g1(g1dst[i], p + g1s[i].at, 0, 0);
        if (what != NULL)
            return sec_err(bf, 2, off + g1s[i].at, "%s: %s", g1s[i].name, what);
    }
    static const struct { uint32_t at; const char *name; } g2s[] = {
        {H2_BETA2, "beta2"}, {H2_GAMMA2, "gamma2"}, {H2_DELTA2, "delta2"}};
    g2_affine_t *g2dst[] = {&k->beta2, &k->gamma2, &k->delta2};
    for (int i = 0; i < 3; i++) {
        const char *what = zkey_point_g2(g2dst[i], p + g2s[i].at, 0, 0);
        if (what != NULL)
            return sec_err(bf, 2, off + g2s[i].at, "%s: %s", g2s[i].name, what);
    }
    return G16K_OK;
}

/* Every payload section must be present with exactly the size the header implies. */
static int check_sizes(const binfile *bf, const zkey *k, uint64_t *n_coefs)
{
    const binfile_section *s;
    int rc;
    for (uint32_t id = 3; id <= 9; id++)
        if ((rc = get_sec(bf, id, &s)) != G16K_OK)
            return rc;
    uint64_t nv = k->n_vars;
    uint64_t np1 = (uint64_t)k->n_public + 1;
    if ((rc = expect_size(bf, 3, np1 * G1_BYTES, "nPublic + 1 G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 5, nv * G1_BYTES, "nVars G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 6, nv * G1_BYTES, "nVars G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 7, nv * G2_BYTES, "nVars G2 points")) != G16K_OK ||
        (rc = expect_size(bf, 8, (nv - np1) * G1_BYTES, "nVars - nPublic - 1 G1 points")) !=
            G16K_OK ||
        (rc = expect_size(bf, 9, (uint64_t)k->domain_size * G1_BYTES, "domainSize G1 points")) !=
            G16K_OK)
        return rc;
    s = &bf->sec[4];
    if (s->size < 4)
        return sec_err(bf, 4, s->offset, "size %llu, too small for the u32 count",
                       (unsigned long long)s->size);
    *n_coefs = binfile_le32(bf->data + s->offset);
    return expect_size(bf, 4, 4 + *n_coefs * COEF_BYTES, "4 + nCoef * 44");
}

/* Coefficients [begin, end) of section 4: {matrix, row, signal, value}; value = coef * R^2 mod r,
 * so one Montgomery reduction gives coef * R, the Montgomery form the header promises. */
static int read_coefs(const binfile *bf, zkey *k, uint64_t begin, uint64_t end)
{
    const binfile_section *s = &bf->sec[4];
    const uint8_t *p = bf->data + s->offset + 4 + begin * COEF_BYTES;
    for (uint64_t i = begin; i < end; i++, p += COEF_BYTES) {
        uint64_t at = s->offset + 4 + i * COEF_BYTES;
        g16k_coef *c = &k->coefs[i];
        c->matrix = binfile_le32(p);
        c->row = binfile_le32(p + 4);
        c->signal = binfile_le32(p + 8);
        c->pad = 0;
        if (c->matrix > 1)
            return sec_err(bf, 4, at, "coefficient %llu: matrix %u, expected 0 (A) or 1 (B)",
                           (unsigned long long)i, c->matrix);
        if (c->row >= k->domain_size)
            return sec_err(bf, 4, at + 4, "coefficient %llu: row %u >= domainSize %u",
                           (unsigned long long)i, c->row, k->domain_size);
        if (c->signal >= k->n_vars)
            return sec_err(bf, 4, at + 8, "coefficient %llu: signal %u >= nVars %u",
                           (unsigned long long)i, c->signal, k->n_vars);
        fr_t stored;
        binfile_limbs(stored.l, p + 12, FR_LIMBS);
        if (bigint_cmp(stored.l, FR_MODULUS.l, FR_LIMBS) >= 0)
            return sec_err(bf, 4, at + 12, "coefficient %llu: value >= r", (unsigned long long)i);
        fr_t mont;
        fr_mont_reduce(&mont, &stored);
        memcpy(c->value, mont.l, sizeof(c->value));
    }
    return G16K_OK;
}

/* malloc that never returns NULL for a zero count (C may have no points). */
static void *alloc_array(uint64_t n, size_t elem)
{
    return malloc(n > 0 ? (size_t)n * elem : 1);
}

/* ---- the load: tasks of load_pool.h over the file's bytes ---- */

#define CHUNK_POINTS 1024u      /* points per decoding task and per testing task */
#define CHUNK_COEFS 16384u
#define SUB_POINTS 64u          /* points per subgroup call: the granularity of stop and progress */
#define N_JOBS 6                /* point arrays: sections 3, 5, 6, 7, 8, 9 */
#define ORD_SHIFT 40            /* ordinal of a point: job << ORD_SHIFT | index */

enum { T_DIGEST, T_COEFS, T_DECODE };
enum { VERDICT_PENDING = -1, VERDICT_CACHED = 0, VERDICT_TEST = 1 };

typedef struct point_job {
    uint32_t section;
    int g2;
    uint64_t count;
    void *dst;
} point_job;

typedef struct ptask {
    uint64_t need;              /* bytes of the file it reads up to */
    uint8_t kind;
    uint8_t job;
    uint64_t begin, end;        /* leaf index, or coefficient / point range */
} ptask;

typedef struct ctask {
    uint8_t job;
    uint64_t begin, end;
} ctask;

struct zkey_loading {
    binfile bf;                 /* bf.data = buf while reading */
    int fd;
    uint8_t *buf;
    zkey *k;
    zkey_load_opts opts;
    char cache_dir[4096];
    load_pool *pool;
    double t0;

    point_job jobs[N_JOBS];
    ptask *prim;
    uint64_t *need, n_prim;
    ctask *chk;
    uint64_t *dep, n_chk;
    load_pool_tasks tasks;

    uint8_t (*leaves)[ZKEY_DIGEST_BYTES];
    uint64_t n_leaves;
    atomic_uint_fast64_t leaves_done;
    uint8_t digest[ZKEY_DIGEST_BYTES];
    atomic_int verdict;
    double t_digest, t_decoded;

    pthread_mutex_t lock;       /* guards the primary error */
    uint64_t err_at;            /* file offset of the first primary error, UINT64_MAX = none */
    int err_status;
    char err_msg[G16K_ERR_MAX];

    atomic_uint_fast64_t fail_ord;      /* first point outside its subgroup, UINT64_MAX = none */
    atomic_uint_fast64_t checked, chk_complete;
    uint64_t to_check;

    pthread_mutex_t report_lock;
    double next_report;         /* guarded by report_lock */
};

static int checks_wanted(void *ctx)
{
    zkey_loading *ld = ctx;
    return atomic_load(&ld->verdict);
}

static void report(zkey_loading *ld, int done)
{
    if (ld->opts.progress == NULL)
        return;
    if (done)
        pthread_mutex_lock(&ld->report_lock);
    else if (pthread_mutex_trylock(&ld->report_lock) != 0)
        return;
    double now = g16k_now();
    if (done || now >= ld->next_report) {
        ld->next_report = now + 0.1;
        zkey_progress pg = {
            .bytes_read = load_pool_bytes_read(ld->pool), .bytes = ld->bf.size,
            .checked = atomic_load(&ld->checked), .to_check = ld->to_check,
            .seconds = now - ld->t0, .cached = atomic_load(&ld->verdict) == VERDICT_CACHED,
            .done = done};
        ld->opts.progress(ld->opts.progress_user, &pg);
    }
    pthread_mutex_unlock(&ld->report_lock);
}

/* Record the error just set on this thread (g16k_err) if it is the first in file order. */
static void primary_error(zkey_loading *ld, int status, uint64_t at)
{
    pthread_mutex_lock(&ld->lock);
    if (at < ld->err_at) {
        ld->err_at = at;
        ld->err_status = status;
        snprintf(ld->err_msg, sizeof ld->err_msg, "%s", g16k_err_get());
    }
    pthread_mutex_unlock(&ld->lock);
    load_pool_fail(ld->pool);
}

/* The last digest leaf is in: the digest, then the cache's verdict. */
static void digest_done(zkey_loading *ld)
{
    int verdict = VERDICT_TEST;
    if (zkey_digest_root(ld->digest, ld->bf.size,
                         (const uint8_t (*)[ZKEY_DIGEST_BYTES])ld->leaves, ld->n_leaves) == 0) {
        if (zkey_cache_has(ld->cache_dir, ld->digest, ld->bf.size)) {
            verdict = VERDICT_CACHED;
            g16k_log(G16K_LOG_INFO, "%s: in the key cache %s: no subgroup tests", ld->bf.path,
                     ld->cache_dir);
        }
    } else {
        ld->cache_dir[0] = '\0';        /* no digest: no cache */
    }
    ld->t_digest = g16k_now() - ld->t0;
    atomic_store(&ld->verdict, verdict);
    load_pool_notify(ld->pool);
}

static void run_primary(void *ctx, uint64_t i)
{
    zkey_loading *ld = ctx;
    const ptask *t = &ld->prim[i];
    const binfile *bf = &ld->bf;
    if (t->kind == T_DIGEST) {
        uint64_t off = t->begin * ZKEY_LEAF_BYTES;
        if (zkey_digest_leaf(ld->leaves[t->begin], t->begin, bf->data + off,
                             (size_t)(t->need - off)) != 0)
            memset(ld->leaves[t->begin], 0, ZKEY_DIGEST_BYTES);
        if (atomic_fetch_add(&ld->leaves_done, 1) + 1 == ld->n_leaves)
            digest_done(ld);
        return;
    }
    if (t->kind == T_COEFS) {
        int rc = read_coefs(bf, ld->k, t->begin, t->end);
        if (rc != G16K_OK)
            primary_error(ld, rc, bf->sec[4].offset + 4 + t->begin * COEF_BYTES);
        return;
    }
    const point_job *j = &ld->jobs[t->job];
    const binfile_section *s = &bf->sec[j->section];
    uint64_t size = j->g2 ? G2_BYTES : G1_BYTES;
    for (uint64_t p = t->begin; p < t->end; p++) {
        const uint8_t *src = bf->data + s->offset + p * size;
        const char *what = j->g2 ? zkey_point_g2((g2_affine_t *)j->dst + p, src, 1, 1)
                                 : zkey_point_g1((g1_affine_t *)j->dst + p, src, 1, 1);
        if (what != NULL) {
            uint64_t at = s->offset + p * size;
            int rc = sec_err(bf, j->section, at, "point %llu: %s", (unsigned long long)p, what);
            primary_error(ld, rc, at);
            return;
        }
    }
    report(ld, 0);
}

static void run_check(void *ctx, uint64_t i)
{
    zkey_loading *ld = ctx;
    const ctask *t = &ld->chk[i];
    const point_job *j = &ld->jobs[t->job];
    uint64_t ord0 = (uint64_t)t->job << ORD_SHIFT;
    for (uint64_t b = t->begin; b < t->end; b += SUB_POINTS) {
        if (load_pool_checks_off(ld->pool) || ord0 + b > atomic_load(&ld->fail_ord))
            return;
        uint64_t n = t->end - b < SUB_POINTS ? t->end - b : SUB_POINTS;
        size_t bad = j->g2 ? zkey_g2_first_outside((const g2_affine_t *)j->dst + b, (size_t)n)
                           : zkey_g1_first_outside((const g1_affine_t *)j->dst + b, (size_t)n);
        if (bad < n) {
            uint64_t ord = ord0 + b + bad, cur = atomic_load(&ld->fail_ord);
            while (ord < cur && !atomic_compare_exchange_weak(&ld->fail_ord, &cur, ord))
                ;
            return;
        }
        atomic_fetch_add(&ld->checked, n);
        report(ld, 0);
    }
    atomic_fetch_add(&ld->chk_complete, 1);
}

static int cmp_ptask(const void *a, const void *b)
{
    const ptask *x = a, *y = b;
    return (x->need > y->need) - (x->need < y->need);
}

/* The task lists: digest leaves (with a cache), coefficient chunks, point chunks, sorted by the
 * bytes they need; one subgroup task per point chunk. */
static int plan(zkey_loading *ld)
{
    zkey *k = ld->k;
    const binfile *bf = &ld->bf;
    const struct { uint32_t id; void *dst; int g2; uint64_t count; } arr[N_JOBS] = {
        {3, k->ic, 0, (uint64_t)k->n_public + 1},
        {5, k->a, 0, k->n_vars},
        {6, k->b1, 0, k->n_vars},
        {7, k->b2, 1, k->n_vars},
        {8, k->c, 0, (uint64_t)k->n_vars - k->n_public - 1},
        {9, k->h, 0, k->domain_size},
    };
    uint64_t n_pt = 0;
    for (int j = 0; j < N_JOBS; j++) {
        ld->jobs[j] = (point_job){.section = arr[j].id, .g2 = arr[j].g2, .count = arr[j].count,
                                  .dst = arr[j].dst};
        n_pt += (arr[j].count + CHUNK_POINTS - 1) / CHUNK_POINTS;
        ld->to_check += arr[j].count;
    }
    ld->n_leaves = ld->cache_dir[0] ? zkey_digest_leaves(bf->size) : 0;
    uint64_t n_coef = (k->n_coefs + CHUNK_COEFS - 1) / CHUNK_COEFS;
    uint64_t cap = ld->n_leaves + n_coef + n_pt;
    ld->prim = calloc(cap ? cap : 1, sizeof *ld->prim);
    ld->need = calloc(cap ? cap : 1, sizeof *ld->need);
    ld->chk = calloc(n_pt ? n_pt : 1, sizeof *ld->chk);
    ld->dep = calloc(n_pt ? n_pt : 1, sizeof *ld->dep);
    ld->leaves = calloc(ld->n_leaves ? ld->n_leaves : 1, ZKEY_DIGEST_BYTES);
    if (!ld->prim || !ld->need || !ld->chk || !ld->dep || !ld->leaves)
        return -1;
    uint64_t n = 0;
    for (uint64_t i = 0; i < ld->n_leaves; i++) {
        uint64_t end = (i + 1) * ZKEY_LEAF_BYTES;
        ld->prim[n++] = (ptask){.need = end < bf->size ? end : bf->size, .kind = T_DIGEST,
                                .begin = i};
    }
    const binfile_section *s4 = &bf->sec[4];
    for (uint64_t b = 0; b < k->n_coefs; b += CHUNK_COEFS) {
        uint64_t e = k->n_coefs - b < CHUNK_COEFS ? k->n_coefs : b + CHUNK_COEFS;
        ld->prim[n++] = (ptask){.need = s4->offset + 4 + e * COEF_BYTES, .kind = T_COEFS,
                                .begin = b, .end = e};
    }
    for (int j = 0; j < N_JOBS; j++) {
        const binfile_section *s = &bf->sec[ld->jobs[j].section];
        uint64_t size = ld->jobs[j].g2 ? G2_BYTES : G1_BYTES;
        for (uint64_t b = 0; b < ld->jobs[j].count; b += CHUNK_POINTS) {
            uint64_t e = ld->jobs[j].count - b < CHUNK_POINTS ? ld->jobs[j].count : b + CHUNK_POINTS;
            ld->prim[n++] = (ptask){.need = s->offset + e * size, .kind = T_DECODE,
                                    .job = (uint8_t)j, .begin = b, .end = e};
        }
    }
    qsort(ld->prim, n, sizeof *ld->prim, cmp_ptask);
    ld->n_prim = n;
    for (uint64_t i = 0; i < n; i++) {
        ld->need[i] = ld->prim[i].need;
        if (ld->prim[i].kind == T_DECODE) {
            ld->chk[ld->n_chk] = (ctask){.job = ld->prim[i].job, .begin = ld->prim[i].begin,
                                         .end = ld->prim[i].end};
            ld->dep[ld->n_chk++] = i;
        }
    }
    ld->tasks = (load_pool_tasks){.n_primary = ld->n_prim, .need = ld->need,
                                  .run_primary = run_primary, .n_check = ld->n_chk,
                                  .dep = ld->dep, .run_check = run_check,
                                  .checks_wanted = checks_wanted, .ctx = ld};
    return 0;
}

static void loading_free(zkey_loading *ld)
{
    load_pool_destroy(ld->pool);
    if (ld->fd >= 0)
        close(ld->fd);
    free(ld->buf);
    free(ld->prim);
    free(ld->need);
    free(ld->chk);
    free(ld->dep);
    free(ld->leaves);
    pthread_mutex_destroy(&ld->lock);
    pthread_mutex_destroy(&ld->report_lock);
    free(ld);
}

/* Open path, read its table, start the reader. */
static int open_file(zkey_loading *ld, const char *path)
{
    ld->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (ld->fd < 0)
        return g16k_err(G16K_EIO, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(ld->fd, &st) != 0)
        return g16k_err(G16K_EIO, "%s: cannot stat: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return g16k_err(G16K_EIO, "%s: not a regular file", path);
    (void)posix_fadvise(ld->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    int rc = binfile_read_table(&ld->bf, ld->fd, (uint64_t)st.st_size, path, "zkey",
                                ZKEY_VERSION, ZKEY_MAX_ID);
    if (rc != G16K_OK)
        return rc;
    ld->buf = malloc(ld->bf.size ? (size_t)ld->bf.size : 1);
    if (ld->buf == NULL)
        return g16k_err(G16K_ENOMEM, "%s: out of memory for %llu bytes", path,
                        (unsigned long long)ld->bf.size);
    ld->bf.data = ld->buf;
    ld->pool = load_pool_create(ld->fd, ld->buf, ld->bf.size);
    if (ld->pool == NULL)
        return g16k_err(G16K_ENOMEM, "%s: cannot start the reader thread", path);
    return G16K_OK;
}

static int read_failed(const zkey_loading *ld)
{
    int e = load_pool_read_error(ld->pool);
    if (e > 0)
        return g16k_err(G16K_EIO, "%s: cannot read: %s", ld->bf.path, strerror(e));
    return g16k_err(G16K_EIO, "%s: the file got shorter while it was read", ld->bf.path);
}

/* Sections 1, 2 and the coefficient count of 4, once read; then the arrays. */
static int read_headers(zkey_loading *ld)
{
    const binfile *bf = &ld->bf;
    uint64_t need = 0;
    for (uint32_t id = 1; id <= 2; id++)
        if (bf->sec[id].present && bf->sec[id].offset + bf->sec[id].size > need)
            need = bf->sec[id].offset + bf->sec[id].size;
    if (bf->sec[4].present && bf->sec[4].size >= 4 && bf->sec[4].offset + 4 > need)
        need = bf->sec[4].offset + 4;
    if (load_pool_wait_read(ld->pool, need) != 0)
        return read_failed(ld);
    zkey *k = ld->k;
    int rc;
    if ((rc = read_protocol(bf)) != G16K_OK || (rc = read_groth16_header(bf, k)) != G16K_OK ||
        (rc = check_sizes(bf, k, &k->n_coefs)) != G16K_OK)
        return rc;
    /* Every count below was just matched against a section that lies inside the file. */
    uint64_t nv = k->n_vars;
    k->ic = alloc_array((uint64_t)k->n_public + 1, sizeof(g1_affine_t));
    k->coefs = alloc_array(k->n_coefs, sizeof(g16k_coef));
    k->a = alloc_array(nv, sizeof(g1_affine_t));
    k->b1 = alloc_array(nv, sizeof(g1_affine_t));
    k->b2 = alloc_array(nv, sizeof(g2_affine_t));
    k->c = alloc_array(nv - k->n_public - 1, sizeof(g1_affine_t));
    k->h = alloc_array(k->domain_size, sizeof(g1_affine_t));
    if (!k->ic || !k->coefs || !k->a || !k->b1 || !k->b2 || !k->c || !k->h)
        return g16k_err(G16K_ENOMEM, "%s: out of memory for %u variables, domain %u", bf->path,
                        k->n_vars, k->domain_size);
    return G16K_OK;
}

int zkey_load_begin(const char *path, const zkey_load_opts *opts, zkey **out, zkey_loading **ldp)
{
    zkey_loading *ld = calloc(1, sizeof *ld);
    if (ld == NULL)
        return g16k_err(G16K_ENOMEM, "%s: out of memory", path);
    ld->fd = -1;
    ld->t0 = g16k_now();
    ld->opts = *opts;
    ld->err_at = UINT64_MAX;
    atomic_init(&ld->fail_ord, UINT64_MAX);
    pthread_mutex_init(&ld->lock, NULL);
    pthread_mutex_init(&ld->report_lock, NULL);
    if (!opts->no_tests && opts->cache_dir && opts->cache_dir[0] &&
        snprintf(ld->cache_dir, sizeof ld->cache_dir, "%s", opts->cache_dir) >=
            (int)sizeof ld->cache_dir)
        ld->cache_dir[0] = '\0';
    atomic_init(&ld->verdict, opts->no_tests ? VERDICT_CACHED
                              : ld->cache_dir[0] ? VERDICT_PENDING : VERDICT_TEST);
    int rc = open_file(ld, path);
    if (rc == G16K_OK && (ld->k = calloc(1, sizeof *ld->k)) == NULL)
        rc = g16k_err(G16K_ENOMEM, "%s: out of memory", path);
    if (rc == G16K_OK)
        rc = read_headers(ld);
    if (rc == G16K_OK && plan(ld) != 0)
        rc = g16k_err(G16K_ENOMEM, "%s: out of memory", path);
    if (rc == G16K_OK) {
        if (ld->n_leaves == 0 && ld->cache_dir[0])
            digest_done(ld);            /* an empty file has no leaves */
        (void)load_pool_run(ld->pool, &ld->tasks, opts->threads);   /* fewer threads: slower */
        if (load_pool_primary(ld->pool) != 0) {
            if (ld->err_at != UINT64_MAX)
                rc = g16k_err(ld->err_status, "%s", ld->err_msg);
            else
                rc = read_failed(ld);
        }
    }
    /* Every byte used above came from buf; so did the digest. buf must hold the table we
     * planned with, or the file changed between the two reads. */
    if (rc == G16K_OK && (load_pool_wait_read(ld->pool, ld->bf.size) != 0))
        rc = read_failed(ld);
    if (rc == G16K_OK && !binfile_same_table(&ld->bf, ld->buf, "zkey", ZKEY_MAX_ID))
        rc = g16k_err(G16K_EIO, "%s: the file changed while it was read", path);
    if (rc != G16K_OK) {
        zkey *k = ld->k;
        loading_free(ld);
        zkey_free(k);
        return rc;
    }
    free(ld->buf);                      /* everything is decoded; the tests use the arrays */
    ld->buf = NULL;
    ld->bf.data = NULL;
    close(ld->fd);
    ld->fd = -1;
    ld->t_decoded = g16k_now() - ld->t0;
    *out = ld->k;
    *ldp = ld;
    return G16K_OK;
}

int zkey_load_end(zkey_loading *ld, zkey_load_stats *st)
{
    load_pool_checks(ld->pool);         /* returns once every thread has stopped */
    int rc = G16K_OK;
    uint64_t fail = atomic_load(&ld->fail_ord);
    int verdict = atomic_load(&ld->verdict);
    if (fail != UINT64_MAX) {
        /* A point outside its subgroup is reported even if the cache vouched for the file
         * (a test that ran before the verdict came): the test is right, the entry is not. */
        const point_job *j = &ld->jobs[fail >> ORD_SHIFT];
        uint64_t idx = fail & (((uint64_t)1 << ORD_SHIFT) - 1);
        uint64_t at = ld->bf.sec[j->section].offset + idx * (j->g2 ? G2_BYTES : G1_BYTES);
        rc = sec_err(&ld->bf, j->section, at, "point %llu: %s", (unsigned long long)idx,
                     ZKEY_NOT_IN_SUBGROUP);
    } else if (verdict == VERDICT_TEST && atomic_load(&ld->chk_complete) != ld->n_chk) {
        rc = g16k_err(G16K_EINTERNAL, "%s: subgroup tests stopped early", ld->bf.path);
    } else if (verdict == VERDICT_TEST && ld->cache_dir[0] &&
               zkey_cache_put(ld->cache_dir, ld->digest, ld->bf.size, ld->bf.path) == 0) {
        g16k_log(G16K_LOG_INFO, "%s: every point tested; recorded in the key cache %s",
                 ld->bf.path, ld->cache_dir);
    }
    report(ld, 1);
    if (st != NULL) {
        uint64_t g2 = ld->jobs[3].count;
        *st = (zkey_load_stats){.read = load_pool_read_seconds(ld->pool), .decoded = ld->t_decoded,
                                .digest = ld->t_digest, .checked = g16k_now() - ld->t0,
                                .cached = verdict == VERDICT_CACHED,
                                .g1_points = verdict == VERDICT_CACHED ? 0 : ld->to_check - g2,
                                .g2_points = verdict == VERDICT_CACHED ? 0 : g2};
    }
    loading_free(ld);
    return rc;
}

void zkey_load_cancel(zkey_loading *ld)
{
    if (ld != NULL)
        loading_free(ld);
}

int zkey_load(const char *path, unsigned threads, zkey **out)
{
    zkey_load_opts o = {.threads = threads};
    zkey *k;
    zkey_loading *ld;
    int rc = zkey_load_begin(path, &o, &k, &ld);
    if (rc != G16K_OK)
        return rc;
    rc = zkey_load_end(ld, NULL);
    if (rc != G16K_OK) {
        zkey_free(k);
        return rc;
    }
    *out = k;
    return G16K_OK;
}

void zkey_free(zkey *k)
{
    if (k == NULL)
        return;
    free(k->ic);
    free(k->coefs);
    free(k->a);
    free(k->b1);
    free(k->b2);
    free(k->c);
    free(k->h);
    free(k);
}
