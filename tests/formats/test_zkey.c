/*
 * core/formats/zkey.c against the snarkjs fixtures and against corrupted copies of them.
 * Cross-checks come from outside our reader: r1cs_info.txt (snarkjs r1cs info), circuit.r1cs
 * (parsed here independently: section 4 must be its A and B terms plus the public-input rows,
 * docs/formats.md, ".zkey"), verification_key.json (decimal, read through the JSON path) and the
 * infinity counts quoted in docs/formats.md.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "fmt_util.h"
#include "formats/json_io.h"
#include "formats/zkey.h"
#include "formats/zkey_internal.h"
#include "util/error.h"

/* ---- an independent reader of the r1cs constraint section (A and B terms only) ---- */

typedef struct r1cs_term {
    uint32_t matrix, row, signal;
    fr_t coef; /* canonical */
} r1cs_term;

static r1cs_term *r1cs_ab_terms(const char *fixture, uint32_t *n_constraints, size_t *n_terms)
{
    size_t len;
    uint8_t *d = read_whole(fixture_path(fixture, "circuit.r1cs"), &len);
    size_t h, c;
    uint64_t hs, cs;
    assert_int_equal(container_find(d, len, 1, &h, &hs, NULL), 0);
    assert_int_equal(container_find(d, len, 2, &c, &cs, NULL), 0);
    assert_int_equal(get_le32(d + h), 32);
    uint32_t m = get_le32(d + h + 4 + 32 + 4 * 4 + 8);
    *n_constraints = m;
    size_t cap = 1024, n = 0;
    r1cs_term *t = malloc(cap * sizeof(*t));
    size_t o = c;
    for (uint32_t row = 0; row < m; row++) {
        for (uint32_t mat = 0; mat < 3; mat++) {
            uint32_t nt = get_le32(d + o);
            o += 4;
            for (uint32_t k = 0; k < nt; k++, o += 36) {
                if (mat == 2)
                    continue; /* C is not in the zkey */
                if (n == cap)
                    t = realloc(t, (cap *= 2) * sizeof(*t));
                t[n].matrix = mat;
                t[n].row = row;
                t[n].signal = get_le32(d + o);
                memcpy(t[n].coef.l, d + o + 4, 32); /* little-endian host */
                n++;
            }
        }
    }
    assert_int_equal(o, c + cs);
    free(d);
    *n_terms = n;
    return t;
}

static void assert_vk_matches(const zkey *k, const groth16_vk *vk, int same_delta)
{
    assert_int_equal(vk->n_public, k->n_public);
    assert_ptr_equal(vk->cv, &curve_bls12_381);
    assert_true(g1_affine_eq(&vk->alpha1.bls12_381, &k->alpha1.bls12_381));
    assert_true(g2_affine_eq(&vk->beta2.bls12_381, &k->beta2.bls12_381));
    assert_true(g2_affine_eq(&vk->gamma2.bls12_381, &k->gamma2.bls12_381));
    if (same_delta)
        assert_true(g2_affine_eq(&vk->delta2.bls12_381, &k->delta2.bls12_381));
    for (uint32_t i = 0; i <= k->n_public; i++)
        assert_true(g1_affine_eq(&vk->ic[i].bls12_381, (const g1_affine_t *)k->ic + i));
}

static void check_fixture_zkey(const char *fx, const char *file, int is_final)
{
    zkey *k = NULL;
    int rc = zkey_load(fixture_path(fx, file), 2, &k);
    if (rc != 0)
        fail_msg("%s/%s: %d %s", fx, file, rc, err_get());
    uint32_t p = r1cs_info(fx, "Outputs") + r1cs_info(fx, "Public Inputs");
    uint32_t m = r1cs_info(fx, "Constraints");
    assert_int_equal(k->n_vars, r1cs_info(fx, "Wires"));
    assert_int_equal(k->n_public, p);
    uint32_t n = 1;
    while (n < m + p + 1)
        n *= 2;
    assert_int_equal(k->domain_size, n);
    assert_int_equal(1u << k->log_n, n);

    /* gamma is 1 in snarkjs keys; delta is 1 before any contribution. */
    assert_true(g2_affine_eq(&k->gamma2.bls12_381, &G2_GENERATOR));
    if (!is_final) {
        assert_true(g1_affine_eq(&k->delta1.bls12_381, &G1_GENERATOR));
        assert_true(g2_affine_eq(&k->delta2.bls12_381, &G2_GENERATOR));
    }

    groth16_vk vk;
    rc = vk_json_read(fixture_path(fx, "verification_key.json"), &vk);
    if (rc != 0)
        fail_msg("%s: vk: %s", fx, err_get());
    assert_vk_matches(k, &vk, is_final);
    vk_free(&vk);

    /* Section 4 = r1cs A, B terms in order, then {A, m + s, s, 1} for s = 0..P; each value as
     * the file stores it, coef R^2 mod r (zkey.h): the Montgomery form of coef R. */
    uint32_t m2;
    size_t nt;
    r1cs_term *t = r1cs_ab_terms(fx, &m2, &nt);
    assert_int_equal(m2, m);
    assert_int_equal(k->n_coefs, nt + p + 1);
    for (size_t i = 0; i < k->n_coefs; i++) {
        const g16k_coef *c = &k->coefs[i];
        fr_t want;
        if (i < nt) {
            assert_int_equal(c->matrix, t[i].matrix);
            assert_int_equal(c->row, t[i].row);
            assert_int_equal(c->signal, t[i].signal);
            assert_int_equal(fr_from_canon(&want, &t[i].coef), 0);
        } else {
            uint32_t s = (uint32_t)(i - nt);
            assert_int_equal(c->matrix, 0);
            assert_int_equal(c->row, m + s);
            assert_int_equal(c->signal, s);
            want = FR_ONE;
        }
        fr_t stored; /* want's limbs are the integer coef R: its Montgomery form */
        assert_int_equal(fr_from_canon(&stored, &want), 0);
        assert_memory_equal(c->value, stored.l, 32);
    }
    free(t);
    zkey_free(k);
}

/* The first three fixtures are small and ship circuit_0000.zkey too. */
#define SMALL_FIXTURES 3

static void test_zkey_small_fixtures_match_r1cs_and_vk(void **state)
{
    (void)state;
    for (int i = 0; i < SMALL_FIXTURES; i++) {
        check_fixture_zkey(FIXTURES[i], "circuit_final.zkey", 1);
        check_fixture_zkey(FIXTURES[i], "circuit_0000.zkey", 0);
    }
}

