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
 * The doublings are ga_step's, on T. The additions, about 2 x 129 / 5 + 17 + 9 a point, go by
 * blocks of GR_J positions: the block's T_j are kept (lane-major rows, a ring of two blocks),
 * then every lane works through its own list of additions (made once, block by block), one a
 * step, all lanes of the batch sharing each step's inversion (Montgomery's trick, as
 * ga_step). A lane may lag a block behind: a block takes GR_STEPS steps, or more where a lane
 * still has additions of the block before (whose rows the next block overwrites), about 75
 * steps in all against 83 when every block finished its own.
 * image(x, y) = (beta x, -y) (g1_jac_x2_image): one multiplication, its y a negation.
 * Measured (perf, `ptau contribute` onto a contribution at power 16): an addition step costs
 * about 1.5 doubling steps (its rows are gathered and scattered, lane by lane), so the pass
 * takes about 6% less than the product and the test apart, not the 35% their counts promise;
 * the way on is fewer gathers (SoA buckets picked by blends), not fewer steps.
 *
 * Exact in every case: a zero denominator (a bucket at +-its addend) sends the lane to the
 * reference (g1_affine_in_subgroup, then mul_ref); a bucket at infinity takes its addend. The
 * chain never meets y = 0: E(Fp) has odd order. Products are the same points as
 * g1_ifma_mul_glv_aff's for every point of G1 (ifma.h: infinity for the others, which are
 * refused). Not constant time: the steps a block takes and the lanes' work follow the digits
 * (as the rest of `ptau contribute`, which guards against a remote reader, not a local one).
 */

#define GR_J 8      /* chain positions a block */
#define GR_RING 16  /* rows of T kept: this block's and the one before */
#define GR_LAST 128 /* the last position with a digit: T is doubled up to [2^128] P */
#define GR_NBL 17   /* blocks: GR_LAST / GR_J + 1 */
#define GR_STEPS 3  /* addition steps a block at least (a lane averages 4) */
#define GR_NB 7     /* buckets of a lane: B1, B3, B5, B7, then S, and W, V of the combination */
#define GR_S 4
#define GR_W 5
#define GR_V 6
/* a lane's additions: at most 33 non-zero NAF digits a half (4 apart in 129 positions) and
 * the 17 bits of x^2 */
#define GR_MAXOPS 84

#define GR_X2 ((unsigned __int128)BLS_X_ABS * BLS_X_ABS) /* 17 bits set, below 2^128 */
_Static_assert(GR_J == 8, "a block's bits of x^2 are a byte");

/* An addition: j (bits 0..7), bucket (8..10), the addend's image (11), negated (12). */
#define GR_OP(j, bucket, image, neg) ((uint16_t)((j) | (bucket) << 8 | (image) << 11 | (neg) << 12))

typedef struct {
    uint8_t bucket, src;     /* into bucket; the addend: T (src = 0xff) or bucket src */
    uint8_t row, image, neg; /* T's ring row; image(T); negated */
} gr_op;

typedef struct {
    ga_batch t;             /* ga_step's view: ax, ay are T; d, pre; skip, slow; inf = 0 */
    uint64_t *px, *py;      /* P, for the test (SoA blocks) */
    uint64_t *trow, *brow;  /* lane-major rows: ng x GR_RING x 8 x GA_TW, ng x GR_NB x 8 x GA_TW */
    uint64_t *sx, *sy;      /* a step's accumulators, gathered (SoA blocks) */
    uint64_t *ox, *oy;      /* a step's addends, gathered */
    uint16_t *ops;          /* ng x 8 lanes x GR_MAXOPS additions, block by block */
    uint8_t *nops, *cur;    /* ng x 8 lanes: additions, those done */
    uint8_t *upto;          /* ng x 8 lanes x GR_NBL: additions of the blocks before block b */
    gr_op *sel;             /* ng x 8 lanes: this step's */
    uint8_t *binf;          /* ng x GR_NB: lanes whose bucket is at infinity */
    r52m *zero_inf, *act;   /* ng each: no lane at infinity (T); a step's lanes */
    r52m *img, *neg, *ainf; /* ng each: a step's lanes adding image(T), -addend; bucket at O */
} gr_batch;

