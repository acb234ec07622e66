/*
 * prover.ini parsing and validation: every error names the file and the line (or the file alone
 * for a missing slot), and good values land in prover_config. Plugins are the good stub.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "plugin/config.h"
#include "tmpdir.h"
#include "util/error.h"

#define GOOD G16K_STUB_DIR "/libg16k_stub_good.so"
/* 2 lines */
#define GOOD_PLUGIN "[plugin.good]\npath = " GOOD "\n"
/* 8 lines */
#define ALL_SLOTS                                                                                  \
    "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"                                     \
    "[msm.g1]\nprovider = good\n[msm.g2]\nprovider = good\n"

typedef struct state {
    char dir[PATH_MAX];
    char ini[PATH_MAX];
} state;

static int setup(void **vs)
{
    state *st = calloc(1, sizeof(*st));
    tmpdir_create(st->dir);
    *vs = st;
    return 0;
}

static int teardown(void **vs)
{
    state *st = *vs;
    tmpdir_remove(st->dir);
    free(st);
    return 0;
}

/* Write the ini text, expect config_load to fail with "PATH<where>" in the message and needle. */
static void expect_error(state *st, const char *text, const char *where, const char *needle)
{
    prover_config *cfg = (prover_config *)1;
    char want[PATH_MAX + 64];
    const char *msg;

    tmpdir_write(st->dir, "prover.ini", st->ini, "%s", text);
    assert_true(config_load(st->ini, &cfg) < 0);
    assert_null(cfg);
    msg = err_get();
    snprintf(want, sizeof(want), "%s%s", st->ini, where);
    if (strncmp(msg, want, strlen(want)) != 0 || !strstr(msg, needle)) {
        print_error("message: %s\nwanted:  %s ... %s\n", msg, want, needle);
        fail();
    }
}

static prover_config *expect_ok(state *st, const char *text)
{
    prover_config *cfg = NULL;
    tmpdir_write(st->dir, "prover.ini", st->ini, "%s", text);
    if (config_load(st->ini, &cfg) != G16K_OK) {
        print_error("unexpected error: %s\n", err_get());
        fail();
    }
    assert_non_null(cfg);
    return cfg;
}

static void values_land_in_config(void **vs)
{
    prover_config *cfg =
        expect_ok(*vs, "; comment\n[core]\nthreads = 3\nverify = never\n"
                       "[window]\na = auto\nb_g1 = 12\nh = 31\n" GOOD_PLUGIN ALL_SLOTS);
    assert_int_equal(cfg->threads, 3);
    assert_int_equal(cfg->verify, 0);
    assert_int_equal(cfg->window[MSM_A], 0);
    assert_int_equal(cfg->window[MSM_B1], 12);
    assert_int_equal(cfg->window[MSM_B2], 0);
    assert_int_equal(cfg->window[MSM_H], 31);
    assert_string_equal(cfg->file, ((state *)*vs)->ini);
    config_free(cfg);
}

static void defaults_and_threads_zero(void **vs)
{
    prover_config *cfg = expect_ok(*vs, "[core]\nthreads = 0\n" GOOD_PLUGIN ALL_SLOTS);
    assert_int_equal(cfg->threads, (unsigned)sysconf(_SC_NPROCESSORS_ONLN));
    assert_int_equal(cfg->verify, 1);
    for (int i = 0; i < MSM_COUNT; i++)
        assert_int_equal(cfg->window[i], 0);
    config_free(cfg);
    cfg = expect_ok(*vs, GOOD_PLUGIN ALL_SLOTS);
    assert_true(cfg->threads >= 1);
    config_free(cfg);
}

/* [core] key_cache: absent = $XDG_CACHE_HOME/g16k (absolute only), else $HOME/.cache/g16k;
 * off = no cache; DIR relative to the ini file. */
