/*
 * Reader of snarkjs Groth16 proving keys (.zkey), BLS12-381 and BN254 (docs/formats.md).
 *
 * The whole file is validated: magic "zkey", version 1, section table (ids 1..10 unique, other
 * ids skipped as snarkjs does, sizes inside the file, no 64-bit overflow), protocol 1 (Groth16),
 * n8q and q of a curve the core serves (48 and BLS12-381's p, 32 and BN254's), n8r = 32 and r
 * that curve's r, domainSize a power of two >= 1 and
 * <= 2^28 and consistent with nVars/nPublic, every section size exactly what the header
 * implies, coefficient matrix/row/signal in range and value < r, every point's coordinates < p,
 * on the curve and in the prime-order subgroup (all-zero bytes = infinity, allowed in sections
 * 3 and 5-9, not in the header points). Section 10 (contributions) is not read and may be absent.
 *
 * The key comes from a file or from bytes in memory (an embedder's buffer); both take the same
 * path. Work and threads (load_pool.h): on `threads` threads, the caller's included, and no
 * more, the file is read into memory (a buffer is used in place) while the threads decode it in
 * file order (coefficients, points) and hash it (the tree digest of zkey_cache.h, when a
 * verdict cache is used). The curve and subgroup tests, which dominate the load, run on every
 * thread, filling the waits for the disk, until all are done. A key whose digest the verdict
 * cache holds skips those tests, from memory as from a file (the digest is of the content); a
 * file whose stamp the cache holds (zkey_cache.h: the same inode, size and times as when its
 * digest was taken) skips the digest too, and a mapped one's point sections are not read.
 * All of the file comes from one read: the digest, the table and every decoded value describe
 * the same bytes, even if the file changes meanwhile (then the load fails, or describes the old
 * content).
 *
 * On error: returns a negative g16k_status (G16K_EFORMAT for bad content, G16K_EIO for I/O,
 * G16K_ENOMEM, G16K_ECANCELED) and sets the core error (util/error.h) to one line naming the file,
 * the section and the byte offset (and the point index for points). When several points are
 * bad, the first in file order is named (the subgroup tests: the first in section order),
 * whatever the threads. Nothing is kept on error. Thread-safe (no shared state).
 */
#ifndef G16K_FORMATS_ZKEY_H
#define G16K_FORMATS_ZKEY_H

#include <stdint.h>

#include "g16k/plugin.h"
#include "bls12_381/curve.h"
#include "json_io.h"

/* What tells an open file's bytes changed (fstat): the same inode, size and mtime. A write in
 * place moves the mtime, which only the file's owner can set back (utimensat with a time; a
 * writer who is not the owner can only set it to now). On Linux 6.13 and later the first write
 * after an fstat gets a fresh fine-grained time; on older kernels a write within the timer tick
 * of the one before the load may keep its time. Not the ctime: a rename over the path (the way
 * to replace a key) unlinks the mapped inode, which moves its ctime but not its bytes. */
typedef struct zkey_file_stamp {
    uint64_t dev, ino, size;
    int64_t mtime_s, mtime_ns;
} zkey_file_stamp;

