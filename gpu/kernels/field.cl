/*
 * field.cl: Montgomery arithmetic on device for Fr (8 x 32-bit limbs), Fp (12 limbs on
 * BLS12-381, 8 on BN254) and Fp2 = Fp[u]/(u^2 + 1) (u^2 = -1 on both curves), on the
 * carry-chain primitives of compat.h. The curve is BLS12-381's unless G16K_CURVE_BN254 is
 * defined (the plugins build the program once per curve from this text); only the constants
 * below differ. In memory (kernel buffers)
 * an element is the plugin ABI's: little-endian 64-bit limbs, which are the same bytes as these
 * 32-bit limbs; fr_load / fp_load split them. Values are fully reduced (< modulus) and in
 * Montgomery form (x * R mod m, R = 2^256 for Fr and 2^(32 FP_N) for Fp, as the host's) unless a name
 * says otherwise.
 *
 * Multiplication: CIOS (Koc, Acar, Kaliski 1996, section 4) on 32-bit limbs, each row's
 * products kept in two accumulators so that every multiply-add sits in a carry chain: the
 * value is V = X + Y w (w = 2^32), a b_i = E + O w with E the products of the even limbs of a
 * (lo(a_2k b_i) at limb 2k, hi at 2k + 1: no overlap) and O those of the odd limbs, likewise
 * q p = Pe + Po w. A row adds E and Pe to X and O and Po to Y, each one chain of n multiply-adds,
 * and the division by w is a renaming: V / w = X[1..n] + Y[0..n] = X' + Y' w with
 * X' = (X1 + Y0, X2, ..., Xn), Y' = (Y1, ..., Yn), whose one addition's carry goes into the
 * next row's chain on Y' (the limb it belongs to). 4n multiply-adds and 7 other instructions
 * a row, no compare or select (the idea of the separate even and odd accumulators: Emmart,
 * Zheng, Weems, "Faster Modular Exponentiation Using Double Precision Floating Point Arithmetic
 * on the GPU", ARITH 2018, and the CUDA provers that use it; written for this project).
 * Bounds: a, b < m and m < R / 2 keep V < 2m < R after every row, so X and Y need one limb
 * above n only for the carries, and one conditional subtraction ends it.
 * Constants (checked with Python against p, r of docs/proving.md, "The domain"):
 *   FP_INV = -p^-1 mod 2^32, FR_INV = -r^-1 mod 2^32, FR_R2 = 2^512 mod r, FP_ONE = 2^(32 FP_N)
 *   mod p; BN254's against the p and r of arith/bn254/ (the same 2^256 for both fields).
 * Moduli are private array initialisers: OpenCL 1.2 has no generic address space, and a literal
 * initialiser is folded into the instructions after inlining.
 */

#ifdef G16K_CURVE_BN254 /* BN254 (snarkjs's bn128): p and r of 254 bits, R = 2^256 for both */
#define FP_N 8
#define FR_N 8
#define FP_INV 0xe4866389u
#define FR_INV 0xefffffffu
#define FP_MOD_INIT                                                                                \
    { 0xd87cfd47u, 0x3c208c16u, 0x6871ca8du, 0x97816a91u,                                         \
      0x8181585du, 0xb85045b6u, 0xe131a029u, 0x30644e72u }
#define FR_MOD_INIT                                                                                \
    { 0xf0000001u, 0x43e1f593u, 0x79b97091u, 0x2833e848u,                                         \
      0x8181585du, 0xb85045b6u, 0xe131a029u, 0x30644e72u }
#define FR_R2_INIT                                                                                 \
    { 0xae216da7u, 0x1bb8e645u, 0xe35c59e3u, 0x53fe3ab1u,                                         \
      0x53bb8085u, 0x8c49833du, 0x7f4e44a5u, 0x0216d0b1u }
#define FP_ONE_INIT                                                                                \
    { 0xc58f0d9du, 0xd35d438du, 0xf5c70b3du, 0x0a78eb28u,                                         \
      0x7879462cu, 0x666ea36fu, 0x9a07df2fu, 0x0e0a77c1u }
