/*
 * Private to cpu/ifma: scalar re-radix between the 6 x 64-bit limbs of fp_t and the 8 x 52-bit
 * limbs of r52, into and out of structure-of-arrays blocks (s[j * 8 + k] = limb j of lane k).
 * Portable C; the Montgomery re-basing (2^384 <-> 2^416) is done by vector code (vfp.h).
 */
#ifndef G16K_CPU_IFMA_R52_RADIX_H
#define G16K_CPU_IFMA_R52_RADIX_H

#include <stdint.h>

#include "bls12_381/field.h"

/* Lane k of block s gets the integer w[0] + w[1] 2^64 + ... (nw words, below 2^416) in 8 limbs
 * of 52 bits. */
static inline void r52_radix_put_words(uint64_t *s, int k, const uint64_t *w, int nw)
{
    for (int j = 0; j < 8; j++) {
        int bit = 52 * j;
        int i = bit / 64;
        int sh = bit % 64;
        uint64_t v = i < nw ? w[i] >> sh : 0;
        if (sh > 12 && i + 1 < nw)
            v |= w[i + 1] << (64 - sh);
        s[8 * j + k] = v & 0xfffffffffffffULL;
    }
}

/* Lane k of block s gets the 381-bit integer a in 8 limbs of 52 bits. */
static inline void r52_radix_put(uint64_t *s, int k, const fp_t *a)
{
    r52_radix_put_words(s, k, a->l, FP_LIMBS);
}

/* Lane k of block s gets a 2^32 (< 2^413): for a Montgomery-2^384 fp_t x 2^384 that is
 * x 2^416, the r52 form of x once reduced below 2^17 p (vfp_reduce). */
static inline void r52_radix_put_shl32(uint64_t *s, int k, const fp_t *a)
{
    uint64_t w[FP_LIMBS + 1];
    w[0] = a->l[0] << 32;
    for (int i = 1; i < FP_LIMBS; i++)
        w[i] = (a->l[i] << 32) | (a->l[i - 1] >> 32);
    w[FP_LIMBS] = a->l[FP_LIMBS - 1] >> 32;
    r52_radix_put_words(s, k, w, FP_LIMBS + 1);
}

/* out = lane k of block s as an integer, which must be < 2p (normalized limbs), reduced below p
 * by one conditional subtraction. */
static inline void r52_radix_get(fp_t *out, const uint64_t *s, int k)
{
    uint64_t w[FP_LIMBS + 1] = {0};
    unsigned __int128 acc = 0;
    int bits = 0;
    int o = 0;
    for (int j = 0; j < 8; j++) {
        acc |= (unsigned __int128)s[8 * j + k] << bits;
        bits += 52;
        if (bits >= 64) {
            w[o++] = (uint64_t)acc;
            acc >>= 64;
            bits -= 64;
        }
    }
    /* 416 bits: six words emitted, the top 32 bits (zero for values < 2p) are in acc. */
    uint64_t d[FP_LIMBS];
    uint64_t borrow = 0;
    for (int i = 0; i < FP_LIMBS; i++) {
        unsigned __int128 t = (unsigned __int128)w[i] - FP_MODULUS.l[i] - borrow;
        d[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    /* borrow == 1: w < p, keep w; else w >= p, take w - p. Constant-time select. */
    uint64_t keep = (uint64_t)0 - borrow;
    for (int i = 0; i < FP_LIMBS; i++)
        out->l[i] = (w[i] & keep) | (d[i] & ~keep);
}

#endif
