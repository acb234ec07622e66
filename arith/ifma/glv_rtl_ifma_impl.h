/*
 * Private to arith/ifma, included by glv_aff_ifma_impl.h (its ga_* steps and helpers in scope)
 * for BLS12-381's G1 only: ifma.h g1_ifma_mul_glv_aff_tested, the products of
 * g1_ifma_mul_glv_aff and the subgroup test of every point in one pass over a chain of
 * doublings that both share.
 *
 * Why: `g16k ptau contribute` onto a file of others must test each input point in G1 before it
 * multiplies it (a point off the group would publish the secret modulo its small order).
 * Scott's test ([x^2] P == -sigma(P)) is 126 doublings of P, the product another 128 doublings
 * of an accumulator: the test alone cost half the products' time. Here the doublings are of
 * P: T_j = [2^j] P, j = 0..128, all affine, and every T_j is added where it is needed
 * (right-to-left, Yao's method: Yao, "On the evaluation of powers", SIAM J. Comput. 1976):
 *   - the product [h0] P + [h1] image(P) (the halves of glv_ifma_impl.h's parts(), image the
 *     x^2 image, (cx x, cy y)): each half in width-4 NAF, digits +-1, +-3, +-5, +-7; digit d of
 *     half h at j adds +-T_j (h = 0) or +-image(T_j) (h = 1) to the bucket of |d|, and at the
 *     end the buckets are combined as B1 + 3 B3 + 5 B5 + 7 B7;
 *   - the test's S = [x^2] P: T_j added to S for each of the 17 set bits j of x^2, then S is
 *     compared with image(P), exactly.
 * Additions, about 2 x 129 / 5 + 17 + 7 a point, are done in blocks of GR_J positions: the
 * block's T_j are kept (lane-major rows), then every lane works through its own list of the
 * block's additions, one a step, all lanes of the batch sharing each step's inversion
 * (Montgomery's trick, as ga_step). The doublings are ga_step's, on T.
 *
 * Exact in every case: a zero denominator (a bucket at +-its addend) sends the lane to the
 * reference (mul_ref, then g1_affine_in_subgroup); a bucket at infinity takes its addend. The
 * chain never meets y = 0: E(Fp) has odd order. Products are the same points as
 * g1_ifma_mul_glv_aff's for every point on the curve.
 */

#define GR_J 8      /* chain positions a block: the block's T_j rows are kept */
#define GR_POS 136  /* positions, a multiple of GR_J above the 129 of a half's NAF */
#define GR_LAST 128 /* the last position with a digit: T is doubled up to [2^128] P */
#define GR_NB 7     /* buckets of a lane: B1, B3, B5, B7, then S, and W, V of the combination */
#define GR_S 4
#define GR_W 5
#define GR_V 6
/* a lane's additions in a block: 2 a half (NAF digits of width 4 are 4 apart) and the test's
 * bits of x^2 in the block (4 at most, in 120..127) */
#define GR_OPS 8

/* x^2 for BLS12-381 (x = -0xd201000000010000): bits 127..64 and 63..0 */
#define GR_X2_HI 0xac45a4010001a402ull
#define GR_X2_LO 0x0000000100000000ull

typedef struct {
    uint8_t pos, bucket, src; /* T_pos (src = 0xff) or bucket src; into bucket */
    uint8_t image, neg;       /* the addend: image(T_pos); negated */
} gr_op;

typedef struct {
    ga_batch t;            /* ga_step's view: ax, ay are T; d, pre; skip, slow; inf = 0 */
    uint64_t *px, *py;     /* P, for the test (SoA blocks) */
    uint64_t *trow, *brow; /* lane-major rows: ng x GR_J x 8 x GA_TW, ng x GR_NB x 8 x GA_TW */
    uint64_t *sx, *sy;     /* a step's accumulators, gathered (SoA blocks) */
    uint64_t *ox, *oy;     /* a step's addends, gathered */
    int8_t *naf;           /* ng x 8 lanes x 2 halves x GR_POS digits */
    gr_op *ops;            /* ng x 8 lanes x GR_OPS: the block's additions */
    uint8_t *nops;         /* ng x 8 lanes */
    uint8_t *binf;         /* ng x GR_NB: lanes whose bucket is at infinity */
    r52m *zero_inf, *act;  /* ng each: no lane at infinity (T); a step's lanes */
} gr_batch;

