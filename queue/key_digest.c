/*
 * The name of a proving key in the queue: the content digest of the whole .zkey file that the
 * key-verdict cache uses too (g16k_zkey_digest of g16k.h: BLAKE3-256, what `b3sum` prints), as
 * 64 lowercase hex digits. Submitters name a job's key by it and workers index their --keys
 * folders by it, so a job can only ever select a file the worker's operator put there, and two
 * byte-identical files are the same key.
 */
#include "queue.h"

#include <g16k/g16k.h>

void queue_key_digest(const void *data, size_t len, char hex[QUEUE_DIGEST_HEX])
{
    if (g16k_zkey_digest(data, len, hex) != G16K_OK)
        hex[0] = '\0'; /* out of memory: no key matches an empty name */
}
