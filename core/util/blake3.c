/*
 * BLAKE3, unkeyed hash mode, 32-byte output (blake3.h): the portable compression function,
 * chunks, parents and the left-balanced tree, and the choice of chunk kernel. Written from the
 * specification (BLAKE3-team/BLAKE3-specs, blake3.pdf, sections 2.1-2.6); checked against the
 * official test vectors (test_vectors/test_vectors.json) and Debian's b3sum.
 */
#include "blake3.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "blake3_internal.h"
#include "platform/cpu_features.h"

static uint32_t rotr(uint32_t x, int n)
{
    return x >> n | x << (32 - n);
}

static uint32_t load_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The quarter-round G of spec 2.2 on state words a, b, c, d with message words x, y. */
static void g(uint32_t v[16], int a, int b, int c, int d, uint32_t x, uint32_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = rotr(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr(v[b] ^ v[c], 12);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr(v[d] ^ v[a], 8);
    v[c] = v[c] + v[d];
    v[b] = rotr(v[b] ^ v[c], 7);
}

/* cv = the first 8 words of the compression of message m (16 words) under cv (spec 2.2). */
static void compress(uint32_t cv[8], const uint32_t m[16], uint32_t block_len, uint64_t counter,
                     uint32_t flags)
{
    uint32_t v[16];
    memcpy(v, cv, 8 * sizeof(uint32_t));
    memcpy(v + 8, blake3_iv, 4 * sizeof(uint32_t));
    v[12] = (uint32_t)counter;
    v[13] = (uint32_t)(counter >> 32);
    v[14] = block_len;
    v[15] = flags;
    BLAKE3_ROUNDS(g, v, m);
    for (int i = 0; i < 8; i++)
        cv[i] = v[i] ^ v[i + 8];
}

void blake3_chunk_cv(uint32_t cv[8], const uint8_t *chunk, size_t len, uint64_t counter,
                     unsigned flags)
{
    size_t blocks = len ? (len + BLAKE3_BLOCK_BYTES - 1) / BLAKE3_BLOCK_BYTES : 1;
    memcpy(cv, blake3_iv, sizeof blake3_iv);
    for (size_t b = 0; b < blocks; b++) {
        uint8_t pad[BLAKE3_BLOCK_BYTES] = { 0 };
        size_t n = b + 1 < blocks ? BLAKE3_BLOCK_BYTES : len - b * BLAKE3_BLOCK_BYTES;
        const uint8_t *p = pad; /* a short last block is zero-padded (spec 2.4) */
        if (n == BLAKE3_BLOCK_BYTES)
            p = chunk + b * BLAKE3_BLOCK_BYTES;
        else if (n)
            memcpy(pad, chunk + b * BLAKE3_BLOCK_BYTES, n);
        uint32_t m[16];
        for (int i = 0; i < 16; i++)
            m[i] = load_le32(p + 4 * i);
        uint32_t f =
            (b == 0 ? BLAKE3_CHUNK_START : 0) | (b + 1 == blocks ? BLAKE3_CHUNK_END | flags : 0);
        compress(cv, m, (uint32_t)n, counter, f);
    }
}

void blake3_parent_cv(uint32_t out[8], const uint32_t left[8], const uint32_t right[8],
                      unsigned flags)
{
    uint32_t m[16];
    memcpy(m, left, 8 * sizeof(uint32_t));
    memcpy(m + 8, right, 8 * sizeof(uint32_t));
    memcpy(out, blake3_iv, sizeof blake3_iv);
    compress(out, m, BLAKE3_BLOCK_BYTES, 0, BLAKE3_PARENT | flags);
}

typedef void kernel_fn(uint32_t (*cvs)[8], const uint8_t *const *chunks, uint64_t counter);
typedef void parents_fn(uint32_t (*out)[8], const uint32_t (*pairs)[8]);
/* The SIMD kernels, by blake3_impl, and how many chunks (or parents) each takes at once. */
static const struct {
    kernel_fn *fn;
    parents_fn *parents;
    size_t width;
    const char *name;
} kernels[] = {
    [BLAKE3_PORTABLE] = { NULL, NULL, 1, "portable" },
#ifdef G16K_BLAKE3_X86
    [BLAKE3_AVX2] = { blake3_chunks8_avx2, blake3_parents8_avx2, 8, "avx2" },
    [BLAKE3_AVX512] = { blake3_chunks16_avx512, blake3_parents16_avx512, 16, "avx512" },
#else
    [BLAKE3_AVX2] = { NULL, NULL, 1, "avx2" },
    [BLAKE3_AVX512] = { NULL, NULL, 1, "avx512" },
#endif
};

/* cvs[j] = the parent of cvs[2j] and cvs[2j + 1], j < pairs: the kernel's width at a time (a
 * 1 MiB zkey leaf has 1023 parents; one at a time they cost 40% of its hash), the last 2 to
 * width - 1 on the kernel with idle lanes, a last single one portable. */
static void parents(uint32_t (*cvs)[8], size_t pairs)
{
    size_t j = 0;
    blake3_impl impl = pairs >= 2 ? blake3_impl_in_use() : BLAKE3_PORTABLE;
    parents_fn *fn = kernels[impl].parents;
    size_t w = kernels[impl].width;
    if (fn) {
        for (; j + w <= pairs; j += w) /* writes cvs[j, j + w), reads only from 2j on */
            fn(cvs + j, (const uint32_t(*)[8])cvs + 2 * j);
        if (j + 2 <= pairs) {
            uint32_t in[32][8], out[16][8];
            memcpy(in, cvs + 2 * j, 2 * (pairs - j) * sizeof in[0]);
            memset(in + 2 * (pairs - j), 0, (2 * w - 2 * (pairs - j)) * sizeof in[0]);
            fn(out, (const uint32_t(*)[8])in);
            memcpy(cvs + j, out, (pairs - j) * sizeof out[0]);
            j = pairs;
        }
    }
    for (; j < pairs; j++)
        blake3_parent_cv(cvs[j], cvs[2 * j], cvs[2 * j + 1], 0);
}

/* Pairs at each level, an odd last CV carried up unchanged: the left-balanced tree (spec 2.1)
 * when all but the last input are complete subtrees of one power-of-two size. */
void blake3_merge(uint32_t (*cvs)[8], size_t n, unsigned flags)
{
    while (n > 2) {
        size_t j = n / 2;
        parents(cvs, j);
        if (n & 1)
            memcpy(cvs[j++], cvs[n - 1], sizeof cvs[0]);
        n = j;
    }
    blake3_parent_cv(cvs[0], cvs[0], cvs[1], flags);
}

/* -1: not chosen yet; else a blake3_impl. Every thread that races to choose chooses the same. */
static atomic_int chosen = -1;

static int usable(blake3_impl k)
{
    if (!kernels[k].fn)
        return k == BLAKE3_PORTABLE;
#ifdef G16K_BLAKE3_X86
    /* cpu_features includes the OS check (XCR0 saves the YMM, and opmask and ZMM, state). */
    return (cpu_features() & (k == BLAKE3_AVX512 ? CPU_AVX512F : CPU_AVX2)) != 0;
#else
    return 0;
#endif
}

blake3_impl blake3_select(blake3_impl want)
{
    blake3_impl got = want;
    while (got != BLAKE3_PORTABLE && !usable(got))
        got = (blake3_impl)(got - 1);
    atomic_store_explicit(&chosen, (int)got, memory_order_relaxed);
    return got;
}

blake3_impl blake3_impl_in_use(void)
{
    int c = atomic_load_explicit(&chosen, memory_order_relaxed);
    if (c >= 0)
        return (blake3_impl)c;
    const char *env = getenv("G16K_BLAKE3");
    blake3_impl want = BLAKE3_AVX512;
    for (int k = BLAKE3_PORTABLE; env && k <= BLAKE3_AVX512; k++)
        if (strcmp(env, kernels[k].name) == 0)
            want = (blake3_impl)k;
    return blake3_select(want);
}

void blake3_chunks_cv(uint32_t (*cvs)[8], const uint8_t *const *chunks, size_t n, uint64_t counter)
{
    size_t k = 0;
    blake3_impl impl = n >= 2 ? blake3_impl_in_use() : BLAKE3_PORTABLE;
    kernel_fn *fn = kernels[impl].fn;
    size_t w = kernels[impl].width;
    if (fn) {
        for (; k + w <= n; k += w)
            fn(cvs + k, chunks + k, counter + k);
        if (k + 2 <= n) { /* 2 to w - 1 left: the kernel is faster even with idle lanes */
            const uint8_t *ptrs[16];
            uint32_t out[16][8];
            for (size_t j = 0; j < w; j++)
                ptrs[j] = chunks[k + j < n ? k + j : n - 1];
            fn(out, ptrs, counter + k);
            memcpy(cvs + k, out, (n - k) * sizeof out[0]);
            k = n;
        }
    }
    for (; k < n; k++)
        blake3_chunk_cv(cvs[k], chunks[k], BLAKE3_CHUNK_BYTES, counter + k, 0);
}

/* The CV of the subtree of len > 0 bytes at p whose first chunk is number counter: at most 16
 * chunks as one batch and a merge, more split as spec 2.1 says (the left child holds the largest
 * power of two of chunks that leaves the right one non-empty). */
static void subtree_cv(uint32_t cv[8], const uint8_t *p, size_t len, uint64_t counter,
                       unsigned flags)
{
    size_t n = (len + BLAKE3_CHUNK_BYTES - 1) / BLAKE3_CHUNK_BYTES;
    if (n == 1) {
        blake3_chunk_cv(cv, p, len, counter, flags);
        return;
    }
    if (n <= 16) {
        uint32_t cvs[16][8];
        const uint8_t *ptrs[16];
        size_t full = len / BLAKE3_CHUNK_BYTES;
        for (size_t k = 0; k < full; k++)
            ptrs[k] = p + k * BLAKE3_CHUNK_BYTES;
        blake3_chunks_cv(cvs, ptrs, full, counter);
        if (full < n)
            blake3_chunk_cv(cvs[full], p + full * BLAKE3_CHUNK_BYTES,
                            len - full * BLAKE3_CHUNK_BYTES, counter + full, 0);
        blake3_merge(cvs, n, flags);
        memcpy(cv, cvs[0], sizeof cvs[0]);
        return;
    }
    size_t left = 1;
    while (2 * left < n)
        left *= 2;
    uint32_t l[8], r[8];
    subtree_cv(l, p, left * BLAKE3_CHUNK_BYTES, counter, 0);
    subtree_cv(r, p + left * BLAKE3_CHUNK_BYTES, len - left * BLAKE3_CHUNK_BYTES, counter + left,
               0);
    blake3_parent_cv(cv, l, r, flags);
}

void blake3_hash(uint8_t out[BLAKE3_OUT_BYTES], const void *data, size_t len)
{
    uint32_t cv[8];
    if (len == 0)
        blake3_chunk_cv(cv, NULL, 0, 0, BLAKE3_ROOT);
    else
        subtree_cv(cv, data, len, 0, BLAKE3_ROOT);
    blake3_cv_to_bytes(out, cv);
}

void blake3_cv_to_bytes(uint8_t out[BLAKE3_OUT_BYTES], const uint32_t cv[8])
{
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 4; b++)
            out[4 * i + b] = (uint8_t)(cv[i] >> (8 * b));
}

void blake3_cv_from_bytes(uint32_t cv[8], const uint8_t in[BLAKE3_OUT_BYTES])
{
    for (int i = 0; i < 8; i++)
        cv[i] = load_le32(in + 4 * i);
}