static size_t gr_layout(gr_batch *b, void *scratch, uint32_t ng)
{
    size_t blk = (size_t)ng * GI_BLK;
    size_t rows = (size_t)ng * (GR_J + GR_NB) * 8 * GA_TW;
    size_t words = blk * 9 + rows; /* tx ty d pre px py sx sy ox oy: d is nrm, 10 - 1 */
    words += blk;
    size_t bytes = words * 8 + (size_t)ng * IFMA_LANES * 2 * GR_POS +
                   (size_t)ng * IFMA_LANES * GR_OPS * sizeof(gr_op) + (size_t)ng * IFMA_LANES +
                   (size_t)ng * GR_NB + 4 * (size_t)ng * sizeof(r52m);
    if (b) {
        uint64_t *w = scratch;
        memset(&b->t, 0, sizeof b->t);
        b->t.ax = w;
        b->t.ay = w += blk;
        b->t.d = w += blk;
        b->t.nrm = b->t.d;
        b->t.pre = w += blk;
        b->px = w += blk;
        b->py = w += blk;
        b->sx = w += blk;
        b->sy = w += blk;
        b->ox = w += blk;
        b->oy = w += blk;
        b->trow = w += blk;
        b->brow = w += (size_t)ng * GR_J * 8 * GA_TW;
        w += (size_t)ng * GR_NB * 8 * GA_TW;
        b->naf = (int8_t *)w;
        b->ops = (gr_op *)(b->naf + (size_t)ng * IFMA_LANES * 2 * GR_POS);
        b->nops = (uint8_t *)(b->ops + (size_t)ng * IFMA_LANES * GR_OPS);
        b->binf = b->nops + (size_t)ng * IFMA_LANES;
        r52m *m = (r52m *)(b->binf + (size_t)ng * GR_NB);
        b->t.skip = m;
        b->t.slow = m + ng;
        b->t.inf = b->zero_inf = m + 2 * (size_t)ng;
        b->act = m + 3 * (size_t)ng;
        b->t.ng = ng;
    }
    return (bytes + 63) & ~(size_t)63;
}

size_t GI_FN(ifma_mul_glv_aff_tested_scratch)(size_t n)
{
    size_t ng = (n + IFMA_LANES - 1) / IFMA_LANES;
    return gr_layout(NULL, NULL, (uint32_t)(ng < GA_GROUPS ? ng : GA_GROUPS));
}

static uint64_t *gr_trow(const gr_batch *b, uint32_t g, unsigned pos, unsigned k)
{
    return b->trow + (((size_t)g * GR_J + pos) * 8 + k) * GA_TW;
}

static uint64_t *gr_brow(const gr_batch *b, uint32_t g, unsigned bucket, unsigned k)
{
    return b->brow + (((size_t)g * GR_NB + bucket) * 8 + k) * GA_TW;
}

/* Width-4 NAF of v < 2^128 - 7 (a half is below x^2 < 2^127.5): GR_POS digits, each 0 or odd
 * in -7..7, any two non-zero ones at least 4 apart, sum d[i] 2^i = v. */
static void gr_naf(int8_t *d, unsigned __int128 v)
{
    for (int i = 0; i < GR_POS; i++) {
        int x = 0;
        if (v & 1) {
            x = (int)(v & 15);
            if (x > 8)
                x -= 16;
            v -= (unsigned __int128)(__int128)x;
        }
        d[i] = (int8_t)x;
        v >>= 1;
    }
}

static int gr_x2_bit(unsigned j)
{
    return j < 64 ? (int)(GR_X2_LO >> j & 1) : j < 128 ? (int)(GR_X2_HI >> (j - 64) & 1) : 0;
}

