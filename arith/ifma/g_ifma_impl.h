/*
 * Private to arith/ifma: the Jacobian bucket arithmetic of ifma.h in radix 2^52, eight lanes
 * (g1_/g2_ifma_set_inf, _from_jac, _to_jac, _bucket_add, _bucket_dbl, _in_subgroup, and
 * _mul_glv through glv_ifma_impl.h), written
 * once and included by g1_ifma.c (G1, over Fp) and g2_ifma.c (G2, over Fp2), one group per
 * file, with these macros defined (undefined at the end):
 *   GI_SFX          g1 or g2 (prefix of the generated functions)
 *   GI_NC           Fp blocks per coordinate: 1 (Fp) or 2 (Fp2)
 *   GI_FE           the vector field type, vfp or vfp2
 *   GI_PART(a, i)   pointer to Fp part i < GI_NC of a vector (GI_FE) or reference (fp_t /
 *                   fp2_t) element a, given as a pointer
 *   GI_AFF, GI_JAC, GI_R52   reference affine and Jacobian point types, the r52 bucket type
 *   GI_AFF_R52      the batch-affine r52 bucket type (ifma.h g1_aff_r52 / g2_aff_r52)
 *   GI_MUL GI_SQR GI_ADD GI_SUB GI_TRIPLE GI_SUB_2B_C GI_BLEND   vfp.h arithmetic with its
 *                   bounds
 *   GI_MB           a bound of every GI_MUL and GI_SQR output, in multiples of p: 2 for Fp,
 *                   8 for Fp2 (above vfp2_mul's 3p and vfp2_sqr's 4p). The subtraction
 *                   constants below are multiples of it; another value would change the r52
 *                   encodings (not the results), so it stays
 *   GI_AFF_IS_INF GI_AFF_NEG GI_JAC_ADD_AFF   the reference point operations (curve.h)
 *   GI_ENDO, GI_X_POW   the subgroup test's endomorphism and exponent: P is in the group iff
 *                   -GI_ENDO(P) = [|x|^GI_X_POW] P (G1: sigma and 2, G2: psi and 1)
 *   GI_REF_FE GI_REF_MUL GI_REF_INV   the reference coordinate field (fp_t, fp2_t), for the
 *                   scalar multiplications of glv_ifma_impl.h
 *
 * The formulas are the reference's (arith/bls12_381/g1.c, g2.c): mixed addition Jacobian +
 * affine (EFD madd-2007-bl) and doubling (EFD dbl-2009-l), so that every lane agrees with it
 * bit for bit after conversion. Special cases are handled per lane, never by branching the
 * vector code: a point at infinity keeps the bucket, an empty bucket takes the point (blends);
 * H = 0 (bucket == +-point) is found by a cheap filter on HH = H^2 and an exact test, and those
 * lanes are recomputed by the scalar reference, which doubles or returns infinity. With random
 * inputs H = 0 never happens, so the scalar path costs nothing; the choice keeps a second
 * (doubling) formula out of every add.
 *
 * Buckets stay in radix 2^52 between calls (array of structures, GI_R52); each call gathers 8
 * of them into structure-of-arrays blocks, and converts the 8 affine points on load. Bounds in
 * the comments are multiples of p, with M = GI_MB.
 */
#include <string.h>

#include "ifma.h"
#include "r52_block.h"

#define GI_CAT_(a, b) a##_##b
#define GI_CAT(a, b) GI_CAT_(a, b)
#define GI_FN(name) GI_CAT(GI_SFX, name)

#define GI_NB (3 * GI_NC)               /* Fp blocks of a Jacobian point: x, y, z */
#define GI_BLK (R52_LIMBS * IFMA_LANES) /* words of one structure-of-arrays block */
/* Fp block c (x parts, then y, then z) of a reference Jacobian point p, or of an affine one */
#define GI_COORD(p, c)                                                                             \
    GI_PART((c) < GI_NC ? &(p)->x : (c) < 2 * GI_NC ? &(p)->y : &(p)->z, (c) % GI_NC)
#define GI_ACOORD(p, c) GI_PART((c) < GI_NC ? &(p)->x : &(p)->y, (c) % GI_NC)

/* gather and scatter walk a bucket as its GI_NB blocks of R52_LIMBS words. */
_Static_assert(sizeof(GI_R52) == GI_NB * R52_LIMBS * sizeof(uint64_t), "GI_R52 is x, y, z");

/* Eight Jacobian points, one block per Fp part of a coordinate: [block][limb][lane]. */
typedef struct {
    _Alignas(64) uint64_t c[GI_NB][GI_BLK];
} g_soa;

typedef struct {
    GI_FE x, y, z;
} vg;

/* r = the GI_NC consecutive blocks at s. */
R52_INLINE void fe_load(GI_FE *r, const uint64_t *s)
{
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        vfp_load(GI_PART(r, i), s + i * GI_BLK);
}

