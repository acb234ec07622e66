/*
 * Private to arith/ifma: the batch-affine bucket kernel of ifma.h (g1_/g2_ifma_ba_run), written
 * once and included by ba_ifma.c once per group with these macros defined (undefined at the
 * end):
 *   BI_SFX           g1 or g2 (prefix of the generated functions)
 *   BI_NC            Fp blocks per coordinate: 1 (Fp) or 2 (Fp2)
 *   BI_FE            the vector field type, vfp or vfp2
 *   BI_AFF, BI_R52   reference affine point type and its r52 bucket type
 *   BI_COORD(p, i)   const fp_t * of Fp block i (< 2 BI_NC: x blocks, then y blocks) of point p
 *   BI_LOAD(r, s) BI_STORE(s, a)          BI_NC structure-of-arrays blocks at s
 *   BI_LOAD_POINTS(r, pts, n, blk)   Fp blocks [blk, blk + BI_NC) of the reference points
 *                    pts[k] (lanes k < n, others 0) in r52, < 3p
 *   BI_GATHER(r, bk, bw, idx, n, blk), BI_SCATTER(bk, bw, idx, mask, a, blk)
 *                    BI_NC blocks from blk on of buckets idx[k] (bw words each), lanes k < n /
 *                    lanes in mask
 *   BI_MUL BI_SQR BI_ADD BI_SUB BI_BLEND  vfp.h arithmetic with its bounds
 *   BI_REDUCE(r, a)  vfp_reduce on each Fp block: r < 3p
 *   BI_IS_ZERO(a)    lanes where a = 0 mod p, exactly
 *   BI_NORM(n, d)    n (vfp) = the norm of d to Fp (G1: d itself); BI_NORM_KMAX: when d = 0,
 *                    n = k p for some k < BI_NORM_KMAX (the filter's range)
 *   BI_DINV(o, d, ninv)   o = 1/d given ninv = 1/N(d), o < 2p
 *   BI_ONE(r) BI_ZERO(r)
 * Uses ba_ifma.c's gather_vfp, and r52_block.h's r52_block_to_fp and r52_lanes_inv.
 */
#define BI_CAT_(a, b) a##_##b
#define BI_CAT(a, b) BI_CAT_(a, b)
#define BI_FN(name) BI_CAT(BI_SFX, name)

/* Words of one structure-of-arrays block set: 2 BI_NC blocks (x and y) */
#define BI_BLKS (2 * BI_NC)

size_t BI_FN(ifma_ba_scratch_size)(uint32_t cnt)
{
    size_t groups = (cnt + IFMA_LANES - 1) / IFMA_LANES;
    /* per group: the points' x (BI_NC blocks), the norms, the prefix products; 2 masks */
    return groups * (BI_NC + 2) * BLK * sizeof(uint64_t) + ((groups * 2 + 63) & ~(size_t)63);
}

/* Lanes k < n with neg[k] set (they add -point). */
static r52m BI_FN(neg_lanes)(const uint8_t *neg, unsigned n)
{
    unsigned m = 0;
    for (unsigned k = 0; k < n; k++)
        m |= (unsigned)(neg[k] != 0) << k;
    return (r52m)m;
}

/* y of the points, negated in the lanes of ng: < 3p. */
static void BI_FN(load_y)(BI_FE *y2, const uint8_t *const *pts, unsigned n, r52m ng)
{
    BI_LOAD_POINTS(y2, pts, n, BI_NC);
    if (ng) {
        BI_FE z, t;
        BI_ZERO(&z);
        BI_SUB(&t, &z, y2, 3); /* -y2, <= 3p */
        BI_BLEND(y2, ng, y2, &t);
    }
}

