/*
 * g16k plugin ABI, version 1.8 — the contract between the g16k core and a provider plugin.
 *
 * Self-contained (only <stdarg.h>, <stddef.h>, <stdint.h> and <stdio.h>), C11 and C++ clean. A plugin is a shared object
 * that exports exactly one symbol, g16k_plugin_entry (see the end of this file), links nothing of
 * g16k's, and is loaded with dlopen(RTLD_NOW | RTLD_LOCAL). A plugin that was created is never
 * unloaded, so it may keep static state and threads.
 *
 * Versioning. Every struct that crosses the boundary starts with `uint32_t struct_size` (sizeof as
 * the writer compiled it). G16K_ABI_MAJOR must match exactly. A minor bump only appends fields at the
 * end of structs; a reader checks struct_size before reading an appended field and treats a missing
 * field as NULL / 0. The core rejects a descriptor or vtable shorter than its 1.0 size.
 * 1.1 appended g16k_ntt_vtable.compute_h_msm; plugins built against 1.0 keep working unchanged.
 * 1.2 appended g16k_host_api.trace_begin and trace_end (phase tracing); 1.0 and 1.1 plugins
 * keep working unchanged, and a 1.2 plugin checks host->struct_size before it calls them.
 * 1.3 appended g16k_msm_vtable.bases_borrow (bases that keep the caller's points instead of a
 * copy); 1.0 to 1.2 plugins keep working unchanged (the core calls bases_create for them).
 * 1.4 appended g16k_synth_vtable.circuit_borrow (a circuit that may keep the caller's
 * coefficients instead of a copy); 1.0 to 1.3 plugins keep working unchanged (the core calls
 * circuit_create for them).
 * 1.5 appended g16k_host_api.msm_window (the window an MSM call runs, for the core's trace).
 * 1.6 appended g16k_host_api.set_error_v and log_v (set_error and log taking a va_list, so that a
 * plugin's printf-style wrapper passes its arguments on; g16k_host_vset_error and g16k_host_vlog
 * below fall back to set_error and log on an older host).
 * 1.7 appended g16k_synth_vtable.circuit_borrow_records (a circuit on the coefficients where a
 * proving key file holds them, 44-byte records, instead of a decoded g16k_coef array) and
 * g16k_msm_vtable.bases_borrow_unaligned (bases_borrow on points at any address, as a mapped key
 * file holds them); 1.0 to 1.6 plugins keep working unchanged (the core decodes the array and
 * aligns the points for them).
 * 1.8 added G16K_CURVE_BN254 and appended g16k_plugin_desc.n_more_curves and more_curves (the
 * vtables of the curves a plugin serves beyond desc.curve); 1.0 to 1.7 plugins keep working
 * unchanged and serve desc.curve alone.
 *
 * Curves. Every handle belongs to the curve of the vtable that made it (desc.curve for the
 * descriptor's vtables, more_curves[i].curve for those of ABI 1.8's more_curves), and every
 * field element and point that crosses a call is of that curve:
 *   G16K_CURVE_BLS12_381: Fp 48 bytes (6 limbs), Fr 32 bytes (4 limbs);
 *   G16K_CURVE_BN254 (snarkjs's and circom's bn128, Ethereum's alt_bn128): Fp 32 bytes
 *   (4 limbs), Fr 32 bytes (4 limbs).
 * Data. Field elements are little-endian arrays of 64-bit limbs, as many as the curve's Fp or
 * Fr has; Fp2 = c0 || c1 (element c0 + c1*u; u^2 = -1 on both curves). Each call that takes or
 * returns field elements has a g16k_encoding argument: G16K_ENC_CANONICAL (the integer itself)
 * or G16K_ENC_MONTGOMERY (x*R mod m, R = 2^(64 * limbs): 2^256 for Fr, 2^384 for BLS12-381's Fp,
 * 2^256 for BN254's Fp). Encoding 0 is invalid and must be rejected with G16K_EINVAL.
 * G1 affine point: x || y (BLS12-381 96 bytes, BN254 64). G2 affine point:
 * x.c0 || x.c1 || y.c0 || y.c1 (BLS12-381 192 bytes, BN254 128). "96 B" and "192 B" below are
 * BLS12-381's sizes; read BN254's 64 and 128 for a BN254 handle. (0, 0) is the point at
 * infinity. Counts are uint64_t. Buffers of field elements and points
 * are 8-byte aligned (a plugin may reject others with G16K_EINVAL).
 * Buffers passed in are owned by the caller and valid only during the call; a plugin that needs
 * the data later copies it (two exceptions: the points lent to g16k_msm_vtable.bases_borrow
 * and the coefficients lent to g16k_synth_vtable.circuit_borrow). Buffers a plugin returns
 * results into are caller-allocated.
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

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define G16K_ABI_MAJOR 1
#define G16K_ABI_MINOR 8

/* Status codes. 0 is success; every error is negative. G16K_STATUS_LIST(X) calls X(name, value)
 * for each code in order, so that a table of names or messages cannot miss one. */
