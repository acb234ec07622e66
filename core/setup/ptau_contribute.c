/*
 * `g16k ptau contribute` and `g16k ptau beacon`: one more contribution to a powers-of-tau
 * ceremony, as snarkjs 0.7.6 makes it (src/powersoftau_contribute.js, powersoftau_beacon.js,
 * powersoftau_utils.js): with secrets tau, alpha, beta (ptau_key.c) every point i of sections
 * 2..5 is multiplied by tau^i (alpha tau^i, beta tau^i in 4 and 5) and betaG2 by beta; the
 * response hash is BLAKE2b-512(previous challenge || every new point compressed, in file order,
 * in snarkjs's chunks || the public key uncompressed), stored "partial" (blake2b_partial.c)
 * before the key; the next challenge is BLAKE2b-512(response hash || every new point
 * uncompressed); section 7 gets a record: the new tauG1[1], tauG2[1], alphaTauG1[0],
 * betaTauG1[0], betaG2[0], the public key, the partial hash, the next challenge, the type (0
 * contribution, 1 beacon) and the parameters (name; for a beacon the iteration exponent and the
 * beacon hash). A beacon's secrets come from SHA-256 iterated 2^exp times on the beacon hash, so
 * its file is snarkjs's byte for byte; a contribution's from the OS mixed with the entropy.
 * The products: GLV products on the IFMA lanes, all affine with one inversion a step for a
 * batch of points (ifma.h g*_ifma_mul_glv_aff), or the reference's, except in a section whose
 * points are all the generator (a ceremony's first contribution: `ptau new` writes nothing
 * else), where k G comes from fixed-base tables (fixed_base.c) at a fraction of the cost.
 */
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "bls12_381/glv.h"
#include "g16k/plugin.h"
#include "ifma.h"
#include "internal.h"
#include "platform/big_alloc.h"
#include "platform/parallel.h"
#include "setup.h"
#include "util/error.h"
#include "util/log.h"

#define RECORD_FIXED                                                                               \
    (G1_BYTES + G2_BYTES + G1_BYTES + G1_BYTES + G2_BYTES + PTAU_PUBKEY_BYTES +                    \
     B2P_PARTIAL_BYTES + 64 + 4 + 4)

/* ---- section 7 ---- */

int ptau_contributions_read(const ptau *pt, ptau_contribs *out)
{
    memset(out, 0, sizeof *out);
    const binfile_section *s;
    int rc = binfile_section_get(&pt->bf, PTAU_CONTRIBUTIONS, "contributions", &s);
    if (rc)
        return rc;
    const uint8_t *base = pt->bf.data + s->offset, *p = base + 4, *end = base + s->size;
    if (s->size < 4)
        return err_set(G16K_EFORMAT,
                       "%s: section 7 (contributions) at byte %llu: %llu bytes, "
                       "too short for the count",
                       pt->bf.path, (unsigned long long)s->offset, (unsigned long long)s->size);
    out->count = binfile_le32(base);
    out->records = p;
    for (uint32_t i = 0; i < out->count; i++) {
        uint64_t at = s->offset + (uint64_t)(p - base);
        if ((uint64_t)(end - p) < RECORD_FIXED)
            return err_set(G16K_EFORMAT,
                           "%s: section 7 (contributions) at byte %llu: contribution %u of %u "
                           "cut short (a damaged file)",
                           pt->bf.path, (unsigned long long)at, i + 1, out->count);
        const uint8_t *params = p + RECORD_FIXED;
        uint32_t plen = binfile_le32(params - 4);
        if ((uint64_t)(end - params) < plen)
            return err_set(G16K_EFORMAT,
                           "%s: section 7 (contributions) at byte %llu: contribution %u: "
                           "parameters of %u bytes run past the section",
                           pt->bf.path, (unsigned long long)(at + RECORD_FIXED - 4), i + 1, plen);
        /* parameters: sorted types 1 (name), 2 (iterations exponent), 3 (beacon hash) */
        int last = 0;
        for (uint32_t q = 0; q < plen;) {
            int type = params[q];
            uint32_t need = type == 2 ? 2 : q + 1 < plen ? 2u + params[q + 1] : 2;
            if (type <= last || type > 3 || need > plen - q)
                return err_set(G16K_EFORMAT,
                               "%s: section 7 (contributions) at byte %llu: contribution %u: "
                               "bad parameter (type %d)",
                               pt->bf.path, (unsigned long long)(at + RECORD_FIXED + q), i + 1,
                               type);
            last = type;
            q += need;
        }
        out->last_next_challenge = p + RECORD_FIXED - 8 - 64;
        p = params + plen;
    }
    if (p != end)
        return err_set(G16K_EFORMAT,
                       "%s: section 7 (contributions) at byte %llu: %llu bytes after the %u "
                       "contributions (a damaged file)",
                       pt->bf.path, (unsigned long long)(s->offset + (uint64_t)(p - base)),
                       (unsigned long long)(end - p), out->count);
    out->records_len = (size_t)(end - out->records);
    return G16K_OK;
}

/* calculateFirstChallengeHash: BLAKE2b-512(BLAKE2b-512() || the generators' uncompressed
 * encodings as many times as new() writes them). */
