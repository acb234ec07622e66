/*
 * Fp, the BLS12-381 base field: Montgomery arithmetic over six 64-bit limbs (R_p = 2^384),
 * instantiated from the one field source (mont/field_impl.h), with square roots (p = 3 mod 4,
 * so sqrt(a) = a^((p+1)/4)); fp_inv is the binary GCD of mont/inv_bgcd_impl.h, fp_inv_fermat
 * its reference. fp_mul and fp_sqr accept inputs below 2p as well as reduced ones (fp_lazy.h) and
 * always return reduced values. The environment variable G16K_SIMD=portable forces the
 * portable C multiplication (mont/mont_select.c).
 */
#include "field.h"

/* p, canonical */
const fp_t FP_MODULUS = { { 0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL, 0x6730d2a0f6b0f624ULL,
                            0x64774b84f38512bfULL, 0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL } };
/* 2^384 mod p */
const fp_t FP_ONE = { { 0x760900000002fffdULL, 0xebf4000bc40c0002ULL, 0x5f48985753c758baULL,
                        0x77ce585370525745ULL, 0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL } };
/* 2^768 mod p */
const fp_t FP_R2 = { { 0xf4df1f341c341746ULL, 0x0a76e6a609d104f1ULL, 0x8de5476c4c95b6d5ULL,
                       0x67eb88a9939d83c0ULL, 0x9a793e85b519952dULL, 0x11988fe592cae3aaULL } };
static const uint64_t P_LIMBS[FP_LIMBS] = { 0xb9feffffffffaaabULL, 0x1eabfffeb153ffffULL,
                                            0x6730d2a0f6b0f624ULL, 0x64774b84f38512bfULL,
                                            0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL };

/* p - 2, the Fermat inversion exponent */
static const uint64_t P_MINUS_2[FP_LIMBS] = { 0xb9feffffffffaaa9ULL, 0x1eabfffeb153ffffULL,
                                              0x6730d2a0f6b0f624ULL, 0x64774b84f38512bfULL,
                                              0x4b1ba7b6434bacd7ULL, 0x1a0111ea397fe69aULL };
/* (p + 1) / 4, the square-root exponent */
static const uint64_t P_PLUS_1_DIV_4[FP_LIMBS] = { 0xee7fbfffffffeaabULL, 0x07aaffffac54ffffULL,
                                                   0xd9cc34a83dac3d89ULL, 0xd91dd2e13ce144afULL,
                                                   0x92c6e9ed90d2eb35ULL, 0x0680447a8e5ff9a6ULL };

#define FIELD_FN(n) fp_##n
#define FIELD_CONST(n) FP_##n
#define FIELD_T fp_t
#define FIELD_LIMBS FP_LIMBS
#define FIELD_MINV 0x89f3fffcfffcfffdULL /* -p^-1 mod 2^64 */
#define FIELD_M P_LIMBS
#define FIELD_M_MINUS_2 P_MINUS_2
#define FIELD_SQRT_EXP P_PLUS_1_DIV_4
#define FIELD_CUSTOM_INV /* the binary GCD below */
#include "mont/field_impl.h"
/* fp_inv: the binary GCD (-p^-1 mod 2^30, R^3 mod p) */
#define FIELD_PINV30 0x3ffcfffdULL
static const fp_t FIELD_R3 = { { 0xed48ac6bd94ca1e0ULL, 0x315f831e03a7adf8ULL,
                                 0x9a53352a615e29ddULL, 0x34c04e5e921e1761ULL,
                                 0x2512d43565724728ULL, 0x0aa6346091755d4dULL } };
#include "mont/inv_bgcd_impl.h"