/* poseidon_chain (11 MB) and sha256_64 (45 MB): most of the time is point validation. */
static void test_zkey_large_fixtures_match_r1cs_and_vk(void **state)
{
    (void)state;
    for (int i = SMALL_FIXTURES; i < FIXTURE_COUNT; i++)
        check_fixture_zkey(FIXTURES[i], "circuit_final.zkey", 1);
}

static void test_zkey_mult_coefficients(void **state)
{
    (void)state;
    zkey *k;
    assert_int_equal(zkey_load(fixture_path("mult", "circuit_final.zkey"), 1, &k), 0);
    /* c <== a*b: A = {a: -1}, B = {b: 1}; wires 0 = one, 1 = c, 2 = a, 3 = b. Stored values
     * are coef R^2 mod r (zkey.h): -R^2 and R^2, the Montgomery forms of -R and R. */
    assert_int_equal(k->n_coefs, 4);
    fr_t r2, minus_r2;
    assert_int_equal(fr_from_canon(&r2, &FR_ONE), 0); /* FR_ONE's limbs: the integer R mod r */
    fr_neg(&minus_r2, &r2);
    assert_int_equal(k->coefs[0].matrix, 0);
    assert_int_equal(k->coefs[0].signal, 2);
    assert_memory_equal(k->coefs[0].value, minus_r2.l, 32);
    assert_int_equal(k->coefs[1].matrix, 1);
    assert_int_equal(k->coefs[1].signal, 3);
    assert_memory_equal(k->coefs[1].value, r2.l, 32);
    zkey_free(k);
}

static void test_zkey_infinity_counts(void **state)
{
    (void)state;
    zkey *k;
    assert_int_equal(zkey_load(fixture_path("poseidon2", "circuit_final.zkey"), 1, &k), 0);
    /* docs/formats.md, "Encodings": poseidon2 has 275 of 520 A points and 358 of 520 B at infinity. */
    unsigned ia = 0, ib1 = 0, ib2 = 0;
    for (uint32_t i = 0; i < k->n_vars; i++) {
        ia += g1_affine_is_inf((const g1_affine_t *)k->a + i) != 0;
        ib1 += g1_affine_is_inf((const g1_affine_t *)k->b1 + i) != 0;
        ib2 += g2_affine_is_inf((const g2_affine_t *)k->b2 + i) != 0;
    }
    assert_int_equal(k->n_vars, 520);
    assert_int_equal(ia, 275);
    assert_int_equal(ib1, 358);
    assert_int_equal(ib2, 358);
    zkey_free(k);
}

static void test_zkey_threads_agree(void **state)
{
    (void)state;
    zkey *k1, *k3;
    const char *path = fixture_path("nopub", "circuit_final.zkey");
    assert_int_equal(zkey_load(path, 1, &k1), 0);
    assert_int_equal(zkey_load(path, 3, &k3), 0);
    assert_memory_equal(k1->a, k3->a, k1->n_vars * sizeof(g1_affine_t));
    assert_memory_equal(k1->b2, k3->b2, k1->n_vars * sizeof(g2_affine_t));
    assert_memory_equal(k1->h, k3->h, k1->domain_size * sizeof(g1_affine_t));
    zkey_free(k1);
    zkey_free(k3);
}

/* A file's key: read into memory (map 0) or mapped (map 1, zkey_load_args.map; map 2 also
 * with points_unaligned: every point section in the mapping); section 4 decoded, or kept as the
 * file's records (load_records, zkey_load_args.coef_records). */
static int load_records_of(const char *path, unsigned threads, int map, int records, zkey **out)
{
    zkey_load_args args = { .path = path,
                            .threads = threads,
                            .map = map != 0,
                            .coef_records = records,
                            .points_unaligned = map == 2 };
    return zkey_load_from(&args, out);
}

static int load_file(const char *path, unsigned threads, int map, zkey **out)
{
    return load_records_of(path, threads, map, 0, out);
}

static int within(const void *p, uint64_t size, const void *region, size_t len)
{
    uintptr_t a = (uintptr_t)p, lo = (uintptr_t)region;
    return region != NULL && a >= lo && a + size <= lo + len;
}

enum { FROM_MEMORY, FILE_READ, FILE_MAPPED, FILE_MAPPED_ALL };

/* The point arrays of a key read from a file lie where the load read the file (zkey_load.c: each
 * point section on a cache line of the key's image, used in place); a mapped file's lie where the
 * mapping has them when they start on an 8-byte boundary there, else in the image (copied, on a
 * cache line), or with points_unaligned (FILE_MAPPED_ALL) all in the mapping, off an 8-byte
 * boundary where the file has them so (and only then); a key loaded from memory copies them. All hold
 * exactly the section's bytes (the format stores Montgomery-form limbs little-endian, our layout
 * on this machine). */
static void expect_sections_as_stored(const zkey *k, const uint8_t *file, size_t len, int how,
                                      int records)
{
    const void *arr[] = { k->a, k->b1, k->b2, k->c, k->h };
    int off8 = 0, misaligned = 0;
    for (uint32_t id = 5; id <= 9; id++) {
        size_t at;
        uint64_t size;
        assert_int_equal(container_find(file, len, id, &at, &size, NULL), 0);
        assert_memory_equal(arr[id - 5], file + at, (size_t)size);
        const uint8_t *p = arr[id - 5];
        if (size == 0 || how == FROM_MEMORY)
            continue;
        off8 |= at % 8 != 0;
        misaligned |= (uintptr_t)p % 8 != 0;
        if (how == FILE_MAPPED_ALL || (how == FILE_MAPPED && at % 8 == 0)) {
            assert_ptr_equal(p, (const uint8_t *)k->file_map + at);
        } else {
            assert_true(within(p, size, k->image, k->image_len));
            assert_int_equal((uintptr_t)p % 64, 0);
        }
    }
    if (how != FROM_MEMORY && k->n_coefs > 0 && !records) /* decoded in the image */
        assert_true(within(k->coefs, k->n_coefs * sizeof(g16k_coef), k->image, k->image_len));
    if (how == FROM_MEMORY)
        assert_null(k->image);
    if (how != FILE_MAPPED && how != FILE_MAPPED_ALL)
        assert_null(k->file_map);
    else
        assert_int_equal(k->file_map_len, len);
    assert_int_equal(misaligned, how == FILE_MAPPED_ALL && off8);
}

