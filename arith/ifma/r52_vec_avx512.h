/*
 * Private to arith/ifma (included through r52_vec.h only): eight 64-bit lanes in one __m512i.
 * Needs -mavx512f -mavx512ifma (set per file by arith/ifma/CMakeLists.txt). Semantics of each
 * primitive are those of r52_vec_emul.h, which spells them out in C.
 */
#ifndef G16K_CPU_IFMA_R52_VEC_AVX512_H
#define G16K_CPU_IFMA_R52_VEC_AVX512_H

#include <immintrin.h>

typedef __m512i r52v;
typedef __mmask8 r52m; /* bit k = lane k */

R52_INLINE r52v r52v_zero(void)
{
    return _mm512_setzero_si512();
}
R52_INLINE r52v r52v_set1(uint64_t x)
{
    return _mm512_set1_epi64((long long)x);
}
/* p: 8 words, word k = lane k (unaligned access is allowed, aligned is faster). */
R52_INLINE r52v r52v_load(const uint64_t *p)
{
    return _mm512_loadu_si512((const void *)p);
}
R52_INLINE void r52v_store(uint64_t *p, r52v v)
{
    _mm512_storeu_si512((void *)p, v);
}
R52_INLINE r52v r52v_add(r52v a, r52v b)
{
    return _mm512_add_epi64(a, b);
}
R52_INLINE r52v r52v_sub(r52v a, r52v b)
{
    return _mm512_sub_epi64(a, b);
}
R52_INLINE r52v r52v_and(r52v a, r52v b)
{
    return _mm512_and_si512(a, b);
}
R52_INLINE r52v r52v_or(r52v a, r52v b)
{
    return _mm512_or_si512(a, b);
}
/* Logical shifts of each lane by n < 64 (the variable-count forms: n need not be a literal). */
R52_INLINE r52v r52v_shl(r52v a, unsigned n)
{
    return _mm512_sllv_epi64(a, r52v_set1(n));
}
R52_INLINE r52v r52v_shr(r52v a, unsigned n)
{
    return _mm512_srlv_epi64(a, r52v_set1(n));
}
/* Lanes 0..5 = p[0..5], lanes 6, 7 = 0; p[6], p[7] are not read (an fp_t at the end of an
 * array). */
R52_INLINE r52v r52v_load6(const uint64_t *p)
{
    return _mm512_maskz_loadu_epi64(0x3f, p);
}
/* Lanes 0..3 = p[0..3], lanes 4..7 = 0 (a BN254 fp_t, 4 words). */
R52_INLINE r52v r52v_load4(const uint64_t *p)
{
    return _mm512_maskz_loadu_epi64(0x0f, p);
}
/* Arithmetic (signed) shift right by 52: the carry out of a possibly negative limb. */
R52_INLINE r52v r52v_sar52(r52v a)
{
    return _mm512_srai_epi64(a, 52);
}
/* acc + low 52 bits of (a mod 2^52) * (b mod 2^52) */
R52_INLINE r52v r52v_madlo(r52v acc, r52v a, r52v b)
{
    return _mm512_madd52lo_epu64(acc, a, b);
}
/* acc + bits 52..103 of (a mod 2^52) * (b mod 2^52) */
R52_INLINE r52v r52v_madhi(r52v acc, r52v a, r52v b)
{
    return _mm512_madd52hi_epu64(acc, a, b);
}
R52_INLINE r52m r52v_eq(r52v a, r52v b)
{
    return _mm512_cmpeq_epi64_mask(a, b);
}
/* lane k = idx[k] & 8 ? b[idx[k] & 7] : a[idx[k] & 7] (vpermt2q; idx's other bits ignored). */
R52_INLINE r52v r52v_permute2(r52v a, r52v idx, r52v b)
{
    return _mm512_permutex2var_epi64(a, idx, b);
}
/* lane k: bit k of m set ? b : a */
R52_INLINE r52v r52v_blend(r52m m, r52v a, r52v b)
{
    return _mm512_mask_blend_epi64(m, a, b);
}

/* In place, v[i] lane j <-> v[j] lane i (8 x 8 words): pairs of rows interleaved (unpack), then
 * 128-bit quarters (shuffle_i64x2, twice), 24 shuffles. */
R52_INLINE void r52v_transpose8(r52v v[8])
{
    r52v t[8], u[8];
    R52_UNROLL
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm512_unpacklo_epi64(v[i], v[i + 1]);     /* a0 b0 | a2 b2 | a4 b4 | a6 b6 */
        t[i + 1] = _mm512_unpackhi_epi64(v[i], v[i + 1]); /* a1 b1 | a3 b3 | a5 b5 | a7 b7 */
    }
    R52_UNROLL
    for (int i = 0; i < 8; i += 4)
        R52_UNROLL
    for (int h = 0; h < 2; h++) {
        u[i + h] = _mm512_shuffle_i64x2(t[i + h], t[i + 2 + h], 0x88);     /* quarters 0, 2 */
        u[i + 2 + h] = _mm512_shuffle_i64x2(t[i + h], t[i + 2 + h], 0xdd); /* quarters 1, 3 */
    }
    R52_UNROLL
    for (int j = 0; j < 4; j++) {
        v[j] = _mm512_shuffle_i64x2(u[j], u[4 + j], 0x88);
        v[4 + j] = _mm512_shuffle_i64x2(u[j], u[4 + j], 0xdd);
    }
}

#endif
