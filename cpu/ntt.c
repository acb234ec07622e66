/*
 * NTT of the CPU plugin over Fr on the snarkjs domain (plugin.h, FORMATS.md sections 0 and 6):
 * omega = w[log_n], coset generator g = w[log_n + 1], natural order in and out.
 *
 * Algorithm: radix-2 decimation-in-time Cooley-Tukey after a bit-reversal permutation (Cormen et
 * al., "Introduction to Algorithms", ITERATIVE-FFT). The first BLOCK_LOG stages run block by
 * block (2^BLOCK_LOG elements = 32 KiB stay in cache, one block per task); the later stages are
 * split over butterflies; butterflies with twiddle 1 skip their multiplication (about n of the
 * (n/2) log2 n). The inverse uses the table of omega^-k and a final scale by 1/n; coset
 * shifts multiply x[j] by s * g^j, with g^j generated per chunk (no n-sized table).
 * Twiddle tables (omega^k and omega^-k, k < n/2: n * 32 bytes together) are built once in
 * domain_create; a domain is read-only afterwards, so concurrent transforms on it are safe.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "threads.h"

#define MAX_LOG_N 31
#define BLOCK_LOG 10
#define MIN_GRAIN 2048           /* elements or butterflies per task: below that, stay inline */

struct g16k_ntt_domain {
    const g16k_plugin_ctx *ctx;
    uint32_t log_n;
    uint64_t n;
    fr_t *tw;                    /* n/2 entries: omega^k */
    fr_t *itw;                   /* n/2 entries: omega^-k */
    fr_t n_inv;                  /* 1/n */
    fr_t g;                      /* coset generator w[log_n + 1] */
    fr_t g_inv;
};

/* ---- element-wise passes ---- */

typedef struct pass {
    fr_t *x;
    const fr_t *y;               /* second operand (h pass) */
    const fr_t *z;               /* third operand (h pass) */
    uint8_t *out;                /* h pass output bytes */
    uint32_t out_enc;
    fr_t s;                      /* scale */
    fr_t g;                      /* geometric ratio */
    const g16k_ntt_domain *d;
} pass;

/* x[i] *= s * g^i, i in [begin, end): the chunk starts from g^begin. */
static void geom_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    pass *p = arg;
    fr_t f;
    fr_pow(&f, &p->g, &begin, 1);
    fr_mul(&f, &f, &p->s);
    for (uint64_t i = begin; i < end; i++) {
        fr_mul(&p->x[i], &p->x[i], &f);
        fr_mul(&f, &f, &p->g);
    }
}

static void scale_geom(fr_t *x, uint64_t n, const fr_t *s, const fr_t *g, uint32_t threads)
{
    pass p = {.x = x, .s = *s, .g = *g};
    cpu_parallel_for(threads, n, cpu_grain(n, threads, MIN_GRAIN), geom_range, &p);
}

/* ---- the transform proper ---- */

static uint64_t bitrev(uint64_t i, uint32_t log_n)
{
    uint64_t r = 0;
    for (uint32_t b = 0; b < log_n; b++)
        r |= ((i >> b) & 1) << (log_n - 1 - b);
    return r;
}

static void bitrev_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    pass *p = arg;
    uint32_t log_n = p->d->log_n;
    for (uint64_t i = begin; i < end; i++) {
        uint64_t j = bitrev(i, log_n);
        if (i < j) {   /* each pair is swapped once, by the owner of its smaller index */
            fr_t t = p->x[i];
            p->x[i] = p->x[j];
            p->x[j] = t;
        }
    }
}

/* The butterfly with twiddle 1 (j = 0 of every group): no multiplication. Saves about n of
 * the (n/2) log2 n multiplications (10% at 2^20). */
static inline void butterfly1(fr_t *x0, fr_t *x1)
{
    fr_t v = *x1;
    fr_sub(x1, x0, &v);
    fr_add(x0, x0, &v);
}

static inline void butterfly(fr_t *x0, fr_t *x1, const fr_t *w)
{
    fr_t v;
    fr_mul(&v, x1, w);
    fr_sub(x1, x0, &v);
    fr_add(x0, x0, &v);
}

typedef struct stage_job {
    fr_t *x;
    const fr_t *tw;
    uint32_t log_n;
    uint32_t log_block;          /* block stages: blocks of 2^log_block elements */
    uint32_t log_half;           /* big stages: butterfly distance 2^log_half */
} stage_job;

/* All stages with butterfly distance < block size, on blocks [begin, end). */
static void block_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    const stage_job *s = arg;
    uint64_t bs = (uint64_t)1 << s->log_block;
    for (uint64_t blk = begin; blk < end; blk++) {
        fr_t *x = s->x + blk * bs;
        for (uint32_t lh = 0; lh < s->log_block; lh++) {
            uint64_t half = (uint64_t)1 << lh;
            uint32_t tw_shift = s->log_n - lh - 1;   /* stride n / (2 half) */
            for (uint64_t grp = 0; grp < bs; grp += 2 * half) {
                butterfly1(&x[grp], &x[grp + half]);
                for (uint64_t j = 1; j < half; j++)
                    butterfly(&x[grp + j], &x[grp + j + half], &s->tw[j << tw_shift]);
            }
        }
    }
}

