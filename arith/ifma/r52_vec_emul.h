/*
 * Private to arith/ifma (included through r52_vec.h only): the r52v primitives in plain C, bit for
 * bit what the AVX-512 instructions do (Intel SDM: VPMADD52LUQ/VPMADD52HUQ use bits 51:0 of
 * each source, add the low/high 52 bits of the 104-bit product to the 64-bit accumulator,
 * wrapping). Used only by the g16k_ifma_emul test build, so that CPUs without IFMA still run
 * the radix-2^52 algorithms; it is not a product path and is not fast.
 */
#ifndef G16K_CPU_IFMA_R52_VEC_EMUL_H
#define G16K_CPU_IFMA_R52_VEC_EMUL_H

typedef struct {
    uint64_t w[8];
} r52v;
typedef uint8_t r52m; /* bit k = lane k */

#define R52_EACH(k) for (int k = 0; k < 8; k++)

R52_INLINE r52v r52v_zero(void)
{
    r52v r = { { 0 } };
    return r;
}
R52_INLINE r52v r52v_set1(uint64_t x)
{
    r52v r;
    R52_EACH(k) r.w[k] = x;
    return r;
}
R52_INLINE r52v r52v_load(const uint64_t *p)
{
    r52v r;
    R52_EACH(k) r.w[k] = p[k];
    return r;
}
R52_INLINE void r52v_store(uint64_t *p, r52v v)
{
    R52_EACH(k) p[k] = v.w[k];
}
R52_INLINE r52v r52v_add(r52v a, r52v b)
{
    R52_EACH(k) a.w[k] += b.w[k];
    return a;
}
R52_INLINE r52v r52v_sub(r52v a, r52v b)
{
    R52_EACH(k) a.w[k] -= b.w[k];
    return a;
}
R52_INLINE r52v r52v_and(r52v a, r52v b)
{
    R52_EACH(k) a.w[k] &= b.w[k];
    return a;
}
R52_INLINE r52v r52v_or(r52v a, r52v b)
{
    R52_EACH(k) a.w[k] |= b.w[k];
    return a;
}
R52_INLINE r52v r52v_shl(r52v a, unsigned n)
{
    R52_EACH(k) a.w[k] <<= n;
    return a;
}
R52_INLINE r52v r52v_shr(r52v a, unsigned n)
{
    R52_EACH(k) a.w[k] >>= n;
    return a;
}
R52_INLINE r52v r52v_load6(const uint64_t *p)
{
    r52v r = { { 0 } };
    for (int k = 0; k < 6; k++)
        r.w[k] = p[k];
    return r;
}
R52_INLINE r52v r52v_load4(const uint64_t *p)
{
    r52v r = { { 0 } };
    for (int k = 0; k < 4; k++)
        r.w[k] = p[k];
    return r;
}
R52_INLINE r52v r52v_sar52(r52v a)
{
    /* Arithmetic shift written without relying on implementation-defined >> of negatives. */
    R52_EACH(k) a.w[k] = (a.w[k] >> 52) | ((a.w[k] >> 63) ? ~(uint64_t)0 << 12 : 0);
    return a;
}
R52_INLINE r52v r52v_madlo(r52v acc, r52v a, r52v b)
{
    R52_EACH(k)
    {
        unsigned __int128 pr = (unsigned __int128)(a.w[k] & R52_MASK) * (b.w[k] & R52_MASK);
        acc.w[k] += (uint64_t)pr & R52_MASK;
    }
    return acc;
}
R52_INLINE r52v r52v_madhi(r52v acc, r52v a, r52v b)
{
    R52_EACH(k)
    {
        unsigned __int128 pr = (unsigned __int128)(a.w[k] & R52_MASK) * (b.w[k] & R52_MASK);
        acc.w[k] += (uint64_t)(pr >> 52);
    }
    return acc;
}
R52_INLINE r52m r52v_eq(r52v a, r52v b)
{
    r52m m = 0;
    R52_EACH(k) m |= (r52m)((a.w[k] == b.w[k]) << k);
    return m;
}
R52_INLINE r52v r52v_blend(r52m m, r52v a, r52v b)
{
    R52_EACH(k) if ((m >> k) & 1) a.w[k] = b.w[k];
    return a;
}
R52_INLINE r52v r52v_permute2(r52v a, r52v idx, r52v b)
{
    r52v r;
    R52_EACH(k) r.w[k] = (idx.w[k] & 8) ? b.w[idx.w[k] & 7] : a.w[idx.w[k] & 7];
    return r;
}
R52_INLINE void r52v_transpose8(r52v v[8])
{
    for (int i = 0; i < 8; i++)
        for (int j = i + 1; j < 8; j++) {
            uint64_t t = v[i].w[j];
            v[i].w[j] = v[j].w[i];
            v[j].w[i] = t;
        }
}

#undef R52_EACH
#endif
