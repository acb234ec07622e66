/*
 * BLAKE3 on AVX-512F: 16 full chunks at once, one chunk per 32-bit lane (the "hash many"
 * layout of spec section 5.3: lane k of state vector i is word i of chunk k's state). Each
 * block of the 16 chunks is loaded as 16 rows and transposed to 16 message-word vectors; the
 * 7 rounds are the portable ones (blake3.c) on vectors, with VPRORD for the rotations. Parents
 * go the same way, 16 at once: a parent is one compression whose block is its two children's
 * CVs, which lie side by side in a level of the tree (blake3_merge). Built
 * with -mavx512f for this file only; blake3.c calls it only where AVX-512F is usable, and the
 * tests compare it with the portable path bit for bit.
 */
#include <immintrin.h>
#include <stdint.h>

#include "blake3.h"
#include "blake3_internal.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE void g(__m512i v[16], int a, int b, int c, int d, __m512i x, __m512i y)
{
    v[a] = _mm512_add_epi32(_mm512_add_epi32(v[a], v[b]), x);
    v[d] = _mm512_ror_epi32(_mm512_xor_si512(v[d], v[a]), 16);
    v[c] = _mm512_add_epi32(v[c], v[d]);
    v[b] = _mm512_ror_epi32(_mm512_xor_si512(v[b], v[c]), 12);
    v[a] = _mm512_add_epi32(_mm512_add_epi32(v[a], v[b]), y);
    v[d] = _mm512_ror_epi32(_mm512_xor_si512(v[d], v[a]), 8);
    v[c] = _mm512_add_epi32(v[c], v[d]);
    v[b] = _mm512_ror_epi32(_mm512_xor_si512(v[b], v[c]), 7);
}

/* m[j] = word j of the 16 rows r (row k = block of chunk k): a 16 x 16 transpose of 32-bit
 * words in four steps (32-bit, 64-bit interleaves within 128-bit lanes, then two 128-bit lane
 * shuffles). */
static ALWAYS_INLINE void transpose16(__m512i m[16], const __m512i r[16])
{
    __m512i u[16], w[16];
    for (int p = 0; p < 8; p++) {
        u[2 * p] = _mm512_unpacklo_epi32(r[2 * p], r[2 * p + 1]);
        u[2 * p + 1] = _mm512_unpackhi_epi32(r[2 * p], r[2 * p + 1]);
    }
    /* w[4q + c], 128-bit lane l: column 4l + c of rows 4q .. 4q + 3 */
    for (int q = 0; q < 4; q++) {
        w[4 * q + 0] = _mm512_unpacklo_epi64(u[4 * q], u[4 * q + 2]);
        w[4 * q + 1] = _mm512_unpackhi_epi64(u[4 * q], u[4 * q + 2]);
        w[4 * q + 2] = _mm512_unpacklo_epi64(u[4 * q + 1], u[4 * q + 3]);
        w[4 * q + 3] = _mm512_unpackhi_epi64(u[4 * q + 1], u[4 * q + 3]);
    }
    for (int c = 0; c < 4; c++) {
        __m512i x0 = _mm512_shuffle_i32x4(w[c], w[4 + c], 0x44);
        __m512i x1 = _mm512_shuffle_i32x4(w[c], w[4 + c], 0xEE);
        __m512i y0 = _mm512_shuffle_i32x4(w[8 + c], w[12 + c], 0x44);
        __m512i y1 = _mm512_shuffle_i32x4(w[8 + c], w[12 + c], 0xEE);
        m[c] = _mm512_shuffle_i32x4(x0, y0, 0x88);
        m[4 + c] = _mm512_shuffle_i32x4(x0, y0, 0xDD);
        m[8 + c] = _mm512_shuffle_i32x4(x1, y1, 0x88);
        m[12 + c] = _mm512_shuffle_i32x4(x1, y1, 0xDD);
    }
}

