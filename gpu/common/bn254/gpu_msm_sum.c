/* gpu_msm_sum.c built for BN254 (gpu_curve_sel.h): its symbols end in _bn254. */
#define GPU_CURVE_BN254
#include "../gpu_msm_sum.c"
