/*
 * One operation table of the CPU Pippenger driver (msm.h cpu_group): thin adapters from the
 * untyped driver interface to a group's arithmetic (arith/<curve>/curve.h), one source for
 * every group of every curve. The includer defines:
 *   G_VAR           the table's name (cpu_group_g1, cpu_group_g2_bn254, ...)
 *   G_CURVE, G_ID, G_NAME   its curve (G16K_CURVE_*), group (G16K_G1 / G16K_G2) and "G1" / "G2"
 *   G_FN(n)         the group's functions (g1_##n, bn254_g2_##n: curve/jac_decl.h)
 *   G_AFF, G_JAC    its affine and Jacobian types
 *   G_FE            the coordinate field's type (Fp or Fp2), for the batch-affine scratch
 *   G_FP, G_FP_BYTES, G_FP_TO_BYTES_MONT   the base field's type, bytes and Montgomery writer
 * and includes this file once per table; the names are #undef'd at the end.
 */
#include <string.h>

#define G_CAT_(a, b) a##_##b
#define G_CAT(a, b) G_CAT_(a, b)
#define G_S(n) G_CAT(n, G_VAR) /* this table's own static functions */

/* Coordinates of one affine point: x, y in Fp (G1) or in Fp2 (G2, c0 then c1 each). */
#define G_NCOORD (sizeof(G_AFF) / sizeof(G_FP))
#define G_WIRE (G_NCOORD * G_FP_BYTES)

static int G_S(decode)(void *out, const uint8_t *in, uint32_t enc)
{
    uint8_t tmp[G_WIRE];
    memcpy(tmp, in, sizeof tmp);
    return enc == G16K_ENC_CANONICAL ? G_FN(affine_from_bytes_canon)(out, tmp)
                                     : G_FN(affine_from_bytes_mont)(out, tmp);
}

static void G_S(encode)(uint8_t *out, const void *p, uint32_t enc)
{
    if (G_FN(jac_is_inf)(p)) {
        memset(out, 0, G_WIRE);
        return;
    }
    G_AFF a;
    G_FN(jac_to_affine)(&a, p);
    uint8_t tmp[G_WIRE];
    if (enc == G16K_ENC_CANONICAL) {
        G_FN(affine_to_bytes_canon)(tmp, &a);
    } else {
        const G_FP *c = (const G_FP *)(const void *)&a;
        for (size_t i = 0; i < G_NCOORD; i++)
            G_FP_TO_BYTES_MONT(tmp + i * G_FP_BYTES, &c[i]);
    }
    memcpy(out, tmp, sizeof tmp);
}

static void G_S(set_inf)(void *out)
{
    G_FN(jac_set_inf)(out);
}

static int G_S(is_inf)(const void *p)
{
    return G_FN(jac_is_inf)(p);
}

static void G_S(add)(void *out, const void *a, const void *b)
{
    G_FN(jac_add)(out, a, b);
}

/* b may be a lent point at any alignment (bases_borrow_unaligned): read through a copy. */
static void G_S(add_aff)(void *out, const void *a, const void *b)
{
    G_AFF pb;
    memcpy(&pb, b, sizeof pb);
    G_FN(jac_add_affine)(out, a, &pb);
}

static void G_S(sub_aff)(void *out, const void *a, const void *b)
{
    G_AFF pb;
    memcpy(&pb, b, sizeof pb);
    G_FN(affine_neg)(&pb, &pb);
    G_FN(jac_add_affine)(out, a, &pb);
}

static void G_S(dbl)(void *out, const void *p)
{
    G_FN(jac_dbl)(out, p);
}

const cpu_group G_VAR = {
    .curve = G_CURVE,
    .id = G_ID,
    .name = G_NAME,
    .wire_bytes = G_WIRE,
    .affine_size = sizeof(G_AFF),
    .jac_size = sizeof(G_JAC),
    .affine_decode = G_S(decode),
    .jac_encode = G_S(encode),
    .jac_set_inf = G_S(set_inf),
    .jac_is_inf = G_S(is_inf),
    .jac_add = G_S(add),
    .jac_add_affine = G_S(add_aff),
    .jac_sub_affine = G_S(sub_aff),
    .jac_dbl = G_S(dbl),
    .fe_size = sizeof(G_FE),
};

#undef G_CAT_
#undef G_CAT
#undef G_S
#undef G_NCOORD
#undef G_WIRE
#undef G_VAR
#undef G_CURVE
#undef G_ID
#undef G_NAME
#undef G_FN
#undef G_AFF
#undef G_JAC
#undef G_FE
#undef G_FP
#undef G_FP_BYTES
#undef G_FP_TO_BYTES_MONT
