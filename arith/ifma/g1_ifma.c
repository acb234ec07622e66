/*
 * G1 bucket arithmetic in radix 2^52, eight lanes (ifma.h): g2_ifma.c over Fp instead of Fp2,
 * same formulas as arith/bls12_381/g1.c (madd-2007-bl, dbl-2009-l), same special-case handling
 * (blends for infinity, exact H = 0 detection and the scalar reference for those lanes).
 * On G1 the vector path competes with a good scalar mulx multiplier, so it pays less than on G2.
 */
#include <string.h>

#include "ifma.h"
#include "r52_block.h"

/* Eight Jacobian points, one block per coordinate: [x, y, z][limb][lane]. */
typedef struct {
    _Alignas(64) uint64_t c[3][R52_LIMBS * IFMA_LANES];
} g1_soa;

typedef struct {
    vfp x, y, z;
} vg1;

static void soa_load(vg1 *r, const g1_soa *s)
{
    vfp_load(&r->x, s->c[0]);
    vfp_load(&r->y, s->c[1]);
    vfp_load(&r->z, s->c[2]);
}

static void soa_store(g1_soa *s, const vg1 *a)
{
    vfp_store(s->c[0], &a->x);
    vfp_store(s->c[1], &a->y);
    vfp_store(s->c[2], &a->z);
}

/* Bucket idx[k] -> lane k; lanes >= n get infinity. */
static void gather(g1_soa *s, const g1_jac_r52 *buckets, const uint32_t *idx, unsigned n)
{
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const uint64_t *b = k < n ? &buckets[idx[k]].x[0] : NULL;
        for (int c = 0; c < 3; c++)
            for (int j = 0; j < R52_LIMBS; j++)
                s->c[c][8 * j + k] = b ? b[8 * c + j] : 0;
    }
}

static void scatter(g1_jac_r52 *buckets, const uint32_t *idx, unsigned n, const g1_soa *s)
{
    for (unsigned k = 0; k < n; k++) {
        uint64_t *b = &buckets[idx[k]].x[0];
        for (int c = 0; c < 3; c++)
            for (int j = 0; j < R52_LIMBS; j++)
                b[8 * c + j] = s->c[c][8 * j + k];
    }
}

static void soa_to_jac(g1_jac_t out[IFMA_LANES], const g1_soa *s)
{
    fp_t t[3][IFMA_LANES];
    for (int c = 0; c < 3; c++)
        r52_block_to_fp(t[c], s->c[c]);
    for (int k = 0; k < IFMA_LANES; k++) {
        out[k].x = t[0][k];
        out[k].y = t[1][k];
        out[k].z = t[2][k];
    }
}

static void soa_from_jac(g1_soa *s, const g1_jac_t in[IFMA_LANES])
{
    const fp_t *p[IFMA_LANES];
    for (int c = 0; c < 3; c++) {
        for (int k = 0; k < IFMA_LANES; k++)
            p[k] = c == 0 ? &in[k].x : c == 1 ? &in[k].y : &in[k].z;
        r52_block_from_fp(s->c[c], p);
    }
}

/* (1, 1, 0) like the reference's set_inf, so that conversions of an untouched bucket match it
 * bit for bit; only Z = 0 matters to the arithmetic. */
void g1_ifma_set_inf(g1_jac_r52 *b)
{
    memset(b, 0, sizeof *b);
    memcpy(b->x, VFP_ONE, sizeof VFP_ONE);
    memcpy(b->y, VFP_ONE, sizeof VFP_ONE);
}

void g1_ifma_from_jac(g1_jac_r52 *out, const g1_jac_t *in, size_t n)
{
    static const uint32_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g1_soa s;
    g1_jac_t tmp[IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        memset(tmp, 0, sizeof tmp);
        memcpy(tmp, in + i, m * sizeof *in);
        soa_from_jac(&s, tmp);
        scatter(out + i, lane_idx, m, &s);
    }
}

void g1_ifma_to_jac(g1_jac_t *out, const g1_jac_r52 *in, size_t n)
{
    static const uint32_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g1_soa s;
    g1_jac_t tmp[IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        gather(&s, in + i, lane_idx, m);
        soa_to_jac(tmp, &s);
        memcpy(out + i, tmp, m * sizeof *out);
    }
}

/* Lanes (among `lanes`) where a (< 128p) is 0 mod p, given sq = a^2 from vfp_mul (k p with
 * k < 2 when a = 0): filter, then exact test. */
