/* Shared by blake3.c and its ISA kernels: the constants of the spec and the kernels' entries. */
#ifndef G16K_UTIL_BLAKE3_INTERNAL_H
#define G16K_UTIL_BLAKE3_INTERNAL_H

#include <stdint.h>

/* The IV (SHA-256's, spec 2.2), and the message word each of the 7 rounds reads at position i:
 * round 0 in order, each next round the previous one through the permutation of spec 2.2
 * (2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8). Static, so that the kernels' unrolled
 * rounds fold them into register choices. */
static const uint32_t blake3_iv[8] = { 0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                                       0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19 };
static const uint8_t blake3_schedule[7][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 },
    { 3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1 },
    { 10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6 },
    { 12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4 },
    { 9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7 },
    { 11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13 },
};

/* The 7 rounds of spec 2.2 on the 16 state words v and message words m, through the caller's
 * quarter-round G(v, a, b, c, d, x, y) on its word type (a scalar or a vector of lanes). */
#define BLAKE3_ROUNDS(G, v, m)                                                                     \
    _Pragma("GCC unroll 7") for (int rd_ = 0; rd_ < 7; rd_++)                                      \
    {                                                                                              \
        const uint8_t *s_ = blake3_schedule[rd_];                                                  \
        G(v, 0, 4, 8, 12, m[s_[0]], m[s_[1]]);                                                     \
        G(v, 1, 5, 9, 13, m[s_[2]], m[s_[3]]);                                                     \
        G(v, 2, 6, 10, 14, m[s_[4]], m[s_[5]]);                                                    \
        G(v, 3, 7, 11, 15, m[s_[6]], m[s_[7]]);                                                    \
        G(v, 0, 5, 10, 15, m[s_[8]], m[s_[9]]);                                                    \
        G(v, 1, 6, 11, 12, m[s_[10]], m[s_[11]]);                                                  \
        G(v, 2, 7, 8, 13, m[s_[12]], m[s_[13]]);                                                   \
        G(v, 3, 4, 9, 14, m[s_[14]], m[s_[15]]);                                                   \
    }

/* The kernels (call only through blake3_chunks_cv, which knows where they are usable):
 * cvs[k] = the CV of the full chunk at chunks[k], number counter + k, k < 16 (AVX-512F,
 * blake3_avx512.c, built with -mavx512f) or k < 8 (AVX2, blake3_avx2.c, -mavx2). */
void blake3_chunks16_avx512(uint32_t cvs[16][8], const uint8_t *const chunks[16], uint64_t counter);
void blake3_chunks8_avx2(uint32_t cvs[8][8], const uint8_t *const chunks[8], uint64_t counter);
/* out[k] = the CV of the parent (not a root) of pairs[2k] and pairs[2k + 1], k < 16 or 8; out
 * may alias pairs (every CV is read before any is written). Through blake3_merge only. */
void blake3_parents16_avx512(uint32_t out[16][8], const uint32_t (*pairs)[8]);
void blake3_parents8_avx2(uint32_t out[8][8], const uint32_t (*pairs)[8]);

#endif
