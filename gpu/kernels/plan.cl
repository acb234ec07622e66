/*
 * plan.cl: the digit plan of msm.cl built on the device, for scalars that are already in device
 * memory (compute_h_msm: the H MSM reads h where the NTT chain left it). The lists are those of
 * gpu/common/gpu_msm_plan.c, the host's plan: the same signed digits (carry form), bucket keys
 * k = window * nb + |digit| - 1, entries point << 1 | (digit < 0), chunk length (given by the
 * host from gpu_msm_plan_chunk_len) and chunk cut. Only the order of the entries inside one bucket
 * differs (atomic placement); a bucket's sum does not depend on it.
 * Scalars: n canonical Fr elements, 4 little-endian limbs each. Buckets (nbk = nw * nb of them)
 * are scanned in blocks of `block` consecutive buckets (gpu_msm_plan_dev_block: 256 or more, at
 * most 1024 blocks), one work-item per block, and the block totals by one work-item (plan_top),
 * so the scans are exact without work-group barriers; the host launches,
 * in order: plan_count, plan_block_sums, plan_top, (reads total and largest bucket)
 * plan_offsets, plan_top_chunks, (reads the chunk count) plan_scatter, plan_chunk_starts.
 * Written for this project (a counting sort by bucket, as the GPU MSMs of sppark and ec-gpu
 * sort their digits).
 */
/* bits [off, off + c) of the 256-bit s; 0 past the top (c <= 24) */
G16K_DEV u32 plan_bits(const u64 *s, u32 off, u32 c)
{
    if (off >= 256)
        return 0;
    u32 li = off / 64, sh = off % 64;
    u64 v = s[li] >> sh;
    if (sh + c > 64 && li + 1 < 4)
        v |= s[li + 1] << (64 - sh);
    return (u32)(v & ((U64C(1) << c) - 1));
}

/* Signed digit of window w (windows taken in order, carry threaded through): in
 * [-2^(c-1), 2^(c-1)], as scalar_digits in gpu_msm_plan.c. */
G16K_DEV int plan_digit(const u64 *s, u32 w, u32 c, u32 *carry)
{
    int v = (int)plan_bits(s, w * c, c) + (int)*carry;
    *carry = 0;
    if (v > (1 << (c - 1))) {
        v -= 1 << c;
        *carry = 1;
    }
    return v;
}

/* Bucket of the non-zero digit d in window w: w * nb + |d| - 1 (msm.cl's key). */
G16K_DEV u32 plan_bucket(int d, u32 w, u32 nb)
{
    return w * nb + (u32)(d < 0 ? -d : d) - 1;
}

G16K_DEV int plan_load(u64 *s, G16K_GLOBAL const u64 *scalars, u64 i)
{
    for (int l = 0; l < 4; l++)
        s[l] = scalars[4 * i + l];
    return (s[0] | s[1] | s[2] | s[3]) != 0;
}

/* counts[k] += 1 per digit in bucket k (counts zeroed by the host) */
G16K_KERNEL void plan_count(G16K_GLOBAL const u64 *scalars, u32 n, u32 c, u32 nw, u32 nb,
                            G16K_GLOBAL u32 *counts)
{
    u64 i = G16K_GID;
    u64 s[4];
    if (i >= n || !plan_load(s, scalars, i))
        return;
    u32 carry = 0;
    for (u32 w = 0; w < nw; w++) {
        int d = plan_digit(s, w, c, &carry);
        if (d)
            g16k_atomic_inc(&counts[plan_bucket(d, w, nb)]);
    }
}

/* per block t: bsum[t] = its entries, bmax[t] = its largest bucket */
G16K_KERNEL void plan_block_sums(G16K_GLOBAL const u32 *counts, u32 nbk, u32 block,
                                 G16K_GLOBAL u32 *bsum, G16K_GLOBAL u32 *bmax)
{
    u64 t = G16K_GID;
    u64 lo = t * block;
    if (lo >= nbk)
        return;
    u64 hi = lo + block < nbk ? lo + block : nbk;
    u32 sum = 0, mx = 0;
    for (u64 k = lo; k < hi; k++) {
        sum += counts[k];
        mx = counts[k] > mx ? counts[k] : mx;
    }
    bsum[t] = sum;
    bmax[t] = mx;
}

