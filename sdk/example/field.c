/*
 * Field arithmetic of the example plugin: Montgomery multiplication (CIOS, Koc-Acar-Kaliski 1996)
 * for any modulus of up to 6 limbs, used for Fr (scalars) and Fp (coordinates), and Fp2 =
 * Fp[u]/(u^2 + 1) on top. Written for clarity, not speed: one generic loop, no assembly.
 * Both moduli leave spare top bits (r < 2^255, p < 2^381), so the running sum fits in n + 1 limbs.
 */
#include <string.h>

#include "example.h"

typedef unsigned __int128 u128;

/* BLS12-381 moduli, little-endian limbs (docs/proving.md, "The domain"). */
modulus ex_fr = {
    .n = 4, .m = { 0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48 }
};
modulus ex_fp = { .n = 6,
                  .m = { 0xb9feffffffffaaab, 0x1eabfffeb153ffff, 0x6730d2a0f6b0f624,
                         0x64774b84f38512bf, 0x4b1ba7b6434bacd7, 0x1a0111ea397fe69a } };

int mod_is_reduced(const modulus *md, const uint64_t *a)
{
    for (unsigned i = md->n; i-- > 0;)
        if (a[i] != md->m[i])
            return a[i] < md->m[i];
    return 0; /* equal to m */
}

