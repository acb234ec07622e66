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

static void check_caps(const g16k_plugin_desc *d)
{
    int ok = 1;
    if (d->caps & ~ABI_CAPS_KNOWN) {
        report_fail("desc.caps", "unknown capability bits 0x%x", d->caps & ~ABI_CAPS_KNOWN);
        ok = 0;
    }
    if (!(d->caps & ABI_CAPS_KNOWN)) {
        report_fail("desc.caps", "no capability at all");
        ok = 0;
    }
    for (int i = 0; i < ABI_VT_COUNT; i++) {
        const abi_vtable *v = &abi_vtables[i];
        const void *vt = abi_vtable_of(d, v);
        if (!(d->caps & v->caps) != !vt) {
            report_fail("desc.caps", "%s %s but the %s vtable is %s", v->caps_text,
                        vt ? "clear" : "set", v->name, vt ? "present" : "NULL");
            ok = 0;
        }
    }
    if (ok)
        report_pass("desc.caps");
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
    if (d->curve == G16K_CURVE_BLS12_381)
        report_pass("desc.curve");
    else
        report_fail("desc.curve", "%u is not G16K_CURVE_BLS12_381", d->curve);
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
    check_caps(d);
    for (int i = 0; i < ABI_VT_COUNT; i++) {
        const void *vt = abi_vtable_of(d, &abi_vtables[i]);
        if (vt)
            check_vtable(&abi_vtables[i], vt);
    }
    return 0;
}
