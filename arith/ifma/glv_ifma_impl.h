/*
 * Private to arith/ifma, included by g_ifma_impl.h for G1 and G2 (its macros and lane helpers in
 * scope), on BLS12-381 and on BN254 (G16K_IFMA_BN254): eight scalar multiplications at once,
 * ifma.h g1_/g2_ifma_mul_glv. Each lane's scalar is cut into parts by the curve's endomorphism
 * (the split, below: BLS12-381's glv_fixed halves, BN254's GLV or GLS split of k), recoded here
 * into digits so that every lane takes the same steps; the work stays in the lanes from the
 * table to the result, the reference doing one inversion for the eight lanes:
 *   1. the points taken into the lanes as they are (Jacobian);
 *   2. the table [m] P, m = 1..8 (or the odd [2m - 1] P, see 3): one doubling and six or seven
 *      additions in the lanes, made affine
 *      by Montgomery's trick inside each lane (7 + 14 products) with one reference inversion of
 *      the eight lane products (another trick, in scalar code); the other parts' tables are its
 *      images under the endomorphism, read off the reference's image of (1, 1, 0) or (1, 1):
 *      an image that scales x and y by Fp constants (G1: BLS12-381 -sigma, BN254 sigma;
 *      G2: psi^2) costs two products an entry, psi (BLS12-381 -psi, BN254 psi) a conjugation and
 *      two Fp2 products;
 *   3. per window 4 doublings and a mixed addition per part of the entries the digits select
 *      (blends over the 8 entries, only those some lane uses), y negated for negative digits
 *      (and for every digit of a part whose sign the split made negative: BN254's GLV and GLS).
 *      G2 takes four parts (GLS in dimension 4, Galbraith, Lin and Scott): BLS12-381 cuts each
 *      half again at |x| (-psi has eigenvalue |x|), BN254 splits k on the lattice of psi's
 *      eigenvalue l (bn254_gls4_split): 65- or 67-bit parts, 64 doublings instead of 128. When
 *      all lanes share one scalar (the group FFT's stages but the last three), its width-5 NAF
 *      on the table of odd multiples 1..15 replaces the windows: about 2 x 22 (G1) or 4 x 11
 *      (G2) additions instead of 66 or 68 (width 4, on the same table size, took
 *      2 x 26 or 4 x 13).
 * An earlier version built the tables with the reference (Jacobian additions and 16 affine
 * conversions a point) and went through the bucket entry points (a transpose a step): 40% of
 * `g16k ptau prepare`; the next one made the points affine first (a second inversion, 3% more).
 * Exact in every case: a point at infinity gives infinity; a lane where an addition meets
 * acc = +-entry (H = 0: the partial sums of the parts must meet the GLV lattice, or the table
 * must meet itself, which points of prime order never do) is flagged and recomputed by the
 * reference (mul_ref). Results equal [k] P as points; their Jacobian coordinates are not the
 * reference's (another chain).
 */
#include "bls12_381/glv.h"

#define GV_TAB 8 /* entries a half: |digit| = 1..8 */

/* r = the eight lanes' reference values v[k] in r52 (< 2p); c = VFP_TO_R52. */
static void fe_from_refs(GI_FE *r, const GI_REF_FE *v, const vfp *c)
{
    _Alignas(64) uint64_t blk[GI_NC][GI_BLK];
    for (unsigned k = 0; k < IFMA_LANES; k++)
        for (int i = 0; i < GI_NC; i++)
            r52_radix_put(blk[i], (int)k, GI_PART(&v[k], i));
    fe_load_r52(r, blk[0], c);
}

/* v[k] = lane k of a (any a < 2^17 p), fully reduced reference values. */
static void fe_to_refs(GI_REF_FE *v, const GI_FE *a)
{
    _Alignas(64) uint64_t blk[GI_NC][GI_BLK];
    fp_t t[GI_NC][IFMA_LANES];
    fe_store(blk[0], a);
    for (int i = 0; i < GI_NC; i++)
        r52_block_to_fp(t[i], blk[i]);
    for (unsigned k = 0; k < IFMA_LANES; k++)
        for (int i = 0; i < GI_NC; i++)
            *GI_PART(&v[k], i) = t[i][k];
}

