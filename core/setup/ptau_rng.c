/*
 * The random stream of a powers-of-tau contribution (ffjavascript's ChaCha, src/chacha.js) and
 * a beacon's seed (snarkjs misc.js rngFromBeaconParams): the parts of ptau_key.c that no curve
 * enters, built once (internal.h, "ptau_key.c" for the stream's definition).
 */
#include <string.h>

#include <sodium.h>

#include "internal.h"

void ptau_rng_seed_be(ptau_rng *r, const uint8_t seed[32])
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 8; i++) /* word i = big-endian bytes 4i..4i+3, as a little-endian key */
        for (int j = 0; j < 4; j++)
            r->key[4 * i + j] = seed[4 * i + 3 - j];
    r->idx = 16;
}

uint32_t ptau_rng_u32(ptau_rng *r)
{
    if (r->idx == 16) {
        static const uint8_t zero[64], nonce[8];
        uint8_t b[64];
        crypto_stream_chacha20_xor_ic(b, zero, 64, nonce, r->block++, r->key);
        for (int i = 0; i < 16; i++)
            r->w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
                      (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
        sodium_memzero(b, sizeof b);
        r->idx = 0;
    }
    return r->w[r->idx++];
}

uint64_t ptau_rng_u64(ptau_rng *r)
{
    uint64_t hi = ptau_rng_u32(r);
    return hi << 32 | ptau_rng_u32(r);
}

void ptau_rng_wipe(ptau_rng *r)
{
    sodium_memzero(r, sizeof *r);
}

void ptau_beacon_seed(uint8_t seed[32], const uint8_t *hash, size_t len, unsigned exp, progress *pg)
{
    uint64_t iters = (uint64_t)1 << exp; /* exp <= 63: checked by the callers */
    crypto_hash_sha256(seed, hash, len);
    for (uint64_t i = 1; i < iters; i++) {
        crypto_hash_sha256(seed, seed, 32);
        if ((i & 0xfffff) == 0)
            progress_update(pg, "beacon hash", i, iters);
    }
    progress_done(pg, "beacon hash");
}
