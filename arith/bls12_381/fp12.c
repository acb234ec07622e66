/*
 * The BLS12-381 tower above Fp2, xi = 1 + u: Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v),
 * an instantiation of the one tower source (curve/tower_impl.h), with this curve's Frobenius
 * constants.
 */
#include "tower.h"

/* gamma_k = (u + 1)^(k(p-1)/6), k = 1..5 (Montgomery) */
static const fp2_t FROB_GAMMA[5] = {
    { { { 0x07089552b319d465ULL, 0xc6695f92b50a8313ULL, 0x97e83cccd117228fULL,
          0xa35baecab2dc29eeULL, 0x1ce393ea5daace4dULL, 0x08f2220fb0fb66ebULL } },
      { { 0xb2f66aad4ce5d646ULL, 0x5842a06bfc497cecULL, 0xcf4895d42599d394ULL,
          0xc11b9cba40a8e8d0ULL, 0x2e3813cbe5a0de89ULL, 0x110eefda88847fafULL } } },
    { { { 0, 0, 0, 0, 0, 0 } },
      { { 0xcd03c9e48671f071ULL, 0x5dab22461fcda5d2ULL, 0x587042afd3851b95ULL,
          0x8eb60ebe01bacb9eULL, 0x03f97d6e83d050d2ULL, 0x18f0206554638741ULL } } },
    { { { 0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL,
          0xd1ca2087da74d4a7ULL, 0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL } },
      { { 0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL,
          0xd1ca2087da74d4a7ULL, 0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL } } },
    { { { 0x890dc9e4867545c3ULL, 0x2af322533285a5d5ULL, 0x50880866309b7e2cULL,
          0xa20d1b8c7e881024ULL, 0x14e4f04fe2db9068ULL, 0x14e56d3f1564853aULL } },
      { { 0, 0, 0, 0, 0, 0 } } },
    { { { 0x82d83cf50dbce43fULL, 0xa2813e53df9d018fULL, 0xc6f0caa53c65e181ULL,
          0x7525cf528d50fe95ULL, 0x4a85ed50f4798a6bULL, 0x171da0fd6cf8eebdULL } },
      { { 0x3726c30af242c66cULL, 0x7c2ac1aad1b6fe70ULL, 0xa04007fbba4b14a2ULL,
          0xef517c3266341429ULL, 0x0095ba654ed2226bULL, 0x02e370eccc86f7ddULL } } },
};

#define T6_FN(n) fp6_##n
#define T12_FN(n) fp12_##n
#define T6_T fp6_t
#define T12_T fp12_t
#define E_FN(n) fp2_##n
#define E_T fp2_t
#define T12_GAMMA FROB_GAMMA
#include "curve/tower_impl.h"