void ptau_first_challenge(uint8_t out[64], unsigned power)
{
    enum { K = 1024 };
    uint8_t g1u[G1_BYTES], g2u[G2_BYTES];
    uint8_t empty[64];
    blake2b_state h;
    blake2b_init(&h, 64);
    blake2b_final(&h, empty);
    setup_g1_to_u(g1u, &G1_GENERATOR);
    setup_g2_to_u(g2u, &G2_GENERATOR);
    uint8_t *b1 = malloc(K * G1_BYTES), *b2 = malloc(K * G2_BYTES);
    for (int i = 0; b1 && b2 && i < K; i++) {
        memcpy(b1 + G1_BYTES * i, g1u, G1_BYTES);
        memcpy(b2 + G2_BYTES * i, g2u, G2_BYTES);
    }
    blake2b_init(&h, 64);
    blake2b_update(&h, empty, 64);
    uint64_t n = (uint64_t)1 << power;
    const struct {
        uint64_t count;
        int g2;
    } runs[] = { { 2 * n - 1, 0 }, { n, 1 }, { n, 0 }, { n, 0 }, { 1, 1 } };
    for (int r = 0; r < 5; r++)
        for (uint64_t i = 0; i < runs[r].count;) {
            uint64_t m = runs[r].count - i < K ? runs[r].count - i : K;
            if (b1 && b2)
                blake2b_update(&h, runs[r].g2 ? b2 : b1, m * (runs[r].g2 ? G2_BYTES : G1_BYTES));
            else /* no memory for the blocks: one point at a time */
                for (uint64_t j = 0; j < m; j++)
                    blake2b_update(&h, runs[r].g2 ? g2u : g1u, runs[r].g2 ? G2_BYTES : G1_BYTES);
            i += m;
        }
    blake2b_final(&h, out);
    free(b1);
    free(b2);
}

/* ---- applying the key ---- */

typedef struct apply_job {
    int g2;
    const ptau *pt;
    uint32_t id;
    fr_t first; /* scalar of the section's point 0 */
    fr_t inc;   /* tau */
    int simd;
    const void *fixed; /* the generator's fixed_base_g1/g2 table when every point of the section
                          is the generator (see fixed_section), else NULL */
    atomic_uint_fast64_t bad; /* lowest bad point index, or ~0 */
    atomic_int oom;           /* a fixed-base or lanes task found no memory */
    void **scratch;           /* contrib_run's: the lanes' scratch, one per worker */
    size_t scratch_size;      /* bytes of each: the recoded scalars, then the lanes' */
} apply_job;

/* One chunk's buffers: its points decoded (affine on the lanes, Jacobian then multiplied on the
 * reference; none on the fixed path, which writes the affine results directly), the results
 * affine, and their two encodings. Three of them in turn, so that chunks are finished
 * (encoded, hashed, written) while the next ones' products run. */
typedef struct chunk_buf {
    void *pts, *aff;
    uint8_t *lem, *cmp;
    uint64_t b, m; /* the chunk's first section index and its points */
} chunk_buf;

/* *k = the scalar of the section's point i: first * inc^i (either path). */
static void point_scalar(fr_t *k, const apply_job *j, uint64_t i)
{
    uint64_t e = i;
    fr_pow(k, &j->inc, &e, 1);
    fr_mul(k, k, &j->first);
}

/* Points b..e-1 of chunk u of a section whose points are all the generator: k * G by the
 * fixed-base table (fixed_base.c), affine results straight into aff; the same points as the
 * products below (affine coordinates are unique). */
static void apply_fixed(apply_job *j, const chunk_buf *u, uint64_t b, uint64_t e)
{
    uint64_t n = e - b;
    fr_t *k = malloc(sizeof(fr_t) * n);
    if (!k) {
        atomic_store(&j->oom, 1);
        return;
    }
    point_scalar(&k[0], j, u->b + b);
    for (uint64_t i = 1; i < n; i++)
        fr_mul(&k[i], &k[i - 1], &j->inc);
    int rc = j->g2 ? fixed_base_g2_run((g2_affine_t *)u->aff + b, j->fixed, k, n)
                   : fixed_base_g1_run((g1_affine_t *)u->aff + b, j->fixed, k, n);
    if (rc)
        atomic_store(&j->oom, 1);
    sodium_memzero(k, sizeof(fr_t) * n);
    free(k);
}

/* Points per batch of the lanes' products (g*_ifma_mul_glv_aff's batch: its steps share an
 * inversion), the most a task takes. */
#define LANES_BATCH(g2) ((g2) ? 1024u : 2048u)
/* the recoded scalars of a task, at the start of a worker's scratch */
#define LANES_FIXED_BYTES (((size_t)LANES_BATCH(0) * sizeof(glv_fixed) + 63) & ~(size_t)63)

/* Points b..e-1 of chunk u on the IFMA lanes: decoded affine into pts, their scalars split and
 * recoded, then multiplied all affine (one batch), the results straight into aff. The worker's
 * scratch holds the recoded scalars (wiped here) and the lanes' work space. */
static void apply_lanes(apply_job *j, const chunk_buf *u, uint64_t b, uint64_t e, uint32_t worker)
{
    uint64_t n = e - b;
    size_t fsz = LANES_FIXED_BYTES;
    if (!j->scratch[worker]) /* on huge pages: its tables are read at random */
        j->scratch[worker] = big_alloc(j->scratch_size);
    if (!j->scratch[worker]) {
        atomic_store(&j->oom, 1);
        return;
    }
    glv_fixed *f = j->scratch[worker];
    void *work = (uint8_t *)j->scratch[worker] + fsz;
    fr_t k;
    point_scalar(&k, j, u->b + b);
    for (uint64_t i = b; i < e; i++) {
        void *a = j->g2 ? (void *)((g2_affine_t *)u->pts + i) : (void *)((g1_affine_t *)u->pts + i);
        if (ptau_point(j->pt, j->id, u->b + i, a, 0)) {
            ptau_note_lowest(&j->bad, u->b + i);
            memset(a, 0, j->g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t)); /* infinity */
        }
        glv_fixed_set(&f[i - b], &k);
        fr_mul(&k, &k, &j->inc);
    }
    /* A point on the curve off its subgroup would come out unlike snarkjs's [k] P (the GLV split
     * holds on the group only), and its small-order part would publish k modulo that order, so
     * bits of tau^i, to whoever made the input: refused (a fresh review found it unchecked).
     * BLS12-381's G1 tests its points in the products' own doublings. */
