/*
 * core/util/blake3.c and blake3_avx512.c: the official BLAKE3 test vectors (BLAKE3-team/BLAKE3,
 * test_vectors/test_vectors.json, commit 77b257ee: the "hash" field's first 32 bytes for every
 * input_len, input byte i = i % 251) on each chunk kernel (portable, AVX2, AVX-512), and the
 * kernels bit for bit on other chunks (counters across 2^32, which no vector reaches), and each
 * kernel's parents (blake3_merge) against the tree of spec 2.1 built here by recursion.
 * The zkey digest's leaves and spans are tested in tests/formats/test_zkey_cache.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/blake3.h"

static const struct {
    size_t len;
    const char *hash;
} VECTORS[] = {
    { 0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262" },
    { 1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213" },
    { 2, "7b7015bb92cf0b318037702a6cdd81dee41224f734684c2c122cd6359cb1ee63" },
    { 3, "e1be4d7a8ab5560aa4199eea339849ba8e293d55ca0a81006726d184519e647f" },
    { 4, "f30f5ab28fe047904037f77b6da4fea1e27241c5d132638d8bedce9d40494f32" },
    { 5, "b40b44dfd97e7a84a996a91af8b85188c66c126940ba7aad2e7ae6b385402aa2" },
    { 6, "06c4e8ffb6872fad96f9aaca5eee1553eb62aed0ad7198cef42e87f6a616c844" },
    { 7, "3f8770f387faad08faa9d8414e9f449ac68e6ff0417f673f602a646a891419fe" },
    { 8, "2351207d04fc16ade43ccab08600939c7c1fa70a5c0aaca76063d04c3228eaeb" },
    { 63, "e9bc37a594daad83be9470df7f7b3798297c3d834ce80ba85d6e207627b7db7b" },
    { 64, "4eed7141ea4a5cd4b788606bd23f46e212af9cacebacdc7d1f4c6dc7f2511b98" },
    { 65, "de1e5fa0be70df6d2be8fffd0e99ceaa8eb6e8c93a63f2d8d1c30ecb6b263dee" },
    { 127, "d81293fda863f008c09e92fc382a81f5a0b4a1251cba1634016a0f86a6bd640d" },
    { 128, "f17e570564b26578c33bb7f44643f539624b05df1a76c81f30acd548c44b45ef" },
    { 129, "683aaae9f3c5ba37eaaf072aed0f9e30bac0865137bae68b1fde4ca2aebdcb12" },
    { 1023, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11" },
    { 1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7" },
    { 1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444" },
    { 2048, "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a" },
    { 2049, "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030" },
    { 3072, "b98cb0ff3623be03326b373de6b9095218513e64f1ee2edd2525c7ad1e5cffd2" },
    { 3073, "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd3" },
    { 4096, "015094013f57a5277b59d8475c0501042c0b642e531b0a1c8f58d2163229e969" },
    { 4097, "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb995" },
    { 5120, "9cadc15fed8b5d854562b26a9536d9707cadeda9b143978f319ab34230535833" },
    { 5121, "628bd2cb2004694adaab7bbd778a25df25c47b9d4155a55f8fbd79f2fe154cff" },
    { 6144, "3e2e5b74e048f3add6d21faab3f83aa44d3b2278afb83b80b3c35164ebeca205" },
    { 6145, "f1323a8631446cc50536a9f705ee5cb619424d46887f3c376c695b70e0f0507f" },
    { 7168, "61da957ec2499a95d6b8023e2b0e604ec7f6b50e80a9678b89d2628e99ada77a" },
    { 7169, "a003fc7a51754a9b3c7fae0367ab3d782dccf28855a03d435f8cfe74605e7817" },
    { 8192, "aae792484c8efe4f19e2ca7d371d8c467ffb10748d8a5a1ae579948f718a2a63" },
    { 8193, "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b" },
    { 16384, "f875d6646de28985646f34ee13be9a576fd515f76b5b0a26bb324735041ddde4" },
    { 31744, "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47" },
    { 102400, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085" },
};
#define N_VECTORS (sizeof VECTORS / sizeof VECTORS[0])

static void hex(char out[2 * BLAKE3_OUT_BYTES + 1], const uint8_t d[BLAKE3_OUT_BYTES])
{
    for (int i = 0; i < BLAKE3_OUT_BYTES; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void check_vectors(void)
{
    size_t max = VECTORS[N_VECTORS - 1].len;
    uint8_t *in = malloc(max);
    assert_non_null(in);
    for (size_t i = 0; i < max; i++)
        in[i] = (uint8_t)(i % 251);
    for (size_t v = 0; v < N_VECTORS; v++) {
        uint8_t d[BLAKE3_OUT_BYTES];
        char got[2 * BLAKE3_OUT_BYTES + 1];
        blake3_hash(d, VECTORS[v].len ? in : NULL, VECTORS[v].len);
        hex(got, d);
        if (strcmp(got, VECTORS[v].hash) != 0)
            fail_msg("input_len %zu: got %s, want %s", VECTORS[v].len, got, VECTORS[v].hash);
    }
    free(in);
}

/* The SIMD kernels, tested where the CPU has them (a visible skip elsewhere). */
static const struct {
    blake3_impl impl;
    const char *name;
} SIMD[] = { { BLAKE3_AVX2, "AVX2" }, { BLAKE3_AVX512, "AVX-512F" } };

static int use(blake3_impl impl, const char *name)
{
    if (blake3_select(impl) == impl)
        return 1;
    print_message("this CPU or OS has no %s: its BLAKE3 kernel is not tested here\n", name);
    return 0;
}

static void test_vectors_portable(void **state)
{
    (void)state;
    assert_int_equal(blake3_select(BLAKE3_PORTABLE), BLAKE3_PORTABLE);
    check_vectors();
}

