/*
 * The same one-line kernels on sppark's types (supranational/sppark: ff/bls12-381.hpp, its Fp2,
 * ec/xyzz_t.hpp), for tools/ptx/compare.sh. sppark is not part of g16k: the script compiles
 * this against a checkout given on its command line. sppark's Fp2 spreads one element over two
 * threads (fp2_t::mem_t), so its Fp2 and G2 rows count one thread's half of the work.
 */
#include <cstdint>
#include <ff/bls12-381-fp2.hpp>
#include <ec/xyzz_t.hpp>
#include <ec/affine_t.hpp>
#undef inline
#undef asm
using namespace bls12_381;
#if defined(OP_FPMUL)
extern "C" __global__ void k(fp_t *o, const fp_t *a, const fp_t *b)
{
    fp_t x = a[0], y = b[0];
    o[0] = x * y;
}
#elif defined(OP_FP2MUL)
extern "C" __global__ void k(fp2_t::mem_t *o, const fp2_t::mem_t *a, const fp2_t::mem_t *b)
{
    fp2_t x = a[0], y = b[0];
    o[0] = x * y;
}
#elif defined(OP_G1ADD)
typedef xyzz_t<fp_t> bucket_t;
extern "C" __global__ void k(bucket_t *o, const bucket_t::affine_t *p)
{
    bucket_t r = o[0];
    r.add(p[0]);
    o[0] = r;
}
#elif defined(OP_G2ADD)
typedef xyzz_t<fp2_t> bucket_t;
extern "C" __global__ void k(bucket_t::mem_t *o, const bucket_t::affine_t::mem_t *p)
{
    bucket_t r = o[0];
    bucket_t::affine_t q = p[0];
    r.add(q);
    o[0] = r;
}
#endif