#ifndef SETUP_CURVE_BN254
    if (!j->g2) {
        uint64_t bad = g1_ifma_mul_glv_aff_tested((g1_affine_t *)u->aff + b,
                                                  (const g1_affine_t *)u->pts + b, f, n, work);
        if (bad < n)
            ptau_note_lowest(&j->bad, u->b + b + bad);
        sodium_memzero(f, n * sizeof *f);
        sodium_memzero(&k, sizeof k);
        return;
    }
#endif
    ptau_subgroup_note(
        j->g2, (const uint8_t *)u->pts + b * (j->g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t)), n,
        u->b + b, 1, &j->bad);
    if (j->g2)
        g2_ifma_mul_glv_aff((g2_affine_t *)u->aff + b, (const g2_affine_t *)u->pts + b, f, n, work);
    else
        g1_ifma_mul_glv_aff((g1_affine_t *)u->aff + b, (const g1_affine_t *)u->pts + b, f, n, work);
    sodium_memzero(f, n * sizeof *f);
    sodium_memzero(&k, sizeof k);
}

/* Points b..e-1 of chunk u (chunk indices): the products by the section's scalars. */
static void apply_range(apply_job *j, const chunk_buf *u, uint64_t b, uint64_t e, uint32_t worker)
{
    if (j->fixed) {
        apply_fixed(j, u, b, e);
        return;
    }
    if (j->simd) {
        apply_lanes(j, u, b, e, worker);
        return;
    }
    fr_t k;
    glv_scalar w;
    point_scalar(&k, j, u->b + b);
    for (uint64_t i = b; i < e; i++) {
        g2_affine_t a; /* large enough for either group; tested in its subgroup as in apply_lanes */
        if (ptau_point(j->pt, j->id, u->b + i, &a, 1))
            ptau_note_lowest(&j->bad, u->b + i);
        glv_scalar_set(&w, &k);
        if (j->g2) {
            g2_jac_from_affine((g2_jac_t *)u->pts + i, &a);
            g2_jac_mul_glv((g2_jac_t *)u->pts + i, (g2_jac_t *)u->pts + i, &w);
        } else {
            g1_jac_from_affine((g1_jac_t *)u->pts + i, (const g1_affine_t *)&a);
            g1_jac_mul_glv((g1_jac_t *)u->pts + i, (g1_jac_t *)u->pts + i, &w);
        }
        fr_mul(&k, &k, &j->inc);
    }
    if (j->g2)
        g2_jac_batch_to_affine((g2_affine_t *)u->aff + b, (g2_jac_t *)u->pts + b, e - b);
    else
        g1_jac_batch_to_affine((g1_affine_t *)u->aff + b, (g1_jac_t *)u->pts + b, e - b);
    sodium_memzero(&w, sizeof w);
    sodium_memzero(&k, sizeof k);
}

typedef struct contrib_run {
    const ptau *pt;
    atomic_stream *out;
    b2p_state response;
    unsigned threads;
    progress *pg;
    uint64_t sec_off[8];            /* output payload offset of sections 2..6 */
    uint8_t first_pts[5][G2_BYTES]; /* the record's points, LEM */
    void **scratch;      /* the lanes' work space, one per worker, kept across sections */
    size_t scratch_size; /* bytes of each: the larger of G1's and G2's need */
    uint8_t *bufs;       /* the sections' chunk buffers (chunk_bufs), one allocation kept across
                          * sections: fresh ones each section cost page faults */
    fixed_base_g1 fb1;   /* the generators' tables, built on first use (t != NULL) */
    fixed_base_g2 fb2;
} contrib_run;

/* Sections of at least this many points take the fixed-base products when all their points are
 * the generator: building a table (22 x 4095 mixed additions on the reference arithmetic; before
 * the rows ran in parallel with mixed additions, 0.08 s on G1 and 0.26 s on G2 for bn128, 0.16
 * and 0.39 s for BLS12-381) costs as much as a few thousand variable-base products. */
#define FIXED_MIN_POINTS 4096u

/* The table for section id when every one of its n >= FIXED_MIN_POINTS points is the group's
 * generator, as in the file `ptau new` writes (so in every ceremony's first contribution, and
 * in a beacon straight onto a new file): k G for all those points by table lookups and 22
 * additions each (batch-affine ones on the IFMA lanes), against a GLV product of ~128
 * doublings and ~66 additions. Looks at the encoded bytes (the section's size was checked): a
 * section with another point stops at it (tauG1 at point 1 in a contributed file). NULL: the
 * section takes the products, also when there is no memory for a table (they need none). */
