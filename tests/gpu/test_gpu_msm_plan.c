/*
 * test_gpu_msm_plan.c: the host half of the GPU MSM (gpu/common/gpu_msm_plan.c, the digit plan,
 * and gpu_msm_size.c, the sizing), no device needed.
 *  - the chunks cover every entry once, in order, never straddle two buckets, hold at most
 *    chunk_len entries, and the bucket -> chunk CSR points at the right ones;
 *  - a 0/1-heavy input (one bucket holding nearly all points) is cut so that its longest serial
 *    chain (chunk length + chunks of one bucket) is about 2 sqrt(bucket size);
 *  - every listed entry decodes back to the scalar: sum over windows of sign * (b + 1) * 2^(wc)
 *    per point equals the scalar (checked on the low 64 bits for small scalars);
 *  - the auto window model stays in range, grows with n, shrinks under a memory limit;
 *  - device limits: windows whose bucket sums exceed one buffer are refused naming both sizes;
 *    the part size keeps every buffer of a real plan within the per-buffer and total limits.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "gpu_msm_plan.h"
#include "gpu_msm_size.h"
#include "gpu_plugin_util.h"
#include "g16k/plugin.h"
#include "gpu_test_util.h"

static void check_chunks(const gpu_msm_plan *p)
{
    uint64_t n_buckets = (uint64_t)p->nw * p->nb;
    assert_int_equal(p->bucket_chunks[0], 0);
    assert_int_equal(p->bucket_chunks[n_buckets], p->n_chunks);
    assert_int_equal(p->chunk_starts[0], 0);
    assert_int_equal(p->chunk_starts[p->n_chunks], p->n_entries);
    uint32_t max_len = 0;
    for (uint64_t k = 0; k < n_buckets; k++) {
        uint32_t lo = p->offsets[k], hi = p->offsets[k + 1];
        if (hi - lo > max_len)
            max_len = hi - lo;
        if (lo == hi)
            assert_int_equal(p->bucket_chunks[k], p->bucket_chunks[k + 1]);
        for (uint32_t j = p->bucket_chunks[k]; j < p->bucket_chunks[k + 1]; j++) {
            assert_true(p->chunk_starts[j] >= lo);
            assert_true(p->chunk_starts[j + 1] <= hi);
            assert_true(p->chunk_starts[j + 1] > p->chunk_starts[j]);
            assert_true(p->chunk_starts[j + 1] - p->chunk_starts[j] <= p->chunk_len);
        }
        if (lo < hi) {
            assert_int_equal(p->chunk_starts[p->bucket_chunks[k]], lo);
            assert_int_equal(p->chunk_starts[p->bucket_chunks[k + 1]], hi);
        }
    }
    assert_int_equal(max_len, p->max_bucket);
}

/* the digits listed for small scalars add back up to them */
static void check_decode(const gpu_msm_plan *p, const uint64_t (*s)[4], uint64_t n)
{
    /* Sums wrap modulo 2^64 (high windows of dense scalars overflow); small ones come out exact. */
    uint64_t *sum = calloc(n, sizeof *sum);
    for (uint64_t k = 0; k < (uint64_t)p->nw * p->nb; k++) {
        uint64_t w = k / p->nb, b = k % p->nb;
        for (uint32_t e = p->offsets[k]; e < p->offsets[k + 1]; e++) {
            uint32_t ent = p->entries[e];
            uint64_t v = (b + 1) << (w * p->c > 62 ? 0 : w * p->c);
            if (w * p->c > 62)
                continue; /* dense scalars: high windows skipped */
            sum[ent >> 1] += ent & 1 ? 0 - v : v;
        }
    }
    for (uint64_t i = 0; i < n; i++)
        if (!(s[i][1] | s[i][2] | s[i][3]) && s[i][0] < ((uint64_t)1 << 40))
            assert_int_equal(sum[i], s[i][0]);
    free(sum);
}

