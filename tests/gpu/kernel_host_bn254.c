/* kernel_host.c built for BN254 (gpu/kernels/field.cl's BN254 constants): kh_bn254_* names. */
#define G16K_CURVE_BN254
#define KH(n) kh_bn254_##n
#include "kernel_host.c"
