/*
 * The portable arithmetic of the batch-affine accumulator (msm_batch_affine.c), included before
 * msm_ba_impl.h for each group with these macros defined (msm_ba_impl.h undefines them):
 *   BA_FE           coordinate field type (fp_t / fp2_t); the buckets are BA_AFF at ba->buckets
 *   BA_MUL BA_SQR BA_ADD BA_SUB BA_SUB_LAZY BA_NEG BA_EQ BA_IS_ZERO BA_SET_ONE
 *                   field operations with field.h/tower.h contracts (BA_SUB_LAZY's result only
 *                   feeds BA_MUL/BA_SQR)
 *   BA_NORM(fp_t *n, const BA_FE *d)       n = the norm of d to Fp (G1: d itself)
 *   BA_FROM_NINV(BA_FE *o, const BA_FE *d, const fp_t *ninv)   o = 1/d given ninv = 1/N(d)
 * plus BA_SFX and BA_AFF of msm_ba_impl.h. Generates ba_set_<sfx> and ba_run_batch_<sfx>.
 */
/* The base field Fp under the coordinates: BLS12-381's inlined one unless the includer names
 * another (BA_FP_T, BA_FP_MUL, BA_FP_INV). */
#ifndef BA_FP_T
#define BA_FP_T fp_t
#define BA_FP_MUL fpi_mul
#define BA_FP_INV fp_inv
#endif
#ifndef BA_FN
#define BA_CAT_(a, b) a##_##b
#define BA_CAT(a, b) BA_CAT_(a, b)
#define BA_FN(name) BA_CAT(name, BA_SFX)
#endif

/* Bucket j takes its first point: a copy, negated when neg. */
static inline void BA_FN(ba_set)(cpu_ba *ba, uint64_t j, const BA_AFF *p, int neg)
{
    BA_AFF *b = (BA_AFF *)(void *)ba->buckets + j;
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
    BA_AFF *aff = (BA_AFF *)(void *)ba->buckets;
    BA_FE *den = (BA_FE *)(void *)ba->fe;          /* cnt denominators (1 for cancellations) */
    BA_FP_T *nrm = (BA_FP_T *)(void *)(den + cnt); /* their norms */
    BA_FP_T *pre = nrm + cnt;                      /* pre[t] = nrm[0] * ... * nrm[t] */
    BA_FP_T inv, itn;
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
            BA_FP_MUL(&pre[t], &pre[t - 1], &nrm[t]);
    }
    BA_FP_INV(&inv, &pre[cnt - 1]);

    /* Pass 2, last to first: inv = 1 / (nrm[0] ... nrm[t]) on entry. */
    for (uint32_t t = cnt; t-- > 0;) {
        uint64_t j = ba->bidx[t];
        BA_AFF *b = aff + j;
        const BA_AFF *p = (const BA_AFF *)(const void *)ba->bpt[t];
        if (t > 0) {
            BA_FP_MUL(&itn, &inv, &pre[t - 1]); /* 1 / nrm[t] */
            BA_FP_MUL(&inv, &inv, &nrm[t]);
        } else {
            itn = inv;
        }
        BA_FROM_NINV(&it, &den[t], &itn); /* 1 / den[t] */
        ba->state[j] &= (uint8_t)~BA_WAIT;
        if (ba->bneg[t])
            BA_NEG(&ty, &p->y);
        else
            ty = p->y;
        if (!BA_EQ(&b->x, &p->x)) {
            BA_SUB_LAZY(&lam, &ty, &b->y); /* y2 - y1 */
        } else {
            BA_ADD(&t1, &b->y, &ty);
            if (BA_IS_ZERO(&t1)) {
                ba->state[j] &= (uint8_t)~BA_FULL; /* bucket + (-bucket) */
                continue;
            }
            BA_SQR(&t1, &b->x); /* 3 x1^2 */
            BA_ADD(&lam, &t1, &t1);
            BA_ADD(&lam, &lam, &t1);
        }
        BA_MUL(&lam, &lam, &it);
        BA_SQR(&x3, &lam); /* x3 = l^2 - x1 - x2 */
        BA_SUB(&x3, &x3, &b->x);
        BA_SUB(&x3, &x3, &p->x);
        BA_SUB_LAZY(&t1, &b->x, &x3); /* y3 = l (x1 - x3) - y1 */
        BA_MUL(&t1, &t1, &lam);
        BA_SUB(&b->y, &t1, &b->y);
        b->x = x3;
    }
    ba->count = 0;
}
