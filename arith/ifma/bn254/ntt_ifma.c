/* arith/ifma/ntt_ifma.c on BN254's Fr (r52_curve.h, vfr.h): bn254_fr_ifma_* of ifma.h. */
#define G16K_IFMA_BN254 1
#include "../ntt_ifma.c"