static size_t gr_layout(gr_batch *b, void *scratch, uint32_t ng)
{
    size_t blk = (size_t)ng * GI_BLK, lanes = (size_t)ng * IFMA_LANES;
    size_t rows = (size_t)ng * (GR_RING + GR_NB) * 8 * GA_TW;
    size_t words = blk * 10 + rows; /* tx ty d pre px py sx sy ox oy */
    size_t bytes = words * 8 + lanes * GR_MAXOPS * sizeof(uint16_t) + lanes * (2 + GR_NBL) +
                   lanes * sizeof(gr_op) + (size_t)ng * GR_NB + 7 * (size_t)ng * sizeof(r52m);
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
        b->brow = w += (size_t)ng * GR_RING * 8 * GA_TW;
        w += (size_t)ng * GR_NB * 8 * GA_TW;
        b->ops = (uint16_t *)w;
        b->nops = (uint8_t *)(b->ops + lanes * GR_MAXOPS);
        b->cur = b->nops + lanes;
        b->upto = b->cur + lanes;
        b->sel = (gr_op *)(b->upto + lanes * GR_NBL);
        b->binf = (uint8_t *)(b->sel + lanes);
        r52m *m = (r52m *)(b->binf + (size_t)ng * GR_NB);
        b->t.skip = m;
        b->t.slow = m + ng;
        b->t.inf = b->zero_inf = m + 2 * (size_t)ng;
        b->act = m + 3 * (size_t)ng;
        b->img = m + 4 * (size_t)ng;
        b->neg = m + 5 * (size_t)ng;
        b->ainf = m + 6 * (size_t)ng;
        b->t.ng = ng;
    }
    return (bytes + 63) & ~(size_t)63;
}

size_t GI_FN(ifma_mul_glv_aff_tested_scratch)(size_t n)
{
    size_t ng = (n + IFMA_LANES - 1) / IFMA_LANES;
    return gr_layout(NULL, NULL, (uint32_t)(ng < GA_GROUPS ? ng : GA_GROUPS));
}

static uint64_t *gr_trow(const gr_batch *b, uint32_t g, unsigned row, unsigned k)
{
    return b->trow + (((size_t)g * GR_RING + row) * 8 + k) * GA_TW;
}

static uint64_t *gr_brow(const gr_batch *b, uint32_t g, unsigned bucket, unsigned k)
{
    return b->brow + (((size_t)g * GR_NB + bucket) * 8 + k) * GA_TW;
}

/* The width-4 NAF of v < 2^128 - 7 (a half is below x^2 < 2^127.5) as additions of half h into
 * o[0..], in order of j: digit d (odd, -7..7) at j adds +-T_j to bucket (|d| - 1) / 2; any two
 * non-zero digits at least 4 apart, sum d 2^j = v. Returns the count (at most 33). */
static unsigned gr_naf(uint16_t *o, unsigned __int128 v, unsigned h)
{
    unsigned c = 0, j = 0;
    while (v) {
        uint64_t lo = (uint64_t)v;
        unsigned z = lo ? (unsigned)__builtin_ctzll(lo)
                        : 64 + (unsigned)__builtin_ctzll((uint64_t)(v >> 64));
        v >>= z;
        j += z;
        int x = (int)(v & 15);
        if (x > 8)
            x -= 16;
        v -= (unsigned __int128)(__int128)x;
        o[c++] = GR_OP(j, (unsigned)((x < 0 ? -x : x) - 1) >> 1, h, (unsigned)(x < 0));
        v >>= 1;
        j++;
    }
    return c;
}

/* Group g: P into T (ga_step's accumulator) and px, py; the skip lanes; each lane's additions
 * (both halves' digits and the test's bits of x^2, block by block) and how many come before
 * each block; every bucket at infinity. */