/* Group g: P into T (ga_step's accumulator) and px, py; the skip lanes; NAF digits; every
 * bucket at infinity. */
static void gr_load(gr_batch *b, const GI_AFF *p, const glv_fixed *s, size_t n)
{
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    for (uint32_t g = 0; g < b->t.ng; g++) {
        _Alignas(64) uint64_t pc[2][GI_BLK];
        static const fp_t zero;
        r52m skip = 0;
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t i = (size_t)g * IFMA_LANES + k;
            const GI_AFF *q = i < n ? &p[i] : NULL;
            if (!q || GI_AFF_IS_INF(q))
                skip |= (r52m)(1u << k);
            for (int c = 0; c < 2; c++)
                r52_radix_put(pc[c], (int)k, q ? GI_ACOORD(q, c) : &zero);
            int8_t *e = b->naf + ((size_t)g * IFMA_LANES + k) * 2 * GR_POS;
            unsigned __int128 v[GV_DIM] = { 0, 0 };
            if (q)
                parts(v, &s[i]);
            gr_naf(e, v[0]);
            gr_naf(e + GR_POS, v[1]);
        }
        GI_FE x, y;
        fe_load_r52(&x, pc[0], &to);
        fe_load_r52(&y, pc[1], &to);
        fe_store(GA_BLK(b->t.ax, g), &x);
        fe_store(GA_BLK(b->t.ay, g), &y);
        fe_store(GA_BLK(b->px, g), &x);
        fe_store(GA_BLK(b->py, g), &y);
        b->t.skip[g] = skip;
        b->t.slow[g] = 0;
        b->zero_inf[g] = 0;
        memset(b->binf + (size_t)g * GR_NB, 0xff, GR_NB);
    }
}

/* T (every lane) into the block's row pos. */
static void gr_keep_t(gr_batch *b, unsigned pos)
{
    for (uint32_t g = 0; g < b->t.ng; g++) {
        GI_FE x, y;
        uint64_t *row[IFMA_LANES];
        fe_load(&x, GA_BLK(b->t.ax, g));
        fe_load(&y, GA_BLK(b->t.ay, g));
        for (unsigned k = 0; k < IFMA_LANES; k++)
            row[k] = gr_trow(b, g, pos, k);
        r52_rows_scatter(row, (r52m)0xff, &x);
        for (unsigned k = 0; k < IFMA_LANES; k++)
            row[k] += R52_LIMBS;
        r52_rows_scatter(row, (r52m)0xff, &y);
    }
}

/* The additions of block bl into each lane's list; returns the most a lane has. */
static unsigned gr_block_ops(gr_batch *b, unsigned bl)
{
    unsigned most = 0;
    for (uint32_t g = 0; g < b->t.ng; g++)
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t l = (size_t)g * IFMA_LANES + k;
            const int8_t *e = b->naf + l * 2 * GR_POS;
            gr_op *o = b->ops + l * GR_OPS;
            unsigned c = 0;
            if ((b->t.skip[g] | b->t.slow[g]) >> k & 1) {
                b->nops[l] = 0;
                continue;
            }
            for (unsigned pos = 0; pos < GR_J; pos++) {
                unsigned j = bl * GR_J + pos;
                for (int h = 0; h < 2; h++) {
                    int d = e[h * GR_POS + j];
                    if (d)
                        o[c++] = (gr_op){ .pos = (uint8_t)pos,
                                          .bucket = (uint8_t)(((d < 0 ? -d : d) - 1) >> 1),
                                          .src = 0xff,
                                          .image = (uint8_t)h,
                                          .neg = (uint8_t)(d < 0) };
                }
                if (gr_x2_bit(j))
                    o[c++] = (gr_op){ .pos = (uint8_t)pos, .bucket = GR_S, .src = 0xff };
            }
            b->nops[l] = (uint8_t)c;
            most = c > most ? c : most;
        }
    return most;
}

