/*
 * The MSM pieces of the CPU plugin: one group-agnostic Pippenger driver (msm_pippenger.c) run
 * on a table of group operations, one table per group (msm_g1.c, msm_g2.c), the batch-affine
 * bucket accumulator it uses for large windows (msm_batch_affine.c, typed per group through the
 * template msm_ba_impl.h), the endomorphism split (msm_endo.c), and the vtable that ties
 * them to the ABI and splits off the 0/1 scalars of witnesses (msm.c). Points passed through
 * `void *` are the curve.h types of the table's group (g1_affine_t / g1_jac_t or g2_affine_t /
 * g2_jac_t), in Montgomery form; "fe" is the coordinate field (fp_t for G1, fp2_t for G2). An
 * affine point is x then y, each fe_size bytes.
 */
#ifndef G16K_CPU_MSM_H
#define G16K_CPU_MSM_H

#include <stddef.h>
#include <stdint.h>

#include "ifma.h"
#include "internal.h"
#include "bls12_381/curve.h" /* the MSM serves BLS12-381 */

/* Operations of one group. All are pure and thread-safe; outputs may alias inputs. */
typedef struct cpu_group {
    uint32_t curve;     /* G16K_CURVE_*: BLS12-381's tables, or BN254's (IFMA: batch-affine only) */
    uint32_t id;        /* G16K_G1 or G16K_G2 */
    const char *name;   /* "G1" / "G2", for messages */
    size_t wire_bytes;  /* affine point on the wire: 96 or 192 */
    size_t affine_size; /* sizeof the affine struct */
    size_t jac_size;    /* sizeof the Jacobian struct */
    /* Wire bytes (any alignment, in enc) -> affine; (0,0) stays infinity. 0, or -1 when a
     * coordinate is not below p. Not an on-curve check (the core did that). */
    int (*affine_decode)(void *out, const uint8_t *in, uint32_t enc);
    /* Jacobian -> affine wire bytes in enc; infinity -> all zeros. */
    void (*jac_encode)(uint8_t *out, const void *p, uint32_t enc);
    void (*jac_set_inf)(void *out);
    int (*jac_is_inf)(const void *p);
    void (*jac_add)(void *out, const void *a, const void *b);        /* complete */
    void (*jac_add_affine)(void *out, const void *a, const void *b); /* complete */
    void (*jac_sub_affine)(void *out, const void *a, const void *b); /* a - b, complete */
    void (*jac_dbl)(void *out, const void *p);
    /* sizeof the coordinate field, fp_t (48) or fp2_t (96): the batch-affine scratch size */
    size_t fe_size;
} cpu_group;

extern const cpu_group cpu_group_g1, cpu_group_g1_bn254;
extern const cpu_group cpu_group_g2, cpu_group_g2_bn254;

/* Largest window accepted from g16k_msm_params.window, and largest chosen automatically
 * (beyond 16 the 2^(c-1) buckets per worker stop fitting in cache and gains are < 2%). */
#define CPU_MSM_MAX_WINDOW 24u
/* Most bytes of points one Pippenger chunk reads (msm_pippenger.c; cpu_msm_in.chunk_bytes):
 * the chunk's windows all run before the next chunk's, so this much of a mapped key must stay in
 * the page cache while they do, and each MSM reads its bases from the file once. [plugin.cpu]
 * msm_chunk_kib sets it; by default cpu_msm_chunk_auto picks a quarter of the memory the kernel
 * calls available (MemAvailable counts the page cache, so a key already in memory is one chunk:
 * 2^24 G2 bases, 3.2 GB, on this 24 GiB machine with 14 GB available), CPU_MSM_CHUNK_BYTES where
 * /proc/meminfo cannot be read. Every chunk past the threads' own costs a bucket fold per window
 * (2 additions per bucket, about 1% of a 2^24 G1 window's time). */
#define CPU_MSM_CHUNK_BYTES ((uint64_t)1 << 30)
#define CPU_MSM_CHUNK_MIN ((uint64_t)256 << 20)

/* The default chunk bytes: MemAvailable / 4, at least CPU_MSM_CHUNK_MIN. Reads /proc/meminfo
 * (once per call: memory changes between proofs). Thread-safe. */
uint64_t cpu_msm_chunk_auto(void);
#define CPU_MSM_MAX_AUTO_WINDOW 16u

/* The window c minimising the modelled cost of signed-digit Pippenger on n scalars below
 * 2^bits (see msm_pippenger.c: bucket additions at their batch-affine or Jacobian price, plus
 * the bucket fold). 1 <= c <= MAX_AUTO. */
