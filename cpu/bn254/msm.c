/* cpu/msm.c on BN254 (fr_sel.h): the MSM vtable on BN254's group tables (msm_groups.c) and Fr;
 * batch-affine buckets on the IFMA lanes of arith/ifma/bn254 when the context chose IFMA, no
 * endomorphism split yet. */
#define CPU_CURVE_BN254 1
#include "../msm.c"