/* One addition step: lane k of group g does its op number st (bucket += addend). */
static void gr_add_step(gr_batch *b, unsigned st, const gv_images *im)
{
    GI_FE ax, ay, ox, oy, d, t, u, l, x3, y3, zero, onefe;
    vfp acc, inv, itn, one;
    vfp_set_const(&one, VFP_ONE);
    fe_zero(&zero);
    fe_one(&onefe);
    acc = one;
    int divides = 0;
    for (uint32_t g = 0; g < b->t.ng; g++) {
        const uint64_t *ar[IFMA_LANES], *orow[IFMA_LANES];
        r52m act = 0, img = 0, neg = 0, ainf = 0, oinf = 0;
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t l = (size_t)g * IFMA_LANES + k;
            const gr_op *o = b->ops + l * GR_OPS + st;
            if (st >= b->nops[l]) { /* idle: any rows of its own */
                ar[k] = gr_brow(b, g, 0, k);
                orow[k] = gr_trow(b, g, 0, k);
                continue;
            }
            act |= (r52m)(1u << k);
            img |= (r52m)((unsigned)o->image << k);
            neg |= (r52m)((unsigned)o->neg << k);
            ainf |= (r52m)((b->binf[(size_t)g * GR_NB + o->bucket] >> k & 1u) << k);
            if (o->src != 0xff)
                oinf |= (r52m)((b->binf[(size_t)g * GR_NB + o->src] >> k & 1u) << k);
            ar[k] = gr_brow(b, g, o->bucket, k);
            orow[k] = o->src == 0xff ? gr_trow(b, g, o->pos, k) : gr_brow(b, g, o->src, k);
        }
        act &= (r52m) ~(oinf | b->t.slow[g] | b->t.skip[g]); /* an addend at infinity: nothing */
        b->act[g] = act;
        r52_rows_gather(&ax, ar);
        r52_rows_gather(&ox, orow);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            ar[k] += R52_LIMBS;
            orow[k] += R52_LIMBS;
        }
        r52_rows_gather(&ay, ar);
        r52_rows_gather(&oy, orow);
        if (img) {
            GI_FE ix, iy;
            fe_mul_fp(&ix, &ox, &im->cx);
            fe_mul_fp(&iy, &oy, &im->cy);
            GI_BLEND(&ox, img, &ox, &ix);
            GI_BLEND(&oy, img, &oy, &iy);
        }
        if (neg) {
            GI_FE ny;
            GI_SUB(&ny, &zero, &oy, 3);
            GI_BLEND(&oy, neg, &oy, &ny);
        }
        r52m lanes = (r52m)(act & ~ainf);
        GI_SUB(&d, &ox, &ax, 3); /* < 6p */
        r52m z = ga_is_zero(&d, &d, lanes);
        b->t.slow[g] |= z;
        b->act[g] &= (r52m)~z;
        lanes &= (r52m)~z;
        divides |= lanes != 0;
        GI_BLEND(&d, (r52m)~lanes, &d, &onefe);
        fe_store(GA_BLK(b->sx, g), &ax);
        fe_store(GA_BLK(b->sy, g), &ay);
        fe_store(GA_BLK(b->ox, g), &ox);
        fe_store(GA_BLK(b->oy, g), &oy);
        fe_store(GA_BLK(b->t.d, g), &d);
        vfp_mul(&acc, &acc, &d);
        vfp_store(b->t.pre + (size_t)g * GI_BLK, &acc);
    }
    if (divides)
        r52_lanes_inv(&inv, &acc);
    else
        inv = one;
    for (uint32_t g = b->t.ng; g-- > 0;) {
        r52m act = b->act[g];
        if (!act) /* its d is 1 in every lane: inv stays */
            continue;
        fe_load(&d, GA_BLK(b->t.d, g));
        if (g > 0) {
            vfp p;
            vfp_load(&p, b->t.pre + (size_t)(g - 1) * GI_BLK);
            vfp_mul(&itn, &inv, &p);
            vfp_mul(&inv, &inv, &d);
        } else {
            itn = inv;
        }
        r52m ainf = 0;
        uint64_t *ar[IFMA_LANES];
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t l = (size_t)g * IFMA_LANES + k;
            const gr_op *o = b->ops + l * GR_OPS + st;
            if (!(act >> k & 1)) {
                ar[k] = NULL;
                continue;
            }
            uint8_t *bi = &b->binf[(size_t)g * GR_NB + o->bucket];
            ainf |= (r52m)((*bi >> k & 1u) << k);
            *bi &= (uint8_t) ~(1u << k); /* no longer at infinity: it takes or adds */
            ar[k] = gr_brow(b, g, o->bucket, k);
        }
        fe_load(&ax, GA_BLK(b->sx, g));
        fe_load(&ay, GA_BLK(b->sy, g));
        fe_load(&ox, GA_BLK(b->ox, g));
        fe_load(&oy, GA_BLK(b->oy, g));
        t = itn; /* 1 / d */
        GI_SUB(&u, &oy, &ay, 3);
        GI_MUL(&l, &u, &t);
        GI_SQR(&u, &l);
        GI_SUB_2B_C(&x3, &u, &ax, &d, 12); /* lambda^2 - x1 - x2 (x1 + x2 = 2 x1 + d) */
        GI_SUB(&u, &ax, &x3, GI_MB + 12);
        GI_MUL(&u, &l, &u);
        GI_SUB(&y3, &u, &ay, 3);
        ga_reduce(&x3, &x3);
        ga_reduce(&y3, &y3);
        GI_BLEND(&x3, ainf, &x3, &ox); /* a bucket at infinity takes the addend (< 3p) */
        GI_BLEND(&y3, ainf, &y3, &oy);
        r52_rows_scatter(ar, act, &x3);
        for (unsigned k = 0; k < IFMA_LANES; k++)
            if (ar[k])
                ar[k] += R52_LIMBS;
        r52_rows_scatter(ar, act, &y3);
    }
}