static void check_points_in_place(const char *fixture)
{
    const char *path = fixture_path(fixture, "circuit_final.zkey");
    size_t len;
    uint8_t *file = read_whole(path, &len);
    zkey *k, *m, *mapped;
    /* The tests of the points are another test's subject (and slow under ASan). */
    zkey_load_args args = { .path = path, .threads = 2, .no_tests = 1 };
    assert_int_equal(zkey_load_from(&args, &k), 0);
    expect_sections_as_stored(k, file, len, FILE_READ, 0);
    args.map = 1;
    assert_int_equal(zkey_load_from(&args, &mapped), 0);
    expect_sections_as_stored(mapped, file, len, FILE_MAPPED, 0);
    /* Every section where the mapping has it: a snarkjs key puts some 4 bytes off an 8-byte
     * boundary (so this load runs the aligned copies of the point tests), none in the image. */
    zkey *all;
    args.points_unaligned = 1;
    args.no_tests = 0;
    assert_int_equal(zkey_load_from(&args, &all), 0);
    expect_sections_as_stored(all, file, len, FILE_MAPPED_ALL, 0);
    assert_int_not_equal(((uintptr_t)all->a | (uintptr_t)all->b1 | (uintptr_t)all->b2 |
                          (uintptr_t)all->c | (uintptr_t)all->h) %
                             8,
                         0);
    zkey_free(all);
    args.points_unaligned = 0;
    args.no_tests = 1;
    args.map = 0;
    args.data = file;
    args.size = len;
    assert_int_equal(zkey_load_from(&args, &m), 0);
    expect_sections_as_stored(m, file, len, FROM_MEMORY, 0);
    assert_int_equal(k->n_coefs, m->n_coefs);
    assert_memory_equal(k->coefs, m->coefs, k->n_coefs * sizeof(g16k_coef));
    assert_memory_equal(k->ic, m->ic, (k->n_public + 1) * sizeof(g1_affine_t));
    assert_int_equal(mapped->n_coefs, m->n_coefs);
    assert_memory_equal(mapped->coefs, m->coefs, m->n_coefs * sizeof(g16k_coef));
    assert_memory_equal(mapped->ic, m->ic, (m->n_public + 1) * sizeof(g1_affine_t));
    /* The points dropped, the coefficients kept: the mapping goes, the copies' region stays. */
    zkey_drop_arrays(mapped, ZKEY_KEEP_COEFS);
    assert_null(mapped->file_map);
    assert_null(mapped->a);
    if (m->n_coefs > 0) {
        assert_non_null(mapped->image);
        assert_memory_equal(mapped->coefs, m->coefs, m->n_coefs * sizeof(g16k_coef));
    }
    zkey_free(mapped);
    /* A synthesizer borrowed the coefficients (circuit_borrow), the MSM providers copied the
     * points: only the points go, and the coefficients stay readable and unchanged (in the
     * image, whose neighbouring pages were given back; or in their own allocation). */
    size_t coef_bytes = k->n_coefs * sizeof(g16k_coef);
    g16k_coef *coefs = malloc(coef_bytes ? coef_bytes : 1);
    memcpy(coefs, k->coefs, coef_bytes);
    zkey *both[2] = { k, m };
    for (int i = 0; i < 2; i++) {
        zkey_drop_arrays(both[i], ZKEY_KEEP_COEFS);
        assert_null(both[i]->a);
        assert_null(both[i]->b2);
        assert_null(both[i]->h);
        if (k->n_coefs > 0) {
            assert_non_null(both[i]->coefs);
            assert_memory_equal(both[i]->coefs, coefs, coef_bytes);
        }
    }
    if (k->n_coefs > 0)
        assert_non_null(k->image); /* kept for the coefficients */
    free(coefs);
    /* The circuit destroyed, the rest goes (the image with it). */
    zkey_drop_arrays(k, 0);
    assert_null(k->coefs);
    assert_null(k->image);
    zkey_free(k);
    zkey_free(m); /* frees the kept coefficients */
    free(file);
}

static void test_zkey_points_in_place(void **state)
{
    (void)state;
    for (int f = 0; f < SMALL_FIXTURES; f++)
        check_points_in_place(FIXTURES[f]);
}

/* zkey_load_args.coef_records: a key read or mapped keeps section 4 where the image or the
 * mapping has the file's bytes (coefs NULL, no room for a decoded list), equal to the file's
 * section; zkey_decode_coefs gives the list a decoding load gives (zkey_read_coefs: another
 * decoder); dropping with ZKEY_KEEP_COEFS keeps the records readable, without it they go, with
 * the mapping. A key in memory ignores the flag. */
static void check_coef_records(const char *fixture)
{
    const char *path = fixture_path(fixture, "circuit_final.zkey");
    size_t len, at;
    uint64_t size;
    uint8_t *file = read_whole(path, &len);
    assert_int_equal(container_find(file, len, 4, &at, &size, NULL), 0);
    /* The tests of the points are another test's subject (and slow under ASan). */
    zkey_load_args args = { .path = path, .threads = 2, .no_tests = 1 };
    zkey *want;
    assert_int_equal(zkey_load_from(&args, &want), 0);
    for (int map = 0; map <= 1; map++) {
        zkey *k;
        args.map = map;
        args.coef_records = 1;
        assert_int_equal(zkey_load_from(&args, &k), 0);
        assert_null(k->coefs);
        assert_non_null(k->coef_records);
        assert_int_equal(k->n_coefs, want->n_coefs);
        assert_int_equal(size, 4 + k->n_coefs * ZKEY_COEF_BYTES);
        assert_memory_equal(k->coef_records, file + at + 4, (size_t)(size - 4));
        if (map)
            assert_ptr_equal(k->coef_records, (const uint8_t *)k->file_map + at + 4);
        else
            assert_true(within(k->coef_records, size - 4, k->image, k->image_len));
        assert_memory_equal(k->b2, want->b2, want->n_vars * sizeof(g2_affine_t));
        /* the points where they were without the records: a copy for each section off an
         * 8-byte boundary of the mapping (the first such copy lies at the region's start) */
        expect_sections_as_stored(k, file, len, map ? FILE_MAPPED : FILE_READ, 1);
        zkey_drop_arrays(k, ZKEY_KEEP_COEFS); /* the points go, the records stay */
        assert_null(k->a);
        assert_non_null(k->coef_records);
        assert_memory_equal(k->coef_records, file + at + 4, (size_t)(size - 4));
        assert_int_equal(zkey_decode_coefs(k), 0);
        assert_non_null(k->coefs);
        assert_memory_equal(k->coefs, want->coefs, want->n_coefs * sizeof(g16k_coef));
        zkey_drop_arrays(k, 0);
        assert_null(k->coefs);
        assert_null(k->coef_records);
        assert_null(k->file_map);
        assert_null(k->image);
        zkey_free(k);
    }
    args.map = 0;
    args.data = file;
    args.size = len;
    zkey *m;
    assert_int_equal(zkey_load_from(&args, &m), 0);
    assert_null(m->coef_records);
    assert_memory_equal(m->coefs, want->coefs, want->n_coefs * sizeof(g16k_coef));
    zkey_free(m);
    zkey_free(want);
    free(file);
}

