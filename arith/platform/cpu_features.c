/* The CPU-feature probe (cpu_features.h). */
#include "cpu_features.h"

#include <stdatomic.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

#define ECX1_OSXSAVE (1u << 27)
#define ECX1_AVX (1u << 28)
#define EBX7_AVX2 (1u << 5)
#define EBX7_BMI2 (1u << 8)
#define EBX7_AVX512F (1u << 16)
#define EBX7_AVX512DQ (1u << 17)
#define EBX7_ADX (1u << 19)
#define EBX7_AVX512IFMA (1u << 21)
#define EBX7_AVX512BW (1u << 30)
#define EBX7_AVX512VL (1u << 31)
/* XCR0: SSE (1), AVX (2), opmask (5), ZMM0-15 upper halves (6), ZMM16-31 (7). */
#define XCR0_AVX_STATE 0x06u
#define XCR0_AVX512_STATE 0xe6u

static uint64_t xgetbv0(void)
{
    uint32_t lo;
    uint32_t hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static unsigned probe(void)
{
    unsigned a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    const unsigned c1 = c;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    if ((b & EBX7_BMI2) && (b & EBX7_ADX))
        f |= CPU_BMI2_ADX;
    if (!(c1 & ECX1_OSXSAVE))
        return f;
    const uint64_t xcr0 = xgetbv0();
    if ((c1 & ECX1_AVX) && (b & EBX7_AVX2) && (xcr0 & XCR0_AVX_STATE) == XCR0_AVX_STATE)
        f |= CPU_AVX2;
    if ((xcr0 & XCR0_AVX512_STATE) != XCR0_AVX512_STATE || !(b & EBX7_AVX512F))
        return f;
    f |= CPU_AVX512F;
    const unsigned ifma =
        EBX7_AVX512F | EBX7_AVX512DQ | EBX7_AVX512IFMA | EBX7_AVX512BW | EBX7_AVX512VL;
    if ((b & ifma) == ifma)
        f |= CPU_AVX512_IFMA;
    return f;
}
#else
static unsigned probe(void)
{
    return 0;
}
#endif

unsigned cpu_features(void)
{
    /* -1 = not probed yet; a race only probes twice with the same answer. */
    static atomic_int cached = -1;
    int v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v < 0) {
        v = (int)probe();
        atomic_store_explicit(&cached, v, memory_order_relaxed);
    }
    return (unsigned)v;
}
