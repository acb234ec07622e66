/*
 * The MSM vtable of the CPU plugin (plugin.h g16k_msm_vtable): bases handles holding the points
 * decoded once into Montgomery affine form, and msm() which checks its arguments, turns the
 * scalars into canonical integers, splits off the scalars 0 and 1, picks the window and runs
 * the Pippenger driver (msm_pippenger.c) on the group's operation table (msm_g1.c, msm_g2.c).
 *
 * Scalar split: Pippenger runs on the GLV/GLS split of the rest (msm_endo.c) when [plugin.cpu]
 * endo is on (default) and the rest has 16 .. CPU_ENDO_MAX_SCALARS scalars (G2 on the IFMA
 * lanes: CPU_ENDO_MAX_SCALARS_G2_IFMA).
 * Witness-aware split (docs/architecture.md): real witnesses are mostly 0 and 1 (bits, flags).
 * Zero scalars are dropped, the points of the scalar-1 entries are summed with plain mixed
 * additions (one per point, against ~256/c bucket additions each inside Pippenger), and only
 * the remaining scalars go to Pippenger, with a window chosen for their count.
 */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msm.h"
#include "platform/big_alloc.h"
#include "platform/parallel.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_msm_bases_create_fn cpu_bases_create;
static g16k_msm_bases_destroy_fn cpu_bases_destroy;
static g16k_msm_msm_fn cpu_msm;
static g16k_msm_bases_borrow_fn cpu_bases_borrow;
static g16k_msm_bases_borrow_fn cpu_bases_borrow_unaligned;

struct g16k_msm_bases {
    const cpu_group *g;
    const g16k_plugin_ctx *ctx;
    uint64_t n;
    /* n affine points, stride g->affine_size, Montgomery; read only after creation (every MSM
     * path takes them as const and needs 8-byte alignment, no more, unless unaligned) */
    const uint8_t *points;
    uint8_t *owned; /* points when the handle copied them (freed with it), NULL when borrowed */
    int unaligned;  /* lent off an 8-byte boundary (bases_borrow_unaligned): the MSM reads them
                       through aligned copies (cpu_msm_in.unaligned) */
};

typedef struct decode_job {
    const cpu_group *g;
    const uint8_t *in;
    uint8_t *out;
    uint32_t enc;
    atomic_uint_fast64_t first_bad;
} decode_job;

static void decode_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    decode_job *j = arg;
    for (uint64_t i = begin; i < end; i++) {
        if (j->g->affine_decode(j->out + i * j->g->affine_size, j->in + i * j->g->wire_bytes,
                                j->enc) != 0) {
            uint_fast64_t cur = atomic_load(&j->first_bad);
            while (i < cur && !atomic_compare_exchange_weak(&j->first_bad, &cur, i)) {
            }
            return;
        }
    }
}

/* *g = the group of a bases call after its argument checks (what: "bases_create",
 * "bases_borrow"); G16K_OK or the error, reported. */
static int bases_args(uint32_t group, const void *points, uint64_t n, uint32_t point_enc,
                      g16k_msm_bases **out, const char *what, const cpu_group **g)
{
    if (!out || (n && !points))
        return cpu_error(G16K_EINVAL, "%s: NULL argument", what);
    *out = NULL;
    *g = group == G16K_G1   ? &CPU_SYM(cpu_group_g1)
         : group == G16K_G2 ? &CPU_SYM(cpu_group_g2)
                            : NULL;
    if (!*g)
        return cpu_error(G16K_EUNSUPPORTED, "%s: unknown group %u", what, group);
    if (!cpu_enc_valid(point_enc))
        return cpu_error(G16K_EINVAL, "%s: bad encoding %u", what, point_enc);
    return G16K_OK;
}

/* A new handle of n points of g (points set by the caller), or NULL after the error. */
static g16k_msm_bases *bases_new(const cpu_group *g, const g16k_plugin_ctx *ctx, uint64_t n)
{
    g16k_msm_bases *b = calloc(1, sizeof *b);
    if (!b) {
        cpu_error(G16K_ENOMEM, "out of memory for a bases handle");
        return NULL;
    }
    b->g = g;
    b->ctx = ctx;
    b->n = n;
    return b;
}

/* bases_create: see g16k_msm_vtable. points: n affine points of `group` (96 or 192 bytes each,
 * any alignment) in point_enc; copied. Memory: n * 96 (G1) or n * 192 (G2) bytes.
 * Errors: G16K_EUNSUPPORTED (group), G16K_EINVAL (NULL, encoding, coordinate >= p),
 * G16K_ENOMEM. Thread-safe. */
