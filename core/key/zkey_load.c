/*
 * The load of a zkey (zkey.h), from a file or from memory: tasks of load_pool.h over the file's
 * bytes (a file is read into a buffer of ours or mapped, a memory key is used in place). Primary
 * tasks, in the order of the bytes they need: digest leaves (with a verdict cache), coefficient
 * chunks, point chunks (decoded, coordinates < p); then one test task per point chunk (on the
 * curve, in the subgroup: the verdict cache vouches for both, so a cached key skips both), which
 * runs when no primary task is ready, in sub-chunks of SUB_POINTS so that it stops soon when it
 * is not needed. The first error in file order wins (tasks are claimed in that order and all
 * those before a failing one run to their end); among the points that fail a test, the first in
 * section order (later tests skip themselves). Progress goes to the caller's callback from the
 * pool's tick, on the caller's thread only; a cancel there fails the pool like an error. The
 * format itself is zkey.c's.
 */
#include "formats/zkey.h"
#include "zkey_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "load_pool.h"
#include "util/clock.h"
#include "util/error.h"
#include "util/input_file.h"
#include "formats/zkey_internal.h"
#include "zkey_points.h"
#include "util/log.h"

#define CHUNK_POINTS 1024u /* points per decoding task and per testing task */
#define CHUNK_COEFS 16384u
#define SUB_POINTS 64u /* points per test call: the granularity of stop and progress */
#define N_JOBS 6       /* point arrays: sections 3, 5, 6, 7, 8, 9 */
#define ORD_SHIFT 40   /* ordinal of a point: job << ORD_SHIFT | index */

enum { T_DIGEST, T_COEFS, T_DECODE };
enum { VERDICT_PENDING = -1, VERDICT_CACHED = 0, VERDICT_TEST = 1 };

typedef struct point_job {
    uint32_t section;
    int g2;
    size_t bytes;    /* of one point: the key's curve's g1_bytes or g2_bytes */
    const curve *cv; /* the key's */
    uint64_t count;
    void *dst;
} point_job;

typedef struct ptask {
    uint64_t need; /* bytes of the file it reads up to */
    uint8_t kind;
    uint8_t job;
    uint64_t begin, end; /* leaf index, or coefficient / point range */
} ptask;

typedef struct ctask {
    uint8_t job;
    uint64_t begin, end;
} ctask;

typedef struct zkey_loading {
    binfile bf;        /* its bytes: in img (a file) or at bf.data (a key in memory) */
    binfile_image img; /* where the pool puts (a file) or finds (in memory) the bytes */
    int fd;            /* the file, -1 for a key in memory */
    void *coefs_at;    /* room in the image for k->coefs, or NULL */
    int records;       /* k->coef_records: section 4 used where the image or mapping has it */
    int mapped;        /* the file is mapped (map_file): img is the mapping, one piece */
    uint8_t *copy_at[ZKEY_SEC_H + 1]; /* mapped: room in the image for a point section that
                                       * lies off an 8-byte boundary in the file, or NULL */
    zkey *k; /* k->image: the memory a file is read into (the key keeps it) */
    zkey_load_args opts;
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
    atomic_int leaf_failed; /* a leaf was refused (its spans): no digest, no cache */
    uint8_t digest[ZKEY_DIGEST_BYTES];
    atomic_int verdict;
    /* A file with a cache: its stamp when opened, and whether the cache's stamp entry for it
     * gave the digest, whose verdict it holds (by_stamp: no digest, no tests, the point
     * sections never read by the load) */
    zkey_stamp stamp;
    int by_stamp;
    struct timespec began; /* CLOCK_REALTIME before the first fstat (zkey_cache_stamp_put) */
    double t_digest;

    pthread_mutex_t lock; /* guards the primary error */
    uint64_t err_at;      /* file offset of the first primary error, UINT64_MAX = none */
    int err_status;
    char err_msg[G16K_ERR_MAX];

    atomic_uint_fast64_t fail_ord; /* first point that failed a test, UINT64_MAX = none */
    atomic_uint_fast64_t checked, chk_complete;
    uint64_t to_check;

    /* The caller's thread only (progress): */
    uint64_t reported; /* done of the last call, UINT64_MAX before the first */
    double reported_at;
    int canceled;
} zkey_loading;

static int checks_wanted(void *ctx)
{
    zkey_loading *ld = ctx;
    return atomic_load(&ld->verdict);
}

/* On the caller's thread: stage "check" to the callback when forced (first and last call), or
 * once CHUNK_POINTS more points are done or 0.1 s has passed. Returns non-zero (and fails the
 * pool) when the callback cancels; never calls it again after that. */
