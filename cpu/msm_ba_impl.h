/*
 * The batch-affine bucket accumulator (msm_batch_affine.c) for one group and one bucket kind:
 * the batch, the deferred list and the Jacobian side accumulators, written once and included
 * once per (group, kind) with these macros defined (the file undefines them, and those of
 * msm_ba_arith.h, at the end):
 *   BA_SFX          suffix of the generated functions (g1, g2, g1_ifma, g2_ifma)
 *   BA_AFF, BA_JAC  affine and Jacobian point types (g1_affine_t / g1_jac_t, ...)
 *   BA_NEG          coordinate negation (field.h/tower.h contract)
 *   BA_AFF_IS_INF, BA_JAC_ADD_AFF, BA_JAC_SET_INF   point operations of curve.h
 *   BA_BUCKET_BYTES, BA_PREFETCH_BYTES   bytes of one bucket at ba->buckets, and how many of
 *                   them to prefetch ahead of its batch
 * and, defined before the inclusion (by msm_ba_arith.h for the portable kind, by
 * msm_batch_affine.c on arith/ifma for the IFMA kind):
 *   ba_set_<sfx>(ba, j, p, neg)   bucket j, empty, takes (neg ? -p : p); sets BA_FULL
 *   ba_run_batch_<sfx>(ba)        finishes the ba->count waiting additions: clears BA_WAIT of
 *                                 their buckets (and BA_FULL where a sum is infinity), count 0
 * Generated: ba_add_<sfx> and ba_flush_<sfx> with the contracts of cpu_ba_add / cpu_ba_flush.
 * Typed, direct calls (inlined for G1) instead of the cpu_group function pointers: the pointer
 * calls cost G1 about a fifth of its addition time.
 */
#ifndef BA_FN
#define BA_CAT_(a, b) a##_##b
#define BA_CAT(a, b) BA_CAT_(a, b)
#define BA_FN(name) BA_CAT(name, BA_SFX)
#endif

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
    for (size_t off = 0; off < BA_PREFETCH_BYTES; off += 64)
        __builtin_prefetch(ba->buckets + j * BA_BUCKET_BYTES + off, 1);
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
#undef BA_BUCKET_BYTES
#undef BA_PREFETCH_BYTES
#undef BA_AFF_IS_INF
#undef BA_JAC_ADD_AFF
#undef BA_JAC_SET_INF
#undef BA_FP_T
#undef BA_FP_MUL
#undef BA_FP_INV