static void test_chunks_01_heavy(void **state)
{
    (void)state;
    enum { N = 20000 };
    uint64_t(*s)[4] = calloc(N, sizeof *s);
    for (int i = 0; i < N; i++) {
        uint64_t r = gpu_test_rand() % 100;
        if (r < 90)
            s[i][0] = 1;
        else if (r < 95)
            s[i][0] = gpu_test_rand() % 1000;
        else if (r < 98)
            gpu_test_rand_scalar(s[i]);
    }
    const uint32_t windows[] = { 0, 1, 5, 8, 13 };
    for (int w = 0; w < 5; w++) {
        gpu_msm_plan p;
        assert_int_equal(
            gpu_msm_plan_build(&p, s, N, G16K_ENC_CANONICAL, windows[w], G16K_G1, NULL, 2),
            G16K_OK);
        check_chunks(&p);
        check_decode(&p, (const uint64_t(*)[4])s, N);
        /* the ones bucket: about 18000 entries; its serial chain (one chunk, then the chunk
         * partials) is at least 20 times shorter */
        assert_true(p.max_bucket > 17000);
        uint32_t chunks0 = p.bucket_chunks[1] - p.bucket_chunks[0];
        assert_true(chunks0 > 1);
        assert_true(20 * (p.chunk_len + chunks0) < p.max_bucket);
        gpu_msm_plan_cleanup(&p);
    }
    free(s);
}

static void test_chunks_random_and_edges(void **state)
{
    (void)state;
    enum { N = 3000 };
    uint64_t(*s)[4] = calloc(N, sizeof *s);
    for (int i = 0; i < N; i++)
        gpu_test_rand_scalar(s[i]);
    memcpy(s[1], GPU_TEST_R_MINUS_1, 32);
    memset(s[2], 0, 32);
    for (uint32_t c = 1; c <= 16; c += 3) {
        gpu_msm_plan p;
        assert_int_equal(gpu_msm_plan_build(&p, s, N, G16K_ENC_CANONICAL, c, G16K_G2, NULL, 2),
                         G16K_OK);
        assert_int_equal(p.c, c);
        check_chunks(&p);
        gpu_msm_plan_cleanup(&p);
    }
    /* all zero: no entries, nothing to cut */
    gpu_msm_plan p;
    memset(s, 0, 32 * N);
    assert_int_equal(gpu_msm_plan_build(&p, s, N, G16K_ENC_CANONICAL, 0, G16K_G1, NULL, 2),
                     G16K_OK);
    assert_int_equal(p.n_entries, 0);
    gpu_msm_plan_cleanup(&p);
    /* windows above the maximum are clamped; bad encodings refused */
    s[0][0] = 3;
    assert_int_equal(gpu_msm_plan_build(&p, s, 1, G16K_ENC_CANONICAL, 31, G16K_G1, NULL, 2),
                     G16K_OK);
    assert_int_equal(p.c, GPU_MSM_PLAN_MAX_WINDOW);
    check_chunks(&p);
    gpu_msm_plan_cleanup(&p);
    assert_int_equal(gpu_msm_plan_build(&p, s, 1, 0, 0, G16K_G1, NULL, 2), G16K_EINVAL);
    gpu_msm_plan_cleanup(&p);
    free(s);
}

static void test_auto_window_model(void **state)
{
    (void)state;
    gpu_msm_device gpu = { .compute_units = 132, .lanes = 128 };
    gpu_msm_device cpu = { .compute_units = 2, .lanes = 1 };
    uint32_t prev = 0;
    for (uint32_t lg = 0; lg <= 26; lg++) {
        uint64_t n = (uint64_t)1 << lg;
        uint32_t c = gpu_msm_plan_auto_window(n, n, G16K_G1, &gpu);
        assert_true(c >= 1 && c <= GPU_MSM_PLAN_MAX_AUTO_WINDOW);
        assert_true(c >= prev); /* more points, no smaller window */
        prev = c;
        uint32_t cc = gpu_msm_plan_auto_window(n, n, G16K_G1, &cpu);
        assert_true(cc >= 1 && cc <= GPU_MSM_PLAN_MAX_AUTO_WINDOW);
    }
    /* a tight memory budget lowers the window; G2 needs more memory than G1 */
    uint64_t n = (uint64_t)1 << 24;
    uint32_t free_c = gpu_msm_plan_auto_window(n, n, G16K_G1, &gpu);
    gpu_msm_device small = gpu;
    small.mem_bytes = (uint64_t)1500 << 20;
    uint32_t tight = gpu_msm_plan_auto_window(n, n, G16K_G1, &small);
    assert_true(tight <= free_c);
    assert_true(gpu_msm_plan_auto_window(n, n, G16K_G2, &small) <= tight);
    /* effective n: zeros count 0, small scalars a quarter, dense 1 */
    uint64_t s[8][4];
    memset(s, 0, sizeof s);
    for (int i = 0; i < 4; i++)
        s[i][0] = 1;
    s[4][3] = 5;
    assert_int_equal(gpu_msm_plan_effective_n(s, 8, G16K_ENC_CANONICAL), 2);
    assert_int_equal(gpu_msm_plan_effective_n(s, 8, G16K_ENC_MONTGOMERY), 5);
}

