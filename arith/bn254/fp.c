/*
 * Fp, the BN254 base field: Montgomery arithmetic over four 64-bit limbs (R = 2^256),
 * instantiated from the one field source (mont/field_impl.h, and mont/inv_bgcd_impl.h for the
 * inverse), with square roots (p = 3 mod 4).
 * Constants derived from p with Python's integers and checked by the @noble/curves vectors
 * (tests/arith/vectors/bn254_fp.txt).
 */
#include "field.h"

/* p, canonical */
const bn254_fp_t BN254_FP_MODULUS = { { 0x3c208c16d87cfd47ULL, 0x97816a916871ca8dULL,
                                        0xb85045b68181585dULL, 0x30644e72e131a029ULL } };
/* 2^256 mod p */
const bn254_fp_t BN254_FP_ONE = { { 0xd35d438dc58f0d9dULL, 0x0a78eb28f5c70b3dULL,
                                    0x666ea36f7879462cULL, 0x0e0a77c19a07df2fULL } };
/* 2^512 mod p */
const bn254_fp_t BN254_FP_R2 = { { 0xf32cfc5b538afa89ULL, 0xb5e71911d44501fbULL,
                                   0x47ab1eff0a417ff6ULL, 0x06d89f71cab8351fULL } };
static const uint64_t P_LIMBS[BN254_FP_LIMBS] = { 0x3c208c16d87cfd47ULL, 0x97816a916871ca8dULL,
                                                  0xb85045b68181585dULL, 0x30644e72e131a029ULL };
/* p - 2, the Fermat inversion exponent */
static const uint64_t P_MINUS_2[BN254_FP_LIMBS] = { 0x3c208c16d87cfd45ULL, 0x97816a916871ca8dULL,
                                                    0xb85045b68181585dULL, 0x30644e72e131a029ULL };
/* (p + 1) / 4, the square-root exponent */
static const uint64_t P_PLUS_1_DIV_4[BN254_FP_LIMBS] = {
    0x4f082305b61f3f52ULL, 0x65e05aa45a1c72a3ULL, 0x6e14116da0605617ULL, 0x0c19139cb84c680aULL
};

#define FIELD_FN(n) bn254_fp_##n
#define FIELD_CONST(n) BN254_FP_##n
#define FIELD_T bn254_fp_t
#define FIELD_LIMBS BN254_FP_LIMBS
#define FIELD_MINV 0x87d20782e4866389ULL /* -p^-1 mod 2^64 */
#define FIELD_M P_LIMBS
#define FIELD_M_MINUS_2 P_MINUS_2
#define FIELD_SQRT_EXP P_PLUS_1_DIV_4
#define FIELD_CUSTOM_INV /* the binary GCD below */
#include "mont/field_impl.h"

/* inv: the binary GCD (-m^-1 mod 2^30, R^3 mod m) */
#define FIELD_PINV30 0x24866389ULL
static const bn254_fp_t FIELD_R3 = { { 0xb1cd6dafda1530dfULL, 0x62f210e6a7283db6ULL,
                                       0xef7f0b0c0ada0afbULL, 0x20fd6e902d592544ULL } };
#include "mont/inv_bgcd_impl.h"
