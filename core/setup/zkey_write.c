/*
 * The proving key of a fresh Groth16 setup, written as `snarkjs groth16 setup` writes it
 * (snarkjs 0.7.6 src/zkey_new.js; layout in docs/formats.md, ".zkey"): sections in the order
 * 1, 2, 4, 3, 9, 8, 5, 6, 7, 10, points affine Montgomery LE ("LEM"), section 4 values
 * coef * R^2 mod r, section 10 = circuit hash + 0 contributions. Also the circuit hash itself,
 * which zkey_new.js computes over "uncompressed" encodings (wasmcurves LEMtoU: canonical, each
 * coordinate's bytes reversed as a whole, so an Fp2 x becomes BE(x.c1) || BE(x.c0); infinity
 * stays all zeros). The file goes through util/atomic_write.h's atomic_stream: a temporary
 * beside the target, fsync, rename.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/zkey_layout.h"
#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

void setup_g1_to_lem(uint8_t out[96], const g1_affine_t *p)
{
    fp_to_bytes_mont(out, &p->x);
    fp_to_bytes_mont(out + 48, &p->y);
}

void setup_g2_to_lem(uint8_t out[192], const g2_affine_t *p)
{
    fp_to_bytes_mont(out, &p->x.c0);
    fp_to_bytes_mont(out + 48, &p->x.c1);
    fp_to_bytes_mont(out + 96, &p->y.c0);
    fp_to_bytes_mont(out + 144, &p->y.c1);
}

/* Reverse n bytes of src into dst (no overlap). */
static void reverse(uint8_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = src[n - 1 - i];
}

void setup_g1_to_u(uint8_t out[96], const g1_affine_t *p)
{
    uint8_t le[96];
    if (g1_affine_is_inf(p)) {
        memset(out, 0, 96);
        return;
    }
    fp_to_bytes_canon(le, &p->x);
    fp_to_bytes_canon(le + 48, &p->y);
    reverse(out, le, 48);
    reverse(out + 48, le + 48, 48);
}

void setup_g2_to_u(uint8_t out[192], const g2_affine_t *p)
{
    uint8_t le[192];
    if (g2_affine_is_inf(p)) {
        memset(out, 0, 192);
        return;
    }
    fp_to_bytes_canon(le, &p->x.c0);
    fp_to_bytes_canon(le + 48, &p->x.c1);
    fp_to_bytes_canon(le + 96, &p->y.c0);
    fp_to_bytes_canon(le + 144, &p->y.c1);
    reverse(out, le, 96);
    reverse(out + 96, le + 96, 96);
}

unsigned setup_cir_power(const r1cs *cs)
{
    /* zkey_new.js: log2(m + P + 1 - 1) + 1 with log2 = floor (0 for 0). */
    uint64_t v = (uint64_t)cs->n_constraints + cs->n_pub_out + cs->n_pub_in;
    unsigned k = 0;
    while (v >> (k + 1))
        k++;
    return k + 1;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_coef(uint8_t *p, uint32_t matrix, uint32_t row, uint32_t signal, const fr_t *v)
{
    put32(p, matrix);
    put32(p + 4, row);
    put32(p + 8, signal);
    fr_to_bytes_mont(p + 12, v); /* raw limbs: v already holds coef * R^2 mod r */
}

int setup_coefs_build(setup_key *k, const r1cs *cs)
{
    uint64_t P = (uint64_t)cs->n_pub_out + cs->n_pub_in;
    uint64_t n = P + 1;
    for (uint64_t c = 0; c < cs->n_constraints; c++)
        n += cs->lc[3 * c + 2] - cs->lc[3 * c];
    k->coefs = malloc(n * ZKEY_COEF_BYTES);
    if (!k->coefs)
        return err_set(G16K_ENOMEM, "setup: no memory for %llu coefficients",
                       (unsigned long long)n);
    uint8_t *p = k->coefs;
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        for (uint32_t m = 0; m < 2; m++) {
            for (uint64_t t = cs->lc[3 * c + m]; t < cs->lc[3 * c + m + 1]; t++) {
                /* fr_mul(a, b) = a * b / R: twice by R^2 turns the integer c into c * R^2. */
                fr_t v;
                fr_mul(&v, &cs->terms[t].coef, &FR_R2);
                fr_mul(&v, &v, &FR_R2);
                put_coef(p, m, (uint32_t)c, cs->terms[t].wire, &v);
                p += ZKEY_COEF_BYTES;
            }
        }
    }
    for (uint64_t s = 0; s <= P; s++, p += ZKEY_COEF_BYTES)
        put_coef(p, 0, (uint32_t)(cs->n_constraints + s), (uint32_t)s, &FR_R2);
    k->n_coefs = n;
    return G16K_OK;
}