static int cpu_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                            uint32_t point_enc, g16k_msm_bases **out)
{
    const cpu_group *g = NULL;
    int rc = bases_args(group, points, n, point_enc, out, "bases_create", &g);
    if (rc != G16K_OK)
        return rc;
    if (n > SIZE_MAX / g->affine_size)
        return cpu_error(G16K_ENOMEM, "bases_create: %llu points do not fit in memory",
                         (unsigned long long)n);
    g16k_msm_bases *b = bases_new(g, ctx, n);
    if (!b)
        return G16K_ENOMEM;
    if (!(b->owned = big_alloc(n * g->affine_size))) {
        free(b);
        return cpu_error(G16K_ENOMEM, "bases_create: out of memory for %llu %s points",
                         (unsigned long long)n, g->name);
    }
    b->points = b->owned;
    uint32_t threads = cpu_threads(ctx, 0);
    decode_job j = { .g = g, .in = points, .out = b->owned, .enc = point_enc };
    atomic_init(&j.first_bad, UINT64_MAX);
    par_for(threads, n, par_grain(n, threads, 4096), decode_range, &j);
    uint64_t bad = atomic_load(&j.first_bad);
    if (bad != UINT64_MAX) {
        free(b->owned);
        free(b);
        return cpu_error(G16K_EINVAL, "bases_create: %s point %llu has a coordinate >= p", g->name,
                         (unsigned long long)bad);
    }
    *out = b;
    return G16K_OK;
}

/* Whether the wire form of Montgomery points is this plugin's affine layout (fp_t: 6 uint64_t
 * limbs, least significant first, x then y; fp2_t: c0 then c1), so that lent points can be
 * used where they lie. */
#define CPU_WIRE_IS_AFFINE                                                                         \
    (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && sizeof(g1_affine_t) == 96 &&                     \
     sizeof(g2_affine_t) == 192)

/* Both borrowing entries: Montgomery points kept where they lie (at any address when
 * any_address, else only 8-byte aligned ones), all others copied by bases_create. */
static int borrow(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                  uint32_t point_enc, g16k_msm_bases **out, const char *entry, int any_address)
{
    const cpu_group *g = NULL;
    int rc = bases_args(group, points, n, point_enc, out, entry, &g);
    if (rc != G16K_OK)
        return rc;
    int unaligned = ((uintptr_t)points & 7) != 0;
    if (point_enc != G16K_ENC_MONTGOMERY || !CPU_WIRE_IS_AFFINE || (unaligned && !any_address))
        return cpu_bases_create(ctx, group, points, n, point_enc, out);
    g16k_msm_bases *b = bases_new(g, ctx, n);
    if (!b)
        return G16K_ENOMEM;
    b->points = points;
    b->unaligned = unaligned;
    *out = b;
    return G16K_OK;
}

/* bases_borrow (plugin ABI 1.3): see g16k_msm_vtable. Montgomery points (8-byte aligned, each
 * coordinate < p, as the caller promises) are used where they lie: no copy, no memory, and
 * bases_destroy leaves them alone; canonical points (or a misaligned pointer, which breaks the
 * promise) are copied as bases_create does. Errors and thread-safety: those of bases_create. */
static int cpu_bases_borrow(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                            uint32_t point_enc, g16k_msm_bases **out)
{
    return borrow(ctx, group, points, n, point_enc, out, "bases_borrow", 0);
}

/* bases_borrow_unaligned (plugin ABI 1.7): see g16k_msm_vtable. As cpu_bases_borrow, but
 * Montgomery points at any address are used where they lie too: a handle whose points are off
 * an 8-byte boundary makes every MSM read them through aligned copies (4096 points per worker
 * at a time on the batch-affine path, all of them first on the small-window and endomorphism
 * paths). Errors and thread-safety: those of bases_create. */
static int cpu_bases_borrow_unaligned(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                                      uint64_t n, uint32_t point_enc, g16k_msm_bases **out)
{
    return borrow(ctx, group, points, n, point_enc, out, "bases_borrow_unaligned", 1);
}

/* bases_destroy: frees the handle and the points it copied (never borrowed ones); NULL is a
 * no-op. */
static void cpu_bases_destroy(g16k_msm_bases *bases)
{
    if (!bases)
        return;
    free(bases->owned);
    free(bases);
}

typedef struct ones_job {
    const cpu_group *g;
    const uint8_t *points;
    const uint64_t *idx;
    uint8_t *acc; /* one Jacobian accumulator per worker */
} ones_job;

static void ones_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    ones_job *j = arg;
    uint8_t *acc = j->acc + (size_t)worker * j->g->jac_size;
    for (uint64_t i = begin; i < end; i++)
        j->g->jac_add_affine(acc, acc, j->points + j->idx[i] * j->g->affine_size);
}

