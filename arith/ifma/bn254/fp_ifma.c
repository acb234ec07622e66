/* arith/ifma/fp_ifma.c on BN254 (r52_curve.h): bn254_fp_ifma_* and bn254_fp2_ifma_* of ifma.h,
 * 6 limbs of 52 bits, for the tests and benchmarks of the BN254 lanes. */
#define G16K_IFMA_BN254 1
#include "../fp_ifma.c"
