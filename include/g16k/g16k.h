/*
 * g16k embedding API (libg16k): open a prover.ini, load a proving key once, prove many
 * witnesses, verify. Link with -lg16k (pkg-config g16k, or CMake find_package(g16k) and the
 * target g16k::g16k). C11 and C++ clean. examples/embed/ shows every part of it.
 *
 * Errors: every int-returning function returns G16K_OK (0) or a negative g16k_status
 * (include/g16k/plugin.h; g16k_status_name() spells it) and sets a one-line message, readable
 * with g16k_last_error() on the same thread until the next g16k call on that thread. Functions
 * that fail leave their outputs NULL and hold nothing. A NULL pointer where an object, a path, a
 * buffer or an output is expected is G16K_EINVAL (functions that return no status say what they
 * do with it); the free and close functions accept NULL and do nothing.
 *
 * Messages: the library writes nothing to stdout or stderr by itself; its log lines (warnings
 * such as a key before phase 2, fallbacks, plugins' lines) go to the callback of g16k_set_log,
 * none by default.
 *
 * Threads: a g16k_prover and a g16k_key are immutable after creation; several threads may call
 * g16k_prove*() at once on the same prover and key (each call allocates its own scratch). Opening
 * and closing must not overlap with other calls on the same object.
 *
 * Formats: .zkey and .wtns as written by snarkjs 0.7.6 / circom for BLS12-381; proof.json,
 * public.json and verification_key.json in snarkjs's JSON layout (docs/formats.md).
 *
 * ABI: libg16k.so.0 exports exactly the functions declared here (G16K_API) and nothing else;
 * sdk/abi/libg16k-abi-0.xml is its baseline, checked by sdk/abi/lib_abi_gate.sh. Structs
 * that start with struct_size may grow at their end; set struct_size = sizeof(the struct).
 */
#ifndef G16K_H
#define G16K_H

#include <stddef.h>
#include <stdint.h>

#include "plugin.h"

/* Marks the exported functions: libg16k is built with hidden visibility, so only these are
 * visible to programs that link it (as libuv's UV_EXTERN). */
#if defined(__GNUC__) || defined(__clang__)
#define G16K_API __attribute__((visibility("default")))
#else
#define G16K_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct g16k_prover g16k_prover;
typedef struct g16k_key g16k_key;

/* Version string of the library, e.g. "0.1.0". Static storage. */
G16K_API const char *g16k_version(void);

/* Message of the last failed g16k call on this thread ("" if none). Thread-local storage. */
G16K_API const char *g16k_last_error(void);

/* The name of a g16k_status as spelled in plugin.h ("G16K_OK", "G16K_EFORMAT", ...), or
 * "unknown" for any other value. Static storage; thread-safe. */
G16K_API const char *g16k_status_name(int status);

/* Progress of a long call (a key load, a proof), and its cancellation.
 * stage: static string. "check": the key's points are being validated, done/total in points
 * (a key the verdict cache holds goes to total at once, when its digest is found);
 * "upload": the providers take the key (circuit, domain, bases), done/total in handles;
 * "prove": done/total in pipeline steps (synthesis, NTT chain, each MSM, the final pairing
 * check), where total grows when the core retries a proof on the fallback providers.
 * Called only on the thread that made the call, never concurrently for one call: once with
 * done = 0 when a stage starts, after each unit of work (about 1024 points tested by all the
 * threads, a handle, a step), about every 100 ms while the call waits for its other threads,
 * and with done = total when a stage ends; done never decreases within a stage.
 * Return 0 to go on, anything else to cancel: the call then stops at the next unit of work,
 * frees what it made and returns G16K_ECANCELED; the callback is not called again. A cancel
 * after the last step of a proof changes nothing. A provider call already running (one MSM, one
 * NTT chain) is not interrupted: the plugin ABI (plugin.h) has no cancel entry, so that is the
 * bound on the delay. The callback must not call g16k functions on the object being made. */
typedef int (*g16k_progress_fn)(void *user, const char *stage, uint64_t done, uint64_t total);

/* Parse config_path (prover.ini), load and create its plugins. *out is owned by the caller
 * (g16k_prover_close). Errors: G16K_EIO, G16K_ECONFIG, G16K_ENODEV, plugin errors. */
G16K_API int g16k_prover_open(const char *config_path, g16k_prover **out);
/* The same with the built-in configuration, conf/cpu.ini compiled in at build time: every slot
 * on the CPU plugin, libg16k_cpu.so, looked for as any bare plugin path ($G16K_PLUGIN_DIR, then
 * lib/g16k next to the binary or library, then the install folder). Messages name the
 * configuration "built-in conf/cpu.ini". Errors as g16k_prover_open. */
