/*
 * The one source of a curve's entry in the core's table (curve.h), included once by each curve's
 * file (bls12_381.c, bn254.c) after it defines:
 *   C_VAR            the entry's name, e.g. curve_bls12_381
 *   C_NAME, C_SNARKJS  its two names
 *   C_ID             its g16k_curve (plugin.h)
 *   C_FP_T, C_FP(n)  Fp's type and function names (mont/field_decl.h), C_FP_LIMBS its limbs,
 *                    C_FP_MODULUS and C_FP_ONE its constants; C_FR_MODULUS Fr's modulus
 *   C_FR_T, C_FR(n)  Fr's type and function names
 *   C_FP2_T, C_FP2(n)  Fp2's (curve/fp2_decl.h)
 *   C_G1A, C_G1J, C_G1(n), C_G2A, C_G2J, C_G2(n)  the groups' types and names (curve/jac_decl.h),
 *                    with affine_in_subgroup
 *   C_FP12_T, C_PAIRING  Fp12's type and the curve's pairing (snarkjs's value)
 *   C_G1_GENERATOR   G1's generator (affine, Montgomery)
 *   C_PAIRING_PRODUCT_IS_ONE  the curve's product-of-pairings test
 * Everything here is static but the entry, so the two instantiations do not meet.
 */
#include <string.h>

#include "curve.h"

/* canonical limbs (< p, the caller's contract) -> Montgomery; 0 when a limb string is >= p */
static int fp_in(C_FP_T *out, const uint64_t *canon)
{
    C_FP_T c;
    memcpy(c.l, canon, sizeof(c.l));
    return C_FP(from_canon)(out, &c) == 0;
}

static void fp_out(uint64_t *canon, const C_FP_T *a)
{
    C_FP_T c;
    C_FP(to_canon)(&c, a);
    memcpy(canon, c.l, sizeof(c.l));
}

static int fp2_in(C_FP2_T *out, const uint64_t *canon)
{
    return fp_in(&out->c0, canon) && fp_in(&out->c1, canon + C_FP_LIMBS);
}

static void fp2_out(uint64_t *canon, const C_FP2_T *a)
{
    fp_out(canon, &a->c0);
    fp_out(canon + C_FP_LIMBS, &a->c1);
}

static int g1_from_xyz(void *out, const uint64_t *x, const uint64_t *y, const uint64_t *z)
{
    C_G1A p;
    C_FP_T X, Y, Z;
    memset(&p, 0, sizeof(p));
    if (!fp_in(&Z, z)) {
        memcpy(out, &p, sizeof(p));
        return CURVE_PT_OFF_CURVE; /* not a field element: on no curve */
    }
    int rc = CURVE_PT_OK;
    if (!C_FP(is_zero)(&Z)) {
        if (!fp_in(&X, x) || !fp_in(&Y, y)) {
            rc = CURVE_PT_OFF_CURVE;
        } else if (C_FP(eq)(&Z, &C_FP_ONE)) {
            p.x = X;
            p.y = Y;
        } else {
            C_FP_T zi, zi2, zi3;
            C_FP(inv)(&zi, &Z);
            C_FP(sqr)(&zi2, &zi);
            C_FP(mul)(&zi3, &zi2, &zi);
            C_FP(mul)(&p.x, &X, &zi2);
            C_FP(mul)(&p.y, &Y, &zi3);
        }
        if (rc == CURVE_PT_OK && !C_G1(affine_is_on_curve)(&p))
            rc = CURVE_PT_OFF_CURVE;
        else if (rc == CURVE_PT_OK && !C_G1(affine_in_subgroup)(&p))
            rc = CURVE_PT_OUTSIDE_SUBGROUP;
    }
    memcpy(out, &p, sizeof(p));
    return rc;
}

static int g2_from_xyz(void *out, const uint64_t *x, const uint64_t *y, const uint64_t *z)
{
    C_G2A p;
    C_FP2_T X, Y, Z, one;
    memset(&p, 0, sizeof(p));
    if (!fp2_in(&Z, z)) {
        memcpy(out, &p, sizeof(p));
        return CURVE_PT_OFF_CURVE;
    }
    int rc = CURVE_PT_OK;
    C_FP2(set_one)(&one);
    if (!C_FP2(is_zero)(&Z)) {
        if (!fp2_in(&X, x) || !fp2_in(&Y, y)) {
            rc = CURVE_PT_OFF_CURVE;
        } else if (C_FP2(eq)(&Z, &one)) {
            p.x = X;
            p.y = Y;
        } else {
            C_FP2_T zi, zi2, zi3;
            C_FP2(inv)(&zi, &Z);
            C_FP2(sqr)(&zi2, &zi);
            C_FP2(mul)(&zi3, &zi2, &zi);
            C_FP2(mul)(&p.x, &X, &zi2);
            C_FP2(mul)(&p.y, &Y, &zi3);
        }
        if (rc == CURVE_PT_OK && !C_G2(affine_is_on_curve)(&p))
            rc = CURVE_PT_OFF_CURVE;
        else if (rc == CURVE_PT_OK && !C_G2(affine_in_subgroup)(&p))
            rc = CURVE_PT_OUTSIDE_SUBGROUP;
    }
    memcpy(out, &p, sizeof(p));
    return rc;
}