/* r = c in every lane, in r52 (< 2p); to = VFP_TO_R52. */
static void fe_bcast(GI_FE *r, const GI_REF_FE *c, const vfp *to)
{
    GI_REF_FE v[IFMA_LANES];
    for (int k = 0; k < IFMA_LANES; k++)
        v[k] = *c;
    fe_from_refs(r, v, to);
}

/* The parts' images (images() below): GV_SCALED, where defined, is the part whose image scales
 * x and y by Fp constants, read off GV_SCALE_IMAGE (a reference map on Jacobian points);
 * on G2 the other parts come from psi (GI_ENDO), negated where GV_PSI_NEG (BLS12-381's -psi). */
#ifndef G16K_IFMA_BN254
#define GV_SCALED (GI_NC == 2 ? 2 : 1) /* the part of eigenvalue x^2 */
#define GV_SCALE_IMAGE GI_FN(jac_x2_image)
#define GV_PSI_NEG 1
#elif GI_NC == 1
#define GV_SCALED 1 /* sigma: (beta x, y) */
#define GV_SCALE_IMAGE bn254_g1_jac_sigma
#else
/* psi^2 = (N(cx) x, N(cy) y), N the norm to Fp (conj twice is the identity): the Fp-scaled
 * image of part 2 (eigenvalue l^2); parts 1 and 3 psi of parts 0 and 2. */
static void jac_psi2(GI_JAC *out, const GI_JAC *p)
{
    bn254_g2_jac_psi(out, p);
    bn254_g2_jac_psi(out, out);
}
#define GV_SCALED 2
#define GV_SCALE_IMAGE jac_psi2
#define GV_PSI_NEG 0
#endif

#ifdef GV_SCALED
/* r = a times the Fp constant c in every part; output < 2p. */
static void fe_mul_fp(GI_FE *r, const GI_FE *a, const vfp *c)
{
    for (int i = 0; i < GI_NC; i++)
        vfp_mul(GI_PART(r, i), GI_PART(a, i), c);
}

/* The lane values of the image constants: image(x, y) = (cx x, cy y), cx, cy in Fp (part 0;
 * on G2 part 1 is 0). */
static void image_consts(vfp *cx, vfp *cy, const vfp *to)
{
    GI_JAC one, img;
    GI_FE fx, fy;
    GI_FN(jac_set_inf)(&one); /* (1, 1, 0): the image scales X and Y, keeps Z */
    GV_SCALE_IMAGE(&img, &one);
    fe_bcast(&fx, &img.x, to);
    fe_bcast(&fy, &img.y, to);
    *cx = *GI_PART(&fx, 0);
    *cy = *GI_PART(&fy, 0);
}
#endif

/* tx, ty[m] = [m + 1] P (odd: [2m + 1] P) in affine r52 (< M), from the Jacobian P in the lanes
 * (< 2p). Lanes in `skip` (P at infinity, idle) compute garbage with Z forced to 1; lanes where
 * the chain meets H = 0 are added to *slow. */
static void table_build(GI_FE tx[GV_TAB], GI_FE ty[GV_TAB], const vg *p, int odd, r52m skip,
                        r52m *slow)
{
    vg t[GV_TAB], d;
    GI_FE one, c[GV_TAB], inv, zi, zz;
    fe_one(&one);
    t[0] = *p;
    vg_dbl(&d, p);
    *slow |= (r52m)(fe_is_zero_exact(&d.z) & ~skip); /* P of order 2: off the groups */
    /* [m + 1] P = [m] P + P after [2] P; [2m + 1] P = [2m - 1] P + [2] P */
    const vg *step = odd ? &d : p;
    for (int m = 1; m < GV_TAB; m++) {
        r52m exc;
        if (m == 1 && !odd) {
            t[1] = d;
            continue;
        }
        vg_add(&t[m], &t[m - 1], step, (r52m) ~(skip | *slow), &exc);
        *slow |= exc;
    }
    /* Montgomery's trick along the lane: c[m] = Z_0 ... Z_m. */
    for (int m = 0; m < GV_TAB; m++)
        GI_BLEND(&t[m].z, (r52m)(skip | *slow), &t[m].z, &one);
    c[0] = t[0].z;
    for (int m = 1; m < GV_TAB; m++)
        GI_MUL(&c[m], &c[m - 1], &t[m].z);
    /* 1 / c[7] for the eight lanes: one reference inversion, Montgomery's trick across lanes. */
    GI_REF_FE v[IFMA_LANES], pre[IFMA_LANES], w;
    fe_to_refs(v, &c[GV_TAB - 1]);
    pre[0] = v[0];
    for (int k = 1; k < IFMA_LANES; k++)
        GI_REF_MUL(&pre[k], &pre[k - 1], &v[k]);
    GI_REF_INV(&w, &pre[IFMA_LANES - 1]);
    for (int k = IFMA_LANES - 1; k > 0; k--) {
        GI_REF_FE vk = v[k];
        GI_REF_MUL(&v[k], &w, &pre[k - 1]);
        GI_REF_MUL(&w, &w, &vk);
    }
    v[0] = w;
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    fe_from_refs(&inv, v, &to);
    for (int m = GV_TAB - 1; m >= 0; m--) {
        if (m > 0) {
            GI_MUL(&zi, &inv, &c[m - 1]); /* 1 / Z_m */
            GI_MUL(&inv, &inv, &t[m].z);  /* 1 / (Z_0 ... Z_{m-1}) */
        } else {
            zi = inv;
        }
        GI_SQR(&zz, &zi);
        GI_MUL(&tx[m], &t[m].x, &zz);
        GI_MUL(&zz, &zz, &zi);
        GI_MUL(&ty[m], &t[m].y, &zz);
    }
}