static const void *fixed_section(contrib_run *c, uint32_t id, uint64_t n)
{
    if (n < FIXED_MIN_POINTS)
        return NULL;
    int g2 = ptau_section_is_g2(id);
    size_t sz = g2 ? G2_BYTES : G1_BYTES;
    uint8_t gen[G2_BYTES];
    if (g2)
        setup_g2_to_lem(gen, &G2_GENERATOR);
    else
        setup_g1_to_lem(gen, &G1_GENERATOR);
    const uint8_t *p = c->pt->bf.data + c->pt->bf.sec[id].offset;
    for (uint64_t i = 0; i < n; i++)
        if (memcmp(p + i * sz, gen, sz) != 0)
            return NULL;
    if (g2) {
        if (!c->fb2.t && fixed_base_g2_init(&c->fb2, &G2_GENERATOR, c->threads))
            return NULL;
        return &c->fb2;
    }
    if (!c->fb1.t && fixed_base_g1_init(&c->fb1, &G1_GENERATOR, c->threads))
        return NULL;
    return &c->fb1;
}

/* Encode chunk u's results, hash them compressed into the response, write them LEM. */
static int finish_chunk(contrib_run *c, int g2, int record_index, int record_slot,
                        const chunk_buf *u)
{
    size_t sz = g2 ? G2_BYTES : G1_BYTES, csz = sz / 2;
    for (uint64_t i = 0; i < u->m; i++) {
        if (g2) {
            setup_g2_to_lem(u->lem + i * sz, (const g2_affine_t *)u->aff + i);
            ptau_g2_to_c(u->cmp + i * csz, (const g2_affine_t *)u->aff + i);
        } else {
            setup_g1_to_lem(u->lem + i * sz, (const g1_affine_t *)u->aff + i);
            ptau_g1_to_c(u->cmp + i * csz, (const g1_affine_t *)u->aff + i);
        }
    }
    if (u->b == 0)
        memcpy(c->first_pts[record_slot], u->lem + (size_t)record_index * sz, sz);
    b2p_update(&c->response, u->cmp, u->m * csz);
    return atomic_stream_write(c->out, u->lem, u->m * sz);
}

/* Points per task of the products. The reference's: 128 G1 points take about 1.5 ms, G2 3 ms
 * on one thread, so that the last task of a chunk leaves the other thread idle for little
 * (512 points, before: about 5% of the wall time at power 16 on 2 cores). Fixed-base tasks
 * take 1024 points (a task is one batch of additions per window, sharing an inversion;
 * fixed_base.c's CHUNK). The lanes' tasks are batches (LANES_BATCH at most) of whole groups
 * of eight: a large chunk is cut into a multiple of the thread count of equal tasks (a small
 * one, into fewer). */
#define APPLY_GRAIN 128
#define FIXED_GRAIN 1024

static uint64_t apply_grain(const apply_job *j, uint64_t m, unsigned threads)
{
    if (j->fixed)
        return FIXED_GRAIN;
    if (!j->simd)
        return APPLY_GRAIN;
    uint64_t per = (uint64_t)LANES_BATCH(j->g2) * threads;
    uint64_t tasks = (m + per - 1) / per * threads;
    uint64_t g = (m + tasks - 1) / tasks;
    return (g + IFMA_LANES - 1) / IFMA_LANES * IFMA_LANES; /* whole groups of eight */
}

/* The first error of tasks that run on par_for's threads: err_set's message is per thread, so
 * the failing task keeps a copy and the caller sets it again on its own thread after the
 * par_for (whose join orders the copy before the read). */
typedef struct task_error {
    atomic_int rc;          /* G16K_OK, or the first failure's status */
    char msg[G16K_ERR_MAX]; /* its message, written once by the task that set rc */
} task_error;

static void task_error_init(task_error *e)
{
    atomic_init(&e->rc, G16K_OK);
    e->msg[0] = '\0';
}

/* Records rc (< 0) and the calling thread's message, unless an error came first. */
static void task_error_note(task_error *e, int rc)
{
    int ok = G16K_OK;
    if (atomic_compare_exchange_strong(&e->rc, &ok, rc))
        snprintf(e->msg, sizeof e->msg, "%s", err_get());
}

static int task_error_failed(task_error *e)
{
    return atomic_load(&e->rc) != G16K_OK;
}

/* After the par_for: G16K_OK, or the first error with its message set on this thread. */
static int task_error_take(task_error *e)
{
    int rc = atomic_load(&e->rc);
    return rc == G16K_OK ? G16K_OK : err_set(rc, "%s", e->msg);
}

/* A section as one par_for, its tasks handed out in this order: the products of chunk 0, of
 * chunk 1, the finishing of chunk 0, the products of chunk 2, the finishing of chunk 1, ...,
 * the finishing of the last chunk. No thread waits at a chunk's end for the other's last
 * task: the next chunk's tasks are there to take. A task waits (rarely: the order makes it so)
 * for what it needs: a finishing for its chunk's products and for the finishing before it (the
 * response hash takes the chunks in order); the products of chunk k for the finishing of chunk
 * k - 3, whose buffers they reuse. */
#define SEC_BUFS 3

typedef struct sec_task {
    uint64_t chunk;
    uint64_t lo, hi; /* points of the chunk; lo == hi: the chunk's finishing */
} sec_task;

typedef struct sec_run {
    contrib_run *c;
    apply_job *j;
    int record_index, record_slot;
    const char *name;
    uint64_t n, chunk; /* the section's points, points a chunk */
    chunk_buf buf[SEC_BUFS];
    const sec_task *tasks;
    atomic_uint_fast64_t *left;    /* per chunk: product tasks not done */
    atomic_uint_fast64_t finished; /* chunks finished, in order */
    task_error err;                /* a finishing's error */
} sec_run;

static void sec_wait(atomic_uint_fast64_t *v, uint64_t want_at_least)
{
    while (atomic_load(v) < want_at_least)
        sched_yield();
}