/* One stage with butterfly distance 2^log_half, butterflies [begin, end) of n/2. */
static void stage_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    const stage_job *s = arg;
    uint64_t half = (uint64_t)1 << s->log_half;
    uint32_t tw_shift = s->log_n - s->log_half - 1;
    for (uint64_t k = begin; k < end; k++) {
        uint64_t j = k & (half - 1);
        uint64_t i0 = ((k >> s->log_half) << (s->log_half + 1)) + j;
        if (j == 0)
            butterfly1(&s->x[i0], &s->x[i0 + half]);
        else
            butterfly(&s->x[i0], &s->x[i0 + half], &s->tw[j << tw_shift]);
    }
}

/* Unscaled DFT of x with the twiddle table tw (omega^k or omega^-k), natural order. */
static void dft(const g16k_ntt_domain *d, fr_t *x, const fr_t *tw, uint32_t threads)
{
    uint64_t n = d->n;
    if (n == 1)
        return;
    pass p = {.x = x, .d = d};
    cpu_parallel_for(threads, n, cpu_grain(n, threads, MIN_GRAIN), bitrev_range, &p);

    stage_job s = {.x = x, .tw = tw, .log_n = d->log_n};
    s.log_block = d->log_n < BLOCK_LOG ? d->log_n : BLOCK_LOG;
    uint64_t blocks = n >> s.log_block;
    cpu_parallel_for(threads, blocks, cpu_grain(blocks, threads, 1), block_range, &s);
    for (uint32_t lh = s.log_block; lh < d->log_n; lh++) {
        s.log_half = lh;
        cpu_parallel_for(threads, n / 2, cpu_grain(n / 2, threads, MIN_GRAIN), stage_range, &s);
    }
}

/* Transform of Montgomery-form x in place, dir already validated. */
static void transform_mont(const g16k_ntt_domain *d, fr_t *x, uint32_t dir, uint32_t threads)
{
    fr_t one = FR_ONE;
    switch (dir) {
    case G16K_NTT_FORWARD:
        dft(d, x, d->tw, threads);
        break;
    case G16K_NTT_INVERSE:
        dft(d, x, d->itw, threads);
        scale_geom(x, d->n, &d->n_inv, &one, threads);
        break;
    case G16K_NTT_FORWARD_COSET:
        scale_geom(x, d->n, &one, &d->g, threads);
        dft(d, x, d->tw, threads);
        break;
    case G16K_NTT_INVERSE_COSET:
        dft(d, x, d->itw, threads);
        scale_geom(x, d->n, &d->n_inv, &d->g_inv, threads);
        break;
    }
}

/* ---- vtable entries ---- */

typedef struct powers_job {
    fr_t *out;
    fr_t base;
} powers_job;

static void powers_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    powers_job *p = arg;
    fr_t f;
    fr_pow(&f, &p->base, &begin, 1);
    for (uint64_t i = begin; i < end; i++) {
        p->out[i] = f;
        fr_mul(&f, &f, &p->base);
    }
}

/* domain_create: see g16k_ntt_vtable. Memory: n * 32 bytes of twiddles (n = 2^log_n).
 * Errors: G16K_EINVAL (NULL out), G16K_EUNSUPPORTED (log_n > 31), G16K_ENOMEM. Thread-safe. */
static int cpu_domain_create(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out)
{
    if (!out)
        return cpu_error(G16K_EINVAL, "domain_create: NULL out");
    *out = NULL;
    if (log_n > MAX_LOG_N)
        return cpu_error(G16K_EUNSUPPORTED, "domain_create: log_n %u > %u", log_n, MAX_LOG_N);
    g16k_ntt_domain *d = calloc(1, sizeof *d);
    if (!d)
        return cpu_error(G16K_ENOMEM, "domain_create: out of memory");
    d->ctx = ctx;
    d->log_n = log_n;
    d->n = (uint64_t)1 << log_n;
    uint64_t half = d->n / 2;
    d->tw = malloc((half ? half : 1) * sizeof(fr_t));
    d->itw = malloc((half ? half : 1) * sizeof(fr_t));
    if (!d->tw || !d->itw) {
        free(d->tw);
        free(d->itw);
        free(d);
        return cpu_error(G16K_ENOMEM, "domain_create: out of memory for 2^%u twiddles", log_n);
    }
    uint32_t threads = cpu_threads(ctx, 0);
    fr_t omega;
    fr_root_of_unity(&omega, log_n);
    powers_job pj = {.out = d->tw, .base = omega};
    cpu_parallel_for(threads, half, cpu_grain(half, threads, MIN_GRAIN), powers_range, &pj);
    pj.out = d->itw;
    fr_inv(&pj.base, &omega);
    cpu_parallel_for(threads, half, cpu_grain(half, threads, MIN_GRAIN), powers_range, &pj);
    fr_set_u64(&d->n_inv, d->n);
    fr_inv(&d->n_inv, &d->n_inv);
    fr_root_of_unity(&d->g, log_n + 1);
    fr_inv(&d->g_inv, &d->g);
    *out = d;
    return G16K_OK;
}