/* out = sum of the n points points[idx[i]] (Jacobian), on up to `threads` workers. */
static int sum_points(const cpu_group *g, const uint8_t *points, const uint64_t *idx, uint64_t n,
                      uint32_t threads, void *out)
{
    uint64_t grain = par_grain(n, threads, 1024);
    uint32_t workers = par_workers(threads, n, grain);
    ones_job j = { .g = g, .points = points, .idx = idx };
    j.acc = malloc((size_t)workers * g->jac_size);
    if (!j.acc)
        return cpu_error(G16K_ENOMEM, "msm %s: out of memory", g->name);
    for (uint32_t w = 0; w < workers; w++)
        g->jac_set_inf(j.acc + (size_t)w * g->jac_size);
    par_for(threads, n, grain, ones_range, &j);
    g->jac_set_inf(out);
    for (uint32_t w = 0; w < workers; w++)
        g->jac_add(out, out, j.acc + (size_t)w * g->jac_size);
    free(j.acc);
    return G16K_OK;
}

#ifndef CPU_CURVE_BN254 /* curve-independent: built once */
uint64_t cpu_msm_chunk_auto(void)
{
    uint64_t avail_kib = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (f == NULL)
        return CPU_MSM_CHUNK_BYTES;
    char line[128];
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "MemAvailable: %" SCNu64 " kB", &avail_kib) == 1)
            break;
    fclose(f);
    if (avail_kib == 0)
        return CPU_MSM_CHUNK_BYTES;
    uint64_t b = (avail_kib << 10) / 4;
    return b > CPU_MSM_CHUNK_MIN ? b : CPU_MSM_CHUNK_MIN;
}
#endif

/* Below this many scalars the endomorphism split is not worth its set-up. */
#define CPU_ENDO_MIN_SCALARS 16u

/* out = sum k[i] * points[idx ? idx[i] : i] by Pippenger, after the endomorphism split when
 * ctx enables it (window 0 = chosen by count). */
static int msm_run(const cpu_group *g, const g16k_plugin_ctx *ctx, const uint8_t *points,
                   int unaligned, const uint64_t *idx, const uint64_t (*k)[4], uint64_t n,
                   uint32_t window, uint32_t threads, void *out)
{
    /* the endomorphism split is BLS12-381's so far; BN254 has the IFMA lanes for its
     * batch-affine buckets (cpu_msm_pippenger) */
    int bls = g->curve == G16K_CURVE_BLS12_381;
    int ifma = ctx && ctx->use_ifma;
    uint64_t endo_max =
        ifma && g->id == G16K_G2 ? CPU_ENDO_MAX_SCALARS_G2_IFMA : CPU_ENDO_MAX_SCALARS;
    if (bls && ctx && ctx->endo && n >= CPU_ENDO_MIN_SCALARS && n <= endo_max) {
        if (!unaligned)
            return cpu_msm_endo(g, points, idx, k, n, window, threads, ifma, out);
        /* at most 2^16 points: one aligned copy, in scalar order */
        uint8_t *copy = cpu_points_gather(g, points, idx, n);
        if (!copy)
            return cpu_error(G16K_ENOMEM, "msm %s: out of memory for %llu aligned points", g->name,
                             (unsigned long long)n);
        int st = cpu_msm_endo(g, copy, NULL, k, n, window, threads, ifma, out);
        free(copy);
        return st;
    }
    cpu_msm_in in = { .bases = points,
                      .idx = idx,
                      .m = 1,
                      .k = &k[0][0],
                      .kl = 4,
                      .bits = 255,
                      .n = n,
                      .chunk_bytes =
                          ctx && ctx->msm_chunk_bytes ? ctx->msm_chunk_bytes : cpu_msm_chunk_auto(),
                      .unaligned = unaligned };
    return cpu_msm_pippenger(g, &in, window ? window : cpu_msm_window(n, 255), threads, ifma, out);
}

/* out = sum k[i] * points[i]: zeros dropped, ones summed, the rest by Pippenger (window 0 =
 * chosen by count). k is compacted in place (the rest moves to its front). */
