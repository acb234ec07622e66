/* cpu/encoding.c on BN254's Fr (fr_sel.h): the plugin's one source, built once per curve. */
#define CPU_CURVE_BN254 1
#include "../encoding.c"
