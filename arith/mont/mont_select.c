/*
 * Chooses, once at load time, between the portable C Montgomery multiplication (mont.h) and the
 * mulx/adcx/adox assembly (mont_adx.h) for fp.c and fr.c. The assembly runs only when the CPU
 * has both BMI2 and ADX (platform/cpu_features.h) and the environment variable
 * G16K_SIMD is not "portable". A constructor sets the flag before main (or at dlopen of a
 * plugin that links g16k_bls); until then, and on other architectures, the flag is 0 and the
 * portable path runs, which computes the same values.
 */
#include <stdlib.h>
#include <string.h>

#include "mont_select.h"

#if MONT_HAVE_ADX_ASM
#include "platform/cpu_features.h"

int mont_cpu_adx;

__attribute__((constructor)) static void mont_select_init(void)
{
    const char *env = getenv("G16K_SIMD");
    if (env != NULL && strcmp(env, "portable") == 0)
        return;
    mont_cpu_adx = (cpu_features() & CPU_BMI2_ADX) != 0;
}
#endif