/* Every vector of two full chunks and more (2048 bytes on) runs the SIMD kernel, with idle
 * lanes below its width. */
static void test_vectors_simd(void **state)
{
    (void)state;
    int ran = 0;
    for (size_t s = 0; s < sizeof SIMD / sizeof SIMD[0]; s++)
        if (use(SIMD[s].impl, SIMD[s].name)) {
            check_vectors();
            ran++;
        }
    if (!ran)
        skip();
}

/* 48 chunks (and 1 to 47 of them) of pseudo-random bytes (xorshift64), some at unaligned addresses, numbered from
 * 2^32 - 20 (so lanes carry into the counter's high word): the kernels agree. */
static void test_kernels_agree(void **state)
{
    (void)state;
    enum { N = 48 };
    uint8_t *buf = malloc(N * BLAKE3_CHUNK_BYTES + 64);
    assert_non_null(buf);
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < N * BLAKE3_CHUNK_BYTES + 64; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        buf[i] = (uint8_t)x;
    }
    const uint8_t *chunks[N];
    for (int k = 0; k < N; k++) /* out of order, odd offsets */
        chunks[k] = buf + (size_t)((k * 7) % N) * BLAKE3_CHUNK_BYTES + (size_t)(k % 3) * 21;
    static uint32_t want[N][8], got[N][8];
    const uint64_t counter = (1ull << 32) - 20;
    blake3_select(BLAKE3_PORTABLE);
    blake3_chunks_cv(want, chunks, N, counter);
    for (int k = 0; k < N; k++) { /* the portable batch is the chunk function */
        uint32_t one[8];
        blake3_chunk_cv(one, chunks[k], BLAKE3_CHUNK_BYTES, counter + (uint64_t)k, 0);
        assert_memory_equal(one, want[k], sizeof one);
    }
    int ran = 0;
    for (size_t s = 0; s < sizeof SIMD / sizeof SIMD[0]; s++) {
        if (!use(SIMD[s].impl, SIMD[s].name))
            continue;
        for (int n = 1; n <= N; n++) {
            memset(got, 0, sizeof got);
            blake3_chunks_cv(got, chunks, (size_t)n, counter);
            assert_memory_equal(got, want, (size_t)n * sizeof want[0]);
        }
        ran++;
    }
    free(buf);
    if (!ran)
        skip();
}

/* The CV of the left-balanced tree (spec 2.1) over cvs[0..n): the left subtree takes the
 * largest power of two below n, each node is blake3_parent_cv, the top one gets flags. */
static void tree_cv(uint32_t out[8], uint32_t (*cvs)[8], size_t n, unsigned flags)
{
    if (n == 1) {
        memcpy(out, cvs[0], sizeof cvs[0]);
        return;
    }
    size_t left = 1;
    while (2 * left < n)
        left *= 2;
    uint32_t l[8], r[8];
    tree_cv(l, cvs, left, 0);
    tree_cv(r, cvs + left, n - left, 0);
    blake3_parent_cv(out, l, r, flags);
}

/* blake3_merge of 2 to 40 and of 1023 to 1025 pseudo-random CVs (a zkey leaf merges 1024, its
 * root a few) on every kernel: the recursive tree's CV, with and without BLAKE3_ROOT. */
static void test_merge_agrees(void **state)
{
    (void)state;
    enum { MAX = 1025 };
    static uint32_t in[MAX][8], work[MAX][8];
    uint64_t x = 0x2545F4914F6CDD1Du;
    for (size_t i = 0; i < MAX; i++)
        for (int w = 0; w < 8; w++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            in[i][w] = (uint32_t)x;
        }
    static const size_t sizes[] = { 2,  3,  4,  5,  7,  8,    9,    15,  16,
                                    17, 31, 32, 33, 40, 1023, 1024, 1025 };
    const blake3_impl all[] = { BLAKE3_PORTABLE, BLAKE3_AVX2, BLAKE3_AVX512 };
    const char *names[] = { "portable", "AVX2", "AVX-512F" };
    int ran = 0;
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) {
        if (!use(all[k], names[k]))
            continue;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (unsigned flags = 0; flags <= BLAKE3_ROOT; flags += BLAKE3_ROOT) {
                uint32_t want[8];
                tree_cv(want, in, sizes[s], flags);
                memcpy(work, in, sizes[s] * sizeof in[0]);
                blake3_merge(work, sizes[s], flags);
                if (memcmp(work[0], want, sizeof want) != 0)
                    fail_msg("%s: merge of %zu CVs (flags %u) differs from the tree", names[k],
                             sizes[s], flags);
            }
        ran++;
    }
    assert_true(ran >= 1); /* the portable one always runs */
}

/* G16K_BLAKE3=portable (or avx2) caps the kernel when nothing was selected yet. */
static void test_env_choice(void **state)
{
    (void)state;
    const char *env = getenv("G16K_BLAKE3");
    assert_non_null(env);
    if (strcmp(env, "portable") == 0)
        assert_int_equal(blake3_impl_in_use(), BLAKE3_PORTABLE);
    else if (strcmp(env, "avx2") == 0)
        assert_true(blake3_impl_in_use() <= BLAKE3_AVX2);
    else
        fail_msg("G16K_BLAKE3=%s: this test knows portable and avx2", env);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "env") == 0) { /* run by the blake3_env test */
        const struct CMUnitTest env[] = { cmocka_unit_test(test_env_choice) };
        return cmocka_run_group_tests(env, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vectors_portable),
        cmocka_unit_test(test_vectors_simd),
        cmocka_unit_test(test_kernels_agree),
        cmocka_unit_test(test_merge_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
