/* kernels.cu built for BN254 (gpu/kernels/field.cl's constants; its launch by kernel id is
 * cuda_launch_curve_bn254). */
#define G16K_CURVE_BN254
#include "kernels.cu"
