/*
 * ifma_available(): may this process run the AVX-512 IFMA code of arith/ifma? (ifma.h) The
 * CPU and the OS say (platform/cpu_features.h); G16K_SIMD=portable forces 0, which is how tests and
 * users exercise the portable paths on IFMA machines. Compiled for baseline x86-64.
 */
#include <stdlib.h>
#include <string.h>

#include "ifma.h"
#include "platform/cpu_features.h"

int ifma_available(void)
{
    /* Read on every call so that tests can flip it; the CPUID answer is cached. */
    const char *env = getenv("G16K_SIMD");
    if (env && strcmp(env, "portable") == 0)
        return 0;
    return (cpu_features() & CPU_AVX512_IFMA) != 0;
}
