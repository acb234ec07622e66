/* synthetic_circuit.c on BN254's Fr: the one source, built once per curve. */
#define SYNTH_CURVE_BN254 1
#include "synthetic_circuit.c"