/* Every live lane: bucket dst += bucket src (nothing where src is at infinity). */
static void gr_combine(gr_batch *b, unsigned dst, unsigned src, const gv_images *im)
{
    for (uint32_t g = 0; g < b->t.ng; g++)
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t l = (size_t)g * IFMA_LANES + k;
            b->ops[l * GR_OPS] = (gr_op){ .bucket = (uint8_t)dst, .src = (uint8_t)src };
            b->nops[l] = !((b->t.skip[g] | b->t.slow[g]) >> k & 1);
        }
    gr_add_step(b, 0, im);
}

/* Lanes of group g whose S (bucket GR_S) is image(P), exactly: the test passed. */
static r52m gr_tested(const gr_batch *b, uint32_t g, const gv_images *im)
{
    GI_FE px, py, ix, iy, sx, sy;
    const uint64_t *row[IFMA_LANES];
    fe_load(&px, GA_BLK(b->px, g));
    fe_load(&py, GA_BLK(b->py, g));
    fe_mul_fp(&ix, &px, &im->cx);
    fe_mul_fp(&iy, &py, &im->cy);
    for (unsigned k = 0; k < IFMA_LANES; k++)
        row[k] = gr_brow(b, g, GR_S, k);
    r52_rows_gather(&sx, row);
    for (unsigned k = 0; k < IFMA_LANES; k++)
        row[k] += R52_LIMBS;
    r52_rows_gather(&sy, row);
    r52m ok = (r52m)(fe_eq_exact(&sx, &ix) & fe_eq_exact(&sy, &iy));
    return (r52m)(ok & ~b->binf[(size_t)g * GR_NB + GR_S]);
}

/* The results of group g's lanes into out[g*8 ..] (< n), as ga_store, the result in bucket
 * GR_W; the lowest index of a point found outside G1 into *bad (unchanged when none). */
