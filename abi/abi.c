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
