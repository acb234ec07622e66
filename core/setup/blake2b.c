/* BLAKE2b through libsodium (crypto_generichash is BLAKE2b, RFC 7693): see internal.h. */
#include "internal.h"

void blake2b_init(blake2b_state *s, size_t out_len)
{
    /* sodium_init only fails when no randomness source exists; generichash needs none. */
    if (sodium_init() < 0) {
        /* cannot happen for hashing; keep going, generichash itself needs no initialisation */
    }
    s->out_len = out_len;
    crypto_generichash_init(&s->st, NULL, 0, out_len);
}

void blake2b_update(blake2b_state *s, const void *data, size_t len)
{
    crypto_generichash_update(&s->st, data, len);
}

void blake2b_final(blake2b_state *s, uint8_t *out)
{
    crypto_generichash_final(&s->st, out, s->out_len);
}
