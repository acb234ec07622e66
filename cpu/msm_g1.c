/*
 * The G1 operation table of the CPU Pippenger driver (msm.h): thin adapters from the untyped
 * driver interface to the core's G1 arithmetic (arith/bls12_381/curve.h).
 */
#include <string.h>

#include "msm.h"

static int g1_decode(void *out, const uint8_t *in, uint32_t enc)
{
    uint8_t tmp[96];
    memcpy(tmp, in, sizeof tmp);
    return enc == G16K_ENC_CANONICAL ? g1_affine_from_bytes_canon(out, tmp)
                                     : g1_affine_from_bytes_mont(out, tmp);
}

static void g1_encode(uint8_t *out, const void *p, uint32_t enc)
{
    if (g1_jac_is_inf(p)) {
        memset(out, 0, 96);
        return;
    }
    g1_affine_t a;
    g1_jac_to_affine(&a, p);
    uint8_t tmp[96];
    if (enc == G16K_ENC_CANONICAL) {
        g1_affine_to_bytes_canon(tmp, &a);
    } else {
        fp_to_bytes_mont(tmp, &a.x);
        fp_to_bytes_mont(tmp + 48, &a.y);
    }
    memcpy(out, tmp, sizeof tmp);
}

static void g1_set_inf(void *out)
{
    g1_jac_set_inf(out);
}

static int g1_is_inf(const void *p)
{
    return g1_jac_is_inf(p);
}

static void g1_add(void *out, const void *a, const void *b)
{
    g1_jac_add(out, a, b);
}

/* b may be a lent point at any alignment (bases_borrow_unaligned): read through a copy. */
static void g1_add_aff(void *out, const void *a, const void *b)
{
    g1_affine_t pb;
    memcpy(&pb, b, sizeof pb);
    g1_jac_add_affine(out, a, &pb);
}

static void g1_sub_aff(void *out, const void *a, const void *b)
{
    g1_affine_t pb;
    memcpy(&pb, b, sizeof pb);
    g1_affine_neg(&pb, &pb);
    g1_jac_add_affine(out, a, &pb);
}

static void g1_dbl(void *out, const void *p)
{
    g1_jac_dbl(out, p);
}

const cpu_group cpu_group_g1 = {
    .id = G16K_G1,
    .name = "G1",
    .wire_bytes = 96,
    .affine_size = sizeof(g1_affine_t),
    .jac_size = sizeof(g1_jac_t),
    .affine_decode = g1_decode,
    .jac_encode = g1_encode,
    .jac_set_inf = g1_set_inf,
    .jac_is_inf = g1_is_inf,
    .jac_add = g1_add,
    .jac_add_affine = g1_add_aff,
    .jac_sub_affine = g1_sub_aff,
    .jac_dbl = g1_dbl,
    .fe_size = sizeof(fp_t),
};