/* ---- circuit hash ---- */

static void hash_u32_be(blake2b_state *h, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
    blake2b_update(h, b, 4);
}

static void hash_g1(blake2b_state *h, const g1_affine_t *p, uint64_t n)
{
    uint8_t u[96];
    for (uint64_t i = 0; i < n; i++) {
        setup_g1_to_u(u, &p[i]);
        blake2b_update(h, u, sizeof u);
    }
}

static void hash_g2(blake2b_state *h, const g2_affine_t *p, uint64_t n)
{
    uint8_t u[192];
    for (uint64_t i = 0; i < n; i++) {
        setup_g2_to_u(u, &p[i]);
        blake2b_update(h, u, sizeof u);
    }
}

void setup_circuit_hash(setup_key *k, const g1_affine_t *hpts, uint64_t n_hpts,
                        const uint8_t *hpt_last_u)
{
    blake2b_state h;
    uint32_t n_c = k->n_vars - k->n_public - 1;
    blake2b_init(&h, 64);
    hash_g1(&h, &k->alpha1, 1);
    hash_g1(&h, &k->beta1, 1);
    hash_g2(&h, &k->beta2, 1);
    hash_g2(&h, &k->gamma2, 1);
    hash_g1(&h, &k->delta1, 1);
    hash_g2(&h, &k->delta2, 1);
    hash_u32_be(&h, k->n_public + 1);
    hash_g1(&h, k->ic, k->n_public + 1);
    hash_u32_be(&h, k->domain_size - 1);
    hash_g1(&h, hpts, n_hpts);
    if (hpt_last_u)
        blake2b_update(&h, hpt_last_u, 96);
    hash_u32_be(&h, n_c);
    hash_g1(&h, k->c, n_c);
    hash_u32_be(&h, k->n_vars);
    hash_g1(&h, k->a, k->n_vars);
    hash_u32_be(&h, k->n_vars);
    hash_g1(&h, k->b1, k->n_vars);
    hash_u32_be(&h, k->n_vars);
    hash_g2(&h, k->b2, k->n_vars);
    blake2b_final(&h, k->hash);
}

/* ---- writer ---- */

/* Section id: its head, then n points. */
static int put_g1s(atomic_stream *s, uint32_t id, const g1_affine_t *p, uint64_t n)
{
    uint8_t b[ZKEY_G1_BYTES];
    int rc = binfile_put_section_head(s, id, n * ZKEY_G1_BYTES);
    for (uint64_t i = 0; i < n && rc == G16K_OK; i++) {
        setup_g1_to_lem(b, &p[i]);
        rc = atomic_stream_write(s, b, sizeof b);
    }
    return rc;
}

static int put_g2s(atomic_stream *s, uint32_t id, const g2_affine_t *p, uint64_t n)
{
    uint8_t b[ZKEY_G2_BYTES];
    int rc = binfile_put_section_head(s, id, n * ZKEY_G2_BYTES);
    for (uint64_t i = 0; i < n && rc == G16K_OK; i++) {
        setup_g2_to_lem(b, &p[i]);
        rc = atomic_stream_write(s, b, sizeof b);
    }
    return rc;
}

