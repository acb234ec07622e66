/*
 * G1 of BN254: y^2 = x^3 + 3 over Fp. The group law is the one source of every group
 * (curve/jac_impl.h); this file adds the generator and the subgroup test.
 *
 * Subgroup test. #E(Fp) = p + 1 - t with t = 6x^2 + 1, and p + 1 - t = r: the curve group has
 * prime order r, so every point on the curve is in G1 (cofactor 1) and the on-curve check that
 * every decoder's caller makes is the whole test.
 */
#include "curve.h"

const bn254_g1_affine_t BN254_G1_GENERATOR = {
    /* x = 1 (Montgomery) */
    { { 0xd35d438dc58f0d9dULL, 0x0a78eb28f5c70b3dULL, 0x666ea36f7879462cULL,
        0x0e0a77c19a07df2fULL } },
    /* y = 2 (Montgomery) */
    { { 0xa6ba871b8b1e1b3aULL, 0x14f1d651eb8e167bULL, 0xccdd46def0f28c58ULL,
        0x1c14ef83340fbe5eULL } }
};

/* b = 3 (Montgomery) */
static const bn254_fp_t G1_B = { { 0x7a17caa950ad28d7ULL, 0x1f6ac17ae15521b9ULL,
                                   0x334bea4e696bd284ULL, 0x2a1f6744ce179d8eULL } };

#define G_FN(n) bn254_g1_##n
#define G_AFF bn254_g1_affine_t
#define G_JAC bn254_g1_jac_t
#define F_FN(n) bn254_fp_##n
#define F_T bn254_fp_t
#define F_BYTES BN254_FP_BYTES
#define G_F_ONE BN254_FP_ONE
#define G_B G1_B
#include "curve/jac_impl.h"

int bn254_g1_affine_in_subgroup(const bn254_g1_affine_t *p)
{
    return bn254_g1_affine_is_on_curve(p);
}
