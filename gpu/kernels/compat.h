/*
 * compat.h: the one place where OpenCL C 1.2, CUDA C++ and a host C build differ for the g16k
 * device code.
 *
 * Every other file in gpu/kernels/ is written against these macros only, so the same text
 * builds as an OpenCL program (opencl/ embeds it, run-time compiled), as CUDA (the .cu files of
 * cuda/ #include it) and as plain C on the host (G16K_KERNELS_HOST defined: the tests run the
 * arithmetic and the plan kernels there, against the core's reference code). CUDA is detected
 * by __CUDACC__ (nvcc defines it).
 *   G16K_DEV      qualifier of a device helper function (none in OpenCL, __device__ in CUDA)
 *   G16K_KERNEL   qualifier of an entry point (__kernel / __global__)
 *   G16K_GLOBAL   address space of a kernel buffer argument (__global / generic)
 *   G16K_LOCAL    work-group shared memory (__local / __shared__)
 *   G16K_GID      flat global thread index along dimension 0 (host: the variable
 *                 g16k_host_gid, which the including test defines)
 *   G16K_UNROLL   unroll the next loop completely (its bounds are compile-time constants;
 *                 CUDA and host C, where it is what the counts and tests look at)
 *   u64, u32      fixed-width unsigned integers;  U64C(x): a 64-bit literal
 *   g16k_atomic_inc(p)  *p += 1 on a global u32, atomically; returns the old value
 *
 * Carry-chain primitives on 32-bit limbs, the vocabulary of field.cl. Under CUDA each is one
 * PTX instruction of inline assembly and the carry is the condition code CC.CF, which only these
 * .cc instructions read or write (PTX ISA 9.7.1 "Extended-Precision Integer Arithmetic
 * Instructions": add.cc, addc, sub.cc, subc, mad.cc, madc; 9.7.1.1-9.7.1.6 in ISA 8.x), so a
 * chain is a run of consecutive primitives. Under OpenCL and on the host each is plain C on an
 * explicit carry variable, g16k_cf, with the same semantics: a function that uses them starts
 * with G16K_CARRY, which declares it (and declares nothing under CUDA). d may be any of a, b, c.
 *   g16k_add_cc(d, a, b)        d = a + b,             CF = carry out
 *   g16k_addc_cc(d, a, b)       d = a + b + CF,        CF = carry out
 *   g16k_addc(d, a, b)          d = a + b + CF         (CF left undefined)
 *   g16k_sub_cc(d, a, b)        d = a - b,             CF = borrow out
 *   g16k_subc_cc(d, a, b)       d = a - b - CF,        CF = borrow out
 *   g16k_subc(d, a, b)          d = a - b - CF         (CF left undefined)
 *   g16k_mul_lo(d, a, b)        d = low 32 bits of a b       (no CF)
 *   g16k_mul_hi(d, a, b)        d = high 32 bits of a b      (no CF)
 *   g16k_mad_lo_cc(d, a, b, c)  d = lo(a b) + c,       CF = carry out
 *   g16k_madc_lo_cc(d, a, b, c) d = lo(a b) + c + CF,  CF = carry out
 *   g16k_mad_hi_cc(d, a, b, c)  d = hi(a b) + c,       CF = carry out
 *   g16k_madc_hi_cc(d, a, b, c) d = hi(a b) + c + CF,  CF = carry out
 * tests/gpu/ptx_primitives.sh compiles each CUDA form with nvcc and checks that it is exactly
 * its instruction; tests/gpu/test_gpu_field.c runs the C forms against the core's arithmetic.
 */
#ifndef G16K_KERNELS_COMPAT_H
#define G16K_KERNELS_COMPAT_H

#if defined(__CUDACC__)
typedef unsigned long long u64;
typedef unsigned int u32;
#define U64C(x) x##ULL
#define G16K_DEV __device__ __forceinline__
#define G16K_KERNEL __global__
#define G16K_GLOBAL
#define G16K_LOCAL __shared__
#define G16K_GID ((u64)blockIdx.x * blockDim.x + threadIdx.x)
#define G16K_UNROLL _Pragma("unroll")
#define g16k_atomic_inc(p) atomicAdd((p), 1u)

#define G16K_CARRY
#define G16K_PTX2_(op, d, a, b)                                                                    \
    asm volatile(op " %0, %1, %2;" : "=r"(d) : "r"((u32)(a)), "r"((u32)(b)))
#define G16K_PTX3_(op, d, a, b, c)                                                                 \
    asm volatile(op " %0, %1, %2, %3;" : "=r"(d) : "r"((u32)(a)), "r"((u32)(b)), "r"((u32)(c)))
#define g16k_add_cc(d, a, b) G16K_PTX2_("add.cc.u32", d, a, b)
#define g16k_addc_cc(d, a, b) G16K_PTX2_("addc.cc.u32", d, a, b)
#define g16k_addc(d, a, b) G16K_PTX2_("addc.u32", d, a, b)
#define g16k_sub_cc(d, a, b) G16K_PTX2_("sub.cc.u32", d, a, b)
#define g16k_subc_cc(d, a, b) G16K_PTX2_("subc.cc.u32", d, a, b)
#define g16k_subc(d, a, b) G16K_PTX2_("subc.u32", d, a, b)
#define g16k_mul_lo(d, a, b) G16K_PTX2_("mul.lo.u32", d, a, b)
#define g16k_mul_hi(d, a, b) G16K_PTX2_("mul.hi.u32", d, a, b)
#define g16k_mad_lo_cc(d, a, b, c) G16K_PTX3_("mad.lo.cc.u32", d, a, b, c)
#define g16k_madc_lo_cc(d, a, b, c) G16K_PTX3_("madc.lo.cc.u32", d, a, b, c)
#define g16k_mad_hi_cc(d, a, b, c) G16K_PTX3_("mad.hi.cc.u32", d, a, b, c)
#define g16k_madc_hi_cc(d, a, b, c) G16K_PTX3_("madc.hi.cc.u32", d, a, b, c)

