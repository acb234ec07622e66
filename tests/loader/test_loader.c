/*
 * Plugin loading against stub plugins (stub_plugin.c built once per defect): every check of the
 * loader fires with a message naming the ini line, the plugin and its path; good plugins load
 * once however many slots name them; probe failures fall back only when prover.ini says so; bare
 * paths are searched in plugin_dir, then $G16K_PLUGIN_DIR. Also the host API and the log level.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "g16k/g16k.h"
#include "plugin/config.h"
#include "plugin/internal.h"
#include "tmpdir.h"
#include "util/error.h"
#include "util/log.h"

#define STUB(v) G16K_STUB_DIR "/libg16k_stub_" v ".so"
#define GOOD STUB("good")

typedef struct state {
    char dir[PATH_MAX];  /* mkdtemp folder, as created */
    char real[PATH_MAX]; /* its realpath: the loader resolves the ini folder */
    char ini[PATH_MAX];
} state;

static int setup(void **vs)
{
    state *st = calloc(1, sizeof(*st));
    tmpdir_create(st->dir);
    assert_non_null(realpath(st->dir, st->real));
    unsetenv("G16K_PLUGIN_DIR");
    *vs = st;
    return 0;
}

static int teardown(void **vs)
{
    state *st = *vs;
    unsetenv("G16K_PLUGIN_DIR");
    tmpdir_remove(st->dir);
    free(st);
    return 0;
}

static int contains(const char *msg, const char *needle)
{
    if (strstr(msg, needle))
        return 1;
    print_error("message: %s\nlacks:   %s\n", msg, needle);
    return 0;
}

