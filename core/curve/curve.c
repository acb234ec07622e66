/* The core's table of curves (curve.h): lookup by the names and primes files give. */
#include "curve.h"

#include <ctype.h>
#include <string.h>

/* Every curve the core serves. */
static const curve *const CURVES[] = { &curve_bls12_381, &curve_bn254 };
#define N_CURVES (sizeof(CURVES) / sizeof(CURVES[0]))

/* snarkjs's getCurveFromName (curves.js): the name upper-cased with everything but letters and
 * digits dropped, then "BN128", "BN254" or "ALTBN128" is BN254 and "BLS12381" BLS12-381. */
static const struct {
    const char *norm;
    const curve *cv;
} NAMES[] = {
    { "BLS12381", &curve_bls12_381 },
    { "BN128", &curve_bn254 },
    { "BN254", &curve_bn254 },
    { "ALTBN128", &curve_bn254 },
};

const curve *curve_by_snarkjs(const char *s)
{
    char norm[16];
    size_t n = 0;
    for (; s && *s; s++) {
        if (!isalnum((unsigned char)*s))
            continue;
        if (n + 1 == sizeof(norm))
            return NULL; /* longer than any name */
        norm[n++] = (char)toupper((unsigned char)*s);
    }
    norm[n] = '\0';
    for (size_t i = 0; i < sizeof(NAMES) / sizeof(NAMES[0]); i++)
        if (strcmp(norm, NAMES[i].norm) == 0)
            return NAMES[i].cv;
    return NULL;
}

const curve *curve_by_r(const uint64_t r[CURVE_FR_LIMBS])
{
    for (size_t i = 0; i < N_CURVES; i++)
        if (memcmp(r, CURVES[i]->r, CURVE_FR_LIMBS * sizeof(uint64_t)) == 0)
            return CURVES[i];
    return NULL;
}

const curve *curve_by_p(const uint64_t *p, unsigned limbs)
{
    for (size_t i = 0; i < N_CURVES; i++)
        if (CURVES[i]->fp_limbs == limbs && memcmp(p, CURVES[i]->p, limbs * sizeof(uint64_t)) == 0)
            return CURVES[i];
    return NULL;
}

const curve *curve_by_fp_limbs(unsigned limbs)
{
    for (size_t i = 0; i < N_CURVES; i++)
        if (CURVES[i]->fp_limbs == limbs)
            return CURVES[i];
    return NULL;
}

void curve_to_xyz(const curve *cv, int deg, uint64_t c[3][2 * CURVE_FP_MAX_LIMBS], const void *p)
{
    if (deg == 1)
        cv->g1_to_xyz(c[0], c[1], c[2], p);
    else
        cv->g2_to_xyz(c[0], c[1], c[2], p);
}

const char *curve_snarkjs_names(void)
{
    return "\"bls12381\" or \"bn128\" (or a spelling snarkjs takes for them: \"bn254\", "
           "\"alt_bn128\", \"BLS12-381\")";
}

const curve *curve_by_id(uint32_t id)
{
    for (size_t i = 0; i < N_CURVES; i++)
        if (CURVES[i]->id == id)
            return CURVES[i];
    return NULL;
}
