/*
 * Verdict cache of proving keys: checking that every point of a large zkey lies in the
 * prime-order subgroup costs more than a proof, and operators load the same key for every proof.
 * After a full successful validation the key's digest is recorded as a small file
 * DIR/<hex digest>.verified; a later load of a file with the same digest skips the curve and
 * subgroup tests of its points (the coordinates are still checked to be < p, as decoding needs
 * it; the header points are always tested: six points cost nothing). The digest covers the
 * whole file content, never its name, size or date, so an edited key is checked again.
 * A second kind of entry (stamp entries, below) maps one version of a file, by its inode and
 * times, to its digest, so that a load of an unchanged file needs no digest either.
 * Whoever can write DIR can make g16k skip those checks: the default folder is the user's own
 * ($XDG_CACHE_HOME/g16k, else ~/.cache/g16k, created 0700). Cache errors are never fatal: an
 * unreadable, corrupt or foreign entry is ignored with a warning (the key is checked again), and
 * a folder that cannot be created or written is a warning. Entries are written atomically.
 * Thread-safe.
 *
 * Digest: BLAKE3-256 of the whole file (core/util/blake3.h), the hex that `b3sum FILE` prints.
 * It is computed in tree mode, so that it runs on every thread while the file is read: the file
 * is cut into leaves of ZKEY_LEAF_BYTES (1024 chunks; the last leaf shorter; none for an empty
 * file), and leaf i is the BLAKE3 chaining value of the aligned subtree of chunks
 * [1024 i, 1024 i + 1024) (a power of two of chunks at an aligned offset is a subtree of BLAKE3's
 * left-balanced tree, and so is the short last leaf: the left child of any node above a leaf is
 * a power of two of at least 1024 chunks, so the tree splits only at leaf boundaries). The root
 * merges the leaves in BLAKE3's order with the ROOT flag on the top parent. A file of at most
 * one leaf is its own root: its leaf is computed with the ROOT flag and is the digest.
 * 1 MiB: a task of ~0.3 ms per thread, small next to the read, large next to the merge.
 * Entries of format v2 and older are named by a BLAKE2b tree digest of g16k's own: this code
 * does not find them, tests such a key once more and writes a v3 entry (old files stay, unused).
 */
#ifndef G16K_FORMATS_ZKEY_CACHE_H
#define G16K_FORMATS_ZKEY_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define ZKEY_DIGEST_BYTES 32
#define ZKEY_LEAF_BYTES (1u << 20)

/* One piece of a leaf's bytes (a leaf may lie in up to a few separate pieces of memory). */
typedef struct zkey_span {
    const uint8_t *p;
    size_t len;
} zkey_span;

/* Number of leaves of a file of `size` bytes: ceil(size / ZKEY_LEAF_BYTES). */
uint64_t zkey_digest_leaves(uint64_t size);
/* out = leaf i of a file of file_size bytes, from the leaf's bytes: the concatenation of the
 * n_spans spans (in order; empty spans allowed) must be exactly the file's bytes
 * [i * ZKEY_LEAF_BYTES, min(file_size, (i + 1) * ZKEY_LEAF_BYTES)). Chunks wholly inside a span
 * are hashed in place, 16 (AVX-512) or 8 (AVX2) at a time; a chunk across spans is copied (1 KiB
 * on the stack).
 * Thread-safe; about 48 KiB of stack. 0, or -1 when i is not a leaf of file_size or the spans'
 * lengths do not add up. */
int zkey_digest_leaf(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t i, uint64_t file_size,
                     const zkey_span *spans, int n_spans);
/* out = the digest from the n leaves of a file of size bytes (n = zkey_digest_leaves(size);
 * leaves may be NULL when n is 0). 0, or -1 when n is wrong or memory runs out. */
int zkey_digest_root(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t size,
                     const uint8_t (*leaves)[ZKEY_DIGEST_BYTES], uint64_t n);
/* The digest of size bytes at data, every leaf on the calling thread. 0, or -1 (no memory). */
int zkey_digest(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, uint64_t size);

/* The default cache folder: $XDG_CACHE_HOME/g16k when that is an absolute path, else
 * $HOME/.cache/g16k (XDG Base Directory spec). 0, or -1 (buf = "") when neither is set or the
 * path does not fit in cap bytes. */
int zkey_cache_default_dir(char *buf, size_t cap);
/* 1 if the folder dir may be trusted with verdicts: it does not exist yet (the first verdict
 * makes it 0700), or it is a folder (not a symbolic link) of the effective user that no one else
 * may write. Else 0, with a warning: whoever can write it could make g16k skip the tests. */
int zkey_cache_dir_trusted(const char *dir);
/* 1 if dir holds a valid verdict for (digest, size), else 0 (missing entry: silently; unreadable,
 * corrupt or foreign entry: with a warning). */
int zkey_cache_has(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size);
/* Record a verdict (creating dir if needed). 0, or -1 (logged as a warning, not fatal). */
int zkey_cache_put(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size,
                   const char *zkey_path);

/* What names one version of a key file without reading it (fstat): the inode, the size, and
 * the modification and change times to the nanosecond. Any write moves the change time (which
 * no user can set back), and so does a chmod, a link or a rename. */
typedef struct zkey_stamp {
    uint64_t dev, ino, size;
    int64_t mtime_s, mtime_ns, ctime_s, ctime_ns;
} zkey_stamp;

struct stat;
/* *out = the stamp of a file from what stat or fstat said of it. */
void zkey_stamp_from(const struct stat *st, zkey_stamp *out);
/* Stamp entries: DIR/file-<dev>-<ino>.stamp, one per file (a new version replaces the old
 * entry), saying "this version of the file has digest D". A load that finds its file's stamp
 * there, and D's verdict (zkey_cache_has), needs neither the digest nor the tests, so it never
 * reads the point sections: what a key larger than memory needs, whose MSMs then read them
 * once. 1 and *digest set when dir holds an entry for exactly s, else 0 (missing: silently;
 * unreadable, corrupt, or for another version: ignored, with a warning for the first two). */
int zkey_cache_stamp_get(const char *dir, const zkey_stamp *s, uint8_t digest[ZKEY_DIGEST_BYTES]);
/* Record that the file version s has digest (after a load that computed it from bytes read
 * while the file kept stamp s). Not recorded (returns 1) while the file is racy: its change
 * time within ZKEY_STAMP_QUIET_S seconds of `now` (CLOCK_REALTIME when the load began, taken
 * before its fstat), since a write in the same clock tick as the one the stamp saw might not
 * move the times (git's "racy" index entries, the same answer). 0 recorded, -1 (a warning, not
 * fatal). */
#define ZKEY_STAMP_QUIET_S 2
/* 1 if the file of stamp s is racy at the time now (see zkey_cache_stamp_put), else 0. */
int zkey_stamp_racy(const zkey_stamp *s, int64_t now_s, int64_t now_ns);
int zkey_cache_stamp_put(const char *dir, const zkey_stamp *s,
                         const uint8_t digest[ZKEY_DIGEST_BYTES], int64_t now_s, int64_t now_ns);

#endif