/* domain_destroy: frees the domain; NULL is a no-op. */
static void cpu_domain_destroy(g16k_ntt_domain *domain)
{
    if (!domain)
        return;
    free(domain->tw);
    free(domain->itw);
    free(domain);
}

static int check_buf(const void *p, const char *call, const char *name)
{
    if (!p)
        return cpu_error(G16K_EINVAL, "%s: NULL %s", call, name);
    if ((uintptr_t)p % _Alignof(fr_t) != 0)
        return cpu_error(G16K_EINVAL, "%s: %s is not 8-byte aligned", call, name);
    return G16K_OK;
}

/* transform: see g16k_ntt_vtable. data: n elements (n * 32 bytes, 8-byte aligned, every value
 * < r) in enc, transformed in place, same encoding out. Threads: [plugin.cpu] threads or
 * host->threads. Concurrent calls on one domain (different data) are safe.
 * Errors: G16K_EINVAL (NULL or misaligned data, dir, enc, a value >= r; data is then unchanged
 * for Montgomery input, and possibly partly converted for canonical input). */
static int cpu_transform(g16k_ntt_domain *domain, void *data, uint32_t dir, uint32_t enc)
{
    if (!domain)
        return cpu_error(G16K_EINVAL, "transform: NULL domain");
    int st = check_buf(data, "transform", "data");
    if (st != G16K_OK)
        return st;
    if (dir < G16K_NTT_FORWARD || dir > G16K_NTT_INVERSE_COSET)
        return cpu_error(G16K_EINVAL, "transform: bad direction %u", dir);
    if (!cpu_enc_valid(enc))
        return cpu_error(G16K_EINVAL, "transform: bad encoding %u", enc);
    uint32_t threads = cpu_threads(domain->ctx, 0);
    fr_t *x = data;
    st = cpu_fr_load(x, data, domain->n, enc, threads, "transform: data");
    if (st != G16K_OK)
        return st;
    transform_mont(domain, x, dir, threads);
    if (enc == G16K_ENC_CANONICAL)
        cpu_fr_store(data, x, domain->n, enc, threads);
    return G16K_OK;
}

static void h_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    pass *p = arg;
    for (uint64_t i = begin; i < end; i++) {
        fr_t t;
        fr_mul(&t, &p->x[i], &p->y[i]);
        fr_sub(&t, &t, &p->z[i]);
        uint8_t tmp[FR_BYTES];
        if (p->out_enc == G16K_ENC_CANONICAL)
            fr_to_bytes_canon(tmp, &t);
        else
            fr_to_bytes_mont(tmp, &t);
        memcpy(p->out + i * FR_BYTES, tmp, sizeof tmp);
    }
}

/* compute_h: see g16k_ntt_vtable (snarkjs groth16_prove.js: IFFT, batchApplyKey(inc), FFT,
 * joinABC). a, b, c: n elements each in enc, 8-byte aligned, overwritten with their coset
 * evaluations (Montgomery form). h: n elements written in h_enc; h may alias a, must not
 * overlap b or c otherwise. Errors: G16K_EINVAL (NULL, misaligned, encodings, value >= r). */
static int cpu_compute_h(g16k_ntt_domain *domain, void *a, void *b, void *c, uint32_t enc,
                         void *h, uint32_t h_enc)
{
    if (!domain || !h)
        return cpu_error(G16K_EINVAL, "compute_h: NULL argument");
    void *v[3] = {a, b, c};
    static const char *const names[3] = {"a", "b", "c"};
    static const char *const whats[3] = {"compute_h: a", "compute_h: b", "compute_h: c"};
    for (int k = 0; k < 3; k++) {
        int st = check_buf(v[k], "compute_h", names[k]);
        if (st != G16K_OK)
            return st;
    }
    if (!cpu_enc_valid(enc) || !cpu_enc_valid(h_enc))
        return cpu_error(G16K_EINVAL, "compute_h: bad encoding (in %u, h %u)", enc, h_enc);
    uint32_t threads = cpu_threads(domain->ctx, 0);
    uint64_t n = domain->n;
    for (int k = 0; k < 3; k++) {
        int st = cpu_fr_load(v[k], v[k], n, enc, threads, whats[k]);
        if (st != G16K_OK)
            return st;
    }
    for (int k = 0; k < 3; k++) {
        /* INVERSE then FORWARD_COSET, with 1/n and g^j folded into one pass. */
        dft(domain, v[k], domain->itw, threads);
        scale_geom(v[k], n, &domain->n_inv, &domain->g, threads);
        dft(domain, v[k], domain->tw, threads);
    }
    pass p = {.x = a, .y = b, .z = c, .out = h, .out_enc = h_enc};
    cpu_parallel_for(threads, n, cpu_grain(n, threads, MIN_GRAIN), h_range, &p);
    return G16K_OK;
}

const g16k_ntt_vtable cpu_ntt_vtable = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = cpu_domain_create,
    .domain_destroy = cpu_domain_destroy,
    .transform = cpu_transform,
    .compute_h = cpu_compute_h,
};
