/*
 * Private to core/setup: the pieces that its sources share.
 * Most sources are built once per curve (curve_sel.h: BLS12-381's names, mapped onto BN254's in
 * the units of core/setup/bn254/); the declarations below of fr_t, fp_t, g1_affine_t, ... are
 * then those of the unit's curve, and a per-curve function's symbol carries the curve
 * (SETUP_SYM). Field elements are in Montgomery form unless a name says canon; points are affine
 * with (0, 0) = infinity. Every function returning int returns G16K_OK or a
 * negative g16k_status after setting the core error (util/error.h).
 */
#ifndef G16K_SETUP_INTERNAL_H
#define G16K_SETUP_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/binfile.h"
#include "formats/r1cs.h"
#include "curve_sel.h"
#include "setup.h"

/* ---- blake2b.c: BLAKE2b (RFC 7693), unkeyed, digest length 16..64, from libsodium's
 * crypto_generichash (the hash snarkjs uses for the circuit hash of zkey section 10) ---- */
#include <sodium.h>
typedef struct blake2b_state {
    crypto_generichash_state st;
    size_t out_len;
} blake2b_state;

void blake2b_init(blake2b_state *s, size_t out_len);
void blake2b_update(blake2b_state *s, const void *data, size_t len);
void blake2b_final(blake2b_state *s, uint8_t *out /* out_len bytes */);

/* ---- progress.c: phase, percent and elapsed time on stderr ---- */
typedef struct progress {
    const char *name; /* the command in each line: "setup", "ptau" */
    int enabled;
    int tty;     /* rewrite one line with \r instead of printing lines */
    double t0;   /* start of the whole run (monotonic seconds) */
    double last; /* time of the last line printed */
} progress;

void progress_init(progress *pg, const char *name, int enabled);
/* done of total items of phase; rate-limited, thread-safe enough for one calling thread. */
void progress_update(progress *pg, const char *phase, uint64_t done, uint64_t total);
void progress_done(progress *pg, const char *phase);

/* ---- blake2b_partial.c: BLAKE2b-512 with snarkjs's stored partial state (see the file) ---- */
#define B2P_PARTIAL_BYTES 216
typedef struct b2p_state {
    uint64_t h[8];
    uint64_t length; /* bytes taken in (compressed or buffered) */
    uint32_t pos;    /* bytes in buf, 0..128 */
    uint8_t buf[128];
} b2p_state;
void b2p_init(b2p_state *s);
void b2p_update(b2p_state *s, const void *data, size_t len);
void b2p_final(b2p_state *s, uint8_t out[64]);
/* The 216 bytes of snarkjs's partialHash (misc.js toPartialHash): the buffer, h as 16 LE u32
 * (low half first), the compressed byte count (u32), 0, pos, 0, 0, 0. */
void b2p_export(const b2p_state *s, uint8_t out[B2P_PARTIAL_BYTES]);
/* The inverse (misc.js fromPartialHash); -1 if pos is out of range. */
int b2p_import(b2p_state *s, const uint8_t in[B2P_PARTIAL_BYTES]);

/* ---- commands.c and the per-curve halves of setup.h's commands ---- */
/* What setup.h's entry points call once the curve of their input is known (the r1cs's prime, a
 * ptau's n8, ptau_opts.curve for `new`): the functions of one curve's build. Arguments, results
 * and errors are setup.h's; run gets the loaded r1cs (within its limits) and the progress. */
typedef struct setup_curve_ops {
    const curve *cv;
    int (*run)(const setup_opts *o, const r1cs *cs, progress *pg);
    int (*ptau_new)(const ptau_opts *o);
    int (*ptau_prepare)(const ptau_opts *o);
    int (*ptau_contribute)(const ptau_opts *o);
    int (*ptau_verify)(const ptau_opts *o, ptau_verify_report *rep);
} setup_curve_ops;
extern const setup_curve_ops setup_ops_bls12_381, setup_ops_bn254;
/* The unit's curve's entries of that table (setup.c, ptau_*.c). */
int setup_cmd_run(const setup_opts *o, const r1cs *cs, progress *pg);
int ptau_cmd_new(const ptau_opts *o);
int ptau_cmd_prepare(const ptau_opts *o);
int ptau_cmd_contribute(const ptau_opts *o);
int ptau_cmd_verify(const ptau_opts *o, ptau_verify_report *rep);

