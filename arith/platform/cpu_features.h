/*
 * The one CPU-feature probe of g16k: what the CPU has (CPUID) and the operating system enables
 * (XCR0 through XGETBV: without the YMM, opmask and ZMM state bits, AVX2 and AVX-512
 * instructions fault even on a CPU that has them; the same two-step test as libsodium's
 * runtime.c). Used by the Montgomery multiplication's mulx/ADX choice (mont/mont_select.c),
 * the IFMA lanes (ifma/ifma_available.c) and BLAKE3's kernels (core/util/blake3.c).
 */
#ifndef G16K_ARITH_CPU_FEATURES_H
#define G16K_ARITH_CPU_FEATURES_H

enum {
    CPU_BMI2_ADX = 1u << 0,   /* mulx, adcx, adox */
    CPU_AVX2 = 1u << 1,       /* with the OS saving YMM state */
    CPU_AVX512F = 1u << 2,    /* with the OS saving opmask and ZMM state */
    CPU_AVX512_IFMA = 1u << 3 /* AVX512F + DQ + BW + VL + IFMA, the set arith/ifma uses */
};

/* The CPU_* bits of this machine; 0 on other architectures. The environment (G16K_SIMD) is the
 * callers' business. Probed once and cached; thread-safe, cheap after the first call, and safe
 * in a constructor. */
unsigned cpu_features(void);

#endif
