/*
 * Private to arith/: Montgomery multiplication for x86-64 CPUs with BMI2 (mulx) and ADX
 * (adcx/adox), as GCC/Clang inline assembly. fp.c (6 limbs, p) and fr.c (4 limbs, r) call these
 * only when mont_cpu_adx (mont_select.c) says the CPU has both extensions; the portable C of
 * mont.h stays the fallback and the reference (G16K_SIMD=portable selects it).
 *
 * Algorithm: the same no-carry CIOS as mont.h (Koc-Acar-Kaliski 1996; Botrel-El Housni,
 * eprint 2022/1400), one outer step per limb b[i]:
 *   multiply: (T0..T6) = (T0..T5) + a * b[i]    two carry chains: adox adds the low halves of
 *             the mulx products into T_j, adcx adds the high halves into T_(j+1), so the two
 *             additions of each limb do not wait on each other (Gueron, Krasnov, "Speeding up
 *             big-number squaring", 2012, and Intel's "New instructions supporting large integer
 *             arithmetic", 2012);
 *   reduce:   q = T0 * minv mod 2^64, (T0..T6) += q * m, which clears T0; the value shifts down
 *             one limb by renaming registers, not by moving them (the macros take the seven
 *             register names rotated by one per step).
 * Bounds: the running value stays below 3m (mont.h), so it fits N limbs between steps and N + 1
 * limbs within one; neither carry chain runs out of the top limb. The result is < 2m, and one
 * conditional subtraction (sub/sbb, then cmovc back to the unsubtracted value on borrow) makes
 * it fully reduced. Inputs: as mont_mul in mont.h (for p, a and b may each be below 2p).
 *
 * The assembly reads a and b through memory and writes out only after the last read, so out
 * may alias a or b. Measured on the shared Zen 5 dev VM (bench_field, thread CPU time, median
 * of 5): fp_mul 66 ns (original C) -> 54 ns (mont.h no-carry C) -> 44 ns (this; 39 ns with four
 * independent chains, close to the 72 mulx x ~0.47 ns that the VM sustains); fr_mul 40 -> 23 ns.
 * mont_mul_wide6_adx + mont_redc6_adx serve fp2.c's lazy-reduction Karatsuba (fp2_mul 134 ->
 * 128 ns).
 */
#ifndef G16K_MONT_MONT_ADX_H
#define G16K_MONT_MONT_ADX_H

/* Hand-laid inline assembly: one instruction a line, macros in columns. */
// clang-format off

#include <stdint.h>

#include "mont.h"

/* Optimized builds only: the templates need 13 of the 15 general registers (plus RIP-relative
 * memory operands for m and minv), which an unoptimized build (-O0, frame pointer, operands
 * kept in stack slots) cannot provide ("impossible constraints"). Debug builds run the
 * portable C, which computes the same values. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define MONT_HAVE_ADX_ASM 1

/* Register names for the asm templates. */
#define MA_R8 "%%r8"
#define MA_R9 "%%r9"
#define MA_R10 "%%r10"
#define MA_R11 "%%r11"
#define MA_R12 "%%r12"
#define MA_R13 "%%r13"
#define MA_R14 "%%r14"

/* One limb of a multiply-accumulate pass: T_lo += lo(x * rdx) (OF chain),
 * T_hi += hi(x * rdx) (CF chain); x is a memory operand. */
#define MA_MAC(x, Tlo, Thi)                                                                    \
    "mulx " x ", %%rax, %%rbx\n\t"                                                             \
    "adox %%rax, " Tlo "\n\t"                                                                  \
    "adcx %%rbx, " Thi "\n\t"

/* ---- 6 limbs ---- */

/* (T0..T6) = a * b[0] */
#define MA6_MUL_FIRST(T0, T1, T2, T3, T4, T5, T6)                                              \
    "mov 0(%[b]), %%rdx\n\t"                                                                   \
    "mulx 0(%[a]), " T0 ", " T1 "\n\t"                                                         \
    "mulx 8(%[a]), %%rax, " T2 "\n\t"                                                          \
    "add %%rax, " T1 "\n\t"                                                                    \
    "mulx 16(%[a]), %%rax, " T3 "\n\t"                                                         \
    "adc %%rax, " T2 "\n\t"                                                                    \
    "mulx 24(%[a]), %%rax, " T4 "\n\t"                                                         \
    "adc %%rax, " T3 "\n\t"                                                                    \
    "mulx 32(%[a]), %%rax, " T5 "\n\t"                                                         \
    "adc %%rax, " T4 "\n\t"                                                                    \
    "mulx 40(%[a]), %%rax, " T6 "\n\t"                                                         \
    "adc %%rax, " T5 "\n\t"                                                                    \
    "adc $0, " T6 "\n\t"