/* ---- ptau.c: prepared powers of tau (snarkjs powersoftau_utils.js) ---- */
typedef struct ptau {
    binfile bf;
    uint32_t power;          /* the file holds 2^power powers (tauG1: 2^(power+1) - 1) */
    uint32_t ceremony_power; /* the header's ceremonyPower (> power in a reduced file) */
} ptau;

/* Map and validate the container and the header (n8 = FP_BYTES, q = the curve's p, power
 * 1..28); with need_lagrange, also that section 12 exists (the file was prepared for phase 2). Section sizes
 * are checked by the readers (ptau_read_points, ptau_section_points). Caller closes with
 * binfile_close(&p->bf). path must outlive *p. */
int ptau_open(const char *path, ptau *out, int need_lagrange);
/* Section ids. */
enum {
    PTAU_TAU_G1 = 2,
    PTAU_TAU_G2 = 3,
    PTAU_ALPHA_TAU_G1 = 4,
    PTAU_BETA_TAU_G1 = 5,
    PTAU_BETA_G2 = 6,
    PTAU_CONTRIBUTIONS = 7,
    PTAU_LAGR_TAU_G1 = 12,
    PTAU_LAGR_TAU_G2 = 13,
    PTAU_LAGR_ALPHA_TAU_G1 = 14,
    PTAU_LAGR_BETA_TAU_G1 = 15
};
/* Whether section id holds G2 points (tauG2, betaG2, Lagrange tauG2), else G1. */
static inline int ptau_section_is_g2(uint32_t id)
{
    return id == PTAU_TAU_G2 || id == PTAU_BETA_G2 || id == PTAU_LAGR_TAU_G2;
}
/* The Lagrange form of tau section id (2..5) has blocks of 2^p points for p = 0 .. top: top is
 * the power, one more for tauG1 (its 2^(power+1) - 1 points, the last power taken as zero). */
static inline unsigned ptau_lagrange_top(const ptau *p, uint32_t id)
{
    return p->power + (id == PTAU_TAU_G1);
}
/* The number of points section id must hold for p->power (tauG1 2^(power+1) - 1, tauG2,
 * alphaTauG1, betaTauG1 2^power, betaG2 1; Lagrange sections 12: 2^(power+2) - 1, 13..15:
 * 2^(power+1) - 1), or 0 for other ids. */
uint64_t ptau_section_points(const ptau *p, uint32_t id);
/* Check that section id is present and holds exactly ptau_section_points(p, id) points, else
 * G16K_EFORMAT naming file, section and offset. */
int ptau_check_section(const ptau *p, uint32_t id, const char *name);
/* Point `index` of section id (bounds checked by the caller, e.g. ptau_check_section) decoded
 * into out (g1_affine_t or g2_affine_t by id) with formats/point_decode.h's checks: coordinates
 * below p, on the curve (infinity allowed), and with check_subgroup in the prime-order
 * subgroup. NULL if valid, else the reason. Thread-safe. */
const char *ptau_point(const ptau *p, uint32_t id, uint64_t index, void *out, int check_subgroup);
/* G16K_EFORMAT for a point that ptau_point refuses: "PATH: section ID (NAME) at byte OFFSET:
 * point INDEX is not a point of G1: REASON (a damaged file)". */
int ptau_point_error(const ptau *p, uint32_t id, const char *name, uint64_t index,
                     int check_subgroup);
/* The readers decode sections on many threads; each keeps the lowest index of a refused point
 * in one atomic (~0: none), and reports that one. */
static inline void ptau_note_lowest(atomic_uint_fast64_t *lowest, uint64_t i)
{
    uint64_t cur = atomic_load(lowest);
    while (i < cur && !atomic_compare_exchange_weak(lowest, &cur, i))
        ;
}
/* The points pts[0..n) (g1_affine_t, or g2_affine_t with g2), section indices first..: the
 * lowest index of one outside its prime-order subgroup goes to *bad (ptau_note_lowest). Eight
 * at a time in the IFMA lanes when simd and all eight are finite; a point they do not accept,
 * and every one without simd, by the reference test, which decides (ptau_sums.c). Used before
 * the points enter a GLV product (contribute, prepare: the split is [k] P on the group only)
 * and by verify. Thread-safe for disjoint calls. */
