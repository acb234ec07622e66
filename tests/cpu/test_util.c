/* Helpers for the CPU plugin tests (see test_util.h). */
#include "test_util.h"

#include <string.h>

uint64_t tu_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void tu_rand_canon(fr_t *canon, uint64_t *state)
{
    do {
        for (int i = 0; i < FR_LIMBS; i++)
            canon->l[i] = tu_rand(state);
        canon->l[3] &= 0x7fffffffffffffffull;
    } while (bigint_cmp(canon->l, FR_MODULUS.l, FR_LIMBS) >= 0);
}

void tu_rand_fr(fr_t *out, uint64_t *state)
{
    fr_t c;
    tu_rand_canon(&c, state);
    fr_from_canon(out, &c);
}

void tu_hex(fr_t *canon, const char *hex)
{
    memset(canon, 0, sizeof *canon);
    if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X'))
        hex += 2;
    size_t len = strlen(hex);
    for (size_t i = 0; i < len; i++) {
        char ch = hex[len - 1 - i];
        uint64_t v = ch <= '9' ? (uint64_t)(ch - '0') : (uint64_t)((ch | 0x20) - 'a' + 10);
        canon->l[i / 16] |= v << (4 * (i % 16));
    }
}

void tu_r_minus_1(fr_t *canon)
{
    *canon = FR_MODULUS;
    canon->l[0] -= 1; /* r is odd: no borrow */
}
