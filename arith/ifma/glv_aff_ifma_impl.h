/*
 * Private to arith/ifma, included by g_ifma_impl.h after glv_ifma_impl.h (its parts(), images'
 * constants, mul_ref and the lane helpers in scope), for G1 and G2 on both curves: ifma.h
 * g1_/g2_ifma_mul_glv_aff, many scalar multiplications, each point with its own scalar, in
 * affine coordinates throughout with one inversion a step for the whole batch.
 *
 * The split of g*_ifma_mul_glv (glv_ifma_impl.h) in 4-bit windows: signed digits -8..8 on the
 * table [m] P, m = 1..8, but on BLS12-381's G1 odd digits -15..15 on the table of odd
 * multiples (GA_ELM, below). Unlike there, the accumulators and the tables stay affine: every
 * step of every product (a doubling, or the addition of a table entry) is done for all the
 * batch's points at once, with the denominators (2y, or x2 - x1) inverted together by
 * Montgomery's trick (Montgomery, "Speeding the Pollard and elliptic curve methods of
 * factorization", Math. Comp. 1987): a pass forward
 * multiplies them into running products, the reference inverts the last one (one inversion for
 * the eight lanes), a pass backward peels each denominator's inverse off. On G2 the running
 * products are of the denominators' norms to Fp (1/d = conj(d) / N(d)). An affine addition then
 * costs 5M + 1S against the Jacobian mixed addition's 7M + 4S, a doubling 5M + 2S against
 * 2M + 5S (the same count of products); the tables cost 7 affine steps instead of 7 Jacobian
 * ones plus the conversion, and the results come out affine, as the file wants them.
 *
 * Layout of a batch (scratch): per group of eight points, structure-of-arrays blocks for the
 * accumulators (x, y), the points, the step's denominators and running products; the tables
 * lane-major (each lane's entry one r52 affine point, 2 GI_NC blocks of 8 words), so that
 * picking eight lanes' entries reads eight short rows (gather, one 8 x 8 transpose a block).
 *
 * Exact in every case: lanes where P is infinity give infinity; a zero denominator (the
 * accumulator at +-entry, or y = 0: never for points of prime order and scalars of the split's
 * range, but checked) is found exactly before it enters the running product, takes 1 instead,
 * and the lane is recomputed by the reference (mul_ref); the accumulator at infinity (leading
 * zero digits) takes the entry itself (GA_ELM: only in the top window; a lane found there later
 * goes to the reference).
 */

/* Groups of eight points in a batch: its steps share one inversion (about 4 us), so a batch
 * must be large, while its tables (16 KB a group on G1, 64 KB on G2) are read at random every
 * addition. Measured on `g16k ptau contribute` at power 16 (2 threads, 4 alternating rounds of
 * a noisy VM): 256 / 128 groups against 128 / 64, 2.31-2.63 against 2.36-2.61 s, faster in
 * three rounds of four; about even. */
#define GA_GROUPS (GI_NC == 1 ? 256 : 128)
#define GA_TW (2 * GI_NC * R52_LIMBS) /* words of a lane's table entry: x, y */
/* BLS12-381's G1 takes the windows' first addition together with the doubling before it:
 * 2 acc + e as (acc + e) + acc (Eisentraeger, Lauter and Montgomery, "Fast elliptic curve
 * arithmetic and improved Weil pairing evaluation", CT-RSA 2003: the y of acc + e is never
 * formed, and the second slope follows from the first), 9M + 2S against a doubling and an
 * addition's 10M + 3S, in the same two steps (two inversions). It needs every digit non-zero:
 * its halves are recoded into odd digits (ga_recode_odd) on the table of odd multiples, an even
 * half as half + 1 with -1 in a last digit (one more addition a half, where needed). G2
 * (four parts, a fourth of the additions, Fp2) gained nothing measurable the same way (power
 * 16 contributions, 5 alternating pairs): it keeps the digits -8..8. */