/* Bytes of the bucket sums of window c, computed here: ceil(256 / c) 2^(c-1) XYZZ points. */
static uint64_t bucket_bytes(uint32_t c, uint32_t group)
{
    uint64_t xyzz = group == G16K_G2 ? 384 : 192;
    return (uint64_t)((256 + c - 1) / c) * ((uint64_t)1 << (c - 1)) * xyzz;
}

/* The device: 8 GiB per buffer, 16 GiB for one MSM (PoCL on a 23 GB host said so).
 * Windows whose bucket sums exceed a buffer are refused naming both sizes; every other window
 * runs, 45 million G1 bases or 2^27 included, as parts whose buffers fit. */
static void test_limits_window_and_parts(void **state)
{
    (void)state;
    gpu_msm_device dev = { .compute_units = 2,
                           .lanes = 1,
                           .mem_bytes = (uint64_t)16 << 30,
                           .max_alloc = (uint64_t)8 << 30,
                           .host_bytes = (uint64_t)3 << 30,
                           .part_align = 4 };
    for (uint32_t group = G16K_G1; group <= G16K_G2; group++)
        for (uint32_t c = 1; c <= GPU_MSM_PLAN_MAX_WINDOW; c++) {
            int rc = gpu_msm_plan_window_check(c, group, &dev);
            uint64_t part = gpu_msm_plan_part_points(c, group, &dev);
            if (bucket_bytes(c, group) > dev.max_alloc) {
                assert_int_equal(rc, G16K_EUNSUPPORTED);
                assert_int_equal(part, 0);
                assert_non_null(strstr(host_last_error(), "bucket buffer"));
                assert_non_null(strstr(host_last_error(), "8192 MiB (8589934592 bytes) per "
                                                          "buffer"));
            } else if (rc == G16K_OK) {
                assert_true(part > 0 && part % 4 == 0);
                uint64_t nw = (256 + c - 1) / c;
                assert_true(part * nw * 4 <= dev.max_alloc); /* the entry list */
                assert_true(part * nw <= UINT32_MAX && part <= INT32_MAX);
            }
        }
    /* window 24 (the issue's [window] = 24) is refused, 16 is fine */
    assert_int_equal(gpu_msm_plan_window_check(24, G16K_G1, &dev), G16K_EUNSUPPORTED);
    assert_int_equal(gpu_msm_plan_window_check(16, G16K_G1, &dev), G16K_OK);
    assert_int_equal(gpu_msm_plan_window_check(25, G16K_G1, &dev), G16K_EUNSUPPORTED);
    assert_int_equal(gpu_msm_plan_window_check(0, G16K_G1, &dev), G16K_EUNSUPPORTED);
    /* the auto window for 45 million bases (it was 3, then refused) and for 2^27 */
    const uint64_t sizes[] = { 45000000, (uint64_t)1 << 27 };
    for (int i = 0; i < 2; i++)
        for (uint32_t group = G16K_G1; group <= G16K_G2; group++) {
            uint32_t c = gpu_msm_plan_auto_window(sizes[i], sizes[i], group, &dev);
            assert_int_equal(gpu_msm_plan_window_check(c, group, &dev), G16K_OK);
            uint64_t part = gpu_msm_plan_part_points(c, group, &dev);
            uint64_t nw = (256 + c - 1) / c;
            assert_true(part * nw * 4 <= dev.max_alloc);
            assert_true(part * nw * 4 <= dev.host_bytes);
            assert_true(bucket_bytes(c, group) <= dev.max_alloc);
        }
    /* part lengths: never past n, never across a bases buffer */
    assert_int_equal(gpu_msm_plan_part_len(0, 1000, 64, 100), 64);
    assert_int_equal(gpu_msm_plan_part_len(64, 1000, 64, 100), 36);
    assert_int_equal(gpu_msm_plan_part_len(100, 1000, 64, 100), 64);
    assert_int_equal(gpu_msm_plan_part_len(960, 1000, 64, 0), 40);
    assert_int_equal(gpu_msm_plan_part_len(990, 1000, 64, 100), 10);
}

