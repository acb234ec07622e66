/*
 * Private to core/bls12_381: the curve parameter x shared by the subgroup tests (g1.c, g2.c)
 * and the pairing (pairing.c). x = -0xd201000000010000 (negative).
 */
#ifndef G16K_BLS12_381_CURVE_INTERNAL_H
#define G16K_BLS12_381_CURVE_INTERNAL_H

#include <stdint.h>

/* |x| */
#define BLS_X_ABS 0xd201000000010000ULL
/* x^2 = |x|^2 as two little-endian limbs (0xac45a4010001a4020000000100000000) */
static const uint64_t BLS_X_SQ[2] = {0x0000000100000000ULL, 0xac45a4010001a402ULL};

#endif