void ptau_subgroup_note(int g2, const void *pts, uint64_t n, uint64_t first, int simd,
                        atomic_uint_fast64_t *bad);
/* Decode `count` points starting at point index `first` of section id (G1 or G2 by id) into
 * out (g1_affine_t or g2_affine_t array). Checks bounds and that coordinates are < p. */
int ptau_read_points(const ptau *p, uint32_t id, uint64_t first, uint64_t count, void *out);

/* ---- ptau_file.c: writing .ptau files (atomic_stream of util/atomic_write.h) ---- */
#include "util/atomic_write.h"
/* The container header (magic, version 1, n_sections) and section 1 (n8, q, power,
 * ceremonyPower), as snarkjs's writePTauHeader. */
int ptau_put_header(atomic_stream *s, uint32_t n_sections, uint32_t power, uint32_t ceremony_power);
/* One little-endian u32. */
int ptau_put_u32(atomic_stream *s, uint32_t v);
/* n affine points (g1_affine_t, or g2_affine_t if g2) in the LEM encoding. */
int ptau_put_points(atomic_stream *s, int g2, const void *pts, uint64_t n);
/* The compressed encodings snarkjs hashes for a contribution's response (wasmcurves LEMtoC): x
 * big-endian (over Fp2 BE(c1) || BE(c0)), bit 0x80 of the first byte when y is "negative"
 * (canonical >= (p+1)/2; over Fp2 that of c1, or c0 when c1 = 0), infinity 0x40 then zeros.
 * Note: not the zcash/IETF encoding (no compression flag). */
void ptau_g1_to_c(uint8_t out[FP_BYTES], const g1_affine_t *p);
/* ffjavascript's isNegative (wasmcurves f1m_isNegative, f2m_isNegative): canonical(a) >=
 * (p + 1) / 2; over Fp2 that of c1, or of c0 when c1 = 0. 0 is not negative. */
int ptau_fp_negative(const fp_t *a);
int ptau_fp2_negative(const fp2_t *a);
void ptau_g2_to_c(uint8_t out[G1_BYTES], const g2_affine_t *p);

/* ---- ptau_key.c: a contribution's key, drawn as snarkjs draws it (see the file); its random
 * stream and the beacon's seed are ptau_rng.c (no curve) ---- */
typedef struct ptau_rng {
    uint8_t key[32];
    uint64_t block; /* next ChaCha20 block */
    uint32_t w[16]; /* the current block's words */
    int idx;        /* next word of w; 16: none left */
} ptau_rng;
/* Seed with 32 bytes read as 8 big-endian words (snarkjs's seeds: hash bytes 0..31). */
void ptau_rng_seed_be(ptau_rng *r, const uint8_t seed[32]);
uint32_t ptau_rng_u32(ptau_rng *r);
uint64_t ptau_rng_u64(ptau_rng *r); /* (first word << 32) | second, as ffjavascript's nextU64 */
void ptau_rng_wipe(ptau_rng *r);
void ptau_fr_from_rng(fr_t *out, ptau_rng *r);
void ptau_g1_from_rng(g1_affine_t *out, ptau_rng *r);
void ptau_g2_from_rng(g2_affine_t *out, ptau_rng *r);
void ptau_hash_to_g2(g2_affine_t *out, const uint8_t hash[64]);
/* A beacon's seed (misc.js rngFromBeaconParams): SHA-256 applied 2^exp times to the beacon hash
 * (exp 1..63), progress for the long ones (pg may be NULL). */
void ptau_beacon_seed(uint8_t seed[32], const uint8_t *hash, size_t len, unsigned exp,
                      progress *pg);
void ptau_g2_sp(g2_affine_t *out, uint8_t personalization, const uint8_t challenge[64],
                const g1_affine_t *g1_s, const g1_affine_t *g1_sx);

/* Index 0 tau, 1 alpha, 2 beta. */
typedef struct ptau_key {
    fr_t prv[3]; /* the toxic waste: wipe with ptau_key_wipe */
    g1_affine_t g1_s[3], g1_sx[3];
    g2_affine_t g2_sp[3], g2_spx[3];
} ptau_key;
void ptau_key_create(ptau_key *k, const uint8_t challenge[64], ptau_rng *r);
void ptau_key_wipe(ptau_key *k);
#define PTAU_PUBKEY_BYTES (6 * G1_BYTES + 3 * G2_BYTES)
void ptau_pubkey_encode(uint8_t out[PTAU_PUBKEY_BYTES], const ptau_key *k, int lem);