/* out = a + b mod m, for a, b < m. */
static void mod_add(const modulus *md, uint64_t *out, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[6], carry = 0, borrow = 0, d[6];
    for (unsigned i = 0; i < md->n; i++) {
        u128 s = (u128)a[i] + b[i] + carry;
        t[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
    for (unsigned i = 0; i < md->n; i++) { /* d = t - m */
        u128 s = (u128)t[i] - md->m[i] - borrow;
        d[i] = (uint64_t)s;
        borrow = (uint64_t)(s >> 64) & 1;
    }
    memcpy(out, (carry || !borrow) ? d : t, md->n * sizeof(uint64_t));
}

/* out = a - b mod m, for a, b < m. */
static void mod_sub(const modulus *md, uint64_t *out, const uint64_t *a, const uint64_t *b)
{
    uint64_t borrow = 0, carry = 0;
    uint64_t t[6];
    for (unsigned i = 0; i < md->n; i++) {
        u128 s = (u128)a[i] - b[i] - borrow;
        t[i] = (uint64_t)s;
        borrow = (uint64_t)(s >> 64) & 1;
    }
    if (borrow) /* went negative: add m back */
        for (unsigned i = 0; i < md->n; i++) {
            u128 s = (u128)t[i] + md->m[i] + carry;
            t[i] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
    memcpy(out, t, md->n * sizeof(uint64_t));
}

void mont_mul(const modulus *md, uint64_t *out, const uint64_t *a, const uint64_t *b)
{
    const unsigned n = md->n;
    uint64_t t[8] = { 0 };
    for (unsigned i = 0; i < n; i++) {
        u128 s;
        uint64_t carry = 0;
        for (unsigned j = 0; j < n; j++) { /* t += a * b[i] */
            s = (u128)a[j] * b[i] + t[j] + carry;
            t[j] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        s = (u128)t[n] + carry;
        t[n] = (uint64_t)s;
        t[n + 1] = (uint64_t)(s >> 64);
        uint64_t q = t[0] * md->inv; /* t + q m is divisible by 2^64 */
        s = (u128)q * md->m[0] + t[0];
        carry = (uint64_t)(s >> 64);
        for (unsigned j = 1; j < n; j++) { /* t = (t + q m) / 2^64 */
            s = (u128)q * md->m[j] + t[j] + carry;
            t[j - 1] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        s = (u128)t[n] + carry;
        t[n - 1] = (uint64_t)s;
        t[n] = t[n + 1] + (uint64_t)(s >> 64);
    }
    if (t[n] || !mod_is_reduced(md, t)) { /* t < 2m: one subtraction at most */
        uint64_t borrow = 0;
        for (unsigned i = 0; i < n; i++) {
            u128 s = (u128)t[i] - md->m[i] - borrow;
            t[i] = (uint64_t)s;
            borrow = (uint64_t)(s >> 64) & 1;
        }
    }
    memcpy(out, t, n * sizeof(uint64_t));
}

static void modulus_init(modulus *md)
{
    uint64_t y = 1;
    for (int i = 0; i < 6; i++) /* Newton: y = m^-1 mod 2^64 */
        y *= 2 - md->m[0] * y;
    md->inv = (uint64_t)0 - y;
    uint64_t x[6] = { 1 };
    for (unsigned i = 0; i < 64 * md->n; i++) /* x = 2^(64 n) mod m = R */
        mod_add(md, x, x, x);
    memcpy(md->one, x, sizeof(x));
    for (unsigned i = 0; i < 64 * md->n; i++) /* x = R * 2^(64 n) = R^2 */
        mod_add(md, x, x, x);
    memcpy(md->r2, x, sizeof(x));
}

void field_init(void)
{
    modulus_init(&ex_fr);
    modulus_init(&ex_fp);
}

int fe_is_zero(const field *f, const fe *a)
{
    uint64_t acc = 0;
    for (unsigned i = 0; i < 6 * f->degree; i++)
        acc |= a->v[i];
    return acc == 0;
}

/* ---- Fp ---- */

static void fp_add(fe *o, const fe *a, const fe *b)
{
    mod_add(&ex_fp, o->v, a->v, b->v);
}
static void fp_sub(fe *o, const fe *a, const fe *b)
{
    mod_sub(&ex_fp, o->v, a->v, b->v);
}
static void fp_mul(fe *o, const fe *a, const fe *b)
{
    mont_mul(&ex_fp, o->v, a->v, b->v);
}

/* o = a^(p-2) = 1/a (Fermat), left-to-right square and multiply. */
static void fp_inv(fe *o, const fe *a)
{
    uint64_t e[6];
    memcpy(e, ex_fp.m, sizeof(e));
    e[0] -= 2; /* p is odd and > 2: no borrow */
    fe acc = { { 0 } }, base = *a;
    memcpy(acc.v, ex_fp.one, sizeof(ex_fp.one));
    for (int i = 6 * 64 - 1; i >= 0; i--) {
        fp_mul(&acc, &acc, &acc);
        if ((e[i / 64] >> (i % 64)) & 1)
            fp_mul(&acc, &acc, &base);
    }
    *o = acc;
}

const field ex_fp_field = { 1, fp_add, fp_sub, fp_mul, fp_inv };

/* ---- Fp2: a = a0 + a1 u, u^2 = -1. The halves are fe values holding one Fp element. ---- */

static void split(const fe *a, fe *a0, fe *a1)
{
    memset(a0, 0, sizeof(*a0));
    memset(a1, 0, sizeof(*a1));
    memcpy(a0->v, a->v, 48);
    memcpy(a1->v, a->v + 6, 48);
}

static void join(fe *o, const fe *a0, const fe *a1)
{
    memcpy(o->v, a0->v, 48);
    memcpy(o->v + 6, a1->v, 48);
}

static void fp2_add(fe *o, const fe *a, const fe *b)
{
    mod_add(&ex_fp, o->v, a->v, b->v);
    mod_add(&ex_fp, o->v + 6, a->v + 6, b->v + 6);
}

static void fp2_sub(fe *o, const fe *a, const fe *b)
{
    mod_sub(&ex_fp, o->v, a->v, b->v);
    mod_sub(&ex_fp, o->v + 6, a->v + 6, b->v + 6);
}

/* (a0 + a1 u)(b0 + b1 u) = (a0 b0 - a1 b1) + (a0 b1 + a1 b0) u */
static void fp2_mul(fe *o, const fe *a, const fe *b)
{
    fe a0, a1, b0, b1, t0, t1, c0, c1;
    split(a, &a0, &a1);
    split(b, &b0, &b1);
    fp_mul(&t0, &a0, &b0);
    fp_mul(&t1, &a1, &b1);
    fp_sub(&c0, &t0, &t1);
    fp_mul(&t0, &a0, &b1);
    fp_mul(&t1, &a1, &b0);
    fp_add(&c1, &t0, &t1);
    join(o, &c0, &c1);
}

/* 1/(a0 + a1 u) = (a0 - a1 u) / (a0^2 + a1^2) */
static void fp2_inv(fe *o, const fe *a)
{
    fe a0, a1, t0, t1, zero = { { 0 } };
    split(a, &a0, &a1);
    fp_mul(&t0, &a0, &a0);
    fp_mul(&t1, &a1, &a1);
    fp_add(&t0, &t0, &t1);
    fp_inv(&t0, &t0);
    fp_mul(&a0, &a0, &t0);
    fp_mul(&a1, &a1, &t0);
    fp_sub(&a1, &zero, &a1);
    join(o, &a0, &a1);
}

const field ex_fp2_field = { 2, fp2_add, fp2_sub, fp2_mul, fp2_inv };