/* acc += the entries of table half h that sel[m] picks in its lanes (m = |digit| - 1), negated
 * in the lanes of neg; lanes in none of sel[] keep acc; H = 0 lanes join *slow. */
static void gv_add(vg *acc, const GI_FE tx[GV_TAB], const GI_FE ty[GV_TAB], const r52m sel[GV_TAB],
                   r52m neg, r52m *slow)
{
    GI_FE x2, y2, ny2, zero, one;
    r52m add = 0;
    for (int m = 0; m < GV_TAB; m++) {
        if (!sel[m])
            continue;
        if (!add) {
            x2 = tx[m];
            y2 = ty[m];
        } else {
            GI_BLEND(&x2, sel[m], &x2, &tx[m]);
            GI_BLEND(&y2, sel[m], &y2, &ty[m]);
        }
        add |= sel[m];
    }
    if (!add)
        return;
    fe_zero(&zero);
    fe_one(&one);
    if (neg) {
        GI_SUB(&ny2, &zero, &y2, GI_MB);
        GI_BLEND(&y2, neg, &y2, &ny2);
    }
    vg r;
    r52m inf_a, h0, keep = (r52m)~add;
    vg_madd(&r, acc, &x2, &y2, add, &inf_a, &h0);
    *slow |= h0;
    GI_BLEND(&r.x, inf_a, &r.x, &x2); /* acc at infinity: the entry, Z = 1 */
    GI_BLEND(&r.y, inf_a, &r.y, &y2);
    GI_BLEND(&r.z, inf_a, &r.z, &one);
    vg_blend(&r, keep, &r, acc);
    *acc = r;
}

#ifndef G16K_IFMA_BN254
/* The value of a half of s: sum d[i] 16^i, in [0, 2^128) as glv_fixed_set makes it. */
static unsigned __int128 fixed_value(const int8_t d[GLV_WINDOWS])
{
    unsigned __int128 v = 0;
    for (int i = GLV_WINDOWS - 1; i >= 0; i--)
        v = (v << 4) + (unsigned __int128)(__int128)d[i]; /* mod 2^128 */
    return v;
}

/* out = [h0] p + [h1] ([x^2] p) for the halves' values of s, by the reference's
 * double-and-add and complete additions: the lanes' rare exact case. */
static void mul_ref(GI_JAC *out, const GI_JAC *p, const glv_fixed *s)
{
    GI_JAC a, q;
    uint64_t k[2][2];
    for (int h = 0; h < 2; h++) {
        unsigned __int128 v = fixed_value(s->d[h]);
        k[h][0] = (uint64_t)v;
        k[h][1] = (uint64_t)(v >> 64);
    }
    GI_FN(jac_mul)(&a, p, k[0], 2);
    GI_FN(jac_x2_image)(&q, p);
    GI_FN(jac_mul)(&q, &q, k[1], 2);
    GI_FN(jac_add)(out, &a, &q);
}

