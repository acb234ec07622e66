/*
 * Groth16 key generation (the `g16k setup` and `g16k vk` commands) and the powers of tau (`g16k
 * ptau`), for BLS12-381 and BN254 (snarkjs's bn128): the curve is the input files' (the r1cs's
 * prime, the ptau's header), and each curve has its own build of the same sources (curve_sel.h).
 *
 * Two ways to make a proving key (.zkey, docs/formats.md, ".zkey") from a circom .r1cs:
 *   - from a prepared powers-of-tau file (.ptau with the Lagrange sections 12..15): the result is
 *     byte for byte what `snarkjs groth16 setup` writes (snarkjs 0.7.6 src/zkey_new.js), i.e. the
 *     initial phase-2 key with delta = 1, ready for `snarkjs zkey contribute`;
 *   - from toxic waste drawn at random in this process (tau, alpha, beta, delta), for benchmarks
 *     only: whoever runs it could forge proofs if the values leaked; they are wiped after use.
 * The heavy work runs on pthreads: fixed-base windowed tables with batch-affine additions on the
 * IFMA lanes (core/setup/fixed_base.c) for random toxic waste, whose key is streamed to the
 * output as it is made (bounded memory: the scalars, 128 bytes per signal, and the r1cs);
 * sums of Lagrange points per signal for a ptau, whose key is built in memory, then written. It
 * could later be routed through the MSM/NTT providers of core/plugin; it is not, because setup
 * runs once per circuit and has no prover.ini.
 */
#ifndef G16K_SETUP_SETUP_H
#define G16K_SETUP_SETUP_H

#include <stddef.h>
#include <stdint.h>

typedef struct setup_opts {
    const char *r1cs_path; /* circom .r1cs (version 1, BLS12-381's or BN254's prime) */
    const char *ptau_path; /* prepared .ptau of the r1cs's curve, or NULL for insecure random
                              toxic waste */
    const char *zkey_path; /* output; written to a temporary beside it, then renamed */
    unsigned threads;      /* worker threads; 0 = all online CPUs */
    int progress;          /* 1: print phase, percent and elapsed time to stderr */
} setup_opts;

/* Make the proving key described by *o. Returns G16K_OK or a negative g16k_status with the core
 * error set (util/error.h): G16K_EFORMAT (malformed r1cs/ptau, naming file, section and byte;
 * also a ptau too small for the circuit: 2^power < constraints + public + 1, the rule of
 * snarkjs's zkey_new.js, or a circuit above 2^28, or a ptau of the other curve), G16K_EIO,
 * G16K_ENOMEM. On error no output
 * file is left behind. Thread-safe (no shared state besides the progress output). */
int setup_run(const setup_opts *o);

/* Write the verification key of a Groth16 .zkey as snarkjs's `zkey export verificationkey` does
 * (docs/formats.md, "JSON files"; byte-identical file, including vk_alphabeta_12 = e(alpha1, beta2)).
 * Reads only zkey sections 1..3. Errors as setup_run. Thread-safe. */
int setup_vk_export(const char *zkey_path, const char *vk_path);

/* ---- powers of tau (phase 1 of the ceremony): the `g16k ptau` commands ---- */
/* The two hashes snarkjs prints after a contribution. */
typedef struct ptau_hashes {
    uint8_t response[64];       /* "Contribution Response Hash" */
    uint8_t next_challenge[64]; /* "Next Challenge Hash" */
} ptau_hashes;
#define PTAU_HASH_TEXT 160
/* A hash as snarkjs prints it (misc.js formatHash): 4 lines of 4 big-endian 32-bit words in hex,
 * each line starting with two tabs, no final newline. */
void ptau_format_hash(char out[PTAU_HASH_TEXT], const uint8_t h[64]);

