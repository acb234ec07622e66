/*
 * Field inversion by the optimized binary GCD of Pornin ("Optimized binary GCD for modular
 * inversion", eprint 2020/972, algorithm 2), variable time (the prover's inversions handle no
 * secret: batch-affine denominators, point normalisation), written once for every field and
 * included after mont/field_impl.h by a field that defines FIELD_CUSTOM_INV. It defines
 * FIELD_FN(inv) from the field's parameters (field_impl.h) and:
 *   FIELD_PINV30   -m^-1 mod 2^30 (the low 30 bits of FIELD_MINV)
 *   FIELD_R3       a const FIELD_T: R^3 mod m, R = 2^(64 limbs), for the Montgomery fix-up
 *
 * Binary GCD on (a, b) = (y, m) with a = u y, b = v y (mod m) kept invariant. Each outer step
 * runs 30 binary-GCD steps on 62-bit approximations of a and b (their low 30 bits and their top
 * 32 bits from the same position): the parities are exact, the comparisons may be slightly
 * wrong, which can only make an updated a or b negative (negated below, as the paper shows).
 * The steps are recorded as a 2x2 matrix of signed factors (|f|, |g| <= 2^30); the full
 * a, b, u, v are then updated once: (a, b) <- (f0 a + g0 b, f1 a + g1 b) / 2^30 exactly, and
 * (u, v) likewise modulo m, where the division by 2^30 is a Montgomery step (q = -t m^-1 mod
 * 2^30, (t + q m) / 2^30). A negative a or b is negated with its u or v. When a reaches 0,
 * b = gcd(y, m) = 1 and v = 1/y. Each outer step removes at least 30 of the bits of a and b
 * (762 for BLS12-381's p, 508 for BN254's moduli), so at most 26 steps are needed; the loop
 * stops at a = 0.
 * Montgomery form: for the stored integer y = x R this gives v = 1/(x R); one Montgomery
 * multiplication by R^3 mod m turns it into (1/x) R.
 * The Fermat power (inv_fermat) stays: the tests' reference, and the fallback should the loop
 * ever end otherwise than the analysis says.
 */
typedef __int128 i128;
typedef unsigned __int128 u128;

#define STEPS 30
#define MAX_OUTER 40 /* 26 suffice; the rest is a safety margin before the Fermat fallback */

static int bit_length(const uint64_t x[FIELD_LIMBS])
{
    for (int i = FIELD_LIMBS - 1; i >= 0; i--)
        if (x[i])
            return 64 * i + 64 - __builtin_clzll(x[i]);
    return 0;
}

/* Bits [pos, pos + 32) of x (pos >= 0; bits past the top read as 0). */
static uint64_t bits32(const uint64_t x[FIELD_LIMBS], int pos)
{
    int limb = pos / 64, off = pos % 64;
    uint64_t v = limb < FIELD_LIMBS ? x[limb] >> off : 0;
    if (off > 32 && limb + 1 < FIELD_LIMBS)
        v |= x[limb + 1] << (64 - off);
    return v & 0xffffffffULL;
}

/* t (limbs + 1, two's complement) = x f + y g for unsigned x, y and |f|, |g| <= 2^30. */
static void lin_wide(uint64_t t[FIELD_LIMBS + 1], const uint64_t x[FIELD_LIMBS],
                     const uint64_t y[FIELD_LIMBS], int64_t f, int64_t g)
{
    i128 acc = 0;
    for (int i = 0; i < FIELD_LIMBS; i++) {
        acc += (i128)(u128)x[i] * f + (i128)(u128)y[i] * g;
        t[i] = (uint64_t)acc;
        acc >>= 64; /* arithmetic: keeps the sign of the running sum */
    }
    t[FIELD_LIMBS] = (uint64_t)acc;
}

/* t = -t over limbs + 1. */
static void neg_wide(uint64_t t[FIELD_LIMBS + 1])
{
    uint64_t c = 1;
    for (int i = 0; i <= FIELD_LIMBS; i++)
        c = mont_adc(c, ~t[i], 0, &t[i]);
}

/* x = t >> 30 for t >= 0 (limbs + 1) whose value fits the limbs after the shift. */
static void shr30(uint64_t x[FIELD_LIMBS], const uint64_t t[FIELD_LIMBS + 1])
{
    for (int i = 0; i < FIELD_LIMBS; i++)
        x[i] = (t[i] >> STEPS) | (t[i + 1] << (64 - STEPS));
}

/* (a, f, g) <- ((a f + b g) / 2^30) for the a row; returns 1 if the result was negated. */
static int update_ab(uint64_t out[FIELD_LIMBS], const uint64_t a[FIELD_LIMBS],
                     const uint64_t b[FIELD_LIMBS], int64_t f, int64_t g)
{
    uint64_t t[FIELD_LIMBS + 1];
    lin_wide(t, a, b, f, g);
    int neg = (int64_t)t[FIELD_LIMBS] < 0;
    if (neg)
        neg_wide(t);
    shr30(out, t); /* exact: the low 30 bits are 0 by construction */
    return neg;
}