static void test_zkey_coef_records(void **state)
{
    (void)state;
    for (int f = 0; f < SMALL_FIXTURES; f++)
        check_coef_records(FIXTURES[f]);
}

static void test_zkey_points_in_place_large(void **state)
{
    (void)state;
    for (int f = SMALL_FIXTURES; f < FIXTURE_COUNT; f++)
        check_points_in_place(FIXTURES[f]);
}

/* Rss in bytes of this process's mapping that starts at p (/proc/self/smaps), or UINT64_MAX. */
static uint64_t mapping_rss(const void *p)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    assert_non_null(f);
    char line[512];
    int in = 0;
    uint64_t rss = UINT64_MAX;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi, kb;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2)
            in = lo == (uintptr_t)p;
        else if (in && sscanf(line, "Rss: %lu kB", &kb) == 1) {
            rss = (uint64_t)kb * 1024;
            break;
        }
    }
    fclose(f);
    return rss;
}

/* A mapped key keeps mapped only what it uses there: the pages of section 4 (decoded into the
 * image) and of each point section off an 8-byte boundary (copied into the image) are given
 * back after the load, so the mapping's resident size is at most the file less those bytes
 * (and two partial pages per range). The sections and their alignment come from the file's
 * own table. */
static void test_zkey_mapped_gives_back_copied_pages(void **state)
{
    (void)state;
    const char *path = fixture_path("sha256_64", "circuit_final.zkey");
    zkey *k = NULL;
    assert_int_equal(load_file(path, 2, 1, &k), 0);
    assert_non_null(k->file_map);
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    struct stat st;
    assert_int_equal(fstat(fd, &st), 0);
    binfile bf;
    assert_int_equal(binfile_read_table(&bf, fd, (uint64_t)st.st_size, path, ZKEY_MAGIC,
                                        ZKEY_VERSION, ZKEY_MAX_ID),
                     0);
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), freed = bf.sec[ZKEY_SEC_COEFS].size;
    int ranges = 1, copied = 0;
    for (uint32_t id = ZKEY_SEC_A; id <= ZKEY_SEC_H; id++)
        if (bf.sec[id].present && bf.sec[id].offset % 8 != 0) {
            freed += bf.sec[id].size;
            ranges++;
            copied++;
        }
    binfile_close(&bf);
    close(fd);
    print_message("%s: %llu of %llu bytes given back (section 4 and %d copied point sections)\n",
                  path, (unsigned long long)freed, (unsigned long long)st.st_size, copied);
    assert_true(freed > 4 * page * (uint64_t)ranges); /* else the test could not tell */
    uint64_t rss = mapping_rss(k->file_map);
    assert_true(rss != UINT64_MAX);
    assert_true(rss <= (uint64_t)st.st_size - freed + 2 * page * (uint64_t)ranges);
    zkey_free(k);
}

/* The same sections in another order, with unknown sections of odd sizes between them: every
 * point section still lands on a cache line, and the key is the same. */
static void test_zkey_points_in_place_any_order(void **state)
{
    (void)state;
    const char *path = fixture_path("poseidon2", "circuit_final.zkey");
    size_t len;
    uint8_t *file = read_whole(path, &len);
    const uint32_t order[] = { 9, 1, 7, 2, 5, 3, 10, 8, 4, 6 };
    size_t n = sizeof order / sizeof order[0], out_len = 12 + n * (12 + 3) + len;
    uint8_t *d = calloc(1, out_len), *o = d + 12;
    memcpy(d, file, 8);
    put_le32(d + 8, (uint32_t)(2 * n));
    for (size_t i = 0; i < n; i++) {
        size_t at;
        uint64_t size;
        assert_int_equal(container_find(file, len, order[i], &at, &size, NULL), 0);
        put_le32(o, 11 + (uint32_t)(i % 3)); /* unknown: skipped */
        put_le64(o + 4, 1 + i % 3);
        o += 12 + 1 + i % 3;
        memcpy(o, file + at - 12, 12 + (size_t)size);
        o += 12 + (size_t)size;
    }
    out_len = (size_t)(o - d);
    const char *moved = scratch_path("moved.zkey");
    write_whole(moved, d, out_len);
    zkey *want;
    assert_int_equal(zkey_load(path, 1, &want), 0);
    for (int map = 0; map <= 1; map++) {
        zkey *k;
        if (load_file(moved, 2, map, &k) != 0)
            fail_msg("%s", err_get());
        expect_sections_as_stored(k, d, out_len, map ? FILE_MAPPED : FILE_READ, 0);
        assert_memory_equal(k->coefs, want->coefs, want->n_coefs * sizeof(g16k_coef));
        assert_memory_equal(k->b2, want->b2, want->n_vars * sizeof(g2_affine_t));
        zkey_free(k);
    }
    zkey_free(want);
    free(d);
    free(file);
}

/* A mapped key notices a write in place (zkey_check_unchanged, which the prover runs after each
 * proof's MSMs) and not a rename over its path, which leaves the mapped file whole. The copy's
 * mtime is set far back first, so that the write moves it even where the kernel's file times
 * are coarser than the gap between the load and the write. */
