/* test_fixed_base.c on BN254 (core/setup/curve_sel.h): the same test, built once per curve. */
#define SETUP_CURVE_BN254 1
#include "test_fixed_base.c"
