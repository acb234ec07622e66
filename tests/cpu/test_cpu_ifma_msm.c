/*
 * The G1 and G2 MSMs of the plugin on their IFMA bucket path (cpu/msm_ifma.c, msm_batch_affine.c
 * on arith/ifma) against the portable path, bit for bit, on BLS12-381, or on BN254 when built
 * with CPU_CURVE_BN254 (IFMA batch-affine buckets; its smaller windows stay portable): two contexts of one plugin, simd = auto (IFMA: in the test twin
 * libg16k_cpu_emul.so forced on the emulated kernels; in the real plugin only on a CPU with
 * IFMA, else the test skips) and simd = portable, run on the same bases and scalars. Inputs:
 * random scalars and points at n = 1, 7, 70 (not powers of two); zero scalars, r - 1,
 * 0/1 witness scalars; repeated points (P + P in one bucket), P and -P, infinity bases; windows
 * below and above the batch-affine threshold (Jacobian and batch-affine buckets on either side)
 * and auto; 1, 2 and 3 threads; every point in one bucket (doublings, cancellations, and past
 * the deferred list the side accumulators); 1200
 * points at windows up to 16 (full batches of the 8-lane batch-affine kernel).
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

static g16k_plugin_ctx *make_ctx(const char *simd)
{
    g16k_config_entry e = { "simd", simd, 1 };
    g16k_plugin_ctx *ctx = NULL;
    assert_int_equal(th_create(&e, 1, &ctx), G16K_OK);
    return ctx;
}

static int ctx_uses_ifma(g16k_plugin_ctx *ctx)
{
    char info[256] = "";
    assert_int_equal(th_plugin()->probe(ctx, info, sizeof info), G16K_OK);
    return strstr(info, "MSM buckets on AVX-512 IFMA") != NULL;
}

static void msm_on(uint32_t id, g16k_plugin_ctx *ctx, const uint8_t *bases, const fr_t *k,
                   uint64_t n, uint32_t window, uint32_t threads, uint8_t out[192])
{
    const g16k_msm_vtable *m = TU_VT(th_plugin(), msm);
    g16k_msm_bases *h = NULL;
    assert_int_equal(m->bases_create(ctx, id, bases, n, G16K_ENC_CANONICAL, &h), G16K_OK);
    g16k_msm_params p = { .struct_size = sizeof p, .window = window, .threads = threads };
    assert_int_equal(m->msm(h, k, n, G16K_ENC_CANONICAL, &p, out, G16K_ENC_CANONICAL), G16K_OK);
    m->bases_destroy(h);
}

static void ifma_equals_portable(uint32_t id)
{
    unsetenv("G16K_SIMD");
    g16k_plugin_ctx *fast = make_ctx("auto"), *port = make_ctx("portable");
    assert_false(ctx_uses_ifma(port));
    if (!ctx_uses_ifma(fast)) {
        th_plugin()->destroy(fast);
        th_plugin()->destroy(port);
        skip();
    }
    static const uint64_t sizes[] = { 1, 7, 70 };
    static const uint32_t windows[] = { 0, 3, 10 };
    uint64_t seed = 2024;
    size_t sz = tu_point_size(id);
    enum { ONE_BUCKET = 640 }; /* past a batch and its deferred list (512 each at window 10) */
    uint8_t *bases = malloc(ONE_BUCKET * sz);
    fr_t *k = malloc(ONE_BUCKET * sizeof *k);
    assert_non_null(bases);
    assert_non_null(k);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int bp = 0; bp < 2; bp++)
            for (int kp = 0; kp < 3; kp++) {
                uint64_t n = sizes[s];
                tu_fill_bases(id, bases, n, bp, &seed);
                tu_fill_scalars(k, n, kp, &seed);
                for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
                    if (windows[w] >= 10 && n < 70)
                        continue; /* 2^9 mostly empty buckets: slow when emulated */
                    uint32_t threads = (w & 1) ? 3 : 1;
                    uint8_t a[192], b[192];
                    msm_on(id, fast, bases, k, n, windows[w], threads, a);
                    msm_on(id, port, bases, k, n, windows[w], threads, b);
                    if (memcmp(a, b, sz) != 0)
                        fail_msg("G%u n %llu bases %d scalars %d window %u: IFMA != portable",
                                 id == G16K_G1 ? 1u : 2u, (unsigned long long)n, bp, kp,
                                 windows[w]);
                }
            }
    /* Every point in one bucket: P + P inside a batch of 8 (the Jacobian queue flushes on
     * repeats; the batch-affine one, window 10, defers them and doubles exactly, and past its
     * deferred list adds them to the bucket's Jacobian side accumulator, which the IFMA fold
     * sums apart from the lanes), then P and -P alternating (the batch-affine sums cancel to an
     * empty bucket and refill). */
    for (int alt = 0; alt < 2; alt++) {
        for (uint64_t i = 0; i < ONE_BUCKET; i++) {
            if (alt && (i & 1))
                tu_neg_point(id, bases + sz * i, bases);
            else
                memcpy(bases + sz * i, bases, sz);
            memset(&k[i], 0, sizeof k[i]);
            k[i].l[0] = 5;
        }
        for (uint32_t window = 4; window <= 10; window += 6) {
            uint8_t a[192], b[192];
            msm_on(id, fast, bases, k, ONE_BUCKET - (uint64_t)alt, window, 1, a);
            msm_on(id, port, bases, k, ONE_BUCKET - (uint64_t)alt, window, 1, b);
            assert_memory_equal(a, b, sz);
        }
    }
    free(bases);
    free(k);
    /* Real batches: 1200 points (2400 or 4800 scalars after the endomorphism split), random
     * and with repeats, negations and infinities; the chosen window, 12 (full groups of 8
     * lanes, inversions shared by grouped windows) and 16 (sparse buckets), 1 and 2 threads. */
    enum { BIG = 1200 };
    bases = malloc(BIG * sz);
    k = malloc(BIG * sizeof *k);
    assert_non_null(bases);
    assert_non_null(k);
    static const uint32_t big_windows[] = { 0, 12, 16 };
    for (int bp = 0; bp < 2; bp++) {
        tu_fill_bases(id, bases, BIG, bp, &seed);
        tu_fill_scalars(k, BIG, bp ? 1 : 0, &seed);
        for (size_t w = 0; w < sizeof big_windows / sizeof big_windows[0]; w++) {
            uint8_t a[192], b[192];
            msm_on(id, fast, bases, k, BIG, big_windows[w], 1 + (uint32_t)(w & 1), a);
            msm_on(id, port, bases, k, BIG, big_windows[w], 1, b);
            if (memcmp(a, b, sz) != 0)
                fail_msg("G%u n %d bases %d window %u: IFMA != portable", id == G16K_G1 ? 1u : 2u,
                         BIG, bp, big_windows[w]);
        }
    }
    free(bases);
    free(k);
    th_plugin()->destroy(fast);
    th_plugin()->destroy(port);
}

static void test_g1_ifma_equals_portable(void **state)
{
    (void)state;
    ifma_equals_portable(G16K_G1);
}

static void test_g2_ifma_equals_portable(void **state)
{
    (void)state;
    ifma_equals_portable(G16K_G2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_g1_ifma_equals_portable),
        cmocka_unit_test(test_g2_ifma_equals_portable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