static void gr_load(gr_batch *b, const GI_AFF *p, const glv_fixed *s, size_t n)
{
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    for (uint32_t g = 0; g < b->t.ng; g++) {
        _Alignas(64) uint64_t pc[2][GI_BLK];
        static const fp_t zero;
        r52m skip = 0;
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t i = (size_t)g * IFMA_LANES + k, l = i;
            const GI_AFF *q = i < n ? &p[i] : NULL;
            if (!q || GI_AFF_IS_INF(q))
                skip |= (r52m)(1u << k);
            for (int c = 0; c < 2; c++)
                r52_radix_put(pc[c], (int)k, q ? GI_ACOORD(q, c) : &zero);
            b->cur[l] = 0;
            if ((skip >> k) & 1) {
                b->nops[l] = 0;
                memset(b->upto + l * GR_NBL, 0, GR_NBL);
                continue;
            }
            unsigned __int128 v[GV_DIM];
            uint16_t h[2][34];
            unsigned nh[2], at[2] = { 0, 0 };
            parts(v, &s[i]);
            nh[0] = gr_naf(h[0], v[0], 0);
            nh[1] = gr_naf(h[1], v[1], 1);
            uint16_t *o = b->ops + l * GR_MAXOPS;
            uint8_t *u = b->upto + l * GR_NBL;
            unsigned c = 0;
            for (unsigned bl = 0; bl < GR_NBL; bl++) { /* by block; any order within one */
                u[bl] = (uint8_t)c;
                for (unsigned t = 0; t < 2; t++)
                    while (at[t] < nh[t] && (h[t][at[t]] & 0xffu) / GR_J == bl)
                        o[c++] = h[t][at[t]++];
                unsigned m = bl * GR_J < 128 ? (unsigned)(GR_X2 >> (bl * GR_J)) & 0xffu : 0;
                for (; m; m &= m - 1) /* the test's bits of x^2 in the block */
                    o[c++] = GR_OP(bl * GR_J + (unsigned)__builtin_ctz(m), GR_S, 0u, 0u);
            }
            b->nops[l] = (uint8_t)c;
            explicit_bzero(h, sizeof h); /* digits of the secret scalar */
            explicit_bzero(v, sizeof v);
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
    /* defined values in the rows of buckets at infinity, which are read, then not used */
    memset(b->brow, 0, (size_t)b->t.ng * GR_NB * 8 * GA_TW * sizeof(uint64_t));
}

/* T (every lane) into ring row j mod GR_RING. */
static void gr_keep_t(gr_batch *b, unsigned j)
{
    for (uint32_t g = 0; g < b->t.ng; g++) {
        GI_FE x, y;
        uint64_t *row[IFMA_LANES];
        fe_load(&x, GA_BLK(b->t.ax, g));
        fe_load(&y, GA_BLK(b->t.ay, g));
        for (unsigned k = 0; k < IFMA_LANES; k++)
            row[k] = gr_trow(b, g, j % GR_RING, k);
        r52_rows_scatter(row, (r52m)0xff, &x);
        for (unsigned k = 0; k < IFMA_LANES; k++)
            row[k] += R52_LIMBS;
        r52_rows_scatter(row, (r52m)0xff, &y);
    }
}

/* The most additions of the blocks before bl that a live lane has still to do. */
static unsigned gr_behind(const gr_batch *b, unsigned bl)
{
    unsigned most = 0;
    for (size_t l = 0; l < (size_t)b->t.ng * IFMA_LANES; l++) {
        if ((b->t.slow[l / IFMA_LANES] | b->t.skip[l / IFMA_LANES]) >> (l % IFMA_LANES) & 1)
            continue; /* adds nothing more: its product is the reference's */
        unsigned u = bl < GR_NBL ? b->upto[l * GR_NBL + bl] : b->nops[l];
        unsigned left = u > b->cur[l] ? u - b->cur[l] : 0;
        most = left > most ? left : most;
    }
    return most;
}

/* Group g's lanes for an addition step (as gr_add_step): their additions into sel, the masks
 * of the step (act: the lanes that add) into act, img, neg, ainf. */
static void gr_pick(gr_batch *b, uint32_t g, unsigned bl, unsigned dst, unsigned src)
{
    r52m act = 0, img = 0, neg = 0, ainf = 0, oinf = 0;
    r52m live = (r52m) ~(b->t.slow[g] | b->t.skip[g]);
    const uint8_t *binf = b->binf + (size_t)g * GR_NB;
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        size_t li = (size_t)g * IFMA_LANES + k;
        gr_op *o = &b->sel[li];
        if (!((live >> k) & 1))
            continue;
        if (src < GR_NB) {
            *o = (gr_op){ .bucket = (uint8_t)dst, .src = (uint8_t)src };
            oinf |= (r52m)((binf[src] >> k & 1u) << k);
        } else {
            unsigned c = b->cur[li];
            if (c >= b->nops[li])
                continue;
            unsigned op = b->ops[li * GR_MAXOPS + c], j = op & 0xffu;
            if (j / GR_J > bl)
                continue;
            /* image(T) = (beta x, -y): its y is a negation */
            *o = (gr_op){ .bucket = (uint8_t)(op >> 8 & 7u),
                          .src = 0xff,
                          .row = (uint8_t)(j % GR_RING),
                          .image = (uint8_t)(op >> 11 & 1u),
                          .neg = (uint8_t)((op >> 11 ^ op >> 12) & 1u) };
        }
        act |= (r52m)(1u << k);
        img |= (r52m)((unsigned)o->image << k);
        neg |= (r52m)((unsigned)o->neg << k);
        ainf |= (r52m)((binf[o->bucket] >> k & 1u) << k);
    }
    b->act[g] = (r52m)(act & ~oinf); /* an addend at infinity: nothing */
    b->img[g] = img;
    b->neg[g] = neg;
    b->ainf[g] = ainf;
}

