/*
 * Entry point and descriptor checks: the same rules the g16k loader enforces (plugin.h), one
 * line each, so a vendor sees every problem at once instead of the loader's first.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* Size of a struct up to and including its last ABI 1.0 member (later minors append). */
#define SIZE_1_0(type, last) (offsetof(type, last) + sizeof(((type *)0)->last))

static void check_entry(chk_plugin *p)
{
    const g16k_plugin_desc *d = NULL;
    int rc = p->entry(host_api_other_major(), &d);
    if (rc < 0)
        report_pass("entry.rejects_other_abi_major");
    else
        report_fail("entry.rejects_other_abi_major", "returned %d for a host with ABI major %d",
                    rc, G16K_ABI_MAJOR + 1);
    d = NULL;
    rc = p->entry(host_api(), &d);           /* again with the real host, which it keeps */
    if (rc == G16K_OK && d == p->desc)
        report_pass("entry.repeatable");
    else
        report_fail("entry.repeatable", "second call returned %d and %s descriptor", rc,
                    d == p->desc ? "the same" : "a different");
}

/* One vtable: at least its 1.0 size, every mandatory entry set. */
static void check_vtable(const char *what, uint32_t size, size_t min, const void *const *e,
                         const char *const *names, int n)
{
    char name[64];
    snprintf(name, sizeof name, "desc.%s_vtable", what);
    if (size < min) {
        report_fail(name, "struct_size %u < ABI 1.0 size %zu", size, min);
        return;
    }
    for (int i = 0; i < n; i++)
        if (!e[i]) {
            report_fail(name, "mandatory entry %s is NULL", names[i]);
            return;
        }
    report_pass("%s", name);
}

static void check_caps(const g16k_plugin_desc *d)
{
    const uint32_t known = G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2;
    int ok = 1;
    if (d->caps & ~known) {
        report_fail("desc.caps", "unknown capability bits 0x%x", d->caps & ~known);
        ok = 0;
    }
    if (!(d->caps & known)) {
        report_fail("desc.caps", "no capability at all");
        ok = 0;
    }
    if (!(d->caps & G16K_CAP_SYNTH) != !d->synth) {
        report_fail("desc.caps", "G16K_CAP_SYNTH is %s but the synth vtable is %s",
                    d->synth ? "clear" : "set", d->synth ? "present" : "NULL");
        ok = 0;
    }
    if (!(d->caps & G16K_CAP_NTT) != !d->ntt) {
        report_fail("desc.caps", "G16K_CAP_NTT is %s but the ntt vtable is %s",
                    d->ntt ? "clear" : "set", d->ntt ? "present" : "NULL");
        ok = 0;
    }
    if (!(d->caps & (G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2)) != !d->msm) {
        report_fail("desc.caps", "the MSM caps are %s but the msm vtable is %s",
                    d->msm ? "clear" : "set", d->msm ? "present" : "NULL");
        ok = 0;
    }
    if (ok)
        report_pass("desc.caps");
}

int check_descriptor(chk_plugin *p)
{
    const g16k_plugin_desc *d = p->desc;
    check_entry(p);
    if (d->struct_size < SIZE_1_0(g16k_plugin_desc, abi_minor)) {
        report_fail("desc.struct_size", "%u is too small to hold the ABI version", d->struct_size);
        return -1;
    }
    if (d->abi_major != G16K_ABI_MAJOR) {
        report_fail("desc.abi_version", "built for ABI %u.%u, this checker has %d.%d",
                    d->abi_major, d->abi_minor, G16K_ABI_MAJOR, G16K_ABI_MINOR);
        return -1;
    }
    report_pass("desc.abi_version %u.%u", d->abi_major, d->abi_minor);
    if (d->struct_size < SIZE_1_0(g16k_plugin_desc, msm)) {
        report_fail("desc.struct_size", "%u < ABI 1.0 size %zu", d->struct_size,
                    SIZE_1_0(g16k_plugin_desc, msm));
        return -1;
    }
    report_pass("desc.struct_size");
    if (d->curve == G16K_CURVE_BLS12_381)
        report_pass("desc.curve");
    else
        report_fail("desc.curve", "%u is not G16K_CURVE_BLS12_381", d->curve);
    if (d->name && d->name[0] && strlen(d->name) < 64 && d->version)
        report_pass("desc.name %s %s", d->name, d->version);
    else
        report_fail("desc.name", "name must be a non-empty short string and version non-NULL");
    if (!d->create || !d->destroy) {
        report_fail("desc.create_destroy", "mandatory %s is NULL",
                    d->create ? "destroy" : "create");
        return -1;
    }
    report_pass("desc.create_destroy");
    check_caps(d);
    if (d->synth) {
        const void *e[] = { (void *)d->synth->circuit_create, (void *)d->synth->circuit_destroy,
                            (void *)d->synth->synthesize };
        const char *const n[] = { "circuit_create", "circuit_destroy", "synthesize" };
        check_vtable("synth", d->synth->struct_size, SIZE_1_0(g16k_synth_vtable, synthesize), e,
                     n, 3);
    }
    if (d->ntt) {
        const void *e[] = { (void *)d->ntt->domain_create, (void *)d->ntt->domain_destroy,
                            (void *)d->ntt->transform };
        const char *const n[] = { "domain_create", "domain_destroy", "transform" };
        check_vtable("ntt", d->ntt->struct_size, SIZE_1_0(g16k_ntt_vtable, compute_h), e, n, 3);
    }
    if (d->msm) {
        const void *e[] = { (void *)d->msm->bases_create, (void *)d->msm->bases_destroy,
                            (void *)d->msm->msm };
        const char *const n[] = { "bases_create", "bases_destroy", "msm" };
        check_vtable("msm", d->msm->struct_size, SIZE_1_0(g16k_msm_vtable, msm), e, n, 3);
    }
    return 0;
}
