/*
 * Entry point and descriptor checks: the same rules the g16k loader enforces (plugin.h), one
 * line each, so a vendor sees every problem at once instead of the loader's first.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "abi.h"

static void check_entry(chk_plugin *p)
{
    const g16k_plugin_desc *d = NULL;
    int rc = p->entry(host_api_other_major(), &d);
    if (rc < 0)
        report_pass("entry.rejects_other_abi_major");
    else
        report_fail("entry.rejects_other_abi_major", "returned %d for a host with ABI major %d", rc,
                    G16K_ABI_MAJOR + 1);
    d = NULL;
    rc = p->entry(host_api(), &d); /* again with the real host, which it keeps */
    if (rc == G16K_OK && d == p->desc)
        report_pass("entry.repeatable");
    else
        report_fail("entry.repeatable", "second call returned %d and %s descriptor", rc,
                    d == p->desc ? "the same" : "a different");
}

/* One vtable: at least its 1.0 size, every mandatory entry set; the line names the optional
 * entries it has (each has checks of its own, kat_*.c). */
static void check_vtable(const abi_vtable *v, const void *vt)
{
    char name[64], opt[128] = "";
    uint32_t size;
    snprintf(name, sizeof name, "desc.%s_vtable", v->name);
    memcpy(&size, vt, sizeof size);
    if (size < v->size_1_0) {
        report_fail(name, "struct_size %u < ABI 1.0 size %zu", size, v->size_1_0);
        return;
    }
    for (int i = 0; i < ABI_MANDATORY_MAX; i++)
        if (!abi_entry_set(vt, &v->mandatory[i])) {
            report_fail(name, "mandatory entry %s is NULL", v->mandatory[i].name);
            return;
        }
    for (int i = 0; i < ABI_OPTIONAL_MAX; i++)
        if (abi_entry_present(vt, &v->optional[i]))
            snprintf(opt + strlen(opt), sizeof opt - strlen(opt), "%s%s", opt[0] ? ", " : "",
                     v->optional[i].name);
    report_pass("%s (optional entries: %s)", name, opt[0] ? opt : "none");
}

/* What the plugin serves on curve c (one of abi_curves): a known curve not listed before, known
 * capability bits and some capability, a vtable iff its capability, each vtable well formed. */
static void check_curve(const abi_curve *c, const abi_curve *before, int n_before)
{
    const char *cn = abi_curve_str(c->curve);
    char name[64];
    int ok = 1;
    snprintf(name, sizeof name, "desc.curve %s", cn ? cn : "?");
    if (!cn) {
        report_fail("desc.curve", "%u is not a g16k_curve (BLS12-381 = %d, BN254 = %d)", c->curve,
                    G16K_CURVE_BLS12_381, G16K_CURVE_BN254);
        return;
    }
    for (int i = 0; i < n_before; i++)
        if (before[i].curve == c->curve) {
            report_fail(name, "listed twice");
            return;
        }
    if (c->caps & ~ABI_CAPS_KNOWN) {
        report_fail(name, "unknown capability bits 0x%x", c->caps & ~ABI_CAPS_KNOWN);
        ok = 0;
    }
    if (!(c->caps & ABI_CAPS_KNOWN)) {
        report_fail(name, "no capability at all");
        ok = 0;
    }
    for (int i = 0; i < ABI_VT_COUNT; i++) {
        const abi_vtable *v = &abi_vtables[i];
        const void *vt = c->vt[i];
        if (!(c->caps & v->caps) != !vt) {
            report_fail(name, "%s %s but the %s vtable is %s", v->caps_text, vt ? "clear" : "set",
                        v->name, vt ? "present" : "NULL");
            ok = 0;
        }
    }
    if (ok)
        report_pass("%s (caps 0x%x)", name, c->caps);
    for (int i = 0; i < ABI_VT_COUNT; i++)
        if (c->vt[i])
            check_vtable(&abi_vtables[i], c->vt[i]);
}

int check_descriptor(chk_plugin *p)
{
    const g16k_plugin_desc *d = p->desc;
    check_entry(p);
    if (d->struct_size < abi_desc_size_version) {
        report_fail("desc.struct_size", "%u is too small to hold the ABI version", d->struct_size);
        return -1;
    }
    if (d->abi_major != G16K_ABI_MAJOR) {
        report_fail("desc.abi_version", "built for ABI %u.%u, this checker has %d.%d", d->abi_major,
                    d->abi_minor, G16K_ABI_MAJOR, G16K_ABI_MINOR);
        return -1;
    }
    report_pass("desc.abi_version %u.%u", d->abi_major, d->abi_minor);
    if (d->struct_size < abi_desc_size_1_0) {
        report_fail("desc.struct_size", "%u < ABI 1.0 size %zu", d->struct_size, abi_desc_size_1_0);
        return -1;
    }
    report_pass("desc.struct_size");
    if (d->name && d->name[0] && strlen(d->name) < 64 && d->version)
        report_pass("desc.name %s %s", d->name, d->version);
    else
        report_fail("desc.name", "name must be a non-empty short string and version non-NULL");
    for (int i = 0; i < ABI_DESC_MANDATORY; i++)
        if (!abi_entry_set(d, &abi_desc_mandatory[i])) {
            report_fail("desc.create_destroy", "mandatory %s is NULL", abi_desc_mandatory[i].name);
            return -1;
        }
    report_pass("desc.create_destroy");
    abi_curve c[ABI_CURVES_MAX];
    const char *why = NULL;
    int n = abi_curves(d, c, &why);
    if (n < 0) {
        report_fail("desc.more_curves", "%s", why);
        return -1;
    }
    for (int i = 0; i < n; i++)
        check_curve(&c[i], c, i);
    return 0;
}