/* After a bad point or no memory the section fails: its remaining tasks only count down. */
static int sec_failed(const sec_run *r)
{
    return atomic_load(&r->j->oom) || atomic_load(&r->j->bad) != ~(uint64_t)0;
}

static void sec_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    sec_run *r = arg;
    for (uint64_t t = b; t < e; t++) {
        const sec_task *k = &r->tasks[t];
        chunk_buf u = r->buf[k->chunk % SEC_BUFS]; /* the buffers; the chunk's own b and m: */
        u.b = k->chunk * r->chunk;
        u.m = r->n - u.b < r->chunk ? r->n - u.b : r->chunk;
        if (k->lo < k->hi) {
            if (k->chunk >= SEC_BUFS)
                sec_wait(&r->finished, k->chunk - SEC_BUFS + 1);
            if (!sec_failed(r))
                apply_range(r->j, &u, k->lo, k->hi, worker);
            atomic_fetch_sub(&r->left[k->chunk], 1);
            continue;
        }
        while (atomic_load(&r->left[k->chunk]) != 0)
            sched_yield();
        sec_wait(&r->finished, k->chunk);
        if (!sec_failed(r) && !task_error_failed(&r->err)) {
            int rc = finish_chunk(r->c, r->j->g2, r->record_index, r->record_slot, &u);
            if (rc)
                task_error_note(&r->err, rc);
            progress_update(r->c->pg, r->name, u.b + u.m, r->n);
        }
        atomic_fetch_add(&r->finished, 1);
    }
}

/* Encoded bytes of a section's chunk: snarkjs's chunks (the hashes are the same for any). */
#define CHUNK_BYTES (1u << 20)

/* The bytes of each of a chunk's buffers (chunk_buf: pts, aff, lem, cmp), the larger of a G1
 * and a G2 section's (a chunk is 1 MiB of encoded points), rounded up to 64 bytes. */
static void chunk_buf_sizes(size_t sz[4])
{
    for (int g2 = 0; g2 < 2; g2++) {
        size_t e = g2 ? G2_BYTES : G1_BYTES, chunk = CHUNK_BYTES / e;
        size_t v[4] = { chunk * (g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t)),
                        chunk * (g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t)), chunk * e,
                        chunk * (e / 2) };
        for (int i = 0; i < 4; i++) {
            v[i] = (v[i] + 63) & ~(size_t)63;
            sz[i] = g2 == 0 || v[i] > sz[i] ? v[i] : sz[i];
        }
    }
}

/* r->buf[0..SEC_BUFS) in c's chunk buffers, allocated on first use (on huge pages). */
static int chunk_bufs_get(contrib_run *c, sec_run *r)
{
    size_t sz[4];
    chunk_buf_sizes(sz);
    size_t one = sz[0] + sz[1] + sz[2] + sz[3];
    if (!c->bufs)
        c->bufs = big_alloc(one * SEC_BUFS);
    if (!c->bufs)
        return -1;
    for (int h = 0; h < SEC_BUFS; h++) {
        uint8_t *p = c->bufs + (size_t)h * one;
        r->buf[h].pts = p;
        r->buf[h].aff = p + sz[0];
        r->buf[h].lem = p + sz[0] + sz[1];
        r->buf[h].cmp = p + sz[0] + sz[1] + sz[2];
    }
    return 0;
}

/* Section id: point i times first * inc^i; writes it, hashes it compressed into the response. */
static int apply_section(contrib_run *c, uint32_t id, const char *name, const fr_t *first,
                         const fr_t *inc, int record_index /* which point goes in the record */,
                         int record_slot)
{
    int g2 = ptau_section_is_g2(id);
    size_t sz = g2 ? G2_BYTES : G1_BYTES;
    uint64_t n = ptau_section_points(c->pt, id);
    uint64_t chunk = CHUNK_BYTES / sz;
    int rc = ptau_check_section(c->pt, id, name);
    if (rc || (rc = binfile_put_section_head(c->out, id, n * sz)))
        return rc;
    c->sec_off[id] = c->out->size;
    apply_job j = {
        .g2 = g2, .pt = c->pt, .id = id, .inc = *inc, .first = *first, .simd = SETUP_SIMD()
    };
    j.fixed = fixed_section(c, id, n);
    if (j.fixed)
        log_msg(G16K_LOG_INFO, "ptau: %s: every point is the generator: fixed-base products", name);
    unsigned threads = pool_threads(c->threads);
    j.scratch = c->scratch;
    j.scratch_size = c->scratch_size;
    atomic_init(&j.oom, 0);
    atomic_init(&j.bad, ~(uint64_t)0);
    uint64_t chunks = (n + chunk - 1) / chunk;
    sec_run r = { .c = c,
                  .j = &j,
                  .record_index = record_index,
                  .record_slot = record_slot,
                  .name = name,
                  .n = n,
                  .chunk = chunk };
    atomic_init(&r.finished, 0);
    task_error_init(&r.err);
    /* the tasks: a chunk's products, then (after the next chunk's) its finishing */
    uint64_t nt = 0;
    for (uint64_t k = 0; k < chunks; k++) {
        uint64_t m = n - k * chunk < chunk ? n - k * chunk : chunk, g = apply_grain(&j, m, threads);
        nt += (m + g - 1) / g + 1;
    }
    sec_task *tasks = malloc(sizeof *tasks * nt);
    r.left = malloc(sizeof *r.left * chunks);
    if (!tasks || !r.left)
        rc = err_set(G16K_ENOMEM, "ptau: no memory for %s", name);
    nt = 0;
    for (uint64_t k = 0; k <= chunks && rc == G16K_OK; k++) {
        if (k < chunks) {
            uint64_t m = n - k * chunk < chunk ? n - k * chunk : chunk;
            uint64_t g = apply_grain(&j, m, threads);
            atomic_init(&r.left[k], (m + g - 1) / g);
            for (uint64_t lo = 0; lo < m; lo += g)
                tasks[nt++] = (sec_task){ k, lo, m - lo < g ? m : lo + g };
        }
        if (k >= 1)
            tasks[nt++] = (sec_task){ k - 1, 0, 0 };
    }
    if (rc == G16K_OK && chunk_bufs_get(c, &r))
        rc = err_set(G16K_ENOMEM, "ptau: no memory for a chunk of %s", name);
    if (rc == G16K_OK) {
        r.tasks = tasks;
        par_for(threads, nt, 1, sec_range, &r);
        uint64_t bad = atomic_load(&j.bad);
        if (atomic_load(&j.oom))
            rc = err_set(G16K_ENOMEM, "ptau: no memory for the products of %s", name);
        else if (bad != ~(uint64_t)0)
            rc = ptau_point_error(c->pt, id, name, bad, 1);
        else
            rc = task_error_take(&r.err);
    }
    if (rc == G16K_OK) {
        progress_done(c->pg, name);
        /* the disk writes the section while the next is computed: the final fsync waited 34 ms
         * for all of them (power 16) */
        rc = atomic_stream_writeback(c->out);
    }
    sodium_memzero(&j.first, sizeof j.first);
    sodium_memzero(&j.inc, sizeof j.inc);
    free(tasks);
    free(r.left);
    return rc;
}

