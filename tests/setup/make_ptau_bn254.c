/* make_ptau.c on BN254 (core/setup/curve_sel.h): the same tool, built once per curve. */
#define SETUP_CURVE_BN254 1
#include "make_ptau.c"
