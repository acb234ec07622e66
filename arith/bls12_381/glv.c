/* GLV/GLS scalar multiplication: see glv.h. */
#include <string.h>

#include "glv.h"

typedef unsigned __int128 u128;

void glv_split(uint64_t k1[2], uint64_t k2[2], const uint64_t k[4])
{
    /* k = k2 x^2 + k1: k < r < x^4 makes k2 < x^2 < 2^128 (the sign of x vanishes in x^2) */
    const u128 x2 = (u128)BLS_X_ABS * BLS_X_ABS;
    const uint64_t d[2] = { (uint64_t)x2, (uint64_t)(x2 >> 64) };
    bigint_div_u128(k2, k1, k, d);
}

int glv_wnaf(int8_t d[GLV_DIGITS], unsigned __int128 v, int w)
{
    const int half = 1 << (w - 1), mask = (1 << w) - 1;
    int n = 0;
    memset(d, 0, GLV_DIGITS);
    for (; v; v >>= 1, n++) {
        if (!(v & 1))
            continue;
        int m = (int)(v & (u128)mask);
        int digit = m >= half ? m - (mask + 1) : m;
        d[n] = (int8_t)digit;
        v = digit > 0 ? v - (u128)digit : v + (u128)-digit;
    }
    return n;
}

void glv_scalar_set(glv_scalar *s, const fr_t *k)
{
    fr_t c;
    uint64_t k1[2], k2[2];
    fr_to_canon(&c, k);
    glv_split(k1, k2, c.l);
    int n1 = glv_wnaf(s->d[0], (u128)k1[1] << 64 | k1[0], 5);
    int n2 = glv_wnaf(s->d[1], (u128)k2[1] << 64 | k2[0], 5);
    s->len = n1 > n2 ? n1 : n2;
    explicit_bzero(&c, sizeof c); /* the scalar may be a secret (ptau contribute's tau^i) */
    explicit_bzero(k1, sizeof k1);
    explicit_bzero(k2, sizeof k2);
}

void glv_windows4(int8_t *d, unsigned __int128 v, int count)
{
    /* Without a branch: GCC 12 compiled the carry into one, which mispredicted about half the
     * windows (~250 ns a scalar, 2% of `ptau contribute`'s time) and took its way from the
     * digits of a secret scalar. (The products that use the digits still pick table rows by
     * them: the recoding alone is branch-free.) */
    unsigned carry = 0;
    for (int i = 0; i < count; i++) {
        unsigned w = (unsigned)(v & 15) + carry; /* 0..16 */
        v >>= 4;
        carry = (8u - w) >> 31; /* w > 8 */
        d[i] = (int8_t)((int)w - (int)(carry << 4));
    }
}

void glv_fixed_set(glv_fixed *s, const fr_t *k)
{
    fr_t c;
    uint64_t k1[2], k2[2];
    fr_to_canon(&c, k);
    glv_split(k1, k2, c.l);
    glv_windows4(s->d[0], (u128)k1[1] << 64 | k1[0], GLV_WINDOWS);
    glv_windows4(s->d[1], (u128)k2[1] << 64 | k2[0], GLV_WINDOWS);
    explicit_bzero(&c, sizeof c); /* the scalar may be a secret (ptau contribute's tau^i) */
    explicit_bzero(k1, sizeof k1);
    explicit_bzero(k2, sizeof k2);
}

/* [x^2] P on G1: -sigma(P) = (beta X, -Y, Z) in Jacobian coordinates (sigma scales x only). */
void g1_jac_x2_image(g1_jac_t *out, const g1_jac_t *p)
{
    g1_jac_sigma(out, p);
    g1_jac_neg(out, out);
}

/* [x^2] P on G2: psi^2(P). */
void g2_jac_x2_image(g2_jac_t *out, const g2_jac_t *p)
{
    g2_jac_psi2(out, p);
}

/* The two curves share the loop; the macro keeps one text for both (types and the image of Q). */
#define GLV_MUL(G, T)                                                                              \
    void G##_jac_mul_glv(T *out, const T *p, const glv_scalar *k)                                  \
    {                                                                                              \
        T tab[2][8], p2, acc;                                                                      \
        /* tab[0][i] = (2i + 1) P, tab[1][i] = (2i + 1) Q, Q = [x^2] P */                          \
        tab[0][0] = *p;                                                                            \
        G##_jac_dbl(&p2, p);                                                                       \
        for (int i = 1; i < 8; i++)                                                                \
            G##_jac_add(&tab[0][i], &tab[0][i - 1], &p2);                                          \
        for (int i = 0; i < 8; i++)                                                                \
            G##_jac_x2_image(&tab[1][i], &tab[0][i]);                                              \
        G##_jac_set_inf(&acc);                                                                     \
        for (int i = k->len - 1; i >= 0; i--) {                                                    \
            G##_jac_dbl(&acc, &acc);                                                               \
            for (int h = 0; h < 2; h++) {                                                          \
                int d = k->d[h][i];                                                                \
                if (d > 0) {                                                                       \
                    G##_jac_add(&acc, &acc, &tab[h][d >> 1]);                                      \
                } else if (d < 0) {                                                                \
                    T neg;                                                                         \
                    G##_jac_neg(&neg, &tab[h][(-d) >> 1]);                                         \
                    G##_jac_add(&acc, &acc, &neg);                                                 \
                }                                                                                  \
            }                                                                                      \
        }                                                                                          \
        *out = acc;                                                                                \
    }

GLV_MUL(g1, g1_jac_t)
GLV_MUL(g2, g2_jac_t)
