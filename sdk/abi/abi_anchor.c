/*
 * ABI anchor: a shared object whose one exported function mentions every type of the plugin ABI
 * (include/g16k/plugin.h), so that `abidw` records their full layout in its DWARF-based XML.
 * g16k-plugin-abi-1.N.xml is this file built against the 1.N header; abi_gate.sh rebuilds it
 * against the current header and compares with abidiff.
 * Macros are not in DWARF, so the ones whose values are part of the ABI are mirrored in an enum.
 * G16K_ABI_MINOR is left out on purpose: a minor bump is allowed to change it. Each group gets its
 * own offset so no two enumerators share a value: libabigail 2.2 reported nothing when a change
 * made one enumerator's value equal to another's (G16K_ABI_MAJOR 1 -> 2, the value of a cap bit).
 */
#include "g16k/plugin.h"

enum g16k_abi_macro {
    G16K_ABI_ANCHOR_MAJOR = 1000 + G16K_ABI_MAJOR,
    G16K_ABI_ANCHOR_CAP_SYNTH = G16K_CAP_SYNTH,
    G16K_ABI_ANCHOR_CAP_NTT = G16K_CAP_NTT,
    G16K_ABI_ANCHOR_CAP_MSM_G1 = G16K_CAP_MSM_G1,
    G16K_ABI_ANCHOR_CAP_MSM_G2 = G16K_CAP_MSM_G2,
    G16K_ABI_ANCHOR_LOG_ERROR = 100 + G16K_LOG_ERROR,
    G16K_ABI_ANCHOR_LOG_WARN = 100 + G16K_LOG_WARN,
    G16K_ABI_ANCHOR_LOG_INFO = 100 + G16K_LOG_INFO,
    G16K_ABI_ANCHOR_LOG_DEBUG = 100 + G16K_LOG_DEBUG,
};

G16K_PLUGIN_EXPORT void g16k_abi_anchor(const g16k_host_api *host, const g16k_config *config,
                                        const g16k_config_entry *entry, const g16k_coef *coef,
                                        const g16k_constraints *cs, const g16k_synth_vtable *synth,
                                        const g16k_ntt_vtable *ntt, const g16k_msm_params *params,
                                        const g16k_msm_vtable *msm, const g16k_plugin_desc *desc,
                                        g16k_plugin_entry_fn entry_fn, g16k_status status,
                                        g16k_encoding enc, g16k_curve curve, g16k_group group,
                                        g16k_ntt_dir dir, g16k_msm_id id, enum g16k_abi_macro m);

void g16k_abi_anchor(const g16k_host_api *host, const g16k_config *config,
                     const g16k_config_entry *entry, const g16k_coef *coef,
                     const g16k_constraints *cs, const g16k_synth_vtable *synth,
                     const g16k_ntt_vtable *ntt, const g16k_msm_params *params,
                     const g16k_msm_vtable *msm, const g16k_plugin_desc *desc,
                     g16k_plugin_entry_fn entry_fn, g16k_status status, g16k_encoding enc,
                     g16k_curve curve, g16k_group group, g16k_ntt_dir dir, g16k_msm_id id,
                     enum g16k_abi_macro m)
{
    (void)host;
    (void)config;
    (void)entry;
    (void)coef;
    (void)cs;
    (void)synth;
    (void)ntt;
    (void)params;
    (void)msm;
    (void)desc;
    (void)entry_fn;
    (void)status;
    (void)enc;
    (void)curve;
    (void)group;
    (void)dir;
    (void)id;
    (void)m;
}