static r52m vfp_is_zero_given_sqr(const vfp *a, const vfp *sq, r52m lanes)
{
    r52m cand = vfp_maybe_zero(sq, 4) & lanes;
    if (cand == 0)
        return 0;
    return cand & vfp_is_zero_exact(a);
}

/* madd-2007-bl, 8 lanes; a < 128p, x2, y2 < 2p; r must not alias a; output < 8p. Masks as in
 * g2_ifma.c's vg2_madd. */
static void vg1_madd(vg1 *r, const vg1 *a, const vfp *x2, const vfp *y2, r52m lanes, r52m *inf_a,
                     r52m *h0)
{
    vfp z1z1, u2, s2, h, rr, hh, i, j, v, t, y1j;
    vfp_mul(&z1z1, &a->z, &a->z); /* < 2p */
    *inf_a = vfp_is_zero_given_sqr(&a->z, &z1z1, lanes);
    vfp_mul(&u2, x2, &z1z1); /* U2, < 2p */
    vfp_mul(&s2, y2, &a->z);
    vfp_mul(&s2, &s2, &z1z1);      /* S2, < 2p */
    vfp_sub(&h, &u2, &a->x, 128);  /* H, < 130p */
    vfp_sub(&rr, &s2, &a->y, 128); /* < 130p */
    vfp_mul(&hh, &h, &h);          /* HH, < 2p */
    *h0 = vfp_is_zero_given_sqr(&h, &hh, (r52m)(lanes & ~*inf_a));
    vfp_add(&i, &hh, &hh);
    vfp_add(&i, &i, &i);    /* I = 4 HH, < 8p */
    vfp_mul(&j, &h, &i);    /* J, < 2p */
    vfp_add(&rr, &rr, &rr); /* r, < 260p */
    vfp_mul(&v, &a->x, &i); /* V, < 2p */
    vfp_add(&t, &a->z, &h);
    vfp_mul(&t, &t, &t);
    vfp_sub(&t, &t, &z1z1, 2);
    vfp_sub(&r->z, &t, &hh, 2); /* Z3, < 6p */
    vfp_mul(&y1j, &a->y, &j);
    vfp_mul(&t, &rr, &rr);
    vfp_sub(&t, &t, &j, 2);
    vfp_sub(&t, &t, &v, 2);
    vfp_sub(&r->x, &t, &v, 2); /* X3 = r^2 - J - 2V, < 8p */
    vfp_sub(&t, &v, &r->x, 8);
    vfp_mul(&t, &rr, &t);        /* < 2p */
    vfp_add(&y1j, &y1j, &y1j);   /* < 4p */
    vfp_sub(&r->y, &t, &y1j, 4); /* Y3, < 6p */
}

/* dbl-2009-l, 8 lanes; input < 128p, output < 32p (X3 < 26p, Y3 < 18p, Z3 < 4p). */
static void vg1_dbl(vg1 *r, const vg1 *a)
{
    vfp A, B, C, D, E, F, t;
    vfp_mul(&A, &a->x, &a->x);
    vfp_mul(&B, &a->y, &a->y);
    vfp_mul(&C, &B, &B);
    vfp_add(&D, &a->x, &B);
    vfp_mul(&D, &D, &D);
    vfp_sub(&D, &D, &A, 2);
    vfp_sub(&D, &D, &C, 2);
    vfp_add(&D, &D, &D); /* D, < 12p */
    vfp_add(&E, &A, &A);
    vfp_add(&E, &E, &A); /* E = 3A, < 6p */
    vfp_mul(&F, &E, &E);
    vfp_mul(&t, &a->y, &a->z);
    vfp_add(&r->z, &t, &t); /* Z3 = 2 Y1 Z1, < 4p */
    vfp_add(&t, &D, &D);
    vfp_sub(&r->x, &F, &t, 24); /* X3 = F - 2D, < 26p */
    vfp_sub(&t, &D, &r->x, 26);
    vfp_mul(&t, &E, &t);
    vfp_add(&C, &C, &C);
    vfp_add(&C, &C, &C);
    vfp_add(&C, &C, &C);        /* 8C, < 16p */
    vfp_sub(&r->y, &t, &C, 16); /* Y3, < 18p */
}