#if !defined(G16K_IFMA_BN254) && GI_NC == 1
#define GA_ELM 1
#else
#define GA_ELM 0
#endif
#define GA_WIN (GV_WIN + GA_ELM) /* digits of a part: the windows, and GA_ELM's correction */
#define GA_AHEAD 2               /* groups between a step's prefetch of table rows and their use */
/* GCC 12 drops __builtin_prefetch here (after inlining); the instruction itself stays */
#if defined(__x86_64__)
#define GA_PREFETCH(p) __asm__ volatile("prefetcht0 %0" : : "m"(*(const uint64_t *)(p)))
#else
#define GA_PREFETCH(p) __builtin_prefetch(p)
#endif

typedef struct {
    uint64_t *ax, *ay; /* accumulators: ng x GI_NC blocks each */
    uint64_t *px, *py; /* the points, < 2p */
    uint64_t *d, *pre; /* a step's denominators (GI_NC blocks), running products (1 block) */
    uint64_t *nrm;     /* the denominators' norms (1 block; G1: d itself) */
    uint64_t *el, *ex; /* GA_ELM: the first slope and x of acc + e (GI_NC blocks each) */
    uint64_t *tab;     /* ng x GV_DIM x GV_TAB x 8 lanes x GA_TW words */
    int8_t *dig;       /* ng x 8 lanes x GV_DIM x GA_WIN digits */
    uint8_t *sel;      /* a step's entries: ng x 8 lanes (|digit| - 1, GA_ELM: halved) */
    r52m *inf, *slow;  /* per group: accumulator at infinity; lanes for the reference */
    r52m *skip;        /* per group: no product (beyond n, P at infinity) */
    r52m *add, *neg;   /* per group, a step's lanes that add, and that add -entry */
    uint32_t ng;
} ga_batch;

static size_t ga_layout(ga_batch *b, void *scratch, uint32_t ng)
{
    size_t blk = (size_t)ng * GI_BLK; /* words of one block for every group */
    size_t words = blk * (4 * GI_NC + GI_NC + GI_NC + 2 * GI_NC * GA_ELM) +
                   (size_t)ng * GV_DIM * GV_TAB * 8 * GA_TW;
    size_t bytes = words * 8 + (size_t)ng * IFMA_LANES * (GV_DIM * GA_WIN + 1) + 5 * (size_t)ng;
    if (b) {
        uint64_t *w = scratch;
        b->ax = w;
        b->ay = w += blk * GI_NC;
        b->px = w += blk * GI_NC;
        b->py = w += blk * GI_NC;
        b->d = w += blk * GI_NC;
        b->nrm = GI_NC == 1 ? b->d : w + blk * GI_NC;
        b->pre = w += blk * (2 * GI_NC - 1);
        b->tab = w += blk;
        w += (size_t)ng * GV_DIM * GV_TAB * 8 * GA_TW;
        b->el = w;
        b->ex = w += blk * GI_NC * GA_ELM;
        w += blk * GI_NC * GA_ELM;
        b->dig = (int8_t *)w;
        b->sel = (uint8_t *)(b->dig + (size_t)ng * IFMA_LANES * GV_DIM * GA_WIN);
        b->inf = (r52m *)(b->sel + (size_t)ng * IFMA_LANES);
        b->slow = b->inf + ng;
        b->skip = b->slow + ng;
        b->add = b->skip + ng;
        b->neg = b->add + ng;
        b->ng = ng;
    }
    return (bytes + 63) & ~(size_t)63;
}

size_t GI_FN(ifma_mul_glv_aff_scratch)(size_t n)
{
    size_t ng = (n + IFMA_LANES - 1) / IFMA_LANES;
    return ga_layout(NULL, NULL, (uint32_t)(ng < GA_GROUPS ? ng : GA_GROUPS));
}

/* The denominator's norm to Fp (G1: d itself) and 1/d from 1/N(d): conj(d) / N(d) on G2.
 * d < 8p per part; n < 4p on G2 (d itself on G1); o < M. */
R52_INLINE void ga_norm(vfp *n, const GI_FE *d)
{
#if GI_NC == 1
    *n = *d;
#else
    vfp t;
    vfp_sqr(n, &d->c0);
    vfp_sqr(&t, &d->c1);
    vfp_add(n, n, &t);
#endif
}