#define G16K_STATUS_LIST(X)                                                                        \
    X(G16K_OK, 0)                                                                                  \
    X(G16K_EINVAL, -1)       /* bad argument: encoding 0, size mismatch, NULL, bad handle */       \
    X(G16K_ENOMEM, -2)       /* host or device allocation failed */                                \
    X(G16K_ENODEV, -3)       /* the device the plugin needs is absent or unusable */               \
    X(G16K_EIO, -4)          /* file or device I/O failed */                                       \
    X(G16K_EUNSUPPORTED, -5) /* operation, group, size or option not provided by this plugin */    \
    X(G16K_ECONFIG, -6)      /* bad or unknown configuration key/value */                          \
    X(G16K_EINTERNAL, -7)    /* anything else, e.g. a failed self-test */                          \
    X(G16K_EFORMAT, -8)      /* malformed input file (core only) */                                \
    X(G16K_EVERIFY, -9)      /* a proof failed verification (core only) */                         \
    X(G16K_ECANCELED, -10)   /* the embedder's progress callback asked to stop (core only) */

#define G16K_STATUS_ENUMERATOR_(name, value) name = value,
typedef enum g16k_status { G16K_STATUS_LIST(G16K_STATUS_ENUMERATOR_) } g16k_status;
#undef G16K_STATUS_ENUMERATOR_

typedef enum g16k_encoding { G16K_ENC_CANONICAL = 1, G16K_ENC_MONTGOMERY = 2 } g16k_encoding;

/* The curves of the ABI (see "Curves" above). */
typedef enum g16k_curve { G16K_CURVE_BLS12_381 = 1, G16K_CURVE_BN254 = 2 } g16k_curve;

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

/* Entry types. Every function pointer of the host API, the descriptor and the vtables has a
 * function type g16k_<struct>_<entry>_fn (OpenSSL's provider style), so a plugin can declare its
 * implementations with them and the compiler checks each signature:
 *     static g16k_msm_msm_fn my_msm;
 * The members are pointers to these types; the layout is that of ABI 1.0 and 1.1. */

/* ------------------------------------------------------------------------------------------ */
/* Host API: what the core offers a plugin. Valid from g16k_plugin_entry until process exit.  */

#if defined(__GNUC__)
#define G16K_PRINTF_(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define G16K_PRINTF_(fmt, args)
#endif
typedef void g16k_host_set_error_fn(const char *fmt, ...) G16K_PRINTF_(1, 2);
typedef void g16k_host_log_fn(int level, const char *fmt, ...) G16K_PRINTF_(2, 3);
typedef void g16k_host_set_error_v_fn(const char *fmt, va_list ap) G16K_PRINTF_(1, 0);
typedef void g16k_host_log_v_fn(int level, const char *fmt, va_list ap) G16K_PRINTF_(2, 0);
#undef G16K_PRINTF_

