/*
 * NTT of the CPU plugin over Fr on the snarkjs domain (plugin.h, docs/proving.md, "The domain"; docs/proving.md, "The prover"):
 * omega = w[log_n], coset generator g = w[log_n + 1], natural order in and out.
 *
 * Algorithm: radix-2 butterflies (Cooley and Tukey 1965; Gentleman and Sande 1966), cache-blocked
 * as in Bailey's "FFTs in external or hierarchical memory" (J. Supercomputing 4, 1990): the
 * array is cut into rows, the stages spanning rows run on column tiles copied into a contiguous
 * scratch tile, the rest inside each row, recursively down to 32 KiB leaves; two sweeps over the
 * data at 2^20 (see "the transform proper" below). Twiddles come from per-stage tables read in
 * order (the inverse reads them backwards, negated: omega_2h^-j = -omega_2h^(h-j)).
 *   transform: a DIF (natural in, bit-reversed out), then one bit-reversal pass that also
 *     applies 1/n for the inverse; coset shifts multiply x[j] by s * g^j (g^j per chunk).
 *   compute_h: per vector an inverse DIF (natural -> bit-reversed coefficients) whose leaves
 *     also scale by n_inv g^j (factors from two small tables, 2^10 + n/2^10 entries), then a
 *     forward DIT (bit-reversed -> natural coset values): no permutation pass at all.
 * Measured (g16k bench ntt --log-n 20, shared 2-core EPYC VM, quiet spell, medians of 3 runs,
 * old and new alternated): h_chain 2.60 -> 2.35 s on 1 thread, 1.36 -> 1.25 s on 2; forward
 * unchanged at ~0.41 / ~0.22 s. The bound (n/2) log2 n fr_mul at 23 ns is 0.24 s per transform
 * on one thread. Butterflies inlined with their twiddle-1 and inverse cases hoisted out of the
 * loops, and fr_mul in registers (fr_inline.h): forward 1 thread ~0.52 -> ~0.46 s median
 * (min 0.39 -> 0.37), 2 threads 0.264 -> 0.246 s (5 and 4 runs interleaved with the old
 * build, a noisy spell); the inlining alone measured no gain, the register fr_mul gave it.
 * In place (no scratch tile) the column pass ran twice as slowly: its rows lie 32 KiB apart
 * and map onto the same cache sets.
 * Lanes kernels. Where the plugin uses AVX-512 IFMA (ctx->use_ifma) and n >= 8, every tile and
 * leaf goes to arith/ifma's fr_ifma_ntt_cols / fr_ifma_ntt_leaf (ifma.h): Fr in 5 limbs of 52
 * bits, eight butterflies at a time, twiddles kept in that library's tw52 form; the same
 * blocking, the same fully reduced results bit for bit (tests/cpu runs both paths against the
 * same reference). Measured (bench ntt --log-n 20, one thread, this 2-core Zen 5 VM, portable /
 * lanes): forward 0.266 / 0.083 s, h_chain 1.62 / 0.386 s; in a cached 2^20 proof on 2 threads
 * the NTT phase went 0.85 -> 0.20 s.
 * Tables (n + 2^10 + n/2^10 entries, ~n * 32 bytes; 40 bytes an entry in tw52 form) are built
 * once in domain_create; a domain is read-only afterwards, so concurrent transforms on it are
 * safe. Scratch: one 256 KiB tile per worker per job (without memory, the column pass runs in
 * place, slower, same results), or 320 KiB for the lanes kernels, which need it.
 */
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "ifma.h"
#include "internal.h"
#include "platform/big_alloc.h"
#include "platform/parallel.h"
#include "mont/mont.h"
#ifndef CPU_CURVE_BN254 /* fr_sel.h includes BN254's */
#include "bls12_381/fr_inline.h"
#endif

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_ntt_domain_create_fn cpu_domain_create;
static g16k_ntt_domain_destroy_fn cpu_domain_destroy;
static g16k_ntt_transform_fn cpu_transform;
static g16k_ntt_compute_h_fn cpu_compute_h;

#define MAX_LOG_N (CPU_FR_TWO_ADICITY - 1)
/* Leaf blocks: 2^10 elements = 32 KiB, all their stages in L1. The test build of the plugin
 * sets CPU_NTT_LEAF_LOG=3 (cpu/CMakeLists.txt) so that small sizes run every blocking level;
 * COLS must stay <= 2^LEAF_LOG. */
#ifdef CPU_NTT_LEAF_LOG
#define LEAF_LOG CPU_NTT_LEAF_LOG
#else
#define LEAF_LOG 10
#endif
#define COLS 8 /* columns per tile of a column pass: 8 elements = 256 B a row */
/* The lanes kernels take a tile's 8 columns as their 8 lanes, and rows and leaves in whole
 * lanes blocks of 8 elements. */
_Static_assert(COLS == 8 && LEAF_LOG >= 3, "the lanes kernels need 8 columns and leaves >= 8");
#define MIN_GRAIN 2048 /* elements per task of the element-wise passes */