/* (T0..T6) = (T0..T5) + a * b[i]; boff = 8 i as a string */
#define MA6_MUL(boff, T0, T1, T2, T3, T4, T5, T6)                                              \
    "mov " boff "(%[b]), %%rdx\n\t"                                                            \
    "xor " T6 ", " T6 "\n\t" /* T6 = 0, CF = OF = 0 */                                         \
    MA_MAC("0(%[a])", T0, T1) MA_MAC("8(%[a])", T1, T2) MA_MAC("16(%[a])", T2, T3)             \
    MA_MAC("24(%[a])", T3, T4) MA_MAC("32(%[a])", T4, T5) MA_MAC("40(%[a])", T5, T6)           \
    "mov $0, %%eax\n\t"                                                                        \
    "adox %%rax, " T6 "\n\t"

/* (T0..T6) += (T0 minv mod 2^64) m; afterwards T0 = 0 and the value is T1..T6. */
#define MA6_RED(T0, T1, T2, T3, T4, T5, T6)                                                    \
    "mov " T0 ", %%rdx\n\t"                                                                    \
    "imul %[minv], %%rdx\n\t"                                                                  \
    "xor %%eax, %%eax\n\t" /* CF = OF = 0 */                                                   \
    MA_MAC("%[m]", T0, T1) MA_MAC("8+%[m]", T1, T2) MA_MAC("16+%[m]", T2, T3)                  \
    MA_MAC("24+%[m]", T3, T4) MA_MAC("32+%[m]", T4, T5) MA_MAC("40+%[m]", T5, T6)              \
    "mov $0, %%eax\n\t"                                                                        \
    "adox %%rax, " T6 "\n\t"