typedef struct zkey {
    const curve *cv;      /* the key's curve, from n8q and q */
    uint32_t n_vars;      /* witness length (incl. w[0] = 1) */
    uint32_t n_public;    /* P = outputs + public inputs */
    uint32_t domain_size; /* n = 2^log_n */
    uint32_t log_n;
    /* Points are cv's affine types, Montgomery form, as the file stores them: a G1 point is
     * cv->g1_bytes, a G2 point cv->g2_bytes (the arrays below are of those). */
    curve_g1 alpha1, beta1, delta1; /* never infinity */
    curve_g2 beta2, gamma2, delta2;
    void *ic; /* n_public + 1 G1 points (section 3) */
    uint64_t n_coefs;
    /* Section 4 as stored, values unreduced: value = coef * R^2 mod r, which as a Montgomery
     * encoding is the element coef * R. So these are the matrices A and B scaled by R, and
     * call_synthesize hands a synthesizer the witness's canonical integers declared Montgomery
     * (the elements w / R): every product, and so a, b and c, is exact. A reduction per entry
     * (fr_mont_reduce) cost a fifth of a cached key load of sha256_64. */
    g16k_coef *coefs;
    /* With zkey_load_args.coef_records (a key from a file): section 4's n_coefs records as
     * stored (ZKEY_COEF_BYTES each: matrix, row, signal, value, little-endian; 4-byte aligned)
     * where the image or the mapping holds them, validated as zkey_read_coefs validates; coefs
     * is then NULL until zkey_decode_coefs makes it. NULL otherwise. */
    const uint8_t *coef_records;
    void *a;  /* n_vars G1 points (section 5) */
    void *b1; /* n_vars G1 points (section 6) */
    void *b2; /* n_vars G2 points (section 7) */
    void *c;  /* n_vars - n_public - 1 G1 points (section 8), for signals P+1.. */
    void *h;  /* domain_size G1 points (section 9) */
    /* The arrays coefs, a, b1, b2, c, h either have their own allocation or lie in one of two
     * regions that zkey_free unmaps (NULL when none), both zkey_load.c's:
     *   - image, image_len bytes of an anonymous mapping: the memory the file was read into (the
     *     points used in place, the coefficients decoded beside them), or, for a mapped file,
     *     the copies of what cannot be used in the mapping (the coefficients, and the point
     *     sections that lie off an 8-byte boundary);
     *   - file_map, file_map_len bytes: the file itself, mapped read-only (zkey_load_args.map),
     *     whose aligned point sections are used where they lie (and, with
     *     zkey_load_args.points_unaligned, the others too: such an array's pointer is then an
     *     address only, read with memcpy or lent to bases_borrow_unaligned, never read through
     *     as the type it has). */
    void *image;
    size_t image_len;
    void *file_map;
    size_t file_map_len;
    /* With file_map: the file, open while it is mapped, its path (for messages; may be NULL)
     * and what fstat said of it when the load began (zkey_check_unchanged). */
    int file_fd;
    char *file_path;
    zkey_file_stamp file_stamp;
} zkey;

/* Progress of a long load, the type of g16k.h's g16k_progress_fn: stage "check", done and
 * total in points (the six point sections; a key the verdict cache holds jumps to total when
 * its digest is found). Called on the caller's thread only, never two at once: with done = 0
 * once the header is read, then after about every 1024 points tested or 0.1 s, and with done =
 * total last. Non-zero return = cancel: the load stops at the next chunk of points and returns
 * G16K_ECANCELED, and the function is not called again. */
typedef int (*zkey_progress_fn)(void *user, const char *stage, uint64_t done, uint64_t total);

/* Seconds from the start of a load to the end of each phase, and what was tested. */
typedef struct zkey_load_stats {
    double read, decoded, digest, checked;
    int cached;   /* 1: the verdict cache held the key, no subgroup tests */
    int by_stamp; /* 1: found by the file's stamp (zkey_cache.h): no digest, points not read */
    uint64_t g1_points, g2_points; /* points tested (infinity included) */
} zkey_load_stats;

/* Where a key comes from and how to load it: the file at path, or when data != NULL the size
 * bytes at data (borrowed during the call, any alignment; path is then the name used in
 * messages). */
typedef struct zkey_load_args {
    const char *path;
    const void *data;
    uint64_t size;
    unsigned threads;          /* the load's threads, the caller's included (0 = 1) */
    const char *cache_dir;     /* verdict cache of zkey_cache.h, NULL or "" = none */
    zkey_progress_fn progress; /* optional */
    void *progress_user;
    /* 1: no curve or subgroup tests, no digest (g16k bench load's parse phase only: such a
     * key is not validated) */
    int no_tests;
    /* 1: map the file (path) read-only instead of reading it into fresh memory, and use its
     * aligned point sections where they lie (g16k_key_opts.flags G16K_KEY_MAP_FILE, whose
     * comment in g16k.h says what the file must then stay). The load fails with G16K_EIO when
     * the file changed while it was read, and zkey_check_unchanged says so afterwards. Falls
     * back to reading when the file cannot be mapped. Ignored for a key in memory (data). */
    int map;
    /* 1: a key from a file keeps section 4 where the file's bytes are (zkey.coef_records, for
     * synthesizers with circuit_borrow_records) instead of decoding it into coefs (48 bytes per
     * coefficient of fresh memory); zkey_decode_coefs decodes it when a provider needs the
     * array. Ignored for a key in memory (data). */
    int coef_records;
    /* 1, with map: the point sections off an 8-byte boundary (every other one of a snarkjs key,
     * 4 bytes off) are used where the mapping holds them too, instead of copies in fresh memory
     * (their arrays' addresses then say so), for MSM providers with bases_borrow_unaligned; the
     * load tests them through aligned copies of 64 points. */
    int points_unaligned;
    zkey_load_stats *stats; /* optional out: the phase times */
    /* optional: called once the headers are read and every section's size checked (k has its
     * curve and counts, no arrays yet), before any point is read or tested; a status other
     * than G16K_OK (with the error set) ends the load with it. The prover asks its providers
     * for the key's curve there. */
    int (*header_check)(void *user, const zkey *k);
    void *header_user;
} zkey_load_args;

