/*
 * core/key/zkey_cache.c: the digest is BLAKE3-256 of the file, as Debian's b3sum (the Rust
 * implementation of the BLAKE3 team, independent of ours) prints it, on generated files around
 * the chunk, leaf and power-of-two sizes and on the committed fixture keys; the tree form (leaves
 * from spans cut at arbitrary places, then the root) equals the one-shot hash on every chunk
 * kernel; bad spans and leaf counts are refused; and the entries: recorded, found, refused when
 * corrupt or written for another digest or size; stamp entries (recorded for a quiet file only,
 * found for exactly its stamp). b3sum missing is a failure: scripts/setup.sh
 * installs it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "fmt_util.h"
#include "key/zkey_cache.h"
#include "g16k/g16k.h"
#include "util/blake3.h"

#define L ZKEY_LEAF_BYTES

/* Sizes at the edges: no byte, within a chunk, chunk, leaf and power-of-two boundaries. */
static const uint64_t SIZES[] = {
    0, 1,     1023,     1024,      1025,      3 * 1024 + 1, L - 1024,     L - 1,
    L, L + 1, L + 1024, 2 * L + 1, 3 * L + 5, 4 * L,        5 * L - 1024, 16 * L + 1023
};
#define N_SIZES (sizeof SIZES / sizeof SIZES[0])
#define MAX_SIZE (16 * L + 1023)

static uint64_t rng = 0x2545F4914F6CDD1Du;

static uint64_t next_rand(void) /* xorshift64 */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static uint8_t *random_bytes(size_t n)
{
    uint8_t *b = malloc(n ? n : 1);
    assert_non_null(b);
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(next_rand() >> 29);
    return b;
}

