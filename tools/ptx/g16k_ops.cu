/*
 * One-line kernels of g16k's device arithmetic (gpu/kernels/), one per -DOP_..., so that
 * tools/ptx/compare.sh counts the PTX instructions of each operation alone: the operands are
 * copied to registers first, as the MSM and NTT kernels hold them.
 */
#define G16K_ARITH_ONLY
#include "g16k.cl"
#if defined(OP_FPMUL)
extern "C" __global__ void k(fp *o, const fp *a, const fp *b)
{
    fp x = *a, y = *b, r;
    fp_mul(&r, &x, &y);
    *o = r;
}
#elif defined(OP_FP2MUL)
extern "C" __global__ void k(fp2 *o, const fp2 *a, const fp2 *b)
{
    fp2 x = *a, y = *b, r;
    fp2_mul(&r, &x, &y);
    *o = r;
}
#elif defined(OP_G1ADD)
extern "C" __global__ void k(g1_xyzz *o, const g1_affine *p)
{
    g1_xyzz r = *o;
    g1_affine q = *p;
    g1_xyzz_add_affine(&r, &q);
    *o = r;
}
#elif defined(OP_G2ADD)
extern "C" __global__ void k(g2_xyzz *o, const g2_affine *p)
{
    g2_xyzz r = *o;
    g2_affine q = *p;
    g2_xyzz_add_affine(&r, &q);
    *o = r;
}
#endif