/* Load and validate as args say. On success *out is a new zkey owned by the caller (zkey_free);
 * on error *out is untouched and nothing is kept. On success with a cache, the verdict is
 * recorded in it. */
int zkey_load_from(const zkey_load_args *args, zkey **out);
/* zkey_load_from of the file at path, without a cache or progress. */
int zkey_load(const char *path, unsigned threads, zkey **out);
/* What a key promises without reading its points: the container, protocol, groth16 header (its
 * six points checked) and every section's size, of size bytes at data (borrowed; name is used in
 * messages). Fills the counts and header points of *hdr; its arrays stay NULL (nothing to free).
 * For checks that need no proving key in memory (g16k submit). Errors as zkey_load. */
int zkey_read_header(const char *name, const void *data, uint64_t size, zkey *hdr /* OUT */);
/* k->coefs from k->coef_records (fresh memory, k's to free like a decoded array) when k has
 * records and no array yet; a no-op otherwise. Not thread-safe on one k. Errors: G16K_ENOMEM. */
int zkey_decode_coefs(zkey *k);
/* What a verification key needs, from the file at path, of either curve (BLS12-381, or BN254
 * for snarkjs's bn128 keys: the curve from n8q and q): the container, protocol, groth16 header
 * (its six points checked) and every section's size as zkey_read_header checks them, then
 * section 3 (IC, its points tested in full). Only sections 1..3 are read, so it is instant even
 * for a large circuit. On success *out is filled (release with vk_free); on error it is
 * untouched. Errors as zkey_load. */
int zkey_read_vk(const char *path, groth16_vk *out);
void zkey_free(zkey *k); /* NULL is a no-op */
/* For a key whose arrays still lie in its mapped file (zkey_load_args.map): G16K_OK while the
 * file is as it was when the load began, else G16K_EIO naming it (file_path). The prover calls
 * it after the MSMs, the last reads of the mapping, so that no proof over points that changed in
 * place (untested ones, maybe) leaves it. G16K_OK for any other key. Thread-safe (one fstat). */
int zkey_check_unchanged(const zkey *k);
/* Free the coefficients (the array and the records: ZKEY_KEEP_COEFS keeps both) and the point
 * arrays a..h but those whose ZKEY_KEEP_ bit is in keep (arrays a provider borrowed), leaving the
 * freed ones NULL; the counts, header points and IC
 * stay. A freed array in the image gives its pages back, and each region (the image, the file
 * mapping) goes with the last array in it. For a key whose providers hold copies of what they
 * need. */
enum {
    ZKEY_KEEP_A = 1u << 0,
    ZKEY_KEEP_B1 = 1u << 1,
    ZKEY_KEEP_B2 = 1u << 2,
    ZKEY_KEEP_C = 1u << 3,
    ZKEY_KEEP_H = 1u << 4,
    ZKEY_KEEP_COEFS = 1u << 5
};
void zkey_drop_arrays(zkey *k, unsigned keep);
/* Return the whole pages inside [p, p + bytes) of a key's image to the kernel (they read as
 * zeros afterwards): for bytes no array of the key needs any more. */
void zkey_give_back(const void *p, size_t bytes);

#endif