static void key_cache_default_off_and_dir(void **vs)
{
    state *st = *vs;
    char want[4096];
    char *old_xdg = getenv("XDG_CACHE_HOME") ? strdup(getenv("XDG_CACHE_HOME")) : NULL;
    char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    setenv("XDG_CACHE_HOME", "/xdg/cache", 1);
    prover_config *cfg = expect_ok(st, GOOD_PLUGIN ALL_SLOTS);
    assert_string_equal(cfg->key_cache, "/xdg/cache/g16k");
    config_free(cfg);
    setenv("XDG_CACHE_HOME", "relative/cache", 1); /* not absolute: ignored (XDG spec) */
    setenv("HOME", "/home/someone", 1);
    cfg = expect_ok(st, GOOD_PLUGIN ALL_SLOTS);
    assert_string_equal(cfg->key_cache, "/home/someone/.cache/g16k");
    config_free(cfg);
    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
    cfg = expect_ok(st, GOOD_PLUGIN ALL_SLOTS);
    assert_string_equal(cfg->key_cache, "");
    config_free(cfg);
    setenv("HOME", "/home/someone", 1);
    cfg = expect_ok(st, "[core]\nkey_cache = off\n" GOOD_PLUGIN ALL_SLOTS);
    assert_string_equal(cfg->key_cache, "");
    config_free(cfg);
    cfg = expect_ok(st, "[core]\nkey_cache = verdicts\n" GOOD_PLUGIN ALL_SLOTS);
    char *dir = strdup(st->ini);
    *strrchr(dir, '/') = '\0';
    snprintf(want, sizeof want, "%s/verdicts", dir);
    assert_string_equal(cfg->key_cache, want);
    config_free(cfg);
    cfg = expect_ok(st, "[core]\nkey_cache = /abs/verdicts\n" GOOD_PLUGIN ALL_SLOTS);
    assert_string_equal(cfg->key_cache, "/abs/verdicts");
    config_free(cfg);
    free(dir);
    if (old_xdg)
        setenv("XDG_CACHE_HOME", old_xdg, 1);
    else
        unsetenv("XDG_CACHE_HOME");
    if (old_home)
        setenv("HOME", old_home, 1);
    else
        unsetenv("HOME");
    free(old_xdg);
    free(old_home);
}

/* $G16K_THREADS overrides [core] threads; a bad value is a config error naming the variable. */
static void threads_from_environment(void **vs)
{
    setenv("G16K_THREADS", "5", 1);
    prover_config *cfg = expect_ok(*vs, "[core]\nthreads = 3\n" GOOD_PLUGIN ALL_SLOTS);
    assert_int_equal(cfg->threads, 5);
    config_free(cfg);
    setenv("G16K_THREADS", "0", 1);
    cfg = expect_ok(*vs, "[core]\nthreads = 3\n" GOOD_PLUGIN ALL_SLOTS);
    assert_int_equal(cfg->threads, (unsigned)sysconf(_SC_NPROCESSORS_ONLN));
    config_free(cfg);
    static const char *const bad[] = { "x", "-2", "7y", "99999" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("G16K_THREADS", bad[i], 1);
        cfg = NULL;
        tmpdir_write(((state *)*vs)->dir, "prover.ini", ((state *)*vs)->ini, "%s",
                     GOOD_PLUGIN ALL_SLOTS);
        assert_int_equal(config_load(((state *)*vs)->ini, &cfg), G16K_ECONFIG);
        assert_null(cfg);
        char want[64];
        snprintf(want, sizeof want, "environment G16K_THREADS='%s'", bad[i]);
        if (!strstr(err_get(), want)) {
            print_error("message: %s\nwanted: %s\n", err_get(), want);
            fail();
        }
    }
    unsetenv("G16K_THREADS");
}

static void unknown_section(void **vs)
{
    expect_error(*vs, GOOD_PLUGIN ALL_SLOTS "[msm.g3]\nprovider = good\n",
                 ":11: ", "unknown section [msm.g3]");
    /* Also when the section holds no key (inih alone would never report it). */
    expect_error(*vs, GOOD_PLUGIN "\n[wndow]\n" ALL_SLOTS, ":4: ", "unknown section [wndow]");
}

static void unknown_keys(void **vs)
{
    expect_error(*vs, "[core]\n\nthreds = 2\n" GOOD_PLUGIN ALL_SLOTS,
                 ":3: ", "unknown key 'threds' in [core]");
    expect_error(*vs, GOOD_PLUGIN "[ntt]\nprovider = good\nprovidr = good\n",
                 ":5: ", "unknown key 'providr' in [ntt]");
    expect_error(*vs, "[window]\nb_g3 = 4\n", ":2: ", "unknown key 'b_g3' in [window]");
    expect_error(*vs, "threads = 1\n[core]\n", ":1: ", "key 'threads' outside any section");
}

static void repeated_key(void **vs)
{
    expect_error(*vs, "[core]\nthreads = 2\n; again\nthreads = 4\n" GOOD_PLUGIN ALL_SLOTS,
                 ":4: ", "repeated key 'threads'");
    /* A repeated section is fine, a key repeated across its two halves is not. */
    expect_error(*vs, GOOD_PLUGIN ALL_SLOTS "[plugin.good]\npath = x.so\n",
                 ":12: ", "repeated key 'path'");
}