void blake3_chunks16_avx512(uint32_t cvs[16][8], const uint8_t *const chunks[16], uint64_t counter)
{
    uint32_t lo[16], hi[16];
    for (int k = 0; k < 16; k++) {
        lo[k] = (uint32_t)(counter + (uint64_t)k);
        hi[k] = (uint32_t)((counter + (uint64_t)k) >> 32);
    }
    const __m512i ctr_lo = _mm512_loadu_si512(lo), ctr_hi = _mm512_loadu_si512(hi);
    __m512i h[8];
    for (int i = 0; i < 8; i++)
        h[i] = _mm512_set1_epi32((int)blake3_iv[i]);
    for (int b = 0; b < BLAKE3_CHUNK_BYTES / BLAKE3_BLOCK_BYTES; b++) {
        __m512i r[16], m[16], v[16];
        for (int k = 0; k < 16; k++) {
            r[k] = _mm512_loadu_si512(chunks[k] + b * BLAKE3_BLOCK_BYTES);
            /* 16 streams are more than the hardware prefetchers follow well: +10% from
             * memory, none in cache (bench_blake3). Past a chunk's end it fetches the next
             * chunk or nothing (a prefetch never faults); an integer, as a pointer past
             * the chunk would be undefined C. */
            _mm_prefetch((const char *)((uintptr_t)chunks[k] + (uintptr_t)(b + 4) * 64),
                         _MM_HINT_T0);
        }
        transpose16(m, r);
        uint32_t flags = (b == 0 ? BLAKE3_CHUNK_START : 0) |
                         (b == BLAKE3_CHUNK_BYTES / BLAKE3_BLOCK_BYTES - 1 ? BLAKE3_CHUNK_END : 0);
        for (int i = 0; i < 8; i++)
            v[i] = h[i];
        for (int i = 0; i < 4; i++)
            v[8 + i] = _mm512_set1_epi32((int)blake3_iv[i]);
        v[12] = ctr_lo;
        v[13] = ctr_hi;
        v[14] = _mm512_set1_epi32(BLAKE3_BLOCK_BYTES);
        v[15] = _mm512_set1_epi32((int)flags);
        BLAKE3_ROUNDS(g, v, m);
        for (int i = 0; i < 8; i++)
            h[i] = _mm512_xor_si512(v[i], v[i + 8]);
    }
    uint32_t out[8][16];
    for (int i = 0; i < 8; i++)
        _mm512_storeu_si512(out[i], h[i]);
    for (int k = 0; k < 16; k++)
        for (int i = 0; i < 8; i++)
            cvs[k][i] = out[i][k];
}

void blake3_parents16_avx512(uint32_t out[16][8], const uint32_t (*pairs)[8])
{
    __m512i r[16], m[16], v[16];
    for (int k = 0; k < 16; k++) /* left || right: 16 words, one block */
        r[k] = _mm512_loadu_si512(pairs[2 * k]);
    transpose16(m, r);
    for (int i = 0; i < 8; i++)
        v[i] = _mm512_set1_epi32((int)blake3_iv[i]);
    for (int i = 0; i < 4; i++)
        v[8 + i] = _mm512_set1_epi32((int)blake3_iv[i]);
    v[12] = _mm512_setzero_si512(); /* a parent's counter is 0 */
    v[13] = _mm512_setzero_si512();
    v[14] = _mm512_set1_epi32(BLAKE3_BLOCK_BYTES);
    v[15] = _mm512_set1_epi32(BLAKE3_PARENT);
    BLAKE3_ROUNDS(g, v, m);
    uint32_t w[8][16];
    for (int i = 0; i < 8; i++)
        _mm512_storeu_si512(w[i], _mm512_xor_si512(v[i], v[i + 8]));
    for (int k = 0; k < 16; k++) /* after every load: out may alias pairs */
        for (int i = 0; i < 8; i++)
            out[k][i] = w[i][k];
}
