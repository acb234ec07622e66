/*
 * msm.cl: Pippenger bucket kernels, a template included once per group (CURVE = g1 | g2,
 * FE = fp | fp2, FE_LIMBS = 6 | 12), after curve.cl for the same group.
 *
 * The host (opencl/msm_plan.c) splits each scalar into signed c-bit digits (Booth-style, so a
 * window has 2^(c-1) buckets) and sorts the (point, sign) pairs by (window, bucket) into a CSR
 * list: entries[offsets[k] .. offsets[k+1]) belong to bucket k = window * nb + (|digit| - 1);
 * an entry is point_index << 1 | (digit < 0). Empty digits and infinity points are not listed.
 *   bucket_acc: one thread per bucket sums its points (mixed XYZZ additions).
 *   segment_reduce: one thread per (window, segment) of `seg_len` consecutive buckets computes
 *     acc = sum_{b in seg} (b - lo + 1) B_b with a running sum, and tot = sum_{b in seg} B_b;
 *     the host finishes window = sum_s acc_s + seg_len * sum_s s * tot_s and joins windows.
 * Source: Pippenger's bucket method as in Bernstein et al. and the sppark / ec-gpu designs
 * (digits sorted per bucket); written for this project.
 */

#define PT(name) G16K_CAT(CURVE, name)

G16K_KERNEL void PT(msm_bucket_acc)(G16K_GLOBAL const u64 *bases, G16K_GLOBAL const u32 *entries,
                                    G16K_GLOBAL const u32 *offsets, u32 n_buckets,
                                    G16K_GLOBAL u64 *buckets)
{
    u64 k = G16K_GID;
    if (k >= n_buckets)
        return;
    PT(xyzz) acc;
    PT(affine) q;
    PT(xyzz_set_inf)(&acc);
    for (u32 e = offsets[k]; e < offsets[k + 1]; e++) {
        u32 ent = entries[e];
        PT(affine_load)(&q, bases + (u64)(ent >> 1) * (2 * FE_LIMBS));
        if (ent & 1)
            FE_NEG(&q.y, &q.y);
        PT(xyzz_add_affine)(&acc, &q);
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