unsigned g1_ifma_bucket_add(g1_jac_r52 *buckets, const uint32_t idx[IFMA_LANES],
                            const g1_affine_t *const pts[IFMA_LANES], unsigned neg_mask, unsigned n)
{
    g1_soa s;
    _Alignas(64) uint64_t pc[2][R52_LIMBS * IFMA_LANES];
    r52m live = (r52m)((1u << n) - 1);
    r52m inf_p = (r52m)~live;
    r52m neg = (r52m)(neg_mask & live);

    gather(&s, buckets, idx, n);
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        static const fp_t zero;
        const g1_affine_t *p = k < n ? pts[k] : NULL;
        if (p && g1_affine_is_inf(p))
            inf_p |= (r52m)(1u << k);
        r52_radix_put(pc[0], (int)k, p ? &p->x : &zero);
        r52_radix_put(pc[1], (int)k, p ? &p->y : &zero);
    }

    vg1 a, r;
    vfp x2, y2, ny2, c, zero, one;
    soa_load(&a, &s);
    vfp_set_const(&c, VFP_TO_R52);
    vfp_load(&x2, pc[0]);
    vfp_load(&y2, pc[1]);
    vfp_mul(&x2, &x2, &c); /* points into r52, < 2p */
    vfp_mul(&y2, &y2, &c);
    vfp_zero(&zero);
    vfp_sub(&ny2, &zero, &y2, 2);
    vfp_blend(&y2, neg, &y2, &ny2); /* -P = (x, -y) */

    r52m inf_a, h0;
    vg1_madd(&r, &a, &x2, &y2, (r52m)~inf_p, &inf_a, &h0);

    r52m take_p = (r52m)(inf_a & ~inf_p);
    vfp_set_const(&one, VFP_ONE);
    vfp_blend(&r.x, take_p, &r.x, &x2);
    vfp_blend(&r.y, take_p, &r.y, &y2);
    vfp_blend(&r.z, take_p, &r.z, &one);
    vfp_blend(&r.x, inf_p, &r.x, &a.x);
    vfp_blend(&r.y, inf_p, &r.y, &a.y);
    vfp_blend(&r.z, inf_p, &r.z, &a.z);
    soa_store(&s, &r);

    unsigned slow = 0;
    if (h0) {
        g1_soa in;
        g1_jac_t jac[IFMA_LANES];
        gather(&in, buckets, idx, n);
        soa_to_jac(jac, &in);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            if (!((h0 >> k) & 1))
                continue;
            g1_affine_t q = *pts[k];
            if ((neg >> k) & 1)
                g1_affine_neg(&q, &q);
            g1_jac_add_affine(&jac[k], &jac[k], &q);
            slow++;
        }
        soa_from_jac(&in, jac);
        for (int cc = 0; cc < 3; cc++)
            for (int j = 0; j < R52_LIMBS; j++)
                for (unsigned k = 0; k < IFMA_LANES; k++)
                    if ((h0 >> k) & 1)
                        s.c[cc][8 * j + k] = in.c[cc][8 * j + k];
    }
    scatter(buckets, idx, n, &s);
    return slow;
}

void g1_ifma_bucket_dbl(g1_jac_r52 *buckets, const uint32_t idx[IFMA_LANES], unsigned n)
{
    g1_soa s;
    vg1 a;
    gather(&s, buckets, idx, n);
    soa_load(&a, &s);
    vg1_dbl(&a, &a);
    soa_store(&s, &a);
    scatter(buckets, idx, n, &s);
}

/* add-2007-bl, 8 lanes: r = a + b, Jacobian, inputs < 128p; r must not alias a or b. b must be
 * finite in every lane of `lanes` (the caller tests it once). Among `lanes`, *exc gets those
 * where a is infinity or H = 0 (a = +-b), both found exactly; output < 8p, meaningless there. */