R52_INLINE void fe_store(uint64_t *s, const GI_FE *a)
{
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        vfp_store(s + i * GI_BLK, GI_PART(a, i));
}

/* fe_load of reference values (radix_put blocks, < p) into r52, < 2p; c = VFP_TO_R52. */
R52_INLINE void fe_load_r52(GI_FE *r, const uint64_t *s, const vfp *c)
{
    fe_load(r, s);
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        vfp_mul(GI_PART(r, i), GI_PART(r, i), c);
}

R52_INLINE void fe_zero(GI_FE *r)
{
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        vfp_zero(GI_PART(r, i));
}

R52_INLINE void fe_one(GI_FE *r)
{
    vfp_set_const(GI_PART(r, 0), VFP_ONE);
    R52_UNROLL
    for (int i = 1; i < GI_NC; i++)
        vfp_zero(GI_PART(r, i));
}

/* Lanes where a = 0 mod p, exactly (vfp_is_zero_exact on every part). */
R52_INLINE r52m fe_is_zero_exact(const GI_FE *a)
{
    r52m z = 0xff;
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        z &= vfp_is_zero_exact(GI_PART(a, i));
    return z;
}

static void soa_load(vg *r, const g_soa *s)
{
    fe_load(&r->x, s->c[0]);
    fe_load(&r->y, s->c[GI_NC]);
    fe_load(&r->z, s->c[2 * GI_NC]);
}

static void soa_store(g_soa *s, const vg *a)
{
    fe_store(s->c[0], &a->x);
    fe_store(s->c[GI_NC], &a->y);
    fe_store(s->c[2 * GI_NC], &a->z);
}

static void soa_to_jac(GI_JAC out[IFMA_LANES], const g_soa *s)
{
    fp_t t[GI_NB][IFMA_LANES];
    for (int c = 0; c < GI_NB; c++)
        r52_block_to_fp(t[c], s->c[c]);
    for (int k = 0; k < IFMA_LANES; k++)
        for (int c = 0; c < GI_NB; c++)
            *GI_COORD(&out[k], c) = t[c][k];
}

static void soa_from_jac(g_soa *s, const GI_JAC in[IFMA_LANES])
{
    const fp_t *p[IFMA_LANES];
    for (int c = 0; c < GI_NB; c++) {
        for (int k = 0; k < IFMA_LANES; k++)
            p[k] = GI_COORD(&in[k], c);
        r52_block_from_fp(s->c[c], p);
    }
}

/* s[c] = block c (c < nblk) of the 8 buckets b[k] (R52_LIMBS words a block, in order), lane
 * k from b[k]; a NULL b[k] gives lane k zeros. An 8 x 8 transpose per block. */
static void lanes_transpose(uint64_t (*s)[GI_BLK], int nblk, const uint64_t *const b[IFMA_LANES])
{
    for (unsigned k = 0; k < IFMA_LANES; k++)
        for (int c = 0; c < nblk; c++)
            for (int j = 0; j < R52_LIMBS; j++)
                s[c][8 * j + k] = b[k] ? b[k][R52_LIMBS * c + j] : 0;
}

/* r = b in the lanes of m, a elsewhere (whole points). */
static void vg_blend(vg *r, r52m m, const vg *a, const vg *b)
{
    GI_BLEND(&r->x, m, &a->x, &b->x);
    GI_BLEND(&r->y, m, &a->y, &b->y);
    GI_BLEND(&r->z, m, &a->z, &b->z);
}

#ifndef G16K_IFMA_BN254 /* the bucket entry points: BLS12-381 only (BN254: batch-affine) */
/* Bucket idx[k] -> lane k (8 x 8 transpose per block); lanes >= n get infinity. */
static void gather(g_soa *s, const GI_R52 *buckets, const uint32_t *idx, unsigned n)
{
    const uint64_t *b[IFMA_LANES];
    for (unsigned k = 0; k < IFMA_LANES; k++)
        b[k] = k < n ? (const uint64_t *)(const void *)&buckets[idx[k]] : NULL;
    lanes_transpose(s->c, GI_NB, b);
}

static void scatter(GI_R52 *buckets, const uint32_t *idx, unsigned n, const g_soa *s)
{
    for (unsigned k = 0; k < n; k++) {
        uint64_t *b = (uint64_t *)(void *)&buckets[idx[k]];
        for (int c = 0; c < GI_NB; c++)
            for (int j = 0; j < R52_LIMBS; j++)
                b[8 * c + j] = s->c[c][8 * j + k];
    }
}

/* (1, 1, 0) like the reference's set_inf, so that conversions of an untouched bucket match it
 * bit for bit; only Z = 0 matters to the arithmetic. */
void GI_FN(ifma_set_inf)(GI_R52 *b)
{
    uint64_t *w = (uint64_t *)(void *)b;
    memset(b, 0, sizeof *b);
    memcpy(w, VFP_ONE, sizeof VFP_ONE);
    memcpy(w + GI_NC * R52_LIMBS, VFP_ONE, sizeof VFP_ONE);
}

