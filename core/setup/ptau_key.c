/*
 * The secret and public key of one powers-of-tau contribution, drawn exactly as snarkjs 0.7.6
 * draws them, so that a beacon (whose randomness is public) gives snarkjs's bytes and a random
 * contribution is what snarkjs would have made from the same seed:
 *   - the random stream: ffjavascript's ChaCha (src/chacha.js): the ChaCha20 block function
 *     (RFC 7539 rounds) on the state [constants, the 8 seed words as key, a 128-bit block
 *     counter from 0]; words are handed out in order, u64 = (first word << 32) | second. That is
 *     djb's ChaCha20 keystream with the seed words as a little-endian key and nonce 0, made here
 *     by libsodium (crypto_stream_chacha20_xor_ic);
 *   - the seed: 8 big-endian words of BLAKE2b-512(64 bytes from the OS || entropy in UTF-8)
 *     (misc.js getRandomRng), or of SHA-256 iterated 2^exp times on the beacon hash
 *     (rngFromBeaconParams);
 *   - field elements (wasm_field1.js fromRng): n64 words, top bits masked to the bit length of
 *     the modulus, redrawn while >= it, and taken *as the Montgomery form* (the bytes are the
 *     field's internal form): the element is v / R. fp_t and fr_t hold Montgomery limbs, so the
 *     limbs are v itself;
 *   - points (wasm_curve.js fromRng): x drawn, then a bit `greatest`, until x^3 + b is a square;
 *     y its root with isNegative(y) = greatest (negative: canonical >= (p+1)/2; over Fp2 the sign
 *     of c1, or of c0 when c1 = 0), times the cofactor of ffjavascript's bls12381.js;
 *   - keys (keypair.js createPTauKey): tau, alpha, beta secrets; then per secret s with
 *     personalization 0, 1, 2: g1_s random, g1_sx = s g1_s, g2_sp = hashToG2(BLAKE2b-512(
 *     personalization || challenge || U(g1_s) || U(g1_sx))), g2_spx = s g2_sp. hashToG2 seeds a
 *     ChaCha with the hash's first 8 big-endian words and draws a G2 point.
 */
#include <string.h>

#include <sodium.h>

#include "g16k/plugin.h"
#include "internal.h"

/* ffjavascript's bls12381.js cofactorG1 (= (x - 1)^2 / 3) and cofactorG2, little-endian limbs */
static const uint64_t COFACTOR_G1[2] = { 0x8c00aaab0000aaabULL, 0x396c8c005555e156ULL };
static const uint64_t COFACTOR_G2[8] = { 0xcf1c38e31c7238e5ULL, 0x1616ec6e786f0c70ULL,
                                         0x21537e293a6691aeULL, 0xa628f1cb4d9e82efULL,
                                         0xa68a205b2e5a7ddfULL, 0xcd91de4547085abaULL,
                                         0x091d50792876a202ULL, 0x05d543a95414e7f1ULL };

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

static uint64_t rng_u64(ptau_rng *r)
{
    uint64_t hi = ptau_rng_u32(r);
    return hi << 32 | ptau_rng_u32(r);
}

void ptau_rng_wipe(ptau_rng *r)
{
    sodium_memzero(r, sizeof *r);
}

/* n limbs below mod, top limb masked to `top_bits` bits. */
static void limbs_from_rng(uint64_t *v, size_t n, unsigned top_bits, const uint64_t *mod,
                           ptau_rng *r)
{
    do {
        for (size_t i = 0; i < n; i++)
            v[i] = rng_u64(r);
        v[n - 1] &= (1ULL << top_bits) - 1;
    } while (bigint_cmp(v, mod, n) >= 0);
}

void ptau_fr_from_rng(fr_t *out, ptau_rng *r)
{
    limbs_from_rng(out->l, FR_LIMBS, 255 - 192, FR_MODULUS.l, r);
}

static void fp_from_rng(fp_t *out, ptau_rng *r)
{
    limbs_from_rng(out->l, FP_LIMBS, 381 - 320, FP_MODULUS.l, r);
}

void ptau_g1_from_rng(g1_affine_t *out, ptau_rng *r)
{
    fp_t x, y, t, b;
    int greatest;
    fp_set_u64(&b, 4);
    do {
        fp_from_rng(&x, r);
        greatest = (int)(ptau_rng_u32(r) & 1);
        fp_sqr(&t, &x);
        fp_mul(&t, &t, &x);
        fp_add(&t, &t, &b);
    } while (!fp_sqrt(&y, &t));
    if (greatest ^ ptau_fp_negative(&y))
        fp_neg(&y, &y);
    g1_affine_t p = { x, y };
    g1_jac_t j;
    g1_jac_from_affine(&j, &p);
    g1_jac_mul(&j, &j, COFACTOR_G1, 2);
    g1_jac_to_affine(out, &j);
}

