/*
 * test_gpu_plan_kernels.c: the device-built MSM plan (gpu/kernels/plan.cl) run on the host, so
 * its logic is checked for every window 1..20 without a device, for OpenCL and CUDA alike (both
 * compile the same text). The kernels are compiled as C with the host meanings of compat.h's
 * macros: a "launch" runs work-items one after another, an atomic increment is a plain one. The
 * scatter runs its work-items in reverse order, so entries land in a bucket in an order other
 * than the host plan's. The lists must equal those of gpu_msm_plan_build (gpu/common/gpu_msm_plan.c)
 * exactly: entries count, largest bucket, chunk length, offsets, bucket -> chunk CSR, chunk
 * starts, and each bucket's entries as a set.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_msm_plan.h"
#include "g16k/plugin.h"
#include "gpu_test_util.h"

#define G16K_KERNELS_HOST      /* compat.h's host edition */
static uint64_t g16k_host_gid; /* G16K_GID: LAUNCH runs the work-items one after another */
#include "../../gpu/kernels/compat.h"
#include "../../gpu/kernels/plan.cl"

#define LAUNCH(count, call)                                                                        \
    for (g16k_host_gid = 0; g16k_host_gid < (u64)(count); g16k_host_gid++)                         \
    call
#define LAUNCH_REVERSED(count, call)                                                               \
    for (g16k_host_gid = (u64)(count); g16k_host_gid-- > 0;)                                       \
    call

static int cmp_u32(const void *a, const void *b)
{
    u32 x = *(const u32 *)a, y = *(const u32 *)b;
    return x < y ? -1 : x > y;
}

/* The device plan of n canonical scalars for window c, scan blocks of `block` buckets, against
 * gpu_msm_plan_build. */
static void check_plan(const uint64_t (*s)[4], uint32_t n, uint32_t c, uint32_t block)
{
    gpu_msm_plan want, got;
    assert_int_equal(gpu_msm_plan_build(&want, s, n, G16K_ENC_CANONICAL, c, G16K_G1, NULL, 2),
                     G16K_OK);
    memset(&got, 0, sizeof got);
    assert_int_equal(gpu_msm_plan_shape(&got, n, c, 0), G16K_OK);
    assert_int_equal(got.nw, want.nw);
    u32 nbk = got.nw * got.nb, nblocks = (nbk + block - 1) / block;
    u32 *counts = calloc(nbk, 4), *offsets = calloc(nbk + 1, 4), *fill = calloc(nbk, 4),
        *bchunks = calloc(nbk + 1, 4), *bsum = calloc(nblocks, 4), *bmax = calloc(nblocks, 4),
        *bch = calloc(nblocks, 4), meta[4] = { 0, 0, 0, 0 };
    assert_non_null(counts && offsets && fill && bchunks && bsum && bmax && bch);
    const u64 *sc = &s[0][0];

    LAUNCH(n, plan_count(sc, n, c, got.nw, got.nb, counts));
    LAUNCH(nblocks, plan_block_sums(counts, nbk, block, bsum, bmax));
    LAUNCH(1, plan_top(bsum, bmax, nblocks, meta));
    assert_int_equal(meta[0], want.n_entries);
    if (want.n_entries == 0)
        goto out;
    assert_int_equal(meta[1], want.max_bucket);
    u32 len = gpu_msm_plan_chunk_len(meta[0], meta[1], nbk);
    assert_int_equal(len, want.chunk_len);
    LAUNCH(nblocks, plan_offsets(counts, nbk, block, bsum, len, offsets, fill, bchunks, bch));
    LAUNCH(1, plan_top_chunks(bch, nblocks, meta));
    assert_int_equal(meta[2], want.n_chunks);
    u32 *entries = malloc((size_t)meta[0] * 4), *starts = malloc(((size_t)meta[2] + 1) * 4);
    assert_non_null(entries && starts);
    LAUNCH_REVERSED(n, plan_scatter(sc, n, c, got.nw, got.nb, fill, entries));
    LAUNCH(nblocks, plan_chunk_starts(offsets, nbk, block, bch, len, meta, bchunks, starts));

    assert_memory_equal(offsets, want.offsets, ((size_t)nbk + 1) * 4);
    assert_memory_equal(bchunks, want.bucket_chunks, ((size_t)nbk + 1) * 4);
    assert_memory_equal(starts, want.chunk_starts, ((size_t)meta[2] + 1) * 4);
    for (u32 k = 0; k < nbk; k++)
        qsort(entries + offsets[k], offsets[k + 1] - offsets[k], 4, cmp_u32);
    assert_memory_equal(entries, want.entries, (size_t)meta[0] * 4); /* host: ascending */
    free(entries);
    free(starts);
out:
    free(counts);
    free(offsets);
    free(fill);
    free(bchunks);
    free(bsum);
    free(bmax);
    free(bch);
    gpu_msm_plan_cleanup(&want);
}