/* The rows of group g's lanes in this step: their buckets and addends (idle lanes: rows of their
 * own, not written). */
static void gr_rows(const gr_batch *b, uint32_t g, uint64_t *ar[IFMA_LANES],
                    uint64_t *orow[IFMA_LANES])
{
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const gr_op *o = &b->sel[(size_t)g * IFMA_LANES + k];
        if (!((b->act[g] >> k) & 1)) {
            ar[k] = gr_brow(b, g, 0, k);
            orow[k] = gr_trow(b, g, 0, k);
            continue;
        }
        ar[k] = gr_brow(b, g, o->bucket, k);
        orow[k] = o->src == 0xff ? gr_trow(b, g, o->row, k) : gr_brow(b, g, o->src, k);
    }
}

/* Asks for group g's rows ahead of their use (the batch's rows live in the outer caches):
 * both lines (x, y) of each lane's bucket, and of its addend unless only the bucket. */
static void gr_prefetch(const gr_batch *b, uint32_t g, int addends)
{
    uint64_t *ar[IFMA_LANES], *orow[IFMA_LANES];
    if (!b->act[g])
        return;
    gr_rows(b, g, ar, orow);
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        GA_PREFETCH(ar[k]);
        GA_PREFETCH(ar[k] + R52_LIMBS);
        if (addends) {
            GA_PREFETCH(orow[k]);
            GA_PREFETCH(orow[k] + R52_LIMBS);
        }
    }
}

/* One addition step: each live lane adds its next addition of the blocks up to bl (bl =
 * GR_NBL: any), or, with src < GR_NB, bucket dst += bucket src (nothing where src is at
 * infinity). */
