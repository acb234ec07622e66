/* core/setup/ptau_pippenger.c on BN254 (curve_sel.h): the one source, built once per curve. */
#define SETUP_CURVE_BN254 1
#include "../ptau_pippenger.c"