struct g16k_ntt_domain {
    const g16k_plugin_ctx *ctx;
    uint32_t log_n;
    uint32_t leaf_log; /* min(log_n, LEAF_LOG) */
    uint64_t n;
    fr_t *tw;       /* max(n, 2) entries, per-stage tables: tw[h + j] = omega_2h^j
                                    for h = 2^s < n, j < h (omega_2h = omega^(n / 2h)); tw[0]
                                    unused. Inverse twiddles: omega_2h^-j = -tw[2h - j], j > 0. */
    fr_t *coset_lo; /* 2^leaf_log entries: G^bitrev_leaf(t), G = g^(n / 2^leaf_log) */
    fr_t *coset_hi; /* n / 2^leaf_log entries: n_inv * g^bitrev_(log_n - leaf)(b) */
    /* With AVX-512 IFMA (ctx->use_ifma, n >= 8) the butterflies run on arith/ifma's lanes
     * kernels, and the three tables above are kept in their tw52 form (ifma.h) instead, NULL
     * then: tw52 n + 8 entries (the last block padding the inverse reads), coset_lo52, and
     * coset_hi52 padded to a multiple of 8. */
    uint64_t *tw52, *coset_lo52, *coset_hi52;
    fr_t n_inv; /* 1/n */
    fr_t g;     /* coset generator w[log_n + 1] */
    fr_t g_inv;
};

/* ---- inline Fr addition and subtraction (inputs and outputs fully reduced, < r) ----
 * The core's fr_add/fr_sub are calls of about 5 ns here, a fifth of a butterfly; these inline
 * carry chains (_addcarry_u64/_subborrow_u64 compile to adc/sbb; unsigned __int128 made GCC
 * spill every limb) give the same unique reduced values. r < 2^255: a + b never carries out. */

static inline void fr_add_in(fr_t *out, const fr_t *a, const fr_t *b)
{
    unsigned long long s0, s1, s2, s3, u0, u1, u2, u3;
    unsigned char c = _addcarry_u64(0, a->l[0], b->l[0], &s0);
    c = _addcarry_u64(c, a->l[1], b->l[1], &s1);
    c = _addcarry_u64(c, a->l[2], b->l[2], &s2);
    (void)_addcarry_u64(c, a->l[3], b->l[3], &s3);
    unsigned char br = _subborrow_u64(0, s0, FR_MODULUS.l[0], &u0);
    br = _subborrow_u64(br, s1, FR_MODULUS.l[1], &u1);
    br = _subborrow_u64(br, s2, FR_MODULUS.l[2], &u2);
    br = _subborrow_u64(br, s3, FR_MODULUS.l[3], &u3);
    int keep = br; /* s < r: keep s */
    out->l[0] = keep ? s0 : u0;
    out->l[1] = keep ? s1 : u1;
    out->l[2] = keep ? s2 : u2;
    out->l[3] = keep ? s3 : u3;
}

static inline void fr_sub_in(fr_t *out, const fr_t *a, const fr_t *b)
{
    unsigned long long s0, s1, s2, s3;
    unsigned char br = _subborrow_u64(0, a->l[0], b->l[0], &s0);
    br = _subborrow_u64(br, a->l[1], b->l[1], &s1);
    br = _subborrow_u64(br, a->l[2], b->l[2], &s2);
    br = _subborrow_u64(br, a->l[3], b->l[3], &s3);
    uint64_t mask = 0 - (uint64_t)br; /* a < b: add r back */
    unsigned char c = _addcarry_u64(0, s0, FR_MODULUS.l[0] & mask, &s0);
    c = _addcarry_u64(c, s1, FR_MODULUS.l[1] & mask, &s1);
    c = _addcarry_u64(c, s2, FR_MODULUS.l[2] & mask, &s2);
    (void)_addcarry_u64(c, s3, FR_MODULUS.l[3] & mask, &s3);
    out->l[0] = s0;
    out->l[1] = s1;
    out->l[2] = s2;
    out->l[3] = s3;
}

/* ---- element-wise passes ---- */

typedef struct pass {
    fr_t *x;
    const fr_t *y; /* second operand (h pass) */
    const fr_t *z; /* third operand (h pass) */
    uint8_t *out;  /* h pass output bytes */
    uint32_t out_enc;
    int scale; /* bitrev pass: also multiply by s */
    fr_t s;    /* scale */
    fr_t g;    /* geometric ratio */
    const g16k_ntt_domain *d;
} pass;

/* x[i] *= s * g^i, i in [begin, end): the chunk starts from g^begin. */
static void geom_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    pass *p = arg;
    fr_t f;
    fr_pow(&f, &p->g, &begin, 1);
    fri_mul(&f, &f, &p->s);
    for (uint64_t i = begin; i < end; i++) {
        fri_mul(&p->x[i], &p->x[i], &f);
        fri_mul(&f, &f, &p->g);
    }
}