void GI_FN(ifma_from_jac)(GI_R52 *out, const GI_JAC *in, size_t n)
{
    static const uint32_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g_soa s;
    GI_JAC tmp[IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        memset(tmp, 0, sizeof tmp);
        memcpy(tmp, in + i, m * sizeof *in);
        soa_from_jac(&s, tmp);
        scatter(out + i, lane_idx, m, &s);
    }
}

void GI_FN(ifma_to_jac)(GI_JAC *out, const GI_R52 *in, size_t n)
{
    static const uint32_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    g_soa s;
    GI_JAC tmp[IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        gather(&s, in + i, lane_idx, m);
        soa_to_jac(tmp, &s);
        memcpy(out + i, tmp, m * sizeof *out);
    }
}

#endif

/* Lanes (among `lanes`) where a (< 128p) is 0 mod p, given sq = a^2 from GI_SQR (each part of
 * sq is k p, k < 4, when a = 0): filter, then exact test. */
static r52m fe_is_zero_given_sqr(const GI_FE *a, const GI_FE *sq, r52m lanes)
{
    r52m cand = lanes;
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        cand &= vfp_maybe_zero(GI_PART(sq, i), 4);
    if (cand == 0)
        return 0;
    return cand & fe_is_zero_exact(a);
}

/* madd-2007-bl in 8 lanes (inputs < 128p: x2, y2 only enter products); r must not alias a.
 * Among `lanes` (live lanes with a finite point), *inf_a gets those where a is infinity and
 * *h0 those where a is finite and H = 0. Output < 4M, meaningless in the lanes of *inf_a and
 * *h0. */
static void vg_madd(vg *r, const vg *a, const GI_FE *x2, const GI_FE *y2, r52m lanes, r52m *inf_a,
                    r52m *h0)
{
    GI_FE z1z1, u2, s2, h, rr, hh, i, j, v, t, y1j;
    GI_SQR(&z1z1, &a->z); /* < M */
    *inf_a = fe_is_zero_given_sqr(&a->z, &z1z1, lanes);
    GI_MUL(&u2, x2, &z1z1); /* U2 = X2 Z1Z1, < M */
    GI_MUL(&s2, y2, &a->z);
    GI_MUL(&s2, &s2, &z1z1);      /* S2 = Y2 Z1 Z1Z1, < M */
    GI_SUB(&h, &u2, &a->x, 128);  /* H = U2 - X1, < 128 + M */
    GI_SUB(&rr, &s2, &a->y, 128); /* S2 - Y1, < 128 + M */
    GI_SQR(&hh, &h);              /* HH, < M */
    *h0 = fe_is_zero_given_sqr(&h, &hh, (r52m)(lanes & ~*inf_a));
    GI_ADD(&i, &hh, &hh);
    GI_ADD(&i, &i, &i);    /* I = 4 HH, < 4M */
    GI_MUL(&j, &h, &i);    /* J = H I, < M */
    GI_ADD(&rr, &rr, &rr); /* r = 2 (S2 - Y1), < 256 + 2M */
    GI_MUL(&v, &a->x, &i); /* V = X1 I, < M */
    GI_ADD(&t, &a->z, &h);
    GI_SQR(&t, &t);
    GI_SUB(&t, &t, &z1z1, GI_MB);
    GI_SUB(&r->z, &t, &hh, GI_MB); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH, < 3M */
    GI_MUL(&y1j, &a->y, &j);
    GI_SQR(&t, &rr);
    GI_SUB(&t, &t, &j, GI_MB);
    GI_SUB(&t, &t, &v, GI_MB);
    GI_SUB(&r->x, &t, &v, GI_MB); /* X3 = r^2 - J - 2V, < 4M */
    GI_SUB(&t, &v, &r->x, 4 * GI_MB);
    GI_MUL(&t, &rr, &t);                /* r (V - X3), < M */
    GI_ADD(&y1j, &y1j, &y1j);           /* 2 Y1 J, < 2M */
    GI_SUB(&r->y, &t, &y1j, 2 * GI_MB); /* Y3, < 3M */
}