static void test_zkey_mapped_file_changed(void **state)
{
    (void)state;
    size_t len;
    uint8_t *file = read_whole(fixture_path("poseidon2", "circuit_final.zkey"), &len);
    char path[4096], next[4096]; /* scratch_path's buffer is reused */
    snprintf(path, sizeof path, "%s", scratch_path("mapped.zkey"));
    snprintf(next, sizeof next, "%s", scratch_path("next.zkey"));
    const struct timespec old[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
    size_t at;
    uint64_t size;
    assert_int_equal(container_find(file, len, 9, &at, &size, NULL), 0);
    for (int how = 0; how < 2; how++) {
        write_whole(path, file, len);
        assert_int_equal(utimensat(AT_FDCWD, path, old, 0), 0);
        zkey *k;
        assert_int_equal(load_file(path, 2, 1, &k), 0);
        assert_non_null(k->file_map);
        assert_int_equal(zkey_check_unchanged(k), G16K_OK);
        uint8_t *other = malloc(len);
        memcpy(other, file, len);
        other[at + 5] ^= 1; /* a coordinate of H's first point */
        if (how == 0) {     /* in place: the same inode, new bytes */
            int fd = open(path, O_WRONLY);
            assert_true(fd >= 0);
            assert_int_equal(pwrite(fd, other + at, 8, (off_t)at), 8);
            close(fd);
            assert_int_equal(zkey_check_unchanged(k), G16K_EIO);
            assert_non_null(strstr(err_get(), "mapped.zkey: the key file changed in place"));
        } else { /* a new file renamed over the path: the mapping keeps the old one */
            write_whole(next, other, len);
            assert_int_equal(rename(next, path), 0);
            assert_int_equal(zkey_check_unchanged(k), G16K_OK);
            assert_memory_equal(k->h, file + at, (size_t)size);
        }
        free(other);
        zkey_free(k);
    }
    free(file);
}

/* A key found by its stamp entry is read after the stamp was taken. A write in place during that
 * read, with the mtime set back as the file's owner can (here from the load's first progress
 * call, which comes before the read), must fail the load: else it would use bytes that no
 * digest or test saw (a fresh review found that only the section table was compared). The
 * change time gives the write away. Read and mapped loads. */
typedef struct rewrite_ctx {
    const char *path;
    size_t at;
    int done;
} rewrite_ctx;

static int rewrite_once(void *user, const char *stage, uint64_t done, uint64_t total)
{
    (void)stage, (void)done, (void)total;
    rewrite_ctx *c = user;
    if (c->done++)
        return 0;
    struct stat st;
    int fd = open(c->path, O_RDWR);
    assert_true(fd >= 0);
    assert_int_equal(fstat(fd, &st), 0);
    uint8_t b;
    assert_int_equal(pread(fd, &b, 1, (off_t)c->at), 1);
    b ^= 1; /* a coordinate of H's first point */
    assert_int_equal(pwrite(fd, &b, 1, (off_t)c->at), 1);
    const struct timespec t[2] = { st.st_atim, st.st_mtim };
    assert_int_equal(futimens(fd, t), 0);
    close(fd);
    return 0;
}

static void test_zkey_stamp_write_during_load(void **state)
{
    (void)state;
    size_t len, at;
    uint64_t size;
    uint8_t *file = read_whole(fixture_path("poseidon2", "circuit_final.zkey"), &len);
    assert_int_equal(container_find(file, len, 9, &at, &size, NULL), 0);
    char path[4096], dir[4096];
    snprintf(path, sizeof path, "%s", scratch_path("stamped.zkey"));
    snprintf(dir, sizeof dir, "%s", scratch_path("cache"));
    for (int map = 0; map <= 1; map++) {
        write_whole(path, file, len);
        /* a stamp entry needs a file unchanged for ZKEY_STAMP_QUIET_S (2 s) before its load */
        const struct timespec quiet = { 2, 300000000 };
        nanosleep(&quiet, NULL);
        zkey_load_args args = { .path = path, .threads = 2, .cache_dir = dir, .map = map };
        zkey *k;
        if (zkey_load_from(&args, &k) != 0) /* tested, recorded: verdict and stamp entry */
            fail_msg("%s", err_get());
        zkey_free(k);
        rewrite_ctx c = { path, at, 0 };
        args.progress = rewrite_once;
        args.progress_user = &c;
        int rc = zkey_load_from(&args, &k);
        assert_true(c.done > 0);
        if (rc == 0)
            fail_msg("map %d: a load found by its stamp used bytes written during it", map);
        assert_int_equal(rc, G16K_EIO);
        assert_non_null(strstr(err_get(), "stamped.zkey: the file changed while it was read"));
        /* and the changed file is tested when loaded again: refused, H's point is off its curve */
        args.progress = NULL;
        assert_int_not_equal(zkey_load_from(&args, &k), 0);
        assert_non_null(strstr(err_get(), "stamped.zkey"));
    }
    free(file);
}

/* ---- corrupted copies of mult/circuit_final.zkey ---- */

static uint8_t *orig;
static size_t orig_len;

static int setup(void **state)
{
    (void)state;
    orig = read_whole(fixture_path("mult", "circuit_final.zkey"), &orig_len);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(orig);
    scratch_cleanup();
    return 0;
}

static uint8_t *copy(void)
{
    uint8_t *d = malloc(orig_len);
    memcpy(d, orig, orig_len);
    return d;
}

static size_t payload_of(uint32_t id)
{
    size_t p;
    assert_int_equal(container_find(orig, orig_len, id, &p, NULL, NULL), 0);
    return p;
}

static size_t entry_of(uint32_t id)
{
    size_t e;
    assert_int_equal(container_find(orig, orig_len, id, NULL, NULL, &e), 0);
    return e;
}

/* Load d as bad.zkey, read and mapped; expect G16K_EFORMAT and the file name plus the given
 * pieces, the same message both ways. */
static void expect_bad(const uint8_t *d, size_t len, ...)
{
    const char *path = scratch_path("bad.zkey");
    write_whole(path, d, len);
    char first[G16K_ERR_MAX];
    for (int how = 0; how < 5; how++) { /* read, mapped; decoded, records kept; all mapped */
        zkey *k = (zkey *)0x1;
        int rc = how == 4 ? load_records_of(path, 2, 2, 1, &k)
                          : load_records_of(path, 2, how & 1, how >> 1, &k);
        assert_ptr_equal(k, (zkey *)0x1); /* untouched on error */
        va_list ap;
        va_start(ap, len);
        expect_error_in(rc, G16K_EFORMAT, "bad.zkey", ap);
        va_end(ap);
        const char *msg = err_get();
        if (how == 0)
            snprintf(first, sizeof first, "%s", msg);
        else
            assert_string_equal(msg, first);
    }
}

static void expect_good(const uint8_t *d, size_t len)
{
    const char *path = scratch_path("good.zkey");
    write_whole(path, d, len);
    for (int map = 0; map <= 2; map++) {
        zkey *k = NULL;
        int rc = load_file(path, 2, map, &k);
        if (rc != 0)
            fail_msg("map %d: expected success: %s", map, err_get());
        zkey_free(k);
    }
}

static char at_byte[64];
static const char *byte_str(size_t off)
{
    snprintf(at_byte, sizeof(at_byte), "at byte %zu:", off);
    return at_byte;
}

static void test_zkey_missing_file_is_eio(void **state)
{
    (void)state;
    zkey *k;
    expect_error(zkey_load(scratch_path("nope.zkey"), 1, &k), G16K_EIO, "nope.zkey", NULL);
}

static void test_zkey_truncated(void **state)
{
    (void)state;
    expect_bad(orig, 0, "byte 0", NULL);
    expect_bad(orig, 3, "byte 0", NULL);
    expect_bad(orig, 11, "byte 0", NULL);
    expect_bad(orig, 20, "section table entry 0 at byte 12", NULL);
    expect_bad(orig, 30, "section table entry 1 at byte 28", "file ends", NULL);
    expect_bad(orig, 100, "section table entry 1 at byte 28", "section 2 size 964", "past the end",
               NULL);
    expect_bad(orig, payload_of(9) + 100, "section 9", "past the end", NULL);
    expect_bad(orig, orig_len - 1, "section 10", "past the end", NULL);
}

static void test_zkey_bad_container(void **state)
{
    (void)state;
    uint8_t *d = copy();
    d[0] = 'Z';
    expect_bad(d, orig_len, "magic", "byte 0", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + 4, 2);
    expect_bad(d, orig_len, "version 2", "byte 4", NULL);
    memcpy(d, orig, orig_len);
    /* A size so large that offset + size wraps around 2^64. */
    put_le64(d + entry_of(5) + 4, UINT64_MAX - 8);
    expect_bad(d, orig_len, "section 5 size", "past the end", NULL);
    memcpy(d, orig, orig_len);
    put_le64(d + entry_of(3) + 4, 1u << 20);
    expect_bad(d, orig_len, "section 3 size 1048576", "past the end", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + entry_of(10), 9);
    expect_bad(d, orig_len, "duplicate section 9", NULL);
    /* A bigger section count than there are sections. */
    memcpy(d, orig, orig_len);
    put_le32(d + 8, 11);
    expect_bad(d, orig_len, "section table entry 10", "file ends", NULL);
    free(d);

    uint8_t *longer = malloc(orig_len + 1);
    memcpy(longer, orig, orig_len);
    longer[orig_len] = 0;
    expect_bad(longer, orig_len + 1, "1 bytes after the last section", NULL);
    free(longer);
}

static void test_zkey_missing_sections(void **state)
{
    (void)state;
    size_t len;
    uint8_t *d = container_drop(orig, orig_len, 9, &len);
    expect_bad(d, len, "section 9 (H) missing", NULL);
    free(d);
    d = container_drop(orig, orig_len, 2, &len);
    expect_bad(d, len, "section 2 (groth16 header) missing", NULL);
    free(d);
    /* Section 10 (contributions) is not needed for proving. */
    d = container_drop(orig, orig_len, 10, &len);
    expect_good(d, len);
    free(d);
}

/* orig plus one section (id, payload of len bytes; size field as given) at the end. */
static uint8_t *with_extra_section(uint32_t id, uint64_t size_field, size_t len, size_t *out_len)
{
    *out_len = orig_len + 12 + len;
    uint8_t *d = calloc(1, *out_len);
    memcpy(d, orig, orig_len);
    put_le32(d + 8, get_le32(orig + 8) + 1);
    put_le32(d + orig_len, id);
    put_le64(d + orig_len + 4, size_field);
    memset(d + orig_len + 12, 0xa5, len);
    return d;
}

/* d loads as a key equal to the original (the skipped section changed nothing). */
static void expect_same_key(const uint8_t *d, size_t len)
{
    const char *path = scratch_path("extra.zkey");
    write_whole(path, d, len);
    zkey *want, *got;
    assert_int_equal(zkey_load(fixture_path("mult", "circuit_final.zkey"), 1, &want), 0);
    if (zkey_load(path, 1, &got) != 0)
        fail_msg("expected success: %s", err_get());
    assert_int_equal(got->n_vars, want->n_vars);
    assert_int_equal(got->n_coefs, want->n_coefs);
    assert_memory_equal(got->a, want->a, want->n_vars * sizeof(g1_affine_t));
    assert_memory_equal(got->b2, want->b2, want->n_vars * sizeof(g2_affine_t));
    assert_memory_equal(got->h, want->h, want->domain_size * sizeof(g1_affine_t));
    zkey_free(want);
    zkey_free(got);
}

/* Unknown section ids are skipped, as snarkjs' readBinFile does (binfile.h); their table entries
 * are still checked, and a known section whose id is damaged is then missing. */
static void test_zkey_unknown_sections(void **state)
{
    (void)state;
    size_t len;
    const uint32_t ids[] = { 11, 12, 0, 0xffffffffu };
    for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
        uint8_t *d = with_extra_section(ids[i], 40, 40, &len);
        expect_same_key(d, len);
        free(d);
    }
    uint8_t *d = with_extra_section(12, 41, 40, &len);
    expect_bad(d, len, "section 12 size 41", "past the end", NULL);
    free(d);
    d = copy();
    put_le32(d + entry_of(10), 11); /* contributions: not needed for proving */
    expect_same_key(d, orig_len);
    memcpy(d, orig, orig_len);
    put_le32(d + entry_of(5), 11);
    expect_bad(d, orig_len, "section 5 (A) missing", NULL);
    free(d);
}

