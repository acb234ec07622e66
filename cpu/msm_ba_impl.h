/*
 * The batch-affine bucket accumulator (msm_batch_affine.c) for one group, written once and
 * included once per group with these macros defined (the file undefines them at the end):
 *   BA_SFX          suffix of the generated functions (g1, g2)
 *   BA_FE, BA_AFF   coordinate field and affine point types (fp_t / g1_affine_t, ...)
 *   BA_MUL BA_SQR BA_ADD BA_SUB BA_SUB_LAZY BA_NEG BA_EQ BA_IS_ZERO BA_SET_ONE
 *                   field operations with field.h/tower.h contracts (BA_SUB_LAZY's result only
 *                   feeds BA_MUL/BA_SQR)
 *   BA_NORM(fp_t *n, const BA_FE *d)       n = the norm of d to Fp (G1: d itself)
 *   BA_FROM_NINV(BA_FE *o, const BA_FE *d, const fp_t *ninv)   o = 1/d given ninv = 1/N(d)
 *   BA_AFF_IS_INF, BA_JAC_ADD_AFF, BA_JAC_SET_INF   point operations of curve.h
 * Generated: ba_add_<sfx> and ba_flush_<sfx> with the contracts of cpu_ba_add / cpu_ba_flush.
 * Typed, direct calls (inlined for G1) instead of the cpu_group function pointers: the pointer
 * calls cost G1 about a fifth of its addition time.
 */
#define BA_CAT_(a, b) a##_##b
#define BA_CAT(a, b) BA_CAT_(a, b)
#define BA_FN(name) BA_CAT(name, BA_SFX)

/* Bucket j takes its first point: a copy, negated when neg. */
static inline void BA_FN(ba_set)(cpu_ba *ba, uint64_t j, const BA_AFF *p, int neg)
{
    BA_AFF *b = (BA_AFF *)(void *)ba->aff + j;
    b->x = p->x;
    if (neg)
        BA_NEG(&b->y, &p->y);
    else
        b->y = p->y;
    ba->state[j] |= BA_FULL;
}

/* Finish the additions waiting in the batch (Montgomery's trick: one inversion). The trick
 * runs on the norms of the denominators, in Fp (BA_NORM; for G1 the norm is the denominator
 * itself): 1/d = conj(d) / N(d) (BA_FROM_NINV). For G2 that replaces three Fp2 products per
 * addition by five Fp products and two Fp squarings, and the inversion is an Fp one. */
static void BA_FN(ba_run_batch)(cpu_ba *ba)
{
    uint32_t cnt = ba->count;
    if (cnt == 0)
        return;
    BA_AFF *aff = (BA_AFF *)(void *)ba->aff;
    BA_FE *den = (BA_FE *)(void *)ba->fe;    /* cnt denominators (1 for cancellations) */
    fp_t *nrm = (fp_t *)(void *)(den + cnt); /* their norms */
    fp_t *pre = nrm + cnt;                   /* pre[t] = nrm[0] * ... * nrm[t] */
    fp_t inv, itn;
    BA_FE it, lam, x3, t1, ty;

    /* Pass 1: denominators x2 - x1 (2 y1 for a doubling), norms and their prefix products. */
    for (uint32_t t = 0; t < cnt; t++) {
        const BA_AFF *b = aff + ba->bidx[t];
        const BA_AFF *p = (const BA_AFF *)(const void *)ba->bpt[t];
        if (!BA_EQ(&b->x, &p->x)) {
            BA_SUB(&den[t], &p->x, &b->x);
        } else {
            /* Same x: the bucket is +-P. y1 + y2 = 0 means bucket + (-bucket). */
            if (ba->bneg[t])
                BA_NEG(&ty, &p->y);
            else
                ty = p->y;
            BA_ADD(&t1, &b->y, &ty);
            if (BA_IS_ZERO(&t1))
                BA_SET_ONE(&den[t]);
            else
                BA_ADD(&den[t], &b->y, &b->y);
        }
        BA_NORM(&nrm[t], &den[t]);
        if (t == 0)
            pre[0] = nrm[0];
        else
            fpi_mul(&pre[t], &pre[t - 1], &nrm[t]);
    }
    fp_inv(&inv, &pre[cnt - 1]);

    /* Pass 2, last to first: inv = 1 / (nrm[0] ... nrm[t]) on entry. */
    for (uint32_t t = cnt; t-- > 0;) {
        uint64_t j = ba->bidx[t];
        BA_AFF *b = aff + j;
        const BA_AFF *p = (const BA_AFF *)(const void *)ba->bpt[t];
        if (t > 0) {
            fpi_mul(&itn, &inv, &pre[t - 1]);                     /* 1 / nrm[t] */
            fpi_mul(&inv, &inv, &nrm[t]);
        } else {
            itn = inv;
        }
        BA_FROM_NINV(&it, &den[t], &itn);                         /* 1 / den[t] */
        ba->state[j] &= (uint8_t)~BA_WAIT;
        if (ba->bneg[t])
            BA_NEG(&ty, &p->y);
        else
            ty = p->y;
        if (!BA_EQ(&b->x, &p->x)) {
            BA_SUB_LAZY(&lam, &ty, &b->y);                        /* y2 - y1 */
        } else {
            BA_ADD(&t1, &b->y, &ty);
            if (BA_IS_ZERO(&t1)) {
                ba->state[j] &= (uint8_t)~BA_FULL;                /* bucket + (-bucket) */
                continue;
            }
            BA_SQR(&t1, &b->x);                                   /* 3 x1^2 */
            BA_ADD(&lam, &t1, &t1);
            BA_ADD(&lam, &lam, &t1);
        }
        BA_MUL(&lam, &lam, &it);
        BA_SQR(&x3, &lam);                                        /* x3 = l^2 - x1 - x2 */
        BA_SUB(&x3, &x3, &b->x);
        BA_SUB(&x3, &x3, &p->x);
        BA_SUB_LAZY(&t1, &b->x, &x3);                             /* y3 = l (x1 - x3) - y1 */
        BA_MUL(&t1, &t1, &lam);
        BA_SUB(&b->y, &t1, &b->y);
        b->x = x3;
    }
    ba->count = 0;
}