static void scale_geom(fr_t *x, uint64_t n, const fr_t *s, const fr_t *g, uint32_t threads)
{
    pass p = { .x = x, .s = *s, .g = *g };
    par_for(threads, n, par_grain(n, threads, MIN_GRAIN), geom_range, &p);
}

/* The low `bits` bits of i reversed (bits <= 63; 0 bits -> 0). */
static uint64_t bitrev(uint64_t i, uint32_t bits)
{
    if (bits == 0)
        return 0;
    i = ((i >> 1) & 0x5555555555555555u) | ((i & 0x5555555555555555u) << 1);
    i = ((i >> 2) & 0x3333333333333333u) | ((i & 0x3333333333333333u) << 2);
    i = ((i >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((i & 0x0f0f0f0f0f0f0f0fu) << 4);
    return __builtin_bswap64(i) >> (64 - bits);
}

/* Bit-reversal permutation, optionally times the constant s. */
static void bitrev_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    pass *p = arg;
    uint32_t log_n = p->d->log_n;
    for (uint64_t i = begin; i < end; i++) {
        uint64_t j = bitrev(i, log_n);
        if (i < j) { /* each pair is swapped once, by the owner of its smaller index */
            fr_t t = p->x[i];
            p->x[i] = p->x[j];
            p->x[j] = t;
            if (p->scale) {
                fri_mul(&p->x[i], &p->x[i], &p->s);
                fri_mul(&p->x[j], &p->x[j], &p->s);
            }
        } else if (i == j && p->scale) {
            fri_mul(&p->x[i], &p->x[i], &p->s);
        }
    }
}

static void permute(const g16k_ntt_domain *d, fr_t *x, const fr_t *s, uint32_t threads)
{
    pass p = { .x = x, .d = d, .scale = s != NULL };
    if (s)
        p.s = *s;
    par_for(threads, d->n, par_grain(d->n, threads, MIN_GRAIN), bitrev_range, &p);
}

/* ---- the transform proper ----
 * Two radix-2 kernels on the per-stage twiddle tables, both cache-blocked the same way: an
 * array of 2^log_m elements is seen as R = 2^k rows of S = 2^(log_m - k) columns; the k stages
 * whose butterflies span rows run as a "column pass", tile by tile (R rows x COLS adjacent
 * columns, 256 KiB at k = 10, in L2), and the other stages run inside each row, which is a
 * contiguous sub-array handled the same way until it fits a leaf block (L1). At 2^20 that is
 * two sweeps over the data instead of twenty; at 2^28, three.
 *   DIF (Gentleman-Sande, (a, b) <- (a + b, (a - b) w)): natural order in, bit-reversed out.
 *   DIT (Cooley-Tukey, (a, b) <- (a + w b, a - w b)): bit-reversed in, natural order out.
 * Butterflies with twiddle 1 (j = 0) skip their multiplication: about n of the (n/2) log2 n. */

typedef struct ntt_job {
    const g16k_ntt_domain *d;
    fr_t *x;
    int inv;        /* DIF only: inverse twiddles (omega^-1) */
    int coset;      /* DIF only: leaves end with x[i] *= n_inv g^bitrev(i) */
    uint32_t log_s; /* top level: rows are 2^log_s elements */
    uint32_t k;     /* top level: 2^k rows */
    int mode;       /* lanes kernels: FR_IFMA_DIF, _DIF_INV or _DIT (ifma.h) */
    uint32_t threads;
    uint64_t tiles, rows; /* top level: column tiles and rows; 0 when the array is one leaf */
    uint8_t *scratch;     /* scratch_bytes per worker: one column tile (fr_t) or the lanes copy
                             of one (ifma.h); NULL when out of memory (portable kernels only) */
    size_t scratch_bytes;
} ntt_job;

static uint32_t split(uint32_t log_m)
{
    uint32_t k = log_m - LEAF_LOG;
    return k < LEAF_LOG ? k : LEAF_LOG;
}

/* Butterflies, always inlined (MONT_INLINE of mont.h), with the twiddle-1 and inverse cases
 * chosen once per run of butterflies instead of in each. w is the butterfly's twiddle. */

/* Gentleman-Sande: (a, b) <- (a + b, (a - b) w). */
MONT_INLINE void gs_fwd(fr_t *a, fr_t *b, const fr_t *w)
{
    fr_t u = *a, v = *b, t;
    fr_add_in(a, &u, &v);
    fr_sub_in(&t, &u, &v);
    fri_mul(b, &t, w);
}

/* Gentleman-Sande with the inverse twiddle omega_2h^-j = -tw[2h - j]: b <- (b - a) tw[2h - j]. */
MONT_INLINE void gs_inv(fr_t *a, fr_t *b, const fr_t *w)
{
    fr_t u = *a, v = *b, t;
    fr_add_in(a, &u, &v);
    fr_sub_in(&t, &v, &u);
    fri_mul(b, &t, w);
}

/* Twiddle 1: (a, b) <- (a + b, a - b). */
MONT_INLINE void bf_one(fr_t *a, fr_t *b)
{
    fr_t u = *a, v = *b;
    fr_add_in(a, &u, &v);
    fr_sub_in(b, &u, &v);
}

/* Cooley-Tukey (forward only): (a, b) <- (a + b w, a - b w). */
MONT_INLINE void ct_fwd(fr_t *a, fr_t *b, const fr_t *w)
{
    fr_t u = *a, v;
    fri_mul(&v, b, w);
    fr_add_in(a, &u, &v);
    fr_sub_in(b, &u, &v);
}

/* One Gentleman-Sande stage row: butterflies (a[j], b[j]) for j in [0, cnt) with twiddle
 * indices j0 + j of the stage of span h (index 0 is the twiddle 1). Strides: a and b are
 * consecutive elements. */
MONT_INLINE void gs_run(fr_t *a, fr_t *b, uint64_t cnt, const fr_t *tw, uint64_t h, uint64_t j0,
                        int inv)
{
    uint64_t j = 0;
    if (j0 == 0 && cnt) {
        bf_one(&a[0], &b[0]);
        j = 1;
    }
    if (inv)
        for (; j < cnt; j++)
            gs_inv(&a[j], &b[j], &tw[2 * h - (j0 + j)]);
    else
        for (; j < cnt; j++)
            gs_fwd(&a[j], &b[j], &tw[h + j0 + j]);
}

MONT_INLINE void ct_run(fr_t *a, fr_t *b, uint64_t cnt, const fr_t *tw, uint64_t h, uint64_t j0)
{
    uint64_t j = 0;
    if (j0 == 0 && cnt) {
        bf_one(&a[0], &b[0]);
        j = 1;
    }
    for (; j < cnt; j++)
        ct_fwd(&a[j], &b[j], &tw[h + j0 + j]);
}

/* All stages of one leaf block x (m elements, the leaf with index blk of the whole array). */
static void dif_leaf(const ntt_job *J, fr_t *x, uint64_t m, uint64_t blk, void *scratch)
{
    const g16k_ntt_domain *d = J->d;
    if (d->tw52) {
        fr_ifma_ntt_leaf(x, (uint32_t)__builtin_ctzll(m), d->tw52, J->mode,
                         J->coset ? d->coset_lo52 : NULL, d->coset_hi52, blk, scratch);
        return;
    }
    const fr_t *tw = d->tw;
    for (uint64_t h = m / 2; h >= 1; h /= 2)
        for (uint64_t g = 0; g < m; g += 2 * h)
            gs_run(&x[g], &x[g + h], h, tw, h, 0, J->inv);
    if (J->coset) {
        const fr_t *lo = J->d->coset_lo, *hi = &J->d->coset_hi[blk];
        for (uint64_t t = 0; t < m; t++) {
            fr_t f;
            fri_mul(&f, &lo[t], hi);
            fri_mul(&x[t], &x[t], &f);
        }
    }
}

static void dit_leaf(const ntt_job *J, fr_t *x, uint64_t m, void *scratch)
{
    if (J->d->tw52) {
        fr_ifma_ntt_leaf(x, (uint32_t)__builtin_ctzll(m), J->d->tw52, J->mode, NULL, NULL, 0,
                         scratch);
        return;
    }
    const fr_t *tw = J->d->tw;
    for (uint64_t h = 1; h < m; h *= 2)
        for (uint64_t g = 0; g < m; g += 2 * h)
            ct_run(&x[g], &x[g + h], h, tw, h, 0);
}

/* The stages spanning rows, on one tile: R rows x COLS columns c0.. of an array of rows of S
 * elements. The tile is copied into scratch (R * COLS elements, contiguous) and back, because
 * the rows lie a power of two apart (2^10 * 32 B at 2^20) and would all fall into the same few
 * cache sets: in place, the pass ran twice as slowly as the old stage-by-stage code. Element
 * (r, c) of the tile is t[r * ld + c] (ld = COLS in scratch, S in place); its twiddle index is
 * r * S + c0 + c. */
static void dif_tile(const ntt_job *J, fr_t *t, uint64_t ld, uint64_t S, uint64_t R, uint64_t c0)
{
    const fr_t *tw = J->d->tw;
    for (uint64_t hr = R / 2; hr >= 1; hr /= 2) {
        uint64_t h = hr * S;
        for (uint64_t g = 0; g < R; g += 2 * hr)
            for (uint64_t r = 0; r < hr; r++) {
                fr_t *p = t + (g + r) * ld;
                gs_run(p, p + hr * ld, COLS, tw, h, r * S + c0, J->inv);
            }
    }
}

static void dit_tile(const ntt_job *J, fr_t *t, uint64_t ld, uint64_t S, uint64_t R, uint64_t c0)
{
    const fr_t *tw = J->d->tw;
    for (uint64_t hr = 1; hr < R; hr *= 2) {
        uint64_t h = hr * S;
        for (uint64_t g = 0; g < R; g += 2 * hr)
            for (uint64_t r = 0; r < hr; r++) {
                fr_t *p = t + (g + r) * ld;
                ct_run(p, p + hr * ld, COLS, tw, h, r * S + c0);
            }
    }
}

typedef void tile_fn(const ntt_job *, fr_t *, uint64_t, uint64_t, uint64_t, uint64_t);

/* The column pass over tiles [b0, b1) of x (R rows of S elements); scratch: R * COLS
 * elements, or NULL to work in place (slower, only when memory ran out); the lanes kernel's
 * copy of a tile (never NULL there). */
static void cols(const ntt_job *J, tile_fn *fn, fr_t *x, uint64_t S, uint64_t R, uint64_t b0,
                 uint64_t b1, void *scratch_mem)
{
    fr_t *scratch = scratch_mem;
    for (uint64_t b = b0; b < b1; b++) {
        uint64_t c0 = b * COLS;
        if (J->d->tw52) {
            fr_ifma_ntt_cols(x + c0, S, R, S, c0, J->d->tw52, J->mode, scratch_mem);
            continue;
        }
        if (!scratch) {
            fn(J, x + c0, S, S, R, c0);
            continue;
        }
        for (uint64_t r = 0; r < R; r++)
            memcpy(scratch + r * COLS, x + r * S + c0, COLS * sizeof(fr_t));
        fn(J, scratch, COLS, S, R, c0);
        for (uint64_t r = 0; r < R; r++)
            memcpy(x + r * S + c0, scratch + r * COLS, COLS * sizeof(fr_t));
    }
}

/* DIF of the sub-array x of 2^log_m elements starting at element `off`, on this thread. */
static void dif_rec(const ntt_job *J, fr_t *x, uint32_t log_m, uint64_t off, void *scratch)
{
    uint32_t leaf = J->d->leaf_log;
    if (log_m <= leaf) {
        dif_leaf(J, x, (uint64_t)1 << log_m, off >> leaf, scratch);
        return;
    }
    uint32_t k = split(log_m);
    uint64_t S = (uint64_t)1 << (log_m - k), R = (uint64_t)1 << k;
    cols(J, dif_tile, x, S, R, 0, S / COLS, scratch);
    for (uint64_t b = 0; b < R; b++)
        dif_rec(J, x + b * S, log_m - k, off + b * S, scratch);
}

static void dit_rec(const ntt_job *J, fr_t *x, uint32_t log_m, void *scratch)
{
    if (log_m <= J->d->leaf_log) {
        dit_leaf(J, x, (uint64_t)1 << log_m, scratch);
        return;
    }
    uint32_t k = split(log_m);
    uint64_t S = (uint64_t)1 << (log_m - k), R = (uint64_t)1 << k;
    for (uint64_t b = 0; b < R; b++)
        dit_rec(J, x + b * S, log_m - k, scratch);
    cols(J, dit_tile, x, S, R, 0, S / COLS, scratch);
}

/* Scratch of worker w, or NULL. */
static void *scratch_of(const ntt_job *J, uint32_t w)
{
    return J->scratch ? J->scratch + (size_t)w * J->scratch_bytes : NULL;
}

/* Top level tasks: column tiles [begin, end) of the whole array, or rows [begin, end). */
static void dif_tiles(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    const ntt_job *J = arg;
    cols(J, dif_tile, J->x, (uint64_t)1 << J->log_s, (uint64_t)1 << J->k, begin, end,
         scratch_of(J, worker));
}

static void dit_tiles(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    const ntt_job *J = arg;
    cols(J, dit_tile, J->x, (uint64_t)1 << J->log_s, (uint64_t)1 << J->k, begin, end,
         scratch_of(J, worker));
}

static void dif_rows(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    const ntt_job *J = arg;
    for (uint64_t b = begin; b < end; b++)
        dif_rec(J, J->x + (b << J->log_s), J->log_s, b << J->log_s, scratch_of(J, worker));
}

static void dit_rows(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    const ntt_job *J = arg;
    for (uint64_t b = begin; b < end; b++)
        dit_rec(J, J->x + (b << J->log_s), J->log_s, scratch_of(J, worker));
}

/* Start a job on domain d: split the whole array into 2^k rows (when it is larger than a leaf)
 * and give each worker its scratch: a column tile of the portable kernels (2^LEAF_LOG * COLS
 * elements, 256 KiB), or the lanes copy of one (5 words an element, 320 KiB), which also holds
 * a leaf's. One job serves any number of transforms on d; job_end frees it. G16K_OK, or
 * G16K_ENOMEM when the lanes kernels find no scratch (the portable ones work in place then). */
static int job_start(ntt_job *J, const g16k_ntt_domain *d, uint32_t threads)
{
    *J = (ntt_job){ .d = d, .threads = threads };
    uint32_t workers = 1;
    if (d->log_n > d->leaf_log) {
        J->k = split(d->log_n);
        J->log_s = d->log_n - J->k;
        J->tiles = ((uint64_t)1 << J->log_s) / COLS;
        J->rows = (uint64_t)1 << J->k;
        uint32_t w1 = par_workers(threads, J->tiles, par_grain(J->tiles, threads, 1));
        uint32_t w2 = par_workers(threads, J->rows, par_grain(J->rows, threads, 1));
        workers = w1 > w2 ? w1 : w2;
    }
    if (!J->rows && !d->tw52)
        return G16K_OK; /* one leaf on the portable kernels: no tile to copy */
    size_t elem = d->tw52 ? FR_IFMA_BLOCK_WORDS * sizeof(uint64_t) : COLS * sizeof(fr_t);
    J->scratch_bytes = ((size_t)1 << LEAF_LOG) * elem;
    J->scratch = aligned_alloc(64, workers * J->scratch_bytes);
    if (!J->scratch && d->tw52)
        return cpu_error(G16K_ENOMEM, "NTT: out of memory for %u scratch tiles of %zu bytes",
                         workers, J->scratch_bytes);
    return G16K_OK;
}

static void job_end(ntt_job *J)
{
    free(J->scratch);
    J->scratch = NULL;
}

/* Unscaled DIF of x (natural in, bit-reversed out); inv: with omega^-1; coset: then times
 * n_inv g^bitrev(i) at position i (the scaling compute_h needs between its transforms). */
static void dif(ntt_job *J, fr_t *x, int inv, int coset)
{
    J->x = x;
    J->inv = inv;
    J->coset = coset;
    J->mode = inv ? FR_IFMA_DIF_INV : FR_IFMA_DIF;
    if (!J->rows) {
        dif_leaf(J, x, J->d->n, 0, J->scratch);
        return;
    }
    par_for(J->threads, J->tiles, par_grain(J->tiles, J->threads, 1), dif_tiles, J);
    par_for(J->threads, J->rows, par_grain(J->rows, J->threads, 1), dif_rows, J);
}

/* Unscaled forward DIT of x (bit-reversed in, natural out). */
static void dit(ntt_job *J, fr_t *x)
{
    J->x = x;
    J->mode = FR_IFMA_DIT;
    if (!J->rows) {
        dit_leaf(J, x, J->d->n, J->scratch);
        return;
    }
    par_for(J->threads, J->rows, par_grain(J->rows, J->threads, 1), dit_rows, J);
    par_for(J->threads, J->tiles, par_grain(J->tiles, J->threads, 1), dit_tiles, J);
}

/* Transform of Montgomery-form x in place on a started job, dir already validated: DIF, then
 * the bit-reversal pass (which also applies 1/n for the plain inverse). */
static void transform_mont(ntt_job *J, fr_t *x, uint32_t dir)
{
    const g16k_ntt_domain *d = J->d;
    fr_t one = FR_ONE;
    if (dir == G16K_NTT_FORWARD_COSET)
        scale_geom(x, d->n, &one, &d->g, J->threads);
    dif(J, x, dir == G16K_NTT_INVERSE || dir == G16K_NTT_INVERSE_COSET, 0);
    permute(d, x, dir == G16K_NTT_INVERSE ? &d->n_inv : NULL, J->threads);
    if (dir == G16K_NTT_INVERSE_COSET)
        scale_geom(x, d->n, &d->n_inv, &d->g_inv, J->threads);
}

/* ---- the domain's tables in tw52 form (ifma.h) ---- */

/* Words of a tw52 table of `entries` entries, rounded up to whole blocks of 8. */
static size_t tw52_words(uint64_t entries)
{
    return (size_t)((entries + 7) / 8) * FR_IFMA_BLOCK_WORDS;
}

/* Limb j of tw52 entry e (the layout of ifma.h). */
static uint64_t *tw52_limb(uint64_t *tw52, uint64_t e, int j)
{
    return tw52 + (e / 8) * FR_IFMA_BLOCK_WORDS + 8 * j + e % 8;
}

/* tw52 entries e0 .. e0 + cnt - 1 (cnt <= 8, any e0) = v[0..cnt) given as reference fr_t. */
static void tw52_set(uint64_t *tw52, uint64_t e0, const fr_t *v, uint64_t cnt)
{
    fr_t in[8];
    uint64_t blk[FR_IFMA_BLOCK_WORDS];
    memset(in, 0, sizeof in);
    memcpy(in, v, cnt * sizeof *v);
    fr_ifma_tw_from_mont(blk, in, 8);
    for (uint64_t i = 0; i < cnt; i++)
        for (int j = 0; j < FR_IFMA_LIMBS; j++)
            *tw52_limb(tw52, e0 + i, j) = blk[8 * j + i];
}

/* tw52 entry dst = entry src. */
static void tw52_copy(uint64_t *tw52, uint64_t dst, uint64_t src)
{
    for (int j = 0; j < FR_IFMA_LIMBS; j++)
        *tw52_limb(tw52, dst, j) = *tw52_limb(tw52, src, j);
}

/* The whole table of count reference values into a new tw52 table (NULL without memory). */
static uint64_t *tw52_from(const fr_t *v, uint64_t count)
{
    uint64_t *t = big_alloc(tw52_words(count) * sizeof(uint64_t));
    if (t)
        for (uint64_t i = 0; i < count; i += 8)
            tw52_set(t, i, v + i, count - i < 8 ? count - i : 8);
    return t;
}

typedef struct powers_job {
    fr_t *out;      /* portable: out[i] = base^i */
    uint64_t *tw52; /* lanes: entry off + i = base^i */
    uint64_t off;
    fr_t base;
} powers_job;

static void powers_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    powers_job *p = arg;
    fr_t f, buf[8];
    fr_pow(&f, &p->base, &begin, 1);
    for (uint64_t i = begin; i < end; i += 8) { /* 8 powers at a time, into out or tw52 */
        uint64_t cnt = end - i < 8 ? end - i : 8;
        fr_t *dst = p->out ? p->out + i : buf;
        for (uint64_t t = 0; t < cnt; t++) {
            dst[t] = f;
            fri_mul(&f, &f, &p->base);
        }
        if (!p->out)
            tw52_set(p->tw52, p->off + i, buf, cnt);
    }
}