R52_INLINE void ga_dinv(GI_FE *o, const GI_FE *d, const vfp *ninv)
{
#if GI_NC == 1
    (void)d;
    *o = *ninv;
#else
    vfp zero, t;
    vfp_zero(&zero);
    vfp_mul(&o->c0, &d->c0, ninv);
    vfp_sub(&t, &zero, &d->c1, 8);
    vfp_mul(&o->c1, &t, ninv);
#endif
}

/* r < 3p per part (vfp_reduce). */
R52_INLINE void ga_reduce(GI_FE *r, const GI_FE *a)
{
    R52_UNROLL
    for (int i = 0; i < GI_NC; i++)
        vfp_reduce(GI_PART(r, i), GI_PART(a, i));
}

/* Lanes (among `lanes`) where d (< 8p a part, normalized) is 0 mod p: a filter on its norm,
 * then the exact test. */
static r52m ga_is_zero(const GI_FE *d, const vfp *nrm, r52m lanes)
{
    r52m cand = (r52m)(vfp_maybe_zero(nrm, GI_NC == 1 ? 8 : 4) & lanes);
    return cand ? (r52m)(cand & fe_is_zero_exact(d)) : 0;
}

/* The table entry row of lane k of group g: part j, entry m. */
static uint64_t *ga_row(const ga_batch *b, uint32_t g, int j, int m, unsigned k)
{
    return b->tab + ((((size_t)g * GV_DIM + (size_t)j) * GV_TAB + (size_t)m) * 8 + k) * GA_TW;
}

/* x, y = the entries m[k] of part j for the eight lanes of group g (either may be NULL: not
 * read). */
static void ga_gather(GI_FE *x, GI_FE *y, const ga_batch *b, uint32_t g, int j,
                      const uint8_t m[IFMA_LANES])
{
    for (int c = x ? 0 : GI_NC; c < (y ? 2 : 1) * GI_NC; c++) {
        const uint64_t *row[IFMA_LANES];
        R52_UNROLL
        for (unsigned k = 0; k < IFMA_LANES; k++)
            row[k] = ga_row(b, g, j, m[k], k) + c * R52_LIMBS;
        r52_rows_gather(GI_PART(c < GI_NC ? x : y, c % GI_NC), row);
    }
}

/* Entry m of part j of group g = (x, y) in every lane. */
static void ga_scatter(ga_batch *b, uint32_t g, int j, int m, const GI_FE *x, const GI_FE *y)
{
    for (int c = 0; c < 2 * GI_NC; c++) {
        uint64_t *row[IFMA_LANES];
        R52_UNROLL
        for (unsigned k = 0; k < IFMA_LANES; k++)
            row[k] = ga_row(b, g, j, m, k) + c * R52_LIMBS;
        r52_rows_scatter(row, (r52m)0xff, GI_PART(c < GI_NC ? x : y, c % GI_NC));
    }
}

#define GA_BLK(base, g) ((base) + (size_t)(g)*GI_NC * GI_BLK)

/* Kinds of step: GA_DBL (acc = 2 acc), GA_ADD (acc += the entries of part j that window w's
 * digits pick, -entry for a negative digit), GA_ADDP (acc += P: the table's chain); GA_ELM,
 * acc = 2 acc + entry in two steps: GA_ELM1 (the slope of acc + entry and its x, kept in el and
 * ex; acc unchanged), GA_ELM2 (acc = (acc + entry) + acc from them). */
enum { GA_DBL, GA_ADD, GA_ADDP, GA_ELM1, GA_ELM2 };

/* The entries, the adding lanes and the negated ones of a GA_ADD step, for every group; returns
 * 0 when no lane adds to an accumulator away from infinity (the first window's first part). */
