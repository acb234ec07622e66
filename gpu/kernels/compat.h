/*
 * compat.h: the one place where OpenCL C 1.2 and CUDA C++ differ for the g16k device code.
 *
 * Every other file in gpu/kernels/ is written against these macros only, so the same text
 * builds as an OpenCL program (opencl/ embeds it, run-time compiled) and as CUDA (the .cu
 * files of cuda/ #include it). CUDA is detected by __CUDACC__ (nvcc defines it); anything
 * else is OpenCL C.
 *   G16K_DEV      qualifier of a device helper function (none in OpenCL, __device__ in CUDA)
 *   G16K_KERNEL   qualifier of an entry point (__kernel / __global__)
 *   G16K_GLOBAL   address space of a kernel buffer argument (__global / generic)
 *   G16K_LOCAL    work-group shared memory (__local / __shared__)
 *   G16K_GID      flat global thread index along dimension 0
 *   u64, u32      fixed-width unsigned integers;  U64C(x): a 64-bit literal
 *   g16k_mulhi64  high 64 bits of a 64x64-bit product (mul_hi / __umul64hi)
 *   g16k_atomic_inc(p)  *p += 1 on a global u32, atomically; returns the old value
 */
#ifndef G16K_KERNELS_COMPAT_H
#define G16K_KERNELS_COMPAT_H

#ifndef __CUDACC__
typedef ulong u64;
typedef uint u32;
#define U64C(x) x##UL
#define G16K_DEV
#define G16K_KERNEL __kernel
#define G16K_GLOBAL __global
#define G16K_LOCAL __local
#define G16K_GID ((u64)get_global_id(0))
#define g16k_mulhi64(a, b) mul_hi((u64)(a), (u64)(b))
#define g16k_atomic_inc(p) atomic_inc(p)
#else
typedef unsigned long long u64;
typedef unsigned int u32;
#define U64C(x) x##ULL
#define G16K_DEV __device__
#define G16K_KERNEL __global__
#define G16K_GLOBAL
#define G16K_LOCAL __shared__
#define G16K_GID ((u64)blockIdx.x * blockDim.x + threadIdx.x)
#define g16k_mulhi64(a, b) __umul64hi((u64)(a), (u64)(b))
#define g16k_atomic_inc(p) atomicAdd((p), 1u)
#endif

/* Token pasting for the templates (curve.cl, msm.cl are included once per group). */
#define G16K_CAT_(a, b) a##_##b
#define G16K_CAT(a, b) G16K_CAT_(a, b)

#endif
