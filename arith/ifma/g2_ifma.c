/*
 * G2 bucket arithmetic in radix 2^52, eight lanes (ifma.h): mixed addition Jacobian + affine
 * (EFD madd-2007-bl) and doubling (EFD dbl-2009-l), the same formulas as the reference
 * arith/bls12_381/g2.c, so that every lane agrees with it bit for bit after conversion.
 *
 * Special cases are handled per lane, never by branching the vector code: a point at infinity
 * keeps the bucket, an empty bucket takes the point (blends); H = 0 (bucket == +-point) is found
 * by a cheap filter on HH = H^2 and an exact test, and those lanes are recomputed by the scalar
 * reference, which doubles or returns infinity. With random inputs H = 0 never happens, so the
 * scalar path costs nothing; the choice keeps a second (doubling) formula out of every add.
 *
 * Buckets stay in radix 2^52 between calls (array of structures, g2_jac_r52); each call
 * gathers 8 of them into structure-of-arrays blocks, and converts the 8 affine points on load.
 */
#include <string.h>

#include "ifma.h"
#include "r52_block.h"

/* Eight Jacobian points, one coordinate block per Fp: [x0, x1, y0, y1, z0, z1][limb][lane]. */
typedef struct {
    _Alignas(64) uint64_t c[6][R52_LIMBS * IFMA_LANES];
} g2_soa;

typedef struct {
    vfp2 x, y, z;
} vg2;

static void soa_load(vg2 *r, const g2_soa *s)
{
    vfp_load(&r->x.c0, s->c[0]);
    vfp_load(&r->x.c1, s->c[1]);
    vfp_load(&r->y.c0, s->c[2]);
    vfp_load(&r->y.c1, s->c[3]);
    vfp_load(&r->z.c0, s->c[4]);
    vfp_load(&r->z.c1, s->c[5]);
}

static void soa_store(g2_soa *s, const vg2 *a)
{
    vfp_store(s->c[0], &a->x.c0);
    vfp_store(s->c[1], &a->x.c1);
    vfp_store(s->c[2], &a->y.c0);
    vfp_store(s->c[3], &a->y.c1);
    vfp_store(s->c[4], &a->z.c0);
    vfp_store(s->c[5], &a->z.c1);
}

/* Bucket idx[k] -> lane k (8 x 8 transpose per coordinate); lanes >= n get infinity. */
static void gather(g2_soa *s, const g2_jac_r52 *buckets, const uint32_t *idx, unsigned n)
{
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const uint64_t *b = k < n ? &buckets[idx[k]].x[0][0] : NULL;
        for (int c = 0; c < 6; c++)
            for (int j = 0; j < R52_LIMBS; j++)
                s->c[c][8 * j + k] = b ? b[8 * c + j] : 0;
    }
}

static void scatter(g2_jac_r52 *buckets, const uint32_t *idx, unsigned n, const g2_soa *s)
{
    for (unsigned k = 0; k < n; k++) {
        uint64_t *b = &buckets[idx[k]].x[0][0];
        for (int c = 0; c < 6; c++)
            for (int j = 0; j < R52_LIMBS; j++)
                b[8 * c + j] = s->c[c][8 * j + k];
    }
}

static void soa_to_jac(g2_jac_t out[IFMA_LANES], const g2_soa *s)
{
    fp_t t[6][IFMA_LANES];
    for (int c = 0; c < 6; c++)
        r52_block_to_fp(t[c], s->c[c]);
    for (int k = 0; k < IFMA_LANES; k++) {
        out[k].x.c0 = t[0][k];
        out[k].x.c1 = t[1][k];
        out[k].y.c0 = t[2][k];
        out[k].y.c1 = t[3][k];
        out[k].z.c0 = t[4][k];
        out[k].z.c1 = t[5][k];
    }
}

static void soa_from_jac(g2_soa *s, const g2_jac_t in[IFMA_LANES])
{
    const fp_t *p[IFMA_LANES];
    for (int c = 0; c < 6; c++) {
        for (int k = 0; k < IFMA_LANES; k++) {
            const fp2_t *f = c < 2 ? &in[k].x : c < 4 ? &in[k].y : &in[k].z;
            p[k] = (c & 1) ? &f->c1 : &f->c0;
        }
        r52_block_from_fp(s->c[c], p);
    }
}

/* (1, 1, 0) like the reference's set_inf, so that conversions of an untouched bucket match it
 * bit for bit; only Z = 0 matters to the arithmetic. */
