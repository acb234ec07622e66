/*
 * The G2 operation table of the CPU Pippenger driver (msm.h): thin adapters from the untyped
 * driver interface to the core's G2 arithmetic (arith/bls12_381/curve.h).
 */
#include <string.h>

#include "msm.h"

static int g2_decode(void *out, const uint8_t *in, uint32_t enc)
{
    uint8_t tmp[192];
    memcpy(tmp, in, sizeof tmp);
    return enc == G16K_ENC_CANONICAL ? g2_affine_from_bytes_canon(out, tmp)
                                     : g2_affine_from_bytes_mont(out, tmp);
}

static void g2_encode(uint8_t *out, const void *p, uint32_t enc)
{
    if (g2_jac_is_inf(p)) {
        memset(out, 0, 192);
        return;
    }
    g2_affine_t a;
    g2_jac_to_affine(&a, p);
    uint8_t tmp[192];
    if (enc == G16K_ENC_CANONICAL) {
        g2_affine_to_bytes_canon(tmp, &a);
    } else {
        fp_to_bytes_mont(tmp, &a.x.c0);
        fp_to_bytes_mont(tmp + 48, &a.x.c1);
        fp_to_bytes_mont(tmp + 96, &a.y.c0);
        fp_to_bytes_mont(tmp + 144, &a.y.c1);
    }
    memcpy(out, tmp, sizeof tmp);
}

static void g2_set_inf(void *out)
{
    g2_jac_set_inf(out);
}

static int g2_is_inf(const void *p)
{
    return g2_jac_is_inf(p);
}

static void g2_add(void *out, const void *a, const void *b)
{
    g2_jac_add(out, a, b);
}

/* b may be a lent point at any alignment (bases_borrow_unaligned): read through a copy. */
static void g2_add_aff(void *out, const void *a, const void *b)
{
    g2_affine_t pb;
    memcpy(&pb, b, sizeof pb);
    g2_jac_add_affine(out, a, &pb);
}

static void g2_sub_aff(void *out, const void *a, const void *b)
{
    g2_affine_t pb;
    memcpy(&pb, b, sizeof pb);
    g2_affine_neg(&pb, &pb);
    g2_jac_add_affine(out, a, &pb);
}

static void g2_dbl(void *out, const void *p)
{
    g2_jac_dbl(out, p);
}

const cpu_group cpu_group_g2 = {
    .id = G16K_G2,
    .name = "G2",
    .wire_bytes = 192,
    .affine_size = sizeof(g2_affine_t),
    .jac_size = sizeof(g2_jac_t),
    .affine_decode = g2_decode,
    .jac_encode = g2_encode,
    .jac_set_inf = g2_set_inf,
    .jac_is_inf = g2_is_inf,
    .jac_add = g2_add,
    .jac_add_affine = g2_add_aff,
    .jac_sub_affine = g2_sub_aff,
    .jac_dbl = g2_dbl,
    .fe_size = sizeof(fp2_t),
};
