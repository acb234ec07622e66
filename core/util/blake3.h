/*
 * BLAKE3 (J. O'Connor, J.-P. Aumasson, S. Neves, Z. Wilcox-O'Hearn, "BLAKE3: one function, fast
 * everywhere", 2020, https://github.com/BLAKE3-team/BLAKE3-specs): the unkeyed hash mode with the
 * default 32-byte output, and the pieces of its tree (chunk and parent chaining values) that let a
 * caller hash disjoint subtrees of one input on several threads and merge them.
 *
 * The input is cut into chunks of 1024 bytes (the last one shorter; one empty chunk for no
 * input); chunk c is compressed block by block with counter c; parents join two chaining values
 * (CVs); the tree is left-balanced: a subtree of n > 1 chunks has a left child of the largest
 * power of two < n chunks. The top node (a chunk when the input is at most 1024 bytes, else a
 * parent) carries the ROOT flag, and its first 32 output bytes are the hash.
 *
 * A CV is 8 words; as bytes (the hash, a zkey digest leaf) each word is little-endian.
 * Every function is thread-safe and allocates nothing; the chunk work runs on the AVX-512F
 * kernel (blake3_avx512.c, 16 chunks at a time) when the CPU and OS support it, else on the AVX2
 * one (blake3_avx2.c, 8 at a time), else portable C; all give the same bits
 * (tests/util/test_blake3.c).
 */
#ifndef G16K_UTIL_BLAKE3_H
#define G16K_UTIL_BLAKE3_H

#include <stddef.h>
#include <stdint.h>

#define BLAKE3_OUT_BYTES 32
#define BLAKE3_BLOCK_BYTES 64
#define BLAKE3_CHUNK_BYTES 1024

/* Domain flags of the compression function (spec table 3; keyed modes are not implemented). */
enum { BLAKE3_CHUNK_START = 1, BLAKE3_CHUNK_END = 2, BLAKE3_PARENT = 4, BLAKE3_ROOT = 8 };

/* The chunk kernels. */
typedef enum blake3_impl { BLAKE3_PORTABLE, BLAKE3_AVX2, BLAKE3_AVX512 } blake3_impl;

/* Choose the chunk kernel: want, or the best one below it that the CPU and OS support.
 * Returns the kernel now in use. Without a call, the first use picks the best supported one, or
 * at most the one the environment names: G16K_BLAKE3=portable|avx2|avx512. For tests and
 * benchmarks: not meant to race with hashing on other threads. */
blake3_impl blake3_select(blake3_impl want);
/* The kernel in use (picking it on the first call, as above). */
blake3_impl blake3_impl_in_use(void);

/* out = BLAKE3-256 of len bytes at data (data may be NULL when len is 0). */
void blake3_hash(uint8_t out[BLAKE3_OUT_BYTES], const void *data, size_t len);

/* cv = the CV of chunk number counter, len <= 1024 bytes at chunk (len 0 only for the empty
 * input). flags: 0, or BLAKE3_ROOT for the only chunk of an input (then cv is its hash). */
void blake3_chunk_cv(uint32_t cv[8], const uint8_t *chunk, size_t len, uint64_t counter,
                     unsigned flags);
/* cvs[k] = the CV of the full 1024-byte chunk at chunks[k], number counter + k, for k < n
 * (none is a root). The chunks may lie anywhere; 16 (AVX-512) or 8 (AVX2) at a time. */
void blake3_chunks_cv(uint32_t (*cvs)[8], const uint8_t *const *chunks, size_t n, uint64_t counter);
/* out = the CV of the parent of left and right (out may alias either); flags 0 or BLAKE3_ROOT. */
void blake3_parent_cv(uint32_t out[8], const uint32_t left[8], const uint32_t right[8],
                      unsigned flags);
/* The n >= 2 CVs of consecutive sibling subtrees, all but the last complete subtrees of one
 * power-of-two size (chunk CVs of one subtree, or zkey leaves), merged in place in BLAKE3's
 * left-balanced order: cvs[0] = the CV of their subtree (flags BLAKE3_ROOT on the top parent
 * when it is the whole input's). cvs[1..n-1] are clobbered. */
void blake3_merge(uint32_t (*cvs)[8], size_t n, unsigned flags);

/* A CV as 32 bytes (little-endian words), and back. */
void blake3_cv_to_bytes(uint8_t out[BLAKE3_OUT_BYTES], const uint32_t cv[8]);
void blake3_cv_from_bytes(uint32_t cv[8], const uint8_t in[BLAKE3_OUT_BYTES]);

#endif