void g2_ifma_set_inf(g2_jac_r52 *b)
{
    memset(b, 0, sizeof *b);
    memcpy(b->x[0], VFP_ONE, sizeof VFP_ONE);
    memcpy(b->y[0], VFP_ONE, sizeof VFP_ONE);
}

void g2_ifma_from_jac(g2_jac_r52 *out, const g2_jac_t *in, size_t n)
{
    static const uint32_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g2_soa s;
    g2_jac_t tmp[IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        memset(tmp, 0, sizeof tmp);
        memcpy(tmp, in + i, m * sizeof *in);
        soa_from_jac(&s, tmp);
        scatter(out + i, lane_idx, m, &s);
    }
}

void g2_ifma_to_jac(g2_jac_t *out, const g2_jac_r52 *in, size_t n)
{
    static const uint32_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g2_soa s;
    g2_jac_t tmp[IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        gather(&s, in + i, lane_idx, m);
        soa_to_jac(tmp, &s);
        memcpy(out + i, tmp, m * sizeof *out);
    }
}

/* Lanes where the Fp2 value a (< 128p per coordinate) is 0 mod p, given sq = a^2 as computed by
 * vfp2_sqr (so each coordinate of sq is k p, k < 4, when a = 0): filter, then exact test. */
static r52m vfp2_is_zero_given_sqr(const vfp2 *a, const vfp2 *sq, r52m lanes)
{
    r52m cand = vfp_maybe_zero(&sq->c0, 4) & vfp_maybe_zero(&sq->c1, 4) & lanes;
    if (cand == 0)
        return 0;
    return cand & vfp_is_zero_exact(&a->c0) & vfp_is_zero_exact(&a->c1);
}

/* madd-2007-bl in 8 lanes, with the bounds of vfp.h (inputs: a < 128p, x2, y2 < 2p); r must
 * not alias a. Among `lanes` (live lanes with a finite point), *inf_a gets those where a is
 * infinity and *h0 those where a is finite and H = 0. Output < 32p per coordinate, meaningless
 * in the lanes of *inf_a and *h0. */
static void vg2_madd(vg2 *r, const vg2 *a, const vfp2 *x2, const vfp2 *y2, r52m lanes, r52m *inf_a,
                     r52m *h0)
{
    vfp2 z1z1, u2, s2, h, rr, hh, i, j, v, t, y1j;
    vfp2_sqr(&z1z1, &a->z); /* < 8p */
    *inf_a = vfp2_is_zero_given_sqr(&a->z, &z1z1, lanes);
    vfp2_mul(&u2, x2, &z1z1); /* U2 = X2 Z1Z1, < 8p */
    vfp2_mul(&s2, y2, &a->z);
    vfp2_mul(&s2, &s2, &z1z1);      /* S2 = Y2 Z1 Z1Z1, < 8p */
    vfp2_sub(&h, &u2, &a->x, 128);  /* H = U2 - X1, < 136p */
    vfp2_sub(&rr, &s2, &a->y, 128); /* S2 - Y1, < 136p */
    vfp2_sqr(&hh, &h);              /* HH, < 8p */
    *h0 = vfp2_is_zero_given_sqr(&h, &hh, (r52m)(lanes & ~*inf_a));
    vfp2_add(&i, &hh, &hh);
    vfp2_add(&i, &i, &i);    /* I = 4 HH, < 32p */
    vfp2_mul(&j, &h, &i);    /* J = H I, < 8p */
    vfp2_add(&rr, &rr, &rr); /* r = 2 (S2 - Y1), < 272p */
    vfp2_mul(&v, &a->x, &i); /* V = X1 I, < 8p */
    vfp2_add(&t, &a->z, &h);
    vfp2_sqr(&t, &t);
    vfp2_sub(&t, &t, &z1z1, 8);
    vfp2_sub(&t, &t, &hh, 8);  /* Z3 = (Z1 + H)^2 - Z1Z1 - HH, < 24p */
    vfp2_mul(&y1j, &a->y, &j); /* before r->y may overwrite a->y */
    r->z = t;
    vfp2_sqr(&t, &rr);
    vfp2_sub(&t, &t, &j, 8);
    vfp2_sub(&t, &t, &v, 8);
    vfp2_sub(&r->x, &t, &v, 8); /* X3 = r^2 - J - 2V, < 32p */
    vfp2_sub(&t, &v, &r->x, 32);
    vfp2_mul(&t, &rr, &t);         /* r (V - X3), < 8p */
    vfp2_add(&y1j, &y1j, &y1j);    /* 2 Y1 J, < 16p */
    vfp2_sub(&r->y, &t, &y1j, 16); /* Y3, < 24p */
}

