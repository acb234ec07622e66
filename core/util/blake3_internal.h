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

/* blake3_avx512.c (built with -mavx512f; call only where AVX-512F is usable): cvs[k] = the CV
 * of the full chunk at chunks[k], number counter + k, k < 16. */
void blake3_chunks16_avx512(uint32_t cvs[16][8], const uint8_t *const chunks[16], uint64_t counter);

#endif
