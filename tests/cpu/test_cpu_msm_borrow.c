/*
 * bases_borrow of the CPU plugin (plugin ABI 1.3) against bases_create, bit for bit: the same
 * points handed to bases_create (canonical and Montgomery, copied) and lent to bases_borrow
 * (Montgomery: used where they lie; canonical: copied), msm() on each with the same scalars,
 * and every result equal. Through each MSM path of the plugin: contexts with simd = auto (the
 * IFMA bucket kernels where the CPU has them) and portable, endo = on and off; windows auto, 3,
 * 9 (Jacobian buckets), 10 and 13 (batch-affine); 1 and 3 threads; random, witness-like (the
 * split of the scalars 0 and 1) and edge scalars (0, 1, 2, r - 1, test_util.h); bases with
 * repeats, negations and infinities; n = 1, 15, 16 (the endomorphism threshold), 300 and 2100 (G1; 700 on G2). The
 * lent points start 8 bytes past a 64-byte boundary (the contract promises no more) and are
 * compared with a copy after every msm and after bases_destroy. Last, a point changed in the lent
 * array (outside the contract, on purpose) shows in the next result: the handle holds no copy;
 * and a misaligned lent pointer is copied instead. Chunked contexts ([plugin.cpu] msm_chunk_kib)
 * give the default context's results.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bls12_381/curve.h"
#include "plugin_host.h"
#include "test_util.h"

static g16k_plugin_ctx *make_ctx(const char *simd, const char *endo)
{
    g16k_config_entry e[2] = { { "simd", simd, 1 }, { "endo", endo, 2 } };
    g16k_plugin_ctx *ctx = NULL;
    assert_int_equal(th_create(e, 2, &ctx), G16K_OK);
    return ctx;
}

/* Montgomery bytes of n canonical points of group id (each Fp coordinate through
 * fp_to_bytes_mont). */
static void to_mont(uint32_t id, uint8_t *mont, const uint8_t *canon, uint64_t n)
{
    for (uint64_t f = 0; f < n * tu_point_size(id) / 48; f++) {
        fp_t x;
        assert_int_equal(fp_from_bytes_canon(&x, canon + 48 * f), 0);
        fp_to_bytes_mont(mont + 48 * f, &x);
    }
}

static void msm_of(g16k_msm_bases *b, const fr_t *k, uint64_t n, uint32_t window, uint32_t threads,
                   uint8_t out[192])
{
    g16k_msm_params p = { .struct_size = sizeof p, .window = window, .threads = threads };
    host_clear_error();
    int rc = th_plugin()->msm->msm(b, k, n, G16K_ENC_CANONICAL, &p, out, G16K_ENC_CANONICAL);
    if (rc != G16K_OK)
        fail_msg("msm returned %d: %s", rc, host_last_error());
}

enum { H_CREATE_CANON, H_CREATE_MONT, H_BORROW_MONT, H_BORROW_CANON, H_UNALIGNED_MONT, H_COUNT };
static const char *const h_name[H_COUNT] = { "bases_create canonical", "bases_create Montgomery",
                                             "bases_borrow Montgomery", "bases_borrow canonical",
                                             "bases_borrow_unaligned Montgomery (4 bytes off)" };