typedef struct g16k_host_api {
    uint32_t struct_size;
    uint16_t abi_major; /* the core's G16K_ABI_MAJOR */
    uint16_t abi_minor; /* the core's G16K_ABI_MINOR */
    /* Record the error message of the failing call on the calling thread (printf-style, one line,
     * no trailing newline). The core reads it after the call returns. Thread-safe. */
    g16k_host_set_error_fn *set_error;
    /* Log a line at a G16K_LOG_* level; the core decides what is shown. Thread-safe. */
    g16k_host_log_fn *log;
    /* Default number of worker threads (>= 1): [core] threads of the first prover.ini loaded in
     * the process, 0 there meaning the online CPU count. g16k_msm_params.threads overrides it.
     * A plugin's threads for a call, the calling thread included, never exceed the call's
     * count (threads, or g16k_msm_params.threads): the core counts on that to bound a proof's
     * threads, and runs synthesize and the NTT entries, which use this default, alone. */
    uint32_t threads;
    /* ---- ABI 1.2: phase tracing (g16k prove --trace). Read these only when struct_size
     * covers them (older cores end before), and test them for NULL (a host that does not trace).
     * A plugin may report the inner phases of one call (a GPU: uploads, kernels, downloads; a
     * CPU: bucket accumulation, reduction) as events nested in the core's event of that call:
     *   uint64_t t = host->trace_begin();  ...the phase...  host->trace_end("upload", t, NULL);
     * trace_begin: 0 when the calling thread is not inside a call that the core traces (then
     * skip the report: trace_end ignores begin = 0), else a timestamp (nanoseconds of
     * CLOCK_MONOTONIC). trace_end: the event [begin, now] on the calling thread's track; name
     * (a short phase name) and detail (NULL, or one line of free text, e.g. a size or a
     * device queue) are copied. Call both on the thread the core called the entry on, within
     * that call, begin and end of one phase on one thread; events from other threads are
     * dropped. Thread-safe, cheap (a thread-local test when not tracing). */
    uint64_t (*trace_begin)(void);
    void (*trace_end)(const char *name, uint64_t begin, const char *detail);
    /* ---- ABI 1.5: read only when struct_size covers it, and test it for NULL.
     * msm_window: the Pippenger window c (bits) that the running msm() or compute_h_msm()
     * call uses, after its automatic choice or any cut (g16k_msm_params.window 0 is "auto", and
     * a plugin may run another width than the one asked): the core writes it in its trace
     * event of that call, beside the window asked. Call it on the thread the core called,
     * within that call; ignored elsewhere. Thread-safe, cheap. */
    void (*msm_window)(uint32_t c);
    /* ---- ABI 1.6: read only when struct_size covers them, and test them for NULL (the helpers
     * g16k_host_vset_error and g16k_host_vlog below do both). set_error and log with the
     * arguments as a va_list (consumed: va_copy first to use ap again). Thread-safe. */
    g16k_host_set_error_v_fn *set_error_v;
    g16k_host_log_v_fn *log_v;
} g16k_host_api;

/* 1 when host (NULL allowed) traces: its struct_size covers the ABI 1.2 trace entries and both
 * are set; else 0. A plugin tests this once (in g16k_plugin_entry) rather than each call. */
static inline int g16k_host_can_trace(const g16k_host_api *host)
{
    return host != NULL &&
           host->struct_size >= offsetof(g16k_host_api, trace_end) + sizeof(host->trace_end) &&
           host->trace_begin != NULL && host->trace_end != NULL;
}

/* host->msm_window(c) when the host has it (ABI 1.5 and later, not NULL); nothing otherwise. */
static inline void g16k_host_msm_window(const g16k_host_api *host, uint32_t c)
{
    if (host != NULL &&
        host->struct_size >= offsetof(g16k_host_api, msm_window) + sizeof(host->msm_window) &&
        host->msm_window != NULL)
        host->msm_window(c);
}