/* one work-item: bsum becomes its exclusive prefix sums; meta[0] = entries, meta[1] = largest
 * bucket */
G16K_KERNEL void plan_top(G16K_GLOBAL u32 *bsum, G16K_GLOBAL const u32 *bmax, u32 nblocks,
                          G16K_GLOBAL u32 *meta)
{
    if (G16K_GID != 0)
        return;
    u32 run = 0, mx = 0;
    for (u32 t = 0; t < nblocks; t++) {
        u32 v = bsum[t];
        bsum[t] = run;
        run += v;
        mx = bmax[t] > mx ? bmax[t] : mx;
    }
    meta[0] = run;
    meta[1] = mx;
}

/* per block: offsets[k] = fill[k] = first entry of bucket k, bucket_chunks[k] = chunks before k
 * within the block, bch[t] = the block's chunks; the last block also sets offsets[nbk] */
G16K_KERNEL void plan_offsets(G16K_GLOBAL const u32 *counts, u32 nbk, u32 block,
                              G16K_GLOBAL const u32 *bsum, u32 chunk_len,
                              G16K_GLOBAL u32 *offsets, G16K_GLOBAL u32 *fill,
                              G16K_GLOBAL u32 *bucket_chunks, G16K_GLOBAL u32 *bch)
{
    u64 t = G16K_GID;
    u64 lo = t * block;
    if (lo >= nbk)
        return;
    u64 hi = lo + block < nbk ? lo + block : nbk;
    u32 run = bsum[t], ch = 0;
    for (u64 k = lo; k < hi; k++) {
        offsets[k] = run;
        fill[k] = run;
        bucket_chunks[k] = ch;
        run += counts[k];
        ch += (counts[k] + chunk_len - 1) / chunk_len;
    }
    bch[t] = ch;
    if (hi == nbk)
        offsets[nbk] = run;
}

/* one work-item: bch becomes its exclusive prefix sums; meta[2] = chunks in all */
G16K_KERNEL void plan_top_chunks(G16K_GLOBAL u32 *bch, u32 nblocks, G16K_GLOBAL u32 *meta)
{
    if (G16K_GID != 0)
        return;
    u32 run = 0;
    for (u32 t = 0; t < nblocks; t++) {
        u32 v = bch[t];
        bch[t] = run;
        run += v;
    }
    meta[2] = run;
}

/* entries[fill[k]++] = i << 1 | (digit < 0) for every digit of scalar i */
G16K_KERNEL void plan_scatter(G16K_GLOBAL const u64 *scalars, u32 n, u32 c, u32 nw, u32 nb,
                              G16K_GLOBAL u32 *fill, G16K_GLOBAL u32 *entries)
{
    u64 i = G16K_GID;
    u64 s[4];
    if (i >= n || !plan_load(s, scalars, i))
        return;
    u32 carry = 0;
    for (u32 w = 0; w < nw; w++) {
        int d = plan_digit(s, w, c, &carry);
        if (d) {
            u32 pos = g16k_atomic_inc(&fill[plan_bucket(d, w, nb)]);
            entries[pos] = (u32)(i << 1) | (d < 0 ? 1u : 0u);
        }
    }
}

/* per block: bucket_chunks[k] made global (+ bch[t]) and chunk_starts written for its chunks;
 * the last block also sets bucket_chunks[nbk] and chunk_starts[chunks] (meta[2], meta[0]) */
G16K_KERNEL void plan_chunk_starts(G16K_GLOBAL const u32 *offsets, u32 nbk, u32 block,
                                   G16K_GLOBAL const u32 *bch, u32 chunk_len,
                                   G16K_GLOBAL const u32 *meta, G16K_GLOBAL u32 *bucket_chunks,
                                   G16K_GLOBAL u32 *chunk_starts)
{
    u64 t = G16K_GID;
    u64 lo = t * block;
    if (lo >= nbk)
        return;
    u64 hi = lo + block < nbk ? lo + block : nbk;
    for (u64 k = lo; k < hi; k++) {
        u32 j = bucket_chunks[k] + bch[t];
        bucket_chunks[k] = j;
        for (u64 e = offsets[k]; e < offsets[k + 1]; e += chunk_len)
            chunk_starts[j++] = (u32)e;
    }
    if (hi == nbk) {
        bucket_chunks[nbk] = meta[2];
        chunk_starts[meta[2]] = meta[0];
    }
}