G16K_API int g16k_prover_open_default(g16k_prover **out);
G16K_API void g16k_prover_close(g16k_prover *prover);

/* Write a human-readable description of the loaded plugins and slot assignments to buf
 * (NUL-terminated, truncated to len; buf may be NULL when len is 0). Returns the length it
 * needed (like snprintf). prover NULL: returns 0 (G16K_EINVAL in g16k_last_error) and writes ""
 * when len > 0. */
G16K_API size_t g16k_prover_describe(const g16k_prover *prover, char *buf, size_t len);

/* A phase trace: a Trace Event Format JSON file (chrome://tracing, Perfetto) of the key loads
 * and proofs given it in their options (g16k_key_opts.trace, g16k_prove_opts.trace), with one
 * complete event per phase, per provider call (the five MSMs with window, size, provider and
 * device) and per inner phase a provider reports, on a track per thread. One trace may serve
 * many calls, also concurrent ones. Kept in memory; written when closed. README "Traces". */
typedef struct g16k_trace g16k_trace;
/* A new trace for the file at path (written by g16k_trace_close; the folder is checked now).
 * *out is owned by the caller. Errors: G16K_EINVAL, G16K_EIO (folder not writable),
 * G16K_ENOMEM. */
G16K_API int g16k_trace_open(const char *path, g16k_trace **out);
/* Write the file atomically and free trace (NULL: no-op). No call given the trace may still
 * run. Errors: G16K_EIO, G16K_ENOMEM; trace is freed in every case. */
G16K_API int g16k_trace_close(g16k_trace *trace);

/* Options of a key load; every field may be 0 / NULL. */
typedef struct g16k_key_opts {
    uint32_t struct_size;      /* sizeof(g16k_key_opts) */
    g16k_progress_fn progress; /* optional: stages "check" then "upload" */
    void *progress_user;       /* passed to progress */
    const char *name;          /* g16k_key_load_buffer: the key's name in messages
                                     * (default "zkey buffer"); ignored for a path */
    g16k_trace *trace;         /* optional: record the load's phases (g16k_trace_open) */
    uint32_t flags;            /* G16K_KEY_* bits below */
} g16k_key_opts;

/* g16k_key_opts.flags: G16K_KEY_MAP_FILE makes g16k_key_load_file map the file read-only
 * instead of reading it into memory of its own; the providers then use the point sections that
 * start on an 8-byte boundary where the mapping has them (the others, and the decoded
 * coefficients, are copied). A load then needs far less fresh memory, which is most of what a
 * cached load costs (on a 2-vCPU VM, sha256_64's 45 MB key: about 23 -> 18 ms), and more so on a VM
 * after an idle spell, when the host must back each fresh page first. The file must then stay
 * as it is while the key lives:
 *   - a rewrite in place (cp onto it, or any write) is noticed by its modification time:
 *     g16k_prove refuses every later proof with G16K_EIO (it looks after the MSMs, the last
 *     reads of the mapping, so no proof over bytes other than those tested leaves it; before
 *     Linux 6.13, a write within a timer tick of the file's previous one may keep its time);
 *   - a truncation raises SIGBUS at the next read of a lost page, which kills the process
 *     unless it handles the signal (g16k's CLI does: it names the cause and exits 5).
 * Replace a key by renaming a new file over it (mv, rsync, install): the mapping keeps the old
 * file whole. Falls back to reading when the file cannot be mapped; ignored by
 * g16k_key_load_buffer. `g16k prove` sets it. */
#define G16K_KEY_MAP_FILE 1u

/* Load and validate a Groth16 .zkey (every point checked on the curve and in the subgroup, on
 * all of [core] threads while the file is read), and hand the fixed data to the providers
 * (circuit, NTT domain, MSM bases). A key whose content digest the verdict cache of prover.ini
 * ([core] key_cache, by default $XDG_CACHE_HOME/g16k) holds from an earlier full check is not
 * checked again, from a file as from memory; a fully checked key is recorded there. *out is
 * owned by the caller (g16k_key_free) and is tied to `prover`, which must outlive it. opts may
 * be NULL.
 * Errors: G16K_EIO, G16K_EFORMAT (message names file, section and byte offset), G16K_ENOMEM,
 * G16K_ECANCELED, provider errors. */
G16K_API int g16k_key_load_file(g16k_prover *prover, const char *zkey_path,
                                const g16k_key_opts *opts, g16k_key **out);
/* The same from a whole .zkey file in memory (len bytes at data, any alignment). data is only
 * read during the call: the key keeps its own decoded copy, so the caller may free it after. */