static void to_hex(char out[2 * ZKEY_DIGEST_BYTES + 1], const uint8_t d[ZKEY_DIGEST_BYTES])
{
    for (int i = 0; i < ZKEY_DIGEST_BYTES; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* Leaf i of data (size bytes) from up to 8 spans cut at random places (some empty, some cut
 * one byte off a chunk boundary); out as zkey_digest_leaf gives it. */
static void leaf_from_spans(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, uint64_t size,
                            uint64_t i)
{
    uint64_t off = i * L, len = size - off < L ? size - off : L;
    size_t cut[9];
    int n = 1 + (int)(next_rand() % 8);
    cut[0] = 0;
    cut[n] = (size_t)len;
    for (int k = 1; k < n; k++) {
        uint64_t r = next_rand();
        size_t c = (size_t)(r % (len + 1));
        if (r & 0x100) /* next to a chunk boundary */
            c = (c & ~(size_t)1023) + ((r >> 9) & 1 ? 1 : 0);
        cut[k] = c < cut[k - 1] ? cut[k - 1] : c > len ? (size_t)len : c;
    }
    zkey_span spans[8];
    for (int k = 0; k < n; k++)
        spans[k] = (zkey_span){ data + off + cut[k], cut[k + 1] - cut[k] };
    assert_int_equal(zkey_digest_leaf(out, i, size, spans, n), 0);
}

static void check_tree(const uint8_t *data, uint64_t size)
{
    uint8_t want[ZKEY_DIGEST_BYTES], got[ZKEY_DIGEST_BYTES];
    char w[2 * ZKEY_DIGEST_BYTES + 1], g[2 * ZKEY_DIGEST_BYTES + 1];
    blake3_hash(want, size ? data : NULL, (size_t)size);
    to_hex(w, want);
    assert_int_equal(zkey_digest(got, data, size), 0);
    to_hex(g, got);
    if (strcmp(g, w) != 0)
        fail_msg("size %llu: zkey_digest %s, blake3_hash %s", (unsigned long long)size, g, w);
    uint64_t n = zkey_digest_leaves(size);
    assert_int_equal(n, (size + L - 1) / L);
    uint8_t(*leaves)[ZKEY_DIGEST_BYTES] = malloc((n ? n : 1) * ZKEY_DIGEST_BYTES);
    assert_non_null(leaves);
    for (uint64_t i = 0; i < n; i++)
        leaf_from_spans(leaves[i], data, size, i);
    assert_int_equal(zkey_digest_root(got, size, (const uint8_t(*)[ZKEY_DIGEST_BYTES])leaves, n),
                     0);
    to_hex(g, got);
    if (strcmp(g, w) != 0)
        fail_msg("size %llu: leaves from spans and root %s, blake3_hash %s",
                 (unsigned long long)size, g, w);
    free(leaves);
}

static void check_sizes(void)
{
    uint8_t *data = random_bytes(MAX_SIZE);
    for (size_t s = 0; s < N_SIZES; s++)
        check_tree(data, SIZES[s]);
    free(data);
}

static void test_tree_portable(void **state)
{
    (void)state;
    assert_int_equal(blake3_select(BLAKE3_PORTABLE), BLAKE3_PORTABLE);
    check_sizes();
}

/* The same on each SIMD kernel the CPU has (a visible skip when it has none). */
static void test_tree_simd(void **state)
{
    (void)state;
    static const blake3_impl simd[] = { BLAKE3_AVX2, BLAKE3_AVX512 };
    int ran = 0;
    for (size_t k = 0; k < sizeof simd / sizeof simd[0]; k++)
        if (blake3_select(simd[k]) == simd[k]) {
            check_sizes();
            ran++;
        }
    if (!ran) {
        print_message("this CPU or OS has neither AVX2 nor AVX-512F: no SIMD kernel tested\n");
        skip();
    }
}

static void test_tree_refuses(void **state)
{
    (void)state;
    uint8_t *data = random_bytes(2 * L + 7), d[ZKEY_DIGEST_BYTES];
    uint8_t leaves[3][ZKEY_DIGEST_BYTES] = { { 0 } };
    zkey_span one = { data, L };
    assert_int_equal(zkey_digest_leaf(d, 0, 2 * L + 7, &one, 1), 0);
    one.len = L - 1; /* a byte short */
    assert_int_equal(zkey_digest_leaf(d, 0, 2 * L + 7, &one, 1), -1);
    zkey_span two[2] = { { data, L }, { data, 1 } }; /* a byte over */
    assert_int_equal(zkey_digest_leaf(d, 0, 2 * L + 7, two, 2), -1);
    zkey_span last = { data + 2 * L, 7 };
    assert_int_equal(zkey_digest_leaf(d, 2, 2 * L + 7, &last, 1), 0);
    assert_int_equal(zkey_digest_leaf(d, 3, 2 * L + 7, &last, 1), -1); /* no leaf 3 */
    assert_int_equal(zkey_digest_leaf(d, 0, 0, &last, 0), -1);         /* an empty file */
    assert_int_equal(zkey_digest_root(d, 2 * L + 7, (const uint8_t(*)[32])leaves, 2), -1);
    assert_int_equal(zkey_digest_root(d, 2 * L + 7, (const uint8_t(*)[32])leaves, 3), 0);
    assert_int_equal(zkey_digest_root(d, 0, NULL, 1), -1);
    free(data);
}

/* `b3sum --no-names path` in hex (fails the test when b3sum cannot run). */
static void b3sum(char hex[2 * ZKEY_DIGEST_BYTES + 1], const char *path)
{
    char cmd[4200], line[256] = "";
    snprintf(cmd, sizeof cmd, "b3sum --no-names '%s' 2>&1", path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    if (!fgets(line, sizeof line, p))
        line[0] = '\0';
    int rc = pclose(p);
    line[strcspn(line, "\n")] = '\0';
    if (rc != 0 || strlen(line) != 2 * ZKEY_DIGEST_BYTES)
        fail_msg("b3sum %s failed (%s): install it (apt install b3sum; scripts/setup.sh does)",
                 path, line);
    memcpy(hex, line, 2 * ZKEY_DIGEST_BYTES + 1);
}

static void check_b3sum(const char *path)
{
    size_t len;
    uint8_t *d = read_whole(path, &len);
    char want[2 * ZKEY_DIGEST_BYTES + 1], got[65];
    b3sum(want, path);
    assert_int_equal(g16k_zkey_digest(len ? d : NULL, len, got), G16K_OK);
    if (strcmp(got, want) != 0)
        fail_msg("%s (%zu bytes): g16k_zkey_digest %s, b3sum %s", path, len, got, want);
    free(d);
}

static void test_digest_matches_b3sum(void **state)
{
    (void)state;
    check_b3sum(fixture_path("mult", "circuit_final.zkey"));
    check_b3sum(fixture_path("poseidon2", "circuit_final.zkey"));
    uint8_t *data = random_bytes(MAX_SIZE);
    static const uint64_t sizes[] = { 0, 1025, L - 1, L, L + 1, 3 * L + 5, 5 * L + 777, MAX_SIZE };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const char *path = scratch_path("b3sum.bin");
        write_whole(path, data, (size_t)sizes[s]);
        check_b3sum(path);
    }
    free(data);
}

static void test_entries(void **state)
{
    (void)state;
    const char *dir = scratch_path("cache/sub");
    uint8_t d1[ZKEY_DIGEST_BYTES], d2[ZKEY_DIGEST_BYTES];
    memset(d1, 0x11, sizeof d1);
    memset(d2, 0x22, sizeof d2);
    assert_int_equal(zkey_cache_has(dir, d1, 100), 0); /* no folder: no entry */
    assert_int_equal(zkey_cache_put(dir, d1, 100, "/some/key.zkey"), 0);
    assert_int_equal(zkey_cache_has(dir, d1, 100), 1);
    assert_int_equal(zkey_cache_has(dir, d1, 101), 0); /* another size */
    assert_int_equal(zkey_cache_has(dir, d2, 100), 0); /* another digest */
    /* d1's entry under d2's name: foreign */
    char p1[4096], p2[4096];
    snprintf(p1, sizeof p1, "%s/%s.verified", dir,
             "1111111111111111111111111111111111111111111111111111111111111111");
    snprintf(p2, sizeof p2, "%s/%s.verified", dir,
             "2222222222222222222222222222222222222222222222222222222222222222");
    size_t len;
    uint8_t *e = read_whole(p1, &len);
    assert_memory_equal(e, "g16k zkey verdict v3\ndigest 1111", 32);
    write_whole(p2, e, len);
    assert_int_equal(zkey_cache_has(dir, d2, 100), 0);
    /* truncated: corrupt */
    write_whole(p1, e, 30);
    assert_int_equal(zkey_cache_has(dir, d1, 100), 0);
    free(e);
    char def[4096];
    setenv("XDG_CACHE_HOME", "/x", 1);
    assert_int_equal(zkey_cache_default_dir(def, sizeof def), 0);
    assert_string_equal(def, "/x/g16k");
    assert_int_equal(zkey_cache_default_dir(def, 4), -1); /* does not fit */
    assert_string_equal(def, "");
}

/* A folder is trusted with verdicts when it is missing (made 0700 later) or the user's own
 * folder that no one else may write; a symbolic link to one, or one writable by others, is not
 * (README: "Whoever can write the folder can make g16k skip the tests"; a fresh review found no
 * check). */
static void test_dir_trusted(void **state)
{
    (void)state;
    char dir[4096], link[4096];
    snprintf(dir, sizeof dir, "%s", scratch_path("trust"));
    snprintf(link, sizeof link, "%s", scratch_path("trust-link"));
    assert_int_equal(zkey_cache_dir_trusted(dir), 1); /* missing */
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(zkey_cache_dir_trusted(dir), 1);
    assert_int_equal(chmod(dir, 0755), 0);
    assert_int_equal(zkey_cache_dir_trusted(dir), 1);
    assert_int_equal(chmod(dir, 0775), 0);
    assert_int_equal(zkey_cache_dir_trusted(dir), 0);
    assert_int_equal(chmod(dir, 0777), 0);
    assert_int_equal(zkey_cache_dir_trusted(dir), 0);
    assert_int_equal(chmod(dir, 0700), 0);
    assert_int_equal(symlink(dir, link), 0);
    assert_int_equal(zkey_cache_dir_trusted(link), 0);
    unlink(link);
    rmdir(dir);
}

/* Stamp entries: recorded for a quiet file, found for exactly that stamp (every field), never
 * recorded for a racy one (changed within ZKEY_STAMP_QUIET_S of the load's start), ignored when
 * corrupt. */
static void test_stamp_entries(void **state)
{
    (void)state;
    const char *dir = scratch_path("cache/stamps");
    uint8_t d1[ZKEY_DIGEST_BYTES], got[ZKEY_DIGEST_BYTES];
    for (int i = 0; i < ZKEY_DIGEST_BYTES; i++)
        d1[i] = (uint8_t)(0xa0 + i);
    const zkey_stamp s = { .dev = 2049,
                           .ino = 777,
                           .size = 12345,
                           .mtime_s = 1700000000,
                           .mtime_ns = 5,
                           .ctime_s = 1700000100,
                           .ctime_ns = 999999999 };
    assert_int_equal(zkey_cache_stamp_get(dir, &s, got), 0); /* no folder: no entry */
    /* racy: changed 1 s, or exactly ZKEY_STAMP_QUIET_S s, before the load began */
    assert_int_equal(zkey_cache_stamp_put(dir, &s, d1, s.ctime_s + 1, 0), 1);
    assert_int_equal(zkey_cache_stamp_put(dir, &s, d1, s.ctime_s + ZKEY_STAMP_QUIET_S, s.ctime_ns),
                     1);
    assert_int_equal(zkey_cache_stamp_get(dir, &s, got), 0);
    assert_int_equal(
        zkey_cache_stamp_put(dir, &s, d1, s.ctime_s + ZKEY_STAMP_QUIET_S + 1, s.ctime_ns), 0);
    memset(got, 0, sizeof got);
    assert_int_equal(zkey_cache_stamp_get(dir, &s, got), 1);
    assert_memory_equal(got, d1, sizeof d1);
    /* every field of another version misses: the same entry file, another stamp */
    for (int f = 0; f < 5; f++) {
        zkey_stamp t = s;
        if (f == 0)
            t.size++;
        else if (f == 1)
            t.mtime_s++;
        else if (f == 2)
            t.mtime_ns++;
        else if (f == 3)
            t.ctime_s++;
        else
            t.ctime_ns--;
        assert_int_equal(zkey_cache_stamp_get(dir, &t, got), 0);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/file-2049-777.stamp", dir);
    size_t len;
    uint8_t *e = read_whole(path, &len);
    const char *want = "g16k zkey stamp v1\ndev 2049\nino 777\nsize 12345\n"
                       "mtime 1700000000.000000005\nctime 1700000100.999999999\ndigest a0a1a2a3";
    assert_memory_equal(e, want, strlen(want));
    write_whole(path, e, len - 3); /* truncated: corrupt */
    assert_int_equal(zkey_cache_stamp_get(dir, &s, got), 0);
    free(e);
}

static int teardown(void **state)
{
    (void)state;
    scratch_cleanup();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_portable),
        cmocka_unit_test(test_tree_simd),
        cmocka_unit_test(test_tree_refuses),
        cmocka_unit_test_teardown(test_digest_matches_b3sum, teardown),
        cmocka_unit_test_teardown(test_entries, teardown),
        cmocka_unit_test_teardown(test_stamp_entries, teardown),
        cmocka_unit_test_teardown(test_dir_trusted, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