uint32_t cpu_msm_window(uint64_t n, uint32_t bits);

/* The input of one Pippenger run: n scalars, each paired with a point. With m = 1 scalar i
 * goes with bases[idx ? idx[i] : i]; with m = 2 or 4 (endomorphism splitting, msm_endo.c)
 * scalar i goes with point j = i / m itself when i % m == 0, else with
 * images[j * (m - 1) + i % m - 1]. */
typedef struct cpu_msm_in {
    const void *bases;   /* affine points of the group (infinity and repeats allowed) */
    const uint64_t *idx; /* NULL, or one base index per point */
    const void *images;  /* m = 1: NULL; else (m - 1) affine points per point */
    uint32_t m;          /* 1, 2 or 4 */
    const uint64_t *k;   /* n canonical scalars of kl little-endian limbs each */
    uint32_t kl;         /* 1..4 */
    uint32_t bits;       /* every scalar < 2^bits, bits <= 64 kl */
    uint64_t n;
    uint64_t chunk_bytes; /* most bytes of points a chunk reads; 0 = CPU_MSM_CHUNK_BYTES */
    /* 1: bases (not images) may lie off an 8-byte boundary (bases_borrow_unaligned): every
     * path reads them through aligned copies (msm_pippenger.c: CPU_MSM_STAGE_POINTS at a time
     * for batch-affine windows, all of them first for the others) */
    int unaligned;
} cpu_msm_in;

/* A 64-byte aligned copy (free()) of points idx[i] (idx NULL: i) for i < n of bases, which may
 * lie at any address; NULL when memory runs out. For bases lent off an 8-byte boundary
 * (cpu_msm_in.unaligned) on the paths that read each point more than once. */
uint8_t *cpu_points_gather(const cpu_group *g, const void *bases, const uint64_t *idx, uint64_t n);

/* Points per aligned copy of unaligned bases in a batch-affine task (384 KiB of G1, 768 KiB of
 * G2: within a core's L2); the task's batches are flushed after each (cpu_ba_flush). A single-
 * thread MSM at 2^20 (G1) and 2^18 (G2) ran 1024, 2048, 4096, 16384 and 65536: 4096 was within
 * the noise of aligned bases on both, 16384 and 65536 were 15-20% slower on G2 (the copy then
 * falls out of L2 before its points are added). */
#define CPU_MSM_STAGE_POINTS 4096u

/* out (Jacobian, g's type) = sum_{i<n} k_i * point_i (see cpu_msm_in). c: window bits,
 * 1..CPU_MSM_MAX_WINDOW. Runs on up to `threads` threads (window groups and point chunks are
 * tasks). Memory, per worker: Jacobian buckets 2^(c-1) * jac_size when c < CPU_BA_MIN_WINDOW,
 * else the batch-affine set of cpu_ba_size() for the window group; plus one Jacobian point per
 * (window, chunk). Thread-safe (no shared state).
 * Algorithm: Pippenger's bucket method with signed (Booth) radix-2^c digits (Bernstein et al.,
 * "Faster batch forgery identification", INDOCRYPT 2012, section 4; Booth 1951).
 * ifma: 1 when the context chose AVX-512 IFMA (ctx->use_ifma); G1 and G2 buckets then run on
 * arith/ifma: batch-affine ones (cpu_ba_size() with ifma per worker) from CPU_BA_MIN_WINDOW up,
 * Jacobian ones (msm_ifma.c, cpu_ifma_size()) below; results are the same points (the
 * lanes' fold of batch-affine windows gives other Jacobian coordinates; affine, the same bits).
 * Returns G16K_OK or G16K_ENOMEM (message set). */
int cpu_msm_pippenger(const cpu_group *g, const cpu_msm_in *in, uint32_t c, uint32_t threads,
                      int ifma, void *out);

/* ---- msm_endo.c: scalars split along the group's endomorphism ---- */

/* The split is used for 16 .. CPU_ENDO_MAX_SCALARS scalars (msm.c). It pays where the bucket
 * folds are a large share of the work: at 2^16 random scalars, one thread, G1 0.544 -> 0.504 s
 * and G2 1.35 -> 1.26 s (medians of 5, interleaved); at 2^17 and 2^18 both ways took the same
 * time within the noise, and the images would cost more memory (G2: 608 bytes a point). */