/* The message of a failing call from a plugin's own printf-style wrapper (fmt, ap as vprintf
 * takes them; ap consumed): host->set_error_v on an ABI 1.6 host, else formatted here (cut at 1023
 * bytes) and passed to host->set_error. Nothing when host is NULL. Thread-safe. */
static inline void g16k_host_vset_error(const g16k_host_api *host, const char *fmt, va_list ap)
{
    if (host == NULL)
        return;
    if (host->struct_size >= offsetof(g16k_host_api, set_error_v) + sizeof(host->set_error_v) &&
        host->set_error_v != NULL) {
        host->set_error_v(fmt, ap);
    } else if (host->set_error != NULL) {
        char msg[1024];
        vsnprintf(msg, sizeof msg, fmt, ap);
        host->set_error("%s", msg);
    }
}

/* The same for a log line at a G16K_LOG_* level: host->log_v, else host->log. */
static inline void g16k_host_vlog(const g16k_host_api *host, int level, const char *fmt, va_list ap)
{
    if (host == NULL)
        return;
    if (host->struct_size >= offsetof(g16k_host_api, log_v) + sizeof(host->log_v) &&
        host->log_v != NULL) {
        host->log_v(level, fmt, ap);
    } else if (host->log != NULL) {
        char msg[1024];
        vsnprintf(msg, sizeof msg, fmt, ap);
        host->log(level, "%s", msg);
    }
}

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
struct g16k_msm_params; /* defined with the MSM vtable below */

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

typedef int g16k_synth_circuit_create_fn(g16k_plugin_ctx *ctx, const g16k_constraints *cs,
                                         g16k_circuit **out);
typedef void g16k_synth_circuit_destroy_fn(g16k_circuit *circuit);
typedef int g16k_synth_circuit_borrow_fn(g16k_plugin_ctx *ctx, const g16k_constraints *cs,
                                         g16k_circuit **out);
typedef int g16k_synth_synthesize_fn(g16k_circuit *circuit, const void *witness, uint64_t n_vars,
                                     uint32_t witness_enc, void *a, void *b, void *c,
                                     uint32_t out_enc);
typedef int g16k_synth_circuit_borrow_records_fn(g16k_plugin_ctx *ctx, const g16k_constraints *cs,
                                                 const void *records, g16k_circuit **out);

/* Bytes of one coefficient record of a .zkey's section 4 (docs/formats.md, ".zkey"): matrix
 * (u32: 0 = A, 1 = B), row (u32), signal (u32), value (Fr, 32 bytes), all little-endian, packed:
 * the value starts 12 bytes into the record. */
#define G16K_COEF_RECORD_BYTES 44u

