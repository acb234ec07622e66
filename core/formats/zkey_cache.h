/*
 * Verdict cache of proving keys: checking that every point of a large zkey lies in the
 * prime-order subgroup costs more than a proof, and operators load the same key for every proof.
 * After a full successful validation the key's digest (BLAKE2b-256 of the whole file, libsodium's
 * crypto_generichash) is recorded as an empty-ish file DIR/<hex digest>.verified; a later load of
 * a file with the same digest skips the subgroup checks (coordinates < p and on-curve checks
 * still run: they are cheap). Whoever can write DIR can make g16k skip those checks: point it at
 * a folder only the operator writes. Cache errors are never fatal: they are logged and ignored.
 * Thread-safe (files are written atomically).
 */
#ifndef G16K_FORMATS_ZKEY_CACHE_H
#define G16K_FORMATS_ZKEY_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define ZKEY_DIGEST_BYTES 32

/* digest of len bytes at data. Returns 0, or -1 if libsodium cannot initialise. */
int  zkey_digest(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, size_t len);
/* 1 if dir holds a verdict for digest, else 0. */
int  zkey_cache_has(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES]);
/* Record a verdict (creating dir if needed). Returns 0, or -1 (logged, not fatal). */
int  zkey_cache_put(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], const char *zkey_path);

#endif
