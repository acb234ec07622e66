/*
 * Chooses, once at load time, between the portable C Montgomery multiplication (mont.h) and the
 * mulx/adcx/adox assembly (mont_adx.h) for fp.c and fr.c. The assembly runs only when CPUID
 * leaf 7 reports both BMI2 (EBX bit 8) and ADX (EBX bit 19) and the environment variable
 * G16K_SIMD is not "portable". A constructor sets the flag before main (or at dlopen of a
 * plugin that links g16k_bls); until then, and on other architectures, the flag is 0 and the
 * portable path runs, which computes the same values.
 */
#include <stdlib.h>
#include <string.h>

#include "mont_select.h"

#if MONT_HAVE_ADX_ASM
#include <cpuid.h>

int mont_cpu_adx;

static int cpu_has_bmi2_adx(void)
{
    unsigned eax, ebx, ecx, edx;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    (void)eax;
    (void)ecx;
    (void)edx;
    return (ebx & (1u << 8)) && (ebx & (1u << 19));
}

__attribute__((constructor)) static void mont_select_init(void)
{
    const char *env = getenv("G16K_SIMD");
    if (env != NULL && strcmp(env, "portable") == 0)
        return;
    mont_cpu_adx = cpu_has_bmi2_adx();
}
#endif