typedef struct g16k_synth_vtable {
    uint32_t struct_size;
    /* Build a plugin-owned circuit from the coefficient list (copied; cs may be freed after the
     * call). Rejects out-of-range rows/signals with G16K_EINVAL. Mandatory. */
    g16k_synth_circuit_create_fn *circuit_create;
    /* Mandatory. NULL is a no-op. */
    g16k_synth_circuit_destroy_fn *circuit_destroy;
    /* a[i] = sum_j A[i][j] w[j], b[i] = sum_j B[i][j] w[j], c[i] = a[i] * b[i], for i < domain_size.
     * witness: n_vars Fr elements (32 bytes each) in witness_enc. a, b, c: caller-allocated,
     * domain_size * 32 bytes each, written in out_enc. Concurrent calls on one circuit allowed.
     * Mandatory. Errors: G16K_EINVAL (encoding, NULL), G16K_ENOMEM. */
    g16k_synth_synthesize_fn *synthesize;
    /* Optional, ABI 1.4 (read it only when struct_size covers it; NULL: not provided).
     * circuit_create on lent coefficients: arguments, result, errors (G16K_EINVAL for NULL, a
     * short struct, the encoding, the domain size and the first out-of-range matrix, row,
     * signal or value, with circuit_create's messages under this entry's name; G16K_ENOMEM)
     * and thread-safety as circuit_create, and the circuit is used and destroyed
     * (circuit_destroy) like one made by circuit_create. *cs itself is read during the call
     * only; what differs is what the caller promises about cs->coefs (n_coefs entries of 48
     * bytes, 8-byte aligned as the struct is):
     *   - they stay valid and unchanged from the call until circuit_destroy of the circuit
     *     returns (the caller owns them and frees them only after that; they are never
     *     written, so concurrent synthesize() calls may read them).
     * So a plugin may keep the pointer instead of a copy; either way it never writes the
     * coefficients, and circuit_destroy frees the circuit, never them. It may also copy or
     * upload them as circuit_create does (e.g. for an order or an encoding it cannot use in
     * place). The core calls circuit_borrow, when a plugin has it, for a proving key's
     * coefficients (coef_encoding Montgomery, in the file's order, which is by row, A and B
     * mixed, when snarkjs wrote the key: a zkey array that lives as long as the key), and keeps
     * that array in memory for as long as the circuit lives: a plugin that would copy or
     * upload anyway (a GPU) saves host memory by leaving this entry NULL, since after
     * circuit_create the core frees the array (unless a fallback provider may need it). (The
     * CPU plugin keeps the pointer for Montgomery input sorted by row or by (matrix, row) and
     * copies any other.) g16k-plugin-check tests this entry when a plugin has it. */
    g16k_synth_circuit_borrow_fn *circuit_borrow;
    /* Optional, ABI 1.7 (read it only when struct_size covers it; NULL: not provided).
     * circuit_borrow on the coefficients as a proving key file stores them: cs as for
     * circuit_borrow except that cs->coefs is NULL and the n_coefs coefficients are `records`,
     * n_coefs records of G16K_COEF_RECORD_BYTES (44) each, back to back, starting at a 4-byte
     * boundary (so the values are 4-byte aligned only: read them with memcpy), values in
     * cs->coef_encoding. Arguments, checks, errors (under this entry's name), thread-safety, and
     * the promise about the records (valid and unchanged until circuit_destroy returns, never
     * written) are circuit_borrow's. The core calls it, when a plugin has it, for a key loaded
     * from a file (section 4 where the mapping or the read image holds it, Montgomery values,
     * in the file's order), and then decodes no g16k_coef array at all: 48 bytes per
     * coefficient less of the prover's own memory (3 GB of a 2^24-constraint dense key). A
     * plugin that would copy anyway (a GPU) leaves it NULL. g16k-plugin-check tests this entry
     * when a plugin has it. */
    g16k_synth_circuit_borrow_records_fn *circuit_borrow_records;
} g16k_synth_vtable;