/* Queue bucket j += (neg ? -p : p) for a bucket that holds a point and is not in the batch;
 * runs the batch when it is full. */
static inline void BA_FN(ba_queue)(cpu_ba *ba, uint64_t j, const uint8_t *p, int neg)
{
    ba->state[j] |= BA_WAIT;
    uint32_t t = ba->count++;
    ba->bidx[t] = j;
    ba->bpt[t] = p;
    ba->bneg[t] = (uint8_t)(neg != 0);
}

/* Run the batch, then move deferred additions into the next one while it has room; repeat
 * while the batch fills. Deferred additions whose bucket waits again stay deferred. */
static void BA_FN(ba_run)(cpu_ba *ba)
{
    do {
        BA_FN(ba_run_batch)(ba);
        uint32_t keep = 0;
        for (uint32_t i = 0; i < ba->npend; i++) {
            uint64_t j = ba->pidx[i];
            uint8_t st = ba->state[j];
            if (ba->count < ba->batch_max && !(st & BA_WAIT)) {
                if (!(st & BA_FULL))
                    BA_FN(ba_set)(ba, j, (const BA_AFF *)(const void *)ba->ppt[i], ba->pneg[i]);
                else
                    BA_FN(ba_queue)(ba, j, ba->ppt[i], ba->pneg[i]);
                continue;
            }
            ba->pidx[keep] = j;
            ba->ppt[keep] = ba->ppt[i];
            ba->pneg[keep] = ba->pneg[i];
            keep++;
        }
        ba->npend = keep;
    } while (ba->count == ba->batch_max);
}

static void BA_FN(ba_add)(cpu_ba *ba, uint64_t j, const void *pv, int neg)
{
    const BA_AFF *p = pv;
    uint8_t st = ba->state[j];
    if (BA_AFF_IS_INF(p))
        return;
    if (!(st & BA_FULL)) {
        BA_FN(ba_set)(ba, j, p, neg);
        return;
    }
    if (st & BA_WAIT) {
        /* The bucket already waits in this batch: defer the addition to a later batch, or,
         * when the deferred list is full (many points in few buckets), add it to the bucket's
         * Jacobian side accumulator. */
        if (ba->npend < ba->batch_max) {
            uint32_t i = ba->npend++;
            ba->pidx[i] = j;
            ba->ppt[i] = pv;
            ba->pneg[i] = (uint8_t)(neg != 0);
            return;
        }
        BA_JAC *s = (BA_JAC *)(void *)ba->side + j;
        if (!(st & BA_SIDE)) {
            BA_JAC_SET_INF(s);
            ba->state[j] = st | BA_SIDE;
        }
        if (neg) {
            BA_AFF np;
            np.x = p->x;
            BA_NEG(&np.y, &p->y);
            BA_JAC_ADD_AFF(s, s, &np);
        } else {
            BA_JAC_ADD_AFF(s, s, p);
        }
        return;
    }
    /* The bucket is read when the batch runs, batch_max additions later: fetch it now. */
    __builtin_prefetch((BA_AFF *)(void *)ba->aff + j, 1);
    BA_FN(ba_queue)(ba, j, pv, neg);
    if (ba->count == ba->batch_max)
        BA_FN(ba_run)(ba);
}

static void BA_FN(ba_flush)(cpu_ba *ba)
{
    while (ba->count > 0 || ba->npend > 0)
        BA_FN(ba_run)(ba);
}

#undef BA_FN
#undef BA_CAT
#undef BA_CAT_
#undef BA_SFX
#undef BA_FE
#undef BA_AFF
#undef BA_JAC
#undef BA_MUL
#undef BA_SQR
#undef BA_ADD
#undef BA_SUB
#undef BA_SUB_LAZY
#undef BA_NEG
#undef BA_NORM
#undef BA_FROM_NINV
#undef BA_EQ
#undef BA_IS_ZERO
#undef BA_SET_ONE
#undef BA_AFF_IS_INF
#undef BA_JAC_ADD_AFF
#undef BA_JAC_SET_INF
