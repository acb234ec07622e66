/*
 * test_msm_plan.c: the host half of the GPU MSM (opencl/common/msm_plan.c), no device needed.
 *  - the chunks cover every entry once, in order, never straddle two buckets, hold at most
 *    chunk_len entries, and the bucket -> chunk CSR points at the right ones;
 *  - a 0/1-heavy input (one bucket holding nearly all points) is cut so that its longest serial
 *    chain (chunk length + chunks of one bucket) is about 2 sqrt(bucket size);
 *  - every listed entry decodes back to the scalar: sum over windows of sign * (b + 1) * 2^(wc)
 *    per point equals the scalar (checked on the low 64 bits for small scalars);
 *  - the auto window model stays in range, grows with n, shrinks under a memory limit.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/msm_plan.h"
#include "g16k/plugin.h"
#include "gpu_test_util.h"

static void check_chunks(const msm_plan *p)
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
static void check_decode(const msm_plan *p, const uint64_t (*s)[4], uint64_t n)
{
    /* Sums wrap modulo 2^64 (high windows of dense scalars overflow); small ones come out exact. */
    uint64_t *sum = calloc(n, sizeof *sum);
    for (uint64_t k = 0; k < (uint64_t)p->nw * p->nb; k++) {
        uint64_t w = k / p->nb, b = k % p->nb;
        for (uint32_t e = p->offsets[k]; e < p->offsets[k + 1]; e++) {
            uint32_t ent = p->entries[e];
            uint64_t v = (b + 1) << (w * p->c > 62 ? 0 : w * p->c);
            if (w * p->c > 62)
                continue;                             /* dense scalars: high windows skipped */
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
    uint64_t (*s)[4] = calloc(N, sizeof *s);
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
        msm_plan p;
        assert_int_equal(msm_plan_build(&p, s, N, G16K_ENC_CANONICAL, windows[w], G16K_G1, NULL,
                                        2),
                         G16K_OK);
        check_chunks(&p);
        check_decode(&p, (const uint64_t(*)[4])s, N);
        /* the ones bucket: about 18000 entries; its serial chain (one chunk, then the chunk
         * partials) is at least 20 times shorter */
        assert_true(p.max_bucket > 17000);
        uint32_t chunks0 = p.bucket_chunks[1] - p.bucket_chunks[0];
        assert_true(chunks0 > 1);
        assert_true(20 * (p.chunk_len + chunks0) < p.max_bucket);
        msm_plan_cleanup(&p);
    }
    free(s);
}

static void test_chunks_random_and_edges(void **state)
{
    (void)state;
    enum { N = 3000 };
    uint64_t (*s)[4] = calloc(N, sizeof *s);
    for (int i = 0; i < N; i++)
        gpu_test_rand_scalar(s[i]);
    memcpy(s[1], GPU_TEST_R_MINUS_1, 32);
    memset(s[2], 0, 32);
    for (uint32_t c = 1; c <= 16; c += 3) {
        msm_plan p;
        assert_int_equal(msm_plan_build(&p, s, N, G16K_ENC_CANONICAL, c, G16K_G2, NULL, 2), G16K_OK);
        assert_int_equal(p.c, c);
        check_chunks(&p);
        msm_plan_cleanup(&p);
    }
    /* all zero: no entries, nothing to cut */
    msm_plan p;
    memset(s, 0, 32 * N);
    assert_int_equal(msm_plan_build(&p, s, N, G16K_ENC_CANONICAL, 0, G16K_G1, NULL, 2), G16K_OK);
    assert_int_equal(p.n_entries, 0);
    msm_plan_cleanup(&p);
    /* windows above the maximum are clamped; bad encodings refused */
    s[0][0] = 3;
    assert_int_equal(msm_plan_build(&p, s, 1, G16K_ENC_CANONICAL, 31, G16K_G1, NULL, 2), G16K_OK);
    assert_int_equal(p.c, MSM_PLAN_MAX_WINDOW);
    check_chunks(&p);
    msm_plan_cleanup(&p);
    assert_int_equal(msm_plan_build(&p, s, 1, 0, 0, G16K_G1, NULL, 2), G16K_EINVAL);
    msm_plan_cleanup(&p);
    free(s);
}

static void test_auto_window_model(void **state)
{
    (void)state;
    msm_device gpu = { .compute_units = 132, .lanes = 128, .mem_bytes = 0 };
    msm_device cpu = { .compute_units = 2, .lanes = 1, .mem_bytes = 0 };
    uint32_t prev = 0;
    for (uint32_t lg = 0; lg <= 26; lg++) {
        uint32_t c = msm_plan_auto_window((uint64_t)1 << lg, G16K_G1, &gpu);
        assert_true(c >= 1 && c <= MSM_PLAN_MAX_AUTO_WINDOW);
        assert_true(c >= prev);                      /* more points, no smaller window */
        prev = c;
        uint32_t cc = msm_plan_auto_window((uint64_t)1 << lg, G16K_G1, &cpu);
        assert_true(cc >= 1 && cc <= MSM_PLAN_MAX_AUTO_WINDOW);
    }
    /* a tight memory budget lowers the window; G2 needs more memory than G1 */
    uint32_t free_c = msm_plan_auto_window((uint64_t)1 << 24, G16K_G1, &gpu);
    msm_device small = gpu;
    small.mem_bytes = (uint64_t)1500 << 20;
    uint32_t tight = msm_plan_auto_window((uint64_t)1 << 24, G16K_G1, &small);
    assert_true(tight <= free_c);
    assert_true(msm_plan_auto_window((uint64_t)1 << 24, G16K_G2, &small) <= tight);
    /* effective n: zeros count 0, small scalars a quarter, dense 1 */
    uint64_t s[8][4];
    memset(s, 0, sizeof s);
    for (int i = 0; i < 4; i++)
        s[i][0] = 1;
    s[4][3] = 5;
    assert_int_equal(msm_plan_effective_n(s, 8, G16K_ENC_CANONICAL), 2);
    assert_int_equal(msm_plan_effective_n(s, 8, G16K_ENC_MONTGOMERY), 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunks_01_heavy),
        cmocka_unit_test(test_chunks_random_and_edges),
        cmocka_unit_test(test_auto_window_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