/* ------------------------------------------------------------------------------------------ */
/* NTT over Fr on the radix-2 domain <omega> of size n = 2^log_n.                              */
/*
 * omega is the snarkjs root: omega = w[log_n] with w[s] = 5^((r-1)/2^s), w[k] = w[k+1]^2, s the
 * 2-adicity of r - 1 (BLS12-381: 32, BN254: 28) and 5 the least non-residue mod r on both
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

typedef int g16k_ntt_domain_create_fn(g16k_plugin_ctx *ctx, uint32_t log_n, g16k_ntt_domain **out);
typedef void g16k_ntt_domain_destroy_fn(g16k_ntt_domain *domain);
typedef int g16k_ntt_transform_fn(g16k_ntt_domain *domain, void *data, uint32_t dir, uint32_t enc);
typedef int g16k_ntt_compute_h_fn(g16k_ntt_domain *domain, void *a, void *b, void *c, uint32_t enc,
                                  void *h, uint32_t h_enc);
typedef int g16k_ntt_compute_h_msm_fn(g16k_ntt_domain *domain, void *a, void *b, void *c,
                                      uint32_t enc, g16k_msm_bases *bases,
                                      const struct g16k_msm_params *params, void *result,
                                      uint32_t result_enc);

typedef struct g16k_ntt_vtable {
    uint32_t struct_size;
    /* Prepare twiddles for n = 2^log_n, 0 <= log_n <= s - 1 (the coset needs w[log_n + 1]).
     * Mandatory. Errors: G16K_EUNSUPPORTED (size), G16K_ENOMEM. */
    g16k_ntt_domain_create_fn *domain_create;
    /* Mandatory. NULL is a no-op. */
    g16k_ntt_domain_destroy_fn *domain_destroy;
    /* In-place transform of n Fr elements (n * 32 bytes) in encoding enc (output in the same
     * encoding). Mandatory. Errors: G16K_EINVAL (dir, enc, NULL), G16K_ENOMEM. */
    g16k_ntt_transform_fn *transform;
    /* Optional (NULL: the core composes it from transform). The Groth16 H chain of snarkjs:
     * for X in a, b, c: X' = FORWARD_COSET(INVERSE(X)); then h[i] = a'[i] * b'[i] - c'[i].
     * a, b, c (n elements each, enc) may be overwritten as scratch; h receives n elements in
     * h_enc (h may alias a). */
    g16k_ntt_compute_h_fn *compute_h;
    /* Optional, ABI 1.1 (read it only when struct_size covers it; NULL: not provided).
     * compute_h, then the H MSM on its result without h leaving the plugin (a GPU keeps it in
     * device memory): result = sum_{i<n} h[i] * P[i], n = the domain size, h as compute_h
     * defines it, P the points of `bases`. bases: a G1 handle made by the msm vtable of the
     * SAME plugin context as `domain`, with at least n points; anything else is undefined, and
     * the core only calls this when one plugin serves both [ntt] and [msm.g1]. params, result
     * and result_enc as in msm() (result: one G1 affine point, 96 bytes). a, b, c (n elements
     * each, enc) may be overwritten. Thread-safety as compute_h and msm. Errors: those of
     * compute_h and msm (G16K_EINVAL: bases has fewer than n points or another group).
     * What the core passes: enc and result_enc Montgomery, params->msm_id G16K_MSM_H and
     * params->window from [window] h. When the call fails (any error, or a result that is not
     * a G1 point), the core logs it and, for the rest of that proof, runs compute_h (or
     * transform) and msm() apart, each with its slot's fallback: returning G16K_EUNSUPPORTED
     * for a size the fused path cannot take is safe. */
    g16k_ntt_compute_h_msm_fn *compute_h_msm;
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
    uint32_t msm_id; /* g16k_msm_id */
    uint32_t window; /* Pippenger window c in bits; 0 = plugin chooses */
    /* threads: the most host threads the call may run, the calling thread included; the core
     * sets each MSM's share of [core] threads. */
    uint32_t threads; /* 0 = host->threads */
} g16k_msm_params;

typedef int g16k_msm_bases_create_fn(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                                     uint64_t n, uint32_t point_enc, g16k_msm_bases **out);
typedef void g16k_msm_bases_destroy_fn(g16k_msm_bases *bases);
typedef int g16k_msm_bases_borrow_fn(g16k_plugin_ctx *ctx, uint32_t group, const void *points,
                                     uint64_t n, uint32_t point_enc, g16k_msm_bases **out);
typedef int g16k_msm_msm_fn(g16k_msm_bases *bases, const void *scalars, uint64_t n,
                            uint32_t scalar_enc, const g16k_msm_params *params, void *result,
                            uint32_t result_enc);

