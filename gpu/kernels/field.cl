/*
 * field.cl: Montgomery arithmetic on device for Fr (4 x 64-bit limbs), Fp (6 limbs) and
 * Fp2 = Fp[u]/(u^2 + 1). Same limb layout as the plugin ABI (little-endian 64-bit limbs), so
 * host buffers are copied to the device as they are. Values are fully reduced (< modulus) and
 * in Montgomery form (x * 2^(64N) mod m) unless a name says otherwise.
 *
 * Multiplication: CIOS (Koc, Acar, Kaliski 1996, section 4) on 64-bit limbs, the high half of
 * each product from g16k_mulhi64 (mul_hi in OpenCL, __umul64hi in CUDA). Both moduli leave the
 * top bit free, so a sum of two reduced values never carries out of N limbs.
 * Constants (checked against p, r of docs/proving.md, "The domain" with Python):
 *   FP_INV = -p^-1 mod 2^64, FR_INV = -r^-1 mod 2^64, FR_R2 = 2^512 mod r.
 * Moduli are written as private array initialisers: OpenCL 1.2 has no generic address space,
 * and a literal initialiser is folded by the compiler after inlining.
 */

#define FP_N 6
#define FR_N 4
#define FP_INV U64C(0x89f3fffcfffcfffd)
#define FR_INV U64C(0xfffffffeffffffff)
#define FP_MOD_INIT { U64C(0xb9feffffffffaaab), U64C(0x1eabfffeb153ffff), \
    U64C(0x6730d2a0f6b0f624), U64C(0x64774b84f38512bf), U64C(0x4b1ba7b6434bacd7), \
    U64C(0x1a0111ea397fe69a) }
#define FR_MOD_INIT { U64C(0xffffffff00000001), U64C(0x53bda402fffe5bfe), \
    U64C(0x3339d80809a1d805), U64C(0x73eda753299d7d48) }
#define FR_R2_INIT { U64C(0xc999e990f3f29c6d), U64C(0x2b6cedcb87925c23), \
    U64C(0x05d314967254398f), U64C(0x0748d9d99f59ff11) }

typedef struct { u64 l[FP_N]; } fp;
typedef struct { u64 l[FR_N]; } fr;
typedef struct { fp c0, c1; } fp2;

/* ---- N-limb helpers (N <= 6); outputs may alias inputs ---- */

G16K_DEV u64 mont_add_raw(u64 *o, const u64 *a, const u64 *b, int n)
{
    u64 carry = 0;
    for (int i = 0; i < n; i++) {
        u64 s = a[i] + carry;
        u64 c1 = s < carry;
        u64 t = s + b[i];
        carry = c1 + (t < s);
        o[i] = t;
    }
    return carry;
}

G16K_DEV u64 mont_sub_raw(u64 *o, const u64 *a, const u64 *b, int n)
{
    u64 borrow = 0;
    for (int i = 0; i < n; i++) {
        u64 d = a[i] - b[i];
        u64 b1 = a[i] < b[i];
        u64 e = d - borrow;
        borrow = b1 + (d < borrow);
        o[i] = e;
    }
    return borrow;
}

/* 1 if a >= m */
G16K_DEV int mont_geq(const u64 *a, const u64 *m, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        if (a[i] != m[i])
            return a[i] > m[i];
    }
    return 1;
}

G16K_DEV int mont_is_zero(const u64 *a, int n)
{
    u64 acc = 0;
    for (int i = 0; i < n; i++)
        acc |= a[i];
    return acc == 0;
}

G16K_DEV void mont_add(u64 *o, const u64 *a, const u64 *b, const u64 *m, int n)
{
    u64 t[FP_N];
    mont_add_raw(t, a, b, n);
    if (mont_geq(t, m, n))
        mont_sub_raw(t, t, m, n);
    for (int i = 0; i < n; i++)
        o[i] = t[i];
}

G16K_DEV void mont_sub(u64 *o, const u64 *a, const u64 *b, const u64 *m, int n)
{
    u64 t[FP_N];
    if (mont_sub_raw(t, a, b, n))
        mont_add_raw(t, t, m, n);
    for (int i = 0; i < n; i++)
        o[i] = t[i];
}

