/*
 * Fr, the BN254 scalar field: Montgomery arithmetic over four 64-bit limbs (R = 2^256),
 * instantiated from the one field source (mont/field_impl.h, and mont/inv_bgcd_impl.h for the
 * inverse), with the roots of unity of the
 * snarkjs/ffjavascript convention: w[28] = 5^((r-1)/2^28)
 * = 19103219067921713944291392827692070036145651957329286315305642004821462161904, the value
 * snarkjs's bn128 FFT uses. Constants derived from r with Python's integers and checked by the
 * @noble/curves vectors (tests/arith/vectors/bn254_fr.txt).
 */
#include "field.h"

/* r, canonical */
const bn254_fr_t BN254_FR_MODULUS = { { 0x43e1f593f0000001ULL, 0x2833e84879b97091ULL,
                                        0xb85045b68181585dULL, 0x30644e72e131a029ULL } };
/* 2^256 mod r */
const bn254_fr_t BN254_FR_ONE = { { 0xac96341c4ffffffbULL, 0x36fc76959f60cd29ULL,
                                    0x666ea36f7879462eULL, 0x0e0a77c19a07df2fULL } };
/* 2^512 mod r */
const bn254_fr_t BN254_FR_R2 = { { 0x1bb8e645ae216da7ULL, 0x53fe3ab1e35c59e3ULL,
                                   0x8c49833d53bb8085ULL, 0x0216d0b17f4e44a5ULL } };
static const uint64_t R_LIMBS[BN254_FR_LIMBS] = { 0x43e1f593f0000001ULL, 0x2833e84879b97091ULL,
                                                  0xb85045b68181585dULL, 0x30644e72e131a029ULL };
/* r - 2, the Fermat inversion exponent */
static const uint64_t R_MINUS_2[BN254_FR_LIMBS] = { 0x43e1f593efffffffULL, 0x2833e84879b97091ULL,
                                                    0xb85045b68181585dULL, 0x30644e72e131a029ULL };
/* t = (r - 1) / 2^28 (odd) */
static const uint64_t R_ODD_PART[BN254_FR_LIMBS] = { 0x9b9709143e1f593fULL, 0x181585d2833e8487ULL,
                                                     0x131a029b85045b68ULL, 0x000000030644e72eULL };

#define FIELD_FN(n) bn254_fr_##n
#define FIELD_CONST(n) BN254_FR_##n
#define FIELD_T bn254_fr_t
#define FIELD_LIMBS BN254_FR_LIMBS
#define FIELD_MINV 0xc2e1f593efffffffULL /* -r^-1 mod 2^64 */
#define FIELD_M R_LIMBS
#define FIELD_M_MINUS_2 R_MINUS_2
#define FIELD_TWO_ADICITY BN254_FR_TWO_ADICITY
#define FIELD_ODD_PART R_ODD_PART
#define FIELD_NQR 5
#define FIELD_CUSTOM_INV /* the binary GCD below */
#include "mont/field_impl.h"

/* inv: the binary GCD (-m^-1 mod 2^30, R^3 mod m) */
#define FIELD_PINV30 0x2fffffffULL
static const bn254_fr_t FIELD_R3 = { { 0x5e94d8e1b4bf0040ULL, 0x2a489cbe1cfbb6b8ULL,
                                       0x893cc664a19fcfedULL, 0x0cf8594b7fcc657cULL } };
#include "mont/inv_bgcd_impl.h"