/* dbl-2009-l in 8 lanes; input < 128p, output < 13M <= 104p (X3 < 13M, Y3 < 9M, Z3 < 2M). */
static void vg_dbl(vg *r, const vg *a)
{
    GI_FE A, B, C, D, E, F, t;
    GI_SQR(&A, &a->x); /* < M */
    GI_SQR(&B, &a->y);
    GI_SQR(&C, &B);
    GI_ADD(&D, &a->x, &B);
    GI_SQR(&D, &D);
    GI_SUB(&D, &D, &A, GI_MB);
    GI_SUB(&D, &D, &C, GI_MB);
    GI_ADD(&D, &D, &D); /* D = 2((X1 + B)^2 - A - C), < 6M */
    GI_ADD(&E, &A, &A);
    GI_ADD(&E, &E, &A); /* E = 3A, < 3M */
    GI_SQR(&F, &E);     /* < M */
    GI_MUL(&t, &a->y, &a->z);
    GI_ADD(&r->z, &t, &t); /* Z3 = 2 Y1 Z1, < 2M */
    GI_ADD(&t, &D, &D);
    GI_SUB(&r->x, &F, &t, 12 * GI_MB); /* X3 = F - 2D, < 13M */
    GI_SUB(&t, &D, &r->x, 13 * GI_MB);
    GI_MUL(&t, &E, &t); /* < M */
    GI_ADD(&C, &C, &C);
    GI_ADD(&C, &C, &C);
    GI_ADD(&C, &C, &C);               /* 8C, < 8M */
    GI_SUB(&r->y, &t, &C, 8 * GI_MB); /* Y3 = E (D - X3) - 8C, < 9M */
}

#ifndef G16K_IFMA_BN254
unsigned GI_FN(ifma_bucket_add)(GI_R52 *buckets, const uint32_t idx[IFMA_LANES],
                                const GI_AFF *const pts[IFMA_LANES], unsigned neg_mask, unsigned n)
{
    g_soa s;
    _Alignas(64) uint64_t pc[2 * GI_NC][GI_BLK];
    r52m live = (r52m)((1u << n) - 1);
    r52m inf_p = (r52m)~live;
    r52m neg = (r52m)(neg_mask & live);

    gather(&s, buckets, idx, n);
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        static const fp_t zero;
        const GI_AFF *p = k < n ? pts[k] : NULL;
        if (p && GI_AFF_IS_INF(p))
            inf_p |= (r52m)(1u << k);
        for (int c = 0; c < 2 * GI_NC; c++)
            r52_radix_put(pc[c], (int)k, p ? GI_ACOORD(p, c) : &zero);
    }

    vg a, r;
    GI_FE x2, y2, ny2, zero, one;
    vfp c;
    soa_load(&a, &s);
    vfp_set_const(&c, VFP_TO_R52);
    fe_load_r52(&x2, pc[0], &c); /* points into r52, < 2p */
    fe_load_r52(&y2, pc[GI_NC], &c);
    fe_zero(&zero);
    GI_SUB(&ny2, &zero, &y2, 2);
    GI_BLEND(&y2, neg, &y2, &ny2); /* -P = (x, -y) */

    r52m inf_a, h0;
    vg_madd(&r, &a, &x2, &y2, (r52m)~inf_p, &inf_a, &h0);

    /* Empty bucket (and finite point): the point itself, Z = 1. */
    r52m take_p = (r52m)(inf_a & ~inf_p);
    fe_one(&one);
    GI_BLEND(&r.x, take_p, &r.x, &x2);
    GI_BLEND(&r.y, take_p, &r.y, &y2);
    GI_BLEND(&r.z, take_p, &r.z, &one);
    /* Point at infinity (or idle lane): the bucket unchanged. */
    GI_BLEND(&r.x, inf_p, &r.x, &a.x);
    GI_BLEND(&r.y, inf_p, &r.y, &a.y);
    GI_BLEND(&r.z, inf_p, &r.z, &a.z);
    soa_store(&s, &r);

    unsigned slow = 0;
    if (h0) {
        /* Bucket == +-point in these lanes: the reference doubles or returns infinity. The
         * gathered input is still in buckets[] (not yet scattered). */
        g_soa in;
        GI_JAC jac[IFMA_LANES];
        gather(&in, buckets, idx, n);
        soa_to_jac(jac, &in);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            if (!((h0 >> k) & 1))
                continue;
            GI_AFF q = *pts[k];
            if ((neg >> k) & 1)
                GI_AFF_NEG(&q, &q);
            GI_JAC_ADD_AFF(&jac[k], &jac[k], &q);
            slow++;
        }
        soa_from_jac(&in, jac);
        for (int cc = 0; cc < GI_NB; cc++)
            for (int j = 0; j < R52_LIMBS; j++)
                for (unsigned k = 0; k < IFMA_LANES; k++)
                    if ((h0 >> k) & 1)
                        s.c[cc][8 * j + k] = in.c[cc][8 * j + k];
    }
    scatter(buckets, idx, n, &s);
    return slow;
}

void GI_FN(ifma_bucket_dbl)(GI_R52 *buckets, const uint32_t idx[IFMA_LANES], unsigned n)
{
    g_soa s;
    vg a;
    gather(&s, buckets, idx, n);
    soa_load(&a, &s);
    vg_dbl(&a, &a);
    soa_store(&s, &a);
    scatter(buckets, idx, n, &s);
}

#endif

/* add-2007-bl in 8 lanes, in two steps so that a + b and (-a) + b share the first: everything
 * but the terms of r = 2 (S2 -+ S1), which alone depend on the sign of a. */