/* BN254 keys (the committed bn128 fixtures): zkey_read_vk reads them (the curve from n8q and
 * q), and refuses one whose header point alpha1 is off the curve or whose delta2 lies on the
 * twist outside G2, naming the section, the byte and the point; the prover's load refuses a
 * BN254 key with the hint to compile for BLS12-381. */
static void test_zkey_bn128(void **state)
{
    (void)state;
    char src[1024];
    snprintf(src, sizeof(src), "%s", bn128_path("mult", "circuit_final.zkey"));
    groth16_vk vk;
    if (zkey_read_vk(src, &vk) != G16K_OK)
        fail_msg("%s", err_get());
    assert_ptr_equal(vk.cv, &curve_bn254);
    assert_int_equal(vk.n_public, 1);
    assert_true(bn254_g2_affine_eq(&vk.gamma2.bn254, &BN254_G2_GENERATOR));
    /* the prover's load: BN254's point sizes, the header and IC as zkey_read_vk reads them, the
     * sections where the file has them */
    zkey *k = NULL;
    if (zkey_load(src, 2, &k) != G16K_OK)
        fail_msg("%s", err_get());
    assert_ptr_equal(k->cv, &curve_bn254);
    assert_int_equal(k->n_public, 1);
    assert_int_equal(k->n_vars, vk.n_public + 3); /* mult: 1, out, a, b */
    assert_memory_equal(&k->alpha1, &vk.alpha1, sizeof(bn254_g1_affine_t));
    assert_memory_equal(&k->delta2, &vk.delta2, sizeof(bn254_g2_affine_t));
    for (uint32_t i = 0; i <= k->n_public; i++)
        assert_memory_equal((const bn254_g1_affine_t *)k->ic + i, &vk.ic[i],
                            sizeof(bn254_g1_affine_t));
    size_t len, h2, sb2, sa;
    uint64_t sb2_len;
    uint8_t *d = read_whole(src, &len);
    assert_int_equal(container_find(d, len, 7, &sb2, &sb2_len, NULL), 0);
    assert_int_equal(sb2_len, (size_t)k->n_vars * 128);
    assert_memory_equal(k->b2, d + sb2, sb2_len);
    zkey_free(k);
    vk_free(&vk);

    assert_int_equal(container_find(d, len, 5, &sa, NULL, NULL), 0);
    assert_int_equal(container_find(d, len, 2, &h2, NULL, NULL), 0);
    assert_int_equal(get_le32(d + h2), 32); /* n8q */
    const char *path = scratch_path("bn.zkey");
    char want[64];
    /* alpha1 = (1, 1): 1 != 1 + 3 */
    uint8_t *bad = malloc(len);
    memcpy(bad, d, len);
    bn254_fp_to_bytes_mont(bad + h2 + 84, &BN254_FP_ONE);
    bn254_fp_to_bytes_mont(bad + h2 + 84 + 32, &BN254_FP_ONE);
    write_whole(path, bad, len);
    snprintf(want, sizeof(want), "at byte %zu: alpha1: point not on the curve", h2 + 84);
    expect_error(zkey_read_vk(path, &vk), G16K_EFORMAT, "bn.zkey", "section 2 (groth16 header)",
                 want, NULL);
    /* delta2 (at 84 + 14 * 32) on the twist, outside G2 */
    memcpy(bad, d, len);
    bn254_g2_affine_t q;
    bn254_g2_off_subgroup(&q);
    size_t at = h2 + 84 + 14 * 32;
    bn254_fp_to_bytes_mont(bad + at, &q.x.c0);
    bn254_fp_to_bytes_mont(bad + at + 32, &q.x.c1);
    bn254_fp_to_bytes_mont(bad + at + 64, &q.y.c0);
    bn254_fp_to_bytes_mont(bad + at + 96, &q.y.c1);
    write_whole(path, bad, len);
    snprintf(want, sizeof(want), "at byte %zu: delta2: point not in the prime-order subgroup", at);
    expect_error(zkey_read_vk(path, &vk), G16K_EFORMAT, "bn.zkey", want, NULL);
    /* the same twist point as B2 point 2, and (1, 1) as A point 1: the load names each */
    memcpy(bad, d, len);
    at = sb2 + 2 * 128;
    bn254_fp_to_bytes_mont(bad + at, &q.x.c0);
    bn254_fp_to_bytes_mont(bad + at + 32, &q.x.c1);
    bn254_fp_to_bytes_mont(bad + at + 64, &q.y.c0);
    bn254_fp_to_bytes_mont(bad + at + 96, &q.y.c1);
    write_whole(path, bad, len);
    snprintf(want, sizeof(want), "at byte %zu: point 2: point not in the prime-order subgroup", at);
    expect_error(zkey_load(path, 2, &k), G16K_EFORMAT, "bn.zkey", "section 7 (B2)", want, NULL);
    memcpy(bad, d, len);
    at = sa + 1 * 64;
    bn254_fp_to_bytes_mont(bad + at, &BN254_FP_ONE);
    bn254_fp_to_bytes_mont(bad + at + 32, &BN254_FP_ONE);
    write_whole(path, bad, len);
    snprintf(want, sizeof(want), "at byte %zu: point 1: point not on the curve", at);
    expect_error(zkey_load(path, 2, &k), G16K_EFORMAT, "bn.zkey", "section 5 (A)", want, NULL);
    free(bad);
    free(d);
}

