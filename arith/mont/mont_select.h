/*
 * Private to arith/: which Montgomery multiplication fp.c and fr.c use (see
 * mont_select.c). MONT_USE_ADX is 1 when the mulx/adcx/adox assembly of mont_adx.h may run.
 */
#ifndef G16K_MONT_MONT_SELECT_H
#define G16K_MONT_MONT_SELECT_H

#include "mont_adx.h"

#if MONT_HAVE_ADX_ASM
/* 1 when the CPU has BMI2 and ADX and G16K_SIMD != "portable"; set by a constructor. */
extern int mont_cpu_adx __attribute__((visibility("hidden")));
#define MONT_USE_ADX __builtin_expect(mont_cpu_adx, 1)
#else
#define MONT_USE_ADX 0
#endif

#endif