static int put_header(atomic_stream *s, const setup_key *k)
{
    uint8_t b[ZKEY_H2_SIZE];
    put32(b + ZKEY_H2_N8Q, FP_BYTES);
    fp_to_bytes_mont(b + ZKEY_H2_Q, &FP_MODULUS); /* raw limbs = the integer q, LE */
    put32(b + ZKEY_H2_N8R, FR_BYTES);
    fr_to_bytes_mont(b + ZKEY_H2_R, &FR_MODULUS);
    put32(b + ZKEY_H2_NVARS, k->n_vars);
    put32(b + ZKEY_H2_NPUB, k->n_public);
    put32(b + ZKEY_H2_DOMAIN, k->domain_size);
    setup_g1_to_lem(b + ZKEY_H2_ALPHA1, &k->alpha1);
    setup_g1_to_lem(b + ZKEY_H2_BETA1, &k->beta1);
    setup_g2_to_lem(b + ZKEY_H2_BETA2, &k->beta2);
    setup_g2_to_lem(b + ZKEY_H2_GAMMA2, &k->gamma2);
    setup_g1_to_lem(b + ZKEY_H2_DELTA1, &k->delta1);
    setup_g2_to_lem(b + ZKEY_H2_DELTA2, &k->delta2);
    int rc = binfile_put_section_head(s, ZKEY_SEC_GROTH16, sizeof b);
    return rc ? rc : atomic_stream_write(s, b, sizeof b);
}

/* Sections in snarkjs's order (zkey_layout.h). */
static int put_all(atomic_stream *s, const setup_key *k)
{
    uint64_t n_c = (uint64_t)k->n_vars - k->n_public - 1;
    uint8_t b[12 + 4], n4[4], zero[4] = { 0 };
    memcpy(b, ZKEY_MAGIC, 4);
    put32(b + 4, ZKEY_VERSION);
    put32(b + 8, ZKEY_MAX_ID);            /* every section 1..10 */
    put32(b + 12, ZKEY_PROTOCOL_GROTH16); /* section 1 payload */
    put32(n4, (uint32_t)k->n_coefs);
    int rc;
    if ((rc = atomic_stream_write(s, b, 12)) ||
        (rc = binfile_put_section_head(s, ZKEY_SEC_HEADER, 4)) ||
        (rc = atomic_stream_write(s, b + 12, 4)) || (rc = put_header(s, k)) ||
        (rc = binfile_put_section_head(s, ZKEY_SEC_COEFS, 4 + k->n_coefs * ZKEY_COEF_BYTES)) ||
        (rc = atomic_stream_write(s, n4, 4)) ||
        (rc = atomic_stream_write(s, k->coefs, k->n_coefs * ZKEY_COEF_BYTES)) ||
        (rc = put_g1s(s, ZKEY_SEC_IC, k->ic, (uint64_t)k->n_public + 1)) ||
        (rc = put_g1s(s, ZKEY_SEC_H, k->h, k->domain_size)) ||
        (rc = put_g1s(s, ZKEY_SEC_C, k->c, n_c)) ||
        (rc = put_g1s(s, ZKEY_SEC_A, k->a, k->n_vars)) ||
        (rc = put_g1s(s, ZKEY_SEC_B1, k->b1, k->n_vars)) ||
        (rc = put_g2s(s, ZKEY_SEC_B2, k->b2, k->n_vars)) ||
        (rc = binfile_put_section_head(s, ZKEY_SEC_CONTRIB, sizeof k->hash + 4)) ||
        (rc = atomic_stream_write(s, k->hash, sizeof k->hash)))
        return rc;
    return atomic_stream_write(s, zero, 4); /* no contributions yet */
}

int zkey_write(const char *path, const setup_key *k)
{
    atomic_stream s;
    int rc = atomic_stream_open(&s, path);
    if (rc)
        return rc;
    if ((rc = put_all(&s, k))) {
        atomic_stream_discard(&s);
        return rc;
    }
    return atomic_stream_commit(&s);
}
