/*
 * Fr, the BLS12-381 scalar field: Montgomery arithmetic over four 64-bit limbs (R_r = 2^256),
 * instantiated from the one field source (mont/field_impl.h), with the roots of unity of the
 * snarkjs/ffjavascript convention (docs/proving.md, "The domain": w[32] = 5^((r-1)/2^32)),
 * derived once and then read from a table.
 */
#include "field.h"

/* r, canonical */
const fr_t FR_MODULUS = { { 0xffffffff00000001ULL, 0x53bda402fffe5bfeULL, 0x3339d80809a1d805ULL,
                            0x73eda753299d7d48ULL } };
/* 2^256 mod r */
const fr_t FR_ONE = { { 0x00000001fffffffeULL, 0x5884b7fa00034802ULL, 0x998c4fefecbc4ff5ULL,
                        0x1824b159acc5056fULL } };
/* 2^512 mod r */
const fr_t FR_R2 = { { 0xc999e990f3f29c6dULL, 0x2b6cedcb87925c23ULL, 0x05d314967254398fULL,
                       0x0748d9d99f59ff11ULL } };
static const uint64_t R_LIMBS[FR_LIMBS] = { 0xffffffff00000001ULL, 0x53bda402fffe5bfeULL,
                                            0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL };
/* r - 2, the Fermat inversion exponent */
static const uint64_t R_MINUS_2[FR_LIMBS] = { 0xfffffffeffffffffULL, 0x53bda402fffe5bfeULL,
                                              0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL };
/* t = (r - 1) / 2^32 (odd); r - 1 = 2^32 * t */
static const uint64_t R_ODD_PART[FR_LIMBS] = { 0xfffe5bfeffffffffULL, 0x09a1d80553bda402ULL,
                                               0x299d7d483339d808ULL, 0x0000000073eda753ULL };

#define FIELD_FN(n) fr_##n
#define FIELD_CONST(n) FR_##n
#define FIELD_T fr_t
#define FIELD_LIMBS FR_LIMBS
#define FIELD_MINV 0xfffffffeffffffffULL /* -r^-1 mod 2^64 */
#define FIELD_M R_LIMBS
#define FIELD_M_MINUS_2 R_MINUS_2
#define FIELD_TWO_ADICITY FR_TWO_ADICITY
#define FIELD_ODD_PART R_ODD_PART
#define FIELD_NQR 5
#include "mont/field_impl.h"