/* dbl-2009-l in 8 lanes; input < 128p, output < 128p (X3 < 104p, Y3 < 72p, Z3 < 16p). */
static void vg2_dbl(vg2 *r, const vg2 *a)
{
    vfp2 A, B, C, D, E, F, t;
    vfp2_sqr(&A, &a->x); /* < 8p */
    vfp2_sqr(&B, &a->y);
    vfp2_sqr(&C, &B);
    vfp2_add(&D, &a->x, &B);
    vfp2_sqr(&D, &D);
    vfp2_sub(&D, &D, &A, 8);
    vfp2_sub(&D, &D, &C, 8);
    vfp2_add(&D, &D, &D); /* D = 2((X1 + B)^2 - A - C), < 48p */
    vfp2_add(&E, &A, &A);
    vfp2_add(&E, &E, &A); /* E = 3A, < 24p */
    vfp2_sqr(&F, &E);     /* < 8p */
    vfp2_mul(&t, &a->y, &a->z);
    vfp2_add(&r->z, &t, &t); /* Z3 = 2 Y1 Z1, < 16p */
    vfp2_add(&t, &D, &D);
    vfp2_sub(&r->x, &F, &t, 96); /* X3 = F - 2D, < 104p */
    vfp2_sub(&t, &D, &r->x, 104);
    vfp2_mul(&t, &E, &t); /* < 8p */
    vfp2_add(&C, &C, &C);
    vfp2_add(&C, &C, &C);
    vfp2_add(&C, &C, &C);        /* 8C, < 64p */
    vfp2_sub(&r->y, &t, &C, 64); /* Y3 = E (D - X3) - 8C, < 72p */
}

unsigned g2_ifma_bucket_add(g2_jac_r52 *buckets, const uint32_t idx[IFMA_LANES],
                            const g2_affine_t *const pts[IFMA_LANES], unsigned neg_mask, unsigned n)
{
    g2_soa s;
    _Alignas(64) uint64_t pc[4][R52_LIMBS * IFMA_LANES];
    r52m live = (r52m)((1u << n) - 1);
    r52m inf_p = (r52m)~live;
    r52m neg = (r52m)(neg_mask & live);

    gather(&s, buckets, idx, n);
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        static const fp_t zero;
        const g2_affine_t *p = k < n ? pts[k] : NULL;
        if (p && g2_affine_is_inf(p))
            inf_p |= (r52m)(1u << k);
        r52_radix_put(pc[0], (int)k, p ? &p->x.c0 : &zero);
        r52_radix_put(pc[1], (int)k, p ? &p->x.c1 : &zero);
        r52_radix_put(pc[2], (int)k, p ? &p->y.c0 : &zero);
        r52_radix_put(pc[3], (int)k, p ? &p->y.c1 : &zero);
    }

    vg2 a, r;
    vfp2 x2, y2, ny2;
    vfp c;
    soa_load(&a, &s);
    vfp_set_const(&c, VFP_TO_R52);
    vfp_load(&x2.c0, pc[0]);
    vfp_load(&x2.c1, pc[1]);
    vfp_load(&y2.c0, pc[2]);
    vfp_load(&y2.c1, pc[3]);
    vfp_mul(&x2.c0, &x2.c0, &c); /* points into r52, < 2p */
    vfp_mul(&x2.c1, &x2.c1, &c);
    vfp_mul(&y2.c0, &y2.c0, &c);
    vfp_mul(&y2.c1, &y2.c1, &c);
    vfp2 zero2;
    vfp_zero(&zero2.c0);
    vfp_zero(&zero2.c1);
    vfp2_sub(&ny2, &zero2, &y2, 2);
    vfp2_blend(&y2, neg, &y2, &ny2); /* -P = (x, -y) */

    r52m inf_a, h0;
    vg2_madd(&r, &a, &x2, &y2, (r52m)~inf_p, &inf_a, &h0);

    /* Empty bucket (and finite point): the point itself, Z = 1. */
    r52m take_p = (r52m)(inf_a & ~inf_p);
    vfp2 one2;
    vfp_set_const(&one2.c0, VFP_ONE);
    vfp_zero(&one2.c1);
    vfp2_blend(&r.x, take_p, &r.x, &x2);
    vfp2_blend(&r.y, take_p, &r.y, &y2);
    vfp2_blend(&r.z, take_p, &r.z, &one2);
    /* Point at infinity (or idle lane): the bucket unchanged. */
    vfp2_blend(&r.x, inf_p, &r.x, &a.x);
    vfp2_blend(&r.y, inf_p, &r.y, &a.y);
    vfp2_blend(&r.z, inf_p, &r.z, &a.z);
    soa_store(&s, &r);

    unsigned slow = 0;
    if (h0) {
        /* Bucket == +-point in these lanes: the reference doubles or returns infinity. The
         * gathered input is still in buckets[] (not yet scattered). */
        g2_soa in;
        g2_jac_t jac[IFMA_LANES];
        gather(&in, buckets, idx, n);
        soa_to_jac(jac, &in);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            if (!((h0 >> k) & 1))
                continue;
            g2_affine_t q = *pts[k];
            if ((neg >> k) & 1)
                g2_affine_neg(&q, &q);
            g2_jac_add_affine(&jac[k], &jac[k], &q);
            slow++;
        }
        soa_from_jac(&in, jac);
        for (int cc = 0; cc < 6; cc++)
            for (int j = 0; j < R52_LIMBS; j++)
                for (unsigned k = 0; k < IFMA_LANES; k++)
                    if ((h0 >> k) & 1)
                        s.c[cc][8 * j + k] = in.c[cc][8 * j + k];
    }
    scatter(buckets, idx, n, &s);
    return slow;
}