/* The parts of a scalar: k = sum v[j] e^j with the part's eigenvalue e: G1 the two halves of
 * the split (e = x^2); G2 each half cut again at |x| (e = |x|, the eigenvalue of -psi), four
 * parts below 2^65 (below |x| for glv_fixed_set's halves): GLS in dimension 4, half the
 * doublings. Returns the parts to negate: none here. */
#if GI_NC == 2
#define GV_DIM 4
#define GV_WIN 17 /* windows of a part: 65 bits and the carry (< 2^67) */
#else
#define GV_DIM 2
#define GV_WIN GLV_WINDOWS
#endif
static unsigned parts(unsigned __int128 v[GV_DIM], const glv_fixed *s)
{
    unsigned __int128 h0 = fixed_value(s->d[0]), h1 = fixed_value(s->d[1]);
#if GV_DIM == 4
    v[0] = h0 % BLS_X_ABS;
    v[1] = h0 / BLS_X_ABS;
    v[2] = h1 % BLS_X_ABS;
    v[3] = h1 / BLS_X_ABS;
#else
    v[0] = h0;
    v[1] = h1;
#endif
    return 0;
}
#else /* BN254 */
/* out = [k] p by the reference (bn254/glv.h): the lanes' rare exact case. */
static void mul_ref(GI_JAC *out, const GI_JAC *p, const glv_fixed *s)
{
#if GI_NC == 1
    bn254_g1_jac_mul_glv(out, p, s->k);
#else
    bn254_g2_jac_mul_gls(out, p, s->k);
#endif
}

/* The parts of a scalar (bn254/glv.h), the mask of those the split gave a minus sign returned:
 * G1 two below 2^128, k = s1 k1 + s2 k2 lambda (sigma's eigenvalue); G2 four below 2^67,
 * k = sum s_i v_i l^i (psi's eigenvalue l = p mod r): GLS in dimension 4, 64 doublings. */
#if GI_NC == 1
#define GV_DIM 2
#define GV_WIN GLV_WINDOWS /* 33 signed 4-bit windows take any value below 2^131 */
#else
#define GV_DIM 4
#define GV_WIN 17 /* below 2^67 */
#endif
static unsigned parts(unsigned __int128 v[GV_DIM], const glv_fixed *s)
{
    uint64_t w[GV_DIM][2];
    int ng[GV_DIM];
#if GI_NC == 1
    bn254_glv_split(w[0], &ng[0], w[1], &ng[1], s->k);
#else
    bn254_gls4_split(w, ng, s->k);
#endif
    unsigned neg = 0;
    for (int j = 0; j < GV_DIM; j++) {
        v[j] = (unsigned __int128)w[j][1] << 64 | w[j][0];
        neg |= (unsigned)ng[j] << j;
    }
    return neg;
}
#endif

/* The constants of the parts' images in the lanes: GV_SCALED's (Fp, read off the reference
 * image) and psi's on G2 ((conj(x) px, conj(y) py), -py for -psi; the reference psi's image of
 * (1, 1)); those a group has no use for are zero. */
typedef struct {
    vfp cx, cy;
    GI_FE px, py;
} gv_images;

static void images_setup(gv_images *im, const vfp *to)
{
    vfp_zero(&im->cx);
    vfp_zero(&im->cy);
    fe_zero(&im->px);
    fe_zero(&im->py);
#ifdef GV_SCALED
    image_consts(&im->cx, &im->cy, to);
#endif
#if GI_NC == 2
    GI_JAC inf;
    GI_AFF one, c;
    GI_FN(jac_set_inf)(&inf); /* X = Y = 1 */
    one.x = inf.x;
    one.y = inf.y;
    GI_ENDO(&c, &one); /* psi(1, 1) = (cx, cy) */
    if (GV_PSI_NEG)
        fp2_neg(&c.y, &c.y);
    fe_bcast(&im->px, &c.x, to);
    fe_bcast(&im->py, &c.y, to);
#endif
    (void)to;
}

/* x[j], y[j] for j >= 1: the images of one table entry (x[0], y[0], < M a part) in the other
 * parts: GV_SCALED's from part 0, on G2 part j odd by psi from part j - 1. Outputs < 3p. */
