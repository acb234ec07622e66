/*
 * The CPU plugin's descriptor and context against the ABI rules of include/g16k/plugin.h:
 * versions, curve, caps matching the vtables, mandatory entries present, ABI-major mismatch
 * refused, and the [plugin.cpu] configuration keys (threads accepted, unknown keys and bad
 * values refused with G16K_ECONFIG and "FILE:LINE: ..." messages; simd = auto|ifma|portable and
 * its G16K_SIMD override).
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */

#include <setjmp.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "plugin_host.h"

static void test_descriptor_follows_abi(void **state)
{
    (void)state;
    const g16k_plugin_desc *d = th_plugin();
    assert_int_equal(d->struct_size, sizeof(g16k_plugin_desc));
    assert_int_equal(d->abi_major, G16K_ABI_MAJOR);
    assert_int_equal(d->curve, G16K_CURVE_BLS12_381);
    assert_string_equal(d->name, "cpu");
    assert_non_null(d->version);
    assert_int_equal(d->caps, G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2);
    /* ABI 1.8: BN254, every capability, each its own vtable */
    assert_int_equal(d->n_more_curves, 1);
    const g16k_curve_impl *bn = &d->more_curves[0];
    assert_int_equal(bn->struct_size, sizeof(g16k_curve_impl));
    assert_int_equal(bn->curve, G16K_CURVE_BN254);
    assert_int_equal(bn->caps, G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2);
    assert_true(bn->synth != NULL && bn->synth != d->synth);
    assert_true(bn->ntt != NULL && bn->ntt != d->ntt);
    assert_true(bn->msm != NULL && bn->msm != d->msm);
    assert_non_null(d->create);
    assert_non_null(d->destroy);
    assert_non_null(d->synth);
    assert_int_equal(d->synth->struct_size, sizeof(g16k_synth_vtable));
    assert_non_null(d->synth->circuit_create);
    assert_non_null(d->synth->circuit_destroy);
    assert_non_null(d->synth->synthesize);
    assert_non_null(d->ntt);
    assert_int_equal(d->ntt->struct_size, sizeof(g16k_ntt_vtable));
    assert_non_null(d->ntt->domain_create);
    assert_non_null(d->ntt->domain_destroy);
    assert_non_null(d->ntt->transform);
    assert_non_null(d->msm);
    assert_int_equal(d->msm->struct_size, sizeof(g16k_msm_vtable));
    assert_non_null(d->msm->bases_create);
    assert_non_null(d->msm->bases_destroy);
    assert_non_null(d->msm->msm);
}

static void test_entry_refuses_other_abi_major(void **state)
{
    (void)state;
    g16k_host_api h = { .struct_size = sizeof h, .abi_major = G16K_ABI_MAJOR + 1 };
    const g16k_plugin_desc *d = NULL;
    assert_true(th_entry()(&h, &d) < 0);
    assert_null(d);
}

static int create_with(const g16k_config_entry *e, uint64_t n, g16k_plugin_ctx **out)
{
    g16k_config cfg = { .struct_size = sizeof cfg,
                        .file = "conf/prover.ini",
                        .section = "plugin.cpu",
                        .entries = e,
                        .n_entries = n };
    host_clear_error();
    return th_plugin()->create(&cfg, out);
}

static void test_create_accepts_threads(void **state)
{
    (void)state;
    g16k_config_entry e[] = { { "threads", "0", 3 }, { "threads", "5", 4 } };
    g16k_plugin_ctx *ctx = NULL;
    assert_int_equal(create_with(e, 2, &ctx), G16K_OK);
    assert_non_null(ctx);
    char info[128] = "";
    assert_int_equal(th_plugin()->probe(ctx, info, sizeof info), G16K_OK);
    assert_non_null(strstr(info, "5 threads"));
    th_plugin()->destroy(ctx);
}

static void test_create_rejects_unknown_key(void **state)
{
    (void)state;
    g16k_config_entry e[] = { { "threads", "2", 3 }, { "simdd", "auto", 7 } };
    g16k_plugin_ctx *ctx = NULL;
    assert_int_equal(create_with(e, 2, &ctx), G16K_ECONFIG);
    assert_null(ctx);
    assert_string_equal(host_last_error(),
                        "conf/prover.ini:7: unknown key 'simdd' in [plugin.cpu]");
}

static void test_create_rejects_bad_threads(void **state)
{
    (void)state;
    const char *bad[] = { "", "-1", "two", "3x", "100000" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g16k_config_entry e = { "threads", bad[i], 12 };
        g16k_plugin_ctx *ctx = NULL;
        assert_int_equal(create_with(&e, 1, &ctx), G16K_ECONFIG);
        assert_null(ctx);
        assert_non_null(strstr(host_last_error(), "conf/prover.ini:12: bad value"));
    }
}

/* simd = auto|ifma|portable, G16K_SIMD overrides, ifma without IFMA is refused. */
static void test_create_simd_key(void **state)
{
    (void)state;
    unsetenv("G16K_SIMD");
    g16k_config_entry e = { "simd", "auto", 2 };
    g16k_plugin_ctx *ctx = NULL;
    assert_int_equal(create_with(&e, 1, &ctx), G16K_OK);
    char info[128] = "";
    assert_int_equal(th_plugin()->probe(ctx, info, sizeof info), G16K_OK);
    int has_ifma = strstr(info, "MSM buckets on AVX-512 IFMA") != NULL;
    th_plugin()->destroy(ctx);

    e.value = "portable";
    assert_int_equal(create_with(&e, 1, &ctx), G16K_OK);
    assert_int_equal(th_plugin()->probe(ctx, info, sizeof info), G16K_OK);
    assert_non_null(strstr(info, "IFMA not used"));
    th_plugin()->destroy(ctx);

    e.value = "ifma";
    ctx = NULL;
    assert_int_equal(create_with(&e, 1, &ctx), has_ifma ? G16K_OK : G16K_EUNSUPPORTED);
    if (!has_ifma)
        assert_non_null(strstr(host_last_error(), "simd = ifma"));
    th_plugin()->destroy(ctx);

    e.value = "avx2";
    ctx = NULL;
    assert_int_equal(create_with(&e, 1, &ctx), G16K_ECONFIG);
    assert_null(ctx);
    assert_non_null(
        strstr(host_last_error(), "conf/prover.ini:2: bad value 'avx2' for key 'simd'"));

    /* The environment wins over the key, and is checked too. */
    setenv("G16K_SIMD", "portable", 1);
    e.value = "ifma";
    assert_int_equal(create_with(&e, 1, &ctx), G16K_OK);
    th_plugin()->destroy(ctx);
    setenv("G16K_SIMD", "fast", 1);
    ctx = NULL;
    assert_int_equal(create_with(&e, 1, &ctx), G16K_ECONFIG);
    assert_non_null(strstr(host_last_error(), "G16K_SIMD='fast'"));
    unsetenv("G16K_SIMD");
}

static void test_create_without_config_uses_host_threads(void **state)
{
    (void)state;
    char info[128] = "";
    assert_int_equal(th_plugin()->probe(th_ctx(), info, sizeof info), G16K_OK);
    assert_non_null(strstr(info, "3 threads"));
    th_plugin()->destroy(NULL); /* a NULL context is harmless */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_descriptor_follows_abi),
        cmocka_unit_test(test_entry_refuses_other_abi_major),
        cmocka_unit_test(test_create_accepts_threads),
        cmocka_unit_test(test_create_rejects_unknown_key),
        cmocka_unit_test(test_create_rejects_bad_threads),
        cmocka_unit_test(test_create_simd_key),
        cmocka_unit_test(test_create_without_config_uses_host_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