static int g1_from_mont_bytes(void *out, const uint8_t *in)
{
    C_G1A p;
    int rc = CURVE_PT_OK;
    if (C_G1(affine_from_bytes_mont)(&p, in) != 0) {
        memset(&p, 0, sizeof(p));
        rc = CURVE_PT_NOT_BELOW_P;
    } else if (!C_G1(affine_is_inf)(&p)) {
        if (!C_G1(affine_is_on_curve)(&p))
            rc = CURVE_PT_OFF_CURVE;
        else if (!C_G1(affine_in_subgroup)(&p))
            rc = CURVE_PT_OUTSIDE_SUBGROUP;
    }
    memcpy(out, &p, sizeof(p));
    return rc;
}

static int g2_from_mont_bytes(void *out, const uint8_t *in)
{
    C_G2A p;
    int rc = CURVE_PT_OK;
    if (C_G2(affine_from_bytes_mont)(&p, in) != 0) {
        memset(&p, 0, sizeof(p));
        rc = CURVE_PT_NOT_BELOW_P;
    } else if (!C_G2(affine_is_inf)(&p)) {
        if (!C_G2(affine_is_on_curve)(&p))
            rc = CURVE_PT_OFF_CURVE;
        else if (!C_G2(affine_in_subgroup)(&p))
            rc = CURVE_PT_OUTSIDE_SUBGROUP;
    }
    memcpy(out, &p, sizeof(p));
    return rc;
}

static void pairing_canon(uint64_t *out, const void *pp, const void *qq)
{
    C_G1A p;
    C_G2A q;
    C_FP12_T e;
    memcpy(&p, pp, sizeof(p));
    memcpy(&q, qq, sizeof(q));
    C_PAIRING(&e, &p, &q);
    const C_FP2_T *c[6] = { &e.c0.c0, &e.c0.c1, &e.c0.c2, &e.c1.c0, &e.c1.c1, &e.c1.c2 };
    for (int i = 0; i < 6; i++)
        fp2_out(out + 2 * i * C_FP_LIMBS, c[i]);
}

static void g1_to_xyz(uint64_t *x, uint64_t *y, uint64_t *z, const void *pt)
{
    C_G1A p;
    memcpy(&p, pt, sizeof(p));
    memset(x, 0, C_FP_LIMBS * sizeof(uint64_t));
    memset(y, 0, C_FP_LIMBS * sizeof(uint64_t));
    memset(z, 0, C_FP_LIMBS * sizeof(uint64_t));
    if (C_G1(affine_is_inf)(&p)) {
        y[0] = 1;
        return;
    }
    fp_out(x, &p.x);
    fp_out(y, &p.y);
    z[0] = 1;
}

static void g2_to_xyz(uint64_t *x, uint64_t *y, uint64_t *z, const void *pt)
{
    C_G2A p;
    memcpy(&p, pt, sizeof(p));
    memset(x, 0, 2 * C_FP_LIMBS * sizeof(uint64_t));
    memset(y, 0, 2 * C_FP_LIMBS * sizeof(uint64_t));
    memset(z, 0, 2 * C_FP_LIMBS * sizeof(uint64_t));
    if (C_G2(affine_is_inf)(&p)) {
        y[0] = 1;
        return;
    }
    fp2_out(x, &p.x);
    fp2_out(y, &p.y);
    z[0] = 1;
}

static int g1_is_inf(const void *pt)
{
    C_G1A p;
    memcpy(&p, pt, sizeof(p));
    return C_G1(affine_is_inf)(&p);
}

static int g2_is_inf(const void *pt)
{
    C_G2A p;
    memcpy(&p, pt, sizeof(p));
    return C_G2(affine_is_inf)(&p);
}

/* Fr through curve_scalar holders: copied in and out (the curve's own type may differ). */
static void fr_from_canon_(curve_scalar *out, const curve_scalar *canon)
{
    C_FR_T c, m;
    memcpy(c.l, canon->l, sizeof(c.l));
    (void)C_FR(from_canon)(&m, &c); /* < r: the caller's contract */
    memcpy(out->l, m.l, sizeof(m.l));
}

