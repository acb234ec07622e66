/*
 * g16k-plugin-check PLUGIN.so [--reference REF.so] [--seed N]
 *
 * Conformance checker for g16k provider plugins (plugin.h, ABI 1.0): the exported symbols, the
 * entry point and descriptor, configuration handling, then known-answer tests of every provided
 * vtable against a reference plugin (default: the CPU plugin, lib/g16k/libg16k_cpu.so in the
 * lib folder beside this binary's bin folder). One line per check; exit 0 only if all passed,
 * 1 if any failed, 77 if none failed but some were skipped (the device is absent), 2 on usage.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "abi.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: g16k-plugin-check PLUGIN.so [--reference REF.so] [--seed N]\n"
            "  Checks a g16k provider plugin against ABI %d.%d and, by known-answer tests,\n"
            "  against the reference plugin (default ../lib/g16k/libg16k_cpu.so from this\n"
            "  binary). Prints PASS/FAIL/SKIP per check; exit 0 only if all pass.\n"
            "  G16K_CHECK_VERBOSE=1 shows the plugins' log lines on stderr.\n",
            G16K_ABI_MAJOR, G16K_ABI_MINOR);
}

/* The install tree's plugin folder relative to its bin/ (sdk/check/CMakeLists.txt). */
#ifndef G16K_PLUGIN_DIR_FROM_BIN
#define G16K_PLUGIN_DIR_FROM_BIN "../lib/g16k"
#endif

/* <dir of this executable>/G16K_PLUGIN_DIR_FROM_BIN/libg16k_cpu.so when it exists (the install
 * tree, whose library folder may be, say, lib/x86_64-linux-gnu), else
 * <dir>/../lib/g16k/libg16k_cpu.so (the build tree). */
static int default_reference(char *out, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    int w = snprintf(out, len, "%s/" G16K_PLUGIN_DIR_FROM_BIN "/libg16k_cpu.so", exe);
    if (w <= 0 || (size_t)w >= len || access(out, F_OK) != 0)
        w = snprintf(out, len, "%s/../lib/g16k/libg16k_cpu.so", exe);
    return w > 0 && (size_t)w < len ? 0 : -1;
}

/* A plugin (p) seen on one of its curves (c): its descriptor with that curve's caps and
 * vtables, so that the known-answer tests, which read p->desc, run on it. */
typedef struct on_curve {
    g16k_plugin_desc desc;
    chk_plugin p;
} on_curve;

static void view(on_curve *o, const chk_plugin *p, const abi_curve *c)
{
    o->desc = *p->desc;
    o->desc.curve = c->curve;
    o->desc.caps = c->caps;
    o->desc.synth = c->vt[ABI_VT_SYNTH];
    o->desc.ntt = c->vt[ABI_VT_NTT];
    o->desc.msm = c->vt[ABI_VT_MSM];
    o->p = *p;
    o->p.desc = &o->desc;
}

/* The known-answer tests of plugin t on curve c against the reference's vtables of the same
 * curve (rc: the reference's n_rc curves). Lines of a curve other than BLS12-381 start with
 * its name ("bn254."). compute_h_msm's test draws BLS12-381's points: it runs on that curve. */
static void kat_curve(const chk_plugin *t, const chk_plugin *ref, const abi_curve *c,
                      const abi_curve *rc, int n_rc)
{
    const abi_curve *r = NULL;
    for (int i = 0; i < n_rc; i++)
        if (rc[i].curve == c->curve)
            r = &rc[i];
    int bls = c->curve == G16K_CURVE_BLS12_381;
    report_prefix(bls ? "" : c->curve == G16K_CURVE_BN254 ? "bn254." : "other.");
    rng_curve(c->curve);
    if (r == NULL) {
        report_fail("kat", "the reference serves no %s: no known-answer tests on it",
                    abi_curve_str(c->curve));
        return;
    }
    on_curve ot, orf;
    view(&ot, t, c);
    view(&orf, ref, r);
    if (ot.desc.synth)
        kat_synth(&ot.p, &orf.p);
    if (ot.desc.ntt)
        kat_ntt(&ot.p, &orf.p);
    if (ot.desc.msm) {
        kat_msm(&ot.p, &orf.p, G16K_G1);
        kat_msm(&ot.p, &orf.p, G16K_G2);
    }
    if (ot.desc.ntt && bls)
        kat_h_msm(&ot.p, &orf.p);
}

int main(int argc, char **argv)
{
    const char *path = NULL, *ref_path = NULL;
    char ref_buf[PATH_MAX], err[1024];
    uint64_t seed = 20240611;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--reference") && i + 1 < argc) {
            ref_path = argv[++i];
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else if (argv[i][0] != '-' && !path) {
            path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    if (!ref_path) {
        if (default_reference(ref_buf, sizeof ref_buf) != 0) {
            fprintf(stderr, "g16k-plugin-check: cannot locate the reference plugin; "
                            "use --reference\n");
            return 2;
        }
        ref_path = ref_buf;
    }
    rng_seed(seed);
    host_echo_log(getenv("G16K_CHECK_VERBOSE") ? G16K_LOG_DEBUG : -1);
    printf("# plugin %s\n# reference %s\n", path, ref_path);

    check_exports(path);
    chk_plugin t, ref;
    if (host_plugin_open(&t, path, err, sizeof err) != 0) {
        report_fail("load", "%s", err);
        return report_exit_code();
    }
    report_pass("load");
    if (check_descriptor(&t) != 0 || check_config(&t) != 0)
        return report_exit_code();

    if (t.desc->probe) {
        char info[256] = "";
        host_clear_error();
        int rc = t.desc->probe(t.ctx, info, sizeof info);
        if (rc == G16K_ENODEV) {
            report_skip("probe", "no device: %s", host_last_error());
            report_skip("kat", "skipped: the plugin's device is absent");
            t.desc->destroy(t.ctx);
            return report_exit_code();
        }
        if (rc != G16K_OK) {
            report_fail("probe", "returned %d (expected G16K_OK or G16K_ENODEV): %s", rc,
                        host_last_error());
            t.desc->destroy(t.ctx);
            return report_exit_code();
        }
        report_pass("probe %s", info);
    }

    if (host_plugin_open(&ref, ref_path, err, sizeof err) != 0 || chk_create(&ref) != G16K_OK) {
        report_fail("reference", "%s: %s", ref_path, ref.desc ? host_last_error() : err);
        t.desc->destroy(t.ctx);
        return report_exit_code();
    }
    const g16k_plugin_desc *d = t.desc;
    abi_curve tc[ABI_CURVES_MAX], rc[ABI_CURVES_MAX];
    const char *why = NULL;
    int nt = abi_curves(d, tc, &why), nr = abi_curves(ref.desc, rc, &why);
    for (int i = 0; i < nt; i++)
        kat_curve(&t, &ref, &tc[i], rc, nr);
    report_prefix(NULL);
    d->destroy(t.ctx);
    ref.desc->destroy(ref.ctx);
    report_pass("destroy");
    return report_exit_code();
}