void ptau_g2_from_rng(g2_affine_t *out, ptau_rng *r)
{
    fp2_t x, y, t, b;
    int greatest;
    fp_set_u64(&b.c0, 4);
    b.c1 = b.c0; /* 4 (u + 1) */
    do {
        fp_from_rng(&x.c0, r);
        fp_from_rng(&x.c1, r);
        greatest = (int)(ptau_rng_u32(r) & 1);
        fp2_sqr(&t, &x);
        fp2_mul(&t, &t, &x);
        fp2_add(&t, &t, &b);
    } while (!fp2_sqrt(&y, &t));
    if (greatest ^ ptau_fp2_negative(&y))
        fp2_neg(&y, &y);
    g2_affine_t p = { x, y };
    g2_jac_t j;
    g2_jac_from_affine(&j, &p);
    g2_jac_mul(&j, &j, COFACTOR_G2, 8);
    g2_jac_to_affine(out, &j);
}

void ptau_hash_to_g2(g2_affine_t *out, const uint8_t hash[64])
{
    ptau_rng r;
    ptau_rng_seed_be(&r, hash);
    ptau_g2_from_rng(out, &r);
    ptau_rng_wipe(&r);
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

void ptau_g2_sp(g2_affine_t *out, uint8_t personalization, const uint8_t challenge[64],
                const g1_affine_t *g1_s, const g1_affine_t *g1_sx)
{
    blake2b_state h;
    uint8_t u[96], d[64];
    blake2b_init(&h, 64);
    blake2b_update(&h, &personalization, 1);
    blake2b_update(&h, challenge, 64);
    setup_g1_to_u(u, g1_s);
    blake2b_update(&h, u, 96);
    setup_g1_to_u(u, g1_sx);
    blake2b_update(&h, u, 96);
    blake2b_final(&h, d);
    ptau_hash_to_g2(out, d);
}

static void g1_times(g1_affine_t *out, const g1_affine_t *p, const fr_t *k)
{
    fr_t c;
    g1_jac_t j;
    fr_to_canon(&c, k);
    g1_jac_from_affine(&j, p);
    g1_jac_mul(&j, &j, c.l, FR_LIMBS);
    g1_jac_to_affine(out, &j);
    sodium_memzero(&c, sizeof c);
}

static void g2_times(g2_affine_t *out, const g2_affine_t *p, const fr_t *k)
{
    fr_t c;
    g2_jac_t j;
    fr_to_canon(&c, k);
    g2_jac_from_affine(&j, p);
    g2_jac_mul(&j, &j, c.l, FR_LIMBS);
    g2_jac_to_affine(out, &j);
    sodium_memzero(&c, sizeof c);
}

void ptau_key_create(ptau_key *k, const uint8_t challenge[64], ptau_rng *r)
{
    for (int i = 0; i < 3; i++)
        ptau_fr_from_rng(&k->prv[i], r);
    for (int i = 0; i < 3; i++) {
        ptau_g1_from_rng(&k->g1_s[i], r);
        g1_times(&k->g1_sx[i], &k->g1_s[i], &k->prv[i]);
        ptau_g2_sp(&k->g2_sp[i], (uint8_t)i, challenge, &k->g1_s[i], &k->g1_sx[i]);
        g2_times(&k->g2_spx[i], &k->g2_sp[i], &k->prv[i]);
    }
}

void ptau_key_wipe(ptau_key *k)
{
    sodium_memzero(k->prv, sizeof k->prv);
}

/* The public key as toPtauPubKeyRpr writes it: tau, alpha, beta g1_s and g1_sx (G1, each
 * secret's pair together), then tau, alpha, beta g2_spx; lem = 1 for the LEM encoding of the
 * contribution record, 0 for the uncompressed one of the response hash. */
void ptau_pubkey_encode(uint8_t out[PTAU_PUBKEY_BYTES], const ptau_key *k, int lem)
{
    uint8_t *p = out;
    for (int i = 0; i < 3; i++) {
        (lem ? setup_g1_to_lem : setup_g1_to_u)(p, &k->g1_s[i]);
        (lem ? setup_g1_to_lem : setup_g1_to_u)(p + 96, &k->g1_sx[i]);
        p += 192;
    }
    for (int i = 0; i < 3; i++, p += 192)
        (lem ? setup_g2_to_lem : setup_g2_to_u)(p, &k->g2_spx[i]);
}
