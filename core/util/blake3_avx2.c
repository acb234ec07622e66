/*
 * BLAKE3 on AVX2: 8 full chunks at once, one chunk per 32-bit lane (the layout of
 * blake3_avx512.c at half the width), for CPUs without AVX-512F. Each block of the 8 chunks is
 * loaded as two 8 x 8 word matrices (words 0-7 and 8-15 of each block) and transposed; AVX2 has
 * no 32-bit rotate, so the rotations by 16 and 8 are byte shuffles and those by 12 and 7 two
 * shifts and an OR. Parents go 8 at once the same way (blake3_avx512.c says how). Built with -mavx2 for this file only; blake3.c calls it only where AVX2 is
 * usable, and the tests compare it with the portable path bit for bit.
 */
#include <immintrin.h>
#include <stdint.h>

#include "blake3.h"
#include "blake3_internal.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE __m256i ror16(__m256i x)
{
    const __m256i m = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3,
                                       0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    return _mm256_shuffle_epi8(x, m);
}

static ALWAYS_INLINE __m256i ror8(__m256i x)
{
    const __m256i m = _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2,
                                       3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    return _mm256_shuffle_epi8(x, m);
}

#define ROR(x, n) _mm256_or_si256(_mm256_srli_epi32(x, n), _mm256_slli_epi32(x, 32 - (n)))

static ALWAYS_INLINE void g(__m256i v[16], int a, int b, int c, int d, __m256i x, __m256i y)
{
    v[a] = _mm256_add_epi32(_mm256_add_epi32(v[a], v[b]), x);
    v[d] = ror16(_mm256_xor_si256(v[d], v[a]));
    v[c] = _mm256_add_epi32(v[c], v[d]);
    v[b] = ROR(_mm256_xor_si256(v[b], v[c]), 12);
    v[a] = _mm256_add_epi32(_mm256_add_epi32(v[a], v[b]), y);
    v[d] = ror8(_mm256_xor_si256(v[d], v[a]));
    v[c] = _mm256_add_epi32(v[c], v[d]);
    v[b] = ROR(_mm256_xor_si256(v[b], v[c]), 7);
}

/* m[j] = word j of the 8 rows r (row k: 8 words of chunk k): 32-bit and 64-bit interleaves
 * within 128-bit lanes, then a 128-bit lane exchange. */
static ALWAYS_INLINE void transpose8(__m256i m[8], const __m256i r[8])
{
    __m256i t[8], u[8];
    for (int p = 0; p < 4; p++) {
        t[2 * p] = _mm256_unpacklo_epi32(r[2 * p], r[2 * p + 1]);
        t[2 * p + 1] = _mm256_unpackhi_epi32(r[2 * p], r[2 * p + 1]);
    }
    /* u[4q + c], 128-bit lane l: column 4l + c of rows 4q .. 4q + 3 */
    for (int q = 0; q < 2; q++) {
        u[4 * q + 0] = _mm256_unpacklo_epi64(t[4 * q], t[4 * q + 2]);
        u[4 * q + 1] = _mm256_unpackhi_epi64(t[4 * q], t[4 * q + 2]);
        u[4 * q + 2] = _mm256_unpacklo_epi64(t[4 * q + 1], t[4 * q + 3]);
        u[4 * q + 3] = _mm256_unpackhi_epi64(t[4 * q + 1], t[4 * q + 3]);
    }
    for (int c = 0; c < 4; c++) {
        m[c] = _mm256_permute2x128_si256(u[c], u[4 + c], 0x20);
        m[4 + c] = _mm256_permute2x128_si256(u[c], u[4 + c], 0x31);
    }
}

void blake3_chunks8_avx2(uint32_t cvs[8][8], const uint8_t *const chunks[8], uint64_t counter)
{
    uint32_t lo[8], hi[8];
    for (int k = 0; k < 8; k++) {
        lo[k] = (uint32_t)(counter + (uint64_t)k);
        hi[k] = (uint32_t)((counter + (uint64_t)k) >> 32);
    }
    const __m256i ctr_lo = _mm256_loadu_si256((const __m256i *)lo);
    const __m256i ctr_hi = _mm256_loadu_si256((const __m256i *)hi);
    __m256i h[8];
    for (int i = 0; i < 8; i++)
        h[i] = _mm256_set1_epi32((int)blake3_iv[i]);
    for (int b = 0; b < BLAKE3_CHUNK_BYTES / BLAKE3_BLOCK_BYTES; b++) {
        __m256i r[8], m[16], v[16];
        for (int half = 0; half < 2; half++) {
            for (int k = 0; k < 8; k++)
                r[k] = _mm256_loadu_si256(
                    (const __m256i *)(chunks[k] + b * BLAKE3_BLOCK_BYTES + 32 * half));
            transpose8(m + 8 * half, r);
        }
        uint32_t flags = (b == 0 ? BLAKE3_CHUNK_START : 0) |
                         (b == BLAKE3_CHUNK_BYTES / BLAKE3_BLOCK_BYTES - 1 ? BLAKE3_CHUNK_END : 0);
        for (int i = 0; i < 8; i++)
            v[i] = h[i];
        for (int i = 0; i < 4; i++)
            v[8 + i] = _mm256_set1_epi32((int)blake3_iv[i]);
        v[12] = ctr_lo;
        v[13] = ctr_hi;
        v[14] = _mm256_set1_epi32(BLAKE3_BLOCK_BYTES);
        v[15] = _mm256_set1_epi32((int)flags);
        BLAKE3_ROUNDS(g, v, m);
        for (int i = 0; i < 8; i++)
            h[i] = _mm256_xor_si256(v[i], v[i + 8]);
    }
    uint32_t out[8][8];
    for (int i = 0; i < 8; i++)
        _mm256_storeu_si256((__m256i *)out[i], h[i]);
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 8; i++)
            cvs[k][i] = out[i][k];
}

void blake3_parents8_avx2(uint32_t out[8][8], const uint32_t (*pairs)[8])
{
    __m256i r[8], m[16], v[16];
    for (int half = 0; half < 2; half++) { /* words 0-7: the left child, 8-15: the right */
        for (int k = 0; k < 8; k++)
            r[k] = _mm256_loadu_si256((const __m256i *)pairs[2 * k + half]);
        transpose8(m + 8 * half, r);
    }
    for (int i = 0; i < 8; i++)
        v[i] = _mm256_set1_epi32((int)blake3_iv[i]);
    for (int i = 0; i < 4; i++)
        v[8 + i] = _mm256_set1_epi32((int)blake3_iv[i]);
    v[12] = _mm256_setzero_si256(); /* a parent's counter is 0 */
    v[13] = _mm256_setzero_si256();
    v[14] = _mm256_set1_epi32(BLAKE3_BLOCK_BYTES);
    v[15] = _mm256_set1_epi32(BLAKE3_PARENT);
    BLAKE3_ROUNDS(g, v, m);
    uint32_t w[8][8];
    for (int i = 0; i < 8; i++)
        _mm256_storeu_si256((__m256i *)w[i], _mm256_xor_si256(v[i], v[i + 8]));
    for (int k = 0; k < 8; k++) /* after every load: out may alias pairs */
        for (int i = 0; i < 8; i++)
            out[k][i] = w[i][k];
}
