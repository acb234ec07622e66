/*
 * g16k plugin ABI, version 1.0 — the contract between the g16k core and a provider plugin.
 *
 * Self-contained (only <stddef.h> and <stdint.h>), C11 and C++ clean. A plugin is a shared object
 * that exports exactly one symbol, g16k_plugin_entry (see the end of this file), links nothing of
 * g16k's, and is loaded with dlopen(RTLD_NOW | RTLD_LOCAL). A plugin that was created is never
 * unloaded, so it may keep static state and threads.
 *
 * Versioning. Every struct that crosses the boundary starts with `uint32_t struct_size` (sizeof as
 * the writer compiled it). G16K_ABI_MAJOR must match exactly. A minor bump only appends fields at the
 * end of structs; a reader checks struct_size before reading an appended field and treats a missing
 * field as NULL / 0. The core rejects a descriptor or vtable shorter than its 1.0 size.
 *
 * Data. Field elements are little-endian arrays of 64-bit limbs: Fr 32 bytes, Fp 48 bytes,
 * Fp2 = c0 || c1 (96 bytes, element c0 + c1*u). Each call that takes or returns field elements has
 * a g16k_encoding argument: G16K_ENC_CANONICAL (the integer itself) or G16K_ENC_MONTGOMERY (x*R mod m,
 * R = 2^256 for Fr and 2^384 for Fp). Encoding 0 is invalid and must be rejected with G16K_EINVAL.
 * G1 affine point: x || y, 96 bytes. G2 affine point: x.c0 || x.c1 || y.c0 || y.c1, 192 bytes.
 * (0, 0) is the point at infinity. Counts are uint64_t.
 * Buffers passed in are owned by the caller and valid only during the call; a plugin that needs
 * the data later copies it. Buffers a plugin returns results into are caller-allocated.
 *
 * Errors. Functions return G16K_OK (0) or a negative g16k_status. Before returning an error, a
 * plugin should call host->set_error() with a one-line message; the core prefixes it with the
 * plugin name. A plugin never calls exit() or abort(), and never lets a C++ exception escape.
 *
 * Threads. The core may call different handles from different threads at the same time, and the
 * same MSM bases or NTT domain from several threads at once (they are read-only after creation).
 * create/destroy of a handle never overlaps with other calls on that handle. host functions are
 * thread-safe.
 */
#ifndef G16K_PLUGIN_H
#define G16K_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define G16K_ABI_MAJOR 1
#define G16K_ABI_MINOR 0

/* Status codes. 0 is success; every error is negative. */
typedef enum g16k_status {
    G16K_OK = 0,
    G16K_EINVAL = -1,       /* bad argument: encoding 0, size mismatch, NULL pointer, bad handle */
    G16K_ENOMEM = -2,       /* host or device allocation failed */
    G16K_ENODEV = -3,       /* the device the plugin needs is absent or unusable */
    G16K_EIO = -4,          /* file or device I/O failed */
    G16K_EUNSUPPORTED = -5, /* operation, group, size or option not provided by this plugin */
    G16K_ECONFIG = -6,      /* bad or unknown configuration key/value */
    G16K_EINTERNAL = -7,    /* anything else, e.g. a failed self-test */
    G16K_EFORMAT = -8,      /* malformed input file (core only) */
    G16K_EVERIFY = -9       /* a proof failed verification (core only) */
} g16k_status;

typedef enum g16k_encoding { G16K_ENC_CANONICAL = 1, G16K_ENC_MONTGOMERY = 2 } g16k_encoding;

typedef enum g16k_curve { G16K_CURVE_BLS12_381 = 1 } g16k_curve;

typedef enum g16k_group { G16K_G1 = 1, G16K_G2 = 2 } g16k_group;

/* Capability bits in g16k_plugin_desc.caps; each must match the presence of its vtable. */
#define G16K_CAP_SYNTH (1u << 0)
#define G16K_CAP_NTT (1u << 1)
#define G16K_CAP_MSM_G1 (1u << 2)
#define G16K_CAP_MSM_G2 (1u << 3)

