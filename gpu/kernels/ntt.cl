/*
 * ntt.cl: radix-2 NTT over Fr, iterative Cooley-Tukey decimation in time (Cormen et al.,
 * "Introduction to Algorithms", 30.3): bit-reversal permutation, then log n butterfly stages,
 * one launch per stage. The host (gpu/common/gpu_ntt.c) supplies the twiddles omega^k, k < n/2, of the
 * snarkjs root (docs/proving.md, "The domain") or of its inverse, and a scale table for 1/n and the coset
 * shift. Data: n Fr elements, 4 little-endian 64-bit limbs each, Montgomery form on device.
 */

/* to_mont != 0: canonical -> Montgomery; else Montgomery -> canonical */
G16K_KERNEL void ntt_convert(G16K_GLOBAL u64 *data, u64 n, u32 to_mont)
{
    u64 i = G16K_GID;
    if (i >= n)
        return;
    fr a;
    fr_load(&a, data + i * FR_WORDS);
    if (to_mont)
        fr_to_mont(&a, &a);
    else
        fr_from_mont(&a, &a);
    fr_store(data + i * FR_WORDS, &a);
}

G16K_KERNEL void ntt_bitrev(G16K_GLOBAL u64 *data, u64 n, u32 log_n)
{
    u64 i = G16K_GID;
    if (i >= n)
        return;
    u64 j = 0;
    for (u32 b = 0; b < log_n; b++)
        j |= ((i >> b) & 1) << (log_n - 1 - b);
    if (i < j) {
        for (int l = 0; l < FR_WORDS; l++) {
            u64 t = data[i * FR_WORDS + l];
            data[i * FR_WORDS + l] = data[j * FR_WORDS + l];
            data[j * FR_WORDS + l] = t;
        }
    }
}

/* One DIT stage with half-size m = 2^log_m: n/2 threads, butterfly (i, i + m) with twiddle
 * omega^(k n / 2m), k = position inside the half block. */
G16K_KERNEL void ntt_stage(G16K_GLOBAL u64 *data, G16K_GLOBAL const u64 *tw, u64 n, u32 log_m)
{
    u64 t = G16K_GID;
    if (t >= n / 2)
        return;
    u64 m = (u64)1 << log_m;
    u64 k = t & (m - 1);
    u64 i = ((t >> log_m) << (log_m + 1)) + k;
    u64 j = i + m;
    fr u, v, w;
    fr_load(&u, data + i * FR_WORDS);
    fr_load(&v, data + j * FR_WORDS);
    fr_load(&w, tw + (k * (n / (2 * m))) * FR_WORDS);
    fr_mul(&v, &v, &w);
    fr r0, r1;
    fr_add(&r0, &u, &v);
    fr_sub(&r1, &u, &v);
    fr_store(data + i * FR_WORDS, &r0);
    fr_store(data + j * FR_WORDS, &r1);
}

/* data[j] *= tab[0] * g^j where tab[1 + b] = g^(2^b), b < 32 (Montgomery); with_pow = 0 skips
 * the power (plain scaling by tab[0]). */
G16K_KERNEL void ntt_scale(G16K_GLOBAL u64 *data, u64 n, G16K_GLOBAL const u64 *tab, u32 with_pow)
{
    u64 j = G16K_GID;
    if (j >= n)
        return;
    fr a, f, p;
    fr_load(&a, data + j * FR_WORDS);
    fr_load(&f, tab);
    if (with_pow) {
        for (u32 b = 0; b < 32; b++) {
            if ((j >> b) & 1) {
                fr_load(&p, tab + (1 + b) * FR_WORDS);
                fr_mul(&f, &f, &p);
            }
        }
    }
    fr_mul(&a, &a, &f);
    fr_store(data + j * FR_WORDS, &a);
}

/* The last step of the Groth16 H chain (plugin.h compute_h): a[i] = a[i] * b[i] - c[i], the
 * three vectors in Montgomery form on the coset. */
G16K_KERNEL void ntt_h(G16K_GLOBAL u64 *a, G16K_GLOBAL const u64 *b, G16K_GLOBAL const u64 *c,
                       u64 n)
{
    u64 i = G16K_GID;
    if (i >= n)
        return;
    fr x, y, z;
    fr_load(&x, a + i * FR_WORDS);
    fr_load(&y, b + i * FR_WORDS);
    fr_load(&z, c + i * FR_WORDS);
    fr_mul(&x, &x, &y);
    fr_sub(&x, &x, &z);
    fr_store(a + i * FR_WORDS, &x);
}