static int load(state *st, prover_config **cfg, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int load(state *st, prover_config **cfg, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    tmpdir_write(st->dir, "prover.ini", st->ini, "%s", text);
    return config_load(st->ini, cfg);
}

static prover_config *load_ok(state *st, const char *text)
{
    prover_config *cfg = NULL;
    if (load(st, &cfg, "%s", text) != G16K_OK) {
        print_error("unexpected error: %s\n", err_get());
        fail();
    }
    return cfg;
}

/* All slots on `good` but msm.g1 on `bad` (section at line 3, path line 4). */
#define ONE_BAD                                                                                    \
    "[plugin.good]\npath = " GOOD "\n[plugin.bad]\npath = %s\n"                                    \
    "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"                                     \
    "[msm.g1]\nprovider = bad\n[msm.g2]\nprovider = good\n"

/* Load ONE_BAD with bad = the stub `variant`; expect "INI:4: plugin bad (PATH)" and needle. */
static void expect_bad_stub(state *st, const char *path, const char *needle)
{
    prover_config *cfg = (prover_config *)1;
    char want[3 * PATH_MAX];

    assert_true(load(st, &cfg, ONE_BAD, path) < 0);
    assert_null(cfg);
    snprintf(want, sizeof(want), "%s:4: plugin bad (%s)", st->ini, path);
    assert_true(contains(err_get(), want));
    assert_true(contains(err_get(), needle));
}

static void good_plugin_loads_once(void **vs)
{
    state *st = *vs;
    char want[PATH_MAX + 32];
    prover_config *cfg = load_ok(st, "[core]\nthreads = 2\n[plugin.good]\npath = " GOOD
                                     "\ndevice = 7\n[synthesizer]\nprovider = good\n"
                                     "[ntt]\nprovider = good\n[msm.g1]\nprovider = good\n"
                                     "[msm.g2]\nprovider = good\n");
    assert_int_equal(cfg->n_plugins, 1);
    for (int s = 0; s < SLOT_COUNT; s++) {
        assert_ptr_equal(cfg->slot[s].primary, &cfg->plugins[0]);
        assert_null(cfg->slot[s].fallback);
    }
    assert_string_equal(cfg->plugins[0].name, "good");
    assert_string_equal(cfg->plugins[0].path, GOOD);
    assert_string_equal(cfg->plugins[0].desc->name, "stub");
    assert_non_null(cfg->plugins[0].ctx);
    /* probe() echoes what create() received: the entry, its line, the host's thread count. */
    snprintf(want, sizeof(want), "plugin.good device=7@5 threads=%u", host_api_get()->threads);
    assert_string_equal(cfg->plugins[0].info, want);
    config_free(cfg);
}

static void descriptor_checks(void **vs)
{
    char abi_msg[96];
    snprintf(abi_msg, sizeof(abi_msg), "was built for ABI 2.0, this g16k has ABI %d.%d",
             G16K_ABI_MAJOR, G16K_ABI_MINOR);
    expect_bad_stub(*vs, STUB("abi2"), abi_msg);
    expect_bad_stub(*vs, STUB("shortdesc"), "descriptor struct_size");
    expect_bad_stub(*vs, STUB("noentry"), "no exported symbol g16k_plugin_entry");
    expect_bad_stub(*vs, STUB("nullentry"), "msm.bases_create is NULL");
    expect_bad_stub(*vs, STUB("entryerr"), "g16k_plugin_entry: stub entry refuses to load");
    expect_bad_stub(*vs, STUB("badcaps"), "the ntt vtable is present");
    expect_bad_stub(*vs, STUB("badcurve"), "curve 7 is not one this g16k knows");
    expect_bad_stub(*vs, STUB("curvetwice"), "curve BLS12-381 is listed twice");
    expect_bad_stub(*vs, STUB("morenull"), "n_more_curves is not 0 but more_curves is NULL");
    expect_bad_stub(*vs, STUB("nocapmore"), "no capability on BN254");
    expect_bad_stub(*vs, STUB("shortvt"), "ntt vtable struct_size");
}

static void dlopen_failures(void **vs)
{
    state *st = *vs;
    char path[PATH_MAX + 16];

    tmpdir_write(st->dir, "notelf.so", path, "not a shared object\n");
    expect_bad_stub(st, path, "dlopen failed");
    snprintf(path, sizeof(path), "%s/missing.so", st->dir);
    expect_bad_stub(st, path, "dlopen failed");
}

static void create_rejects_unknown_key(void **vs)
{
    state *st = *vs;
    prover_config *cfg = (prover_config *)1;
    char want[PATH_MAX + 64];

    assert_true(load(st, &cfg,
                     "[plugin.good]\npath = " GOOD "\ndevice = 1\nbogus = 2\n"
                     "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"
                     "[msm.g1]\nprovider = good\n[msm.g2]\nprovider = good\n") == G16K_ECONFIG);
    assert_null(cfg);
    assert_true(contains(err_get(), "plugin good (" GOOD "): create: "));
    snprintf(want, sizeof(want), "%s:4: unknown key 'bogus' in [plugin.good]", st->ini);
    assert_true(contains(err_get(), want));
}

static void probe_failure_without_fallback(void **vs)
{
    expect_bad_stub(*vs, STUB("nodev"), "probe: no stub device");
}

/* gpu (nodev) on msm.g1 with fallback = good: good serves the slot, gpu is not kept. */
#define FALLBACK_INI                                                                               \
    "[plugin.good]\npath = " GOOD "\n[plugin.gpu]\npath = " STUB(                                  \
        "nodev") "\n"                                                                              \
                 "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"                        \
                 "[msm.g1]\nprovider = gpu\nfallback = good\n"

static void probe_failure_with_fallback(void **vs)
{
    prover_config *cfg = load_ok(*vs, FALLBACK_INI "[msm.g2]\nprovider = good\n");
    assert_int_equal(cfg->n_plugins, 1);
    assert_ptr_equal(cfg->slot[SLOT_MSM_G1].primary, cfg->slot[SLOT_SYNTH].primary);
    assert_string_equal(cfg->slot[SLOT_MSM_G1].primary->name, "good");
    assert_null(cfg->slot[SLOT_MSM_G1].fallback);
    config_free(cfg);
}

static void failed_plugin_fails_other_slot(void **vs)
{
    prover_config *cfg = (prover_config *)1;
    /* msm.g2 also names gpu, without a fallback: the cached probe failure is the error. */
    assert_int_equal(load(*vs, &cfg, "%s", FALLBACK_INI "[msm.g2]\nprovider = gpu\n"), G16K_ENODEV);
    assert_null(cfg);
    assert_true(contains(err_get(), "plugin gpu (" STUB("nodev") "): probe: no stub device"));
}

static void fallback_is_loaded_too(void **vs)
{
    prover_config *cfg = load_ok(*vs, "[plugin.good]\npath = " GOOD "\n[plugin.spare]\npath = " GOOD
                                      "\n[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"
                                      "[msm.g1]\nprovider = good\nfallback = spare\n"
                                      "[msm.g2]\nprovider = spare\n");
    assert_int_equal(cfg->n_plugins, 2);
    assert_string_equal(cfg->slot[SLOT_MSM_G1].primary->name, "good");
    assert_string_equal(cfg->slot[SLOT_MSM_G1].fallback->name, "spare");
    assert_ptr_equal(cfg->slot[SLOT_MSM_G2].primary, cfg->slot[SLOT_MSM_G1].fallback);
    config_free(cfg);
}

static void slot_needs_capability(void **vs)
{
    state *st = *vs;
    prover_config *cfg = (prover_config *)1;
    char want[PATH_MAX + 128];
    const char *head = "[plugin.good]\npath = " GOOD "\n[plugin.cpu]\npath = " STUB(
        "nomsm") "\n"
                 "[synthesizer]\nprovider = cpu\n[ntt]\nprovider = cpu\n"
                 "[msm.g1]\nprovider = good\n[msm.g2]\nprovider = cpu\n";

    assert_int_equal(load(st, &cfg, "%s", head), G16K_ECONFIG);
    snprintf(want, sizeof(want), "%s:12: [msm.g2] plugin cpu (%s) lacks the msm.g2 capability",
             st->ini, STUB("nomsm"));
    assert_true(contains(err_get(), want));
    /* A fallback does not hide a configuration mistake. */
    assert_int_equal(load(st, &cfg, "%sfallback = good\n", head), G16K_ECONFIG);
    assert_true(contains(err_get(), want));
}

/* ABI 1.8 curve sets: what each plugin serves on each curve, as the prover looks it up. */
static void curve_sets(void **vs)
{
    state *st = *vs;
    char text[64];
    prover_config *cfg = load_ok(
        st, "[plugin.two]\npath = " STUB(
                "twocurves") "\n"
                             "[plugin.bn]\npath = " STUB(
                                 "bn254") "\n"
                                          "[synthesizer]\nprovider = two\n[ntt]\nprovider = two\n"
                                          "[msm.g1]\nprovider = bn\n[msm.g2]\nprovider = two\n");
    const loaded_plugin *two = cfg->slot[SLOT_SYNTH].primary, *bn = cfg->slot[SLOT_MSM_G1].primary;
    assert_int_equal(two->n_on, 2);
    const provider *two_bls = plugin_on(two, G16K_CURVE_BLS12_381);
    const provider *two_bn = plugin_on(two, G16K_CURVE_BN254);
    assert_ptr_equal(two_bls, &two->on[0]);
    assert_ptr_equal(two_bls->plugin, two);
    assert_ptr_equal(two_bls->synth, two->desc->synth);
    assert_int_equal(two_bls->caps, two->desc->caps);
    assert_ptr_equal(two_bn, &two->on[1]);
    assert_ptr_equal(two_bn->msm, two->desc->more_curves[0].msm);
    assert_int_equal(two_bn->caps, G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2);
    assert_null(two_bn->synth);
    assert_null(two_bn->ntt);
    plugin_curves_text(two, text, sizeof text);
    assert_string_equal(text, "BLS12-381 and BN254");
    assert_int_equal(bn->n_on, 1);
    assert_null(plugin_on(bn, G16K_CURVE_BLS12_381));
    assert_int_equal(plugin_on(bn, G16K_CURVE_BN254)->curve, G16K_CURVE_BN254);
    plugin_curves_text(bn, text, sizeof text);
    assert_string_equal(text, "BN254");
    config_free(cfg);
}

/* Two stubs, good (BLS12-381) and bn (BN254), and the slots synthesizer, ntt, msm.g1 and
 * msm.g2 on the providers given (msm.g1 with the fallback fb when not NULL). */
#define CURVE_INI                                                                                  \
    "[plugin.good]\npath = " GOOD "\n[plugin.bn]\npath = " STUB(                                   \
        "bn254") "\n"                                                                              \
                 "[plugin.two]\npath = " STUB(                                                     \
                     "twocurves") "\n[synthesizer]\nprovider = %s\n"                               \
                                  "[ntt]\nprovider = %s\n[msm.g1]\nprovider = "                    \
                                  "%s\n%s%s\n[msm.g2]\nprovider = %s\n"

/* Load the key at path with a prover on CURVE_INI's slots; the status, and the error in err. */
static int load_key_with(state *st, const char *path, const char *synth, const char *ntt,
                         const char *g1, const char *fb, const char *g2, char *err, size_t len)
{
    g16k_prover *p = NULL;
    g16k_key *k = NULL;
    tmpdir_write(st->dir, "prover.ini", st->ini, CURVE_INI, synth, ntt, g1, fb ? "fallback = " : "",
                 fb ? fb : "", g2);
    assert_int_equal(g16k_prover_open(st->ini, &p), G16K_OK);
    int rc = g16k_key_load_file(p, path, NULL, &k);
    snprintf(err, len, "%s", g16k_last_error());
    assert_true(rc != G16K_OK || k != NULL);
    g16k_key_free(k);
    g16k_prover_close(p);
    return rc;
}

/* A key's curve picks the providers' vtables: a slot whose provider lacks the curve, or the
 * slot's capability on it, is a configuration error naming the key, both curves and the
 * slot; a fallback without the curve is dropped for that key only. */
static void key_curve_needs_providers(void **vs)
{
    state *st = *vs;
    const char *bls = G16K_SRC_FIXTURES "/mult/circuit_final.zkey";
    const char *bn = G16K_SRC_FIXTURES "/bn128/mult/circuit_final.zkey";
    static const struct {
        int bn;                                 /* the bn128 key, else the BLS12-381 one */
        const char *synth, *ntt, *g1, *fb, *g2; /* CURVE_INI's providers */
        int status;
        const char *says[2]; /* after "KEY: " */
    } cases[] = {
        /* msm.g1 on a BN254-only plugin: a BLS12-381 key is refused before any handle */
        { 0,
          "good",
          "good",
          "bn",
          NULL,
          "good",
          G16K_ECONFIG,
          { "a BLS12-381 (bls12381) proving key, but the [msm.g1] provider 'bn' (" STUB("bn254"),
            "serves BN254 only; name a provider that serves BLS12-381 there" } },
        /* every slot on a plugin with BN254 MSMs only: the synthesizer slot is named */
        { 1,
          "two",
          "two",
          "two",
          NULL,
          "two",
          G16K_ECONFIG,
          { "a BN254 (bn128) proving key, but the [synthesizer] provider 'two' (" STUB("twocurves"),
            "serves it without synthesizer; name a provider that serves BN254 there" } },
        /* the NTT on the BLS12-381-only stub, for a BN254 key */
        { 1,
          "bn",
          "good",
          "bn",
          NULL,
          "bn",
          G16K_ECONFIG,
          { "a BN254 (bn128) proving key, but the [ntt] provider 'good' (" GOOD,
            "serves BLS12-381 only; name a provider that serves BN254 there" } },
        /* every slot served on BN254 (a fallback without it dropped): the providers pass, and
         * the load goes on to their handles (the stub's NTT takes no domain of this size) */
        { 1,
          "bn",
          "bn",
          "bn",
          "good",
          "bn",
          G16K_EUNSUPPORTED,
          { "plugin bn (" STUB("bn254") "): ntt domain_create failed", "" } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[4096], head[PATH_MAX + 8];
        const char *key = cases[i].bn ? bn : bls;
        assert_int_equal(load_key_with(st, key, cases[i].synth, cases[i].ntt, cases[i].g1,
                                       cases[i].fb, cases[i].g2, err, sizeof err),
                         cases[i].status);
        snprintf(head, sizeof head, "%s: ", key);
        assert_true(cases[i].status != G16K_ECONFIG || contains(err, head));
        for (int j = 0; j < 2; j++)
            if (!contains(err, cases[i].says[j]))
                fail_msg("case %zu: no '%s' in: %s", i, cases[i].says[j], err);
    }
}

#define SEARCH_SLOTS                                                                               \
    "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"                                     \
    "[msm.g1]\nprovider = good\n[msm.g2]\nprovider = good\n"

static void search_plugin_dir_then_env(void **vs)
{
    state *st = *vs;
    char env[PATH_MAX + 8], want[3 * PATH_MAX];
    prover_config *cfg;

    tmpdir_copy(GOOD, st->dir, "plugs/libsearch.so");
    tmpdir_copy(STUB("nodev"), st->dir, "env/libsearch.so");

    /* plugin_dir, relative to the ini folder, wins over $G16K_PLUGIN_DIR. */
    snprintf(env, sizeof(env), "%s/env", st->dir);
    setenv("G16K_PLUGIN_DIR", env, 1);
    cfg = load_ok(st,
                  "[core]\nplugin_dir = plugs\n[plugin.good]\npath = libsearch.so\n" SEARCH_SLOTS);
    snprintf(want, sizeof(want), "%s/plugs/libsearch.so", st->real);
    assert_string_equal(cfg->plugins[0].path, want);
    config_free(cfg);

    /* Without plugin_dir, $G16K_PLUGIN_DIR is used (its copy is the nodev stub). */
    cfg = (prover_config *)1;
    assert_int_equal(load(st, &cfg, "%s", "[plugin.good]\npath = libsearch.so\n" SEARCH_SLOTS),
                     G16K_ENODEV);
    snprintf(want, sizeof(want), "(%s/libsearch.so): probe: no stub device", env);
    assert_true(contains(err_get(), want));

    /* plugin_dir without the file: the search goes on to $G16K_PLUGIN_DIR. */
    assert_int_equal(load(st, &cfg, "%s",
                          "[core]\nplugin_dir = env/..\n[plugin.good]\n"
                          "path = libsearch.so\n" SEARCH_SLOTS),
                     G16K_ENODEV);

    /* Found nowhere: the message lists where it looked. */
    assert_int_equal(load(st, &cfg, "%s",
                          "[core]\nplugin_dir = plugs\n[plugin.good]\n"
                          "path = libnothere.so\n" SEARCH_SLOTS),
                     G16K_ECONFIG);
    snprintf(want, sizeof(want), ":4: plugin good: 'libnothere.so' not found in %s/plugs, %s",
             st->real, env);
    assert_true(contains(err_get(), want));
}

static void path_with_slash_is_relative_to_ini(void **vs)
{
    state *st = *vs;
    char want[PATH_MAX + 32];
    prover_config *cfg;

    tmpdir_copy(GOOD, st->dir, "plugs/librel.so");
    cfg = load_ok(st, "[plugin.good]\npath = plugs/librel.so\n" SEARCH_SLOTS);
    snprintf(want, sizeof(want), "%s/plugs/librel.so", st->real);
    assert_string_equal(cfg->plugins[0].path, want);
    config_free(cfg);
}

static void self_dir_is_executable_dir(void **vs)
{
    char exe[PATH_MAX], dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    (void)vs;
    assert_true(n > 0);
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    assert_int_equal(loader_self_dir(dir), 0);
    assert_string_equal(dir, exe);
}

static void *set_error_elsewhere(void *arg)
{
    (void)arg;
    host_api_get()->set_error("other thread %d", 2);
    return strcmp(err_get(), "other thread 2") == 0 ? arg : NULL;
}

static void host_api(void **vs)
{
    const g16k_host_api *h = host_api_get();
    pthread_t t;
    void *ret = NULL;
    int token;

    (void)vs;
    assert_int_equal(h->struct_size, sizeof(g16k_host_api));
    assert_int_equal(h->abi_major, G16K_ABI_MAJOR);
    assert_true(h->threads >= 1);
    h->set_error("plugin says %s at %d", "hello", 5);
    assert_string_equal(err_get(), "plugin says hello at 5");
    /* The message is per thread: another thread's error does not touch ours. */
    assert_int_equal(pthread_create(&t, NULL, set_error_elsewhere, &token), 0);
    assert_int_equal(pthread_join(t, &ret), 0);
    assert_ptr_equal(ret, &token);
    assert_string_equal(err_get(), "plugin says hello at 5");
    h->log(G16K_LOG_DEBUG, "below the default threshold: not shown %d", 1);
}

static void log_level_parses(void **vs)
{
    (void)vs;
    assert_int_equal(log_level_parse(NULL), G16K_LOG_WARN);
    assert_int_equal(log_level_parse(""), G16K_LOG_WARN);
    assert_int_equal(log_level_parse("error"), G16K_LOG_ERROR);
    assert_int_equal(log_level_parse("warn"), G16K_LOG_WARN);
    assert_int_equal(log_level_parse("INFO"), G16K_LOG_INFO);
    assert_int_equal(log_level_parse("debug"), G16K_LOG_DEBUG);
    assert_int_equal(log_level_parse("verbose"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(good_plugin_loads_once, setup, teardown),
        cmocka_unit_test_setup_teardown(descriptor_checks, setup, teardown),
        cmocka_unit_test_setup_teardown(dlopen_failures, setup, teardown),
        cmocka_unit_test_setup_teardown(create_rejects_unknown_key, setup, teardown),
        cmocka_unit_test_setup_teardown(probe_failure_without_fallback, setup, teardown),
        cmocka_unit_test_setup_teardown(probe_failure_with_fallback, setup, teardown),
        cmocka_unit_test_setup_teardown(failed_plugin_fails_other_slot, setup, teardown),
        cmocka_unit_test_setup_teardown(fallback_is_loaded_too, setup, teardown),
        cmocka_unit_test_setup_teardown(slot_needs_capability, setup, teardown),
        cmocka_unit_test_setup_teardown(curve_sets, setup, teardown),
        cmocka_unit_test_setup_teardown(key_curve_needs_providers, setup, teardown),
        cmocka_unit_test_setup_teardown(search_plugin_dir_then_env, setup, teardown),
        cmocka_unit_test_setup_teardown(path_with_slash_is_relative_to_ini, setup, teardown),
        cmocka_unit_test(self_dir_is_executable_dir),
        cmocka_unit_test(host_api),
        cmocka_unit_test(log_level_parses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