static void borrow_equals_create(uint32_t id, uint64_t max_n)
{
    static const char *const simd[2] = { "auto", "portable" }, *const endo[2] = { "on", "off" };
    static const uint32_t windows[] = { 0, 3, 9, 10, 13 };
    const uint64_t sizes[] = { 1, 15, 16, 300, max_n };
    const g16k_msm_vtable *v = th_plugin()->msm;
    size_t sz = tu_point_size(id);
    uint64_t seed = 1414 + id;
    uint8_t *canon = malloc(max_n * sz), *mem = aligned_alloc(64, max_n * sz + 64);
    uint8_t *keep = malloc(max_n * sz);
    fr_t *k = malloc(max_n * sizeof *k);
    assert_non_null(canon);
    assert_non_null(mem);
    assert_non_null(keep);
    assert_non_null(k);
    uint8_t *lent = mem + 8; /* 8-byte aligned, not 16 */
    uint8_t *mem4 = aligned_alloc(64, max_n * sz + 64);
    assert_non_null(mem4);
    uint8_t *lent4 = mem4 + 4; /* as every other section of a mapped key file */
    tu_fill_bases(id, canon, max_n, 1, &seed);
    to_mont(id, lent, canon, max_n);
    memcpy(keep, lent, max_n * sz);
    memcpy(lent4, keep, max_n * sz);
    for (int c = 0; c < 4; c++) {
        g16k_plugin_ctx *ctx = make_ctx(simd[c & 1], endo[c >> 1]);
        g16k_msm_bases *h[H_COUNT] = { NULL };
        assert_int_equal(
            v->bases_create(ctx, id, canon, max_n, G16K_ENC_CANONICAL, &h[H_CREATE_CANON]),
            G16K_OK);
        assert_int_equal(
            v->bases_create(ctx, id, keep, max_n, G16K_ENC_MONTGOMERY, &h[H_CREATE_MONT]), G16K_OK);
        assert_int_equal(
            v->bases_borrow(ctx, id, lent, max_n, G16K_ENC_MONTGOMERY, &h[H_BORROW_MONT]), G16K_OK);
        assert_int_equal(
            v->bases_borrow(ctx, id, canon, max_n, G16K_ENC_CANONICAL, &h[H_BORROW_CANON]),
            G16K_OK);
        assert_int_equal(v->bases_borrow_unaligned(ctx, id, lent4, max_n, G16K_ENC_MONTGOMERY,
                                                   &h[H_UNALIGNED_MONT]),
                         G16K_OK);
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (int pat = 0; pat < 3; pat++) {
                uint64_t n = sizes[s];
                tu_fill_scalars(k, n, pat, &seed);
                for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
                    uint32_t threads = (w + s) & 1 ? 3 : 1;
                    uint8_t want[192], got[192];
                    msm_of(h[H_CREATE_CANON], k, n, windows[w], threads, want);
                    for (int i = 1; i < H_COUNT; i++) {
                        msm_of(h[i], k, n, windows[w], threads, got);
                        if (memcmp(want, got, sz) != 0)
                            fail_msg("G%u simd %s endo %s n %llu scalars %d window %u threads %u: "
                                     "%s differs from bases_create canonical",
                                     id == G16K_G1 ? 1u : 2u, simd[c & 1], endo[c >> 1],
                                     (unsigned long long)n, pat, windows[w], threads, h_name[i]);
                    }
                }
            }
        assert_memory_equal(lent, keep, max_n * sz); /* msm() only read them */
        assert_memory_equal(lent4, keep, max_n * sz);
        for (int i = 0; i < H_COUNT; i++)
            v->bases_destroy(h[i]);
        assert_memory_equal(lent, keep, max_n * sz); /* nor did bases_destroy touch them */
        th_plugin()->destroy(ctx);
    }

    /* No copy: point 0 of the lent array replaced (with its negation) while the handle lives;
     * the borrowed handle's result follows, the one created before does not. */
    g16k_msm_bases *bb = NULL, *cb = NULL;
    uint8_t before[192], after[192], copied[192];
    assert_int_equal(v->bases_borrow(th_ctx(), id, lent, 1, G16K_ENC_MONTGOMERY, &bb), G16K_OK);
    assert_int_equal(v->bases_create(th_ctx(), id, lent, 1, G16K_ENC_MONTGOMERY, &cb), G16K_OK);
    memset(&k[0], 0, sizeof k[0]);
    k[0].l[0] = 1;
    msm_of(bb, k, 1, 0, 1, before);
    assert_memory_equal(before, canon, sz);
    uint8_t neg[192];
    tu_neg_point(id, neg, canon);
    to_mont(id, lent, neg, 1);
    msm_of(bb, k, 1, 0, 1, after);
    msm_of(cb, k, 1, 0, 1, copied);
    assert_memory_equal(after, neg, sz);
    assert_memory_equal(copied, canon, sz);
    v->bases_destroy(bb);
    v->bases_destroy(cb);
    free(canon);
    free(mem);
    free(mem4);
    free(keep);
    free(k);
}

static void test_g1(void **state)
{
    (void)state;
    borrow_equals_create(G16K_G1, 2100);
}

static void test_g2(void **state)
{
    (void)state;
    borrow_equals_create(G16K_G2, 700);
}

