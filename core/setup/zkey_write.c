/*
 * The proving key of a fresh Groth16 setup, written as `snarkjs groth16 setup` writes it
 * (snarkjs 0.7.6 src/zkey_new.js; layout in docs/formats.md, ".zkey"), section by section as
 * the points are made (zkey_stream, internal.h): sections in the order 1, 2, 4, 3, 9, 8, 5, 6,
 * 7, 10, points affine Montgomery LE ("LEM"), section 4 values coef * R^2 mod r straight from
 * the r1cs, section 10 = circuit hash + 0 contributions. The circuit hash runs over the same
 * order, so it is fed as the points go out; zkey_new.js computes it over "uncompressed"
 * encodings (wasmcurves LEMtoU: canonical, each coordinate's bytes reversed as a whole, so an
 * Fp2 x becomes BE(x.c1) || BE(x.c0); infinity stays all zeros). The file goes through
 * util/atomic_write.h's atomic_stream: a temporary beside the target, fsync, rename.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/zkey_layout.h"
#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

void setup_g1_to_lem(uint8_t out[G1_BYTES], const g1_affine_t *p)
{
    fp_to_bytes_mont(out, &p->x);
    fp_to_bytes_mont(out + FP_BYTES, &p->y);
}

void setup_g2_to_lem(uint8_t out[G2_BYTES], const g2_affine_t *p)
{
    fp_to_bytes_mont(out, &p->x.c0);
    fp_to_bytes_mont(out + FP_BYTES, &p->x.c1);
    fp_to_bytes_mont(out + G1_BYTES, &p->y.c0);
    fp_to_bytes_mont(out + (3 * FP_BYTES), &p->y.c1);
}

/* Reverse n bytes of src into dst (no overlap). */
static void reverse(uint8_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = src[n - 1 - i];
}

void setup_g1_to_u(uint8_t out[G1_BYTES], const g1_affine_t *p)
{
    uint8_t le[G1_BYTES];
    if (g1_affine_is_inf(p)) {
        memset(out, 0, G1_BYTES);
        return;
    }
    fp_to_bytes_canon(le, &p->x);
    fp_to_bytes_canon(le + FP_BYTES, &p->y);
    reverse(out, le, FP_BYTES);
    reverse(out + FP_BYTES, le + FP_BYTES, FP_BYTES);
}

