/*
 * Writing .ptau files (snarkjs powersoftau_utils.js writePTauHeader, @iden3/binfileutils): the
 * container header "ptau", version 1, the section count, then sections as { u32 id, u64 size,
 * payload }; points affine, Montgomery form, little-endian ("LEM"), infinity all zeros, the
 * encoding of core/setup/ptau.c's reader.
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

#define PUT_CHUNK 4096 /* points encoded per write */

static void le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

int ptau_put_u32(atomic_stream *s, uint32_t v)
{
    uint8_t b[4];
    le32(b, v);
    return atomic_stream_write(s, b, sizeof b);
}

int ptau_put_header(atomic_stream *s, uint32_t n_sections, uint32_t power, uint32_t ceremony_power)
{
    uint8_t b[12 + 12 + 4 + FP_BYTES + 8];
    memcpy(b, "ptau", 4);
    le32(b + 4, 1);
    le32(b + 8, n_sections);
    le32(b + 12, 1);
    le32(b + 16, 4 + FP_BYTES + 8);
    le32(b + 20, 0);
    le32(b + 24, FP_BYTES);
    for (int i = 0; i < FP_LIMBS; i++)
        for (int j = 0; j < 8; j++)
            b[28 + 8 * i + j] = (uint8_t)(FP_MODULUS.l[i] >> (8 * j));
    le32(b + 28 + FP_BYTES, power);
    le32(b + 32 + FP_BYTES, ceremony_power);
    return atomic_stream_write(s, b, sizeof b);
}

int ptau_put_points(atomic_stream *s, int g2, const void *pts, uint64_t n)
{
    size_t sz = g2 ? G2_BYTES : G1_BYTES;
    uint8_t *buf = malloc(PUT_CHUNK * sz);
    if (!buf)
        return err_set(G16K_ENOMEM, "%s: no memory for a write buffer", s->f.path);
    int rc = G16K_OK;
    for (uint64_t b = 0; b < n && rc == G16K_OK; b += PUT_CHUNK) {
        uint64_t m = n - b < PUT_CHUNK ? n - b : PUT_CHUNK;
        for (uint64_t i = 0; i < m; i++) {
            if (g2)
                setup_g2_to_lem(buf + i * sz, (const g2_affine_t *)pts + b + i);
            else
                setup_g1_to_lem(buf + i * sz, (const g1_affine_t *)pts + b + i);
        }
        rc = atomic_stream_write(s, buf, m * sz);
    }
    free(buf);
    return rc;
}

int ptau_fp_negative(const fp_t *a)
{
    fp_t c, half;
    fp_to_canon(&c, a);
    for (int i = 0; i < FP_LIMBS; i++)
        half.l[i] = FP_MODULUS.l[i] >> 1 | (i + 1 < FP_LIMBS ? FP_MODULUS.l[i + 1] << 63 : 0);
    half.l[0] += 1; /* no carry: the low limb of p >> 1 is not all ones */
    return bigint_cmp(c.l, half.l, FP_LIMBS) >= 0;
}

void ptau_g1_to_c(uint8_t out[FP_BYTES], const g1_affine_t *p)
{
    if (g1_affine_is_inf(p)) {
        memset(out, 0, FP_BYTES);
        out[0] = 0x40;
        return;
    }
    uint8_t u[G1_BYTES];
    setup_g1_to_u(u, p); /* big-endian x || y */
    memcpy(out, u, FP_BYTES);
    if (ptau_fp_negative(&p->y))
        out[0] |= 0x80;
}

int ptau_fp2_negative(const fp2_t *a)
{
    return fp_is_zero(&a->c1) ? ptau_fp_negative(&a->c0) : ptau_fp_negative(&a->c1);
}

void ptau_g2_to_c(uint8_t out[G1_BYTES], const g2_affine_t *p)
{
    if (g2_affine_is_inf(p)) {
        memset(out, 0, G1_BYTES);
        out[0] = 0x40;
        return;
    }
    uint8_t u[G2_BYTES];
    setup_g2_to_u(u, p); /* BE(x.c1) || BE(x.c0) || BE(y.c1) || BE(y.c0) */
    memcpy(out, u, G1_BYTES);
    /* f2m_sign: the sign of c1, or of c0 when c1 = 0 */
    if (ptau_fp2_negative(&p->y))
        out[0] |= 0x80;
}