/* ---- ptau_prepare.c ---- */
/* Recompute sections 12 + first .. 12 + last (first <= last <= 3) of an open, prepared ptau from
 * sections 2 + first .. 2 + last (the group inverse FFT of ptau_prepare) and compare: G16K_OK if
 * equal, G16K_EINVAL naming the first point that differs (a wrong Lagrange section), or the
 * errors of ptau_prepare. */
int ptau_prepare_check(const ptau *pt, uint32_t first, uint32_t last, unsigned threads,
                       progress *pg);

/* i with its lg low bits in reverse order: the permutation of the radix-2 FFTs (group_fft.c,
 * ptau_lagrange_check.c). */
static inline uint64_t setup_bit_reverse(uint64_t i, unsigned lg)
{
    uint64_t r = 0;
    for (unsigned b = 0; b < lg; b++)
        r |= ((i >> b) & 1) << (lg - 1 - b);
    return r;
}

/* ---- ptau_sums.c: decoding with checks, and sums of many points (for ptau verify) ---- */
/* Decode points 0 .. n-1 of section id into pts (g1_affine_t or g2_affine_t by id), on all
 * threads: coordinates below p, on the curve (infinity allowed), and with `subgroup` in the
 * prime-order subgroup (the IFMA lanes eight points at a time where they serve the curve, else
 * the reference test). With h non-NULL the points' uncompressed encodings are hashed into h in
 * order. Progress as `name`: done0 + the points decoded, of total. G16K_OK; ptau_point_error's
 * G16K_EFORMAT naming the lowest refused point; G16K_ENOMEM. */
int ptau_decode_checked(const ptau *pt, uint32_t id, const char *name, void *pts, uint64_t n,
                        int subgroup, blake2b_state *h, unsigned threads, progress *pg,
                        uint64_t done0, uint64_t total);
/* *r1 = sum_{i < n} r_i P_i and, with r2 non-NULL, *r2 = sum_{i < n} r_i P_(i+1) (n + 1 points
 * read), for affine pts of G1 or G2 (g2), 64-bit r; the sums Jacobian (g1_jac_t / g2_jac_t).
 * Pippenger's bucket method (Bernstein et al., INDOCRYPT 2012, section 4), one chunk of points
 * per thread: ptau_ba_sum where the IFMA lanes serve the curve, else unsigned windows of up to
 * 16 bits on the reference arithmetic. G16K_OK or G16K_ENOMEM. Thread-safe. */
int ptau_sum64(int g2, const void *pts, const uint64_t *r, uint64_t n, unsigned threads, void *r1,
               void *r2);
/* *out (Jacobian) = sum_{i < n} k_i P_i for full scalars k (fr_t, Montgomery form; the array is
 * consumed: it may hold the canonical values on return) and affine pts: ptau_ba_sum where
 * the IFMA lanes serve the curve; else one product per point through the endomorphism, chunks
 * of PTAU_SUM_GRAIN on all threads (a Pippenger sum on the reference buckets cost as much on G1
 * and twice as much on G2 at 2^16 points). G16K_OK or G16K_ENOMEM. Thread-safe. */
#define PTAU_SUM_GRAIN 2048
int ptau_sum_full(int g2, const void *pts, fr_t *k, uint64_t n, unsigned threads, void *out);
/* ptau_pippenger.c: *r1 = sum_{i < n} k_i P_i and, with r2 non-NULL, *r2 = sum k_i P_(i+1),
 * for k_i of `words` 64-bit words each (little-endian, any value) and affine pts, by
 * Pippenger's method with batch-affine buckets on the IFMA lanes (call only where they serve
 * the curve: SETUP_SIMD()); the sums Jacobian; one chunk of points per thread. G16K_OK or
 * G16K_ENOMEM. Thread-safe. */
int ptau_ba_sum(int g2, const void *pts, const uint64_t *k, unsigned words, uint64_t n,
                unsigned threads, void *r1, void *r2);
/* The chunks' sums of ptau_sum64, ptau_sum_full and ptau_ba_sum added up: *r1 = sum_q parts[2q] and, unless
 * r2 is NULL, *r2 = sum_q parts[2q + 1], q < chunks (Jacobian points of G2 if g2, else G1). */