/* Log levels for host->log. */
#define G16K_LOG_ERROR 0
#define G16K_LOG_WARN 1
#define G16K_LOG_INFO 2
#define G16K_LOG_DEBUG 3

/* ------------------------------------------------------------------------------------------ */
/* Host API: what the core offers a plugin. Valid from g16k_plugin_entry until process exit.  */

typedef struct g16k_host_api {
    uint32_t struct_size;
    uint16_t abi_major; /* the core's G16K_ABI_MAJOR */
    uint16_t abi_minor; /* the core's G16K_ABI_MINOR */
    /* Record the error message of the failing call on the calling thread (printf-style, one line,
     * no trailing newline). The core reads it after the call returns. Thread-safe. */
    void (*set_error)(const char *fmt, ...)
#if defined(__GNUC__)
        __attribute__((format(printf, 1, 2)))
#endif
        ;
    /* Log a line at a G16K_LOG_* level; the core decides what is shown. Thread-safe. */
    void (*log)(int level, const char *fmt, ...)
#if defined(__GNUC__)
        __attribute__((format(printf, 2, 3)))
#endif
        ;
    /* Default number of worker threads (>= 1): [core] threads of the first prover.ini loaded in
     * the process, 0 there meaning the online CPU count. g16k_msm_params.threads overrides it. */
    uint32_t threads;
} g16k_host_api;

/* One key = value line of the plugin's own prover.ini section [plugin.NAME], in file order,
 * without the keys the core itself consumes (path). Strings are valid during create() only. */
typedef struct g16k_config_entry {
    const char *key;
    const char *value;
    uint32_t line; /* 1-based line in the file */
} g16k_config_entry;

typedef struct g16k_config {
    uint32_t struct_size;
    const char *file;    /* path of prover.ini, for messages */
    const char *section; /* "plugin.NAME" */
    const g16k_config_entry *entries;
    uint64_t n_entries;
} g16k_config;

/* Opaque handles, defined by each plugin. */
typedef struct g16k_plugin_ctx g16k_plugin_ctx;
typedef struct g16k_circuit g16k_circuit;
typedef struct g16k_ntt_domain g16k_ntt_domain;
typedef struct g16k_msm_bases g16k_msm_bases;

/* ------------------------------------------------------------------------------------------ */
/* Synthesizer: witness + constraint matrices -> QAP evaluation vectors a, b, c.               */

/* One non-zero coefficient of the A or B matrix of the extended constraint system
 * (snarkjs zkey section 4, docs/formats.md, ".zkey"): matrix[row][signal] += value. */
typedef struct g16k_coef {
    uint32_t matrix;   /* 0 = A, 1 = B */
    uint32_t row;      /* constraint index, < domain_size */
    uint32_t signal;   /* witness index, < n_vars */
    uint32_t pad;      /* 0 */
    uint64_t value[4]; /* Fr, in g16k_constraints.coef_encoding */
} g16k_coef;

typedef struct g16k_constraints {
    uint32_t struct_size;
    uint32_t coef_encoding; /* g16k_encoding of g16k_coef.value */
    uint64_t n_vars;        /* witness length */
    uint64_t domain_size;   /* n, a power of two; a, b, c have this length */
    uint64_t n_coefs;
    const g16k_coef *coefs; /* n_coefs entries, any order, repeats add up */
} g16k_constraints;