static r52m ga_select(ga_batch *b, int j, int w)
{
    r52m sum = 0;
    for (uint32_t g = 0; g < b->ng; g++) {
        unsigned add = 0, neg = 0;
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            int d =
                b->dig[(((size_t)g * IFMA_LANES + k) * GV_DIM + (size_t)j) * GA_WIN + (size_t)w];
            /* entry |d| - 1, or (|d| - 1) / 2 on the table of odd multiples */
            b->sel[(size_t)g * IFMA_LANES + k] = (uint8_t)(((d < 0 ? -d : d) - (d != 0)) >> GA_ELM);
            add |= (unsigned)(d != 0) << k;
            neg |= (unsigned)(d < 0) << k;
        }
        b->add[g] = (r52m)(add & ~b->skip[g]);
        b->neg[g] = (r52m)neg;
        sum |= (r52m)(b->add[g] & ~b->inf[g] & ~b->slow[g]);
    }
    return sum;
}

/* Asks for the table rows of group g's step ahead of their use (blocks > 0: the first blocks,
 * x; < 0: the last -blocks, y): the tables of a batch live in the outer caches, and a step's
 * rows are scattered over them. */
static void ga_prefetch(const ga_batch *b, uint32_t g, int j, int blocks)
{
    int c0 = blocks > 0 ? 0 : 2 * GI_NC + blocks, c1 = blocks > 0 ? blocks : 2 * GI_NC;
    for (unsigned k = 0; k < IFMA_LANES; k++) {
        const uint64_t *r = ga_row(b, g, j, b->sel[(size_t)g * IFMA_LANES + k], k);
        for (int c = c0; c < c1; c++)
            GA_PREFETCH(r + c * R52_LIMBS);
    }
}

/* The step's operand in group g: x2 and y2 (y negated in the lanes of neg), each only when not
 * NULL, and the lanes that add. */
static r52m ga_operand(GI_FE *x2, GI_FE *y2, const ga_batch *b, uint32_t g, int kind, int j)
{
    if (kind == GA_ADDP) {
        if (x2)
            fe_load(x2, GA_BLK(b->px, g));
        if (y2)
            fe_load(y2, GA_BLK(b->py, g));
        return (r52m)~b->skip[g];
    }
    ga_gather(x2, y2, b, g, j, b->sel + (size_t)g * IFMA_LANES);
    if (y2 && b->neg[g]) {
        GI_FE zero, ny;
        fe_zero(&zero);
        GI_SUB(&ny, &zero, y2, 3);
        GI_BLEND(y2, b->neg[g], y2, &ny);
    }
    return b->add[g];
}

/* One step for every group of the batch: acc = 2 acc (GA_DBL) or acc + operand. Bounds: acc and
 * the entries < 3p a part before and after. */
