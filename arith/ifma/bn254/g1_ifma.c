/* arith/ifma/g1_ifma.c on BN254 (r52_curve.h): bn254_g1_ifma_mul_glv and bn254_g1_ifma_butterfly
 * of ifma.h (g_ifma_impl.h's products; BN254 needs no G1 subgroup test and keeps its buckets
 * batch-affine). */
#define G16K_IFMA_BN254 1
#include "../g1_ifma.c"