/* The argument checks of bases_create, on bases_borrow: NULL, group, encoding. */
static void test_errors(void **state)
{
    (void)state;
    const g16k_msm_vtable *v = th_plugin()->msm;
    uint8_t pt[192] = { 0 };
    g16k_msm_bases *b = (g16k_msm_bases *)pt;
    assert_true(v->struct_size >= offsetof(g16k_msm_vtable, bases_borrow) + sizeof(void *));
    assert_non_null(v->bases_borrow);
    assert_int_equal(v->bases_borrow(th_ctx(), G16K_G1, NULL, 1, G16K_ENC_MONTGOMERY, &b),
                     G16K_EINVAL);
    assert_int_equal(v->bases_borrow(th_ctx(), G16K_G1, pt, 1, G16K_ENC_MONTGOMERY, NULL),
                     G16K_EINVAL);
    assert_int_equal(v->bases_borrow(th_ctx(), 7, pt, 1, G16K_ENC_MONTGOMERY, &b),
                     G16K_EUNSUPPORTED);
    assert_null(b);
    assert_int_equal(v->bases_borrow(th_ctx(), G16K_G1, pt, 1, 0, &b), G16K_EINVAL);
    assert_non_null(strstr(host_last_error(), "encoding"));
    /* n = 0: an empty handle, as bases_create gives */
    assert_int_equal(v->bases_borrow(th_ctx(), G16K_G2, NULL, 0, G16K_ENC_MONTGOMERY, &b), G16K_OK);
    uint8_t out[192];
    msm_of(b, NULL, 0, 0, 1, out);
    assert_memory_equal(out, pt, 192); /* infinity */
    v->bases_destroy(b);
}

/* [plugin.cpu] msm_chunk_kib: chunks of 1 and 3 KiB of points (10 and 32 G1 points, 5 and 16
 * G2 points, so 2100 G1 points make 210 chunks) give the same results as the default (one
 * chunk per thread share), on windows 9 (Jacobian) and 13 (batch-affine), 1 and 3 threads, both
 * SIMD paths; endo off, since the endomorphism path (at most 2^16 scalars) keeps its own chunks.
 * The default context's results are those test_g1 and test_cpu_msm check against naive sums.
 * A bad value is refused with the key's name. */
static void test_chunked_equals_default(void **state)
{
    (void)state;
    const g16k_msm_vtable *v = th_plugin()->msm;
    static const char *const simd[2] = { "auto", "portable" };
    static const char *const kib[2] = { "1", "3" };
    static const uint32_t windows[] = { 9, 13 };
    const uint32_t ids[2] = { G16K_G1, G16K_G2 };
    const uint64_t ns[2] = { 2100, 700 };
    for (int gi = 0; gi < 2; gi++) {
        uint32_t id = ids[gi];
        uint64_t n = ns[gi], seed = 4242 + id;
        size_t sz = tu_point_size(id);
        uint8_t *canon = malloc(n * sz);
        fr_t *k = malloc(n * sizeof *k);
        assert_non_null(canon);
        assert_non_null(k);
        tu_fill_bases(id, canon, n, 1, &seed);
        tu_fill_scalars(k, n, 0, &seed);
        for (int si = 0; si < 2; si++) {
            g16k_plugin_ctx *base = make_ctx(simd[si], "off");
            g16k_msm_bases *hb = NULL;
            assert_int_equal(v->bases_create(base, id, canon, n, G16K_ENC_CANONICAL, &hb), G16K_OK);
            for (int ci = 0; ci < 2; ci++) {
                g16k_config_entry e[3] = { { "simd", simd[si], 1 },
                                           { "endo", "off", 2 },
                                           { "msm_chunk_kib", kib[ci], 3 } };
                g16k_plugin_ctx *ctx = NULL;
                assert_int_equal(th_create(e, 3, &ctx), G16K_OK);
                g16k_msm_bases *hc = NULL;
                assert_int_equal(v->bases_create(ctx, id, canon, n, G16K_ENC_CANONICAL, &hc),
                                 G16K_OK);
                for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++)
                    for (uint32_t threads = 1; threads <= 3; threads += 2) {
                        uint8_t want[192], got[192];
                        msm_of(hb, k, n, windows[w], threads, want);
                        msm_of(hc, k, n, windows[w], threads, got);
                        if (memcmp(want, got, sz) != 0)
                            fail_msg("G%u simd %s msm_chunk_kib %s window %u threads %u: "
                                     "differs from the default chunks",
                                     gi + 1, simd[si], kib[ci], windows[w], threads);
                    }
                v->bases_destroy(hc);
                th_plugin()->destroy(ctx);
            }
            v->bases_destroy(hb);
            th_plugin()->destroy(base);
        }
        free(canon);
        free(k);
    }
    const char *bad[] = { "0", "1073741825", "1x", "-1", "" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g16k_config_entry e = { "msm_chunk_kib", bad[i], 7 };
        g16k_plugin_ctx *ctx = NULL;
        host_clear_error();
        assert_int_equal(th_create(&e, 1, &ctx), G16K_ECONFIG);
        assert_null(ctx);
        assert_non_null(strstr(host_last_error(), "test.ini:7: bad value"));
        assert_non_null(strstr(host_last_error(), "msm_chunk_kib"));
    }
}