/* o = a * b / 2^(64n) mod m (CIOS); inv = -m^-1 mod 2^64 */
G16K_DEV void mont_mul(u64 *o, const u64 *a, const u64 *b, const u64 *m, u64 inv, int n)
{
    u64 t[FP_N + 2];
    for (int i = 0; i < n + 2; i++)
        t[i] = 0;
    for (int i = 0; i < n; i++) {
        u64 c = 0;
        for (int j = 0; j < n; j++) {
            u64 lo = a[j] * b[i];
            u64 hi = g16k_mulhi64(a[j], b[i]);
            lo += t[j];
            hi += lo < t[j];
            lo += c;
            hi += lo < c;
            t[j] = lo;
            c = hi;
        }
        u64 s = t[n] + c;
        t[n + 1] = s < c;
        t[n] = s;
        u64 q = t[0] * inv;
        u64 lo = q * m[0];
        u64 hi = g16k_mulhi64(q, m[0]);
        lo += t[0];
        hi += lo < t[0];
        c = hi;
        for (int j = 1; j < n; j++) {
            lo = q * m[j];
            hi = g16k_mulhi64(q, m[j]);
            lo += t[j];
            hi += lo < t[j];
            lo += c;
            hi += lo < c;
            t[j - 1] = lo;
            c = hi;
        }
        s = t[n] + c;
        t[n - 1] = s;
        t[n] = t[n + 1] + (s < c);
    }
    if (t[n] != 0 || mont_geq(t, m, n))
        mont_sub_raw(t, t, m, n);
    for (int i = 0; i < n; i++)
        o[i] = t[i];
}

/* ---- Fr ---- */

G16K_DEV void fr_add(fr *o, const fr *a, const fr *b)
{
    const u64 m[FR_N] = FR_MOD_INIT;
    mont_add(o->l, a->l, b->l, m, FR_N);
}

G16K_DEV void fr_sub(fr *o, const fr *a, const fr *b)
{
    const u64 m[FR_N] = FR_MOD_INIT;
    mont_sub(o->l, a->l, b->l, m, FR_N);
}

G16K_DEV void fr_mul(fr *o, const fr *a, const fr *b)
{
    const u64 m[FR_N] = FR_MOD_INIT;
    mont_mul(o->l, a->l, b->l, m, FR_INV, FR_N);
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
    fr one = { { 1, 0, 0, 0 } };
    fr_mul(o, a, &one);
}

/* ---- Fp ---- */

G16K_DEV void fp_add(fp *o, const fp *a, const fp *b)
{
    const u64 m[FP_N] = FP_MOD_INIT;
    mont_add(o->l, a->l, b->l, m, FP_N);
}

G16K_DEV void fp_sub(fp *o, const fp *a, const fp *b)
{
    const u64 m[FP_N] = FP_MOD_INIT;
    mont_sub(o->l, a->l, b->l, m, FP_N);
}

G16K_DEV void fp_dbl(fp *o, const fp *a)
{
    fp_add(o, a, a);
}

G16K_DEV void fp_neg(fp *o, const fp *a)
{
    const u64 m[FP_N] = FP_MOD_INIT;
    if (mont_is_zero(a->l, FP_N)) {
        *o = *a;
        return;
    }
    mont_sub_raw(o->l, m, a->l, FP_N);
}

G16K_DEV void fp_mul(fp *o, const fp *a, const fp *b)
{
    const u64 m[FP_N] = FP_MOD_INIT;
    mont_mul(o->l, a->l, b->l, m, FP_INV, FP_N);
}

G16K_DEV void fp_sqr(fp *o, const fp *a)
{
    fp_mul(o, a, a);
}

G16K_DEV int fp_is_zero(const fp *a)
{
    return mont_is_zero(a->l, FP_N);
}

G16K_DEV void fp_set_zero(fp *o)
{
    for (int i = 0; i < FP_N; i++)
        o->l[i] = 0;
}

/* ---- Fp2 = c0 + c1*u, u^2 = -1 ---- */

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

/* 1 in Montgomery form: R_p = 2^384 mod p */
G16K_DEV void fp_set_one(fp *o)
{
    const u64 one[FP_N] = { U64C(0x760900000002fffd), U64C(0xebf4000bc40c0002),
        U64C(0x5f48985753c758ba), U64C(0x77ce585370525745), U64C(0x5c071a97a256ec6d),
        U64C(0x15f65ec3fa80e493) };
    for (int i = 0; i < FP_N; i++)
        o->l[i] = one[i];
}

G16K_DEV void fp2_set_one(fp2 *o)
{
    fp_set_one(&o->c0);
    fp_set_zero(&o->c1);
}