/* out = a b / 2^384 mod m (m: 6 limbs, top limb < 2^63 - 1; minv = -m^-1 mod 2^64). */
MONT_INLINE void mont_mul6_adx(uint64_t out[6], const uint64_t a[6], const uint64_t b[6],
                               const uint64_t m[6], const uint64_t *minv)
{
    const uint64_t *ap = a, *bp = b;
    __asm__ volatile(
        MA6_MUL_FIRST(MA_R8, MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14)
        MA6_RED(MA_R8, MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14)
        MA6_MUL("8", MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8)
        MA6_RED(MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8)
        MA6_MUL("16", MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9)
        MA6_RED(MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9)
        MA6_MUL("24", MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10)
        MA6_RED(MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10)
        MA6_MUL("32", MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11)
        MA6_RED(MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11)
        MA6_MUL("40", MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11, MA_R12)
        MA6_RED(MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11, MA_R12)
        /* t = (r14, r8, r9, r10, r11, r12) < 2m; s = t - m in (rax, rbx, rdx, r13, a, b) */
        "mov %%r14, %%rax\n\t"
        "sub %[m], %%rax\n\t"
        "mov %%r8, %%rbx\n\t"
        "sbb 8+%[m], %%rbx\n\t"
        "mov %%r9, %%rdx\n\t"
        "sbb 16+%[m], %%rdx\n\t"
        "mov %%r10, %%r13\n\t"
        "sbb 24+%[m], %%r13\n\t"
        "mov %%r11, %[a]\n\t"
        "sbb 32+%[m], %[a]\n\t"
        "mov %%r12, %[b]\n\t"
        "sbb 40+%[m], %[b]\n\t"
        /* borrow: t < m, keep t */
        "cmovc %%r14, %%rax\n\t"
        "cmovc %%r8, %%rbx\n\t"
        "cmovc %%r9, %%rdx\n\t"
        "cmovc %%r10, %%r13\n\t"
        "cmovc %%r11, %[a]\n\t"
        "cmovc %%r12, %[b]\n\t"
        "mov %%rax, 0(%[out])\n\t"
        "mov %%rbx, 8(%[out])\n\t"
        "mov %%rdx, 16(%[out])\n\t"
        "mov %%r13, 24(%[out])\n\t"
        "mov %[a], 32(%[out])\n\t"
        "mov %[b], 40(%[out])\n\t"
        : [a] "+&r"(ap), [b] "+&r"(bp)
        : [out] "r"(out), [m] "m"(*(const uint64_t(*)[6])m), [minv] "m"(*minv)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc", "memory");
}

/* t = a b as 12 limbs (no reduction), a, b < 2^384: the multiply passes of mont_mul6_adx, with
 * the finished low limb of each row stored instead of reduced away. */
MONT_INLINE void mont_mul_wide6_adx(uint64_t t[12], const uint64_t a[6], const uint64_t b[6])
{
    __asm__ volatile(
        MA6_MUL_FIRST(MA_R8, MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14)
        "mov %%r8, 0(%[t])\n\t"
        MA6_MUL("8", MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8)
        "mov %%r9, 8(%[t])\n\t"
        MA6_MUL("16", MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9)
        "mov %%r10, 16(%[t])\n\t"
        MA6_MUL("24", MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10)
        "mov %%r11, 24(%[t])\n\t"
        MA6_MUL("32", MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11)
        "mov %%r12, 32(%[t])\n\t"
        MA6_MUL("40", MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11, MA_R12)
        "mov %%r13, 40(%[t])\n\t"
        "mov %%r14, 48(%[t])\n\t"
        "mov %%r8, 56(%[t])\n\t"
        "mov %%r9, 64(%[t])\n\t"
        "mov %%r10, 72(%[t])\n\t"
        "mov %%r11, 80(%[t])\n\t"
        "mov %%r12, 88(%[t])\n\t"
        :
        : [t] "r"(t), [a] "r"(a), [b] "r"(b)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc", "memory");
}

/* out = t / 2^384 mod m, fully reduced, for a 12-limb t < m 2^384 (Montgomery reduction:
 * six reduce passes over the low half, then the high half added; the sum is < 2m). */
MONT_INLINE void mont_redc6_adx(uint64_t out[6], const uint64_t t[12], const uint64_t m[6],
                                const uint64_t *minv)
{
    const uint64_t *tp = t;
    __asm__ volatile(
        "mov 0(%[t]), %%r8\n\t"
        "mov 8(%[t]), %%r9\n\t"
        "mov 16(%[t]), %%r10\n\t"
        "mov 24(%[t]), %%r11\n\t"
        "mov 32(%[t]), %%r12\n\t"
        "mov 40(%[t]), %%r13\n\t"
        "xor %%r14, %%r14\n\t"
        MA6_RED(MA_R8, MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14)
        "xor %%r8, %%r8\n\t"
        MA6_RED(MA_R9, MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8)
        "xor %%r9, %%r9\n\t"
        MA6_RED(MA_R10, MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9)
        "xor %%r10, %%r10\n\t"
        MA6_RED(MA_R11, MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10)
        "xor %%r11, %%r11\n\t"
        MA6_RED(MA_R12, MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11)
        "xor %%r12, %%r12\n\t"
        MA6_RED(MA_R13, MA_R14, MA_R8, MA_R9, MA_R10, MA_R11, MA_R12)
        /* (r14, r8, r9, r10, r11, r12) <= m; add the high half: the sum is < 2m */
        "add 48(%[t]), %%r14\n\t"
        "adc 56(%[t]), %%r8\n\t"
        "adc 64(%[t]), %%r9\n\t"
        "adc 72(%[t]), %%r10\n\t"
        "adc 80(%[t]), %%r11\n\t"
        "adc 88(%[t]), %%r12\n\t"
        /* s = sum - m in (rax, rbx, rdx, r13, t, r15); on borrow keep the sum */
        "mov %%r14, %%rax\n\t"
        "sub %[m], %%rax\n\t"
        "mov %%r8, %%rbx\n\t"
        "sbb 8+%[m], %%rbx\n\t"
        "mov %%r9, %%rdx\n\t"
        "sbb 16+%[m], %%rdx\n\t"
        "mov %%r10, %%r13\n\t"
        "sbb 24+%[m], %%r13\n\t"
        "mov %%r11, %[t]\n\t"
        "sbb 32+%[m], %[t]\n\t"
        "mov %%r12, %%r15\n\t"
        "sbb 40+%[m], %%r15\n\t"
        "cmovc %%r14, %%rax\n\t"
        "cmovc %%r8, %%rbx\n\t"
        "cmovc %%r9, %%rdx\n\t"
        "cmovc %%r10, %%r13\n\t"
        "cmovc %%r11, %[t]\n\t"
        "cmovc %%r12, %%r15\n\t"
        "mov %%rax, 0(%[out])\n\t"
        "mov %%rbx, 8(%[out])\n\t"
        "mov %%rdx, 16(%[out])\n\t"
        "mov %%r13, 24(%[out])\n\t"
        "mov %[t], 32(%[out])\n\t"
        "mov %%r15, 40(%[out])\n\t"
        : [t] "+&r"(tp)
        : [out] "r"(out), [m] "m"(*(const uint64_t(*)[6])m), [minv] "m"(*minv)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc",
          "memory");
}

/* ---- 4 limbs ---- */

#define MA4_MUL_FIRST(T0, T1, T2, T3, T4)                                                      \
    "mov 0(%[b]), %%rdx\n\t"                                                                   \
    "mulx 0(%[a]), " T0 ", " T1 "\n\t"                                                         \
    "mulx 8(%[a]), %%rax, " T2 "\n\t"                                                          \
    "add %%rax, " T1 "\n\t"                                                                    \
    "mulx 16(%[a]), %%rax, " T3 "\n\t"                                                         \
    "adc %%rax, " T2 "\n\t"                                                                    \
    "mulx 24(%[a]), %%rax, " T4 "\n\t"                                                         \
    "adc %%rax, " T3 "\n\t"                                                                    \
    "adc $0, " T4 "\n\t"

#define MA4_MUL(boff, T0, T1, T2, T3, T4)                                                      \
    "mov " boff "(%[b]), %%rdx\n\t"                                                            \
    "xor " T4 ", " T4 "\n\t"                                                                   \
    MA_MAC("0(%[a])", T0, T1) MA_MAC("8(%[a])", T1, T2) MA_MAC("16(%[a])", T2, T3)             \
    MA_MAC("24(%[a])", T3, T4)                                                                 \
    "mov $0, %%eax\n\t"                                                                        \
    "adox %%rax, " T4 "\n\t"

#define MA4_RED(T0, T1, T2, T3, T4)                                                            \
    "mov " T0 ", %%rdx\n\t"                                                                    \
    "imul %[minv], %%rdx\n\t"                                                                  \
    "xor %%eax, %%eax\n\t"                                                                     \
    MA_MAC("%[m]", T0, T1) MA_MAC("8+%[m]", T1, T2) MA_MAC("16+%[m]", T2, T3)                  \
    MA_MAC("24+%[m]", T3, T4)                                                                  \
    "mov $0, %%eax\n\t"                                                                        \
    "adox %%rax, " T4 "\n\t"

/* out = a b / 2^256 mod m (m: 4 limbs, top limb < 2^63 - 1; a, b < m). */
MONT_INLINE void mont_mul4_adx(uint64_t out[4], const uint64_t a[4], const uint64_t b[4],
                               const uint64_t m[4], const uint64_t *minv)
{
    __asm__ volatile(
        MA4_MUL_FIRST(MA_R8, MA_R9, MA_R10, MA_R11, MA_R12)
        MA4_RED(MA_R8, MA_R9, MA_R10, MA_R11, MA_R12)
        MA4_MUL("8", MA_R9, MA_R10, MA_R11, MA_R12, MA_R8)
        MA4_RED(MA_R9, MA_R10, MA_R11, MA_R12, MA_R8)
        MA4_MUL("16", MA_R10, MA_R11, MA_R12, MA_R8, MA_R9)
        MA4_RED(MA_R10, MA_R11, MA_R12, MA_R8, MA_R9)
        MA4_MUL("24", MA_R11, MA_R12, MA_R8, MA_R9, MA_R10)
        MA4_RED(MA_R11, MA_R12, MA_R8, MA_R9, MA_R10)
        /* t = (r12, r8, r9, r10) < 2m; s = t - m in (rax, rbx, rdx, r11) */
        "mov %%r12, %%rax\n\t"
        "sub %[m], %%rax\n\t"
        "mov %%r8, %%rbx\n\t"
        "sbb 8+%[m], %%rbx\n\t"
        "mov %%r9, %%rdx\n\t"
        "sbb 16+%[m], %%rdx\n\t"
        "mov %%r10, %%r11\n\t"
        "sbb 24+%[m], %%r11\n\t"
        "cmovc %%r12, %%rax\n\t"
        "cmovc %%r8, %%rbx\n\t"
        "cmovc %%r9, %%rdx\n\t"
        "cmovc %%r10, %%r11\n\t"
        "mov %%rax, 0(%[out])\n\t"
        "mov %%rbx, 8(%[out])\n\t"
        "mov %%rdx, 16(%[out])\n\t"
        "mov %%r11, 24(%[out])\n\t"
        :
        : [out] "r"(out), [a] "r"(a), [b] "r"(b), [m] "m"(*(const uint64_t(*)[4])m),
          [minv] "m"(*minv)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "cc", "memory");
}

#else
#define MONT_HAVE_ADX_ASM 0
#endif

// clang-format on

#endif