/* The next challenge, BLAKE2b-512(response || the new points of sections 2..6 uncompressed),
 * as a pipeline: the file is cut into blocks (NC_BLOCK points, one section each); a task reads
 * its block back (LEM), writes it uncompressed into one of NC_SLOTS slots, then hashes every
 * block that is converted and next in order, if no other thread is hashing. So one thread
 * hashes (the hash is serial: its first block holds the response hash, known only after every
 * point) while the other converts the blocks ahead of it, and the hash starts after the first
 * block instead of after each block's conversion (power 16: the hash alone is 51 ms; convert
 * then hash, block by block, took about 100). */
#define NC_BLOCK 4096u
#define NC_SLOTS 4u

typedef struct nc_block {
    uint32_t id;    /* section */
    uint64_t first; /* its first point */
    uint64_t m;     /* points */
} nc_block;

typedef struct nc_run {
    const contrib_run *c;
    const nc_block *blocks;
    uint64_t nblocks;
    uint8_t *lem;                /* per worker: NC_BLOCK points read back */
    uint8_t *u;                  /* NC_SLOTS slots of NC_BLOCK points uncompressed */
    atomic_uchar *converted;     /* per block: its slot holds it */
    atomic_uint_fast64_t hashed; /* blocks hashed, in order */
    atomic_flag hashing;         /* a thread is hashing */
    task_error err;              /* a read back's error: the run stops */
    b2p_state h;
} nc_run;

static uint8_t *nc_slot(const nc_run *r, uint64_t t)
{
    return r->u + (size_t)(t % NC_SLOTS) * NC_BLOCK * G2_BYTES;
}

/* Hashes the converted blocks next in order, unless another thread is hashing: that one then
 * sees them (a block is marked converted before this looks at the flag, and the hashing
 * thread looks at the next block again after clearing the flag). */
static void nc_hash_ready(nc_run *r)
{
    for (;;) {
        if (atomic_flag_test_and_set(&r->hashing))
            return;
        uint64_t t = atomic_load(&r->hashed);
        for (; t < r->nblocks && atomic_load(&r->converted[t]); t++) {
            const nc_block *k = &r->blocks[t];
            b2p_update(&r->h, nc_slot(r, t),
                       k->m * (ptau_section_is_g2(k->id) ? G2_BYTES : G1_BYTES));
            atomic_store(&r->hashed, t + 1);
        }
        atomic_flag_clear(&r->hashing);
        if (t >= r->nblocks || !atomic_load(&r->converted[t]))
            return;
    }
}

static void nc_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    nc_run *r = arg;
    for (uint64_t t = b; t < e; t++) {
        const nc_block *k = &r->blocks[t];
        int g2 = ptau_section_is_g2(k->id);
        size_t sz = g2 ? G2_BYTES : G1_BYTES;
        uint8_t *lem = r->lem + (size_t)worker * NC_BLOCK * G2_BYTES, *u = nc_slot(r, t);
        /* the slot is free once block t - NC_SLOTS is hashed */
        while (t >= NC_SLOTS && atomic_load(&r->hashed) < t - NC_SLOTS + 1 &&
               !task_error_failed(&r->err))
            sched_yield();
        if (task_error_failed(&r->err))
            return;
        int rc = atomic_stream_read_back(r->c->out, r->c->sec_off[k->id] + k->first * sz, lem,
                                         k->m * sz);
        if (rc) {
            task_error_note(&r->err, rc);
            return;
        }
        for (uint64_t i = 0; i < k->m; i++) {
            if (g2) {
                g2_affine_t a;
                g2_affine_from_bytes_mont(&a, lem + i * sz);
                setup_g2_to_u(u + i * sz, &a);
            } else {
                g1_affine_t a;
                g1_affine_from_bytes_mont(&a, lem + i * sz);
                setup_g1_to_u(u + i * sz, &a);
            }
        }
        atomic_store(&r->converted[t], 1);
        nc_hash_ready(r);
    }
}