static void ga_step(ga_batch *b, int kind, int j, int w)
{
    GI_FE ax, ay, x2, y2, d, t, u, l;
    fe_zero(&x2);
    fe_zero(&y2);
    vfp nrm, acc, inv, itn, one;
    vfp_set_const(&one, VFP_ONE);
    acc = one;
    if (kind == GA_ELM1)
        ga_select(b, j, w);
    else if (kind == GA_ADD && !ga_select(b, j, w)) {
        /* every adding lane takes its entry: no division (the first window's first part) */
        for (uint32_t g = 0; g < b->ng; g++) {
            r52m take = (r52m)(b->add[g] & b->inf[g] & ~b->slow[g]);
            if (!take)
                continue;
            ga_operand(&x2, &y2, b, g, kind, j);
            fe_load(&ax, GA_BLK(b->ax, g));
            fe_load(&ay, GA_BLK(b->ay, g));
            GI_BLEND(&ax, take, &ax, &x2);
            GI_BLEND(&ay, take, &ay, &y2);
            fe_store(GA_BLK(b->ax, g), &ax);
            fe_store(GA_BLK(b->ay, g), &ay);
            b->inf[g] &= (r52m)~take;
        }
        return;
    }
    /* forward: the denominators, checked for zero, into the running products */
    for (uint32_t g = 0; g < b->ng; g++) {
        if ((kind == GA_ADD || kind == GA_ELM1) && g + GA_AHEAD < b->ng)
            ga_prefetch(b, g + GA_AHEAD, j, GI_NC);
        r52m lanes, live = (r52m) ~(b->skip[g] | b->slow[g]);
        if (kind == GA_DBL) {
            fe_load(&ay, GA_BLK(b->ay, g));
            GI_ADD(&d, &ay, &ay); /* 2y, < 6p */
            lanes = (r52m)(live & ~b->inf[g]);
        } else {
            fe_load(&ax, GA_BLK(b->ax, g));
            if (kind == GA_ELM2) {
                fe_load(&x2, GA_BLK(b->ex, g)); /* x of acc + entry, < 3p */
                lanes = (r52m)(b->add[g] & live & ~b->inf[g]);
            } else {
                lanes = (r52m)(ga_operand(&x2, NULL, b, g, kind, j) & live & ~b->inf[g]);
                if (kind == GA_ELM1) /* acc at infinity: only before the top window, not here */
                    b->slow[g] |= (r52m)(b->add[g] & live & b->inf[g]);
            }
            GI_SUB(&d, &x2, &ax, 3); /* < 6p */
        }
        ga_norm(&nrm, &d);
        r52m z = ga_is_zero(&d, &nrm, lanes);
        b->slow[g] |= z;
        lanes &= (r52m)~z;
        GI_FE onefe;
        fe_one(&onefe);
        GI_BLEND(&d, (r52m)~lanes, &d, &onefe); /* lanes that do not divide: 1 */
        vfp_blend(&nrm, (r52m)~lanes, &nrm, &one);
        fe_store(GA_BLK(b->d, g), &d);
#if GI_NC == 2
        vfp_store(b->nrm + (size_t)g * GI_BLK, &nrm);
#endif
        vfp_mul(&acc, &acc, &nrm);
        vfp_store(b->pre + (size_t)g * GI_BLK, &acc);
    }
    r52_lanes_inv(&inv, &acc);
    /* backward: inv = 1 / (product of the norms of groups 0..g) */
    for (uint32_t g = b->ng; g-- > 0;) {
        if ((kind == GA_ADD || kind == GA_ELM1) && g >= GA_AHEAD)
            ga_prefetch(b, g - GA_AHEAD, j, -GI_NC);
        fe_load(&d, GA_BLK(b->d, g));
        if (g > 0) {
            vfp p;
            vfp_load(&p, b->pre + (size_t)(g - 1) * GI_BLK);
            vfp_mul(&itn, &inv, &p); /* 1 / N(d) of this group */
            vfp_load(&nrm, b->nrm + (size_t)g * GI_BLK);
            vfp_mul(&inv, &inv, &nrm);
        } else {
            itn = inv;
        }
        r52m live = (r52m) ~(b->skip[g] | b->slow[g]), lanes, take = 0;
        fe_load(&ax, GA_BLK(b->ax, g));
        fe_load(&ay, GA_BLK(b->ay, g));
        ga_dinv(&t, &d, &itn); /* 1 / d, < M */
        GI_FE x3, y3;
        if (kind == GA_DBL) {
            lanes = (r52m)(live & ~b->inf[g]);
            GI_SQR(&u, &ax);
            GI_TRIPLE(&u, &u);  /* 3 x^2, < 3M */
            GI_MUL(&l, &u, &t); /* lambda, < M */
        } else if (kind == GA_ELM1) {
            /* the slope of acc + entry and its x: kept for GA_ELM2, acc stays */
            ga_operand(NULL, &y2, b, g, kind, j);
            GI_SUB(&u, &y2, &ay, 3); /* < 6p */
            GI_MUL(&l, &u, &t);      /* lambda1, < M */
            GI_SQR(&u, &l);
            GI_SUB_2B_C(&x3, &u, &ax, &d, 12); /* x1 + x2 = 2 x1 + d, as below */
            ga_reduce(&x3, &x3);
            fe_store(GA_BLK(b->el, g), &l);
            fe_store(GA_BLK(b->ex, g), &x3);
            continue;
        } else if (kind == GA_ELM2) {
            /* (acc + entry) + acc, whose y was never formed: lambda2 = -lambda1 - 2 y1 / (x3 -
             * x1), with d = x3 - x1 + 3p */
            GI_FE l1, zero;
            lanes = (r52m)(b->add[g] & live & ~b->inf[g]);
            fe_load(&l1, GA_BLK(b->el, g));
            fe_zero(&zero);
            GI_MUL(&u, &ay, &t);                        /* y1 / (x3 - x1), < M */
            GI_SUB_2B_C(&l, &zero, &u, &l1, 3 * GI_MB); /* lambda2, < 3M */
        } else {
            r52m add = (r52m)((kind == GA_ADDP ? (r52m)~b->skip[g] : b->add[g]) & live);
            take = (r52m)(add & b->inf[g]); /* acc at infinity: the entry */
            lanes = (r52m)(add & ~b->inf[g]);
            ga_operand(take ? &x2 : NULL, &y2, b, g, kind, j);
            GI_SUB(&u, &y2, &ay, 3); /* < 6p */
            GI_MUL(&l, &u, &t);      /* lambda, < M */
        }
        GI_SQR(&u, &l);
        /* x3 = lambda^2 - x1 - x2 + 12p, < M + 12p: x1 + x2 is 2 x1 (doubling) or, where the
         * lane divides, 2 x1 + d (d = x2 - x1 + 3p: no second read of x2); 2 x1 + d < 12p.
         * GA_ELM2's x2 is GA_ELM1's x3. */
        if (kind == GA_DBL)
            GI_SUB_2B_C(&x3, &u, &ax, NULL, 12);
        else
            GI_SUB_2B_C(&x3, &u, &ax, &d, 12);
        GI_SUB(&u, &ax, &x3, GI_MB + 12); /* x1 - x3 */
        GI_MUL(&u, &l, &u);
        GI_SUB(&y3, &u, &ay, 3); /* lambda (x1 - x3) - y1, < M + 3p */
        ga_reduce(&x3, &x3);
        ga_reduce(&y3, &y3);
        if (take) {
            GI_BLEND(&x3, take, &x3, &x2);
            GI_BLEND(&y3, take, &y3, &y2);
            b->inf[g] &= (r52m)~take;
        }
        lanes |= take;
        GI_BLEND(&ax, lanes, &ax, &x3);
        GI_BLEND(&ay, lanes, &ay, &y3);
        fe_store(GA_BLK(b->ax, g), &ax);
        fe_store(GA_BLK(b->ay, g), &ay);
    }
}