/* The Filecoin PoRep size (issue 33.6): the H MSM of a 2^27 domain, dense scalars, on an 80 GB
 * device (A100, H100) and on a 141 GB one (H200), as the CUDA plugin sizes it (cuda/ops.c
 * cu_limits: no per-buffer cap, one part's budget the free memory, here the device's less the
 * resident H bases, 2^27 affine G1 points of 96 bytes (with the other bases resident too the
 * budget shrinks and the plan cuts parts); 132 SMs of CUDA_MSM_LANES = 128; plans
 * built on the device: 32 bytes of scalar a point). The plan is printed, so the Filecoin plan is
 * known before a GPU runs it, and checked: every point in a part, a part's dense entry list,
 * scalars and buckets within the budget, the lists within 32 bits. */
static void test_plan_filecoin_h(void **state)
{
    (void)state;
    const uint64_t n = (uint64_t)1 << 27, gb = 1000000000ull;
    const uint64_t devices[] = { 80 * gb, 141 * gb };
    for (int i = 0; i < 2; i++) {
        uint64_t budget = devices[i] - n * 96;
        gpu_msm_device dev = { .compute_units = 132,
                               .lanes = 128,
                               .mem_bytes = budget,
                               .max_alloc = 0,
                               .host_bytes = 0,
                               .part_align = 1,
                               .point_extra = 32 };
        uint32_t c = 0;
        uint64_t part = 0;
        assert_int_equal(gpu_msm_plan_choose(0, n, n, G16K_G1, &dev, &c, &part), G16K_OK);
        uint64_t nw = (256 + c - 1) / c, parts = (n + part - 1) / part;
        uint64_t len = part < n ? part : n; /* the longest part this MSM runs */
        uint64_t entries = len * nw * 4, scalars = len * 32, buckets = bucket_bytes(c, G16K_G1);
        print_message("2^27 H MSM on a %llu GB device: window %u (%llu windows of %llu buckets), "
                      "%llu part(s) of at most %llu points (%llu fit); the longest part: entries "
                      "%.2f GB, scalars %.2f GB, "
                      "bucket sums %.3f GB; budget %.2f GB (H bases %.2f GB resident)\n",
                      (unsigned long long)(devices[i] / gb), c, (unsigned long long)nw,
                      (unsigned long long)1 << (c - 1), (unsigned long long)parts,
                      (unsigned long long)len, (unsigned long long)part, entries / 1e9,
                      scalars / 1e9, buckets / 1e9, budget / 1e9, n * 96 / 1e9);
        assert_true(c >= GPU_MSM_PLAN_MIN_WINDOW && c <= GPU_MSM_PLAN_MAX_WINDOW);
        assert_true(part * parts >= n && part * (parts - 1) < n);
        assert_true(entries + scalars + buckets <= budget);
        assert_true(part * nw <= UINT32_MAX && part <= INT32_MAX);
    }
}

/* With small limits, a real plan of a full part of dense scalars fits: every buffer within
 * max_alloc, all of them within mem_bytes (what the plugins allocate, gpu_msm_plan_device_bytes). */
static void test_limits_plans_fit(void **state)
{
    (void)state;
    gpu_msm_device dev = { .compute_units = 2,
                           .lanes = 1,
                           .mem_bytes = (uint64_t)1 << 20,
                           .max_alloc = (uint64_t)256 << 10,
                           .host_bytes = (uint64_t)1 << 20,
                           .part_align = 4 };
    for (uint32_t group = G16K_G1; group <= G16K_G2; group++)
        for (uint32_t c = 1; c <= 8; c++) {
            uint64_t part = gpu_msm_plan_part_points(c, group, &dev);
            if (part == 0) {
                assert_int_equal(gpu_msm_plan_window_check(c, group, &dev), G16K_EUNSUPPORTED);
                continue;
            }
            uint64_t(*s)[4] = calloc(part, sizeof *s);
            for (uint64_t i = 0; i < part; i++)
                gpu_test_rand_scalar(s[i]);
            gpu_msm_plan p;
            assert_int_equal(gpu_msm_plan_build(&p, s, part, G16K_ENC_CANONICAL, c, group, &dev, 2),
                             G16K_OK);
            check_chunks(&p);
            assert_int_equal(gpu_msm_plan_fits(&p, group, &dev), G16K_OK);
            assert_true(p.n_entries * 4 <= dev.max_alloc);
            assert_true(gpu_msm_plan_partial_limbs(&p, group) * 8 <= dev.max_alloc);
            assert_true(gpu_msm_plan_bucket_limbs(&p, group) * 8 <= dev.max_alloc);
            assert_true(gpu_msm_plan_device_bytes(&p, group) <= dev.mem_bytes);
            gpu_msm_plan_cleanup(&p);
            free(s);
        }
    /* G1 at 256 KiB: window 5 fits, 6 (43 windows of 32 buckets, 264 KiB) does not */
    assert_int_equal(gpu_msm_plan_window_check(5, G16K_G1, &dev), G16K_OK);
    assert_int_equal(gpu_msm_plan_window_check(6, G16K_G1, &dev), G16K_EUNSUPPORTED);
    assert_non_null(strstr(host_last_error(), "(264192 bytes) bucket buffer"));
}