static void images_entry(GI_FE x[GV_DIM], GI_FE y[GV_DIM], const gv_images *im)
{
    (void)im;
#ifdef GV_SCALED
    fe_mul_fp(&x[GV_SCALED], &x[0], &im->cx);
    fe_mul_fp(&y[GV_SCALED], &y[0], &im->cy);
#endif
#if GI_NC == 2
    GI_FE zero, t;
    fe_zero(&zero);
    for (int j = 1; j < GV_DIM; j += 2) {
        t = x[j - 1];
        vfp_sub(GI_PART(&t, 1), GI_PART(&zero, 0), GI_PART(&t, 1), GI_MB); /* conj */
        GI_MUL(&x[j], &t, &im->px);
        t = y[j - 1];
        vfp_sub(GI_PART(&t, 1), GI_PART(&zero, 0), GI_PART(&t, 1), GI_MB);
        GI_MUL(&y[j], &t, &im->py);
    }
#endif
}

/* tx, ty[j] = the table of part j: [m] e^j P, from tx, ty[0]. */
static void images(GI_FE tx[GV_DIM][GV_TAB], GI_FE ty[GV_DIM][GV_TAB], const vfp *to)
{
    gv_images im;
    images_setup(&im, to);
    for (int m = 0; m < GV_TAB; m++) {
        GI_FE x[GV_DIM], y[GV_DIM];
        x[0] = tx[0][m];
        y[0] = ty[0][m];
        images_entry(x, y, &im);
        for (int j = 1; j < GV_DIM; j++) {
            tx[j][m] = x[j];
            ty[j][m] = y[j];
        }
    }
}

/* d[0..count) = -d[0..count) if neg: the digits of a part the split gave with a minus sign. */
static void negate_if(int8_t *d, int count, unsigned neg)
{
    for (int i = 0; neg && i < count; i++)
        d[i] = (int8_t)-d[i];
}

/* The lanes' part of [s[k]] p[k], k < n: *acc, whose lanes mean nothing in *skip (k >= n or
 * p[k] at infinity: the product is infinity) and in *slow (an exact case met: mul_ref's). */
static void mul_lanes(vg *acc, r52m *skip_out, r52m *slow_out, const GI_JAC *p,
                      const glv_fixed *const s[], unsigned n)
{
    GI_JAC in[IFMA_LANES];
    r52m live = (r52m)((1u << n) - 1), skip, slow = 0;
    for (unsigned k = 0; k < IFMA_LANES; k++)
        in[k] = p[k < n ? k : 0];
    g_soa st;
    vg pl;
    soa_from_jac(&st, in);
    soa_load(&pl, &st);
    skip = (r52m)(~live | fe_is_zero_exact(&pl.z));
    int shared = 1; /* one scalar in every lane: its NAF, fewer additions, no blends */
    for (unsigned k = 1; k < n && shared; k++)
        shared = s[k] == s[0] || memcmp(s[k], s[0], sizeof *s[0]) == 0;
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    GI_FE tx[GV_DIM][GV_TAB], ty[GV_DIM][GV_TAB];
    table_build(tx[0], ty[0], &pl, shared, skip, &slow);
    images(tx, ty, &to);

    fe_one(&acc->x);
    fe_one(&acc->y);
    fe_zero(&acc->z); /* infinity */
    r52m lanes = (r52m)~skip;
    unsigned __int128 v[GV_DIM];
    if (shared) {
        int8_t e[GV_DIM][GLV_DIGITS];
        int len = 0;
        unsigned neg = parts(v, s[0]);
        for (int j = 0; j < GV_DIM; j++) {
            int l = glv_wnaf(e[j], v[j], 5); /* odd digits up to 15: the odd table */
            negate_if(e[j], l, (neg >> j) & 1);
            len = l > len ? l : len;
        }
        for (int i = len - 1; i >= 0; i--) {
            if (i != len - 1)
                vg_dbl(acc, acc);
            for (int j = 0; j < GV_DIM; j++) {
                int d = e[j][i];
                if (d == 0)
                    continue;
                r52m sel[GV_TAB] = { 0 };
                sel[((d < 0 ? -d : d) - 1) / 2] = lanes;
                gv_add(acc, tx[j], ty[j], sel, d < 0 ? lanes : 0, &slow);
            }
        }
    } else {
        int8_t e[IFMA_LANES][GV_DIM][GV_WIN];
        for (unsigned k = 0; k < n; k++) {
            unsigned neg = parts(v, s[k]);
            for (int j = 0; j < GV_DIM; j++) {
                glv_windows4(e[k][j], v[j], GV_WIN);
                negate_if(e[k][j], GV_WIN, (neg >> j) & 1);
            }
        }
        for (int i = GV_WIN - 1; i >= 0; i--) {
            for (int d = 0; d < 4 && i != GV_WIN - 1; d++)
                vg_dbl(acc, acc);
            for (int j = 0; j < GV_DIM; j++) {
                r52m sel[GV_TAB] = { 0 }, neg = 0;
                for (unsigned k = 0; k < n; k++) {
                    int d = e[k][j][i];
                    if (d == 0 || ((skip >> k) & 1))
                        continue;
                    sel[(d < 0 ? -d : d) - 1] |= (r52m)(1u << k);
                    neg |= (r52m)((unsigned)(d < 0) << k);
                }
                gv_add(acc, tx[j], ty[j], sel, neg, &slow);
            }
        }
    }
    *skip_out = skip;
    *slow_out = slow;
}