typedef struct g16k_synth_vtable {
    uint32_t struct_size;
    /* Build a plugin-owned circuit from the coefficient list (copied; cs may be freed after the
     * call). Rejects out-of-range rows/signals with G16K_EINVAL. Mandatory. */
    int (*circuit_create)(g16k_plugin_ctx *ctx, const g16k_constraints *cs, g16k_circuit **out);
    /* Mandatory. NULL is a no-op. */
    void (*circuit_destroy)(g16k_circuit *circuit);
    /* a[i] = sum_j A[i][j] w[j], b[i] = sum_j B[i][j] w[j], c[i] = a[i] * b[i], for i < domain_size.
     * witness: n_vars Fr elements (32 bytes each) in witness_enc. a, b, c: caller-allocated,
     * domain_size * 32 bytes each, written in out_enc. Concurrent calls on one circuit allowed.
     * Mandatory. Errors: G16K_EINVAL (encoding, NULL), G16K_ENOMEM. */
    int (*synthesize)(g16k_circuit *circuit, const void *witness, uint64_t n_vars,
                      uint32_t witness_enc, void *a, void *b, void *c, uint32_t out_enc);
} g16k_synth_vtable;

/* ------------------------------------------------------------------------------------------ */
/* NTT over Fr on the radix-2 domain <omega> of size n = 2^log_n.                              */
/*
 * omega is the snarkjs root: omega = w[log_n] with w[32] = 5^((r-1)/2^32), w[k] = w[k+1]^2
 * (docs/proving.md, "The domain"; NOT the 7^t root of most BLS12-381 libraries). The coset generator is
 * g = w[log_n + 1], a primitive 2n-th root, so the coset g<omega> is the odd half of the 2n domain.
 * All transforms are in place, natural order in and natural order out:
 *   G16K_NTT_FORWARD:         X[i] = sum_j x[j] omega^(ij)
 *   G16K_NTT_INVERSE:         x[j] = (1/n) sum_i X[i] omega^(-ij)
 *   G16K_NTT_FORWARD_COSET:   X[i] = sum_j x[j] (g omega^i)^j     (evaluate on the coset)
 *   G16K_NTT_INVERSE_COSET:   inverse of FORWARD_COSET (includes 1/n and the unshift by g^-j)
 */
typedef enum g16k_ntt_dir {
    G16K_NTT_FORWARD = 1,
    G16K_NTT_INVERSE = 2,
    G16K_NTT_FORWARD_COSET = 3,
    G16K_NTT_INVERSE_COSET = 4
} g16k_ntt_dir;

typedef struct g16k_ntt_vtable {
    uint32_t struct_size;
    /* Prepare twiddles for n = 2^log_n, 0 <= log_n <= 31. Mandatory.
     * Errors: G16K_EUNSUPPORTED (size), G16K_ENOMEM. */
    int (*domain_create)(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out);
    /* Mandatory. NULL is a no-op. */
    void (*domain_destroy)(g16k_ntt_domain *domain);
    /* In-place transform of n Fr elements (n * 32 bytes) in encoding enc (output in the same
     * encoding). Mandatory. Errors: G16K_EINVAL (dir, enc, NULL). */
    int (*transform)(g16k_ntt_domain *domain, void *data, uint32_t dir, uint32_t enc);
    /* Optional (NULL: the core composes it from transform). The Groth16 H chain of snarkjs:
     * for X in a, b, c: X' = FORWARD_COSET(INVERSE(X)); then h[i] = a'[i] * b'[i] - c'[i].
     * a, b, c (n elements each, enc) may be overwritten as scratch; h receives n elements in
     * h_enc (h may alias a). */
    int (*compute_h)(g16k_ntt_domain *domain, void *a, void *b, void *c, uint32_t enc, void *h,
                     uint32_t h_enc);
} g16k_ntt_vtable;

/* ------------------------------------------------------------------------------------------ */
/* MSM: result = sum_i s[i] * P[i] over G1 or G2.                                              */

/* Which Groth16 MSM a call serves (for window choice and logs). */
typedef enum g16k_msm_id {
    G16K_MSM_GENERIC = 0,
    G16K_MSM_A = 1,
    G16K_MSM_B_G1 = 2,
    G16K_MSM_B_G2 = 3,
    G16K_MSM_L = 4,
    G16K_MSM_H = 5
} g16k_msm_id;