static void fr_to_dec_(char *buf, const curve_scalar *a)
{
    C_FR_T x;
    memcpy(x.l, a->l, sizeof(x.l));
    C_FR(to_dec)(buf, &x);
}

static void dot_terms(C_FR_T *acc, const uint8_t *terms, uint64_t n, const curve_scalar *w)
{
    C_FR_T coef, x;
    memset(acc, 0, sizeof(*acc));
    for (uint64_t i = 0; i < n; i++, terms += CURVE_TERM_BYTES) {
        uint32_t wire = (uint32_t)terms[0] | (uint32_t)terms[1] << 8 | (uint32_t)terms[2] << 16 |
                        (uint32_t)terms[3] << 24;
        for (int k = 0; k < 4; k++) {
            uint64_t v = 0;
            for (int b = 7; b >= 0; b--)
                v = v << 8 | terms[4 + 8 * k + b];
            coef.l[k] = v;
        }
        (void)C_FR(from_canon)(&coef, &coef); /* < r: the caller's contract */
        memcpy(x.l, w[wire].l, sizeof(x.l));
        C_FR(mul)(&x, &coef, &x);
        C_FR(add)(acc, acc, &x);
    }
}

static int fr_constraint_(curve_scalar abc[3], const uint8_t *const terms[3], const uint64_t n[3],
                          const curve_scalar *w)
{
    C_FR_T v[3], ab;
    for (int L = 0; L < 3; L++) {
        dot_terms(&v[L], terms[L], n[L], w);
        memcpy(abc[L].l, v[L].l, sizeof(v[L].l));
    }
    C_FR(mul)(&ab, &v[0], &v[1]);
    return memcmp(ab.l, v[2].l, sizeof(ab.l)) == 0; /* reduced forms: one per value */
}

/* Points are copied in with memcpy: the callers' holders (curve_g1, a key's arrays) are of
 * other types, and an array's stride is the caller's. */
static int groth16_check(const void *a, const void *b, const void *c, const void *alpha1,
                         const void *beta2, const void *gamma2, const void *delta2, const void *ic,
                         size_t ic_stride, size_t n_ic, const curve_scalar *pub, size_t n_pub)
{
    C_G1A p[4], t_aff;
    C_G2A q[4];
    C_G1J acc, t;

    if (n_ic == 0 || n_pub > n_ic - 1)
        return 0;
    memcpy(&t_aff, ic, sizeof(t_aff));
    C_G1(jac_from_affine)(&acc, &t_aff);
    for (size_t i = 0; i < n_pub; i++) {
        memcpy(&t_aff, (const char *)ic + (i + 1) * ic_stride, sizeof(t_aff));
        C_G1(jac_from_affine)(&t, &t_aff);
        C_G1(jac_mul)(&t, &t, pub[i].l, CURVE_FR_LIMBS);
        C_G1(jac_add)(&acc, &acc, &t);
    }
    memcpy(&t_aff, a, sizeof(t_aff));
    C_G1(affine_neg)(&p[0], &t_aff);
    memcpy(&q[0], b, sizeof(q[0]));
    C_G1(jac_to_affine)(&p[1], &acc);
    memcpy(&q[1], gamma2, sizeof(q[1]));
    memcpy(&p[2], c, sizeof(p[2]));
    memcpy(&q[2], delta2, sizeof(q[2]));
    memcpy(&p[3], alpha1, sizeof(p[3]));
    memcpy(&q[3], beta2, sizeof(q[3]));
    return C_PAIRING_PRODUCT_IS_ONE(p, q, 4);
}

static void fr_mul_sub_(curve_scalar *h, const curve_scalar *a, const curve_scalar *b,
                        const curve_scalar *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        C_FR_T x, y, z;
        memcpy(x.l, a[i].l, sizeof(x.l));
        memcpy(y.l, b[i].l, sizeof(y.l));
        memcpy(z.l, c[i].l, sizeof(z.l));
        C_FR(mul)(&x, &x, &y);
        C_FR(sub)(&x, &x, &z);
        memcpy(h[i].l, x.l, sizeof(x.l));
    }
}

/* out = [k] p, for p affine (bytes of the curve's type), k canonical. */
static void g1_mul_aff(C_G1J *out, const void *p, const curve_scalar *k)
{
    C_G1A pa;
    memcpy(&pa, p, sizeof(pa));
    C_G1(jac_from_affine)(out, &pa);
    C_G1(jac_mul)(out, out, k->l, CURVE_FR_LIMBS);
}

/* q += p, for p affine (bytes of the curve's type). */
static void g1_add_aff(C_G1J *q, const void *p)
{
    C_G1A pa;
    memcpy(&pa, p, sizeof(pa));
    C_G1(jac_add_affine)(q, q, &pa);
}

