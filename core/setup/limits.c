/*
 * The sizes of a circuit's key that the zkey format and g16k bound (internal.h: setup_cir_power,
 * setup_coef_count, setup_check_limits): the domain of zkey_new.js and the u32 count of section
 * 4, checked before any work. No curve enters.
 */
#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

unsigned setup_cir_power(const r1cs *cs)
{
    /* zkey_new.js: log2(m + P + 1 - 1) + 1 with log2 = floor (0 for 0). */
    uint64_t v = (uint64_t)cs->n_constraints + cs->n_pub_out + cs->n_pub_in;
    unsigned k = 0;
    while (v >> (k + 1))
        k++;
    return k + 1;
}

uint64_t setup_coef_count(const r1cs *cs)
{
    uint64_t n = (uint64_t)cs->n_pub_out + cs->n_pub_in + 1;
    for (uint64_t c = 0; c < cs->n_constraints; c++)
        n += cs->lc[3 * c + 2] - cs->lc[3 * c]; /* the A and B terms of constraint c */
    return n;
}

int setup_check_limits(const r1cs *cs, const char *path)
{
    unsigned kp = setup_cir_power(cs);
    if (kp > SETUP_MAX_POWER)
        return err_set(G16K_EFORMAT,
                       "%s: %u constraints + %llu public + 1 need a domain of 2^%u, "
                       "above g16k's limit of 2^%u",
                       path, cs->n_constraints, (unsigned long long)cs->n_pub_out + cs->n_pub_in,
                       kp, SETUP_MAX_POWER);
    uint64_t n = setup_coef_count(cs);
    if (n > SETUP_MAX_COEFS)
        return err_set(G16K_EFORMAT,
                       "%s: %llu coefficients (terms of A and B, and nPublic + 1 rows) do not fit "
                       "the u32 count of the key's section 4 (at most %llu)",
                       path, (unsigned long long)n, (unsigned long long)SETUP_MAX_COEFS);
    return G16K_OK;
}
