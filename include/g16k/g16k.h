/*
 * g16k embedding API: open a prover.ini, load a proving key once, prove many witnesses, verify.
 *
 * Errors: every function returns G16K_OK (0) or a negative g16k_status (include/g16k/plugin.h)
 * and sets a one-line message, readable with g16k_last_error() on the same thread until the next
 * g16k call on that thread.
 *
 * Threads: a g16k_prover and a g16k_key are immutable after creation; several threads may call
 * g16k_prove() at once on the same prover and key (each call allocates its own scratch). Opening
 * and closing must not overlap with other calls on the same object.
 *
 * Formats: .zkey and .wtns as written by snarkjs 0.7.6 / circom for BLS12-381; proof.json,
 * public.json and verification_key.json in snarkjs's JSON layout (FORMATS.md).
 */
#ifndef G16K_H
#define G16K_H

#include <stddef.h>
#include <stdint.h>

#include "plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct g16k_prover g16k_prover;
typedef struct g16k_key g16k_key;

/* Version string of the library, e.g. "0.1.0". Static storage. */
const char *g16k_version(void);

/* Message of the last failed g16k call on this thread ("" if none). Thread-local storage. */
const char *g16k_last_error(void);

/* Parse config_path (prover.ini), load and create its plugins. *out is owned by the caller
 * (g16k_prover_close). Errors: G16K_EIO, G16K_ECONFIG, G16K_ENODEV, plugin errors. */
int g16k_prover_open(const char *config_path, g16k_prover **out);
void g16k_prover_close(g16k_prover *prover);

/* Write a human-readable description of the loaded plugins and slot assignments to buf
 * (NUL-terminated, truncated to len). Returns the length it needed (like snprintf). */
size_t g16k_prover_describe(const g16k_prover *prover, char *buf, size_t len);

/* Load and validate a Groth16 .zkey (every point checked on the curve and in the subgroup, on
 * all of [core] threads while the providers take the data; a file whose digest the verdict
 * cache [core] key_cache holds from an earlier full check is not checked again), and hand the
 * fixed data to the providers (circuit, NTT domain, MSM bases). *out is owned by the
 * caller (g16k_key_free) and is tied to `prover`, which must outlive it.
 * Errors: G16K_EIO, G16K_EFORMAT (message names file, section and byte offset), G16K_ENOMEM,
 * provider errors. */
int g16k_key_load(g16k_prover *prover, const char *zkey_path, g16k_key **out);
void g16k_key_free(g16k_key *key);
/* Number of public signals of the key (P). */
uint32_t g16k_key_n_public(const g16k_key *key);

/* Per-phase wall-clock times of the last g16k_prove on a proof, in seconds. When one plugin
 * served both the NTT and the H MSM through compute_h_msm (plugin ABI 1.1), the H MSM ran
 * inside the NTT call: ntt includes it and msm_h is 0. */
typedef struct g16k_timings {
    double load_witness, synth, ntt, msm_a, msm_b_g1, msm_b_g2, msm_l, msm_h, msm_total,
           assemble, verify, total;
} g16k_timings;

typedef struct g16k_prove_opts {
    uint32_t struct_size;
    /* INSECURE, for tests only: use these blinding values (canonical Fr, 4 LE limbs) instead of
     * fresh ones from getrandom(). A proof with known r and s reveals the witness. */
    int insecure_fixed_rs;
    uint64_t r[4], s[4];
    /* -1 = as the config says ([core] verify), 0 = skip, 1 = verify before returning. */
    int verify;
    g16k_timings *timings;        /* optional out */
} g16k_prove_opts;

/* A finished proof with its public signals. Owned by the caller (g16k_proof_free). */
typedef struct g16k_proof g16k_proof;

/* Prove with the witness file wtns_path. opts may be NULL (random r, s; verify as configured).
 * Errors: G16K_EIO, G16K_EFORMAT (witness), G16K_EVERIFY (the proof failed the pairing check:
 * the witness does not satisfy the circuit or a provider returned a wrong result), provider
 * errors. No output on error. */
int g16k_prove(g16k_prover *prover, g16k_key *key, const char *wtns_path,
               const g16k_prove_opts *opts, g16k_proof **out);
/* Same with an in-memory witness: n values, 32 bytes each, canonical little-endian. */
int g16k_prove_witness(g16k_prover *prover, g16k_key *key, const void *witness, uint64_t n,
                       const g16k_prove_opts *opts, g16k_proof **out);
void g16k_proof_free(g16k_proof *proof);

/* Write proof.json / public.json in snarkjs's layout, atomically (temporary file + rename).
 * Either path may be NULL to skip it. Errors: G16K_EIO. */
int g16k_proof_write(const g16k_proof *proof, const char *proof_path, const char *public_path);
/* Affine proof points as canonical bytes: a 96 B, b 192 B, c 96 B (see plugin.h layouts). */
void g16k_proof_points(const g16k_proof *proof, uint8_t a[96], uint8_t b[192], uint8_t c[96]);

/* Verify proof.json against verification_key.json and public.json exactly as
 * `snarkjs groth16 verify` does (FORMATS.md section 8), plus subgroup checks of the proof points.
 * Returns G16K_OK when valid, G16K_EVERIFY when invalid (message says why), G16K_EIO /
 * G16K_EFORMAT when a file cannot be read. */
int g16k_verify_files(const char *vk_path, const char *public_path, const char *proof_path);

#ifdef __cplusplus
}
#endif

#endif /* G16K_H */