static void bad_values(void **vs)
{
    static const char *const threads[] = { "many", "-1", "4x", "99999", "" };
    char text[256];

    for (size_t i = 0; i < sizeof(threads) / sizeof(threads[0]); i++) {
        char needle[64];
        snprintf(text, sizeof(text), "[core]\nverify = always\nthreads = %s\n", threads[i]);
        snprintf(needle, sizeof(needle), "bad value '%s' for threads (expected", threads[i]);
        expect_error(*vs, text, ":3: ", needle);
    }
    expect_error(*vs, "[core]\nverify = sometimes\n",
                 ":2: ", "bad value 'sometimes' for verify (expected always or never)");
    expect_error(*vs, "[window]\nl = 0\n",
                 ":2: ", "bad value '0' for window l (expected auto or 1..31)");
    expect_error(*vs, "[window]\nl = 32\n", ":2: ", "bad value '32' for window l");
    expect_error(*vs, "[window]\nh = big\n", ":2: ", "bad value 'big' for window h");
    expect_error(*vs, "[ntt]\nprovider = a b\n", ":2: ", "bad value 'a b' for provider");
    expect_error(*vs, "[plugin.x]\npath =\n", ":2: ", "bad value '' for path");
    expect_error(*vs, "[plugin.a/b]\npath = x.so\n", ":1: ", "bad plugin name in [plugin.a/b]");
}

static void provider_without_plugin_section(void **vs)
{
    expect_error(*vs,
                 GOOD_PLUGIN "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"
                             "[msm.g1]\n; GPU\nprovider = cuda\n[msm.g2]\nprovider = good\n",
                 ":9: ", "[msm.g1] provider 'cuda' has no [plugin.cuda] section");
    expect_error(*vs, GOOD_PLUGIN ALL_SLOTS "[msm.g1]\nfallback = cpu\n",
                 ":12: ", "[msm.g1] fallback 'cpu' has no [plugin.cpu] section");
    expect_error(*vs, GOOD_PLUGIN ALL_SLOTS "[msm.g1]\nfallback = good\n",
                 ":12: ", "[msm.g1] fallback 'good' is the provider itself");
}

static void plugin_without_path(void **vs)
{
    expect_error(*vs, GOOD_PLUGIN "[plugin.cuda]\ndevice = 0\n" ALL_SLOTS,
                 ":3: ", "[plugin.cuda] has no path");
}

static void missing_slot(void **vs)
{
    expect_error(*vs,
                 GOOD_PLUGIN "[synthesizer]\nprovider = good\n[ntt]\nprovider = good\n"
                             "[msm.g1]\nprovider = good\n",
                 ": ", "no [msm.g2] provider");
    expect_error(*vs, GOOD_PLUGIN "[msm.g2]\nprovider = good\n", ": ", "no [synthesizer] provider");
}

static void syntax_errors(void **vs)
{
    char text[600];

    expect_error(*vs, "[core]\nthreads = 1\nverify\n", ":3: ", "syntax error");
    expect_error(*vs, "[core\nthreads = 1\n", ":1: ", "syntax error");
    /* The first error wins even when a later line has a handler error. */
    expect_error(*vs, "[core]\nverify\nthreads = x\n", ":2: ", "syntax error");
    snprintf(text, sizeof(text), "[core]\nplugin_dir = %0300d\n", 0);
    expect_error(*vs, text, ":2: ", "line longer than");
}

static void file_not_found(void **vs)
{
    state *st = *vs;
    prover_config *cfg = (prover_config *)1;
    char path[PATH_MAX + 16], want[PATH_MAX + 64];

    snprintf(path, sizeof(path), "%s/nope.ini", st->dir);
    assert_int_equal(config_load(path, &cfg), G16K_EIO);
    assert_null(cfg);
    snprintf(want, sizeof(want), "%s: cannot open: No such file or directory", path);
    assert_string_equal(err_get(), want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(values_land_in_config, setup, teardown),
        cmocka_unit_test_setup_teardown(defaults_and_threads_zero, setup, teardown),
        cmocka_unit_test_setup_teardown(threads_from_environment, setup, teardown),
        cmocka_unit_test_setup_teardown(key_cache_default_off_and_dir, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_section, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_keys, setup, teardown),
        cmocka_unit_test_setup_teardown(repeated_key, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_values, setup, teardown),
        cmocka_unit_test_setup_teardown(provider_without_plugin_section, setup, teardown),
        cmocka_unit_test_setup_teardown(plugin_without_path, setup, teardown),
        cmocka_unit_test_setup_teardown(missing_slot, setup, teardown),
        cmocka_unit_test_setup_teardown(syntax_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(file_not_found, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