#define CPU_ENDO_MAX_SCALARS ((uint64_t)1 << 16)
/* G2 on the IFMA lanes, whose bucket fold is cheap since the fold moved into the lanes: there
 * the four-way split (608 bytes of images a point) stops paying sooner. g16k bench msm --group
 * g2, endo on / off, medians of 5, alternating (Zen 5, 2026-12-05): one thread 2^14 0.069-0.093
 * / 0.130 s, 2^15 0.126-0.162 / 0.122 s, 2^16 0.330-0.420 / 0.218-0.275 s; two threads 2^14
 * 0.045 / 0.069-0.075 s, 2^16 0.219 / 0.125-0.132 s. G1 2^16 still gains (0.111 / 0.116-0.121). */
#define CPU_ENDO_MAX_SCALARS_G2_IFMA ((uint64_t)1 << 14)

/* out (Jacobian) = sum_{i<n} k[i] * bases[idx ? idx[i] : i], like cpu_msm_pippenger on 255-bit
 * scalars, but each scalar is first split along an endomorphism of the group, so that the
 * Pippenger run has m times the points and scalars of 128 (G1, m = 2) or 64 (G2, m = 4) bits:
 *   G1: k = e0 + e1 x^2 with x^2 P = -sigma(P)     (GLV, Gallant-Lambert-Vanstone 2001)
 *   G2: k = d0 + d1 |x| + d2 x^2 + d3 |x|^3 with |x| Q = -psi(Q)   (GLS, Galbraith-Scott 2008)
 * where x = -0xd201000000010000, the d_i are the base-|x| digits of k (k < r < x^4, each
 * d_i < 2^64) and the e_i its base-x^2 digits (e0 = d0 + d1 |x|, e1 = d2 + d3 |x|, < 2^128). The
 * windows then cover 129 or 65 bits instead of 256, so buckets are shared by 2 or 4 times
 * more points and there are fewer bucket folds. The bases must lie in the prime-order subgroup
 * (every proving-key point does: the core checks them); for other points the result differs
 * from the plain sum. window: 0 = cpu_msm_window on the split sizes, else as given. Memory:
 * n * 128 bytes (G1) or n * 608 bytes (G2) of images and split scalars, plus
 * cpu_msm_pippenger's. Returns G16K_OK or G16K_ENOMEM. */
int cpu_msm_endo(const cpu_group *g, const void *bases, const uint64_t *idx, const uint64_t (*k)[4],
                 uint64_t n, uint32_t window, uint32_t threads, int ifma, void *out);

/* ---- msm_batch_affine.c: buckets in affine form, added in batches with one inversion ---- */

/* Windows from this size up accumulate buckets with batch-affine additions (below it the batch
 * would be too small to amortise the inversion, and Jacobian mixed additions win). */
#define CPU_BA_MIN_WINDOW 10u
/* Buckets per batch-affine task: windows are grouped up to this many (msm_pippenger.c). */
#define CPU_BA_GROUP_BUCKETS 4096u

/* One worker's bucket set. Each bucket j is buckets[j] (when state FULL) plus side[j] (Jacobian,
 * when state SIDE). The batch never holds one bucket twice: an addition to a waiting bucket is
 * deferred to a later batch, or, when the deferred list is full, goes to side[j]. */
typedef struct cpu_ba {
    const cpu_group *g;
    int kind; /* which typed accumulator (msm_batch_affine.c): group, curve, and IFMA (buckets
                 in radix 2^52, batches on arith/ifma) or portable */
    uint64_t nbuckets;
    uint32_t batch_max;  /* additions per inversion */
    uint32_t count;      /* additions waiting */
    uint8_t *state;      /* nbuckets: BA_* bits */
    uint8_t *buckets;    /* nbuckets affine points (g->affine_size each), or (IFMA)
                            g1_aff_r52 / g2_aff_r52, which only arith/ifma reads */
    uint8_t *side;       /* nbuckets Jacobian points (touched only on conflicts) */
    uint64_t *bidx;      /* batch_max: bucket of each waiting addition */
    const uint8_t **bpt; /* batch_max: its point (borrowed from the bases) */
    uint8_t *bneg;       /* batch_max: 1 to add -point */
    uint32_t npend;      /* deferred additions (their bucket was waiting), at most
                                    batch_max */
    uint64_t *pidx;      /* batch_max: bucket of each deferred addition */
    const uint8_t **ppt; /* batch_max: its point (borrowed) */
    uint8_t *pneg;       /* batch_max: 1 to add -point */
    uint8_t *empty;      /* IFMA, batch_max: 1 where the kernel's sum is infinity */
    uint8_t *fe;         /* batch scratch: portable batch_max * (fe_size + 96) bytes,
                                    IFMA g1_/g2_ifma_ba_scratch_size(batch_max) */
} cpu_ba;