typedef struct {
    GI_FE s1, s2; /* S1 = Y1 Z2^3, S2 = Y2 Z1^3, < M */
    GI_FE j, v;   /* J = H I, V = U1 I, < M */
    GI_FE s1j2;   /* 2 S1 J, < 2M */
} vg_add_terms;

/* The shared step for a + b (inputs < 128p): q, and r->z = Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
 * (< M; the same for -a). b must be finite in every lane of `lanes`; among them *exc gets those
 * where a is infinity or H = 0 (a = +-b), both found exactly: the outputs mean nothing there. */
static void vg_add_head(vg *r, vg_add_terms *q, const vg *a, const vg *b, r52m lanes, r52m *exc)
{
    GI_FE z1z1, z2z2, u1, u2, h, hh, i, t;
    GI_SQR(&z1z1, &a->z); /* < M */
    GI_SQR(&z2z2, &b->z);
    r52m inf_a = fe_is_zero_given_sqr(&a->z, &z1z1, lanes);
    GI_MUL(&u1, &a->x, &z2z2); /* U1 */
    GI_MUL(&u2, &b->x, &z1z1); /* U2 */
    GI_MUL(&q->s1, &a->y, &b->z);
    GI_MUL(&q->s1, &q->s1, &z2z2);
    GI_MUL(&q->s2, &b->y, &a->z);
    GI_MUL(&q->s2, &q->s2, &z1z1);
    GI_SUB(&h, &u2, &u1, GI_MB); /* H, < 2M */
    GI_SQR(&hh, &h);             /* < M */
    *exc = inf_a | fe_is_zero_given_sqr(&h, &hh, (r52m)(lanes & ~inf_a));
    GI_ADD(&i, &hh, &hh);
    GI_ADD(&i, &i, &i); /* I = (2H)^2, < 4M */
    GI_MUL(&q->j, &h, &i);
    GI_MUL(&q->v, &u1, &i);
    GI_MUL(&q->s1j2, &q->s1, &q->j);
    GI_ADD(&q->s1j2, &q->s1j2, &q->s1j2);
    GI_ADD(&t, &a->z, &b->z);
    GI_SQR(&t, &t);
    GI_SUB(&t, &t, &z1z1, GI_MB);
    GI_SUB(&t, &t, &z2z2, GI_MB);
    GI_MUL(&r->z, &t, &h);
}

/* r->x, r->y of a + b (neg_a 0) or (-a) + b (neg_a 1, S1 negated): X3 = r^2 - J - 2V (< 4M),
 * Y3 = r (V - X3) - 2 S1 J (< 3M), with r = 2 (S2 - S1) or 2 (S2 + S1), < 4M. */
static void vg_add_tail(vg *r, const vg_add_terms *q, int neg_a)
{
    GI_FE rr, t;
    if (neg_a)
        GI_ADD(&rr, &q->s2, &q->s1);
    else
        GI_SUB(&rr, &q->s2, &q->s1, GI_MB);
    GI_ADD(&rr, &rr, &rr);
    GI_SQR(&t, &rr);
    GI_SUB(&t, &t, &q->j, GI_MB);
    GI_SUB(&t, &t, &q->v, GI_MB);
    GI_SUB(&r->x, &t, &q->v, GI_MB);
    GI_SUB(&t, &q->v, &r->x, 4 * GI_MB);
    GI_MUL(&t, &rr, &t);
    if (neg_a)
        GI_ADD(&r->y, &t, &q->s1j2);
    else
        GI_SUB(&r->y, &t, &q->s1j2, 2 * GI_MB);
}

/* r = a + b, Jacobian (add-2007-bl), for the subgroup test's second chain and the tables of
 * glv_ifma_impl.h: inputs < 128p, r must not alias a or b; b finite in every lane of `lanes`,
 * *exc as vg_add_head; output < 4M. */
static void vg_add(vg *r, const vg *a, const vg *b, r52m lanes, r52m *exc)
{
    vg_add_terms q;
    vg_add_head(r, &q, a, b, lanes, exc);
    vg_add_tail(r, &q, 0);
}

#if !defined(G16K_IFMA_BN254) || GI_NC == 2 /* the subgroup tests' helpers */
/* Lanes where a = b exactly (a, b < 128p per part). */
static r52m fe_eq_exact(const GI_FE *a, const GI_FE *b)
{
    GI_FE d;
    GI_SUB(&d, a, b, 128);
    return fe_is_zero_exact(&d);
}

/* Lane k of (px, py) = pts[k], k < n (idle lanes repeat lane 0, so that every lane computes on a
 * point of the curve), and of (ux, uy) = u[k]: reference affine points into r52, < 2p. */
