/*
 * The one source of a 4-limb Montgomery multiplication as an always-inlined function, for the
 * CPU plugin's NTT butterflies: out = a b / 2^256 mod m for m < 2^255, inputs and output fully
 * reduced, output may alias inputs; the mulx/adcx/adox assembly where mont_select.h allows it,
 * else the portable mont_mul. Why inlined: a field multiplication is ~23 ns, and its call and
 * return were a measurable share of a butterfly (see cpu/ntt.c). A field's header defines, then
 * includes this file (no include guard on purpose; it undefines them at its end):
 *   MUL4I_FN(name)  the functions' names, e.g. #define MUL4I_FN(n) fri_##n
 *   MUL4I_T         the element type (struct { uint64_t l[4]; })
 *   MUL4I_MOD       a static const uint64_t[4]: m, little-endian (read by the assembly)
 *   MUL4I_MINV      a static const uint64_t: -m^-1 mod 2^64
 * Only code linked with the arithmetic may include it (it reads the hidden mont_cpu_adx flag).
 */
/* Hand-laid inline assembly: one instruction a line, macros in columns. */
// clang-format off

#include "mont.h"
#include "mont_select.h"

#if MONT_HAVE_ADX_ASM
/* (T0..T4) = (T0..T3) + a * b[i] with a in the registers a0..a3 (mont_adx.h MA4_MUL reads a
 * from memory); boff = 8 i as a string. The reduction steps are mont_adx.h's MA4_RED, whose
 * operands (%[m], %[minv]) MUL4I_FN(mul_adx) names the same way. */
#define MUL4I_MAC_ROW(boff, T0, T1, T2, T3, T4)                                                      \
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
MONT_INLINE void MUL4I_FN(mul_adx)(MUL4I_T *out, const MUL4I_T *a, const MUL4I_T *b)
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
        MUL4I_MAC_ROW("8", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t0]")
        MA4_RED("%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t0]")
        MUL4I_MAC_ROW("16", "%[t2]", "%[t3]", "%[t4]", "%[t0]", "%[t1]")
        MA4_RED("%[t2]", "%[t3]", "%[t4]", "%[t0]", "%[t1]")
        MUL4I_MAC_ROW("24", "%[t3]", "%[t4]", "%[t0]", "%[t1]", "%[t2]")
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
        : [b] "r"(b->l), "m"(*(const uint64_t(*)[4])b->l), [m] "m"(MUL4I_MOD), [minv] "m"(MUL4I_MINV)
        : "rax", "rbx", "rdx", "cc");
    (void)t3;
    out->l[0] = a0;
    out->l[1] = a1;
    out->l[2] = a2;
    out->l[3] = a3;
}
#endif

MONT_INLINE void MUL4I_FN(mul)(MUL4I_T *out, const MUL4I_T *a, const MUL4I_T *b)
{
#if MONT_HAVE_ADX_ASM
    if (MONT_USE_ADX) {
        MUL4I_FN(mul_adx)(out, a, b);
        return;
    }
#endif
    mont_mul(out->l, a->l, b->l, MUL4I_MOD, MUL4I_MINV, 4);
}

// clang-format on

#undef MUL4I_FN
#undef MUL4I_T
#undef MUL4I_MOD
#undef MUL4I_MINV
