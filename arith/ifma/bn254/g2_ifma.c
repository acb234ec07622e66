/* arith/ifma/g2_ifma.c on BN254 (r52_curve.h): the G2 subgroup test and the products,
 * bn254_g2_ifma_in_subgroup, _mul_glv and _butterfly of ifma.h (g_ifma_impl.h leaves BN254's
 * Jacobian bucket entry points out: its buckets are batch-affine). */
#define G16K_IFMA_BN254 1
#include "../g2_ifma.c"