/* out = (x f + y g) / 2^30 mod p, negated when neg; x, y < p; result < p. */
static void update_uv(uint64_t out[FIELD_LIMBS], const uint64_t x[FIELD_LIMBS],
                      const uint64_t y[FIELD_LIMBS], int64_t f, int64_t g, int neg)
{
    if (neg) {
        f = -f;
        g = -g;
    }
    uint64_t t[FIELD_LIMBS + 1];
    lin_wide(t, x, y, f, g); /* |t| < 2^31 p */
    uint64_t q = (t[0] * FIELD_PINV30) & ((1ULL << STEPS) - 1);
    /* t += q p: now t = 0 mod 2^30 */
    u128 acc = 0;
    for (int i = 0; i < FIELD_LIMBS; i++) {
        acc = (u128)q * FIELD_M[i] + t[i] + (acc >> 64);
        t[i] = (uint64_t)acc;
    }
    t[FIELD_LIMBS] += (uint64_t)(acc >> 64);
    /* signed t >> 30 (limbs + 1): |result| < 3p */
    int64_t top = (int64_t)t[FIELD_LIMBS];
    for (int i = 0; i < FIELD_LIMBS; i++)
        out[i] = (t[i] >> STEPS) | (t[i + 1] << (64 - STEPS));
    int64_t hi = top >> STEPS; /* the sign word of the shifted value: -1, 0 (or small) */
    /* bring into [0, p): add p while negative, subtract p while >= p */
    while (hi < 0) {
        hi += (int64_t)mont_add_raw(out, out, FIELD_M, FIELD_LIMBS);
    }
    while (hi > 0 || mont_geq(out, FIELD_M, FIELD_LIMBS)) {
        hi -= (int64_t)mont_sub_raw(out, out, FIELD_M, FIELD_LIMBS);
    }
}

/* 1 when x == 1. */
static int is_one(const uint64_t x[FIELD_LIMBS])
{
    uint64_t d = x[0] ^ 1;
    for (int i = 1; i < FIELD_LIMBS; i++)
        d |= x[i];
    return d == 0;
}

/* v = y^-1 mod p for the integer y < p (0 -> 0). Returns 0, or -1 if the loop did not end as
 * the analysis says it must (never observed; the caller then falls back to Fermat). */
static int bgcd_inverse(uint64_t v_out[FIELD_LIMBS], const uint64_t y[FIELD_LIMBS])
{
    uint64_t a[FIELD_LIMBS], b[FIELD_LIMBS], u[FIELD_LIMBS] = { 1 }, v[FIELD_LIMBS] = { 0 };
    for (int i = 0; i < FIELD_LIMBS; i++) {
        a[i] = y[i];
        b[i] = FIELD_M[i];
    }
    if (mont_is_zero(a, FIELD_LIMBS)) {
        for (int i = 0; i < FIELD_LIMBS; i++)
            v_out[i] = 0;
        return 0;
    }
    for (int outer = 0; outer < MAX_OUTER; outer++) {
        if (mont_is_zero(a, FIELD_LIMBS))
            break;
        int la = bit_length(a), lb = bit_length(b);
        int n = la > lb ? la : lb;
        if (n < 2 * (STEPS + 1))
            n = 2 * (STEPS + 1);
        /* low 30 bits and top 32 bits (from bit n - 32) of each, as 62-bit integers */
        uint64_t ha = bits32(a, n - 32), hb = bits32(b, n - 32);
        uint64_t xa = (a[0] & ((1ULL << STEPS) - 1)) | (ha << STEPS);
        uint64_t xb = (b[0] & ((1ULL << STEPS) - 1)) | (hb << STEPS);
        int64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        for (int j = 0; j < STEPS; j++) {
            /* branch-free step: if xa odd { if xa < xb swap; xa -= xb; f0 -= f1; g0 -= g1 }
             * then xa /= 2, f1 *= 2, g1 *= 2 */
            uint64_t odd = 0 - (xa & 1);
            uint64_t sw = odd & (0 - (uint64_t)(xa < xb));
            uint64_t t = (xa ^ xb) & sw;
            xa ^= t;
            xb ^= t;
            int64_t tf = (f0 ^ f1) & (int64_t)sw;
            f0 ^= tf;
            f1 ^= tf;
            int64_t tg = (g0 ^ g1) & (int64_t)sw;
            g0 ^= tg;
            g1 ^= tg;
            xa -= xb & odd;
            f0 -= f1 & (int64_t)odd;
            g0 -= g1 & (int64_t)odd;
            xa >>= 1;
            f1 *= 2;
            g1 *= 2;
        }
        uint64_t na[FIELD_LIMBS], nb[FIELD_LIMBS], nu[FIELD_LIMBS], nv[FIELD_LIMBS];
        int nega = update_ab(na, a, b, f0, g0);
        int negb = update_ab(nb, a, b, f1, g1);
        update_uv(nu, u, v, f0, g0, nega);
        update_uv(nv, u, v, f1, g1, negb);
        for (int i = 0; i < FIELD_LIMBS; i++) {
            a[i] = na[i];
            b[i] = nb[i];
            u[i] = nu[i];
            v[i] = nv[i];
        }
    }
    if (!mont_is_zero(a, FIELD_LIMBS) || !is_one(b))
        return -1;
    for (int i = 0; i < FIELD_LIMBS; i++)
        v_out[i] = v[i];
    return 0;
}

void FIELD_FN(inv)(FIELD_T *out, const FIELD_T *a)
{
    FIELD_T v;
    if (bgcd_inverse(v.l, a->l) != 0) {
        FIELD_FN(inv_fermat)(out, a);
        return;
    }
    FIELD_FN(mul)(out, &v, &FIELD_R3); /* (1/(x R)) R^3 / R = (1/x) R */
}