void BI_FN(ifma_ba_run)(BI_R52 *buckets, const uint64_t *idx, const uint8_t *const *pts,
                        const uint8_t *neg, uint32_t cnt, uint8_t *empty, void *scratch)
{
    if (cnt == 0)
        return;
    uint32_t ng = (cnt + IFMA_LANES - 1) / IFMA_LANES;
    uint64_t *sx2 = scratch;                         /* ng x BI_NC blocks */
    uint64_t *snrm = sx2 + (size_t)ng * BI_NC * BLK; /* ng blocks */
    uint64_t *spre = snrm + (size_t)ng * BLK;        /* ng blocks */
    r52m *sdbl = (r52m *)(void *)(spre + (size_t)ng * BLK);
    r52m *scan = sdbl + ng;
    uint64_t *bk = &buckets[0].c[0][0];
    const size_t bw = BI_BLKS * R52_LIMBS; /* words per bucket */
    BI_FE x1, y1, x2, y2, d, t, u;
    vfp nrm, acc, one;
    vfp_set_const(&one, VFP_ONE);
    acc = one;

    /* Pass 1: denominators x2 - x1 (2 y1 for a doubling, 1 for a cancellation), their norms
     * and each lane's running product of the norms. Bounds: buckets and converted points are
     * below 4p (ifma.h, BI_REDUCE). */
    for (uint32_t g = 0; g < ng; g++) {
        uint32_t t0 = g * IFMA_LANES;
        unsigned n = cnt - t0 < IFMA_LANES ? cnt - t0 : IFMA_LANES;
        r52m live = (r52m)((1u << n) - 1);
        BI_GATHER(&x1, bk, bw, idx + t0, n, 0);
        BI_LOAD_POINTS(&x2, pts + t0, n, 0);
        BI_STORE(sx2 + (size_t)g * BI_NC * BLK, &x2);
        BI_SUB(&d, &x2, &x1, 4); /* < 7p */
        BI_NORM(&nrm, &d);
        r52m dbl = 0, can = 0;
        r52m cand = vfp_maybe_zero(&nrm, BI_NORM_KMAX) & live;
        if (cand && (cand &= BI_IS_ZERO(&d))) {
            /* Same x: the bucket is +-point. Rare; exact. */
            BI_GATHER(&y1, bk, bw, idx + t0, n, BI_NC);
            BI_FN(load_y)(&y2, pts + t0, n, BI_FN(neg_lanes)(neg + t0, n));
            BI_ADD(&t, &y1, &y2);                /* < 7p */
            can = (r52m)(cand & BI_IS_ZERO(&t)); /* bucket + (-bucket) */
            dbl = (r52m)(cand & ~can);
            BI_ADD(&t, &y1, &y1);
            BI_BLEND(&d, dbl, &d, &t); /* 2 y1, < 8p */
            BI_ONE(&t);
            BI_BLEND(&d, can, &d, &t);
            BI_NORM(&nrm, &d);
        }
        vfp_blend(&nrm, (r52m)~live, &nrm, &one); /* idle lanes multiply by 1 */
        vfp_store(snrm + (size_t)g * BLK, &nrm);
        vfp_mul(&acc, &acc, &nrm);
        vfp_store(spre + (size_t)g * BLK, &acc);
        sdbl[g] = dbl;
        scan[g] = can;
    }

    /* acc = lane k's product of all its norms: one inversion for the 8 lanes. */
    vfp inv, itn;
    r52_lanes_inv(&inv, &acc);

    /* Pass 2, last group to first: inv = 1 / (product of the norms of groups 0..g). */
    for (uint32_t g = ng; g-- > 0;) {
        uint32_t t0 = g * IFMA_LANES;
        unsigned n = cnt - t0 < IFMA_LANES ? cnt - t0 : IFMA_LANES;
        r52m live = (r52m)((1u << n) - 1);
        if (g > 0) {
            vfp_load(&nrm, spre + (size_t)(g - 1) * BLK);
            vfp_mul(&itn, &inv, &nrm); /* 1 / N(d) of this group */
            vfp_load(&nrm, snrm + (size_t)g * BLK);
            vfp_mul(&inv, &inv, &nrm);
        } else {
            itn = inv;
        }
        BI_GATHER(&x1, bk, bw, idx + t0, n, 0);
        BI_GATHER(&y1, bk, bw, idx + t0, n, BI_NC);
        BI_FN(load_y)(&y2, pts + t0, n, BI_FN(neg_lanes)(neg + t0, n));
        BI_LOAD(&x2, sx2 + (size_t)g * BI_NC * BLK);
        BI_SUB(&d, &x2, &x1, 4); /* x2 - x1, < 7p */
        BI_SUB(&u, &y2, &y1, 4); /* y2 - y1, < 7p */
        r52m dbl = sdbl[g];
        if (dbl) {
            BI_ADD(&t, &y1, &y1);
            BI_BLEND(&d, dbl, &d, &t); /* 2 y1, < 8p */
            BI_SQR(&t, &x1);
            BI_ADD(&y2, &t, &t);
            BI_ADD(&y2, &y2, &t);
            BI_BLEND(&u, dbl, &u, &y2); /* 3 x1^2, < 12p */
        }
        BI_DINV(&t, &d, &itn);   /* 1 / d, < 2p */
        BI_MUL(&u, &u, &t);      /* lambda, < 6p */
        BI_SQR(&t, &u);          /* < 4p */
        BI_ADD(&d, &x1, &x2);    /* x1 + x2 (2 x1 when doubling), < 7p */
        BI_SUB(&t, &t, &d, 8);   /* x3 = l^2 - x1 - x2, < 12p */
        BI_SUB(&d, &x1, &t, 12); /* x1 - x3, < 16p */
        BI_MUL(&d, &u, &d);      /* < 6p */
        BI_SUB(&d, &d, &y1, 4);  /* y3 = l (x1 - x3) - y1, < 10p */
        BI_REDUCE(&t, &t);       /* < 3p */
        BI_REDUCE(&d, &d);
        r52m can = scan[g];
        BI_SCATTER(bk, bw, idx + t0, (r52m)(live & ~can), &t, 0);
        BI_SCATTER(bk, bw, idx + t0, (r52m)(live & ~can), &d, BI_NC);
        for (unsigned k = 0; k < n; k++)
            empty[t0 + k] = (uint8_t)((can >> k) & 1);
    }
}