static int report(zkey_loading *ld, int force)
{
    if (ld->opts.progress == NULL || ld->canceled)
        return ld->canceled;
    uint64_t done =
        atomic_load(&ld->verdict) == VERDICT_CACHED ? ld->to_check : atomic_load(&ld->checked);
    double now = clock_now();
    if (!force && ld->reported != UINT64_MAX && done < ld->reported + CHUNK_POINTS &&
        now < ld->reported_at + 0.1)
        return 0;
    if (ld->reported != UINT64_MAX && done < ld->reported)
        done = ld->reported; /* never backwards */
    ld->reported = done;
    ld->reported_at = now;
    if (ld->opts.progress(ld->opts.progress_user, "check", done, ld->to_check) != 0) {
        ld->canceled = 1;
        if (ld->pool != NULL)
            load_pool_fail(ld->pool);
    }
    return ld->canceled;
}

static int tick(void *ctx)
{
    return report(ctx, 0);
}

/* Record the error just set on this thread (err_set) if it is the first in file order. */
static void primary_error(zkey_loading *ld, int status, uint64_t at)
{
    pthread_mutex_lock(&ld->lock);
    if (at < ld->err_at) {
        ld->err_at = at;
        ld->err_status = status;
        snprintf(ld->err_msg, sizeof ld->err_msg, "%s", err_get());
    }
    pthread_mutex_unlock(&ld->lock);
    load_pool_fail(ld->pool);
}

/* The last digest leaf is in: the digest, then the cache's verdict. */
static void digest_done(zkey_loading *ld)
{
    int verdict = VERDICT_TEST;
    if (!atomic_load(&ld->leaf_failed) &&
        zkey_digest_root(ld->digest, ld->bf.size, (const uint8_t(*)[ZKEY_DIGEST_BYTES])ld->leaves,
                         ld->n_leaves) == 0) {
        if (zkey_cache_has(ld->cache_dir, ld->digest, ld->bf.size)) {
            verdict = VERDICT_CACHED;
            log_msg(G16K_LOG_INFO, "%s: in the key cache %s: no curve or subgroup tests",
                    ld->bf.path, ld->cache_dir);
        }
    } else {
        ld->cache_dir[0] = '\0'; /* no digest: no cache */
    }
    ld->t_digest = clock_now() - ld->t0;
    atomic_store(&ld->verdict, verdict);
    load_pool_notify(ld->pool);
}

/* Leaf i, the file bytes [off, end): the spans of the image's pieces that hold them. */
static int digest_leaf(const zkey_loading *ld, uint64_t i, uint64_t off, uint64_t end)
{
    const binfile *bf = &ld->bf;
    zkey_span spans[BINFILE_MAX_PIECES];
    int n = 0;
    if (bf->image == NULL) {
        spans[n++] = (zkey_span){ bf->data + off, (size_t)(end - off) };
    } else {
        const binfile_image *im = bf->image;
        for (int k = 0; k < im->n; k++) {
            uint64_t a = im->off[k] > off ? im->off[k] : off;
            uint64_t b = im->off[k + 1] < end ? im->off[k + 1] : end;
            if (a < b)
                spans[n++] = (zkey_span){ binfile_image_at(im, a), (size_t)(b - a) };
        }
    }
    return zkey_digest_leaf(ld->leaves[i], i, bf->size, spans, n);
}

static void run_primary(void *ctx, uint64_t i)
{
    zkey_loading *ld = ctx;
    const ptask *t = &ld->prim[i];
    const binfile *bf = &ld->bf;
    if (t->kind == T_DIGEST) {
        if (digest_leaf(ld, t->begin, t->begin * ZKEY_LEAF_BYTES, t->need) != 0)
            atomic_store(&ld->leaf_failed, 1);
        if (atomic_fetch_add(&ld->leaves_done, 1) + 1 == ld->n_leaves)
            digest_done(ld);
        return;
    }
    if (t->kind == T_COEFS) {
        int rc = zkey_read_coefs(bf, ld->k, t->begin, t->end);
        uint64_t at = bf->sec[ZKEY_SEC_COEFS].offset + 4 + t->begin * ZKEY_COEF_BYTES;
        if (rc != G16K_OK)
            primary_error(ld, rc, at);
        else if (ld->mapped && !ld->records) /* decoded: see release_copied */
            zkey_give_back(binfile_at(bf, at), (size_t)((t->end - t->begin) * ZKEY_COEF_BYTES));
        return;
    }
    /* Points: where the file put them (nothing to do), or copied to their array (a key in
     * memory, or a section off its alignment). Coordinates < p are tested with the curve. */
    const point_job *j = &ld->jobs[t->job];
    const uint8_t *src = binfile_at(bf, bf->sec[j->section].offset);
    uint64_t size = j->bytes;
    if (j->dst != src) {
        memcpy((uint8_t *)j->dst + t->begin * size, src + t->begin * size,
               (size_t)((t->end - t->begin) * size));
        if (ld->mapped) /* copied: see release_copied */
            zkey_give_back(src + t->begin * size, (size_t)((t->end - t->begin) * size));
    }
}

