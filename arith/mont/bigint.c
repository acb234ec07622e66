/*
 * Little-endian multi-limb integers: decimal parsing and printing and comparison. Used by the
 * Fp/Fr decimal wrappers and by the JSON readers/writers (snarkjs JSON holds canonical
 * decimal strings, docs/formats.md, "Encodings"). Schoolbook: multiply-add by 10 to parse, repeated
 * division by 10^19 to print.
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

void bigint_div_u128(uint64_t q[2], uint64_t rem[2], const uint64_t k[4], const uint64_t d[2])
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
