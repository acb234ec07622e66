/*
 * Fp2 = Fp[u]/(u^2 + 1) of BN254, xi = 9 + u: an instantiation of the one Fp2 source
 * (curve/fp2_impl.h) over the BN254 base field.
 */
#include "tower.h"

#define E_FN(n) bn254_fp2_##n
#define E_T bn254_fp2_t
#define B_FN(n) bn254_fp_##n
#define B_T bn254_fp_t
#define B_BYTES BN254_FP_BYTES
#define B_ONE BN254_FP_ONE
#define E_NR_C0 9
#include "curve/fp2_impl.h"