/* bases_borrow_unaligned with more points than one aligned copy holds (CPU_MSM_STAGE_POINTS =
 * 4096: 16000 G1 points make two blocks per thread at 2 threads, four at 1, the batches drained
 * between them; without the drain, additions still waiting at the end of a block would read the
 * next block's points), windows 13
 * (batch-affine) and 9 (one copy of every point), 1 and 2 threads, IFMA and portable: the
 * results of bases_create on the same points; a lent array 4 bytes off is used where it lies
 * (point 0 replaced by its negation shows in the next result). */
static void test_unaligned_blocks(void **state)
{
    (void)state;
    const g16k_msm_vtable *v = th_plugin()->msm;
    const uint64_t n = 16000;
    uint64_t seed = 9191;
    uint8_t *canon = malloc(n * 96), *mem = aligned_alloc(64, n * 96 + 64);
    fr_t *k = malloc(n * sizeof *k);
    assert_non_null(canon);
    assert_non_null(mem);
    assert_non_null(k);
    uint8_t *lent = mem + 4;
    tu_fill_bases(G16K_G1, canon, n, 1, &seed);
    to_mont(G16K_G1, lent, canon, n);
    tu_fill_scalars(k, n, 0, &seed);
    static const char *const simd[2] = { "auto", "portable" };
    for (int si = 0; si < 2; si++) {
        g16k_plugin_ctx *ctx = make_ctx(simd[si], "off");
        g16k_msm_bases *hc = NULL, *hu = NULL;
        assert_int_equal(v->bases_create(ctx, G16K_G1, canon, n, G16K_ENC_CANONICAL, &hc), G16K_OK);
        assert_int_equal(v->bases_borrow_unaligned(ctx, G16K_G1, lent, n, G16K_ENC_MONTGOMERY, &hu),
                         G16K_OK);
        for (uint32_t window = 9; window <= 13; window += 4)
            for (uint32_t threads = 1; threads <= 2; threads++) {
                uint8_t want[192], got[192];
                msm_of(hc, k, n, window, threads, want);
                msm_of(hu, k, n, window, threads, got);
                if (memcmp(want, got, 96) != 0)
                    fail_msg("simd %s window %u threads %u: bases_borrow_unaligned differs",
                             simd[si], window, threads);
            }
        uint8_t before[192], after[192], neg[192];
        memset(&k[1], 0, (n - 1) * sizeof *k); /* k = (k0, 0, ..., 0): the result is k0 * P0 */
        msm_of(hu, k, n, 13, 1, before);
        tu_neg_point(G16K_G1, neg, canon);
        to_mont(G16K_G1, lent, neg, 1);
        msm_of(hu, k, n, 13, 1, after);
        to_mont(G16K_G1, lent, canon, 1);
        tu_neg_point(G16K_G1, neg, before);
        assert_memory_equal(after, neg, 96); /* k0 * (-P0) = -(k0 * P0): read where it lies */
        tu_fill_scalars(k, n, 0, &seed);
        v->bases_destroy(hu);
        v->bases_destroy(hc);
        th_plugin()->destroy(ctx);
    }
    free(canon);
    free(mem);
    free(k);
}

/* A misaligned lent pointer (outside the contract) is copied, never used where it lies. */
static void test_misaligned_copies(void **state)
{
    (void)state;
    const g16k_msm_vtable *v = th_plugin()->msm;
    _Alignas(64) uint8_t mem[96 + 64];
    uint8_t *lent = mem + 4, canon[96], out[192];
    uint64_t seed = 77;
    tu_random_point(G16K_G1, canon, &seed);
    to_mont(G16K_G1, lent, canon, 1);
    g16k_msm_bases *b = NULL;
    assert_int_equal(v->bases_borrow(th_ctx(), G16K_G1, lent, 1, G16K_ENC_MONTGOMERY, &b), G16K_OK);
    memset(lent, 0, 96); /* infinity, if the handle read it */
    fr_t one = { { 1, 0, 0, 0 } };
    msm_of(b, &one, 1, 0, 1, out);
    assert_memory_equal(out, canon, 96);
    v->bases_destroy(b);
}

int main(void)
{
    unsetenv("G16K_CPU_ENDO"); /* the contexts choose */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_g1),
        cmocka_unit_test(test_g2),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_misaligned_copies),
        cmocka_unit_test(test_chunked_equals_default),
        cmocka_unit_test(test_unaligned_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
