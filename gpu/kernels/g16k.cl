/*
 * g16k.cl: the whole device program, in dependency order. opencl/cmake/embed.cmake inlines the
 * #include "..." lines below (recursively) into one string embedded in the OpenCL plugin;
 * cuda/kernels.cu #includes this file as it is. The curve and MSM templates are instantiated
 * once per group. One program serves one curve: BLS12-381's, or BN254's when G16K_CURVE_BN254 is
 * defined (field.cl's constants); the plugins build it once per curve.
 */
#include "compat.h"
#include "field.cl"

#define CURVE g1
#define FE fp
#define FE_LIMBS FP_WORDS
#define FE_NEG fp_neg
#include "curve.cl"
#ifndef G16K_ARITH_ONLY /* the arithmetic alone: tools/ptx counts its instructions */
#include "msm.cl"
#endif
#undef CURVE
#undef FE
#undef FE_LIMBS
#undef FE_NEG

#define CURVE g2
#define FE fp2
#define FE_LIMBS (2 * FP_WORDS)
#define FE_NEG fp2_neg
#include "curve.cl"
#ifndef G16K_ARITH_ONLY
#include "msm.cl"
#endif
#undef CURVE
#undef FE
#undef FE_LIMBS
#undef FE_NEG

#ifndef G16K_ARITH_ONLY
#include "ntt.cl"
#include "plan.cl"
#include "selftest.cl"
#endif