static void lanes_load(GI_FE *px, GI_FE *py, GI_FE *ux, GI_FE *uy, const GI_AFF *pts,
                       const GI_AFF u[IFMA_LANES], unsigned n)
{
    _Alignas(64) uint64_t pc[4 * GI_NC][GI_BLK];
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const GI_AFF *p = &pts[k < n ? k : 0];
        for (int c = 0; c < 2 * GI_NC; c++) {
            r52_radix_put(pc[c], (int)k, GI_ACOORD(p, c));
            r52_radix_put(pc[2 * GI_NC + c], (int)k, GI_ACOORD(&u[k], c));
        }
    }
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    fe_load_r52(px, pc[0], &to);
    fe_load_r52(py, pc[GI_NC], &to);
    fe_load_r52(ux, pc[2 * GI_NC], &to);
    fe_load_r52(uy, pc[3 * GI_NC], &to);
}

#endif

#ifndef G16K_IFMA_BN254
unsigned GI_FN(ifma_in_subgroup)(const GI_AFF *pts, unsigned n)
{
    r52m live = (r52m)((1u << n) - 1);
    GI_AFF target[IFMA_LANES];
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        GI_ENDO(&target[k], &pts[k < n ? k : 0]);
        GI_AFF_NEG(&target[k], &target[k]); /* -endo(P) = [|x|^GI_X_POW] P */
    }
    GI_FE px, py, tx, ty;
    lanes_load(&px, &py, &tx, &ty, pts, target, n);

    /* R = [|x|] P: every lane of `exc` met a case the formulas do not cover (never for a point
     * of the group: the partial multiples [k] P, k < 2^64 < r, are neither O nor +-P). */
    r52m exc = 0, inf_a, h0;
    vg acc, t;
    acc.x = px;
    acc.y = py;
    fe_one(&acc.z);
    for (int bit = 62; bit >= 0; bit--) {
        vg_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1) {
            vg_madd(&t, &acc, &px, &py, live, &inf_a, &h0);
            exc |= inf_a | h0;
            acc = t;
        }
    }
#if GI_X_POW == 2
    /* R = [|x|] Q = [x^2] P, Q = [|x|] P (finite, as vg_add needs, unless in `exc`) */
    vg q = acc;
    exc |= (r52m)(fe_is_zero_exact(&q.z) & live);
    for (int bit = 62; bit >= 0; bit--) {
        vg_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1) {
            vg_add(&t, &acc, &q, (r52m)(live & ~exc), &h0);
            exc |= h0;
            acc = t;
        }
    }
#endif
    /* R == target, with Z_R != 0: X_R = tx Z^2 and Y_R = ty Z^3. */
    GI_FE z2, z3;
    GI_SQR(&z2, &acc.z);
    GI_MUL(&z3, &z2, &acc.z);
    GI_MUL(&tx, &tx, &z2);
    GI_MUL(&ty, &ty, &z3);
    r52m ok = fe_eq_exact(&acc.x, &tx) & fe_eq_exact(&acc.y, &ty);
    ok &= (r52m)~fe_is_zero_given_sqr(&acc.z, &z2, live);
    return (unsigned)(ok & live & (r52m)~exc);
}
#elif GI_NC == 2 /* BN254's G1 has cofactor 1: its curve equation is the subgroup test */
/* psi on Jacobian points, (conj(X) cx, conj(Y) cy, conj(Z)) as bn254_g2_jac_psi (conj is a
 * field automorphism); input < 128p per part, output < 128p (X, Y < 3p). r may alias a. */
static void vg_psi(vg *r, const vg *a, const GI_FE *cx, const GI_FE *cy)
{
    vfp zero;
    vfp_zero(&zero);
    GI_FE t;
    t.c0 = a->x.c0;
    vfp_sub(&t.c1, &zero, &a->x.c1, 128);
    GI_MUL(&r->x, &t, cx);
    t.c0 = a->y.c0;
    vfp_sub(&t.c1, &zero, &a->y.c1, 128);
    GI_MUL(&r->y, &t, cy);
    r->z.c0 = a->z.c0;
    vfp_sub(&r->z.c1, &zero, &a->z.c1, 128);
}

/* BN254's exact test (arith/bn254/g2.c, proof there): P is in G2 iff
 * [x + 1] P + psi([x] P) + psi^2([x] P) = psi^3([2x] P), x = BN254_X (63 bits). The lanes run
 * the reference's chain with complete-case detection: Q = [x] P by double-and-add, then
 * Q + P (madd), two additions of psi(Q) and psi^2(Q), and psi^3(2Q); a lane whose chain met a
 * case the formulas leave out (a partial result O or equal to +-the other operand, found
 * exactly) or whose results are not both finite decides nothing (bit clear), as in the
 * BLS12-381 test. cx, cy come from the reference's psi of the pair (1, 1), so the constants
 * live in one place (g2.c). Cost: 62 doublings, 10 madd, 2 additions, 1 doubling and 7 psi
 * over Fp2 in 8 lanes. */