void setup_g2_to_u(uint8_t out[G2_BYTES], const g2_affine_t *p)
{
    uint8_t le[G2_BYTES];
    if (g2_affine_is_inf(p)) {
        memset(out, 0, G2_BYTES);
        return;
    }
    fp_to_bytes_canon(le, &p->x.c0);
    fp_to_bytes_canon(le + FP_BYTES, &p->x.c1);
    fp_to_bytes_canon(le + G1_BYTES, &p->y.c0);
    fp_to_bytes_canon(le + (3 * FP_BYTES), &p->y.c1);
    reverse(out, le, G1_BYTES);
    reverse(out + G1_BYTES, le + G1_BYTES, G1_BYTES);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static int put_coef(atomic_stream *s, uint32_t matrix, uint32_t row, uint32_t signal, const fr_t *v)
{
    uint8_t b[ZKEY_COEF_BYTES];
    put32(b, matrix);
    put32(b + 4, row);
    put32(b + 8, signal);
    fr_to_bytes_mont(b + 12, v); /* raw limbs: v already holds coef * R^2 mod r */
    return atomic_stream_write(s, b, sizeof b);
}

/* Section 4 from the r1cs, snarkjs order: per constraint its A terms then its B terms, then the
 * rows {A, m + s, s, 1} for s = 0..P; values coef * R^2 mod r. */
static int put_coefs(atomic_stream *s, const r1cs *cs)
{
    uint64_t P = (uint64_t)cs->n_pub_out + cs->n_pub_in;
    uint64_t n = setup_coef_count(cs);
    if (n > SETUP_MAX_COEFS) /* setup_check_limits refuses such a circuit first */
        return err_set(G16K_EFORMAT,
                       "setup: %llu coefficients do not fit the u32 count of the key's section 4",
                       (unsigned long long)n);
    uint8_t n4[4];
    put32(n4, (uint32_t)n);
    int rc = binfile_put_section_head(s, ZKEY_SEC_COEFS, 4 + n * ZKEY_COEF_BYTES);
    if (!rc)
        rc = atomic_stream_write(s, n4, 4);
    for (uint64_t c = 0; c < cs->n_constraints && !rc; c++) {
        for (uint32_t m = 0; m < 2 && !rc; m++) {
            uint64_t j = 3 * c + m;
            const uint8_t *p = r1cs_lc_terms(cs, j);
            for (uint64_t t = cs->lc[j]; t < cs->lc[j + 1] && !rc; t++, p += R1CS_TERM_BYTES) {
                /* fr_mul(a, b) = a * b / R: twice by R^2 turns the integer c into c * R^2. */
                fr_t v;
                r1cs_term_coef(&v, p);
                fr_mul(&v, &v, &FR_R2);
                fr_mul(&v, &v, &FR_R2);
                rc = put_coef(s, m, (uint32_t)c, r1cs_term_wire(p), &v);
            }
        }
    }
    for (uint64_t i = 0; i <= P && !rc; i++)
        rc = put_coef(s, 0, (uint32_t)(cs->n_constraints + i), (uint32_t)i, &FR_R2);
    return rc;
}

static void hash_u32_be(blake2b_state *h, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
    blake2b_update(h, b, 4);
}

void zkey_stream_hash_raw(zkey_stream *z, const uint8_t *b, size_t len)
{
    blake2b_update(&z->h, b, len);
}

static int put_header(atomic_stream *s, const setup_header *k)
{
    uint8_t b[ZKEY_H2_SIZE_AT(FP_BYTES)];
    put32(b + ZKEY_H2_N8Q, FP_BYTES);
    fp_to_bytes_mont(b + ZKEY_H2_Q, &FP_MODULUS); /* raw limbs = the integer q, LE */
    put32(b + ZKEY_H2_N8R_AT(FP_BYTES), FR_BYTES);
    fr_to_bytes_mont(b + ZKEY_H2_R_AT(FP_BYTES), &FR_MODULUS);
    put32(b + ZKEY_H2_NVARS_AT(FP_BYTES), k->n_vars);
    put32(b + ZKEY_H2_NPUB_AT(FP_BYTES), k->n_public);
    put32(b + ZKEY_H2_DOMAIN_AT(FP_BYTES), k->domain_size);
    setup_g1_to_lem(b + ZKEY_H2_ALPHA1_AT(FP_BYTES), &k->alpha1);
    setup_g1_to_lem(b + ZKEY_H2_BETA1_AT(FP_BYTES), &k->beta1);
    setup_g2_to_lem(b + ZKEY_H2_BETA2_AT(FP_BYTES), &k->beta2);
    setup_g2_to_lem(b + ZKEY_H2_GAMMA2_AT(FP_BYTES), &k->gamma2);
    setup_g1_to_lem(b + ZKEY_H2_DELTA1_AT(FP_BYTES), &k->delta1);
    setup_g2_to_lem(b + ZKEY_H2_DELTA2_AT(FP_BYTES), &k->delta2);
    int rc = binfile_put_section_head(s, ZKEY_SEC_GROTH16, sizeof b);
    return rc ? rc : atomic_stream_write(s, b, sizeof b);
}

int zkey_stream_open(zkey_stream *z, const char *path, const setup_header *hd, const r1cs *cs)
{
    uint8_t b[12 + 4];
    memcpy(b, ZKEY_MAGIC, 4);
    put32(b + 4, ZKEY_VERSION);
    put32(b + 8, ZKEY_MAX_ID);            /* every section 1..10 */
    put32(b + 12, ZKEY_PROTOCOL_GROTH16); /* section 1 payload */
    z->left = 0;
    blake2b_init(&z->h, 64);
    zkey_stream_hash_g1(z, &hd->alpha1, 1);
    zkey_stream_hash_g1(z, &hd->beta1, 1);
    zkey_stream_hash_g2(z, &hd->beta2, 1);
    zkey_stream_hash_g2(z, &hd->gamma2, 1);
    zkey_stream_hash_g1(z, &hd->delta1, 1);
    zkey_stream_hash_g2(z, &hd->delta2, 1);
    int rc = atomic_stream_open(&z->s, path);
    if (rc)
        return rc;
    if ((rc = atomic_stream_write(&z->s, b, 12)) ||
        (rc = binfile_put_section_head(&z->s, ZKEY_SEC_HEADER, 4)) ||
        (rc = atomic_stream_write(&z->s, b + 12, 4)) || (rc = put_header(&z->s, hd)) ||
        (rc = put_coefs(&z->s, cs)))
        atomic_stream_discard(&z->s);
    return rc;
}

int zkey_stream_section(zkey_stream *z, uint32_t id, uint64_t n, uint32_t hash_count)
{
    z->g2 = id == ZKEY_SEC_B2;
    z->left = n;
    hash_u32_be(&z->h, hash_count);
    return binfile_put_section_head(&z->s, id, n * (z->g2 ? G2_BYTES : G1_BYTES));
}

/* zkey_stream_hash_g1/_g2 (into the hash only) and zkey_stream_g1/_g2 (into the open section,
 * the first n_hashed also into the hash): one text for both groups, which differ only in types,
 * sizes and encoders. */
#define DEFINE_STREAM_POINTS(G, AFF, BYTES, IS_G2, NAME)                                           \
    void zkey_stream_hash_##G(zkey_stream *z, const AFF *p, uint64_t n)                            \
    {                                                                                              \
        uint8_t u[BYTES];                                                                          \
        for (uint64_t i = 0; i < n; i++) {                                                         \
            setup_##G##_to_u(u, &p[i]);                                                            \
            blake2b_update(&z->h, u, sizeof u);                                                    \
        }                                                                                          \
    }                                                                                              \
                                                                                                   \
    int zkey_stream_##G(zkey_stream *z, const AFF *p, uint64_t n, uint64_t n_hashed)               \
    {                                                                                              \
        uint8_t b[BYTES];                                                                          \
        if (z->g2 != IS_G2 || n > z->left)                                                         \
            return err_set(G16K_EINVAL,                                                            \
                           "setup: zkey writer: %llu " NAME " points do not fit the section",      \
                           (unsigned long long)n);                                                 \
        z->left -= n;                                                                              \
        zkey_stream_hash_##G(z, p, n_hashed);                                                      \
        for (uint64_t i = 0; i < n; i++) {                                                         \
            setup_##G##_to_lem(b, &p[i]);                                                          \
            int rc = atomic_stream_write(&z->s, b, sizeof b);                                      \
            if (rc)                                                                                \
                return rc;                                                                         \
        }                                                                                          \
        return G16K_OK;                                                                            \
    }

DEFINE_STREAM_POINTS(g1, g1_affine_t, G1_BYTES, 0, "G1")
DEFINE_STREAM_POINTS(g2, g2_affine_t, G2_BYTES, 1, "G2")

int zkey_stream_commit(zkey_stream *z)
{
    uint8_t hash[64], zero[4] = { 0 };
    int rc = G16K_OK;
    if (z->left)
        rc = err_set(G16K_EINVAL, "setup: zkey writer: a section lacks %llu points",
                     (unsigned long long)z->left);
    blake2b_final(&z->h, hash);
    if (rc || (rc = binfile_put_section_head(&z->s, ZKEY_SEC_CONTRIB, sizeof hash + 4)) ||
        (rc = atomic_stream_write(&z->s, hash, sizeof hash)) ||
        (rc = atomic_stream_write(&z->s, zero, 4))) { /* no contributions yet */
        atomic_stream_discard(&z->s);
        return rc;
    }
    return atomic_stream_commit(&z->s);
}

void zkey_stream_discard(zkey_stream *z)
{
    atomic_stream_discard(&z->s);
}

int zkey_write(const char *path, const setup_key *k, const r1cs *cs)
{
    const setup_header *hd = &k->hd;
    uint64_t n_c = (uint64_t)hd->n_vars - hd->n_public - 1;
    zkey_stream z;
    int rc = zkey_stream_open(&z, path, hd, cs);
    if (rc)
        return rc;
    if (!(rc =
              zkey_stream_section(&z, ZKEY_SEC_IC, (uint64_t)hd->n_public + 1, hd->n_public + 1)) &&
        !(rc = zkey_stream_g1(&z, k->ic, (uint64_t)hd->n_public + 1, (uint64_t)hd->n_public + 1)) &&
        !(rc = zkey_stream_section(&z, ZKEY_SEC_H, hd->domain_size, hd->domain_size - 1))) {
        zkey_stream_hash_g1(&z, k->hash_h, k->n_hash_h);
        if (k->has_hash_h_last)
            zkey_stream_hash_raw(&z, k->hash_h_last, sizeof k->hash_h_last);
        if (!(rc = zkey_stream_g1(&z, k->h, hd->domain_size, 0)) &&
            !(rc = zkey_stream_section(&z, ZKEY_SEC_C, n_c, (uint32_t)n_c)) &&
            !(rc = zkey_stream_g1(&z, k->c, n_c, n_c)) &&
            !(rc = zkey_stream_section(&z, ZKEY_SEC_A, hd->n_vars, hd->n_vars)) &&
            !(rc = zkey_stream_g1(&z, k->a, hd->n_vars, hd->n_vars)) &&
            !(rc = zkey_stream_section(&z, ZKEY_SEC_B1, hd->n_vars, hd->n_vars)) &&
            !(rc = zkey_stream_g1(&z, k->b1, hd->n_vars, hd->n_vars)) &&
            !(rc = zkey_stream_section(&z, ZKEY_SEC_B2, hd->n_vars, hd->n_vars)))
            rc = zkey_stream_g2(&z, k->b2, hd->n_vars, hd->n_vars);
    }
    if (rc) {
        zkey_stream_discard(&z);
        return rc;
    }
    return zkey_stream_commit(&z);
}