/* out[t] = table[bitrev(t, bits)] for t < 2^bits, table[i] = s * base^i built in out's place
 * first (sequential powers, then the in-place permutation). */
static void bitrev_powers(fr_t *out, uint32_t bits, const fr_t *base, const fr_t *s)
{
    uint64_t m = (uint64_t)1 << bits;
    fr_t f = *s;
    for (uint64_t i = 0; i < m; i++) {
        out[i] = f;
        fri_mul(&f, &f, base);
    }
    for (uint64_t i = 0; i < m; i++) {
        uint64_t j = bitrev(i, bits);
        if (i < j) {
            fr_t t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
    }
}

static void domain_free(g16k_ntt_domain *d)
{
    free(d->tw);
    free(d->coset_lo);
    free(d->coset_hi);
    free(d->tw52);
    free(d->coset_lo52);
    free(d->coset_hi52);
    free(d);
}

/* domain_create: see g16k_ntt_vtable. Memory: n * 32 bytes of twiddles (n = 2^log_n) plus
 * (2^10 + n / 2^10) * 32 bytes of coset factors; with the lanes kernels (IFMA) 40 bytes an entry
 * instead (tw52). Errors: G16K_EINVAL (NULL out), G16K_EUNSUPPORTED (log_n > 31),
 * G16K_ENOMEM. Thread-safe. */
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
    d->leaf_log = log_n < LEAF_LOG ? log_n : LEAF_LOG;
    uint64_t n = d->n, half = n / 2;
    /* the lanes kernels need a leaf of at least 8 elements */
    int lanes = ctx && ctx->use_ifma && log_n >= 3;
    uint64_t nlo = (uint64_t)1 << d->leaf_log, nhi = n >> d->leaf_log;
    if (lanes)
        d->tw52 = big_alloc(tw52_words(n + 8) * sizeof(uint64_t));
    else
        d->tw = big_alloc((n > 2 ? n : 2) * sizeof(fr_t));
    d->coset_lo = malloc(nlo * sizeof(fr_t));
    d->coset_hi = malloc(nhi * sizeof(fr_t));
    if (!(d->tw || d->tw52) || !d->coset_lo || !d->coset_hi) {
        domain_free(d);
        return cpu_error(G16K_ENOMEM, "domain_create: out of memory for 2^%u twiddles", log_n);
    }
    uint32_t threads = cpu_threads(ctx, 0);
    fr_t omega;
    fr_root_of_unity(&omega, log_n);
    /* The top stage (h = n/2) is omega^j; each lower stage takes every other entry above. */
    powers_job pj = { .base = omega };
    if (lanes) {
        memset(d->tw52, 0, tw52_words(n + 8) * sizeof(uint64_t));
        pj.tw52 = d->tw52;
        pj.off = half;
    } else {
        pj.out = d->tw + half;
    }
    par_for(threads, half, par_grain(half, threads, MIN_GRAIN), powers_range, &pj);
    for (uint64_t h = half / 2; h >= 1; h /= 2)
        for (uint64_t j = 0; j < h; j++) {
            if (lanes)
                tw52_copy(d->tw52, h + j, 2 * h + 2 * j);
            else
                d->tw[h + j] = d->tw[2 * h + 2 * j];
        }
    fr_set_u64(&d->n_inv, n);
    fr_inv(&d->n_inv, &d->n_inv);
    fr_root_of_unity(&d->g, log_n + 1);
    fr_inv(&d->g_inv, &d->g);
    /* Coset factors of compute_h: position b * 2^leaf + t of a DIF output holds coefficient
     * bitrev_leaf(t) * 2^(log_n - leaf) + bitrev_(log_n - leaf)(b), to be scaled by n_inv g^that.
     */
    fr_t one = FR_ONE, big = d->g;
    for (uint32_t i = d->leaf_log; i < log_n; i++)
        fr_sqr(&big, &big); /* g^(n / 2^leaf) */
    bitrev_powers(d->coset_lo, d->leaf_log, &big, &one);
    bitrev_powers(d->coset_hi, log_n - d->leaf_log, &d->g, &d->n_inv);
    if (lanes) {
        d->coset_lo52 = tw52_from(d->coset_lo, nlo);
        d->coset_hi52 = tw52_from(d->coset_hi, nhi);
        free(d->coset_lo);
        free(d->coset_hi);
        d->coset_lo = d->coset_hi = NULL;
        if (!d->coset_lo52 || !d->coset_hi52) {
            domain_free(d);
            return cpu_error(G16K_ENOMEM, "domain_create: out of memory for 2^%u twiddles", log_n);
        }
    }
    *out = d;
    return G16K_OK;
}