void BI_FN(ifma_aff_set)(BI_R52 *out, const BI_AFF *p, int neg)
{
    _Alignas(64) uint64_t s[BLK];
    for (int c = 0; c < BI_BLKS; c++) {
        fp_t v = *BI_COORD(p, c);
        if (neg && c >= BI_NC)
            fp_neg(&v, &v);
        fp_mul(&v, &v, &FP_R52_ONE); /* x R mod p, < p */
        r52_radix_put(s, 0, &v);
        for (int j = 0; j < R52_LIMBS; j++)
            out->c[c][j] = s[8 * j];
    }
}

void BI_FN(ifma_aff_get)(BI_AFF *out, const BI_R52 *in, size_t n)
{
    static const uint64_t lane_idx[IFMA_LANES] = { 0, 1, 2, 3, 4, 5, 6, 7 };
    _Alignas(64) uint64_t soa[BLK];
    fp_t f[BI_BLKS][IFMA_LANES];
    for (size_t i = 0; i < n; i += IFMA_LANES) {
        unsigned m = n - i < IFMA_LANES ? (unsigned)(n - i) : IFMA_LANES;
        for (int c = 0; c < BI_BLKS; c++) {
            vfp v;
            gather_vfp(&v, &in[i].c[0][0], BI_BLKS * R52_LIMBS, lane_idx, m, c);
            vfp_store(soa, &v);
            r52_block_to_fp(f[c], soa);
        }
        for (unsigned k = 0; k < m; k++)
            for (int c = 0; c < BI_BLKS; c++)
                *BI_COORD(&out[i + k], c) = f[c][k];
    }
}

#undef BI_FN
#undef BI_CAT
#undef BI_CAT_
#undef BI_BLKS
#undef BI_SFX
#undef BI_NC
#undef BI_FE
#undef BI_AFF
#undef BI_R52
#undef BI_COORD
#undef BI_LOAD
#undef BI_STORE
#undef BI_GATHER
#undef BI_SCATTER
#undef BI_LOAD_POINTS
#undef BI_MUL
#undef BI_SQR
#undef BI_ADD
#undef BI_SUB
#undef BI_BLEND
#undef BI_REDUCE
#undef BI_IS_ZERO
#undef BI_NORM
#undef BI_NORM_KMAX
#undef BI_DINV
#undef BI_ONE
#undef BI_ZERO