G16K_API int g16k_key_load_buffer(g16k_prover *prover, const void *data, size_t len,
                                  const g16k_key_opts *opts, g16k_key **out);
/* g16k_key_load_file with opts NULL. */
G16K_API int g16k_key_load(g16k_prover *prover, const char *zkey_path, g16k_key **out);
G16K_API void g16k_key_free(g16k_key *key);
/* Number of public signals of the key (P); 0 for a NULL key. */
G16K_API uint32_t g16k_key_n_public(const g16k_key *key);
/* 1 when the load skipped the curve and subgroup tests of the key's points because the verdict
 * cache ([core] key_cache) held its digest from an earlier full check, else 0 (also for NULL). */
G16K_API int g16k_key_cached(const g16k_key *key);
/* The content digest of a whole .zkey file (len bytes at data): its BLAKE3-256 (the BLAKE3
 * spec's unkeyed hash, the same hex as `b3sum FILE` prints), which the verdict cache keys its
 * entries by (docs/formats.md), as 64 lowercase hex digits and a NUL in hex. It names a key by
 * its bytes, never its path, size or date (g16k's job queue names keys by it). Thread-safe; runs
 * on the calling thread. Errors: G16K_EINVAL when hex is NULL, or data is NULL and len is not 0;
 * G16K_ENOMEM when memory runs out (one 32-byte word per MiB). */
G16K_API int g16k_zkey_digest(const void *data, size_t len, char hex[65]);

/* Per-phase wall-clock times of the last g16k_prove on a proof, in seconds. When one plugin
 * served both the NTT and the H MSM through compute_h_msm (plugin ABI 1.1), the H MSM ran
 * inside the NTT call: ntt includes it and msm_h is 0. Fixed size: it cannot grow. */
typedef struct g16k_timings {
    double load_witness, synth, ntt, msm_a, msm_b_g1, msm_b_g2, msm_l, msm_h, msm_total, assemble,
        verify, total;
} g16k_timings;

typedef struct g16k_prove_opts {
    uint32_t struct_size; /* sizeof(g16k_prove_opts) */
    /* INSECURE, for tests only: use these blinding values (canonical Fr, 4 LE limbs) instead of
     * fresh ones from getrandom(). A proof with known r and s reveals the witness. */
    int insecure_fixed_rs;
    uint64_t r[4], s[4];
    /* -1 = as the config says ([core] verify), 0 = skip, 1 = verify before returning. */
    int verify;
    g16k_timings *timings;     /* optional out */
    g16k_progress_fn progress; /* optional: stage "prove" */
    void *progress_user;       /* passed to progress */
    g16k_trace *trace;         /* optional: record the proof's phases (g16k_trace_open) */
} g16k_prove_opts;

/* A finished proof with its public signals. Owned by the caller (g16k_proof_free). */
typedef struct g16k_proof g16k_proof;

/* Prove with the witness file wtns_path. opts may be NULL (random r, s; verify as configured).
 * Errors: G16K_EIO, G16K_EFORMAT (witness; also a witness of another circuit: its length is not
 * the key's), G16K_EVERIFY (the proof failed the pairing check: the witness does not satisfy
 * the circuit or a provider returned a wrong result), G16K_ECANCELED, provider errors. */
G16K_API int g16k_prove(g16k_prover *prover, g16k_key *key, const char *wtns_path,
                        const g16k_prove_opts *opts, g16k_proof **out);
/* The same with a whole .wtns file in memory (len bytes at wtns, read during the call only);
 * messages name it "wtns buffer". */
G16K_API int g16k_prove_wtns_buffer(g16k_prover *prover, g16k_key *key, const void *wtns,
                                    size_t len, const g16k_prove_opts *opts, g16k_proof **out);
/* The same with bare witness values: n values, 32 bytes each, canonical little-endian. */
G16K_API int g16k_prove_witness(g16k_prover *prover, g16k_key *key, const void *witness, uint64_t n,
                                const g16k_prove_opts *opts, g16k_proof **out);
G16K_API void g16k_proof_free(g16k_proof *proof);

/* Write proof.json / public.json in snarkjs's layout, atomically (temporary file + rename),
 * both renamed under an exclusive flock on their folder(s), so that concurrent writers of the
 * same paths leave one writer's pair (README "Output pair"). Either path may be NULL to skip
 * it. Errors: G16K_EIO; G16K_EINVAL when proof is NULL or both paths name one file (compared
 * by device and inode, hard links and symlinks included, or by resolved path when missing). */
G16K_API int g16k_proof_write(const g16k_proof *proof, const char *proof_path,
                              const char *public_path);
