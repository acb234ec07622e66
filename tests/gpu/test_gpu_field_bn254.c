/* test_gpu_field.c on BN254: the kernels' BN254 build (kernel_host_bn254.c) against arith/bn254. */
#define TEST_GPU_FIELD_BN254
#include "test_gpu_field.c"
