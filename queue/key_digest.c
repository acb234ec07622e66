/*
 * The name of a proving key in the queue: BLAKE2b-256 (libsodium's crypto_generichash, 32-byte
 * output, no key) of the whole .zkey file, as 64 lowercase hex digits. Submitters name a job's
 * key by it and workers index their --keys folders by it, so a job can only ever select a file
 * the worker's operator put there, and two byte-identical files are the same key.
 * It is the same function as the key-verdict cache's digest in core/formats/zkey_cache.c
 * (zkey_digest); the queue keeps its own copy because it is built on g16k.h alone.
 * TODO(#20): one digest function for both once g16k.h exports it.
 */
#include "queue.h"

#include <sodium.h>

void queue_key_digest(const void *data, size_t len, char hex[QUEUE_DIGEST_HEX])
{
    unsigned char d[32];
    if (sodium_init() < 0) {
        /* it only picks this CPU's fastest code (and fails without /dev/urandom, which BLAKE2b
         * does not need): crypto_generichash works either way */
    }
    crypto_generichash(d, sizeof d, data, len, NULL, 0);
    sodium_bin2hex(hex, QUEUE_DIGEST_HEX, d, sizeof d);
}