#else /* BLS12-381 */
#define FP_N 12 /* 32-bit limbs of an element */
#define FR_N 8
#define FP_INV 0xfffcfffdu
#define FR_INV 0xffffffffu
#define FP_MOD_INIT                                                                                \
    { 0xffffaaabu, 0xb9feffffu, 0xb153ffffu, 0x1eabfffeu, 0xf6b0f624u, 0x6730d2a0u,               \
      0xf38512bfu, 0x64774b84u, 0x434bacd7u, 0x4b1ba7b6u, 0x397fe69au, 0x1a0111eau }
#define FR_MOD_INIT                                                                                \
    { 0x00000001u, 0xffffffffu, 0xfffe5bfeu, 0x53bda402u,                                         \
      0x09a1d805u, 0x3339d808u, 0x299d7d48u, 0x73eda753u }
#define FR_R2_INIT                                                                                 \
    { 0xf3f29c6du, 0xc999e990u, 0x87925c23u, 0x2b6cedcbu,                                         \
      0x7254398fu, 0x05d31496u, 0x9f59ff11u, 0x0748d9d9u }
#define FP_ONE_INIT                                                                                \
    { 0x0002fffdu, 0x76090000u, 0xc40c0002u, 0xebf4000bu, 0x53c758bau, 0x5f489857u,               \
      0x70525745u, 0x77ce5853u, 0xa256ec6du, 0x5c071a97u, 0xfa80e493u, 0x15f65ec3u }
#endif
#define FP_WORDS (FP_N / 2) /* 64-bit limbs of an element in kernel buffers */
#define FR_WORDS (FR_N / 2)

typedef struct { u32 l[FP_N]; } fp;
typedef struct { u32 l[FR_N]; } fr;
typedef struct { fp c0, c1; } fp2;

/* ---- the n-limb arithmetic, per field (mont.cl) ---- */

#define MONT fr
#define MONT_N FR_N
#define MONT_MOD_INIT FR_MOD_INIT
#define MONT_INV FR_INV
#include "mont.cl"
#undef MONT
#undef MONT_N
#undef MONT_MOD_INIT
#undef MONT_INV

#define MONT fp
#define MONT_N FP_N
#define MONT_MOD_INIT FP_MOD_INIT
#define MONT_INV FP_INV
#include "mont.cl"
#undef MONT
#undef MONT_N
#undef MONT_MOD_INIT
#undef MONT_INV

/* ---- Fr ---- */

G16K_DEV void fr_load(fr *o, G16K_GLOBAL const u64 *src)
{
    fr_limbs_load(o->l, src);
}

G16K_DEV void fr_store(G16K_GLOBAL u64 *dst, const fr *a)
{
    fr_limbs_store(dst, a->l);
}

G16K_DEV void fr_add(fr *o, const fr *a, const fr *b)
{
    fr_mont_add(o->l, a->l, b->l);
}

G16K_DEV void fr_sub(fr *o, const fr *a, const fr *b)
{
    fr_mont_sub(o->l, a->l, b->l);
}

G16K_DEV void fr_mul(fr *o, const fr *a, const fr *b)
{
    fr_mont_mul(o->l, a->l, b->l);
}

/* canonical -> Montgomery: a * R^2 / R */
G16K_DEV void fr_to_mont(fr *o, const fr *a)
{
    fr r2 = { FR_R2_INIT };
    fr_mul(o, a, &r2);
}

/* Montgomery -> canonical: a * 1 / R */
G16K_DEV void fr_from_mont(fr *o, const fr *a)
{
    fr one = { { 1, 0, 0, 0, 0, 0, 0, 0 } };
    fr_mul(o, a, &one);
}

/* ---- Fp ---- */

G16K_DEV void fp_load(fp *o, G16K_GLOBAL const u64 *src)
{
    fp_limbs_load(o->l, src);
}

G16K_DEV void fp_store(G16K_GLOBAL u64 *dst, const fp *a)
{
    fp_limbs_store(dst, a->l);
}

G16K_DEV void fp_add(fp *o, const fp *a, const fp *b)
{
    fp_mont_add(o->l, a->l, b->l);
}