static void vg1_add(vg1 *r, const vg1 *a, const vg1 *b, r52m lanes, r52m *exc)
{
    vfp z1z1, z2z2, u1, u2, s1, s2, h, rr, hh, i, j, v, t;
    vfp_mul(&z1z1, &a->z, &a->z); /* < 2p */
    vfp_mul(&z2z2, &b->z, &b->z);
    r52m inf_a = vfp_is_zero_given_sqr(&a->z, &z1z1, lanes);
    vfp_mul(&u1, &a->x, &z2z2); /* U1 */
    vfp_mul(&u2, &b->x, &z1z1); /* U2 */
    vfp_mul(&s1, &a->y, &b->z);
    vfp_mul(&s1, &s1, &z2z2); /* S1 */
    vfp_mul(&s2, &b->y, &a->z);
    vfp_mul(&s2, &s2, &z1z1);  /* S2, all < 2p */
    vfp_sub(&h, &u2, &u1, 2);  /* H, < 4p */
    vfp_sub(&rr, &s2, &s1, 2); /* < 4p */
    vfp_mul(&hh, &h, &h);      /* < 2p */
    *exc = inf_a | vfp_is_zero_given_sqr(&h, &hh, (r52m)(lanes & ~inf_a));
    vfp_add(&i, &hh, &hh);
    vfp_add(&i, &i, &i);    /* I = (2H)^2, < 8p */
    vfp_mul(&j, &h, &i);    /* J */
    vfp_add(&rr, &rr, &rr); /* r = 2(S2 - S1), < 8p */
    vfp_mul(&v, &u1, &i);   /* V */
    vfp_mul(&t, &rr, &rr);
    vfp_sub(&t, &t, &j, 2);
    vfp_sub(&t, &t, &v, 2);
    vfp_sub(&r->x, &t, &v, 2); /* X3 = r^2 - J - 2V, < 8p */
    vfp_sub(&t, &v, &r->x, 8);
    vfp_mul(&t, &rr, &t);
    vfp_mul(&s1, &s1, &j);
    vfp_add(&s1, &s1, &s1);     /* 2 S1 J, < 4p */
    vfp_sub(&r->y, &t, &s1, 4); /* Y3 = r(V - X3) - 2 S1 J, < 6p */
    vfp_add(&t, &a->z, &b->z);
    vfp_mul(&t, &t, &t);
    vfp_sub(&t, &t, &z1z1, 2);
    vfp_sub(&t, &t, &z2z2, 2);
    vfp_mul(&r->z, &t, &h); /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H, < 2p */
}

/* Lanes where a = b exactly (a, b < 128p). */
static r52m vfp_eq_exact(const vfp *a, const vfp *b)
{
    vfp d;
    vfp_sub(&d, a, b, 128);
    return vfp_is_zero_exact(&d);
}

unsigned g1_ifma_in_subgroup(const g1_affine_t *pts, unsigned n)
{
    _Alignas(64) uint64_t pc[4][R52_LIMBS * IFMA_LANES];
    r52m live = (r52m)((1u << n) - 1);
    /* Idle lanes repeat lane 0 so that every lane computes on a point of the curve. */
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const g1_affine_t *p = &pts[k < n ? k : 0];
        g1_affine_t t;
        g1_affine_sigma(&t, p);
        g1_affine_neg(&t, &t); /* the target -sigma(P) = [x^2] P */
        r52_radix_put(pc[0], (int)k, &p->x);
        r52_radix_put(pc[1], (int)k, &p->y);
        r52_radix_put(pc[2], (int)k, &t.x);
        r52_radix_put(pc[3], (int)k, &t.y);
    }
    vfp px, py, tx, ty, c;
    vfp_set_const(&c, VFP_TO_R52);
    vfp_load(&px, pc[0]);
    vfp_load(&py, pc[1]);
    vfp_load(&tx, pc[2]);
    vfp_load(&ty, pc[3]);
    vfp_mul(&px, &px, &c); /* into r52, < 2p */
    vfp_mul(&py, &py, &c);
    vfp_mul(&tx, &tx, &c);
    vfp_mul(&ty, &ty, &c);

    /* Q = [|x|] P: every lane of `exc` met a case the formulas do not cover (never for a point
     * of G1: the partial multiples [k] P, k < 2^64 < r, are neither O nor +-P). */
    r52m exc = 0, inf_a, h0;
    vg1 acc, t, q;
    acc.x = px;
    acc.y = py;
    vfp_set_const(&acc.z, VFP_ONE);
    for (int bit = 62; bit >= 0; bit--) {
        vg1_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1) {
            vg1_madd(&t, &acc, &px, &py, live, &inf_a, &h0);
            exc |= inf_a | h0;
            acc = t;
        }
    }
    q = acc;
    exc |= (r52m)(vfp_is_zero_exact(&q.z) & live);
    /* R = [|x|] Q = [x^2] P */
    for (int bit = 62; bit >= 0; bit--) {
        vg1_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1) {
            vg1_add(&t, &acc, &q, (r52m)(live & ~exc), &h0);
            exc |= h0;
            acc = t;
        }
    }
    /* R == target, with Z_R != 0: X_R = tx Z^2 and Y_R = ty Z^3. */
    vfp z2, z3;
    vfp_mul(&z2, &acc.z, &acc.z);
    vfp_mul(&z3, &z2, &acc.z);
    vfp_mul(&tx, &tx, &z2);
    vfp_mul(&ty, &ty, &z3);
    r52m ok = vfp_eq_exact(&acc.x, &tx) & vfp_eq_exact(&acc.y, &ty);
    ok &= (r52m)~vfp_is_zero_exact(&acc.z);
    return (unsigned)(ok & live & (r52m)~exc);
}