/* zkey_first_invalid of the n <= SUB_POINTS points of job j from index b on. Points that lie
 * off their type's alignment (zkey_load_args.points_unaligned: a mapped section 4 bytes off an
 * 8-byte boundary) are tested on an aligned copy. */
static size_t first_invalid(const point_job *j, uint64_t b, size_t n, const char **what)
{
    const uint8_t *at = (const uint8_t *)j->dst + b * j->bytes;
    union {
        curve_g1 g1[SUB_POINTS];
        curve_g2 g2[SUB_POINTS];
    } copy;
    if ((uintptr_t)at % 8 != 0) { /* the limbs' alignment, both point types' */
        memcpy(&copy, at, n * j->bytes);
        at = (const uint8_t *)&copy;
    }
    return zkey_first_invalid(j->cv, j->g2, at, n, what);
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
        size_t bad = first_invalid(j, b, (size_t)n, NULL);
        if (bad < n) {
            uint64_t ord = ord0 + b + bad, cur = atomic_load(&ld->fail_ord);
            while (ord < cur && !atomic_compare_exchange_weak(&ld->fail_ord, &cur, ord))
                ;
            return;
        }
        atomic_fetch_add(&ld->checked, n);
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
    const struct {
        uint32_t id;
        void *dst;
        int g2;
        uint64_t count;
    } arr[N_JOBS] = {
        { 3, k->ic, 0, (uint64_t)k->n_public + 1 },
        { 5, k->a, 0, k->n_vars },
        { 6, k->b1, 0, k->n_vars },
        { 7, k->b2, 1, k->n_vars },
        { 8, k->c, 0, (uint64_t)k->n_vars - k->n_public - 1 },
        { 9, k->h, 0, k->domain_size },
    };
    uint64_t n_pt = 0;
    for (int j = 0; j < N_JOBS; j++) {
        ld->jobs[j] = (point_job){ .section = arr[j].id,
                                   .g2 = arr[j].g2,
                                   .bytes = arr[j].g2 ? k->cv->g2_bytes : k->cv->g1_bytes,
                                   .cv = k->cv,
                                   .count = arr[j].count,
                                   .dst = arr[j].dst };
        n_pt += (arr[j].count + CHUNK_POINTS - 1) / CHUNK_POINTS;
        ld->to_check += arr[j].count;
    }
    ld->n_leaves = ld->cache_dir[0] && !ld->by_stamp ? zkey_digest_leaves(bf->size) : 0;
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
        ld->prim[n++] =
            (ptask){ .need = end < bf->size ? end : bf->size, .kind = T_DIGEST, .begin = i };
    }
    const binfile_section *s4 = &bf->sec[4];
    for (uint64_t b = 0; b < k->n_coefs; b += CHUNK_COEFS) {
        uint64_t e = k->n_coefs - b < CHUNK_COEFS ? k->n_coefs : b + CHUNK_COEFS;
        ld->prim[n++] = (ptask){
            .need = s4->offset + 4 + e * ZKEY_COEF_BYTES, .kind = T_COEFS, .begin = b, .end = e
        };
    }
    for (int j = 0; j < N_JOBS; j++) {
        const binfile_section *s = &bf->sec[ld->jobs[j].section];
        uint64_t size = ld->jobs[j].bytes;
        for (uint64_t b = 0; b < ld->jobs[j].count; b += CHUNK_POINTS) {
            uint64_t e =
                ld->jobs[j].count - b < CHUNK_POINTS ? ld->jobs[j].count : b + CHUNK_POINTS;
            ld->prim[n++] = (ptask){ .need = s->offset + e * size,
                                     .kind = T_DECODE,
                                     .job = (uint8_t)j,
                                     .begin = b,
                                     .end = e };
        }
    }
    qsort(ld->prim, n, sizeof *ld->prim, cmp_ptask);
    ld->n_prim = n;
    for (uint64_t i = 0; i < n; i++) {
        ld->need[i] = ld->prim[i].need;
        if (ld->prim[i].kind == T_DECODE) {
            ld->chk[ld->n_chk] = (ctask){ .job = ld->prim[i].job,
                                          .begin = ld->prim[i].begin,
                                          .end = ld->prim[i].end };
            ld->dep[ld->n_chk++] = i;
        }
    }
    ld->tasks = (load_pool_tasks){ .n_primary = ld->n_prim,
                                   .need = ld->need,
                                   .run_primary = run_primary,
                                   .n_check = ld->n_chk,
                                   .dep = ld->dep,
                                   .run_check = run_check,
                                   .checks_wanted = checks_wanted,
                                   .tick = tick,
                                   .ctx = ld };
    return 0;
}

static void loading_free(zkey_loading *ld)
{
    load_pool_destroy(ld->pool);
    if (ld->fd >= 0)
        close(ld->fd);
    free(ld->prim);
    free(ld->need);
    free(ld->chk);
    free(ld->dep);
    free(ld->leaves);
    pthread_mutex_destroy(&ld->lock);
    free(ld);
}

