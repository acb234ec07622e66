/*
 * The rules of the plugin ABI (include/g16k/plugin.h) as one table: the descriptor's and each
 * vtable's ABI 1.0 size, their mandatory and optional entries, and the capability bits that go
 * with each vtable. (prover.ini's provider slots are the configuration's: core/plugin/config.h.)
 *
 * Read by the loader (plugin/loader.c, which refuses a plugin on the first broken rule), the
 * config parser (plugin/config.c: slot names and capabilities) and the conformance checker
 * (sdk/check/desc.c, which reports every broken rule). abi.c depends on plugin.h alone, so
 * the checker, which links nothing of the core, compiles it too.
 */
#ifndef G16K_PLUGIN_ABI_H
#define G16K_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#include "g16k/plugin.h"

/* Size of a struct up to and including member `last`: the struct_size of the minor that appended
 * `last`. (sizeof() grows with each minor; the minimum a reader accepts must not.) */
#define ABI_SIZE_TO(type, last) (offsetof(type, last) + sizeof(((type *)0)->last))
/* Whether the struct s (a pointer to type, starting with uint32_t struct_size) was written by
 * a minor that has `member`: read an appended member only when this holds. */
#define ABI_COVERS(s, type, member) ((s)->struct_size >= ABI_SIZE_TO(type, member))

/* A function-pointer member of an ABI struct. */
typedef struct abi_entry {
    const char *name; /* member name, as in plugin.h: "circuit_create" */
    size_t offset;    /* offsetof() in its struct */
} abi_entry;

#define ABI_MANDATORY_MAX 3
#define ABI_OPTIONAL_MAX 2

/* One vtable of g16k_plugin_desc. */
typedef struct abi_vtable {
    const char *name;                       /* the descriptor member: "synth", "ntt", "msm" */
    size_t desc_offset;                     /* offsetof(g16k_plugin_desc, <name>) */
    uint32_t caps;                          /* present iff desc.caps has any of these bits */
    const char *caps_text;                  /* those bits in a sentence: "G16K_CAP_SYNTH is" */
    size_t size_1_0;                        /* ABI 1.0 struct_size: the least a reader accepts */
    abi_entry mandatory[ABI_MANDATORY_MAX]; /* entries that must not be NULL */
    /* entries that may be NULL or, appended by a later minor, beyond an older plugin's
     * struct_size (read them with abi_entry_present; name NULL: an unused place) */
    abi_entry optional[ABI_OPTIONAL_MAX];
} abi_vtable;

enum { ABI_VT_SYNTH, ABI_VT_NTT, ABI_VT_MSM, ABI_VT_COUNT };
extern const abi_vtable abi_vtables[ABI_VT_COUNT];

/* The descriptor: the struct_size that covers abi_major and abi_minor (read before anything
 * else is trusted), its ABI 1.0 size, and its mandatory entries. */
extern const size_t abi_desc_size_version;
extern const size_t abi_desc_size_1_0;
#define ABI_DESC_MANDATORY 2
extern const abi_entry abi_desc_mandatory[ABI_DESC_MANDATORY]; /* create, destroy */

/* Every capability bit plugin.h defines. */
#define ABI_CAPS_KNOWN (G16K_CAP_SYNTH | G16K_CAP_NTT | G16K_CAP_MSM_G1 | G16K_CAP_MSM_G2)

/* The vtable v of descriptor d (NULL when absent). */
const void *abi_vtable_of(const g16k_plugin_desc *d, const abi_vtable *v);

/* The curves of the ABI (g16k_curve): each one's value and name, in one table. */
typedef struct abi_curve_name {
    uint32_t curve;   /* G16K_CURVE_* */
    const char *name; /* "BLS12-381", "BN254" */
} abi_curve_name;
#define ABI_CURVES_KNOWN 2
extern const abi_curve_name abi_curve_names[ABI_CURVES_KNOWN];
/* The name of curve c, NULL when the ABI has no such curve. */
const char *abi_curve_str(uint32_t c);

/* One curve a plugin serves and what it serves on it: desc.curve with the descriptor's caps
 * and vtables, or an entry of desc.more_curves (ABI 1.8). */
typedef struct abi_curve {
    uint32_t curve;               /* G16K_CURVE_* (not checked here) */
    uint32_t caps;                /* G16K_CAP_* */
    const void *vt[ABI_VT_COUNT]; /* by ABI_VT_*: the vtable, NULL when absent */
} abi_curve;
/* Most curves one plugin may list (plugin.h: desc.more_curves has at most 8). */
#define ABI_CURVES_MAX 9

/* The least struct_size of a g16k_curve_impl (its size in ABI 1.8). */
extern const size_t abi_curve_impl_size;

/* The curves of descriptor d (whose struct_size covers ABI 1.0) into out[0..ABI_CURVES_MAX):
 * desc.curve first, then each of more_curves when d's struct_size covers them. Returns how many,
 * or -1 with *why set to a sentence (no trailing period) when the list itself is malformed:
 * more than 8 more curves, a count with a NULL array, an entry with a struct_size below
 * abi_curve_impl_size or a reserved field not 0. The curves' values, repeats, caps and
 * vtables are the caller's to check (abi_curve_str, abi_vtable_of_curve). */
int abi_curves(const g16k_plugin_desc *d, abi_curve *out, const char **why);
/* Whether the entry e of struct s (a descriptor or a vtable) is set. */
int abi_entry_set(const void *s, const abi_entry *e);
/* Whether the optional entry e of struct s is there: covered by s's struct_size and set. */
int abi_entry_present(const void *s, const abi_entry *e);

#endif
