/* arith/ifma/g2_ifma.c on BN254 (r52_curve.h): only the G2 subgroup test,
 * bn254_g2_ifma_in_subgroup of ifma.h (g_ifma_impl.h leaves BN254's bucket entry points out). */
#define G16K_IFMA_BN254 1
#include "../g2_ifma.c"