/* out = the next challenge (above), read back from c->out's sections 2..6 on c's threads. */
static int next_challenge(contrib_run *c, const uint8_t response[64], uint8_t out[64])
{
    nc_run r = { .c = c };
    atomic_init(&r.hashed, 0);
    task_error_init(&r.err);
    atomic_flag_clear(&r.hashing);
    for (uint32_t id = PTAU_TAU_G1; id <= PTAU_BETA_G2; id++)
        r.nblocks += (ptau_section_points(c->pt, id) + NC_BLOCK - 1) / NC_BLOCK;
    unsigned threads = pool_threads(c->threads);
    if (threads > NC_SLOTS) /* one hashes, the others convert ahead of it within the slots */
        threads = NC_SLOTS;
    uint32_t workers = par_workers(threads, r.nblocks, 1);
    nc_block *blocks = malloc(sizeof *blocks * r.nblocks);
    r.converted = malloc(sizeof *r.converted * r.nblocks);
    r.lem = big_alloc((size_t)workers * NC_BLOCK * G2_BYTES);
    r.u = big_alloc((size_t)NC_SLOTS * NC_BLOCK * G2_BYTES);
    int rc = blocks && r.converted && r.lem && r.u ? G16K_OK
                                                   : err_set(G16K_ENOMEM, "ptau: out of memory");
    if (rc == G16K_OK) {
        uint64_t t = 0;
        for (uint32_t id = PTAU_TAU_G1; id <= PTAU_BETA_G2; id++) {
            uint64_t n = ptau_section_points(c->pt, id);
            for (uint64_t b = 0; b < n; b += NC_BLOCK, t++) {
                blocks[t] = (nc_block){ id, b, n - b < NC_BLOCK ? n - b : NC_BLOCK };
                atomic_init(&r.converted[t], 0);
            }
        }
        r.blocks = blocks;
        b2p_init(&r.h);
        b2p_update(&r.h, response, 64);
        par_for(threads, r.nblocks, 1, nc_range, &r);
        rc = task_error_take(&r.err);
        if (rc == G16K_OK && atomic_load(&r.hashed) != r.nblocks) /* cannot happen */
            rc = err_set(G16K_EINTERNAL, "ptau: next challenge: %llu of %llu blocks hashed",
                         (unsigned long long)atomic_load(&r.hashed), (unsigned long long)r.nblocks);
        if (rc == G16K_OK)
            b2p_final(&r.h, out);
    }
    free(blocks);
    free(r.converted);
    free(r.lem);
    free(r.u);
    return rc;
}