G16K_DEV void fp_sub(fp *o, const fp *a, const fp *b)
{
    fp_mont_sub(o->l, a->l, b->l);
}

G16K_DEV void fp_dbl(fp *o, const fp *a)
{
    fp_add(o, a, a);
}

G16K_DEV int fp_is_zero(const fp *a)
{
    return fp_mont_is_zero(a->l);
}

/* o = -a: m - a, and 0 for 0 */
G16K_DEV void fp_neg(fp *o, const fp *a)
{
    const fp zero = { { 0 } };
    fp_mont_sub(o->l, zero.l, a->l);
}

G16K_DEV void fp_mul(fp *o, const fp *a, const fp *b)
{
    fp_mont_mul(o->l, a->l, b->l);
}

G16K_DEV void fp_sqr(fp *o, const fp *a)
{
    fp_mul(o, a, a);
}

G16K_DEV void fp_set_zero(fp *o)
{
    G16K_UNROLL
    for (int j = 0; j < FP_N; j++)
        o->l[j] = 0;
}

/* 1 in Montgomery form: R mod p */
G16K_DEV void fp_set_one(fp *o)
{
    const fp one = { FP_ONE_INIT };
    *o = one;
}

/* ---- Fp2 = c0 + c1*u, u^2 = -1 ---- */

G16K_DEV void fp2_load(fp2 *o, G16K_GLOBAL const u64 *src)
{
    fp_load(&o->c0, src);
    fp_load(&o->c1, src + FP_WORDS);
}

G16K_DEV void fp2_store(G16K_GLOBAL u64 *dst, const fp2 *a)
{
    fp_store(dst, &a->c0);
    fp_store(dst + FP_WORDS, &a->c1);
}

G16K_DEV void fp2_add(fp2 *o, const fp2 *a, const fp2 *b)
{
    fp_add(&o->c0, &a->c0, &b->c0);
    fp_add(&o->c1, &a->c1, &b->c1);
}

G16K_DEV void fp2_sub(fp2 *o, const fp2 *a, const fp2 *b)
{
    fp_sub(&o->c0, &a->c0, &b->c0);
    fp_sub(&o->c1, &a->c1, &b->c1);
}

G16K_DEV void fp2_dbl(fp2 *o, const fp2 *a)
{
    fp2_add(o, a, a);
}

G16K_DEV void fp2_neg(fp2 *o, const fp2 *a)
{
    fp_neg(&o->c0, &a->c0);
    fp_neg(&o->c1, &a->c1);
}

/* Karatsuba: (a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u */
G16K_DEV void fp2_mul(fp2 *o, const fp2 *a, const fp2 *b)
{
    fp t0, t1, s0, s1;
    fp_mul(&t0, &a->c0, &b->c0);
    fp_mul(&t1, &a->c1, &b->c1);
    fp_add(&s0, &a->c0, &a->c1);
    fp_add(&s1, &b->c0, &b->c1);
    fp_mul(&s0, &s0, &s1);
    fp_sub(&o->c0, &t0, &t1);
    fp_sub(&s0, &s0, &t0);
    fp_sub(&o->c1, &s0, &t1);
}

/* (a0 + a1)(a0 - a1) + 2 a0 a1 u */
G16K_DEV void fp2_sqr(fp2 *o, const fp2 *a)
{
    fp s, d, p;
    fp_add(&s, &a->c0, &a->c1);
    fp_sub(&d, &a->c0, &a->c1);
    fp_mul(&p, &a->c0, &a->c1);
    fp_mul(&o->c0, &s, &d);
    fp_dbl(&o->c1, &p);
}

G16K_DEV int fp2_is_zero(const fp2 *a)
{
    return fp_is_zero(&a->c0) && fp_is_zero(&a->c1);
}

G16K_DEV void fp2_set_zero(fp2 *o)
{
    fp_set_zero(&o->c0);
    fp_set_zero(&o->c1);
}

G16K_DEV void fp2_set_one(fp2 *o)
{
    fp_set_one(&o->c0);
    fp_set_zero(&o->c1);
}
