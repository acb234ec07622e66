/*
 * msm.cl: Pippenger bucket kernels, a template included once per group (CURVE = g1 | g2,
 * FE = fp | fp2, FE_LIMBS = FP_WORDS | 2 FP_WORDS), after curve.cl for the same group.
 *
 * The host (gpu/common/gpu_msm_plan.c) splits each scalar into signed c-bit digits (Booth-style,
 * so a window has 2^(c-1) buckets) and sorts the (point, sign) pairs by (window, bucket) into a
 * CSR list: bucket k = window * nb + (|digit| - 1); an entry is point_index << 1 | (digit < 0).
 * Empty digits and zero scalars are not listed. The list is cut into chunks of at most
 * chunk_len entries that never straddle buckets: chunk j is entries[chunk_starts[j] ..
 * chunk_starts[j + 1]), and bucket k owns chunks bucket_chunks[k] .. bucket_chunks[k + 1] - 1.
 * All sums are XYZZ (curve.cl), layout X, Y, ZZ, ZZZ of FE_LIMBS limbs each.
 *   chunk_acc: one work-item per chunk sums its points (mixed XYZZ additions) -> partials[j];
 *     a bucket holding most points (0/1-heavy witnesses) is thus summed by many work-items.
 *   bucket_sum: one work-item per bucket adds its chunk partials -> buckets[k] (the segmented
 *     reduction; infinity for an empty bucket).
 *   segment_reduce: one work-item per (window, segment) of `seg_len` consecutive buckets
 *     computes acc = sum_{b in seg} (b - lo + 1) B_b with a running sum, and tot = sum B_b;
 *     the host finishes window = sum_s acc_s + seg_len * sum_s s * tot_s and joins windows.
 * Source: Pippenger's bucket method as in Bernstein et al.; digits sorted by bucket and work cut
 * by size after the sppark / ec-gpu designs; written for this project.
 */

#define PT(name) G16K_CAT(CURVE, name)

G16K_KERNEL void PT(msm_chunk_acc)(G16K_GLOBAL const u64 *bases, G16K_GLOBAL const u32 *entries,
                                   G16K_GLOBAL const u32 *chunk_starts, u32 n_chunks,
                                   G16K_GLOBAL u64 *partials)
{
    u64 j = G16K_GID;
    if (j >= n_chunks)
        return;
    PT(xyzz) acc;
    PT(affine) q;
    PT(xyzz_set_inf)(&acc);
    for (u32 e = chunk_starts[j]; e < chunk_starts[j + 1]; e++) {
        u32 ent = entries[e];
        PT(affine_load)(&q, bases + (u64)(ent >> 1) * (2 * FE_LIMBS));
        if (ent & 1)
            FE_NEG(&q.y, &q.y);
        PT(xyzz_add_affine)(&acc, &q);
    }
    PT(xyzz_store)(partials + j * (4 * FE_LIMBS), &acc);
}

G16K_KERNEL void PT(msm_bucket_sum)(G16K_GLOBAL const u64 *partials,
                                    G16K_GLOBAL const u32 *bucket_chunks, u32 n_buckets,
                                    G16K_GLOBAL u64 *buckets)
{
    u64 k = G16K_GID;
    if (k >= n_buckets)
        return;
    PT(xyzz) acc, p;
    PT(xyzz_set_inf)(&acc);
    for (u32 j = bucket_chunks[k]; j < bucket_chunks[k + 1]; j++) {
        PT(xyzz_load)(&p, partials + (u64)j * (4 * FE_LIMBS));
        PT(xyzz_add)(&acc, &p);
    }
    PT(xyzz_store)(buckets + k * (4 * FE_LIMBS), &acc);
}

/* out[2 * t] = acc, out[2 * t + 1] = tot for thread t = window * n_segs + s */
G16K_KERNEL void PT(msm_segment_reduce)(G16K_GLOBAL const u64 *buckets, u32 n_threads, u32 n_segs,
                                        u32 nb, u32 seg_len, G16K_GLOBAL u64 *out)
{
    u64 t = G16K_GID;
    if (t >= n_threads)
        return;
    u64 w = t / n_segs;
    u64 lo = w * nb + (t % n_segs) * seg_len;
    PT(xyzz) run, acc, b;
    PT(xyzz_set_inf)(&run);
    PT(xyzz_set_inf)(&acc);
    for (u32 i = seg_len; i-- > 0;) {
        PT(xyzz_load)(&b, buckets + (lo + i) * (4 * FE_LIMBS));
        PT(xyzz_add)(&run, &b);
        PT(xyzz_add)(&acc, &run);
    }
    PT(xyzz_store)(out + (2 * t) * (4 * FE_LIMBS), &acc);
    PT(xyzz_store)(out + (2 * t + 1) * (4 * FE_LIMBS), &run);
}

#undef PT