static void test_zkey_bad_headers(void **state)
{
    (void)state;
    uint8_t *d = copy();
    size_t h1 = payload_of(1), h2 = payload_of(2);
    put_le32(d + h1, 2);
    expect_bad(d, orig_len, "section 1 (header)", byte_str(h1), "protocol 2", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h2, 40);
    expect_bad(d, orig_len, "section 2 (groth16 header)", byte_str(h2), "n8q 40", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h2, 32); /* BN254's n8q in a BLS12-381 header: the header's size says so */
    expect_bad(d, orig_len, "section 2 (groth16 header)", byte_str(h2),
               "size 964, expected 660 (n8q 32: BN254 groth16 header)", NULL);
    memcpy(d, orig, orig_len);
    d[h2 + 4] ^= 1; /* q */
    expect_bad(d, orig_len, "section 2", byte_str(h2 + 4), "not BLS12-381 p", NULL);
    memcpy(d, orig, orig_len);
    d[h2 + 56 + 31] ^= 1; /* r */
    expect_bad(d, orig_len, "section 2", byte_str(h2 + 56), "not BLS12-381 r", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h2 + 92, 4); /* nPublic = nVars */
    expect_bad(d, orig_len, "section 2", "nPublic 4, nVars 4", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h2 + 96, 3);
    expect_bad(d, orig_len, "section 2", byte_str(h2 + 96), "power of two", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h2 + 96, 8); /* H then has the wrong size */
    expect_bad(d, orig_len, "section 9 (H)", byte_str(payload_of(9)), "size 384, expected 768",
               NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + h2 + 88, 5); /* nVars */
    expect_bad(d, orig_len, "section 5 (A)", "expected 480", NULL);
    memcpy(d, orig, orig_len);
    memset(d + h2 + 100, 0, 96); /* alpha1 = infinity */
    expect_bad(d, orig_len, "section 2", byte_str(h2 + 100), "alpha1", "infinity", NULL);
    free(d);
}