void g2_ifma_bucket_dbl(g2_jac_r52 *buckets, const uint32_t idx[IFMA_LANES], unsigned n)
{
    g2_soa s;
    vg2 a;
    gather(&s, buckets, idx, n);
    soa_load(&a, &s);
    vg2_dbl(&a, &a);
    soa_store(&s, &a);
    scatter(buckets, idx, n, &s);
}

/* Lanes where a = b exactly (a, b < 128p per coordinate). */
static r52m vfp2_eq_exact(const vfp2 *a, const vfp2 *b)
{
    vfp2 d;
    vfp2_sub(&d, a, b, 128);
    return (r52m)(vfp_is_zero_exact(&d.c0) & vfp_is_zero_exact(&d.c1));
}

unsigned g2_ifma_in_subgroup(const g2_affine_t *pts, unsigned n)
{
    _Alignas(64) uint64_t pc[8][R52_LIMBS * IFMA_LANES];
    r52m live = (r52m)((1u << n) - 1);
    /* Idle lanes repeat lane 0 so that every lane computes on a point of the curve. */
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const g2_affine_t *p = &pts[k < n ? k : 0];
        g2_affine_t t;
        g2_affine_psi(&t, p);
        g2_affine_neg(&t, &t); /* the target -psi(P) = [|x|] P */
        const fp_t *c[8] = { &p->x.c0, &p->x.c1, &p->y.c0, &p->y.c1,
                             &t.x.c0,  &t.x.c1,  &t.y.c0,  &t.y.c1 };
        for (int j = 0; j < 8; j++)
            r52_radix_put(pc[j], (int)k, c[j]);
    }
    vfp2 px, py, tx, ty;
    vfp2 *v[4] = { &px, &py, &tx, &ty };
    vfp c;
    vfp_set_const(&c, VFP_TO_R52);
    for (int j = 0; j < 4; j++) {
        vfp_load(&v[j]->c0, pc[2 * j]);
        vfp_load(&v[j]->c1, pc[2 * j + 1]);
        vfp_mul(&v[j]->c0, &v[j]->c0, &c); /* into r52, < 2p */
        vfp_mul(&v[j]->c1, &v[j]->c1, &c);
    }

    /* R = [|x|] P; `exc` as in g1_ifma_in_subgroup (never set for a point of G2). */
    r52m exc = 0, inf_a, h0;
    vg2 acc, t;
    acc.x = px;
    acc.y = py;
    vfp_set_const(&acc.z.c0, VFP_ONE);
    vfp_zero(&acc.z.c1);
    for (int bit = 62; bit >= 0; bit--) {
        vg2_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1) {
            vg2_madd(&t, &acc, &px, &py, live, &inf_a, &h0);
            exc |= inf_a | h0;
            acc = t;
        }
    }
    /* R == target, with Z_R != 0: X_R = tx Z^2 and Y_R = ty Z^3. */
    vfp2 z2, z3;
    vfp2_sqr(&z2, &acc.z);
    vfp2_mul(&z3, &z2, &acc.z);
    vfp2_mul(&tx, &tx, &z2);
    vfp2_mul(&ty, &ty, &z3);
    r52m ok = vfp2_eq_exact(&acc.x, &tx) & vfp2_eq_exact(&acc.y, &ty);
    ok &= (r52m)~vfp2_is_zero_given_sqr(&acc.z, &z2, live);
    return (unsigned)(ok & live & (r52m)~exc);
}