void ptau_sum_parts(int g2, void *r1, void *r2, const void *parts, uint64_t chunks);

/* ---- ptau_lagrange_check.c ---- */
/* Check sections 12..15 of an open, prepared ptau against sections 2..5 by a random test (see
 * the file): G16K_OK (a wrong section passes with probability at most 2^-64), G16K_EINVAL
 * naming the first wrong point (then found by ptau_prepare_check), G16K_EFORMAT for a point that
 * does not decode or lies outside its subgroup, G16K_ENOMEM. Randomness from libsodium. */
int ptau_lagrange_check(const ptau *pt, unsigned threads, progress *pg);

/* ---- ptau_contribute.c ---- */
/* Section 7 of an open ptau, checked (record sizes, parameter lists, nothing after the last). */
typedef struct ptau_contribs {
    uint32_t count;
    const uint8_t *records; /* the records after the count (mapped file), records_len bytes */
    size_t records_len;
    const uint8_t *last_next_challenge; /* 64 bytes, when count > 0 */
} ptau_contribs;
int ptau_contributions_read(const ptau *pt, ptau_contribs *out);
/* snarkjs's calculateFirstChallengeHash for a new ceremony of this power. */
void ptau_first_challenge(uint8_t out[64], unsigned power);

/* ---- pool.c: fork-join loops on arith/platform/parallel.h ---- */
/* fn(ctx, begin, end) handles items [begin, end); it must not fail. */
typedef void pool_fn(void *ctx, uint64_t begin, uint64_t end);
/* Run fn over [0, n) in chunks of `chunk` items on `threads` threads (0 = online CPUs), the
 * calling thread one of them and reporting progress for `phase` between its chunks (pg may be
 * NULL). Falls back to fewer threads if pthread_create fails. */
void pool_run(unsigned threads, uint64_t n, uint64_t chunk, pool_fn *fn, void *ctx, progress *pg,
              const char *phase);
unsigned pool_threads(unsigned requested);

/* ---- fixed_base.c: k*G for many k and one fixed G ---- */
/* Table of d * 2^(W j) * G for windows j < FIXED_BASE_WINDOWS of W = FIXED_BASE_W bits,
 * d in 1..2^W - 1, affine: a 255-bit scalar costs FIXED_BASE_WINDOWS additions instead of ~380
 * group operations. W = 12: 22 windows, tables of 8.6 MB (G1) and 17 MB (G2), each window's
 * rows within L2; measured single-threaded per 2^20 points with IFMA (B1 / B2 of a 2^20 setup,
 * Zen 4): W = 8 6.3 / 25 s, 12 4.7 / 20.5 s, 16 4.6 / 21 s (more cache misses, 8x the table).
 * simd: 1 to add on the IFMA lanes (set by init from ifma_available(); a test clears it to run
 * the reference path on the same table). */
#define FIXED_BASE_W 12
#define FIXED_BASE_WINDOWS ((255 + FIXED_BASE_W - 1) / FIXED_BASE_W)
#define FIXED_BASE_DIGITS ((1 << FIXED_BASE_W) - 1)
typedef struct fixed_base_g1 {
    g1_affine_t *t;
    int simd;
} fixed_base_g1;
typedef struct fixed_base_g2 {
    g2_affine_t *t;
    int simd;
} fixed_base_g2;

/* The table of base, built on `threads` threads (0: every online CPU), its rows (windows) in
 * parallel. Errors: G16K_ENOMEM (fb->t is then NULL). */
int fixed_base_g1_init(fixed_base_g1 *fb, const g1_affine_t *base, unsigned threads);
int fixed_base_g2_init(fixed_base_g2 *fb, const g2_affine_t *base, unsigned threads);
void fixed_base_g1_free(fixed_base_g1 *fb);
void fixed_base_g2_free(fixed_base_g2 *fb);
/* out[i] = k[i] * base, k in Montgomery form, n points, on `threads` threads with progress. */
int fixed_base_g1_batch(g1_affine_t *out, const fixed_base_g1 *fb, const fr_t *k, uint64_t n,
                        unsigned threads, progress *pg, const char *phase);
int fixed_base_g2_batch(g2_affine_t *out, const fixed_base_g2 *fb, const fr_t *k, uint64_t n,
                        unsigned threads, progress *pg, const char *phase);
