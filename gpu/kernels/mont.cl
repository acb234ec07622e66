/*
 * mont.cl: the n-limb Montgomery arithmetic of field.cl, a template included once per field with
 *   MONT          = fr | fp     (prefix of the generated names: fr_mont_mul, ...)
 *   MONT_N        = 8 | 12      (32-bit limbs; even)
 *   MONT_MOD_INIT, MONT_INV     (the modulus as an array initialiser, -m^-1 mod 2^32)
 * so that every loop has a constant trip count and unrolls completely into one straight chain
 * of primitives (an out-of-line function with n as an argument did not unroll under OpenCL).
 * The algorithms and the bounds they rely on are in field.cl's header.
 */
#define MN(name) G16K_CAT(MONT, name)

/* o = a b / R mod m (CIOS, field.cl); o may alias a or b */
G16K_DEV void MN(mont_mul)(u32 *o, const u32 *a, const u32 *b)
{
    const int n = MONT_N;
    const u32 m[MONT_N] = MONT_MOD_INIT, inv = MONT_INV;
    u32 x[MONT_N + 1], y[MONT_N + 1], q, t;
    G16K_CARRY;
    /* row 0: X = E, Y = O, nothing to add to yet */
    G16K_UNROLL
    for (int j = 0; j < n; j += 2) {
        g16k_mul_lo(x[j], a[j], b[0]);
        g16k_mul_hi(x[j + 1], a[j], b[0]);
        g16k_mul_lo(y[j], a[j + 1], b[0]);
        g16k_mul_hi(y[j + 1], a[j + 1], b[0]);
    }
    x[n] = 0;
    y[n] = 0;
    G16K_UNROLL
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            /* V / w of the row before: X' = (X1 + Y0, X2..Xn), Y' = (Y1..Yn); the carry of
             * X1 + Y0 is at limb 1, which is Y'0: it enters the chain of O */
            g16k_add_cc(t, x[1], y[0]);
            G16K_UNROLL
            for (int j = 0; j < n; j += 2) {
                g16k_madc_lo_cc(y[j], a[j + 1], b[i], y[j + 1]);
                g16k_madc_hi_cc(y[j + 1], a[j + 1], b[i], y[j + 2]);
            }
            g16k_addc(y[n], 0, 0);
            g16k_mad_lo_cc(x[0], a[0], b[i], t);
            g16k_madc_hi_cc(x[1], a[0], b[i], x[2]);
            G16K_UNROLL
            for (int j = 2; j < n; j += 2) {
                g16k_madc_lo_cc(x[j], a[j], b[i], x[j + 1]);
                g16k_madc_hi_cc(x[j + 1], a[j], b[i], x[j + 2]);
            }
            g16k_addc(x[n], 0, 0);
        }
        /* q = V0 -m^-1, then V += q m: limb 0 of X becomes 0 */
        g16k_mul_lo(q, x[0], inv);
        g16k_mad_lo_cc(x[0], q, m[0], x[0]);
        g16k_madc_hi_cc(x[1], q, m[0], x[1]);
        G16K_UNROLL
        for (int j = 2; j < n; j += 2) {
            g16k_madc_lo_cc(x[j], q, m[j], x[j]);
            g16k_madc_hi_cc(x[j + 1], q, m[j], x[j + 1]);
        }
        g16k_addc(x[n], x[n], 0);
        g16k_mad_lo_cc(y[0], q, m[1], y[0]);
        g16k_madc_hi_cc(y[1], q, m[1], y[1]);
        G16K_UNROLL
        for (int j = 2; j < n; j += 2) {
            g16k_madc_lo_cc(y[j], q, m[j + 1], y[j]);
            g16k_madc_hi_cc(y[j + 1], q, m[j + 1], y[j + 1]);
        }
        g16k_addc(y[n], y[n], 0);
    }
    /* V / w = X[1..n] + Y[0..n - 1] (< 2m < R: Y[n] and the carry out are 0), then one
     * conditional subtraction of m */
    u32 r[MONT_N], d[MONT_N], borrow;
    g16k_add_cc(r[0], x[1], y[0]);
    G16K_UNROLL
    for (int j = 1; j < n; j++)
        g16k_addc_cc(r[j], x[j + 1], y[j]);
    g16k_sub_cc(d[0], r[0], m[0]);
    G16K_UNROLL
    for (int j = 1; j < n; j++)
        g16k_subc_cc(d[j], r[j], m[j]);
    g16k_subc(borrow, 0, 0); /* all ones when r < m: keep r */
    G16K_UNROLL
    for (int j = 0; j < n; j++)
        o[j] = borrow ? r[j] : d[j];
}

/* o = a + b mod m (a, b < m < R / 2, so a + b does not carry out of n limbs) */
G16K_DEV void MN(mont_add)(u32 *o, const u32 *a, const u32 *b)
{
    const int n = MONT_N;
    const u32 m[MONT_N] = MONT_MOD_INIT;
    u32 s[MONT_N], d[MONT_N], borrow;
    G16K_CARRY;
    g16k_add_cc(s[0], a[0], b[0]);
    G16K_UNROLL
    for (int j = 1; j < n; j++)
        g16k_addc_cc(s[j], a[j], b[j]);
    g16k_sub_cc(d[0], s[0], m[0]);
    G16K_UNROLL
    for (int j = 1; j < n; j++)
        g16k_subc_cc(d[j], s[j], m[j]);
    g16k_subc(borrow, 0, 0);
    G16K_UNROLL
    for (int j = 0; j < n; j++)
        o[j] = borrow ? s[j] : d[j];
}

/* o = a - b mod m: a - b, plus m when that borrowed */
G16K_DEV void MN(mont_sub)(u32 *o, const u32 *a, const u32 *b)
{
    const int n = MONT_N;
    const u32 m[MONT_N] = MONT_MOD_INIT;
    u32 d[MONT_N], borrow;
    G16K_CARRY;
    g16k_sub_cc(d[0], a[0], b[0]);
    G16K_UNROLL
    for (int j = 1; j < n; j++)
        g16k_subc_cc(d[j], a[j], b[j]);
    g16k_subc(borrow, 0, 0);
    g16k_add_cc(o[0], d[0], m[0] & borrow);
    G16K_UNROLL
    for (int j = 1; j < n; j++)
        g16k_addc_cc(o[j], d[j], m[j] & borrow);
}

G16K_DEV int MN(mont_is_zero)(const u32 *a)
{
    const int n = MONT_N;
    u32 acc = 0;
    G16K_UNROLL
    for (int j = 0; j < n; j++)
        acc |= a[j];
    return acc == 0;
}

/* n / 2 little-endian 64-bit limbs of a kernel buffer <-> n 32-bit limbs */
G16K_DEV void MN(limbs_load)(u32 *o, G16K_GLOBAL const u64 *src)
{
    const int n = MONT_N;
    G16K_UNROLL
    for (int j = 0; j < n / 2; j++) {
        u64 v = src[j];
        o[2 * j] = (u32)v;
        o[2 * j + 1] = (u32)(v >> 32);
    }
}

G16K_DEV void MN(limbs_store)(G16K_GLOBAL u64 *dst, const u32 *a)
{
    const int n = MONT_N;
    G16K_UNROLL
    for (int j = 0; j < n / 2; j++)
        dst[j] = (u64)a[2 * j] | (u64)a[2 * j + 1] << 32;
}

#undef MN