static void gr_add_step(gr_batch *b, unsigned bl, unsigned dst, unsigned src, const gv_images *im)
{
    GI_FE ax, ay, ox, oy, d, u, l, x3, y3, zero, onefe;
    vfp acc, inv, itn, one;
    vfp_set_const(&one, VFP_ONE);
    fe_zero(&zero);
    fe_one(&onefe);
    acc = one;
    int divides = 0;
    for (uint32_t g = 0; g < b->t.ng; g++)
        gr_pick(b, g, bl, dst, src);
    for (uint32_t g = 0; g < b->t.ng; g++) {
        uint64_t *ar[IFMA_LANES], *orow[IFMA_LANES];
        if (g + GA_AHEAD < b->t.ng)
            gr_prefetch(b, g + GA_AHEAD, 1);
        r52m act = b->act[g], img = b->img[g], neg = b->neg[g], ainf = b->ainf[g];
        if (!act) { /* no running product of its own: the one so far */
            vfp_store(b->t.pre + (size_t)g * GI_BLK, &acc);
            continue;
        }
        gr_rows(b, g, ar, orow);
        r52_rows_gather(&ax, (const uint64_t *const *)ar);
        r52_rows_gather(&ox, (const uint64_t *const *)orow);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            ar[k] += R52_LIMBS;
            orow[k] += R52_LIMBS;
        }
        r52_rows_gather(&ay, (const uint64_t *const *)ar);
        r52_rows_gather(&oy, (const uint64_t *const *)orow);
        if (img) {
            GI_FE ix;
            fe_mul_fp(&ix, &ox, &im->cx);
            GI_BLEND(&ox, img, &ox, &ix);
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
    /* backward: groups without a lane (act = 0) leave inv as it is */
    for (uint32_t g = b->t.ng; g-- > 0;) {
        r52m act = b->act[g];
        if (!act)
            continue;
        fe_load(&d, GA_BLK(b->t.d, g));
        if (g > 0) {
            vfp pr;
            vfp_load(&pr, b->t.pre + (size_t)(g - 1) * GI_BLK);
            vfp_mul(&itn, &inv, &pr);
            vfp_mul(&inv, &inv, &d);
        } else {
            itn = inv;
        }
        if (g >= GA_AHEAD)
            gr_prefetch(b, g - GA_AHEAD, 0);
        r52m ainf = b->ainf[g];
        uint64_t *ar[IFMA_LANES], *orow[IFMA_LANES];
        gr_rows(b, g, ar, orow);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t li = (size_t)g * IFMA_LANES + k;
            if (!(act >> k & 1))
                continue;
            /* no longer at infinity: it takes or adds */
            b->binf[(size_t)g * GR_NB + b->sel[li].bucket] &= (uint8_t) ~(1u << k);
            if (src >= GR_NB)
                b->cur[li]++;
        }
        fe_load(&ax, GA_BLK(b->sx, g));
        fe_load(&ay, GA_BLK(b->sy, g));
        fe_load(&ox, GA_BLK(b->ox, g));
        fe_load(&oy, GA_BLK(b->oy, g));
        GI_SUB(&u, &oy, &ay, 3);
        GI_MUL(&l, &u, &itn); /* lambda */
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
            ar[k] += R52_LIMBS;
        r52_rows_scatter(ar, act, &y3);
    }
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
        for (unsigned bl = 0; bl < GR_NBL; bl++) {
            for (unsigned j = bl * GR_J; j < (bl + 1) * GR_J && j <= GR_LAST; j++) {
                if (j)
                    ga_step(&b.t, GA_DBL, 0, 0); /* T = [2^j] P */
                gr_keep_t(&b, j);
            }
            /* the block before must be done: the next block overwrites its rows */
            unsigned steps = gr_behind(&b, bl);
            steps = steps > GR_STEPS ? steps : GR_STEPS;
            for (unsigned st = 0; st < steps; st++)
                gr_add_step(&b, bl, 0, GR_NB, &im);
        }
        for (unsigned st = gr_behind(&b, GR_NBL); st > 0; st--)
            gr_add_step(&b, GR_NBL, 0, GR_NB, &im);
        /* W = 7 B7 + 5 B5 + 3 B3 + B1: U (in B7's place) the running sum B7, B7 + B5, ...,
         * W the sum of the U, V its value before the last U */
        static const uint8_t comb[9][2] = { { GR_W, 3 }, { 3, 2 },    { GR_W, 3 },
                                            { 3, 1 },    { GR_W, 3 }, { GR_V, GR_W },
                                            { 3, 0 },    { GR_W, 3 }, { GR_W, GR_V } };
        for (int c = 0; c < 9; c++)
            gr_add_step(&b, 0, comb[c][0], comb[c][1], &im);
        gr_store(&b, out + i0, p + i0, s + i0, m, i0, &im, &bad);
        /* the additions spell the scalars' digits (secret: tau^i in a contribution) */
        explicit_bzero(b.ops, (size_t)((uint8_t *)b.binf - (uint8_t *)b.ops));
    }
    return bad;
}

#undef GR_J
#undef GR_RING
#undef GR_NBL
#undef GR_STEPS
#undef GR_MAXOPS
#undef GR_OP
#undef GR_LAST
#undef GR_NB
#undef GR_S
#undef GR_W
#undef GR_V
#undef GR_X2
