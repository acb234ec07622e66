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
 *     of c1, or of c0 when c1 = 0), times the cofactor of ffjavascript's curve table
 *     (bls12381.js, bn128.js);
 *   - keys (keypair.js createPTauKey): tau, alpha, beta secrets; then per secret s with
 *     personalization 0, 1, 2: g1_s random, g1_sx = s g1_s, g2_sp = hashToG2(BLAKE2b-512(
 *     personalization || challenge || U(g1_s) || U(g1_sx))), g2_spx = s g2_sp. hashToG2 seeds a
 *     ChaCha with the hash's first 8 big-endian words and draws a G2 point.
 */
#include <string.h>

#include <sodium.h>

#include "g16k/plugin.h"
#include "internal.h"

/* The cofactors ffjavascript's curve tables give (wasm_curve.js fromRng multiplies a drawn point
 * by its group's cofactor when the table has one), little-endian limbs. */
#ifndef SETUP_CURVE_BN254
/* bls12381.js cofactorG1 (= (x - 1)^2 / 3) and cofactorG2 */
static const uint64_t COFACTOR_G1[2] = { 0x8c00aaab0000aaabULL, 0x396c8c005555e156ULL };
#define COFACTOR_G1_LIMBS 2
static const uint64_t COFACTOR_G2[8] = { 0xcf1c38e31c7238e5ULL, 0x1616ec6e786f0c70ULL,
                                         0x21537e293a6691aeULL, 0xa628f1cb4d9e82efULL,
                                         0xa68a205b2e5a7ddfULL, 0xcd91de4547085abaULL,
                                         0x091d50792876a202ULL, 0x05d543a95414e7f1ULL };
#else
/* bn128.js: no cofactorG1 (G1 is all of E(Fp)); cofactorG2 = 2p - r */
static const uint64_t COFACTOR_G1[1] = { 1 };
#define COFACTOR_G1_LIMBS 0 /* no multiplication */
static const uint64_t COFACTOR_G2[4] = { 0x345f2299c0f9fa8dULL, 0x06ceecda572a2489ULL,
                                         0xb85045b68181585eULL, 0x30644e72e131a029ULL };
#endif
#define COFACTOR_G2_LIMBS (sizeof COFACTOR_G2 / sizeof COFACTOR_G2[0])

/* The curve's b in y^2 = x^3 + b, as y^2 - x^3 of its generator (BLS12-381 4 and 4(u + 1),
 * BN254 3 and 3 / (9 + u)): one fact, the generators, instead of a second table. */
static void g1_b(fp_t *b)
{
    fp_t x3;
    fp_sqr(&x3, &G1_GENERATOR.x);
    fp_mul(&x3, &x3, &G1_GENERATOR.x);
    fp_sqr(b, &G1_GENERATOR.y);
    fp_sub(b, b, &x3);
}

static void g2_b(fp2_t *b)
{
    fp2_t x3;
    fp2_sqr(&x3, &G2_GENERATOR.x);
    fp2_mul(&x3, &x3, &G2_GENERATOR.x);
    fp2_sqr(b, &G2_GENERATOR.y);
    fp2_sub(b, b, &x3);
}

/* n limbs below mod, top limb masked to `top_bits` bits. */
static void limbs_from_rng(uint64_t *v, size_t n, unsigned top_bits, const uint64_t *mod,
                           ptau_rng *r)
{
    do {
        for (size_t i = 0; i < n; i++)
            v[i] = ptau_rng_u64(r);
        v[n - 1] &= (1ULL << top_bits) - 1;
    } while (bigint_cmp(v, mod, n) >= 0);
}

void ptau_fr_from_rng(fr_t *out, ptau_rng *r)
{
    limbs_from_rng(out->l, FR_LIMBS, SETUP_FR_BITS - 64 * (FR_LIMBS - 1), FR_MODULUS.l, r);
}

static void fp_from_rng(fp_t *out, ptau_rng *r)
{
    limbs_from_rng(out->l, FP_LIMBS, SETUP_FP_BITS - 64 * (FP_LIMBS - 1), FP_MODULUS.l, r);
}

void ptau_g1_from_rng(g1_affine_t *out, ptau_rng *r)
{
    fp_t x, y, t, b;
    int greatest;
    g1_b(&b);
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
    if (COFACTOR_G1_LIMBS == 0) {
        *out = p;
        return;
    }
    g1_jac_t j;
    g1_jac_from_affine(&j, &p);
    g1_jac_mul(&j, &j, COFACTOR_G1, COFACTOR_G1_LIMBS);
    g1_jac_to_affine(out, &j);
}

void ptau_g2_from_rng(g2_affine_t *out, ptau_rng *r)
{
    fp2_t x, y, t, b;
    int greatest;
    g2_b(&b);
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
    g2_jac_mul(&j, &j, COFACTOR_G2, COFACTOR_G2_LIMBS);
    g2_jac_to_affine(out, &j);
}

void ptau_hash_to_g2(g2_affine_t *out, const uint8_t hash[64])
{
    ptau_rng r;
    ptau_rng_seed_be(&r, hash);
    ptau_g2_from_rng(out, &r);
    ptau_rng_wipe(&r);
}

void ptau_g2_sp(g2_affine_t *out, uint8_t personalization, const uint8_t challenge[64],
                const g1_affine_t *g1_s, const g1_affine_t *g1_sx)
{
    blake2b_state h;
    uint8_t u[G1_BYTES], d[64];
    blake2b_init(&h, 64);
    blake2b_update(&h, &personalization, 1);
    blake2b_update(&h, challenge, 64);
    setup_g1_to_u(u, g1_s);
    blake2b_update(&h, u, G1_BYTES);
    setup_g1_to_u(u, g1_sx);
    blake2b_update(&h, u, G1_BYTES);
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
        (lem ? setup_g1_to_lem : setup_g1_to_u)(p + G1_BYTES, &k->g1_sx[i]);
        p += 2 * G1_BYTES; /* a G1 pair */
    }
    for (int i = 0; i < 3; i++, p += G2_BYTES)
        (lem ? setup_g2_to_lem : setup_g2_to_u)(p, &k->g2_spx[i]);
}