enum pattern { RANDOM, ZERO, SMALL, EQUAL, TOP, P_COUNT };

static void make(uint64_t (*s)[4], uint32_t n, enum pattern p)
{
    uint64_t one[4];
    gpu_test_rand_scalar(one);
    for (uint32_t i = 0; i < n; i++) {
        memset(s[i], 0, 32);
        switch (p) {
        case RANDOM: gpu_test_rand_scalar(s[i]); break;
        case ZERO: break;
        case SMALL: s[i][0] = gpu_test_rand() % 3; break; /* 0/1/2: one huge bucket */
        case EQUAL: memcpy(s[i], one, 32); break;
        case TOP: /* long carry chains */
            s[i][0] = s[i][1] = s[i][2] = ~0ULL;
            s[i][3] = 0x3fffffffffffffffULL - (gpu_test_rand() & 0xff);
            break;
        default: break;
        }
    }
}

static void test_plan_windows(void **state)
{
    (void)state;
    static const uint32_t sizes[] = { 1, 2, 3, 100, 1000 };
    uint64_t(*s)[4] = malloc(5000 * sizeof *s);
    assert_non_null(s);
    for (uint32_t c = 1; c <= 20; c++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            if (c > 16 && sizes[z] > 100)
                continue; /* keep the run short */
            for (int p = 0; p < P_COUNT; p++) {
                make(s, sizes[z], (enum pattern)p);
                uint64_t nbk = ((256 + c - 1) / c) * ((uint64_t)1 << (c - 1));
                check_plan((const uint64_t(*)[4])s, sizes[z], c, gpu_msm_plan_dev_block(nbk));
            }
        }
    make(s, 5000, RANDOM);
    check_plan((const uint64_t(*)[4])s, 5000, 13, gpu_msm_plan_dev_block(20u << 12));
    free(s);
}

/* Scan blocks of any size give the same lists (the last block is partial, or the only one). */
static void test_plan_blocks(void **state)
{
    (void)state;
    static const uint32_t blocks[] = { 1, 7, 256, 1000, 1u << 20 };
    uint64_t(*s)[4] = malloc(300 * sizeof *s);
    assert_non_null(s);
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
        for (int p = 0; p < P_COUNT; p++) {
            make(s, 300, (enum pattern)p);
            check_plan((const uint64_t(*)[4])s, 300, 9, blocks[b]);
        }
    free(s);
}

static void test_dev_block(void **state)
{
    (void)state;
    assert_int_equal(gpu_msm_plan_dev_block(1), GPU_MSM_PLAN_DEV_BLOCK);
    assert_int_equal(
        gpu_msm_plan_dev_block((uint64_t)GPU_MSM_PLAN_DEV_BLOCK * GPU_MSM_PLAN_DEV_MAX_BLOCKS),
        GPU_MSM_PLAN_DEV_BLOCK);
    for (uint64_t nbk = 1000; nbk < ((uint64_t)1 << 32); nbk = nbk * 3 + 1) {
        uint64_t b = gpu_msm_plan_dev_block(nbk);
        assert_true(b >= GPU_MSM_PLAN_DEV_BLOCK);
        assert_true((nbk + b - 1) / b <= GPU_MSM_PLAN_DEV_MAX_BLOCKS);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_windows),
        cmocka_unit_test(test_plan_blocks),
        cmocka_unit_test(test_dev_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
