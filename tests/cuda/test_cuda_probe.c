/*
 * test_cuda_probe.c: the CUDA plugin loads everywhere and reports a missing GPU cleanly: create
 * succeeds, probe returns G16K_ENODEV with "no CUDA device", and device operations return
 * G16K_ENODEV instead of crashing. With a GPU, probe succeeds and describes it. Also checks the
 * [plugin.cuda] keys: device must be an ordinal, unknown keys are rejected with file:line.
 * usage: test_cuda_probe <libg16k_cuda.so>
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "gpu_test_util.h"

static const char *plugin_path;

static void test_probe_reports_device_or_no_device(void **state)
{
    (void)state;
    gpu_plugin p;
    assert_int_equal(gpu_plugin_load(&p, plugin_path, NULL, 0), 0);
    assert_int_equal(p.create_rc, G16K_OK);
    assert_non_null(p.desc->probe);
    assert_true(p.desc->caps & G16K_CAP_MSM_G1);
    assert_true(p.desc->caps & G16K_CAP_MSM_G2);
    assert_true(p.desc->caps & G16K_CAP_NTT);
    char info[256] = "";
    int rc = p.desc->probe(p.ctx, info, sizeof info);
    if (rc == G16K_OK) {
        fprintf(stderr, "device: %s\n", info);
        assert_non_null(strstr(info, "CUDA device"));
    } else {
        assert_int_equal(rc, G16K_ENODEV);
        assert_non_null(strstr(host_last_error(), "no CUDA device"));
        g16k_msm_bases *b = NULL;
        uint8_t pt[96] = { 0 };
        assert_int_equal(p.desc->msm->bases_create(p.ctx, G16K_G1, pt, 1, G16K_ENC_CANONICAL, &b),
                         G16K_ENODEV);
        g16k_ntt_domain *d = NULL;
        assert_int_equal(p.desc->ntt->domain_create(p.ctx, 3, &d), G16K_ENODEV);
    }
    p.desc->destroy(p.ctx);
}

static void test_config_keys(void **state)
{
    (void)state;
    gpu_plugin p;
    g16k_config_entry bad_key[] = { { "device", "0", 2 }, { "window", "16", 5 } };
    assert_int_equal(gpu_plugin_load(&p, plugin_path, bad_key, 2), 0);
    assert_int_equal(p.create_rc, G16K_ECONFIG);
    assert_non_null(strstr(host_last_error(), "prover.ini:5"));
    assert_non_null(strstr(host_last_error(), "window"));
    g16k_config_entry bad_dev[] = { { "device", "gpu0", 4 } };
    assert_int_equal(gpu_plugin_load(&p, plugin_path, bad_dev, 1), 0);
    assert_int_equal(p.create_rc, G16K_ECONFIG);
    assert_non_null(strstr(host_last_error(), "prover.ini:4"));
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <libg16k_cuda.so>\n", argv[0]);
        return 2;
    }
    plugin_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_probe_reports_device_or_no_device),
        cmocka_unit_test(test_config_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