/* Bytes of memory cpu_ba_init needs for nbuckets buckets: about
 * nbuckets * (bucket + jac_size + 1) + batch * (fe_size + 130), the bucket an affine point or,
 * with ifma, an r52 one (128 / 256 bytes), and with ifma the kernel's scratch (G1 1.5 KB, G2
 * 2 KB per 8 of the batch) instead of the portable one. */
size_t cpu_ba_size(const cpu_group *g, uint64_t nbuckets, int ifma);
/* Lay ba out in mem (cpu_ba_size bytes, 64-byte aligned, owned by the caller) and empty it.
 * ifma: 1 to run the batches on arith/ifma (the context chose IFMA), 0 for the portable code;
 * the sums are the same points either way. */
void cpu_ba_init(cpu_ba *ba, const cpu_group *g, void *mem, uint64_t nbuckets, int ifma);
/* Empty every bucket (start of a task). */
void cpu_ba_reset(cpu_ba *ba);
/* bucket j += (neg ? -p : p); p: affine, borrowed until the next cpu_ba_flush. */
void cpu_ba_add(cpu_ba *ba, uint64_t j, const void *p, int neg);
/* Finish every waiting addition, so that no point lent to cpu_ba_add is read again (the
 * IFMA buckets stay in radix 2^52: fold them with cpu_ba_fold_ifma). */
void cpu_ba_flush(cpu_ba *ba);
/* acc (Jacobian) += bucket j of a portable set (not ifma); returns 0 when the bucket is empty
 * (acc untouched). Flushed state only. */
int cpu_ba_add_bucket_to(const cpu_ba *ba, void *acc, uint64_t j);
/* With ifma, after cpu_ba_flush: out (Jacobian) =
 * sum_{j<nb} (j + 1) * (affine part of bucket first + j), folded in 8 lanes (arith/ifma
 * g1_/g2_ifma_ba_fold: each lane a range of buckets, joined in scalar code); the side
 * accumulators are left to cpu_ba_add_side_to. The same point as the portable set's fold over
 * cpu_ba_add_bucket_to restricted to the affine parts. Reads ba only; a portable set gets
 * infinity. */
void cpu_ba_fold_ifma(const cpu_ba *ba, void *out, uint64_t first, uint64_t nb);
/* 1 when a bucket of [first, first + nb) has a side accumulator (a Jacobian point). */
int cpu_ba_any_side(const cpu_ba *ba, uint64_t first, uint64_t nb);
/* acc (Jacobian) += the side accumulator of bucket j; returns 0 when it has none. */
int cpu_ba_add_side_to(const cpu_ba *ba, void *acc, uint64_t j);

/* ---- msm_ifma.c: G1 or G2 buckets in radix 2^52, added 8 at a time on arith/ifma ---- */

typedef struct cpu_ifma_ops cpu_ifma_ops;

/* One worker's bucket set: nbuckets r52 buckets, their reference Jacobian copies for the fold,
 * and the queue of up to 8 additions to distinct buckets. */
typedef struct cpu_ifma_set {
    const cpu_ifma_ops *ops; /* the group's sizes and kernels */
    uint64_t nbuckets;       /* <= 2^23 (window <= 24), so indices fit uint32_t */
    uint8_t *bk;             /* nbuckets g1_jac_r52 / g2_jac_r52 */
    void *jac;               /* nbuckets g1_jac_t / g2_jac_t, valid after cpu_ifma_finish */
    uint32_t idx[IFMA_LANES];
    const void *pts[IFMA_LANES];
    unsigned neg; /* bit k: lane k adds -pts[k] */
    unsigned n;   /* queued additions */
} cpu_ifma_set;

/* Bytes cpu_ifma_init needs: nbuckets * (144 + 144) on G1, nbuckets * (384 + 288) on G2. */
size_t cpu_ifma_size(const cpu_group *g, uint64_t nbuckets);
/* Lay s out in mem (cpu_ifma_size bytes, 64-byte aligned, owned by the caller). */
void cpu_ifma_init(cpu_ifma_set *s, const cpu_group *g, void *mem, uint64_t nbuckets);
/* Empty every bucket and the queue (start of a task). */
void cpu_ifma_reset(cpu_ifma_set *s);
/* bucket j += (neg ? -p : p); p (the group's affine point) borrowed until the next flush (at
 * most cpu_ifma_finish). */
void cpu_ifma_add(cpu_ifma_set *s, uint64_t j, const void *p, int neg);
/* Finish the queued additions and convert every bucket into s->jac (reference Jacobian). */
void cpu_ifma_finish(cpu_ifma_set *s);

#endif