/* The same on the calling thread alone, no progress (for callers that spread the work over
 * their own threads: ptau contribute). Errors: G16K_ENOMEM. */
int fixed_base_g1_run(g1_affine_t *out, const fixed_base_g1 *fb, const fr_t *k, uint64_t n);
int fixed_base_g2_run(g2_affine_t *out, const fixed_base_g2 *fb, const fr_t *k, uint64_t n);

/* ---- group_fft.c ---- */
/* In place: a[j] <- sum_i w^(-ij) a[i] for j < n = 2^lg (lg <= 32), w = fr_root_of_unity(lg):
 * the inverse FFT over the group without its 1/n (give it inputs divided by n:
 * g*_group_scale), on `threads` threads (0 = online CPUs) with progress for `phase` (pg may be
 * NULL). Cannot fail. */
void g1_ifft(g1_jac_t *a, unsigned lg, unsigned threads, progress *pg, const char *phase);
void g2_ifft(g2_jac_t *a, unsigned lg, unsigned threads, progress *pg, const char *phase);
/* In place: a[i] <- [k] a[i] for i < n (k Montgomery), on threads with progress as above. */
void g1_group_scale(g1_jac_t *a, uint64_t n, const fr_t *k, unsigned threads, progress *pg,
                    const char *phase);
void g2_group_scale(g2_jac_t *a, uint64_t n, const fr_t *k, unsigned threads, progress *pg,
                    const char *phase);

/* ---- lagrange.c ---- */
/* out[i] = L_j(tau) for the points x_i = g * omega^i, i < count, where L_j is the Lagrange basis
 * polynomial of x_i in the multiplicative subgroup of order N that contains every x_i:
 * L_j(tau) = (tau^N - 1) / N * x_i / (tau - x_i). All Montgomery. Fails (G16K_EINVAL) if tau
 * is one of the x_i. Allocates count fr_t scratch. */
int lagrange_eval(fr_t *out, uint64_t count, const fr_t *tau, const fr_t *g, const fr_t *omega,
                  uint64_t N);

/* ---- zkey_write.c: the zkey of a fresh Groth16 setup, written as it is made ---- */
/* What section 2 holds besides the moduli. */
typedef struct setup_header {
    uint32_t n_vars;
    uint32_t n_public;
    uint32_t domain_size;
    g1_affine_t alpha1, beta1, delta1;
    g2_affine_t beta2, gamma2, delta2;
} setup_header;

/* A zkey being written (util/atomic_write.h atomic_stream: a temporary beside the target, renamed
 * by commit) in snarkjs's section order 1, 2, 4, 3 (IC), 9 (H), 8 (C), 5 (A), 6 (B1), 7 (B2),
 * 10, with zkey_new.js's circuit hash (blake2b-512) fed on the way: the six header points, then
 * per point section a big-endian u32 count and points, in the same order as the file (the
 * uncompressed encodings of setup_g1_to_u / setup_g2_to_u). Usage: open (writes 1, 2, 4 and
 * hashes the header), then for each point section in that order `section` and `g1`/`g2` calls
 * that add up to its n points, then commit (writes 10) or, after an error, discard. Memory: the
 * stream's 1 MiB buffer; nothing else is kept. Errors: G16K_EIO naming the path (the stream is
 * then discarded by open and commit, by the caller otherwise), G16K_EINVAL for points beyond a
 * section's count or a section left short (a bug). One thread. */
typedef struct zkey_stream {
    atomic_stream s;
    blake2b_state h;
    uint64_t left; /* points the open section still needs */
    int g2;        /* the open section holds G2 points (B2) */
} zkey_stream;
int zkey_stream_open(zkey_stream *z, const char *path, const setup_header *hd, const r1cs *cs);
/* Section id (3, 5..9) of n points; hash_count goes into the hash as the section's count (the
 * point count, except H: domain_size - 1, zkey_new.js's hashHPoints). */
int zkey_stream_section(zkey_stream *z, uint32_t id, uint64_t n, uint32_t hash_count);
/* Append n points to the open section; the first n_hashed of them also go into the hash. */
int zkey_stream_g1(zkey_stream *z, const g1_affine_t *p, uint64_t n, uint64_t n_hashed);
int zkey_stream_g2(zkey_stream *z, const g2_affine_t *p, uint64_t n, uint64_t n_hashed);
/* Into the hash only: points (the ptau path's H stand-ins), raw bytes (hash_overread.c's). */
void zkey_stream_hash_g1(zkey_stream *z, const g1_affine_t *p, uint64_t n);
void zkey_stream_hash_g2(zkey_stream *z, const g2_affine_t *p, uint64_t n);
void zkey_stream_hash_raw(zkey_stream *z, const uint8_t *b, size_t len);
int zkey_stream_commit(zkey_stream *z);
void zkey_stream_discard(zkey_stream *z);