static void gr_store(const gr_batch *b, GI_AFF *out, const GI_AFF *p, const glv_fixed *s, size_t n,
                     size_t i0, const gv_images *im, size_t *bad)
{
    for (uint32_t g = 0; g < b->t.ng; g++) {
        fp_t t[2][IFMA_LANES];
        for (int c = 0; c < 2; c++) {
            _Alignas(64) uint64_t blk[GI_BLK];
            const uint64_t *row[IFMA_LANES];
            vfp v;
            for (unsigned k = 0; k < IFMA_LANES; k++)
                row[k] = gr_brow(b, g, GR_W, k) + c * R52_LIMBS;
            r52_rows_gather(&v, row);
            vfp_store(blk, &v);
            r52_block_to_fp(t[c], blk);
        }
        r52m ok = gr_tested(b, g, im);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t i = (size_t)g * IFMA_LANES + k;
            if (i >= n)
                break;
            GI_AFF *o = &out[i];
            if ((b->t.skip[g] >> k) & 1) {
                memset(o, 0, sizeof *o); /* (0, 0): infinity, in G1 */
                continue;
            }
            int fast = (ok >> k & 1) && !(b->t.slow[g] >> k & 1);
            if (!fast && !GI_FN(affine_in_subgroup)(&p[i])) { /* the reference decides */
                if (i0 + i < *bad)
                    *bad = i0 + i;
                memset(o, 0, sizeof *o);
                continue;
            }
            if (!fast) {
                GI_JAC pj, r;
                GI_FN(jac_from_affine)(&pj, &p[i]);
                mul_ref(&r, &pj, &s[i]);
                GI_FN(jac_to_affine)(o, &r);
            } else if ((b->binf[(size_t)g * GR_NB + GR_W] >> k) & 1) {
                memset(o, 0, sizeof *o);
            } else {
                o->x = t[0][k];
                o->y = t[1][k];
            }
        }
    }
}

size_t GI_FN(ifma_mul_glv_aff_tested)(GI_AFF *out, const GI_AFF *p, const glv_fixed *s, size_t n,
                                      void *scratch)
{
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    gv_images im;
    images_setup(&im, &to);
    size_t bad = n;
    for (size_t i0 = 0; i0 < n; i0 += (size_t)GA_GROUPS * IFMA_LANES) {
        size_t m =
            n - i0 < (size_t)GA_GROUPS * IFMA_LANES ? n - i0 : (size_t)GA_GROUPS * IFMA_LANES;
        gr_batch b;
        gr_layout(&b, scratch, (uint32_t)((m + IFMA_LANES - 1) / IFMA_LANES));
        gr_load(&b, p + i0, s + i0, m);
        for (unsigned bl = 0; bl < GR_POS / GR_J; bl++) {
            for (unsigned pos = 0; pos < GR_J && bl * GR_J + pos <= GR_LAST; pos++) {
                if (bl || pos)
                    ga_step(&b.t, GA_DBL, 0, 0); /* T = [2^j] P */
                gr_keep_t(&b, pos);
            }
            unsigned most = gr_block_ops(&b, bl);
            for (unsigned st = 0; st < most; st++)
                gr_add_step(&b, st, &im);
        }
        /* W = 7 B7 + 5 B5 + 3 B3 + B1: U (in B7's place) the running sum B7, B7 + B5, ...,
         * W the sum of the U, V its value before the last U */
        gr_combine(&b, GR_W, 3, &im);
        gr_combine(&b, 3, 2, &im);
        gr_combine(&b, GR_W, 3, &im);
        gr_combine(&b, 3, 1, &im);
        gr_combine(&b, GR_W, 3, &im);
        gr_combine(&b, GR_V, GR_W, &im);
        gr_combine(&b, 3, 0, &im);
        gr_combine(&b, GR_W, 3, &im);
        gr_combine(&b, GR_W, GR_V, &im);
        gr_store(&b, out + i0, p + i0, s + i0, m, i0, &im, &bad);
    }
    return bad;
}

#undef GR_J
#undef GR_POS
#undef GR_LAST
#undef GR_NB
#undef GR_S
#undef GR_W
#undef GR_V
#undef GR_OPS
#undef GR_X2_HI
#undef GR_X2_LO