/* The 32-bit lists of a plan (entries point << 1 | sign, CSR offsets, chunk starts) past 2^31
 * and 2^32 (issue 33.6): a plan of n points and nw windows has up to n nw entries, so a plan
 * whose n nw exceeds 2^32 - 1 is refused, never wrapped, and an MSM that large runs as parts of
 * at most gpu_msm_plan_part_points. Every bound here is computed by hand:
 *   window 16: nw = 16, floor((2^32 - 1) / 16) = 268435455 points; 2^28 points = 2^32 entries
 *   window 24: nw = 11, floor((2^32 - 1) / 11) = 390451572
 *   window 18: nw = 15, floor((2^32 - 1) / 15) = 286331153
 *   window 1:  nw = 256, floor((2^32 - 1) / 256) = 16777215 */
static void test_limits_32bit_lists(void **state)
{
    (void)state;
    const uint64_t n28 = (uint64_t)1 << 28;
    gpu_msm_plan p;
    memset(&p, 0, sizeof p);
    /* an explicit window: the largest n that fits, and one more (2^28 points: 2^32 entries) */
    assert_int_equal(gpu_msm_plan_shape(&p, 268435455, 16, 0), G16K_OK);
    assert_int_equal(p.nw, 16);
    assert_int_equal(gpu_msm_plan_shape(&p, n28, 16, 0), G16K_EUNSUPPORTED);
    assert_non_null(strstr(host_last_error(), "268435456 points with window 16 exceed the "
                                              "32-bit bucket lists"));
    assert_int_equal(gpu_msm_plan_shape(&p, 390451572, 24, 0), G16K_OK);
    assert_int_equal(gpu_msm_plan_shape(&p, 390451573, 24, 0), G16K_EUNSUPPORTED);
    assert_int_equal(gpu_msm_plan_shape(&p, (uint64_t)1 << 31, 24, 0), G16K_EUNSUPPORTED);
    assert_int_equal(gpu_msm_plan_shape(&p, (uint64_t)1 << 33, 24, 0), G16K_EUNSUPPORTED);
    /* the auto window widens until the lists fit: 2^28 from 13 (nw 20, 19, 18, 16, 16 for
     * c = 13..17: all >= 2^32 entries) to 18 (nw 15: 4026531840 entries); 2^29 fits no window
     * (c = 24: nw 11, 5905580032 entries) and is refused */
    assert_int_equal(gpu_msm_plan_shape(&p, n28, 0, 13), G16K_OK);
    assert_int_equal(p.c, 18);
    assert_int_equal(p.nw, 15);
    assert_int_equal(p.nb, 131072);
    assert_int_equal(gpu_msm_plan_shape(&p, n28 * 2, 0, 13), G16K_EUNSUPPORTED);
    /* parts: no device limit, the lists alone bound a part */
    assert_int_equal(gpu_msm_plan_part_points(16, G16K_G1, NULL), 268435455);
    assert_int_equal(gpu_msm_plan_part_points(18, G16K_G2, NULL), 286331153);
    assert_int_equal(gpu_msm_plan_part_points(24, G16K_G1, NULL), 390451572);
    assert_int_equal(gpu_msm_plan_part_points(1, G16K_G1, NULL), 16777215);
    gpu_msm_device aligned = { .compute_units = 1, .lanes = 1, .part_align = 4 };
    assert_int_equal(gpu_msm_plan_part_points(16, G16K_G1, &aligned), 268435452); /* 4 | it */
    /* the H MSM of a 2^28 domain at window 16: parts of 268435455 and 1 points, each a plan */
    uint64_t part = gpu_msm_plan_part_points(16, G16K_G1, NULL), lo = 0, parts = 0;
    while (lo < n28) {
        uint64_t len = gpu_msm_plan_part_len(lo, n28, part, 0);
        assert_int_equal(len, parts == 0 ? 268435455 : 1);
        assert_int_equal(gpu_msm_plan_shape(&p, len, 16, 0), G16K_OK);
        lo += len;
        parts++;
    }
    assert_int_equal(parts, 2);
    /* across bases buffers of 2^30 points, from a start past 2^32: to the buffer's end */
    assert_int_equal(
        gpu_msm_plan_part_len((uint64_t)5 << 30, (uint64_t)6 << 30, part, (uint64_t)1 << 30), part);
    assert_int_equal(
        gpu_msm_plan_part_len(((uint64_t)6 << 30) - 7, (uint64_t)7 << 30, part, (uint64_t)1 << 30),
        7);
    /* chunk lengths at the top of the u32 range: entries 2^32 - 1 in one bucket pair halve to
     * 2^31 (past INT32_MAX); a bucket of 2^32 - 1 entries has ceil(sqrt) = 65536 (65535^2 =
     * 4294836225 < 2^32 - 1 <= 65536^2) */
    assert_int_equal(gpu_msm_plan_chunk_len(4294967295u, 4294967295u, 1), 2147483648u);
    assert_int_equal(gpu_msm_plan_chunk_len(1000, 4294967295u, 1000), 65536);
    /* device sizes of a full window-16 plan (G1, XYZZ = 24 limbs): entries 4294967280 * 4 =
     * 17179869120, chunk starts (536870910 + 1) * 4 = 2147483644, bucket CSR (2^19 + 1) * 4 =
     * 2097156, partials 536870910 * 24 * 8 = 103079214720, buckets 2^19 * 24 * 8 = 100663296,
     * segment sums 2 * 16 * 128 * 24 * 8 = 786432: 122510114368 bytes */
    gpu_msm_plan big = { .c = 16,
                         .nw = 16,
                         .nb = 32768,
                         .n_segs = 128,
                         .seg_len = 256,
                         .n_entries = 4294967280u,
                         .n_chunks = 536870910 };
    assert_int_equal(gpu_msm_plan_device_bytes(&big, G16K_G1), 122510114368ull);
    /* window 24: 11 * 2^23 bucket sums of 24 limbs (G1) = 2214592512, 48 (G2) = 4429185024 */
    gpu_msm_plan w24 = { .c = 24, .nw = 11, .nb = 1u << 23 };
    assert_int_equal(gpu_msm_plan_bucket_limbs(&w24, G16K_G1), 2214592512ull);
    assert_int_equal(gpu_msm_plan_bucket_limbs(&w24, G16K_G2), 4429185024ull);
    /* BN254 (GPU_MSM_SIZE_BN254): XYZZ of 16 limbs in G1, 32 in G2: 11 * 2^23 * 16 =
     * 1476395008 and 2952790016; the full plan above with partials 536870910 * 16 * 8,
     * buckets 2^19 * 16 * 8 and segment sums 2 * 16 * 128 * 16 * 8: 88116559552 bytes */
    assert_int_equal(gpu_msm_plan_bucket_limbs(&w24, G16K_G1 | GPU_MSM_SIZE_BN254), 1476395008ull);
    assert_int_equal(gpu_msm_plan_bucket_limbs(&w24, G16K_G2 | GPU_MSM_SIZE_BN254), 2952790016ull);
    assert_int_equal(gpu_msm_plan_device_bytes(&big, G16K_G1 | GPU_MSM_SIZE_BN254), 88116559552ull);
}

int main(void)
{
    gpu_host = host_api(); /* gpu_fail's messages reach the test */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunks_01_heavy),    cmocka_unit_test(test_chunks_random_and_edges),
        cmocka_unit_test(test_auto_window_model),  cmocka_unit_test(test_limits_window_and_parts),
        cmocka_unit_test(test_limits_plans_fit),   cmocka_unit_test(test_plan_filecoin_h),
        cmocka_unit_test(test_limits_32bit_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
