/*
 * Private to arith/ifma: scalar re-radix between the 6 x 64-bit limbs of fp_t and the 8 x 52-bit
 * limbs of r52, into and out of structure-of-arrays blocks (s[j * 8 + k] = limb j of lane k).
 * Portable C; the Montgomery re-basing (2^384 <-> 2^416) is done by vector code (vfp.h).
 */
#ifndef G16K_CPU_IFMA_R52_RADIX_H
#define G16K_CPU_IFMA_R52_RADIX_H

#include <stdint.h>

#include "bls12_381/field.h"

/* Lane k of block s gets the 381-bit integer a in 8 limbs of 52 bits. */
static inline void r52_radix_put(uint64_t *s, int k, const fp_t *a)
{
    for (int j = 0; j < 8; j++) {
        int bit = 52 * j;
        int w = bit / 64;
        int sh = bit % 64;
        uint64_t v = a->l[w] >> sh;
        if (sh > 12 && w + 1 < FP_LIMBS)
            v |= a->l[w + 1] << (64 - sh);
        s[8 * j + k] = v & 0xfffffffffffffULL;
    }
}

/* out = lane k of block s as an integer, which must be < 2p (normalized limbs), reduced below p
 * by one conditional subtraction. */
static inline void r52_radix_get(fp_t *out, const uint64_t *s, int k)
{
    uint64_t w[FP_LIMBS + 1] = { 0 };
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
