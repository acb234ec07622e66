/*
 * Fr multiplication as an always-inlined function, for the CPU plugin's NTT butterflies. Same
 * value and contract as fr_mul of field.h (Montgomery form, R_r = 2^256, inputs and output
 * fully reduced, output may alias inputs) and the same choice between the mulx/adcx/adox
 * assembly and the portable C (mont_select.h). Why: fr_mul is ~23 ns, and its call and return
 * were a measurable share of a butterfly (see cpu/ntt.c).
 * Only code linked with g16k_bls may include this (it reads the hidden mont_cpu_adx flag).
 */
#ifndef G16K_BLS12_381_FR_INLINE_H
#define G16K_BLS12_381_FR_INLINE_H

/* Hand-laid inline assembly: one instruction a line, macros in columns. */
// clang-format off

#include "field.h"
#include "mont/mont.h"
#include "mont/mont_select.h"

/* r and -r^-1 mod 2^64, this translation unit's own copies (RIP-relative in the assembly). */
static const uint64_t FRI_R[FR_LIMBS] = {0xffffffff00000001ULL, 0x53bda402fffe5bfeULL,
                                          0x3339d80809a1d805ULL, 0x73eda753299d7d48ULL};
static const uint64_t FRI_MINV = 0xfffffffeffffffffULL;

#if MONT_HAVE_ADX_ASM
/* (T0..T4) = (T0..T3) + a * b[i] with a in the registers a0..a3 (mont_adx.h MA4_MUL reads a
 * from memory); boff = 8 i as a string. The reduction steps are mont_adx.h's MA4_RED, whose
 * operands (%[m], %[minv]) fri_mul_adx names the same way. */
#define FRI_MUL(boff, T0, T1, T2, T3, T4)                                                      \
    "mov " boff "(%[b]), %%rdx\n\t"                                                            \
    "xor " T4 ", " T4 "\n\t"                                                                   \
    MA_MAC("%[a0]", T0, T1) MA_MAC("%[a1]", T1, T2) MA_MAC("%[a2]", T2, T3)                    \
    MA_MAC("%[a3]", T3, T4)                                                                    \
    "mov $0, %%eax\n\t"                                                                        \
    "adox %%rax, " T4 "\n\t"

/* out = a b / 2^256 mod r: mont_mul4_adx's algorithm (mont_adx.h) with a passed and the result
 * returned in registers, and no memory clobber: the compiler keeps the butterfly's values in
 * registers around it instead of storing and reloading them (perf: the store-to-load wait
 * before the first mulx was ~12% of the NTT). b is read from memory. */
MONT_INLINE void fri_mul_adx(fr_t *out, const fr_t *a, const fr_t *b)
{
    uint64_t a0 = a->l[0], a1 = a->l[1], a2 = a->l[2], a3 = a->l[3];
    uint64_t t0, t1, t2, t3, t4;
    __asm__(
        /* row 0: (t0..t4) = a * b[0] */
        "mov 0(%[b]), %%rdx\n\t"
        "mulx %[a0], %[t0], %[t1]\n\t"
        "mulx %[a1], %%rax, %[t2]\n\t"
        "add %%rax, %[t1]\n\t"
        "mulx %[a2], %%rax, %[t3]\n\t"
        "adc %%rax, %[t2]\n\t"
        "mulx %[a3], %%rax, %[t4]\n\t"
        "adc %%rax, %[t3]\n\t"
        "adc $0, %[t4]\n\t"
        MA4_RED("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
        FRI_MUL("8", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t0]")
        MA4_RED("%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t0]")
        FRI_MUL("16", "%[t2]", "%[t3]", "%[t4]", "%[t0]", "%[t1]")
        MA4_RED("%[t2]", "%[t3]", "%[t4]", "%[t0]", "%[t1]")
        FRI_MUL("24", "%[t3]", "%[t4]", "%[t0]", "%[t1]", "%[t2]")
        MA4_RED("%[t3]", "%[t4]", "%[t0]", "%[t1]", "%[t2]")
        /* t = (t4, t0, t1, t2) < 2r; s = t - r in (a0..a3); on borrow keep t */
        "mov %[t4], %[a0]\n\t"
        "sub %[m], %[a0]\n\t"
        "mov %[t0], %[a1]\n\t"
        "sbb 8+%[m], %[a1]\n\t"
        "mov %[t1], %[a2]\n\t"
        "sbb 16+%[m], %[a2]\n\t"
        "mov %[t2], %[a3]\n\t"
        "sbb 24+%[m], %[a3]\n\t"
        "cmovc %[t4], %[a0]\n\t"
        "cmovc %[t0], %[a1]\n\t"
        "cmovc %[t1], %[a2]\n\t"
        "cmovc %[t2], %[a3]\n\t"
        : [a0] "+&r"(a0), [a1] "+&r"(a1), [a2] "+&r"(a2), [a3] "+&r"(a3), [t0] "=&r"(t0),
          [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4)
        : [b] "r"(b->l), "m"(*(const uint64_t(*)[4])b->l), [m] "m"(FRI_R), [minv] "m"(FRI_MINV)
        : "rax", "rbx", "rdx", "cc");
    (void)t3;
    out->l[0] = a0;
    out->l[1] = a1;
    out->l[2] = a2;
    out->l[3] = a3;
}
#endif

MONT_INLINE void fri_mul(fr_t *out, const fr_t *a, const fr_t *b)
{
#if MONT_HAVE_ADX_ASM
    if (MONT_USE_ADX) {
        fri_mul_adx(out, a, b);
        return;
    }
#endif
    mont_mul(out->l, a->l, b->l, FRI_R, FRI_MINV, FR_LIMBS);
}

// clang-format on

#endif