#define PIECE_ALIGN 64u      /* where each point section begins in the image */
#define HUGE_PAGE (2u << 20) /* the image's alignment: transparent huge pages where allowed */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* len bytes (> 0) of fresh anonymous memory, aligned to a huge page, on huge pages where the
 * kernel allows it (one 2 MiB page fault and zeroing instead of 512: the read into fresh 4 KiB
 * pages cost more than the copy itself); *map_len the mapping's length (munmap). NULL when
 * memory (or the address space: ulimit -v) runs out. */
static uint8_t *huge_region(uint64_t len, size_t *map_len)
{
    if (len > SIZE_MAX - 2 * HUGE_PAGE)
        return NULL;
    size_t ml = ((size_t)len + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    if (ml == 0)
        ml = HUGE_PAGE;
    /* Map one huge page more, and trim to a huge page boundary. */
    uint8_t *raw = mmap(NULL, ml + HUGE_PAGE, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    uint8_t *base = (uint8_t *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~((uintptr_t)HUGE_PAGE - 1));
    if (base > raw)
        munmap(raw, (size_t)(base - raw));
    if (base + ml < raw + ml + HUGE_PAGE)
        munmap(base + ml, (size_t)(raw + ml + HUGE_PAGE - (base + ml)));
    (void)madvise(base, ml, MADV_HUGEPAGE); /* a hint: 4 KiB pages work too */
    *map_len = ml;
    return base;
}

/* The image of the file: a piece from byte 0, then one from the first byte of each point array
 * (sections 5..9) on, each piece PIECE_ALIGN-aligned, in a huge_region. The points are then
 * used where they are read (plan: nothing to decode, and the MSM providers may borrow them). The
 * key keeps the mapping (k->image); after the load the pages no array uses are given back
 * (release_unused). */
static int map_image(zkey_loading *ld)
{
    const binfile *bf = &ld->bf;
    uint64_t cut[N_JOBS + 1];
    int n = 0;
    cut[n++] = 0;
    for (uint32_t id = ZKEY_SEC_A; id <= ZKEY_SEC_H; id++)
        if (bf->sec[id].present && bf->sec[id].offset > 0 && bf->sec[id].offset < bf->size)
            cut[n++] = bf->sec[id].offset;
    qsort(cut, (size_t)n, sizeof cut[0], cmp_u64);
    binfile_image *im = &ld->img;
    uint64_t pos[N_JOBS + 1], len = 0;
    for (int k = 0; k < n; k++) {
        im->off[k] = cut[k];
        pos[k] = (len + PIECE_ALIGN - 1) / PIECE_ALIGN * PIECE_ALIGN;
        len = pos[k] + ((k + 1 < n ? cut[k + 1] : bf->size) - cut[k]);
    }
    im->n = n;
    im->off[n] = bf->size;
    /* Room for the decoded coefficients after the pieces: on huge pages too. */
    const binfile_section *s4 = &bf->sec[ZKEY_SEC_COEFS];
    uint64_t n_coefs =
        s4->present && s4->size >= 4 && !ld->records ? (s4->size - 4) / ZKEY_COEF_BYTES : 0;
    uint64_t coefs_pos = (len + PIECE_ALIGN - 1) / PIECE_ALIGN * PIECE_ALIGN;
    if (n_coefs > 0)
        len = coefs_pos + n_coefs * sizeof(g16k_coef);
    uint8_t *base = huge_region(len, &ld->k->image_len);
    if (base == NULL)
        return -1;
    for (int k = 0; k < n; k++)
        im->at[k] = base + pos[k];
    ld->coefs_at = n_coefs > 0 ? base + coefs_pos : NULL;
    ld->k->image = base;
    ld->bf.image = im;
    ld->bf.data = NULL;
    return 0;
}

/* Map the file read-only as the image's only piece (zkey_load_args.map), and an anonymous
 * region (the key's image) for what cannot be used where the mapping has it: the decoded
 * coefficients, and each point section whose first byte lies off an 8-byte boundary (the
 * providers' alignment), which the decode tasks copy there, unless points_unaligned says the
 * providers take those where they lie too. The mapping costs no fresh pages
 * (the page cache holds the bytes), only the faults that map them. Returns 0, 1 when the file
 * cannot be mapped (the caller reads it instead), -1 when memory runs out. */
static int map_file(zkey_loading *ld)
{
    const binfile *bf = &ld->bf;
    if (bf->size == 0 || bf->size > SIZE_MAX)
        return 1;
    void *m = mmap(NULL, (size_t)bf->size, PROT_READ, MAP_PRIVATE, ld->fd, 0);
    if (m == MAP_FAILED)
        return 1;
    /* Read-ahead of what is not cached: the whole file, or with a verdict by stamp only the
     * sections before the points, the load's part (the MSMs read the points, in order, later:
     * a key larger than memory must not be read twice). */
    uint64_t ahead = bf->size;
    if (ld->by_stamp) {
        ahead = 0;
        for (uint32_t id = 1; id < ZKEY_SEC_A; id++)
            if (bf->sec[id].present && bf->sec[id].offset + bf->sec[id].size > ahead)
                ahead = bf->sec[id].offset + bf->sec[id].size;
    }
    if (ahead > 0)
        (void)madvise(m, (size_t)ahead, MADV_WILLNEED);
    const binfile_section *s4 = &bf->sec[ZKEY_SEC_COEFS];
    uint64_t n_coefs =
        s4->present && s4->size >= 4 && !ld->records ? (s4->size - 4) / ZKEY_COEF_BYTES : 0;
    /* pos: where in the region each copied section goes; UINT64_MAX: used in the mapping */
    uint64_t pos[ZKEY_SEC_H + 1], len = n_coefs * sizeof(g16k_coef);
    for (uint32_t id = 0; id <= ZKEY_SEC_H; id++)
        pos[id] = UINT64_MAX;
    for (uint32_t id = ZKEY_SEC_A; id <= ZKEY_SEC_H; id++) {
        const binfile_section *s = &bf->sec[id];
        if (s->present && s->size > 0 && s->offset % 8 != 0 && !ld->opts.points_unaligned) {
            pos[id] = (len + PIECE_ALIGN - 1) / PIECE_ALIGN * PIECE_ALIGN;
            len = pos[id] + s->size;
        }
    }
    uint8_t *base = NULL;
    if (len > 0 && (base = huge_region(len, &ld->k->image_len)) == NULL) {
        munmap(m, (size_t)bf->size);
        return -1;
    }
    ld->k->image = base;
    ld->k->file_map = m;
    ld->k->file_map_len = (size_t)bf->size;
    ld->k->file_fd = ld->fd; /* the key's now, open while mapped (zkey_check_unchanged) */
    ld->k->file_path = strdup(bf->path);
    ld->fd = -1;
    ld->coefs_at = n_coefs > 0 ? base : NULL;
    for (uint32_t id = ZKEY_SEC_A; id <= ZKEY_SEC_H; id++)
        ld->copy_at[id] = pos[id] != UINT64_MAX ? base + pos[id] : NULL;
    ld->img = (binfile_image){ .n = 1, .off = { 0, bf->size }, .at = { m } };
    ld->bf.image = &ld->img;
    ld->bf.data = NULL;
    ld->mapped = 1;
    return 0;
}

/* The point arrays of k that can be used where the image holds them: all of them for a file
 * read (map_image aligned each), the 8-byte-aligned ones of a mapped file (the others get their
 * room in the image from map_file), none for a key in memory (borrowed only during the call).
 * The arrays left NULL are allocated by zkey_read_headers; the decoding tasks copy into every
 * array that is not where the file's bytes are. */
static void points_in_place(zkey_loading *ld)
{
    if (ld->bf.image == NULL)
        return;
    zkey *k = ld->k;
    k->coefs = ld->coefs_at; /* zkey_read_headers checks the count it was made for */
    const binfile_section *s4 = &ld->bf.sec[ZKEY_SEC_COEFS];
    if (ld->records && s4->present && s4->size >= 4) /* its size: zkey_read_headers */
        k->coef_records = binfile_image_at(&ld->img, s4->offset + 4);
    void **arr[] = { (void **)&k->a, (void **)&k->b1, (void **)&k->b2, (void **)&k->c,
                     (void **)&k->h };
    for (uint32_t id = ZKEY_SEC_A; id <= ZKEY_SEC_H; id++) {
        const binfile_section *s = &ld->bf.sec[id];
        if (!s->present || s->size == 0)
            continue;
        uint8_t *p = binfile_image_at(&ld->img, s->offset);
        if (ld->mapped)
            *arr[id - ZKEY_SEC_A] = ld->copy_at[id] != NULL ? ld->copy_at[id] : p;
        else if ((uintptr_t)p % PIECE_ALIGN == 0)
            *arr[id - ZKEY_SEC_A] = p;
    }
}

/* A mapped file: unmap the pages (MADV_DONTNEED; the page cache keeps them, reclaimable) of
 * the bytes the load decoded or copied into the image, section 4's coefficients and every
 * point section off an 8-byte boundary: nothing reads them there again (a read, such as a
 * digest leaf's, faults them back in from the file), so they need not count twice in the
 * prover's memory (at a 2^20 dense key 0.38 of its 0.77 GB). Each decode or copy task gives
 * back its own range as it ends (run_primary), so that the peak of a load is not the whole
 * file plus the image; this sweep after the load takes the pages two tasks shared. The image's
 * copies are all used. */
static void release_copied(const zkey_loading *ld)
{
    const binfile *bf = &ld->bf;
    const binfile_section *s = &bf->sec[ZKEY_SEC_COEFS];
    if (ld->k->coefs != NULL && s->present)
        zkey_give_back(binfile_at(bf, s->offset), (size_t)s->size);
    for (uint32_t id = ZKEY_SEC_A; id <= ZKEY_SEC_H; id++) {
        s = &bf->sec[id];
        if (ld->copy_at[id] != NULL && s->present)
            zkey_give_back(binfile_at(bf, s->offset), (size_t)s->size);
    }
}

/* Give back the image's pages that hold no array of the key (the coefficients' raw bytes,
 * mostly): they were needed for the load only. A mapped file: release_copied. */
static void release_unused(const zkey_loading *ld)
{
    const zkey *k = ld->k;
    if (ld->mapped) {
        release_copied(ld);
        return;
    }
    if (k->image == NULL)
        return;
    const struct {
        const void *p;
        uint64_t bytes;
    } used[] = { { k->a, (uint64_t)k->n_vars * k->cv->g1_bytes },
                 { k->b1, (uint64_t)k->n_vars * k->cv->g1_bytes },
                 { k->b2, (uint64_t)k->n_vars * k->cv->g2_bytes },
                 { k->c, ((uint64_t)k->n_vars - k->n_public - 1) * k->cv->g1_bytes },
                 { k->h, (uint64_t)k->domain_size * k->cv->g1_bytes },
                 { k->coefs, k->n_coefs * sizeof(g16k_coef) },
                 { k->coef_records, k->n_coefs * ZKEY_COEF_BYTES } };
    enum { N_USED = sizeof used / sizeof used[0] };
    uintptr_t lo = (uintptr_t)k->image, hi = lo + k->image_len;
    uintptr_t from = lo; /* the arrays lie in the image in file order or any other: sort */
    uintptr_t beg[N_USED], end[N_USED];
    int n = 0;
    for (int i = 0; i < N_USED; i++) {
        uintptr_t a = (uintptr_t)used[i].p;
        if (a >= lo && a < hi) {
            beg[n] = a;
            end[n++] = a + (uintptr_t)used[i].bytes;
        }
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && beg[j] < beg[j - 1]; j--) {
            uintptr_t t = beg[j];
            beg[j] = beg[j - 1];
            beg[j - 1] = t;
            t = end[j];
            end[j] = end[j - 1];
            end[j - 1] = t;
        }
    for (int i = 0; i <= n; i++) {
        uintptr_t gap_end = i < n ? beg[i] : hi;
        if (gap_end > from)
            zkey_give_back((const void *)from, (size_t)(gap_end - from));
        if (i < n && end[i] > from)
            from = end[i];
    }
}

/* Open path and read its table; the image the pool reads the file into. */
static int open_file(zkey_loading *ld, const char *path)
{
    struct stat st;
    ld->fd = input_open(path, &st);
    if (ld->fd < 0)
        return G16K_EIO;
    zkey_stamp_from(&st, &ld->stamp);
    if (ld->cache_dir[0]) {
        if (zkey_cache_stamp_get(ld->cache_dir, &ld->stamp, ld->digest) &&
            zkey_cache_has(ld->cache_dir, ld->digest, ld->stamp.size)) {
            ld->by_stamp = 1;
            atomic_store(&ld->verdict, VERDICT_CACHED);
            log_msg(G16K_LOG_INFO,
                    "%s: in the key cache %s: no curve or subgroup tests (found by the file's "
                    "stamp: no digest)",
                    path, ld->cache_dir);
        }
    }
    /* the guard of a mapped key (zkey_check_unchanged) from the same fstat as the stamp the
     * cache was asked about: a write between two fstats must not become its baseline */
    ld->k->file_stamp = (zkey_file_stamp){ .dev = ld->stamp.dev,
                                           .ino = ld->stamp.ino,
                                           .size = ld->stamp.size,
                                           .mtime_s = ld->stamp.mtime_s,
                                           .mtime_ns = ld->stamp.mtime_ns };
    (void)posix_fadvise(ld->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    int rc = binfile_read_table(&ld->bf, ld->fd, (uint64_t)st.st_size, path, ZKEY_MAGIC,
                                ZKEY_VERSION, ZKEY_MAX_ID);
    if (rc != G16K_OK)
        return rc;
    /* A key larger than the memory (or the address space: ulimit -v) fails here: exit 7. */
    int mapped = ld->opts.map ? map_file(ld) : 1;
    if (mapped < 0 || (mapped > 0 && map_image(ld) != 0))
        return err_set(G16K_ENOMEM, "%s: out of memory for the %llu bytes of the file", path,
                       (unsigned long long)ld->bf.size);
    /* A mapped file is in memory for the pool: nothing to read (fd < 0). */
    ld->pool = load_pool_create(mapped == 0 ? -1 : ld->fd, &ld->img, ld->bf.size);
    return ld->pool ? G16K_OK : err_set(G16K_ENOMEM, "%s: out of memory", path);
}

/* The key in memory: its table, and a pool over the bytes as they are. */
static int open_mem(zkey_loading *ld, const char *name, const void *data, uint64_t size)
{
    int rc = binfile_open_mem(&ld->bf, name, data, size, ZKEY_MAGIC, ZKEY_VERSION, ZKEY_MAX_ID);
    if (rc != G16K_OK)
        return rc;
    ld->img =
        (binfile_image){ .n = 1, .off = { 0, ld->bf.size }, .at = { (uint8_t *)(uintptr_t)data } };
    ld->pool = load_pool_create(-1, &ld->img, ld->bf.size); /* fd < 0: never written */
    return ld->pool ? G16K_OK : err_set(G16K_ENOMEM, "%s: out of memory", name);
}

static int read_failed(const zkey_loading *ld)
{
    int e = load_pool_read_error(ld->pool);
    if (e > 0)
        return err_set(G16K_EIO, "%s: cannot read: %s", ld->bf.path, strerror(e));
    return err_set(G16K_EIO, "%s: the file got shorter while it was read", ld->bf.path);
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
    if (load_pool_read_to(ld->pool, need) != 0)
        return read_failed(ld);
    points_in_place(ld);
    int rc = zkey_read_headers(bf, ld->k);
    if (rc == G16K_OK && ld->opts.header_check)
        rc = ld->opts.header_check(ld->opts.header_user, ld->k);
    return rc;
}

/* Everything decoded and read: what the tests say. */
static int final_verdict(zkey_loading *ld)
{
    uint64_t fail = atomic_load(&ld->fail_ord);
    int v = atomic_load(&ld->verdict);
    if (fail != UINT64_MAX) {
        /* A point outside its subgroup is reported even if the cache vouched for the file
         * (a test that ran before the verdict came): the test is right, the entry is not. */
        const point_job *j = &ld->jobs[fail >> ORD_SHIFT];
        uint64_t idx = fail & (((uint64_t)1 << ORD_SHIFT) - 1);
        uint64_t at = ld->bf.sec[j->section].offset + idx * j->bytes;
        const char *what;
        first_invalid(j, idx, 1, &what);
        return zkey_sec_err(&ld->bf, j->section, at, "point %llu: %s", (unsigned long long)idx,
                            what);
    }
    if (v == VERDICT_TEST && atomic_load(&ld->chk_complete) != ld->n_chk)
        return err_set(G16K_EINTERNAL, "%s: subgroup tests stopped early", ld->bf.path);
    return G16K_OK;
}

static int cancel_error(const zkey_loading *ld)
{
    return err_set(G16K_ECANCELED, "%s: key load cancelled while checking points", ld->bf.path);
}

/* 1 if the file still has the stamp of its open (or the key came from memory), else 0. */
static int stamp_held(const zkey_loading *ld)
{
    int fd = ld->mapped ? ld->k->file_fd : ld->fd;
    struct stat st;
    zkey_stamp now;
    if (fd < 0)
        return 1; /* a key in memory: no file (a file load holds fd or file_fd to the end) */
    if (fstat(fd, &st) != 0)
        return 0;
    zkey_stamp_from(&st, &now);
    return memcmp(&now, &ld->stamp, sizeof now) == 0;
}

/* The load on ld (opened): headers, the pool's run, then the verdict. */
static int load(zkey_loading *ld)
{
    int rc = read_headers(ld);
    if (rc == G16K_OK && plan(ld) != 0)
        rc = err_set(G16K_ENOMEM, "%s: out of memory", ld->bf.path);
    if (rc == G16K_OK && report(ld, 1))
        return cancel_error(ld);
    if (rc != G16K_OK)
        return rc;
    if (ld->n_leaves == 0 && ld->cache_dir[0] && !ld->by_stamp)
        digest_done(ld); /* an empty file has no leaves */
    if (load_pool_run(ld->pool, &ld->tasks, ld->opts.threads) != 0) {
        if (ld->err_at != UINT64_MAX)
            return err_set(ld->err_status, "%s", ld->err_msg);
        if (ld->canceled)
            return cancel_error(ld);
        if (load_pool_read_error(ld->pool) != 0)
            return read_failed(ld);
        return err_set(G16K_ENOMEM, "%s: out of memory", ld->bf.path);
    }
    /* Every byte used above came from the buffer; so did the digest. It must hold the table
     * we planned with, or the file changed between the two reads. A mapped file is no copy of
     * ours: it must also be as it was before the first read (else the digest and the tests may
     * have seen different bytes); the prover checks that again after each proof's MSMs. */
    if ((ld->fd >= 0 || ld->mapped) && !binfile_same_table(&ld->bf, ZKEY_MAGIC, ZKEY_MAX_ID))
        return err_set(G16K_EIO, "%s: the file changed while it was read", ld->bf.path);
    if (ld->mapped && zkey_check_unchanged(ld->k) != G16K_OK)
        return err_set(G16K_EIO, "%s: the file changed while it was read", ld->bf.path);
    /* The whole stamp again (the change time too, which no one can set back). A load found by
     * its stamp used bytes that no digest or test of this load saw: they are the cached ones
     * only if the file kept that stamp through every read. A mapped file's digest and tests
     * read the live file at different times, so its verdict is recorded only if the stamp held
     * and the file was not racy (a write in the tick of the stamp might not move its times). */
    int same = stamp_held(ld);
    if (ld->by_stamp && !same)
        return err_set(G16K_EIO,
                       "%s: the file changed while it was read (a write in place, or a rename "
                       "over it): load it again",
                       ld->bf.path);
    int vouch = !ld->mapped || (same && !zkey_stamp_racy(&ld->stamp, (int64_t)ld->began.tv_sec,
                                                         (int64_t)ld->began.tv_nsec));
    if ((rc = final_verdict(ld)) != G16K_OK)
        return rc;
    if (report(ld, 1)) /* a cancelled load leaves no entry either */
        return cancel_error(ld);
    int known = atomic_load(&ld->verdict) == VERDICT_CACHED && ld->cache_dir[0];
    if (atomic_load(&ld->verdict) == VERDICT_TEST && ld->cache_dir[0] && vouch &&
        zkey_cache_put(ld->cache_dir, ld->digest, ld->bf.size, ld->bf.path) == 0) {
        log_msg(G16K_LOG_INFO, "%s: every point tested; recorded in the key cache %s", ld->bf.path,
                ld->cache_dir);
        known = 1;
    }
    /* a file whose digest has a verdict, and whose stamp held through the load (so the digested
     * bytes are that version's): its stamp entry, for the next load */
    if (known && !ld->by_stamp && same && (ld->mapped ? ld->k->file_fd : ld->fd) >= 0)
        (void)zkey_cache_stamp_put(ld->cache_dir, &ld->stamp, ld->digest, (int64_t)ld->began.tv_sec,
                                   (int64_t)ld->began.tv_nsec);
    release_unused(ld);
    return G16K_OK;
}

int zkey_load_from(const zkey_load_args *args, zkey **out)
{
    const char *path = args->path;
    zkey_loading *ld = calloc(1, sizeof *ld);
    if (ld == NULL)
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    ld->fd = -1;
    ld->t0 = clock_now();
    clock_gettime(CLOCK_REALTIME, &ld->began);
    ld->opts = *args;
    ld->records = args->coef_records && args->data == NULL;
    ld->err_at = UINT64_MAX;
    ld->reported = UINT64_MAX;
    atomic_init(&ld->fail_ord, UINT64_MAX);
    pthread_mutex_init(&ld->lock, NULL);
    if (!args->no_tests && args->cache_dir && args->cache_dir[0] &&
        (snprintf(ld->cache_dir, sizeof ld->cache_dir, "%s", args->cache_dir) >=
             (int)sizeof ld->cache_dir ||
         !zkey_cache_dir_trusted(ld->cache_dir)))
        ld->cache_dir[0] = '\0';
    atomic_init(&ld->verdict, args->no_tests     ? VERDICT_CACHED
                              : ld->cache_dir[0] ? VERDICT_PENDING
                                                 : VERDICT_TEST);
    int rc = (ld->k = calloc(1, sizeof *ld->k)) == NULL
                 ? err_set(G16K_ENOMEM, "%s: out of memory", path)
             : args->data ? open_mem(ld, path, args->data, args->size)
                          : open_file(ld, path);
    if (rc == G16K_OK)
        rc = load(ld);
    if (rc == G16K_OK && args->stats != NULL) {
        int cached = atomic_load(&ld->verdict) == VERDICT_CACHED;
        uint64_t g2 = ld->jobs[3].count;
        *args->stats = (zkey_load_stats){ .read = load_pool_read_seconds(ld->pool),
                                          .decoded = load_pool_primary_seconds(ld->pool),
                                          .digest = ld->t_digest,
                                          .checked = clock_now() - ld->t0,
                                          .cached = cached,
                                          .by_stamp = ld->by_stamp,
                                          .g1_points = cached ? 0 : ld->to_check - g2,
                                          .g2_points = cached ? 0 : g2 };
    }
    zkey *k = ld->k;
    loading_free(ld);
    if (rc != G16K_OK) {
        zkey_free(k);
        return rc;
    }
    *out = k;
    return G16K_OK;
}

int zkey_load(const char *path, unsigned threads, zkey **out)
{
    zkey_load_args args = { .path = path, .threads = threads };
    return zkey_load_from(&args, out);
}
