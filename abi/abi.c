/* The table of the plugin ABI's rules (abi.h). */
#include "abi.h"

#include <string.h>

#define ENTRY(type, member)                                                                        \
    {                                                                                              \
#member, offsetof(type, member)                                                            \
    }

const abi_vtable abi_vtables[ABI_VT_COUNT] = {
    [ABI_VT_SYNTH] = { "synth",
                       offsetof(g16k_plugin_desc, synth),
                       G16K_CAP_SYNTH,
                       "G16K_CAP_SYNTH is",
                       ABI_SIZE_TO(g16k_synth_vtable, synthesize),
                       { ENTRY(g16k_synth_vtable, circuit_create),
                         ENTRY(g16k_synth_vtable, circuit_destroy),
                         ENTRY(g16k_synth_vtable, synthesize) },
                       { ENTRY(g16k_synth_vtable, circuit_borrow) } },
    [ABI_VT_NTT] = { "ntt",
                     offsetof(g16k_plugin_desc, ntt),
                     G16K_CAP_NTT,
                     "G16K_CAP_NTT is",
                     ABI_SIZE_TO(g16k_ntt_vtable, compute_h),
                     { ENTRY(g16k_ntt_vtable, domain_create),
                       ENTRY(g16k_ntt_vtable, domain_destroy), ENTRY(g16k_ntt_vtable, transform) },
                     { ENTRY(g16k_ntt_vtable, compute_h), ENTRY(g16k_ntt_vtable, compute_h_msm) } },
    [ABI_VT_MSM] = { "msm",
                     offsetof(g16k_plugin_desc, msm),
                     G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2,
                     "the MSM caps are",
                     ABI_SIZE_TO(g16k_msm_vtable, msm),
                     { ENTRY(g16k_msm_vtable, bases_create), ENTRY(g16k_msm_vtable, bases_destroy),
                       ENTRY(g16k_msm_vtable, msm) },
                     { ENTRY(g16k_msm_vtable, bases_borrow) } },
};

const size_t abi_desc_size_version = ABI_SIZE_TO(g16k_plugin_desc, abi_minor);
const size_t abi_desc_size_1_0 = ABI_SIZE_TO(g16k_plugin_desc, msm);
const abi_entry abi_desc_mandatory[ABI_DESC_MANDATORY] = {
    ENTRY(g16k_plugin_desc, create),
    ENTRY(g16k_plugin_desc, destroy),
};

const void *abi_vtable_of(const g16k_plugin_desc *d, const abi_vtable *v)
{
    const void *vt;
    memcpy(&vt, (const char *)d + v->desc_offset, sizeof(vt));
    return vt;
}

int abi_entry_set(const void *s, const abi_entry *e)
{
    void (*fn)(void);
    memcpy(&fn, (const char *)s + e->offset, sizeof(fn));
    return fn != NULL;
}

int abi_entry_present(const void *s, const abi_entry *e)
{
    uint32_t size;
    memcpy(&size, s, sizeof(size));
    return e->name && size >= e->offset + sizeof(void (*)(void)) && abi_entry_set(s, e);
}

const abi_curve_name abi_curve_names[ABI_CURVES_KNOWN] = {
    { G16K_CURVE_BLS12_381, "BLS12-381" },
    { G16K_CURVE_BN254, "BN254" },
};

const char *abi_curve_str(uint32_t c)
{
    for (int i = 0; i < ABI_CURVES_KNOWN; i++)
        if (abi_curve_names[i].curve == c)
            return abi_curve_names[i].name;
    return NULL;
}

const size_t abi_curve_impl_size = ABI_SIZE_TO(g16k_curve_impl, msm);

int abi_curves(const g16k_plugin_desc *d, abi_curve *out, const char **why)
{
    int n = 0;
    out[n].curve = d->curve;
    out[n].caps = d->caps;
    for (int v = 0; v < ABI_VT_COUNT; v++)
        out[n].vt[v] = abi_vtable_of(d, &abi_vtables[v]);
    n++;
    if (!ABI_COVERS(d, g16k_plugin_desc, more_curves) || d->n_more_curves == 0)
        return n;
    if (d->n_more_curves > ABI_CURVES_MAX - 1) {
        *why = "n_more_curves is above 8";
        return -1;
    }
    if (!d->more_curves) {
        *why = "n_more_curves is not 0 but more_curves is NULL";
        return -1;
    }
    for (uint32_t i = 0; i < d->n_more_curves; i++, n++) {
        const g16k_curve_impl *ci = &d->more_curves[i];
        if (ci->struct_size < abi_curve_impl_size) {
            *why = "a more_curves entry's struct_size is below its ABI 1.8 size";
            return -1;
        }
        if (ci->reserved != 0) {
            *why = "a more_curves entry's reserved field is not 0";
            return -1;
        }
        out[n].curve = ci->curve;
        out[n].caps = ci->caps;
        out[n].vt[ABI_VT_SYNTH] = ci->synth;
        out[n].vt[ABI_VT_NTT] = ci->ntt;
        out[n].vt[ABI_VT_MSM] = ci->msm;
    }
    return n;
}
