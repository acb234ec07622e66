/*
 * The MSM helpers of test_util.h (random points, negations, base and scalar patterns) on the
 * test's curve: BLS12-381's groups, or BN254's where CPU_CURVE_BN254 is defined (through the name
 * map arith/bn254_as_bls12_381.h). Compiled into each MSM test executable with its own curve,
 * not into the shared test host.
 */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

#include "bls12_381/curve.h"
#ifdef CPU_CURVE_BN254
#include "bn254_as_bls12_381.h"
#endif

void tu_random_point(uint32_t id, uint8_t *out, uint64_t *seed)
{
    uint64_t k = tu_rand(seed) | 1;
    if (id == G16K_G1) {
        g1_jac_t p;
        g1_affine_t a;
        g1_jac_from_affine(&p, &G1_GENERATOR);
        g1_jac_mul(&p, &p, &k, 1);
        g1_jac_to_affine(&a, &p);
        g1_affine_to_bytes_canon(out, &a);
    } else {
        g2_jac_t p;
        g2_affine_t a;
        g2_jac_from_affine(&p, &G2_GENERATOR);
        g2_jac_mul(&p, &p, &k, 1);
        g2_jac_to_affine(&a, &p);
        g2_affine_to_bytes_canon(out, &a);
    }
}

void tu_neg_point(uint32_t id, uint8_t *out, const uint8_t *in)
{
    if (id == G16K_G1) {
        g1_affine_t a;
        if (g1_affine_from_bytes_canon(&a, in) != 0)
            abort(); /* a test's own point: never */
        g1_affine_neg(&a, &a);
        g1_affine_to_bytes_canon(out, &a);
    } else {
        g2_affine_t a;
        if (g2_affine_from_bytes_canon(&a, in) != 0)
            abort();
        g2_affine_neg(&a, &a);
        g2_affine_to_bytes_canon(out, &a);
    }
}

size_t tu_point_size(uint32_t id)
{
    return (id == G16K_G1 ? 2 : 4) * FP_BYTES;
}

/* Scalar patterns: 0 random, 1 witness-like (0, 1, random), 2 edges (0, 1, r - 1, 2, random). */
void tu_fill_scalars(fr_t *k, uint64_t n, int pattern, uint64_t *seed)
{
    fr_t rm1;
    tu_r_minus_1(&rm1);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t t = tu_rand(seed) % 5;
        memset(&k[i], 0, sizeof k[i]);
        if (pattern == 0 || (pattern == 1 && t >= 3) || (pattern == 2 && t == 4))
            tu_rand_canon(&k[i], seed);
        else if (pattern == 1)
            k[i].l[0] = t == 2;
        else if (t == 1)
            k[i].l[0] = 1;
        else if (t == 2)
            k[i] = rm1;
        else if (t == 3)
            k[i].l[0] = 2;
    }
}

/* Bases patterns: 0 random, 1 with repeats, negations and infinities. */
void tu_fill_bases(uint32_t id, uint8_t *b, uint64_t n, int pattern, uint64_t *seed)
{
    size_t sz = tu_point_size(id);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t t = tu_rand(seed) % 4;
        if (pattern == 0 || i == 0 || t == 0)
            tu_random_point(id, b + sz * i, seed);
        else if (t == 1)
            memcpy(b + sz * i, b + sz * (i / 2), sz); /* repeat */
        else if (t == 2)
            tu_neg_point(id, b + sz * i, b + sz * (i / 2)); /* negation */
        else
            memset(b + sz * i, 0, sz); /* infinity */
    }
}