typedef struct ptau_opts {
    const char *in_path;  /* prepare, contribute, beacon: the .ptau to read */
    const char *out_path; /* the .ptau to write: a temporary beside it, renamed when complete */
    unsigned power;       /* new: the file holds 2^power powers, 1..28 */
    uint32_t curve;       /* new: the ceremony's curve, G16K_CURVE_* (plugin.h); 0 = BLS12-381.
                             The other commands take the input file's curve. */
    unsigned threads;     /* worker threads; 0 = all online CPUs */
    int progress;         /* 1: phase, percent and elapsed time on stderr */
    const char *name;     /* contribute, beacon: the contributor's name (ASCII, <= 64 kept) */
    const char *entropy;  /* contribute: text mixed into the OS randomness, or NULL */
    const uint8_t *beacon_hash; /* beacon: the beacon's bytes (1..255), else NULL */
    size_t beacon_hash_len;
    unsigned beacon_exp;     /* beacon: SHA-256 iterated 2^beacon_exp times (10..63) */
    unsigned beacon_max_exp; /* verify: a beacon record of more than 2^beacon_max_exp SHA-256
                                iterations is refused (G16K_EFORMAT) before any is computed, as
                                such a count, which no hash covers, can make verify run for years;
                                0: PTAU_BEACON_MAX_EXP; at most 63 */
    ptau_hashes *hashes;     /* contribute, beacon: filled on success if not NULL */
} ptau_opts;

/* The default of ptau_opts.beacon_max_exp: 2^32 SHA-256 iterations, about 14 minutes on one
 * core here (libsodium, 190 ns a hash); beacons in practice take 2^10 (snarkjs's examples) to
 * 2^42 (Zcash's powers of tau: days). */
#define PTAU_BEACON_MAX_EXP 32

/* `snarkjs powersoftau new bls12381|bn128 POWER` (src/powersoftau_new.js), the same bytes: header,
 * sections 2..6 all generators, section 7 with 0 contributions. G16K_EINVAL (power out of
 * range, an unknown curve), G16K_EIO, G16K_ENOMEM; no output on error. Thread-safe. */
int ptau_new(const ptau_opts *o);

/* `snarkjs powersoftau prepare phase2` (src/powersoftau_preparephase2.js), the same bytes:
 * sections 1..7 copied, then 12..15, for each p = 0..power (and power + 1 for tauG1) the
 * inverse FFT over the group of the first 2^p points of sections 2..5 (core/setup/group_fft.c;
 * for tauG1 at power + 1 the missing last power taken as infinity, as snarkjs does). Every point
 * read is checked: coordinates below p, on its curve and in its subgroup (the products are GLV,
 * [k] P on the group only; the rest of the transcript is `g16k ptau verify`'s). Memory: about 340 bytes per point of the largest block (2^(power+1) G1 points:
 * 2.9 GB at power 22). G16K_EFORMAT (naming file, section, offset), G16K_EIO, G16K_ENOMEM; no
 * output on error. Thread-safe. */
int ptau_prepare(const ptau_opts *o);

/* `snarkjs powersoftau contribute` (random secrets from the OS mixed with o->entropy) or, with
 * o->beacon_hash set, `snarkjs powersoftau beacon` (secrets from the beacon: the same bytes as
 * snarkjs): sections 2..6 multiplied by the new secrets, section 7 extended by the
 * contribution's record (core/setup/ptau_contribute.c). Every input point is checked as in
 * ptau_prepare, its subgroup included: a point off it would publish the secrets modulo its
 * small order. A prepared input loses its sections 12..15 (prepare again). The secrets (and the
 * OS bytes and entropy that seed them) are wiped from memory after use and never written.
 * Errors as ptau_prepare; also G16K_EFORMAT for a reduced file (power below the ceremony's).
 * Thread-safe. */
int ptau_contribute(const ptau_opts *o);

/* `snarkjs powersoftau verify` (core/setup/ptau_verify.c: the same checks, some stronger: every
 * point's subgroup, 64-bit random combinations, the Lagrange sections' too, recomputed only to
 * name a wrong point: ptau_lagrange_check.c). Returns
 * G16K_OK with rep->valid 1, or 0 and the core error saying what does not verify (a contribution
 * by number and name, or the section); or an error for a file that cannot be read as a ptau
 * (G16K_EFORMAT naming file, section and offset, G16K_EIO, G16K_ENOMEM). rep->contribs is
 * allocated (free it, also on failure). Thread-safe. */
typedef struct ptau_contribution_info {
    char name[65]; /* as recorded (up to 64 bytes), terminal controls shown as '?' */
    int beacon;
    unsigned beacon_exp;
    uint8_t response[64]; /* the contribution's response hash */
    uint8_t next_challenge[64];
} ptau_contribution_info;
typedef struct ptau_verify_report {
    int valid;
    unsigned power, ceremony_power;
    uint32_t count;
    ptau_contribution_info *contribs; /* count of them, in order */
    int prepared;                     /* sections 12..15 present (and checked) */
} ptau_verify_report;
int ptau_verify(const ptau_opts *o, ptau_verify_report *rep);

#endif
