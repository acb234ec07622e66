/*
 * BLAKE2b-512 (RFC 7693) whose internal state can be written out the way snarkjs stores it: a
 * ptau contribution record keeps the response hash "partial" (snarkjs misc.js toPartialHash, the
 * state of @noble/hashes 1.8's BLAKE2b after the contribution's points, before its public key)
 * so that a verifier can finish the hash from the key alone. libsodium (blake2b.c) hides its
 * state, hence this second implementation, used for that hash (and, being faster here than
 * libsodium's, for ptau contribute's next challenge too). Written from RFC 7693;
 * update() buffers exactly as noble's does (the last block is never compressed until more data
 * arrives; whole blocks of an input that leave at least one byte after them are compressed in
 * place without passing through the buffer), because the bytes left in the 128-byte buffer are
 * part of the stored state. Tested against libsodium (setup_test_setup) and, through whole
 * files, against snarkjs (ptau_cmds).
 */
#include <string.h>

#include "internal.h"

static const uint64_t IV[8] = { 0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                                0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                                0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL };

static const uint8_t SIGMA[12][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
    { 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
    { 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
    { 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
    { 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
    { 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
    { 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
    { 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
    { 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
};

static uint64_t rotr(uint64_t x, int n)
{
    return x >> n | x << (64 - n);
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* F of RFC 7693 3.2 on one block; t = the byte count including this block. */
static void compress(b2p_state *s, const uint8_t *block, int last)
{
    uint64_t m[16], v[16];
    for (int i = 0; i < 16; i++)
        m[i] = load64(block + 8 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = s->h[i];
        v[i + 8] = IV[i];
    }
    v[12] ^= s->length; /* t fits 64 bits: a ptau is far below 2^64 bytes */
    if (last)
        v[14] = ~v[14];
#define B2_G(a, b, c, d, x, y)                                                                     \
    do {                                                                                           \
        v[a] = v[a] + v[b] + (x);                                                                  \
        v[d] = rotr(v[d] ^ v[a], 32);                                                              \
        v[c] = v[c] + v[d];                                                                        \
        v[b] = rotr(v[b] ^ v[c], 24);                                                              \
        v[a] = v[a] + v[b] + (y);                                                                  \
        v[d] = rotr(v[d] ^ v[a], 16);                                                              \
        v[c] = v[c] + v[d];                                                                        \
        v[b] = rotr(v[b] ^ v[c], 63);                                                              \
    } while (0)
    for (int r = 0; r < 12; r++) {
        const uint8_t *sg = SIGMA[r];
        B2_G(0, 4, 8, 12, m[sg[0]], m[sg[1]]);
        B2_G(1, 5, 9, 13, m[sg[2]], m[sg[3]]);
        B2_G(2, 6, 10, 14, m[sg[4]], m[sg[5]]);
        B2_G(3, 7, 11, 15, m[sg[6]], m[sg[7]]);
        B2_G(0, 5, 10, 15, m[sg[8]], m[sg[9]]);
        B2_G(1, 6, 11, 12, m[sg[10]], m[sg[11]]);
        B2_G(2, 7, 8, 13, m[sg[12]], m[sg[13]]);
        B2_G(3, 4, 9, 14, m[sg[14]], m[sg[15]]);
    }
#undef B2_G
    for (int i = 0; i < 8; i++)
        s->h[i] ^= v[i] ^ v[i + 8];
}

void b2p_init(b2p_state *s)
{
    memset(s, 0, sizeof *s);
    memcpy(s->h, IV, sizeof IV);
    s->h[0] ^= 0x01010000ULL ^ 64; /* no key, 64-byte digest */
}

void b2p_update(b2p_state *s, const void *data, size_t len)
{
    const uint8_t *d = data;
    size_t pos = 0;
    while (pos < len) {
        if (s->pos == 128) {
            compress(s, s->buf, 0);
            s->pos = 0;
        }
        size_t take = 128 - s->pos < len - pos ? 128 - s->pos : len - pos;
        if (take == 128 && pos + take < len) {
            for (; pos + 128 < len; pos += 128) {
                s->length += 128;
                compress(s, d + pos, 0);
            }
            continue;
        }
        memcpy(s->buf + s->pos, d + pos, take);
        s->pos += (uint32_t)take;
        s->length += take;
        pos += take;
    }
}

void b2p_final(b2p_state *s, uint8_t out[64])
{
    memset(s->buf + s->pos, 0, 128 - s->pos);
    compress(s, s->buf, 1);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            out[8 * i + j] = (uint8_t)(s->h[i] >> (8 * j));
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

void b2p_export(const b2p_state *s, uint8_t out[B2P_PARTIAL_BYTES])
{
    memset(out, 0, B2P_PARTIAL_BYTES);
    memcpy(out, s->buf, 128);
    for (int i = 0; i < 8; i++) {
        put32(out + 128 + 8 * i, (uint32_t)s->h[i]);
        put32(out + 132 + 8 * i, (uint32_t)(s->h[i] >> 32));
    }
    put32(out + 128 + 64, (uint32_t)(s->length - s->pos)); /* a u32 in snarkjs: wraps */
    put32(out + 128 + 72, s->pos);
}

int b2p_import(b2p_state *s, const uint8_t in[B2P_PARTIAL_BYTES])
{
    memset(s, 0, sizeof *s);
    memcpy(s->buf, in, 128);
    for (int i = 0; i < 8; i++)
        s->h[i] = (uint64_t)binfile_le32(in + 128 + 8 * i) |
                  (uint64_t)binfile_le32(in + 132 + 8 * i) << 32;
    uint64_t done = binfile_le32(in + 128 + 64) + ((uint64_t)binfile_le32(in + 128 + 68) << 32);
    s->pos = binfile_le32(in + 128 + 72);
    if (s->pos > 128 || binfile_le32(in + 128 + 76) != 0)
        return -1;
    s->length = done + s->pos;
    return 0;
}
