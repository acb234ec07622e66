/*
 * A worker's proving keys: the *.zkey files of its own --keys folders, indexed by content digest
 * (queue_key_digest), loaded through g16k.h on first use and kept resident within a memory budget,
 * least recently used out. A job names a key by digest only, so it can never make the worker
 * open a file its operator did not put in those folders, and the bytes loaded are the bytes
 * digested (the file is read into memory, digested, then loaded from that buffer).
 * Thread-safe: the worker's slots share one keystore; a key being loaded by one slot is waited
 * for by the others, and a key in use is never evicted.
 */
#ifndef G16K_QUEUE_KEYSTORE_H
#define G16K_QUEUE_KEYSTORE_H

#include <stddef.h>
#include <stdint.h>

#include "g16k/g16k.h"
#include "queue.h"

typedef struct keystore keystore;
typedef struct keystore_entry keystore_entry;

/* keystore_acquire's status when no folder holds the digest (a g16k_status otherwise). */
#define KEYSTORE_MISSING 1

/* Index the folders (every regular *.zkey file, symbolic links followed). budget: bytes of
 * resident keys (a key counts as its file size). log: where scan notes go (may be NULL).
 * Errors: G16K_EIO (a folder cannot be read), G16K_ENOMEM; message in *err (err_len bytes). */
int keystore_create(g16k_prover *prover, const char *const *dirs, size_t n_dirs, uint64_t budget,
                    keystore **out, char *err, size_t err_len);
void keystore_destroy(keystore *ks);

/* Look at the folders again: new and changed files are digested, vanished ones forgotten (a
 * resident key stays until evicted). *changed = 1 when the set of digests changed. At most one
 * rescan a second unless force. */
int keystore_scan(keystore *ks, int force, int *changed);
/* The digests of the files found by the last scan: malloc'ed array (caller frees), count. */
size_t keystore_digests(keystore *ks, char (**out)[QUEUE_DIGEST_HEX]);
/* The folders, comma separated, for messages (static within ks). */
const char *keystore_dirs(const keystore *ks);

/* The loaded key of digest, with a reference that keeps it resident (keystore_release).
 * progress/user go to g16k_key_load_buffer (they may cancel it). *loaded = 1 when this call
 * loaded it (0: it was resident). Returns G16K_OK; KEYSTORE_MISSING; the load's g16k_status
 * (a key that failed its checks, G16K_EFORMAT, is remembered: every later acquire returns the
 * same status and message without reading it again). Message in err. */
int keystore_acquire(keystore *ks, const char *digest, g16k_progress_fn progress, void *user,
                     g16k_key **key, keystore_entry **ref, int *loaded, char *err, size_t err_len);
void keystore_release(keystore *ks, keystore_entry *ref);

#endif