static void g2_add_aff(C_G2J *q, const void *p)
{
    C_G2A pa;
    memcpy(&pa, p, sizeof(pa));
    C_G2(jac_add_affine)(q, q, &pa);
}

static void groth16_assemble_(void *a, void *b, void *c, const curve_groth16_parts *in,
                              const curve_scalar *r, const curve_scalar *s)
{
    C_G1J pa, b1, pc, t;
    C_G2J pb;
    C_G2A t2;
    C_FR_T rm, sm, rs;
    curve_scalar rs_canon;

    /* A = a0 + alpha1 + r delta1 */
    g1_mul_aff(&pa, in->delta1, r);
    g1_add_aff(&pa, in->alpha1);
    g1_add_aff(&pa, in->a0);
    /* B = b2_0 + beta2 + s delta2 */
    memcpy(&t2, in->delta2, sizeof(t2));
    C_G2(jac_from_affine)(&pb, &t2);
    C_G2(jac_mul)(&pb, &pb, s->l, CURVE_FR_LIMBS);
    g2_add_aff(&pb, in->beta2);
    g2_add_aff(&pb, in->b2_0);
    /* B1 = b1_0 + beta1 + s delta1 */
    g1_mul_aff(&b1, in->delta1, s);
    g1_add_aff(&b1, in->beta1);
    g1_add_aff(&b1, in->b1_0);
    /* C = l0 + h0 + s A + r B1 - (r s) delta1 */
    memcpy(rm.l, r->l, sizeof(rm.l));
    memcpy(sm.l, s->l, sizeof(sm.l));
    (void)C_FR(from_canon)(&rm, &rm); /* < r: the caller's contract */
    (void)C_FR(from_canon)(&sm, &sm);
    C_FR(mul)(&rs, &rm, &sm);
    C_FR(neg)(&rs, &rs);
    C_FR(to_canon)(&rs, &rs);
    memcpy(rs_canon.l, rs.l, sizeof(rs.l));
    g1_mul_aff(&pc, in->delta1, &rs_canon);
    C_G1(jac_mul)(&t, &pa, s->l, CURVE_FR_LIMBS);
    C_G1(jac_add)(&pc, &pc, &t);
    C_G1(jac_mul)(&t, &b1, r->l, CURVE_FR_LIMBS);
    C_G1(jac_add)(&pc, &pc, &t);
    g1_add_aff(&pc, in->l0);
    g1_add_aff(&pc, in->h0);

    C_G1A oa;
    C_G2A ob;
    C_G1(jac_to_affine)(&oa, &pa);
    memcpy(a, &oa, sizeof(oa));
    C_G2(jac_to_affine)(&ob, &pb);
    memcpy(b, &ob, sizeof(ob));
    C_G1(jac_to_affine)(&oa, &pc);
    memcpy(c, &oa, sizeof(oa));
}

_Static_assert(sizeof(C_G1A) == 16 * C_FP_LIMBS && sizeof(C_G2A) == 32 * C_FP_LIMBS,
               "the affine types are snarkjs's binary points, x || y");
_Static_assert(sizeof(C_G1A) <= sizeof(curve_g1) && sizeof(C_G2A) <= sizeof(curve_g2),
               "curve_g1 and curve_g2 hold every curve's points");
_Static_assert(C_FP_LIMBS <= CURVE_FP_MAX_LIMBS, "CURVE_FP_MAX_LIMBS is the largest Fp");
_Static_assert(sizeof(((C_FR_T *)0)->l) == sizeof(((curve_scalar *)0)->l),
               "curve_scalar holds the curve's Fr");

const curve C_VAR = {
    .name = C_NAME,
    .snarkjs = C_SNARKJS,
    .id = C_ID,
    .fp_limbs = C_FP_LIMBS,
    .g1_bytes = sizeof(C_G1A),
    .g2_bytes = sizeof(C_G2A),
    .g1_generator = &C_G1_GENERATOR,
    .p = C_FP_MODULUS.l,
    .r = C_FR_MODULUS.l,
    .g1_from_xyz = g1_from_xyz,
    .g2_from_xyz = g2_from_xyz,
    .g1_from_mont_bytes = g1_from_mont_bytes,
    .g2_from_mont_bytes = g2_from_mont_bytes,
    .g1_to_xyz = g1_to_xyz,
    .g2_to_xyz = g2_to_xyz,
    .g1_is_inf = g1_is_inf,
    .g2_is_inf = g2_is_inf,
    .fr_from_canon = fr_from_canon_,
    .fr_to_dec = fr_to_dec_,
    .fr_constraint = fr_constraint_,
    .pairing_canon = pairing_canon,
    .groth16_check = groth16_check,
    .groth16_assemble = groth16_assemble_,
    .fr_mul_sub = fr_mul_sub_,
};