typedef struct g16k_msm_vtable {
    uint32_t struct_size;
    /* Copy (upload, precompute) n affine points of `group` (G1: 96 B, G2: 192 B each) in
     * point_enc into a plugin-owned bases handle, reused across many msm() calls. Points are
     * trusted to be on the curve (the core checked them); (0,0) is infinity. Mandatory.
     * Errors: G16K_EUNSUPPORTED (group), G16K_EINVAL, G16K_ENOMEM. */
    g16k_msm_bases_create_fn *bases_create;
    /* Mandatory. NULL is a no-op. */
    g16k_msm_bases_destroy_fn *bases_destroy;
    /* result = sum_{i<n} scalars[i] * bases[i], n <= number of bases (the first n are used).
     * scalars: n Fr elements (32 B each) in scalar_enc; any value < r, zeros allowed.
     * Scalars >= r: every provider refuses them, it never reduces them. When a scalar, as
     * stored in scalar_enc, is not below r, msm() returns G16K_EINVAL before any work, with a
     * message naming the index of the first such scalar as "scalar[i]" (i in decimal); result
     * is then unspecified. (g16k-plugin-check tests 2^256 - 1, r and r + 1, alone and in the
     * middle of a vector, in both groups and encodings.)
     * result: one affine point (96 or 192 B) written in result_enc, (0,0) for infinity.
     * params may be NULL (all defaults). A window the plugin cannot run (too large for its
     * device's buffers or memory, or beyond its maximum) is refused whatever n, also n = 0:
     * when it loads prover.ini the core calls msm() with n = 0 on an empty bases handle for
     * every explicit [window] value, so that such a window fails at load time with the
     * plugin's message (say which limit). A plugin splits work too large for its device
     * into parts itself rather than failing. Concurrent calls on one bases handle allowed.
     * Mandatory. Errors: G16K_EINVAL (n too large, encoding, a scalar not below r),
     * G16K_EUNSUPPORTED or G16K_EINVAL (a window it cannot run), G16K_ENOMEM. */
    g16k_msm_msm_fn *msm;
    /* Optional, ABI 1.3 (read it only when struct_size covers it; NULL: not provided).
     * bases_create on lent points: arguments, result, errors (G16K_EUNSUPPORTED for the group,
     * G16K_EINVAL, G16K_ENOMEM) and thread-safety as bases_create, and the handle is used and
     * destroyed (bases_destroy) like one made by bases_create; what differs is what the caller
     * promises about `points` (n * 96 or n * 192 bytes in point_enc):
     *   - they stay valid and unchanged from the call until bases_destroy of the handle returns
     *     (the caller owns them and frees them only after that; they are never written, so
     *     concurrent msm() calls may read them);
     *   - they are 8-byte aligned (each point starts on an 8-byte boundary: the core's arrays
     *     of uint64_t limbs; nothing more is promised, so a plugin that wants 64-byte rows
     *     copies);
     *   - every coordinate, as stored in point_enc, is below p, and every point is (0,0) or on
     *     the curve and in the prime-order subgroup (the core's key load tests them all).
     * So a plugin may keep the pointer instead of a copy; either way it never writes the
     * points, and bases_destroy frees the handle, never the points. It may also copy, decode
     * or upload them as bases_create does. The core calls bases_borrow, when a plugin has it, for
     * the five point sets of a proving key (point_enc Montgomery: zkey arrays that live as long
     * as the key), and keeps those arrays in memory for as long as the handle lives: a plugin
     * that would copy or upload anyway (a GPU) saves host memory by leaving this entry NULL,
     * since after bases_create the core frees its arrays (unless a fallback provider may need
     * them). (The CPU plugin keeps the pointer for Montgomery points and copies canonical
     * ones.) g16k-plugin-check tests this entry when a plugin has it. */
    g16k_msm_bases_borrow_fn *bases_borrow;
    /* Optional, ABI 1.7 (read it only when struct_size covers it; NULL: not provided).
     * bases_borrow on points at any address: everything as bases_borrow (arguments, errors,
     * the handle, what the caller promises) except the alignment, of which nothing is promised
     * (read the coordinates with memcpy). A snarkjs key file puts every other point section 4
     * bytes off an 8-byte boundary; the core lends those sections where its mapping of the file
     * holds them to a plugin with this entry instead of copying them into memory of its own
     * (96 bytes per G1 point, 192 per G2 point: 12.9 GB of a 2^26-constraint key). (The CPU
     * plugin keeps the pointer for Montgomery points and reads them through aligned copies of
     * 4096 points.) g16k-plugin-check tests this entry when a plugin has it. */
    g16k_msm_bases_borrow_fn *bases_borrow_unaligned;
} g16k_msm_vtable;