/* The same texts without files, snprintf-style: the proof.json (or public.json) text, byte for
 * byte what g16k_proof_write writes (the layout of snarkjs's files), NUL-terminated and
 * truncated to len (buf may be NULL when len is 0). Returns the length it needed without
 * the NUL, or 0 when out of memory or proof is NULL (G16K_ENOMEM or G16K_EINVAL in
 * g16k_last_error; the texts are never empty).
 * A proof.json text is under 1.2 kB; public.json takes about 80 bytes per public signal. */
G16K_API size_t g16k_proof_json(const g16k_proof *proof, char *buf, size_t len);
G16K_API size_t g16k_public_json(const g16k_proof *proof, char *buf, size_t len);
/* Affine proof points as canonical bytes: a 96 B, b 192 B, c 96 B (see plugin.h layouts); a
 * BN254 proof's points take 64, 128 and 64 B of them and the rest is zero. A NULL output is
 * skipped; proof NULL zeroes the others (G16K_EINVAL in g16k_last_error). */
G16K_API void g16k_proof_points(const g16k_proof *proof, uint8_t a[96], uint8_t b[192],
                                uint8_t c[96]);

/* Verify proof.json against verification_key.json and public.json exactly as
 * `snarkjs groth16 verify` does (docs/proving.md, "The prover", step 5), plus subgroup checks of
 * the proof points, canonical decimal public signals and exactly the key's nPublic of them. Both
 * curves: the key's "curve" ("bls12381", or "bn128" for BN254, read as snarkjs reads it) is the
 * curve of the proof and the signals (docs/formats.md, "JSON files"). A
 * key with alpha1, beta2, gamma2 or delta2 at infinity, or a point off its curve or subgroup, is
 * malformed (G16K_EFORMAT naming the field). The two files are read under a shared flock on
 * their folder(s): a pair being replaced by g16k_proof_write is seen whole, old or new.
 * Thread-safe.
 * Returns G16K_OK when valid, G16K_EVERIFY when invalid (message says why), G16K_EIO /
 * G16K_EFORMAT when a file cannot be read or is malformed, G16K_EINVAL for a NULL path. */
G16K_API int g16k_verify_files(const char *vk_path, const char *public_path,
                               const char *proof_path);
/* The same from the three texts in memory: vk_len bytes of verification_key.json at vk_json,
 * public_len of public.json, proof_len of proof.json (UTF-8 JSON as snarkjs writes them, or any
 * JSON with the same members, e.g. JSON.stringify of snarkjs's objects; no NUL needed, read
 * during the call only, owned by the caller). The same parser, checks, verdicts and messages as
 * g16k_verify_files, where messages name the texts "verification key buffer", "public signals
 * buffer" and "proof buffer" instead of paths. Thread-safe; no lock (nothing is shared).
 * Returns G16K_OK when valid, G16K_EVERIFY when invalid, G16K_EFORMAT when a text is malformed
 * (not JSON, a missing or mistyped member, a non-canonical number, a malformed key) or larger
 * than the files may be (16 MiB for the proof and public signals, 64 MiB for the key),
 * G16K_EINVAL for a NULL text (an empty one is malformed), G16K_ENOMEM. */
G16K_API int g16k_verify_json(const char *vk_json, size_t vk_len, const char *public_json,
                              size_t public_len, const char *proof_json, size_t proof_len);

/* Where the library's log lines go. The library writes nothing to stderr by itself: by default
 * its lines are dropped. level is G16K_LOG_ERROR, _WARN, _INFO or _DEBUG (plugin.h); line is one
 * line of text without the level and without a newline (e.g. "k.zkey: delta = 1: this key has
 * had no phase-2 contribution, ..."), valid during the call only. The library's own lines and
 * its plugins' (host->log) come here, from any thread that runs a g16k call, also several at
 * once: the callback must be thread-safe, should return soon, and must not call g16k_set_log. */
typedef void (*g16k_log_fn)(void *user, int level, const char *line);
/* Send the lines of level <= max_level (G16K_LOG_ERROR 0 to G16K_LOG_DEBUG 3; lines above it are
 * not even formatted) to fn with user; fn NULL: drop every line again (the default). The
 * setting is process-wide, for every prover. It may be changed while other threads run g16k
 * calls: it waits for the calls of the old callback in flight, so that once it returns the old
 * fn is never called again (its user may be freed). The g16k command installs one that writes
 * "g16k: LEVEL: line" to stderr at the level $G16K_LOG names (warn by default). */
G16K_API void g16k_set_log(g16k_log_fn fn, void *user, int max_level);

#ifdef __cplusplus
}
#endif

#endif /* G16K_H */
