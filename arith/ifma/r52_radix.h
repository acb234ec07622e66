/*
 * Private to arith/ifma: scalar re-radix between the FP_LIMBS x 64-bit limbs of fp_t and the
 * VFP_N x 52-bit limbs of r52 (BLS12-381 6 and 8, BN254 4 and 6: r52_curve.h), into and out of
 * structure-of-arrays blocks (s[j * 8 + k] = limb j of lane k). Portable C; the Montgomery
 * re-basing (reference radix <-> R) is done by vector code (vfp.h).
 */
#ifndef G16K_CPU_IFMA_R52_RADIX_H
#define G16K_CPU_IFMA_R52_RADIX_H

#include <stdint.h>

#include "r52_curve.h"

/* Lane k of block s gets the integer a (< 2^(64 FP_LIMBS)) in R52_LIMBS limbs of 52 bits (those
 * from VFP_N up are 0 on BN254; the storage of ifma.h keeps 8 a value). */
static inline void r52_radix_put(uint64_t *s, int k, const fp_t *a)
{
    for (int j = 0; j < R52_LIMBS; j++) {
        int bit = 52 * j;
        int w = bit / 64;
        int sh = bit % 64;
        uint64_t v = 0;
        if (w < FP_LIMBS) {
            v = a->l[w] >> sh;
            if (sh > 12 && w + 1 < FP_LIMBS)
                v |= a->l[w + 1] << (64 - sh);
        }
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
    for (int j = 0; j < VFP_N; j++) {
        acc |= (unsigned __int128)s[8 * j + k] << bits;
        bits += 52;
        if (bits >= 64) {
            w[o++] = (uint64_t)acc;
            acc >>= 64;
            bits -= 64;
        }
    }
    /* 52 VFP_N bits: FP_LIMBS words emitted, the top bits (zero for values < 2p) are in acc. */
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
