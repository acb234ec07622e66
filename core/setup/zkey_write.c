/*
 * The proving key of a fresh Groth16 setup, written as `snarkjs groth16 setup` writes it
 * (snarkjs 0.7.6 src/zkey_new.js; layout in FORMATS.md section 4): sections in the order
 * 1, 2, 4, 3, 9, 8, 5, 6, 7, 10, points affine Montgomery LE ("LEM"), section 4 values
 * coef * R^2 mod r, section 10 = circuit hash + 0 contributions. Also the circuit hash itself,
 * which zkey_new.js computes over "uncompressed" encodings (wasmcurves LEMtoU: canonical, each
 * coordinate's bytes reversed as a whole, so an Fp2 x becomes BE(x.c1) || BE(x.c0); infinity
 * stays all zeros). The file goes to a temporary beside the target, fsync, rename.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

#define COEF_BYTES 44       /* u32 matrix, u32 row, u32 signal, 32 B value */

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
    fr_to_bytes_mont(p + 12, v);    /* raw limbs: v already holds coef * R^2 mod r */
}

int setup_coefs_build(setup_key *k, const r1cs *cs)
{
    uint64_t P = (uint64_t)cs->n_pub_out + cs->n_pub_in;
    uint64_t n = P + 1;
    for (uint64_t c = 0; c < cs->n_constraints; c++)
        n += cs->lc[3 * c + 2] - cs->lc[3 * c];
    k->coefs = malloc(n * COEF_BYTES);
    if (!k->coefs)
        return g16k_err(G16K_ENOMEM, "setup: no memory for %llu coefficients",
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
                p += COEF_BYTES;
            }
        }
    }
    for (uint64_t s = 0; s <= P; s++, p += COEF_BYTES)
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

static int put_section_head(FILE *f, uint32_t id, uint64_t size)
{
    uint8_t b[12];
    put32(b, id);
    put32(b + 4, (uint32_t)size);
    put32(b + 8, (uint32_t)(size >> 32));
    return fwrite(b, 1, sizeof b, f) == sizeof b ? 0 : -1;
}

static int put_g1s(FILE *f, const g1_affine_t *p, uint64_t n)
{
    uint8_t b[96];
    for (uint64_t i = 0; i < n; i++) {
        setup_g1_to_lem(b, &p[i]);
        if (fwrite(b, 1, sizeof b, f) != sizeof b)
            return -1;
    }
    return 0;
}

static int put_g2s(FILE *f, const g2_affine_t *p, uint64_t n)
{
    uint8_t b[192];
    for (uint64_t i = 0; i < n; i++) {
        setup_g2_to_lem(b, &p[i]);
        if (fwrite(b, 1, sizeof b, f) != sizeof b)
            return -1;
    }
    return 0;
}

static int put_header(FILE *f, const setup_key *k)
{
    uint8_t b[964];
    uint8_t *p = b;
    put32(p, FP_BYTES);
    fp_to_bytes_mont(p + 4, &FP_MODULUS);     /* raw limbs = the integer q, LE */
    p += 4 + FP_BYTES;
    put32(p, FR_BYTES);
    fr_to_bytes_mont(p + 4, &FR_MODULUS);
    p += 4 + FR_BYTES;
    put32(p, k->n_vars);
    put32(p + 4, k->n_public);
    put32(p + 8, k->domain_size);
    p += 12;
    setup_g1_to_lem(p, &k->alpha1);
    setup_g1_to_lem(p + 96, &k->beta1);
    setup_g2_to_lem(p + 192, &k->beta2);
    setup_g2_to_lem(p + 384, &k->gamma2);
    setup_g1_to_lem(p + 576, &k->delta1);
    setup_g2_to_lem(p + 672, &k->delta2);
    return put_section_head(f, 2, sizeof b) || fwrite(b, 1, sizeof b, f) != sizeof b ? -1 : 0;
}

static int put_all(FILE *f, const setup_key *k)
{
    uint64_t n_c = (uint64_t)k->n_vars - k->n_public - 1;
    uint8_t b[12 + 4];
    memcpy(b, "zkey", 4);
    put32(b + 4, 1);
    put32(b + 8, 10);
    put32(b + 12, 1);                           /* section 1 payload: protocol 1 = Groth16 */
    if (fwrite(b, 1, 12, f) != 12 || put_section_head(f, 1, 4) || fwrite(b + 12, 1, 4, f) != 4)
        return -1;
    if (put_header(f, k))
        return -1;
    uint8_t n4[4];
    put32(n4, (uint32_t)k->n_coefs);
    if (put_section_head(f, 4, 4 + k->n_coefs * COEF_BYTES) || fwrite(n4, 1, 4, f) != 4 ||
        fwrite(k->coefs, COEF_BYTES, k->n_coefs, f) != k->n_coefs)
        return -1;
    if (put_section_head(f, 3, 96 * ((uint64_t)k->n_public + 1)) ||
        put_g1s(f, k->ic, (uint64_t)k->n_public + 1))
        return -1;
    if (put_section_head(f, 9, 96 * (uint64_t)k->domain_size) ||
        put_g1s(f, k->h, k->domain_size))
        return -1;
    if (put_section_head(f, 8, 96 * n_c) || put_g1s(f, k->c, n_c))
        return -1;
    if (put_section_head(f, 5, 96 * (uint64_t)k->n_vars) || put_g1s(f, k->a, k->n_vars))
        return -1;
    if (put_section_head(f, 6, 96 * (uint64_t)k->n_vars) || put_g1s(f, k->b1, k->n_vars))
        return -1;
    if (put_section_head(f, 7, 192 * (uint64_t)k->n_vars) || put_g2s(f, k->b2, k->n_vars))
        return -1;
    put32(n4, 0);                               /* no contributions yet */
    if (put_section_head(f, 10, 64 + 4) || fwrite(k->hash, 1, 64, f) != 64 ||
        fwrite(n4, 1, 4, f) != 4)
        return -1;
    return 0;
}

int zkey_write(const char *path, const setup_key *k)
{
    size_t len = strlen(path);
    char *tmp = malloc(len + 16);
    if (!tmp)
        return g16k_err(G16K_ENOMEM, "%s: no memory", path);
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp.XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int rc = g16k_err(G16K_EIO, "%s: cannot create %s: %s", path, tmp, strerror(errno));
        free(tmp);
        return rc;
    }
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        close(fd);
        goto out_unlink;
    }
    setvbuf(f, NULL, _IOFBF, 1 << 20);
    /* mkstemp makes 0600; a key is not secret, give it the usual 0644. */
    if (put_all(f, k) || fflush(f) || fchmod(fileno(f), 0644) || fsync(fileno(f))) {
        fclose(f);
        goto out_unlink;
    }
    if (fclose(f))
        goto out_unlink;
    if (rename(tmp, path) != 0)
        goto out_unlink;
    free(tmp);
    return G16K_OK;
out_unlink:;
    int rc = g16k_err(G16K_EIO, "%s: write failed: %s", path, strerror(errno));
    unlink(tmp);
    free(tmp);
    return rc;
}