/* ------------------------------------------------------------------------------------------ */
/* The plugin descriptor: static, returned by g16k_plugin_entry.                               */

typedef int g16k_plugin_create_fn(const g16k_config *config, g16k_plugin_ctx **out);
typedef void g16k_plugin_destroy_fn(g16k_plugin_ctx *ctx);
typedef int g16k_plugin_probe_fn(g16k_plugin_ctx *ctx, char *info, size_t info_len);

/* ABI 1.8: what a plugin serves on one more curve (g16k_plugin_desc.more_curves): that curve's
 * capabilities and vtables, under the rules of the descriptor's own (caps, curve sizes, every
 * entry's contract). The handles its vtables make belong to that curve and take the plugin's
 * one context (create() runs once, whatever the curves). */
typedef struct g16k_curve_impl {
    uint32_t struct_size;           /* sizeof as the plugin compiled it */
    uint32_t curve;                 /* a g16k_curve other than desc.curve, once in the array */
    uint32_t caps;                  /* G16K_CAP_* on this curve; at least one */
    uint32_t reserved;              /* 0 */
    const g16k_synth_vtable *synth; /* non-NULL iff caps has G16K_CAP_SYNTH */
    const g16k_ntt_vtable *ntt;     /* non-NULL iff caps has G16K_CAP_NTT */
    const g16k_msm_vtable *msm;     /* non-NULL iff caps has an MSM cap */
} g16k_curve_impl;

typedef struct g16k_plugin_desc {
    uint32_t struct_size;
    uint16_t abi_major; /* G16K_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;
    uint32_t curve;          /* the g16k_curve of caps, synth, ntt and msm below */
    uint32_t caps;           /* G16K_CAP_* */
    const char *name;        /* short name, e.g. "cpu" */
    const char *version;     /* plugin's own version string */
    const char *description; /* one line, may be NULL */
    /* Create the plugin context from its prover.ini section. Reject unknown keys with
     * G16K_ECONFIG and a message naming the key, file and line. Mandatory. */
    g16k_plugin_create_fn *create;
    /* Mandatory. Called at most once per context, after all its handles are destroyed. */
    g16k_plugin_destroy_fn *destroy;
    /* Check that the device is usable; on failure return G16K_ENODEV with a message ("no CUDA
     * device"). Optional (NULL = always usable). Writes a one-line device description to info
     * (NUL-terminated, at most info_len bytes) when info is not NULL. */
    g16k_plugin_probe_fn *probe;
    const g16k_synth_vtable *synth; /* non-NULL iff caps has G16K_CAP_SYNTH */
    const g16k_ntt_vtable *ntt;     /* non-NULL iff caps has G16K_CAP_NTT */
    const g16k_msm_vtable *msm;     /* non-NULL iff caps has G16K_CAP_MSM_G1 or G16K_CAP_MSM_G2 */
    /* ---- ABI 1.8: read them only when struct_size covers them (0 and NULL otherwise).
     * The other curves the plugin serves: n_more_curves entries (at most 8), each a curve other
     * than desc.curve and the others, static like the descriptor. The core serves a proving key
     * on its curve with the vtables of that curve; a slot whose provider lacks the key's curve
     * is a configuration error naming both, and a fallback that lacks it is not used for it. */
    uint32_t n_more_curves;
    const g16k_curve_impl *more_curves;
} g16k_plugin_desc;

/* The one exported symbol. Cheap and free of side effects: stores host (valid until exit) and
 * returns the plugin's static descriptor in *out. Returns G16K_OK, or an error if the host's
 * ABI major differs from the plugin's. Unlike the entry types above, g16k_plugin_entry_fn is a
 * pointer type (as it was in ABI 1.0). */
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