int ptau_cmd_contribute(const ptau_opts *o)
{
    if (sodium_init() < 0)
        return err_set(G16K_EIO, "ptau: libsodium found no randomness source");
    contrib_run c;
    memset(&c, 0, sizeof c); /* no tables yet: freed at out */
    ptau pt;
    int rc = ptau_open(o->in_path, &pt, 0);
    if (rc)
        return rc;
    progress pg;
    progress_init(&pg, "ptau", o->progress);
    ptau_contribs cs;
    uint8_t challenge[64], response[64], next[64], partial[B2P_PARTIAL_BYTES];
    uint8_t pub_u[PTAU_PUBKEY_BYTES], pub_lem[PTAU_PUBKEY_BYTES];
    ptau_rng rng;
    ptau_key key;
    memset(&key, 0, sizeof key);
    memset(&rng, 0, sizeof rng);
    if (pt.ceremony_power != pt.power) {
        rc = err_set(G16K_EFORMAT,
                     "%s: section 1 at byte %llu: power %u of a ceremony of power %u: a reduced "
                     "file takes no contribution (contribute to the full file)",
                     o->in_path, (unsigned long long)(pt.bf.sec[1].offset + 8 + FP_BYTES), pt.power,
                     pt.ceremony_power);
        goto out;
    }
    if ((rc = ptau_contributions_read(&pt, &cs)))
        goto out;
    /* every section's size before the slow work (the first challenge hashes up to ~150 GB,
     * a beacon up to 2^63 SHA-256): a file cut short fails at once */
    static const char *const names[5] = { "tauG1", "tauG2", "alphaTauG1", "betaTauG1", "betaG2" };
    for (uint32_t id = PTAU_TAU_G1; id <= PTAU_BETA_G2; id++)
        if ((rc = ptau_check_section(&pt, id, names[id - PTAU_TAU_G1])))
            goto out;
    if (pt.bf.sec[PTAU_LAGR_TAU_G1].present)
        log_msg(G16K_LOG_WARN,
                "%s is prepared for phase 2: the new file is not (run `g16k ptau prepare` on it "
                "after the last contribution)",
                o->in_path);
    if (cs.count == UINT32_MAX) {
        rc = err_set(G16K_EFORMAT, "%s: section 7: too many contributions", o->in_path);
        goto out;
    }
    if (cs.count)
        memcpy(challenge, cs.last_next_challenge, 64);
    else
        ptau_first_challenge(challenge, pt.power);

    /* the random stream */
    uint8_t seed[64];
    if (o->beacon_hash) {
        ptau_beacon_seed(seed, o->beacon_hash, o->beacon_hash_len, o->beacon_exp, &pg);
    } else {
        uint8_t os[64];
        blake2b_state h;
        randombytes_buf(os, sizeof os);
        blake2b_init(&h, 64);
        blake2b_update(&h, os, sizeof os);
        if (o->entropy)
            blake2b_update(&h, o->entropy, strlen(o->entropy));
        blake2b_final(&h, seed);
        sodium_memzero(os, sizeof os);
        sodium_memzero(&h, sizeof h); /* its buffer holds os, its chaining value the seed */
    }
    ptau_rng_seed_be(&rng, seed);
    sodium_memzero(seed, sizeof seed);
    ptau_key_create(&key, challenge, &rng);
    ptau_rng_wipe(&rng);

    atomic_stream out;
    if ((rc = atomic_stream_open(&out, o->out_path)))
        goto out;
    c.pt = &pt;
    c.out = &out;
    c.threads = pool_threads(o->threads); /* once: the scratch array below has one per worker,
                                              and the online CPUs may change while we run */
    c.pg = &pg;
    size_t s1 = g1_ifma_mul_glv_aff_scratch(LANES_BATCH(0));
#ifndef SETUP_CURVE_BN254
    size_t s1t = g1_ifma_mul_glv_aff_tested_scratch(LANES_BATCH(0));
    s1 = s1t > s1 ? s1t : s1;
#endif
    size_t s2 = g2_ifma_mul_glv_aff_scratch(LANES_BATCH(1));
    c.scratch_size = LANES_FIXED_BYTES + (s1 > s2 ? s1 : s2);
    c.scratch = calloc(c.threads, sizeof *c.scratch);
    if (!c.scratch) {
        rc = err_set(G16K_ENOMEM, "ptau: out of memory");
        goto discard;
    }
    b2p_init(&c.response);
    b2p_update(&c.response, challenge, 64);
    fr_t one = FR_ONE;
    const fr_t *tau = &key.prv[0], *alpha = &key.prv[1], *beta = &key.prv[2];
    if ((rc = ptau_put_header(&out, 7, pt.power, pt.power)) ||
        (rc = apply_section(&c, PTAU_TAU_G1, "tauG1", &one, tau, 1, 0)) ||
        (rc = apply_section(&c, PTAU_TAU_G2, "tauG2", &one, tau, 1, 1)) ||
        (rc = apply_section(&c, PTAU_ALPHA_TAU_G1, "alphaTauG1", alpha, tau, 0, 2)) ||
        (rc = apply_section(&c, PTAU_BETA_TAU_G1, "betaTauG1", beta, tau, 0, 3)) ||
        (rc = apply_section(&c, PTAU_BETA_G2, "betaG2", beta, tau, 0, 4)))
        goto discard;
    b2p_export(&c.response, partial);
    ptau_pubkey_encode(pub_u, &key, 0);
    ptau_pubkey_encode(pub_lem, &key, 1);
    ptau_key_wipe(&key);
    b2p_update(&c.response, pub_u, sizeof pub_u);
    b2p_final(&c.response, response);
    if ((rc = next_challenge(&c, response, next)))
        goto discard;

    /* section 7: the old records as they are, then the new one */
    uint8_t params[2 + 255 + 2 + 2 + 255];
    size_t np = 0;
    if (o->name && *o->name) {
        size_t len = strlen(o->name);
        if (len > 64)
            len = 64; /* snarkjs keeps 64 characters; g16k's CLI allows ASCII names only */
        params[np++] = 1;
        params[np++] = (uint8_t)len;
        memcpy(params + np, o->name, len);
        np += len;
    }
    if (o->beacon_hash) {
        params[np++] = 2;
        params[np++] = (uint8_t)o->beacon_exp;
        params[np++] = 3;
        params[np++] = (uint8_t)o->beacon_hash_len;
        memcpy(params + np, o->beacon_hash, o->beacon_hash_len);
        np += o->beacon_hash_len;
    }
    uint64_t size7 = 4 + cs.records_len + RECORD_FIXED + np;
    uint32_t count = cs.count + 1, type = o->beacon_hash ? 1 : 0, plen = (uint32_t)np;
    if ((rc = binfile_put_section_head(&out, PTAU_CONTRIBUTIONS, size7)) ||
        (rc = ptau_put_u32(&out, count)) ||
        (rc = atomic_stream_write(&out, cs.records, cs.records_len)) ||
        (rc = atomic_stream_write(&out, c.first_pts[0], G1_BYTES)) ||
        (rc = atomic_stream_write(&out, c.first_pts[1], G2_BYTES)) ||
        (rc = atomic_stream_write(&out, c.first_pts[2], G1_BYTES)) ||
        (rc = atomic_stream_write(&out, c.first_pts[3], G1_BYTES)) ||
        (rc = atomic_stream_write(&out, c.first_pts[4], G2_BYTES)) ||
        (rc = atomic_stream_write(&out, pub_lem, sizeof pub_lem)) ||
        (rc = atomic_stream_write(&out, partial, sizeof partial)) ||
        (rc = atomic_stream_write(&out, next, 64)) || (rc = ptau_put_u32(&out, type)) ||
        (rc = ptau_put_u32(&out, plen)) || (rc = atomic_stream_write(&out, params, np)))
        goto discard;
    if ((rc = atomic_stream_commit(&out)))
        goto out;
    if (o->hashes) {
        memcpy(o->hashes->response, response, 64);
        memcpy(o->hashes->next_challenge, next, 64);
    }
    goto out;
discard:
    atomic_stream_discard(&out);
out:
    for (unsigned w = 0; c.scratch && w < c.threads; w++) {
        if (c.scratch[w]) /* the recoded scalars and their digits were in it: toxic waste */
            sodium_memzero(c.scratch[w], c.scratch_size);
        free(c.scratch[w]);
    }
    free(c.scratch);
    free(c.bufs);
    fixed_base_g1_free(&c.fb1);
    fixed_base_g2_free(&c.fb2);
    ptau_key_wipe(&key);
    ptau_rng_wipe(&rng);
    binfile_close(&pt.bf);
    return rc;
}