/* A whole key in memory (the ptau path, setup_ptau.c, which sums Lagrange points signal by
 * signal and so needs every signal's point before the first is final). hash_h: the n_hash_h
 * points zkey_new.js hashes in place of H (differences of ptau tauG1 points), then
 * hash_h_last (96 bytes, already encoded) if has_hash_h_last. */
typedef struct setup_key {
    setup_header hd;
    g1_affine_t *ic;     /* n_public + 1 */
    g1_affine_t *h;      /* domain_size */
    g1_affine_t *c;      /* n_vars - n_public - 1 */
    g1_affine_t *a, *b1; /* n_vars */
    g2_affine_t *b2;     /* n_vars */
    g1_affine_t *hash_h;
    uint64_t n_hash_h;
    uint8_t hash_h_last[G1_BYTES];
    int has_hash_h_last;
} setup_key;
/* Write k through a zkey_stream (sections 4 from cs). */
int zkey_write(const char *path, const setup_key *k, const r1cs *cs);

/* ---- hash_overread.c ---- */
/* The H point zkey_new.js hashes when its last chunk reads one point past ptau section 2:
 * g1m_subAffine(past, last) as wasmcurves computes it, past = the G1_BYTES after section 2,
 * last = tauG1[n - 1] (both as in the file: affine, Montgomery, LE). Writes the uncompressed
 * encoding to out_u. Fails (G16K_EFORMAT, naming path) only for byte patterns whose wasmcurves
 * result this model does not cover: past doubling last (none occur in snarkjs-written files). */
int setup_hash_overread_point(const uint8_t past[G1_BYTES], const uint8_t last[G1_BYTES],
                              uint8_t out_u[G1_BYTES], const char *path);

/* The two ways of making the key. setup_ptau.c fills k (arrays allocated by the caller, sized
 * from cs) for zkey_write; setup_random.c makes the points a slice at a time and streams them
 * to path (memory: setup_random.c's head comment). */
int setup_from_ptau(setup_key *k, const r1cs *cs, const char *ptau_path, unsigned threads,
                    progress *pg);
int setup_random_zkey(const char *path, const r1cs *cs, unsigned threads, progress *pg);

/* Encodings. */
void setup_g1_to_lem(uint8_t out[G1_BYTES], const g1_affine_t *p);
void setup_g2_to_lem(uint8_t out[G2_BYTES], const g2_affine_t *p);
void setup_g1_to_u(uint8_t out[G1_BYTES], const g1_affine_t *p);
void setup_g2_to_u(uint8_t out[G2_BYTES], const g2_affine_t *p);

/* The largest domain and ptau power setup accepts: a circuit near 2^28 signals already needs
 * about 120 GiB for the key's A, B1, B2 and C points (480 bytes per signal; held in memory on
 * the ptau path, on disk only for random toxic waste). */
#define SETUP_MAX_POWER 28u

/* Domain size exponent of a circuit: smallest k with 2^k >= m + P + 1 (zkey_new.js cirPower). */
unsigned setup_cir_power(const r1cs *cs);

/* Entries of the key's section 4 (zkey_new.js): every term of A and B, and the rows m + s of A
 * for s = 0..P. The format counts them in a u32 (nCoef), so a key holds at most 2^32 - 1: a
 * circuit of 2^28 constraints with 16 A and B terms each already has 2^32. Only cs->lc is read. */
uint64_t setup_coef_count(const r1cs *cs);
#define SETUP_MAX_COEFS UINT32_MAX

/* Whether a key of cs fits the format and g16k's limits: a domain of at most 2^SETUP_MAX_POWER
 * (setup_cir_power) and at most SETUP_MAX_COEFS coefficients. G16K_OK, else G16K_EFORMAT naming
 * path (the r1cs) and the limit, before any work (the key of such a circuit is tens of GB). */
int setup_check_limits(const r1cs *cs, const char *path);

#endif
