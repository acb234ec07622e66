/*
 * G2 Pippenger buckets on the AVX-512 IFMA kernels of cpu/ifma (ifma.h): the bucket additions
 * of one (window, chunk) task go eight at a time through g2_ifma_bucket_add, with the buckets
 * held in radix 2^52 (g2_jac_r52) for the whole task and converted to the reference Jacobian
 * form only once, for the fold (DESIGN.md "Speed" 8: stay in radix-52, convert at the edges).
 *
 * Batching: additions queue in arrival order; an addition whose bucket is already queued first
 * flushes the queue, so every bucket receives its points in the same order as the portable
 * Jacobian path, and every lane equals g2_jac_add_affine of the reference (ifma.h). The bucket
 * values therefore equal those of the portable Jacobian buckets exactly, and the MSM result
 * equals the portable one bit for bit whichever portable bucket kind it is compared with.
 *
 * This file is portable C: it only calls the ifma.h API, and only when the plugin context
 * chose IFMA (ifma_available(), or the emulated test build, cpu/CMakeLists.txt).
 * Thread-safety: a cpu_g2_ifma set belongs to one worker.
 */
#include <string.h>

#include "msm.h"

size_t cpu_g2_ifma_size(uint64_t nbuckets)
{
    return (size_t)nbuckets * (sizeof(g2_jac_r52) + sizeof(g2_jac_t));
}

void cpu_g2_ifma_init(cpu_g2_ifma *s, void *mem, uint64_t nbuckets)
{
    s->nbuckets = nbuckets;
    s->bk = mem;
    s->jac = (g2_jac_t *)(s->bk + nbuckets);
    s->n = 0;
    s->neg = 0;
}

void cpu_g2_ifma_reset(cpu_g2_ifma *s)
{
    for (uint64_t j = 0; j < s->nbuckets; j++)
        g2_ifma_set_inf(&s->bk[j]);
    s->n = 0;
    s->neg = 0;
}

static void flush(cpu_g2_ifma *s)
{
    if (s->n)
        (void)g2_ifma_bucket_add(s->bk, s->idx, s->pts, s->neg, s->n);
    s->n = 0;
    s->neg = 0;
}

void cpu_g2_ifma_add(cpu_g2_ifma *s, uint64_t j, const g2_affine_t *p, int neg)
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

void cpu_g2_ifma_finish(cpu_g2_ifma *s)
{
    flush(s);
    g2_ifma_to_jac(s->jac, s->bk, s->nbuckets);
}