unsigned GI_FN(ifma_in_subgroup)(const GI_AFF *pts, unsigned n)
{
    r52m live = (r52m)((1u << n) - 1);
    GI_AFF one, c[IFMA_LANES];
    memset(&one, 0, sizeof one);
    fp_set_u64(&one.x.c0, 1);
    one.y.c0 = one.x.c0;
    GI_ENDO(&c[0], &one); /* (conj(1) cx, conj(1) cy) = (cx, cy), every lane */
    for (unsigned k = 1; k < IFMA_LANES; k++)
        c[k] = c[0];
    GI_FE px, py, cx, cy;
    lanes_load(&px, &py, &cx, &cy, pts, c, n);

    r52m exc = 0, inf_a, h0, e;
    vg q, t, a, b;
    q.x = px;
    q.y = py;
    fe_one(&q.z);
    for (int bit = 61; bit >= 0; bit--) { /* BN254_X has bit 62 set: q starts as P */
        vg_dbl(&q, &q);
        if ((BN254_X >> bit) & 1) {
            vg_madd(&t, &q, &px, &py, live, &inf_a, &h0);
            exc |= inf_a | h0;
            q = t;
        }
    }
    vg_madd(&a, &q, &px, &py, live, &inf_a, &h0); /* [x + 1] P; Q finite unless in exc */
    exc |= inf_a | h0;
    vg_psi(&t, &q, &cx, &cy); /* psi(Q), finite where Q is */
    vg_add(&b, &a, &t, (r52m)(live & ~exc), &e);
    exc |= e;
    vg_psi(&t, &t, &cx, &cy); /* psi^2(Q) */
    vg_add(&a, &b, &t, (r52m)(live & ~exc), &e);
    exc |= e;
    vg_dbl(&b, &q); /* 2Q, then psi^3(2Q) */
    vg_psi(&b, &b, &cx, &cy);
    vg_psi(&b, &b, &cx, &cy);
    vg_psi(&b, &b, &cx, &cy);
    /* a == b with both Z != 0: X_a Z_b^2 = X_b Z_a^2 and Y_a Z_b^3 = Y_b Z_a^3. */
    GI_FE za2, za3, zb2, zb3, l, r;
    GI_SQR(&za2, &a.z);
    GI_MUL(&za3, &za2, &a.z);
    GI_SQR(&zb2, &b.z);
    GI_MUL(&zb3, &zb2, &b.z);
    GI_MUL(&l, &a.x, &zb2);
    GI_MUL(&r, &b.x, &za2);
    r52m ok = fe_eq_exact(&l, &r);
    GI_MUL(&l, &a.y, &zb3);
    GI_MUL(&r, &b.y, &za3);
    ok &= fe_eq_exact(&l, &r);
    ok &= (r52m)~fe_is_zero_given_sqr(&a.z, &za2, live);
    ok &= (r52m)~fe_is_zero_given_sqr(&b.z, &zb2, live);
    return (unsigned)(ok & live & (r52m)~exc);
}
#endif

/* ---- The batch-affine window's bucket fold (ifma.h g1_/g2_ifma_ba_fold) ---- */

/* Lane k = bucket idx[k] of bk (x, y: r52, < 4p) for the lanes in `live`; 0 elsewhere. */
static void aff_gather(GI_FE *x, GI_FE *y, const GI_AFF_R52 *bk, const uint64_t idx[IFMA_LANES],
                       r52m live)
{
    _Alignas(64) uint64_t s[2 * GI_NC][GI_BLK];
    const uint64_t *b[IFMA_LANES];
    for (unsigned k = 0; k < IFMA_LANES; k++)
        b[k] = (live >> k) & 1 ? &bk[idx[k]].c[0][0] : NULL;
    lanes_transpose(s, 2 * GI_NC, b);
    fe_load(x, s[0]);
    fe_load(y, s[GI_NC]);
}

/* Lanes (among `lanes`) where a = b mod p (a, b < 128p). */
static r52m fe_same(const GI_FE *a, const GI_FE *b, r52m lanes)
{
    GI_FE d;
    GI_SUB(&d, a, b, 128);
    return (r52m)(fe_is_zero_exact(&d) & lanes);
}

/* (1, 1, 0), the reference's infinity, in the lanes of m. */
static void vg_set_inf(vg *r, r52m m)
{
    GI_FE one, zero;
    fe_one(&one);
    fe_zero(&zero);
    GI_BLEND(&r->x, m, &r->x, &one);
    GI_BLEND(&r->y, m, &r->y, &one);
    GI_BLEND(&r->z, m, &r->z, &zero);
}

/* The lanes of `eq` (a = +-b found by H = 0, both finite) get a + b: 2a where `same`, else
 * infinity; returns the lanes that became infinity (a doubling that meets y = 0 included). */