/* domain_destroy: frees the domain; NULL is a no-op. */
static void cpu_domain_destroy(g16k_ntt_domain *domain)
{
    if (domain)
        domain_free(domain);
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
 * for Montgomery input, and possibly partly converted for canonical input); G16K_ENOMEM (no
 * scratch for the lanes kernels, 320 KiB a thread; data unchanged). */
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
    ntt_job J;
    st = job_start(&J, domain, threads); /* before the data is touched */
    if (st != G16K_OK)
        return st;
    fr_t *x = data;
    st = cpu_fr_load(x, data, domain->n, enc, threads, "transform: data");
    if (st != G16K_OK) {
        job_end(&J);
        return st;
    }
    transform_mont(&J, x, dir);
    job_end(&J);
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
        fri_mul(&t, &p->x[i], &p->y[i]);
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
 * overlap b or c otherwise. Errors: G16K_EINVAL (NULL, misaligned, encodings, value >= r);
 * G16K_ENOMEM (no scratch for the lanes kernels; nothing changed). */
static int cpu_compute_h(g16k_ntt_domain *domain, void *a, void *b, void *c, uint32_t enc, void *h,
                         uint32_t h_enc)
{
    if (!domain || !h)
        return cpu_error(G16K_EINVAL, "compute_h: NULL argument");
    void *v[3] = { a, b, c };
    static const char *const names[3] = { "a", "b", "c" };
    static const char *const whats[3] = { "compute_h: a", "compute_h: b", "compute_h: c" };
    for (int k = 0; k < 3; k++) {
        int st = check_buf(v[k], "compute_h", names[k]);
        if (st != G16K_OK)
            return st;
    }
    if (!cpu_enc_valid(enc) || !cpu_enc_valid(h_enc))
        return cpu_error(G16K_EINVAL, "compute_h: bad encoding (in %u, h %u)", enc, h_enc);
    uint32_t threads = cpu_threads(domain->ctx, 0);
    uint64_t n = domain->n;
    ntt_job J;
    int st = job_start(&J, domain, threads);
    if (st != G16K_OK)
        return st;
    uint64_t t = cpu_trace_begin();
    for (int k = 0; k < 3; k++) {
        st = cpu_fr_load(v[k], v[k], n, enc, threads, whats[k]);
        if (st != G16K_OK) {
            job_end(&J);
            return st;
        }
    }
    cpu_trace_end("load a, b, c", t, NULL);
    static const char *const phases[3][2] = { { "a: inverse NTT", "a: forward coset NTT" },
                                              { "b: inverse NTT", "b: forward coset NTT" },
                                              { "c: inverse NTT", "c: forward coset NTT" } };
    for (int k = 0; k < 3; k++) {
        /* INVERSE then FORWARD_COSET with no bit-reversal pass: the inverse DIF leaves the
         * coefficients bit-reversed, its leaves scale them by n_inv g^j, and the forward DIT
         * takes them bit-reversed and gives the coset values in natural order. */
        t = cpu_trace_begin();
        dif(&J, v[k], 1, 1);
        cpu_trace_end(phases[k][0], t, NULL);
        t = cpu_trace_begin();
        dit(&J, v[k]);
        cpu_trace_end(phases[k][1], t, NULL);
    }
    job_end(&J);
    t = cpu_trace_begin();
    pass p = { .x = a, .y = b, .z = c, .out = h, .out_enc = h_enc };
    par_for(threads, n, par_grain(n, threads, MIN_GRAIN), h_range, &p);
    cpu_trace_end("h = a b - c", t, NULL);
    return G16K_OK;
}

const g16k_ntt_vtable CPU_SYM(cpu_ntt_vtable) = {
    .struct_size = sizeof(g16k_ntt_vtable),
    .domain_create = cpu_domain_create,
    .domain_destroy = cpu_domain_destroy,
    .transform = cpu_transform,
    .compute_h = cpu_compute_h,
};
