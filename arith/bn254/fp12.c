/*
 * The BN254 tower above Fp2, xi = 9 + u: Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v), an
 * instantiation of the one tower source (curve/tower_impl.h), with this curve's Frobenius
 * constants (derived with Python integers; tests/arith/vectors/bn254_tower.txt checks them
 * through @noble/curves's Frobenius).
 */
#include "tower.h"

/* gamma_k = (9 + u)^(k(p-1)/6), k = 1..5 (Montgomery) */
static const bn254_fp2_t FROB_GAMMA[5] = {
    { { { 0xaf9ba69633144907ULL, 0xca6b1d7387afb78aULL, 0x11bded5ef08a2087ULL,
          0x02f34d751a1f3a7cULL } },
      { { 0xa222ae234c492d72ULL, 0xd00f02a4565de15bULL, 0xdc2ff3a253dfc926ULL,
          0x10a75716b3899551ULL } } },
    { { { 0xb5773b104563ab30ULL, 0x347f91c8a9aa6454ULL, 0x7a007127242e0991ULL,
          0x1956bcd8118214ecULL } },
      { { 0x6e849f1ea0aa4757ULL, 0xaa1c7b6d89f89141ULL, 0xb6e713cdfae0ca3aULL,
          0x26694fbb4e82ebc3ULL } } },
    { { { 0xe4bbdd0c2936b629ULL, 0xbb30f162e133bacbULL, 0x31a9d1b6f9645366ULL,
          0x253570bea500f8ddULL } },
      { { 0xa1d77ce45ffe77c7ULL, 0x07affd117826d1dbULL, 0x6d16bd27bb7edc6bULL,
          0x2c87200285defeccULL } } },
    { { { 0x7361d77f843abe92ULL, 0xa5bb2bd3273411fbULL, 0x9c941f314b3e2399ULL,
          0x15df9cddbb9fd3ecULL } },
      { { 0x5dddfd154bd8c949ULL, 0x62cb29a5a4445b60ULL, 0x37bc870a0c7dd2b9ULL,
          0x24830a9d3171f0fdULL } } },
    { { { 0xc970692f41690fe7ULL, 0xe240342127694b0bULL, 0x32bee66b83c459e8ULL,
          0x12aabced0ab08841ULL } },
      { { 0x0d485d2340aebfa9ULL, 0x05193418ab2fcc57ULL, 0xd3b0a40b8a4910f5ULL,
          0x2f21ebb535d2925aULL } } },
};

#define T6_FN(n) bn254_fp6_##n
#define T12_FN(n) bn254_fp12_##n
#define T6_T bn254_fp6_t
#define T12_T bn254_fp12_t
#define E_FN(n) bn254_fp2_##n
#define E_T bn254_fp2_t
#define T12_GAMMA FROB_GAMMA
#include "curve/tower_impl.h"