static int msm_split(const cpu_group *g, const g16k_plugin_ctx *ctx, const uint8_t *points,
                     int unaligned, uint64_t (*k)[4], uint64_t n, uint32_t window, uint32_t threads,
                     void *out)
{
    uint64_t ones = 0;
    uint64_t rest = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t hi = k[i][1] | k[i][2] | k[i][3];
        if (hi || k[i][0] > 1)
            rest++;
        else
            ones += k[i][0];
    }
    if (rest == n)
        return msm_run(g, ctx, points, unaligned, NULL, (const uint64_t(*)[4])k, n, window, threads,
                       out);
    uint64_t *idx = big_alloc((rest + ones) * sizeof *idx);
    if (!idx)
        return cpu_error(G16K_ENOMEM, "msm %s: out of memory for %llu indices", g->name,
                         (unsigned long long)(rest + ones));
    uint64_t *idx_one = idx + rest;
    uint64_t r = 0;
    uint64_t o = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t hi = k[i][1] | k[i][2] | k[i][3];
        if (hi || k[i][0] > 1) {
            memmove(k[r], k[i], sizeof k[i]);
            idx[r++] = i;
        } else if (k[i][0] == 1) {
            idx_one[o++] = i;
        }
    }
    _Alignas(64) uint8_t part[sizeof(g2_jac_t)];
    uint64_t t = cpu_trace_begin();
    int st = sum_points(g, points, idx_one, ones, threads, out);
    cpu_trace_end("sum of the points with scalar 1", t, NULL);
    if (st == G16K_OK && rest) {
        st = msm_run(g, ctx, points, unaligned, idx, (const uint64_t(*)[4])k, rest, window, threads,
                     part);
        if (st == G16K_OK)
            g->jac_add(out, out, part);
    }
    free(idx);
    return st;
}

/* msm: see g16k_msm_vtable. scalars: n Fr elements (32 B each, any alignment) in scalar_enc,
 * each < r. params: NULL or struct_size >= 16; window 0 = cpu_msm_window(n), else 1..24;
 * threads 0 = [plugin.cpu] threads or host->threads. result: one affine point (96 or 192 B) in
 * result_enc; n = 0 gives infinity (0,0). Memory: n * 32 bytes of canonical scalars, 8 bytes
 * per scalar other than 0 when some are 0 or 1, for 16 .. 2^16 scalars other than 0 and 1 the
 * endomorphism split (msm_endo.c: 128 bytes a scalar on G1, 608 on G2), and per thread the
 * buckets of cpu_msm_pippenger (G1, window 16: 7.9 MB; G2: 15.7 MB, mostly untouched side
 * buckets, or 24 MB with the radix-2^52 buckets of the IFMA path).
 * Concurrent calls on one handle are safe.
 * Errors: G16K_EINVAL (NULL, n > bases, encodings, scalar >= r, window > 24, short params),
 * G16K_ENOMEM. */
static int cpu_msm(g16k_msm_bases *bases, const void *scalars, uint64_t n, uint32_t scalar_enc,
                   const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    if (!bases || !result || (n && !scalars))
        return cpu_error(G16K_EINVAL, "msm: NULL argument");
    const cpu_group *g = bases->g;
    if (n > bases->n)
        return cpu_error(G16K_EINVAL, "msm %s: %llu scalars for %llu bases", g->name,
                         (unsigned long long)n, (unsigned long long)bases->n);
    if (!cpu_enc_valid(scalar_enc) || !cpu_enc_valid(result_enc))
        return cpu_error(G16K_EINVAL, "msm %s: bad encoding (scalars %u, result %u)", g->name,
                         scalar_enc, result_enc);
    uint32_t window = 0;
    uint32_t threads_req = 0;
    if (params) {
        if (params->struct_size < sizeof(g16k_msm_params))
            return cpu_error(G16K_EINVAL, "msm %s: g16k_msm_params struct_size %u < %zu", g->name,
                             params->struct_size, sizeof(g16k_msm_params));
        window = params->window;
        threads_req = params->threads;
    }
    if (window > CPU_MSM_MAX_WINDOW)
        return cpu_error(G16K_EINVAL, "msm %s: window %u > %u", g->name, window,
                         CPU_MSM_MAX_WINDOW);
    uint32_t threads = cpu_threads(bases->ctx, threads_req);

    _Alignas(64) uint8_t acc[sizeof(g2_jac_t)];
    if (n == 0) {
        g->jac_set_inf(acc);
        g->jac_encode(result, acc, result_enc);
        return G16K_OK;
    }
    uint64_t(*k)[4] = big_alloc(n * sizeof *k);
    if (!k)
        return cpu_error(G16K_ENOMEM, "msm %s: out of memory for %llu scalars", g->name,
                         (unsigned long long)n);
    uint64_t t = cpu_trace_begin();
    int st = cpu_fr_load_canon(k, scalars, n, scalar_enc, threads, "msm: scalar");
    cpu_trace_end("load scalars", t, NULL);
    if (st == G16K_OK)
        st = msm_split(g, bases->ctx, bases->points, bases->unaligned, k, n, window, threads, acc);
    if (st == G16K_OK)
        g->jac_encode(result, acc, result_enc);
    free(k);
    return st;
}

const g16k_msm_vtable CPU_SYM(cpu_msm_vtable) = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = cpu_bases_create,
    .bases_destroy = cpu_bases_destroy,
    .msm = cpu_msm,
    .bases_borrow = cpu_bases_borrow,
    .bases_borrow_unaligned = cpu_bases_borrow_unaligned,
};