static void test_zkey_bad_coefficients(void **state)
{
    (void)state;
    uint8_t *d = copy();
    size_t c = payload_of(4); /* u32 nCoef, then 44-byte entries */
    put_le32(d + c, 5);
    expect_bad(d, orig_len, "section 4 (coefficients)", "size 180, expected 224", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + c + 4 + 44, 2);
    expect_bad(d, orig_len, "section 4", byte_str(c + 4 + 44), "coefficient 1: matrix 2", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + c + 4 + 4, 4);
    expect_bad(d, orig_len, "section 4", byte_str(c + 8), "row 4 >= domainSize 4", NULL);
    memcpy(d, orig, orig_len);
    put_le32(d + c + 4 + 88 + 8, 4);
    expect_bad(d, orig_len, "section 4", byte_str(c + 100), "coefficient 2: signal 4", NULL);
    memcpy(d, orig, orig_len);
    memset(d + c + 4 + 12, 0xff, 32);
    expect_bad(d, orig_len, "section 4", byte_str(c + 16), "value >= r", NULL);
    free(d);
}

/* A point of y^2 = x^3 + 4 that is not in the order-r subgroup (the cofactor is ~2^126, so the
 * first x that gives a point does it). */
static g1_affine_t off_subgroup_point(void)
{
    fp_t four;
    fp_set_u64(&four, 4);
    for (uint64_t i = 1; i < 1000; i++) {
        g1_affine_t p;
        fp_t rhs;
        fp_set_u64(&p.x, i);
        fp_sqr(&rhs, &p.x);
        fp_mul(&rhs, &rhs, &p.x);
        fp_add(&rhs, &rhs, &four);
        if (fp_sqrt(&p.y, &rhs) && g1_affine_is_on_curve(&p) && !g1_affine_in_subgroup(&p))
            return p;
    }
    fail_msg("no point outside the subgroup found");
    g1_affine_t none;
    memset(&none, 0, sizeof(none));
    return none;
}

static void test_zkey_bad_points(void **state)
{
    (void)state;
    uint8_t *d = copy();
    size_t a = payload_of(5), b1 = payload_of(6), b2 = payload_of(7), h = payload_of(9);
    memset(d + a + 96, 0xff, 48); /* A[1].x > p */
    expect_bad(d, orig_len, "section 5 (A)", byte_str(a + 96), "point 1", ">= p", NULL);
    memcpy(d, orig, orig_len);
    fp_to_bytes_mont(d + a + 96, &FP_MODULUS); /* A[1].x = p exactly */
    expect_bad(d, orig_len, "section 5 (A)", byte_str(a + 96), ">= p", NULL);

    memcpy(d, orig, orig_len);
    /* B1[3] = (1, 1): 1 != 1 + 4 */
    fp_to_bytes_mont(d + b1 + 3 * 96, &FP_ONE);
    fp_to_bytes_mont(d + b1 + 3 * 96 + 48, &FP_ONE);
    expect_bad(d, orig_len, "section 6 (B1)", byte_str(b1 + 288), "point 3", "not on the curve",
               NULL);

    memcpy(d, orig, orig_len);
    fp_to_bytes_mont(d + b2 + 192 + 96, &FP_ONE); /* B2[1].y.c0 changed */
    expect_bad(d, orig_len, "section 7 (B2)", byte_str(b2 + 192), "not on the curve", NULL);

    memcpy(d, orig, orig_len);
    g1_affine_t q = off_subgroup_point();
    fp_to_bytes_mont(d + h + 2 * 96, &q.x);
    fp_to_bytes_mont(d + h + 2 * 96 + 48, &q.y);
    expect_bad(d, orig_len, "section 9 (H)", byte_str(h + 192), "point 2", "subgroup", NULL);

    memcpy(d, orig, orig_len);
    fp_to_bytes_mont(d + payload_of(2) + 676, &q.x); /* delta1 */
    fp_to_bytes_mont(d + payload_of(2) + 676 + 48, &q.y);
    expect_bad(d, orig_len, "section 2", "delta1", "subgroup", NULL);

    /* Infinity is allowed in IC and the point sections. */
    memcpy(d, orig, orig_len);
    memset(d + payload_of(3), 0, 96);
    memset(d + payload_of(8), 0, 96);
    expect_good(d, orig_len);
    free(d);
}

/* No argument: small fixtures and corrupted keys. "large": the two large fixtures, registered
 * as a ctest of their own so that ctest -j runs them beside the rest. */
int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "large") == 0) {
        const struct CMUnitTest large[] = {
            cmocka_unit_test(test_zkey_large_fixtures_match_r1cs_and_vk),
            cmocka_unit_test(test_zkey_points_in_place_large),
            cmocka_unit_test(test_zkey_mapped_gives_back_copied_pages),
        };
        return cmocka_run_group_tests(large, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zkey_small_fixtures_match_r1cs_and_vk),
        cmocka_unit_test(test_zkey_mult_coefficients),
        cmocka_unit_test(test_zkey_infinity_counts),
        cmocka_unit_test(test_zkey_threads_agree),
        cmocka_unit_test(test_zkey_points_in_place),
        cmocka_unit_test(test_zkey_coef_records),
        cmocka_unit_test(test_zkey_missing_file_is_eio),
        cmocka_unit_test(test_zkey_truncated),
        cmocka_unit_test(test_zkey_bad_container),
        cmocka_unit_test(test_zkey_missing_sections),
        cmocka_unit_test(test_zkey_unknown_sections),
        cmocka_unit_test(test_zkey_bad_headers),
        cmocka_unit_test(test_zkey_bn128),
        cmocka_unit_test(test_zkey_bad_coefficients),
        cmocka_unit_test(test_zkey_bad_points),
        cmocka_unit_test(test_zkey_points_in_place_any_order),
        cmocka_unit_test(test_zkey_mapped_file_changed),
        cmocka_unit_test(test_zkey_stamp_write_during_load),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