typedef struct g16k_msm_params {
    uint32_t struct_size;
    uint32_t msm_id;  /* g16k_msm_id */
    uint32_t window;  /* Pippenger window c in bits; 0 = plugin chooses */
    uint32_t threads; /* 0 = host->threads */
} g16k_msm_params;

typedef struct g16k_msm_vtable {
    uint32_t struct_size;
    /* Copy (upload, precompute) n affine points of `group` (G1: 96 B, G2: 192 B each) in
     * point_enc into a plugin-owned bases handle, reused across many msm() calls. Points are
     * trusted to be on the curve (the core checked them); (0,0) is infinity. Mandatory.
     * Errors: G16K_EUNSUPPORTED (group), G16K_EINVAL, G16K_ENOMEM. */
    int (*bases_create)(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                        uint32_t point_enc, g16k_msm_bases **out);
    /* Mandatory. NULL is a no-op. */
    void (*bases_destroy)(g16k_msm_bases *bases);
    /* result = sum_{i<n} scalars[i] * bases[i], n <= number of bases (the first n are used).
     * scalars: n Fr elements (32 B each) in scalar_enc; any value < r, zeros allowed.
     * result: one affine point (96 or 192 B) written in result_enc, (0,0) for infinity.
     * params may be NULL (all defaults). Concurrent calls on one bases handle allowed.
     * Mandatory. Errors: G16K_EINVAL (n too large, encoding), G16K_ENOMEM. */
    int (*msm)(g16k_msm_bases *bases, const void *scalars, uint64_t n, uint32_t scalar_enc,
               const g16k_msm_params *params, void *result, uint32_t result_enc);
} g16k_msm_vtable;

/* ------------------------------------------------------------------------------------------ */
/* The plugin descriptor: static, returned by g16k_plugin_entry.                               */

typedef struct g16k_plugin_desc {
    uint32_t struct_size;
    uint16_t abi_major; /* G16K_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;
    uint32_t curve;          /* G16K_CURVE_BLS12_381 */
    uint32_t caps;           /* G16K_CAP_* */
    const char *name;        /* short name, e.g. "cpu" */
    const char *version;     /* plugin's own version string */
    const char *description; /* one line, may be NULL */
    /* Create the plugin context from its prover.ini section. Reject unknown keys with
     * G16K_ECONFIG and a message naming the key, file and line. Mandatory. */
    int (*create)(const g16k_config *config, g16k_plugin_ctx **out);
    /* Mandatory. Called at most once per context, after all its handles are destroyed. */
    void (*destroy)(g16k_plugin_ctx *ctx);
    /* Check that the device is usable; on failure return G16K_ENODEV with a message ("no CUDA
     * device"). Optional (NULL = always usable). Writes a one-line device description to info
     * (NUL-terminated, at most info_len bytes) when info is not NULL. */
    int (*probe)(g16k_plugin_ctx *ctx, char *info, size_t info_len);
    const g16k_synth_vtable *synth; /* non-NULL iff caps has G16K_CAP_SYNTH */
    const g16k_ntt_vtable *ntt;     /* non-NULL iff caps has G16K_CAP_NTT */
    const g16k_msm_vtable *msm;     /* non-NULL iff caps has G16K_CAP_MSM_G1 or G16K_CAP_MSM_G2 */
} g16k_plugin_desc;

/* The one exported symbol. Cheap and free of side effects: stores host (valid until exit) and
 * returns the plugin's static descriptor in *out. Returns G16K_OK, or an error if the host's
 * ABI major differs from the plugin's. */
#define G16K_PLUGIN_ENTRY_SYMBOL "g16k_plugin_entry"
typedef int (*g16k_plugin_entry_fn)(const g16k_host_api *host, const g16k_plugin_desc **out);

#if defined(_WIN32)
#define G16K_PLUGIN_EXPORT __declspec(dllexport)
#else
#define G16K_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
}
#endif

#endif /* G16K_PLUGIN_H */