#if GA_ELM
/* Digits of v (odd, below 2^(4 count - 3)), every one odd in -15..15: digit (v mod 32) - 16,
 * then v = (v - digit) / 16, which is odd again (a regular recoding, as in constant-time
 * scalar multiplication; Joye and Tunstall, "Exponent recoding and regular exponentiation
 * algorithms", AFRICACRYPT 2009). The top digit is what is left, 1 here. */
static void ga_windows_odd(int8_t *d, unsigned __int128 v, int count)
{
    for (int i = 0; i < count - 1; i++) {
        int dig = (int)(v & 31) - 16;
        d[i] = (int8_t)dig;
        v = (v - (unsigned __int128)(__int128)dig) >> 4;
    }
    d[count - 1] = (int8_t)v;
}

/* GA_ELM's digits of s into e (two halves of GA_WIN): each half k of glv_fixed_set (in [0,
 * x^2), below 2^128), made odd as k + 1 when even, in odd digits (ga_windows_odd), then the
 * correction digit: -1 where 1 was added, else 0 (no addition). Exact for any point: the sum
 * of a half's digits is k itself. (Lattice vectors of the split would make the halves odd for
 * free, but only for points of order r: a point off the group would then differ from the
 * reference's product.) */
static void ga_recode_odd(int8_t *e, const glv_fixed *s)
{
    for (int h = 0; h < 2; h++) {
        unsigned __int128 m = fixed_value(s->d[h]);
        int even = !(m & 1);
        ga_windows_odd(e + h * GA_WIN, m + (unsigned)even, GV_WIN);
        e[h * GA_WIN + GV_WIN] = (int8_t)-even;
    }
}

