/*
 * Private to arith/ifma: the eight-lane 64-bit vector primitives that the radix-2^52 arithmetic
 * (vfp.h) is written in. Two implementations of the same dozen operations and one 8 x 8
 * transpose:
 *   r52_vec_avx512.h  AVX-512F/IFMA intrinsics (the product build, g16k_ifma);
 *   r52_vec_emul.h    plain C with the exact vpmadd52luq/vpmadd52huq semantics (g16k_ifma_emul,
 *                     built only so that the algorithms are tested on CPUs without IFMA).
 * CMake picks one by defining G16K_R52_EMULATE for the emulation build; this is the only #if.
 */
#ifndef G16K_CPU_IFMA_R52_VEC_H
#define G16K_CPU_IFMA_R52_VEC_H

#include <stdint.h>

#define R52_MASK 0xfffffffffffffULL /* 2^52 - 1 */

/* The product build inlines and fully unrolls every limb loop so the limbs stay in registers
 * (GCC -O2 otherwise leaves the 8-round Montgomery loop rolled, with the accumulators on the
 * stack). The emulation build must not: unrolling loops of emulated 8-lane operations made
 * GCC take minutes per file. R52_UNROLL is used by vfp.h. */
#if defined(G16K_R52_EMULATE)
#define R52_INLINE static inline
#define R52_UNROLL
#include "r52_vec_emul.h"
#else
#define R52_INLINE static inline __attribute__((always_inline))
#define R52_UNROLL _Pragma("GCC unroll 16")
#include "r52_vec_avx512.h"
#endif

#endif
