/*
 * Little-endian multi-limb integers: decimal parsing and printing and comparison. Used by the
 * Fp/Fr decimal wrappers and by the JSON readers/writers (snarkjs JSON holds canonical
 * decimal strings, docs/formats.md, "Encodings"). Schoolbook: multiply-add by 10 to parse, repeated
 * division by 10^19 to print; the endomorphism splits' division by a two-limb divisor is Knuth's
 * algorithm D.
 */
#include <stdlib.h>
#include <string.h>

#include "bigint.h"
#include "mont.h"

int bigint_from_dec(uint64_t *out, size_t n, const char *s)
{
    if (s == NULL || *s == '\0')
        return -1;
    uint64_t stackbuf[16];
    uint64_t *acc = n <= 16 ? stackbuf : calloc(n, sizeof *acc);
    if (acc == NULL)
        return -1;
    memset(acc, 0, n * sizeof *acc);
    int rc = 0;
    for (const char *c = s; *c; c++) {
        if (*c < '0' || *c > '9') {
            rc = -1;
            break;
        }
        /* acc = acc * 10 + digit */
        uint64_t carry = (uint64_t)(*c - '0');
        for (size_t i = 0; i < n; i++) {
            mont_u128 t = (mont_u128)acc[i] * 10 + carry;
            acc[i] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        if (carry != 0) {
            rc = -1;
            break;
        }
    }
    if (rc == 0)
        memcpy(out, acc, n * sizeof *acc);
    if (acc != stackbuf)
        free(acc);
    return rc;
}

void bigint_to_dec(char *buf, const uint64_t *a, size_t n)
{
    static const uint64_t chunk = 10000000000000000000ULL; /* 10^19 */
    uint64_t stackbuf[16];
    uint64_t *q = n <= 16 ? stackbuf : malloc(n * sizeof *q);
    if (q == NULL) {
        buf[0] = '\0';
        return;
    }
    memcpy(q, a, n * sizeof *q);
    size_t len = 0;
    size_t top = n; /* q[top..] are zero */
    for (;;) {
        while (top > 0 && q[top - 1] == 0)
            top--;
        /* q /= 10^19, rem = q mod 10^19 */
        uint64_t rem = 0;
        for (size_t i = top; i-- > 0;) {
            mont_u128 cur = ((mont_u128)rem << 64) | q[i];
            q[i] = (uint64_t)(cur / chunk);
            rem = (uint64_t)(cur % chunk);
        }
        while (top > 0 && q[top - 1] == 0)
            top--;
        /* emit the chunk's digits least significant first; pad to 19 unless it is the last */
        for (int d = 0; d < 19; d++) {
            buf[len++] = (char)('0' + rem % 10);
            rem /= 10;
            if (rem == 0 && top == 0)
                break;
        }
        if (top == 0)
            break;
    }
    buf[len] = '\0';
    for (size_t i = 0, j = len - 1; i < j; i++, j--) {
        char t = buf[i];
        buf[i] = buf[j];
        buf[j] = t;
    }
    if (q != stackbuf)
        free(q);
}

int bigint_cmp(const uint64_t *a, const uint64_t *b, size_t n)
{
    for (size_t i = n; i-- > 0;) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

/* The bit-serial division: any 0 < d < 2^128. Kept for a divisor below 2^64, which Knuth's
 * algorithm below would need a second shape for (no caller has one). */
static void div_bits(uint64_t q[2], uint64_t rem[2], const uint64_t k[4], const uint64_t d[2])
{
    /* The remainder stays below d < 2^128; doubling it may carry out of 128 bits, and then it
     * is certainly >= d, so subtracting d modulo 2^128 gives the true remainder. */
    const mont_u128 dd = (mont_u128)d[1] << 64 | d[0];
    mont_u128 r = 0, qq = 0;
    for (int bit = 255; bit >= 0; bit--) {
        int carry = (int)(r >> 127);
        r = r << 1 | ((k[bit / 64] >> (bit % 64)) & 1);
        qq <<= 1; /* qq < 2^128 by the caller's bound: its top bits stay 0 until bit 127 */
        if (carry || r >= dd) {
            r -= dd;
            qq |= 1;
        }
    }
    q[0] = (uint64_t)qq;
    q[1] = (uint64_t)(qq >> 64);
    rem[0] = (uint64_t)r;
    rem[1] = (uint64_t)(r >> 64);
}

/* One quotient digit of Knuth's algorithm D (TAOCP vol. 2, 4.3.1) for a normalised two-limb
 * divisor dn (top bit set): floor((r 2^64 + l) / dn) for r < dn, which fits 64 bits; *r becomes
 * the remainder. The estimate from the top limbs is never too small; for a two-limb divisor the
 * refinement with dn's low limb tests exactly qhat dn > r 2^64 + l, so it ends on the true digit
 * and Knuth's add-back step cannot happen. The remainder, below dn, is computed modulo 2^128. */
static uint64_t div_digit(mont_u128 *r, uint64_t l, mont_u128 dn)
{
    const uint64_t d1 = (uint64_t)(dn >> 64), d0 = (uint64_t)dn;
    mont_u128 qhat, rhat;
    if ((uint64_t)(*r >> 64) >= d1) { /* equal (r < dn): the estimate would not fit 64 bits */
        qhat = UINT64_MAX;
        rhat = *r - (mont_u128)d1 * UINT64_MAX;
    } else {
        qhat = *r / d1;
        rhat = *r - qhat * d1;
    }
    while (rhat >> 64 == 0 && qhat * d0 > (rhat << 64 | l)) {
        qhat--;
        rhat += d1;
    }
    *r = (*r << 64 | l) - qhat * d0 - ((qhat * d1) << 64);
    return (uint64_t)qhat;
}

void bigint_div_u128(uint64_t q[2], uint64_t rem[2], const uint64_t k[4], const uint64_t d[2])
{
    if (d[1] == 0) {
        div_bits(q, rem, k, d);
        return;
    }
    /* Normalise: shift d and k left until d's top bit is set; the quotient is unchanged and the
     * remainder comes out shifted. k < d 2^128 makes the shifted k's top limb 0 and its next two
     * below dn, so the quotient has the two digits computed here. */
    const int s = __builtin_clzll(d[1]);
    const mont_u128 dn = ((mont_u128)d[1] << 64 | d[0]) << s;
    uint64_t u[5];
    u[0] = k[0] << s;
    for (int i = 1; i < 4; i++)
        u[i] = s ? k[i] << s | k[i - 1] >> (64 - s) : k[i];
    u[4] = s ? k[3] >> (64 - s) : 0;
    mont_u128 r = (mont_u128)u[3] << 64 | u[2];
    if (u[4] != 0 || r >= dn) { /* the quotient does not fit 128 bits: outside the contract */
        div_bits(q, rem, k, d);
        return;
    }
    q[1] = div_digit(&r, u[1], dn);
    q[0] = div_digit(&r, u[0], dn);
    r >>= s;
    rem[0] = (uint64_t)r;
    rem[1] = (uint64_t)(r >> 64);
}
