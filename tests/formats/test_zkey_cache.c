/*
 * core/formats/zkey_cache.c: the tree digest against an independent implementation (Python's
 * hashlib.blake2b with the salt and personalization of zkey_cache.h; the values below come from
 *   python3 -c 'import hashlib,sys; L=1<<20; d=open(sys.argv[1],"rb").read(); lv=b"".join(
 *     hashlib.blake2b(d[i*L:(i+1)*L], digest_size=32, salt=i.to_bytes(8,"little")+bytes(8),
 *     person=b"g16k-zkey-leaf1\0").digest() for i in range((len(d)+L-1)//L)); print(
 *     hashlib.blake2b(len(d).to_bytes(8,"little")+lv, digest_size=32,
 *     person=b"g16k-zkey-root1\0").hexdigest())' FILE
 * on the committed fixture keys, on the bytes i mod 251 for i < 2^21 + 1, and on no bytes), and the
 * entries: recorded, found, refused when corrupt or written for another digest or size.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fmt_util.h"
#include "formats/zkey_cache.h"

static void assert_digest(const uint8_t *data, uint64_t len, const char *want_hex)
{
    uint8_t d[ZKEY_DIGEST_BYTES];
    char got[2 * ZKEY_DIGEST_BYTES + 1];
    assert_int_equal(zkey_digest(d, data, len), 0);
    for (int i = 0; i < ZKEY_DIGEST_BYTES; i++)
        snprintf(got + 2 * i, 3, "%02x", d[i]);
    assert_string_equal(got, want_hex);
}

static void test_digest_matches_hashlib(void **state)
{
    (void)state;
    static const struct {
        const char *fx, *hex;
    } keys[] = {
        { "mult", "0874996bbea05d3e4e059d48f479c7d5f472d316db4407ddbdb82daa72e87a33" },
        { "poseidon2", "e48b2236ccc21e864401bfd072a804cd49a4e9a9ba8e1b78dfa1fd5a15451b2e" },
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        size_t len;
        uint8_t *d = read_whole(fixture_path(keys[k].fx, "circuit_final.zkey"), &len);
        assert_digest(d, len, keys[k].hex);
        free(d);
    }
    size_t n = 2 * ZKEY_LEAF_BYTES + 1; /* three leaves, the last of one byte */
    uint8_t *b = malloc(n);
    assert_non_null(b);
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(i % 251);
    assert_int_equal(zkey_digest_leaves(n), 3);
    assert_digest(b, n, "3fa718b033648fc597f1a05790bd0d62b84ade0271527843501db32db473572b");
    free(b);
    assert_int_equal(zkey_digest_leaves(0), 0);
    assert_digest(NULL, 0, "3f0b146da9f6989acd0a78edee5a83e18e048da1d9ec153cf7d6184d17ecffef");
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
    assert_memory_equal(e, "g16k zkey verdict v2\ndigest 1111", 32);
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

static int teardown(void **state)
{
    (void)state;
    scratch_cleanup();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_digest_matches_hashlib),
        cmocka_unit_test_teardown(test_entries, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
