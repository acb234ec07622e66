/*
 * ifma_available(): may this process run the AVX-512 IFMA code of arith/ifma? (ifma.h)
 * CPUID says what the CPU has; XCR0 (XGETBV) says what the OS saves on a context switch: without
 * the opmask and ZMM state bits, AVX-512 instructions fault even on a CPU that has them (the same
 * two-step test as libsodium's runtime.c). Compiled for baseline x86-64, like the rest of the
 * plugin. The answer is computed once and cached; G16K_SIMD=portable forces 0, which is how tests
 * and users exercise the portable paths on IFMA machines.
 */
#include <cpuid.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ifma.h"

#define EBX7_AVX512F (1u << 16)
#define EBX7_AVX512DQ (1u << 17)
#define EBX7_AVX512IFMA (1u << 21)
#define EBX7_AVX512BW (1u << 30)
#define EBX7_AVX512VL (1u << 31)
#define ECX1_OSXSAVE (1u << 27)
/* XCR0: SSE (1), AVX (2), opmask (5), ZMM0-15 upper halves (6), ZMM16-31 (7). */
#define XCR0_AVX512_STATE 0xe6u

static uint64_t xgetbv0(void)
{
    uint32_t lo;
    uint32_t hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static int probe(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & ECX1_OSXSAVE))
        return 0;
    if ((xgetbv0() & XCR0_AVX512_STATE) != XCR0_AVX512_STATE)
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    const unsigned need =
        EBX7_AVX512F | EBX7_AVX512DQ | EBX7_AVX512IFMA | EBX7_AVX512BW | EBX7_AVX512VL;
    return (b & need) == need;
}

int ifma_available(void)
{
    /* Read on every call so that tests can flip it; the CPUID answer is cached. */
    const char *env = getenv("G16K_SIMD");
    if (env && strcmp(env, "portable") == 0)
        return 0;
    /* -1 = not probed yet; a race only probes twice with the same answer. */
    static atomic_int cached = -1;
    int v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v < 0) {
        v = probe();
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return v;
}
