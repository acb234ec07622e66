/* arith/ifma/ba_ifma.c on BN254 (r52_curve.h): the batch-affine bucket kernels
 * bn254_g1_/bn254_g2_ifma_ba_run of ifma.h, 6 limbs of 52 bits. */
#define G16K_IFMA_BN254 1
#include "../ba_ifma.c"