/* The table's chain of odd multiples adds 2P: acc (2P) and the points (P) trade places. */
static void ga_chain_step(ga_batch *b)
{
    for (uint32_t g = 0; g < b->ng; g++) {
        GI_FE x, y, px, py;
        fe_load(&x, GA_BLK(b->ax, g));
        fe_load(&y, GA_BLK(b->ay, g));
        fe_load(&px, GA_BLK(b->px, g));
        fe_load(&py, GA_BLK(b->py, g));
        fe_store(GA_BLK(b->px, g), &x);
        fe_store(GA_BLK(b->py, g), &y);
        fe_store(GA_BLK(b->ax, g), &px);
        fe_store(GA_BLK(b->ay, g), &py);
    }
}
#endif

/* Loads points p[g*8 .. g*8 + 7] (< n) of the batch into group g: P and its skip lanes; the
 * accumulator starts as P (the table's chain starts there); digits from the scalars. */
static void ga_load(ga_batch *b, const GI_AFF *p, const glv_fixed *s, size_t n)
{
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    for (uint32_t g = 0; g < b->ng; g++) {
        _Alignas(64) uint64_t pc[2 * GI_NC][GI_BLK];
        static const fp_t zero;
        r52m skip = 0;
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t i = (size_t)g * IFMA_LANES + k;
            const GI_AFF *q = i < n ? &p[i] : NULL;
            if (!q || GI_AFF_IS_INF(q))
                skip |= (r52m)(1u << k);
            for (int c = 0; c < 2 * GI_NC; c++)
                r52_radix_put(pc[c], (int)k, q ? GI_ACOORD(q, c) : &zero);
            int8_t *e = b->dig + ((size_t)g * IFMA_LANES + k) * GV_DIM * GA_WIN;
            if (!q) {
                memset(e, 0, GV_DIM * GA_WIN);
                continue;
            }
#if GA_ELM
            ga_recode_odd(e, &s[i]);
#else
            unsigned __int128 v[GV_DIM];
            unsigned neg = parts(v, &s[i]);
            for (int j = 0; j < GV_DIM; j++) {
                glv_windows4(e + j * GA_WIN, v[j], GV_WIN);
                negate_if(e + j * GA_WIN, GV_WIN, (neg >> j) & 1);
            }
#endif
        }
        GI_FE x, y;
        fe_load_r52(&x, pc[0], &to);
        fe_load_r52(&y, pc[GI_NC], &to);
        fe_store(GA_BLK(b->px, g), &x);
        fe_store(GA_BLK(b->py, g), &y);
        fe_store(GA_BLK(b->ax, g), &x);
        fe_store(GA_BLK(b->ay, g), &y);
        b->skip[g] = skip;
        b->slow[g] = 0;
        b->inf[g] = 0;
    }
}

/* Entry m of part 0 is the accumulator; store it with its images in the other parts. */
static void ga_table_entry(ga_batch *b, int m, const gv_images *im)
{
    for (uint32_t g = 0; g < b->ng; g++) {
        GI_FE tx[GV_DIM], ty[GV_DIM];
        fe_load(&tx[0], GA_BLK(b->ax, g));
        fe_load(&ty[0], GA_BLK(b->ay, g));
        images_entry(tx, ty, im);
        for (int j = 0; j < GV_DIM; j++)
            ga_scatter(b, g, j, m, &tx[j], &ty[j]);
    }
}

