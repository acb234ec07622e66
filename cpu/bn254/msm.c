/* cpu/msm.c on BN254 (fr_sel.h): the MSM vtable on BN254's group tables (msm_groups.c) and Fr,
 * portable arithmetic only (no IFMA lanes, no endomorphism split yet). */
#define CPU_CURVE_BN254 1
#include "../msm.c"
