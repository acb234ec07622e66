/*
 * Verdict cache of proving keys: checking that every point of a large zkey lies in the
 * prime-order subgroup costs more than a proof, and operators load the same key for every proof.
 * After a full successful validation the key's digest is recorded as a small file
 * DIR/<hex digest>.verified; a later load of a file with the same digest skips the curve and
 * subgroup tests of its points (the coordinates are still checked to be < p, as decoding needs
 * it; the header points are always tested: six points cost nothing). The digest covers the
 * whole file content, never its name, size or date, so an edited key is checked again.
 * Whoever can write DIR can make g16k skip those checks: the default folder is the user's own
 * ($XDG_CACHE_HOME/g16k, else ~/.cache/g16k, created 0700). Cache errors are never fatal: an
 * unreadable, corrupt or foreign entry is ignored with a warning (the key is checked again), and
 * a folder that cannot be created or written is a warning. Entries are written atomically.
 * Thread-safe.
 *
 * Digest (tree mode, so that it runs on every thread while the file is read): the file is cut
 * into leaves of ZKEY_LEAF_BYTES (the last one shorter, none for an empty file);
 *   leaf_i = BLAKE2b-256(leaf bytes; salt = i as 8 bytes LE then 8 zero bytes,
 *                         personalization "g16k-zkey-leaf1")
 *   digest = BLAKE2b-256(file size as 8 bytes LE || leaf_0 || leaf_1 || ...;
 *                        personalization "g16k-zkey-root1")
 * (libsodium's crypto_generichash_blake2b_salt_personal; the 16-byte personalizations are the
 * strings padded with zero bytes).
 */
#ifndef G16K_FORMATS_ZKEY_CACHE_H
#define G16K_FORMATS_ZKEY_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define ZKEY_DIGEST_BYTES 32
#define ZKEY_LEAF_BYTES (1u << 20)

/* Number of leaves of a file of `size` bytes. */
uint64_t zkey_digest_leaves(uint64_t size);
/* out = leaf_i of the bytes of leaf i (len <= ZKEY_LEAF_BYTES). 0, or -1 if libsodium fails. */
int zkey_digest_leaf(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t i, const uint8_t *leaf, size_t len);
/* out = the digest from the n leaves (n = zkey_digest_leaves(size)). 0, or -1. */
int zkey_digest_root(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t size,
                     const uint8_t (*leaves)[ZKEY_DIGEST_BYTES], uint64_t n);
/* The digest of size bytes at data, on the calling thread. 0, or -1. */
int zkey_digest(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, uint64_t size);

/* The default cache folder: $XDG_CACHE_HOME/g16k when that is an absolute path, else
 * $HOME/.cache/g16k (XDG Base Directory spec). 0, or -1 (buf = "") when neither is set or the
 * path does not fit in cap bytes. */
int zkey_cache_default_dir(char *buf, size_t cap);
/* 1 if dir holds a valid verdict for (digest, size), else 0 (missing entry: silently; unreadable,
 * corrupt or foreign entry: with a warning). */
int zkey_cache_has(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size);
/* Record a verdict (creating dir if needed). 0, or -1 (logged as a warning, not fatal). */
int zkey_cache_put(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size,
                   const char *zkey_path);

#endif