/* The results of group g's lanes into out[g*8 ..] (< n). */
static void ga_store(const ga_batch *b, GI_AFF *out, const GI_AFF *p, const glv_fixed *s, size_t n)
{
    for (uint32_t g = 0; g < b->ng; g++) {
        fp_t t[2 * GI_NC][IFMA_LANES];
        for (int c = 0; c < 2 * GI_NC; c++)
            r52_block_to_fp(t[c], (c < GI_NC ? GA_BLK(b->ax, g) : GA_BLK(b->ay, g)) +
                                      (size_t)(c % GI_NC) * GI_BLK);
        for (unsigned k = 0; k < IFMA_LANES; k++) {
            size_t i = (size_t)g * IFMA_LANES + k;
            if (i >= n)
                break;
            GI_AFF *o = &out[i];
            if ((b->skip[g] >> k) & 1) {
                memset(o, 0, sizeof *o);        /* (0, 0): infinity */
            } else if ((b->slow[g] >> k) & 1) { /* whatever its other masks say */
                GI_JAC pj, r;
                GI_FN(jac_from_affine)(&pj, &p[i]);
                mul_ref(&r, &pj, &s[i]);
                GI_FN(jac_to_affine)(o, &r);
            } else if ((b->inf[g] >> k) & 1) {
                memset(o, 0, sizeof *o);
            } else {
                for (int c = 0; c < 2 * GI_NC; c++)
                    *GI_ACOORD(o, c) = t[c][k];
            }
        }
    }
}

void GI_FN(ifma_mul_glv_aff)(GI_AFF *out, const GI_AFF *p, const glv_fixed *s, size_t n,
                             void *scratch)
{
    vfp to;
    vfp_set_const(&to, VFP_TO_R52);
    gv_images im;
    images_setup(&im, &to);
    for (size_t i0 = 0; i0 < n; i0 += (size_t)GA_GROUPS * IFMA_LANES) {
        size_t m =
            n - i0 < (size_t)GA_GROUPS * IFMA_LANES ? n - i0 : (size_t)GA_GROUPS * IFMA_LANES;
        ga_batch b;
        ga_layout(&b, scratch, (uint32_t)((m + IFMA_LANES - 1) / IFMA_LANES));
        ga_load(&b, p + i0, s + i0, m);
        /* the table [m + 1] P of part 0 and its images: 2P, then + P (GA_ELM: the odd
         * [2m + 1] P: 2P, then P + 2P, + 2P, ...) */
        ga_table_entry(&b, 0, &im);
#if GA_ELM
        ga_step(&b, GA_DBL, 0, 0);
        ga_chain_step(&b);
        for (int e = 1; e < GV_TAB; e++) {
            ga_step(&b, GA_ADDP, 0, 0);
            ga_table_entry(&b, e, &im);
        }
#else
        for (int e = 1; e < GV_TAB; e++) {
            ga_step(&b, e == 1 ? GA_DBL : GA_ADDP, 0, 0);
            ga_table_entry(&b, e, &im);
        }
#endif
        /* the windows, top first; the accumulator starts at infinity */
        for (uint32_t g = 0; g < b.ng; g++)
            b.inf[g] = (r52m) ~(b.skip[g] | b.slow[g]); /* slow ones: the table met H = 0 */
        for (int w = GV_WIN - 1; w >= 0; w--) {
#if GA_ELM
            if (w != GV_WIN - 1) { /* 16 acc + e0 + e1 + ... = 2 (8 acc) + e0, + e1, ... */
                for (int d = 0; d < 3; d++)
                    ga_step(&b, GA_DBL, 0, 0);
                ga_step(&b, GA_ELM1, 0, w);
                ga_step(&b, GA_ELM2, 0, w);
                for (int j = 1; j < GV_DIM; j++)
                    ga_step(&b, GA_ADD, j, w);
                continue;
            }
#endif
            for (int d = 0; d < 4 && w != GV_WIN - 1; d++)
                ga_step(&b, GA_DBL, 0, 0);
            for (int j = 0; j < GV_DIM; j++)
                ga_step(&b, GA_ADD, j, w);
        }
#if GA_ELM
        for (int j = 0; j < GV_DIM; j++) /* - the half's base where the half was even */
            ga_step(&b, GA_ADD, j, GV_WIN);
#endif
        ga_store(&b, out + i0, p + i0, s + i0, m);
    }
}

#if !defined(G16K_IFMA_BN254) && GI_NC == 1
#include "glv_rtl_ifma_impl.h" /* g1_ifma_mul_glv_aff_tested: the products with the tests */
#endif

#undef GA_BLK
#undef GA_TW
#undef GA_AHEAD
#undef GA_PREFETCH
#undef GA_GROUPS
#undef GA_ELM
#undef GA_WIN