static r52m vg_fix_eq(vg *r, const vg *a, r52m eq, r52m same)
{
    vg d;
    vg_dbl(&d, a);
    r52m inf = (r52m)(eq & ~same);
    r52m dz = (r52m)(same & fe_is_zero_exact(&d.z));
    vg_blend(r, same, r, &d);
    vg_set_inf(r, (r52m)(inf | dz));
    return (r52m)(inf | dz);
}

void GI_FN(ifma_ba_fold)(GI_JAC *out, const GI_AFF_R52 *bk, const uint8_t *state, uint8_t full,
                         uint64_t nb)
{
    uint64_t len = (nb + IFMA_LANES - 1) / IFMA_LANES;
    vg run, acc, t;
    fe_one(&run.x);
    fe_one(&run.y);
    fe_zero(&run.z);
    acc = run;
    t = run; /* read by masked blends before any addition writes it */
    r52m run_inf = 0xff, acc_inf = 0xff;
    GI_FE one;
    fe_one(&one);
    for (uint64_t s = len; s-- > 0;) {
        uint64_t idx[IFMA_LANES];
        r52m pres = 0;
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            idx[k] = k * len + s;
            if (idx[k] < nb && (state[idx[k]] & full))
                pres |= (r52m)(1u << k);
        }
        if (pres) { /* run += bucket */
            GI_FE bx, by;
            aff_gather(&bx, &by, bk, idx, pres);
            r52m m = (r52m)(pres & ~run_inf), inf_a = 0, h0 = 0;
            if (m)
                vg_madd(&t, &run, &bx, &by, m, &inf_a, &h0);
            vg_blend(&run, (r52m)(m & ~h0), &run, &t);
            r52m became_inf = 0;
            if (h0) { /* x equal: the same point iff Y1 = y2 Z1^3 */
                GI_FE z2, z3, s2;
                GI_SQR(&z2, &run.z);
                GI_MUL(&z3, &z2, &run.z);
                GI_MUL(&s2, &by, &z3);
                became_inf = vg_fix_eq(&run, &run, h0, fe_same(&s2, &run.y, h0));
            }
            r52m take = (r52m)(pres & run_inf); /* an empty run takes the bucket */
            GI_BLEND(&run.x, take, &run.x, &bx);
            GI_BLEND(&run.y, take, &run.y, &by);
            GI_BLEND(&run.z, take, &run.z, &one);
            run_inf = (r52m)((run_inf & ~pres) | became_inf);
        }
        r52m live = (r52m)~run_inf;
        if (live) { /* acc += run */
            r52m m = (r52m)(live & ~acc_inf), h0 = 0;
            vg_add_terms q;
            if (m) {
                vg_add_head(&t, &q, &acc, &run, m, &h0);
                vg_add_tail(&t, &q, 0);
            }
            vg_blend(&acc, (r52m)(m & ~h0), &acc, &t);
            r52m became_inf = 0;
            if (h0) /* U1 = U2: the same point iff S1 = S2 */
                became_inf = vg_fix_eq(&acc, &acc, h0, fe_same(&q.s1, &q.s2, h0));
            r52m take = (r52m)(live & acc_inf);
            vg_blend(&acc, take, &acc, &run);
            acc_inf = (r52m)((acc_inf & ~live) | became_inf);
        }
    }
    vg_set_inf(&run, run_inf);
    vg_set_inf(&acc, acc_inf);
    g_soa st;
    GI_JAC w[IFMA_LANES], sum[IFMA_LANES], prod;
    soa_store(&st, &acc);
    soa_to_jac(w, &st);
    soa_store(&st, &run);
    soa_to_jac(sum, &st);
    /* lane k's weights start at k len + 1: W_k counted them from 1 */
    GI_FN(jac_set_inf)(out);
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        GI_FN(jac_add)(out, out, &w[k]);
        uint64_t off = k * len;
        if (k && !GI_FN(jac_is_inf)(&sum[k])) {
            GI_FN(jac_mul)(&prod, &sum[k], &off, 1);
            GI_FN(jac_add)(out, out, &prod);
        }
    }
}

#include "glv_ifma_impl.h" /* g*_ifma_mul_glv */

#undef GI_ACOORD
#undef GI_COORD
#undef GI_BLK
#undef GI_NB
#undef GI_FN
#undef GI_CAT
#undef GI_CAT_
#undef GI_SFX
#undef GI_NC
#undef GI_FE
#undef GI_PART
#undef GI_AFF
#undef GI_JAC
#undef GI_R52
#undef GI_AFF_R52
#undef GI_MUL
#undef GI_SQR
#undef GI_ADD
#undef GI_SUB
#undef GI_TRIPLE
#undef GI_SUB_2B_C
#undef GI_BLEND
#undef GI_MB
#undef GI_AFF_IS_INF
#undef GI_AFF_NEG
#undef GI_JAC_ADD_AFF
#undef GI_ENDO
#undef GI_X_POW
#undef GI_REF_FE
#undef GI_REF_MUL
#undef GI_REF_INV
