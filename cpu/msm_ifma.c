/*
 * Pippenger buckets on the AVX-512 IFMA kernels of arith/ifma (ifma.h), for G1 and G2: the bucket
 * additions of one (window, chunk) task go eight at a time through g1_/g2_ifma_bucket_add, with
 * the buckets held in radix 2^52 for the whole task and converted to the reference Jacobian form
 * only once, for the fold (stay in radix-52, convert at the edges).
 *
 * Batching: additions queue in arrival order; an addition whose bucket is already queued first
 * flushes the queue, so every bucket receives its points in the same order as the portable
 * Jacobian path, and every lane equals g1_/g2_jac_add_affine of the reference (ifma.h). The
 * bucket values therefore equal those of the portable Jacobian buckets exactly, and the MSM
 * result equals the portable one bit for bit whichever portable bucket kind it is compared with.
 *
 * Used for windows below CPU_BA_MIN_WINDOW (small MSMs, where a batch of distinct buckets is
 * too short to share an inversion); from there up the IFMA path is batch-affine
 * (msm_batch_affine.c on the arith/ifma kernel ba_ifma.c), which costs about half of these
 * Jacobian additions per point.
 *
 * This file is portable C: it only calls the ifma.h API, and only when the plugin context
 * chose IFMA (ifma_available(), or the emulated test build, cpu/CMakeLists.txt).
 * Thread-safety: a cpu_ifma_set belongs to one worker.
 */
#include <string.h>

#include "msm.h"

/* The two groups behind one set: sizes and the three ifma.h calls, typed through void. */
struct cpu_ifma_ops {
    size_t r52_size, jac_size;
    void (*set_inf)(void *b);
    void (*add)(void *bk, const uint32_t *idx, const void *const *pts, unsigned neg, unsigned n);
    void (*to_jac)(void *jac, const void *bk, size_t n);
};

static void g1_set_inf(void *b)
{
    g1_ifma_set_inf(b);
}
static void g2_set_inf(void *b)
{
    g2_ifma_set_inf(b);
}
static void g1_add(void *bk, const uint32_t *idx, const void *const *pts, unsigned neg, unsigned n)
{
    (void)g1_ifma_bucket_add(bk, idx, (const g1_affine_t *const *)pts, neg, n);
}
static void g2_add(void *bk, const uint32_t *idx, const void *const *pts, unsigned neg, unsigned n)
{
    (void)g2_ifma_bucket_add(bk, idx, (const g2_affine_t *const *)pts, neg, n);
}
static void g1_to_jac(void *jac, const void *bk, size_t n)
{
    g1_ifma_to_jac(jac, bk, n);
}
static void g2_to_jac(void *jac, const void *bk, size_t n)
{
    g2_ifma_to_jac(jac, bk, n);
}

static const cpu_ifma_ops ops_g1 = { sizeof(g1_jac_r52), sizeof(g1_jac_t), g1_set_inf, g1_add,
                                     g1_to_jac };
static const cpu_ifma_ops ops_g2 = { sizeof(g2_jac_r52), sizeof(g2_jac_t), g2_set_inf, g2_add,
                                     g2_to_jac };

static const cpu_ifma_ops *ops_of(const cpu_group *g)
{
    return g->id == G16K_G2 ? &ops_g2 : &ops_g1;
}

size_t cpu_ifma_size(const cpu_group *g, uint64_t nbuckets)
{
    const cpu_ifma_ops *o = ops_of(g);
    return (size_t)nbuckets * (o->r52_size + o->jac_size);
}

void cpu_ifma_init(cpu_ifma_set *s, const cpu_group *g, void *mem, uint64_t nbuckets)
{
    s->ops = ops_of(g);
    s->nbuckets = nbuckets;
    s->bk = mem;
    s->jac = (uint8_t *)mem + nbuckets * s->ops->r52_size;
    s->n = 0;
    s->neg = 0;
}

void cpu_ifma_reset(cpu_ifma_set *s)
{
    for (uint64_t j = 0; j < s->nbuckets; j++)
        s->ops->set_inf(s->bk + j * s->ops->r52_size);
    s->n = 0;
    s->neg = 0;
}

static void flush(cpu_ifma_set *s)
{
    if (s->n)
        s->ops->add(s->bk, s->idx, s->pts, s->neg, s->n);
    s->n = 0;
    s->neg = 0;
}

void cpu_ifma_add(cpu_ifma_set *s, uint64_t j, const void *p, int neg)
{
    for (unsigned k = 0; k < s->n; k++)
        if (s->idx[k] == (uint32_t)j) {
            flush(s);
            break;
        }
    s->idx[s->n] = (uint32_t)j;
    s->pts[s->n] = p;
    s->neg |= (unsigned)(neg != 0) << s->n;
    if (++s->n == IFMA_LANES)
        flush(s);
}

void cpu_ifma_finish(cpu_ifma_set *s)
{
    flush(s);
    s->ops->to_jac(s->jac, s->bk, s->nbuckets);
}