#else /* OpenCL C, or C on the host */

#if defined(G16K_KERNELS_HOST)
#include <stdint.h>
typedef uint64_t u64;
typedef uint32_t u32;
#define U64C(x) x##ULL
#define G16K_DEV static inline
#define G16K_KERNEL static
#define G16K_GLOBAL
#define G16K_LOCAL
#define G16K_GID g16k_host_gid
#define G16K_UNROLL _Pragma("GCC unroll 16")
#define g16k_atomic_inc(p) ((*(p))++)
#else
typedef ulong u64;
typedef uint u32;
#define U64C(x) x##UL
#define G16K_DEV
#define G16K_KERNEL __kernel
#define G16K_GLOBAL __global
#define G16K_LOCAL __local
#define G16K_GID ((u64)get_global_id(0))
/* left to the OpenCL compiler: the loops' trip counts are constants, which it unrolls as far as
 * it finds worth it; a forced complete unroll made PoCL's run-time compile of every MSM kernel
 * several times slower for no gain on a CPU device */
#define G16K_UNROLL
#define g16k_atomic_inc(p) atomic_inc(p)
#endif

/* The carry (0 or 1) of the chain in progress; the 64-bit sums below never overflow. */
#define G16K_CARRY u32 g16k_cf = 0
#define G16K_SET_(d, expr)                                                                         \
    do {                                                                                           \
        u64 g16k_t_ = (expr);                                                                      \
        (d) = (u32)g16k_t_;                                                                        \
        g16k_cf = (u32)(g16k_t_ >> 32) & 1u;                                                       \
    } while (0)
#define G16K_LO_(a, b) ((u64)(u32)((u32)(a) * (u32)(b)))
#define G16K_HI_(a, b) (((u64)(u32)(a) * (u32)(b)) >> 32)
#define g16k_add_cc(d, a, b) G16K_SET_(d, (u64)(u32)(a) + (u32)(b))
#define g16k_addc_cc(d, a, b) G16K_SET_(d, (u64)(u32)(a) + (u32)(b) + g16k_cf)
#define g16k_addc(d, a, b) G16K_SET_(d, (u64)(u32)(a) + (u32)(b) + g16k_cf)
/* a - b - borrow as a 64-bit difference: bit 32 and above are set exactly when it is negative */
#define g16k_sub_cc(d, a, b) G16K_SET_(d, (u64)(u32)(a) - (u32)(b))
#define g16k_subc_cc(d, a, b) G16K_SET_(d, (u64)(u32)(a) - (u32)(b)-g16k_cf)
#define g16k_subc(d, a, b) G16K_SET_(d, (u64)(u32)(a) - (u32)(b)-g16k_cf)
#define g16k_mul_lo(d, a, b) ((d) = (u32)G16K_LO_(a, b))
#define g16k_mul_hi(d, a, b) ((d) = (u32)G16K_HI_(a, b))
#define g16k_mad_lo_cc(d, a, b, c) G16K_SET_(d, G16K_LO_(a, b) + (u32)(c))
#define g16k_madc_lo_cc(d, a, b, c) G16K_SET_(d, G16K_LO_(a, b) + (u32)(c) + g16k_cf)
#define g16k_mad_hi_cc(d, a, b, c) G16K_SET_(d, G16K_HI_(a, b) + (u32)(c))
#define g16k_madc_hi_cc(d, a, b, c) G16K_SET_(d, G16K_HI_(a, b) + (u32)(c) + g16k_cf)

/* Broken builds, for the tests of the self-test only (tests/opencl/selftest_faults.sh passes
 * them with $G16K_OPENCL_BUILD_OPTIONS): devices seen to get one primitive wrong on some
 * operands, which the known-answer MSMs and NTT did not notice.
 *   G16K_FAULT_MULHI: the high word of a product lost when it is below 256 (the kind of a real
 *     driver's mul_hi(0xff, 0xff00000000000001) = 0);
 *   G16K_FAULT_SUBC:  a subtraction's borrow in dropped when the limb it comes into is 0. */
#if defined(G16K_FAULT_MULHI)
#undef G16K_HI_
#define G16K_HI_(a, b)                                                                             \
    ((((u64)(u32)(a) * (u32)(b)) >> 32) < 256 ? 0 : ((u64)(u32)(a) * (u32)(b)) >> 32)
#endif
#if defined(G16K_FAULT_SUBC)
#undef g16k_subc_cc
#undef g16k_subc
#define g16k_subc_cc(d, a, b) G16K_SET_(d, (u64)(u32)(a) - (u32)(b) - ((u32)(a) ? g16k_cf : 0))
#define g16k_subc(d, a, b) G16K_SET_(d, (u64)(u32)(a) - (u32)(b) - ((u32)(a) ? g16k_cf : 0))
#endif
#endif

/* Token pasting for the templates (curve.cl, msm.cl are included once per group). */
#define G16K_CAT_(a, b) a##_##b
#define G16K_CAT(a, b) G16K_CAT_(a, b)

#endif