/* res[k] = the product of lane k < n as the reference holds it: infinity, mul_ref's, or the
 * lanes' *acc. */
static void lanes_result(GI_JAC res[IFMA_LANES], const vg *acc, r52m skip, r52m slow,
                         const GI_JAC *p, const glv_fixed *const s[], unsigned n)
{
    g_soa st;
    soa_store(&st, acc);
    soa_to_jac(res, &st);
    for (unsigned k = 0; k < n; k++) {
        if ((skip >> k) & 1)
            GI_FN(jac_set_inf)(&res[k]);
        else if ((slow >> k) & 1)
            mul_ref(&res[k], &p[k], s[k]);
    }
}

void GI_FN(ifma_mul_glv)(GI_JAC *out, const GI_JAC *p, const glv_fixed *const s[], unsigned n)
{
    vg acc;
    r52m skip, slow;
    GI_JAC res[IFMA_LANES];
    mul_lanes(&acc, &skip, &slow, p, s, n);
    lanes_result(res, &acc, skip, slow, p, s, n); /* before out: out may be p */
    memcpy(out, res, n * sizeof *out);
}

void GI_FN(ifma_butterfly)(GI_JAC *const u[], GI_JAC *const v[], const glv_fixed *const s[],
                           unsigned n)
{
    GI_JAC in[IFMA_LANES], uu[IFMA_LANES], rs[IFMA_LANES], rd[IFMA_LANES];
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        in[k] = *v[k < n ? k : 0];
        uu[k] = *u[k < n ? k : 0];
    }
    vg t, ul, sum, dif;
    r52m skip, slow, exc, live = (r52m)((1u << n) - 1);
    mul_lanes(&t, &skip, &slow, in, s, n);
    g_soa st;
    soa_from_jac(&st, uu);
    soa_load(&ul, &st);
    /* the reference's lanes: no product in the lanes, u at infinity, or u = +-t */
    r52m ref = (r52m)((skip | slow | fe_is_zero_exact(&ul.z)) & live);
    vg_add_terms q;
    vg_add_head(&sum, &q, &t, &ul, (r52m)(live & ~ref), &exc);
    ref |= exc;
    vg_add_tail(&sum, &q, 0);
    dif.z = sum.z;
    vg_add_tail(&dif, &q, 1);
    soa_store(&st, &sum);
    soa_to_jac(rs, &st);
    soa_store(&st, &dif);
    soa_to_jac(rd, &st);
    if (ref) {
        GI_JAC tr[IFMA_LANES], nt;
        lanes_result(tr, &t, skip, slow, in, s, n);
        for (unsigned k = 0; k < n; k++) {
            if (!((ref >> k) & 1))
                continue;
            GI_FN(jac_neg)(&nt, &tr[k]);
            GI_FN(jac_add)(&rs[k], &uu[k], &tr[k]);
            GI_FN(jac_add)(&rd[k], &uu[k], &nt);
        }
    }
    for (unsigned k = 0; k < n; k++) {
        *u[k] = rs[k];
        *v[k] = rd[k];
    }
}

#include "glv_aff_ifma_impl.h" /* g*_ifma_mul_glv_aff: its parts, tables and images */

#undef GV_DIM
#undef GV_WIN
#undef GV_TAB
#undef GV_SCALED
#undef GV_SCALE_IMAGE
#undef GV_PSI_NEG
