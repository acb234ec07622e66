/*
 * G1 of BLS12-381: y^2 = x^3 + 4 over Fp. The group law is the one source of every group
 * (curve/jac_impl.h: affine and Jacobian, EFD formulas for a = 0); this file adds the generator,
 * the endomorphism sigma and the subgroup test.
 *
 * Subgroup test (Scott, eprint 2021/1130, section 4): P in E(Fp) lies in G1 iff
 * [x^2] P + sigma(P) = O, with sigma(x, y) = (beta x, y), beta the cube root of unity below.
 * Proof. sigma is an automorphism with 1 + sigma + sigma^2 = 0: P, sigma(P), sigma^2(P) share y
 * and their x are the three roots of X^3 = y^2 - 4, so they lie on one horizontal line. If
 * sigma(P) = [l] P with l = -x^2, then O = P + sigma(P) + sigma^2(P) = [1 + l + l^2] P and
 * 1 + l + l^2 = x^4 - x^2 + 1 = r, so [r] P = O: P has order 1 or r, i.e. P in G1 (r^2 does not
 * divide #E(Fp) = h r, h = 3 11^2 10177^2 859267^2 52437899^2). Conversely on G1 sigma acts as
 * one of the two cube roots of unity mod r, and beta is chosen so that it is -x^2. The test is
 * exact: no probability, no assumption on P beyond being on the curve. Cost: [|x|] twice (the
 * bits of |x| have weight 6), 126 doublings and 10 additions, against 255 doublings and ~128
 * additions for [r] P.
 */
#include "curve.h"

const g1_affine_t G1_GENERATOR = {
    /* x = 0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb (Montgomery) */
    { { 0x5cb38790fd530c16ULL, 0x7817fc679976fff5ULL, 0x154f95c7143ba1c1ULL, 0xf0ae6acdf3d0e747ULL,
        0xedce6ecc21dbf440ULL, 0x120177419e0bfb75ULL } },
    /* y = 0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1 (Montgomery) */
    { { 0xbaac93d50ce72271ULL, 0x8c22631a7918fd8eULL, 0xdd595f13570725ceULL, 0x51ac582950405194ULL,
        0x0e1c8c3fad0059c0ULL, 0x0bbc3efc5008a26aULL } }
};

/* beta = 0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe,
 * a primitive cube root of unity in Fp (Montgomery form below); the one for which sigma acts on
 * G1 as multiplication by -x^2 (the other root, beta^2, gives x^2 - 1). */
static const fp_t G1_BETA = { { 0x30f1361b798a64e8ULL, 0xf3b8ddab7ece5a2aULL, 0x16a8ca3ac61577f7ULL,
                                0xc26a2ff874fd029bULL, 0x3636b76660701c6eULL,
                                0x051ba4ab241b6160ULL } };

/* b = 4 (Montgomery) */
static const fp_t G1_B = { { 0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL,
                             0xb1d37ebee6ba24d7ULL, 0x8ec9733bbf78ab2fULL,
                             0x09d645513d83de7eULL } };

#define G_FN(n) g1_##n
#define G_AFF g1_affine_t
#define G_JAC g1_jac_t
#define F_FN(n) fp_##n
#define F_T fp_t
#define F_BYTES FP_BYTES
#define G_F_ONE FP_ONE
#define G_B G1_B
#include "curve/jac_impl.h"

void g1_jac_mul_x_abs(g1_jac_t *out, const g1_affine_t *p)
{
    g1_jac_t acc;
    g1_jac_from_affine(&acc, p); /* bit 63 of |x| */
    for (int bit = 62; bit >= 0; bit--) {
        g1_jac_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1)
            g1_jac_add_affine(&acc, &acc, p);
    }
    *out = acc;
}

int g1_affine_in_subgroup(const g1_affine_t *p)
{
    if (g1_affine_is_inf(p))
        return 1;
    g1_jac_t q, t;
    g1_affine_t s;
    g1_jac_mul_x_abs(&q, p); /* [|x|] P */
    t = q;
    for (int bit = 62; bit >= 0; bit--) {
        g1_jac_dbl(&t, &t);
        if ((BLS_X_ABS >> bit) & 1)
            g1_jac_add(&t, &t, &q);
    } /* [|x|^2] P = [x^2] P */
    g1_affine_sigma(&s, p);
    g1_jac_add_affine(&t, &t, &s);
    return g1_jac_is_inf(&t);
}

void g1_affine_sigma(g1_affine_t *out, const g1_affine_t *p)
{
    fp_mul(&out->x, &p->x, &G1_BETA);
    out->y = p->y;
}

void g1_jac_sigma(g1_jac_t *out, const g1_jac_t *p)
{
    /* x = X / Z^2, so beta x = (beta X) / Z^2 */
    fp_mul(&out->x, &p->x, &G1_BETA);
    out->y = p->y;
    out->z = p->z;
}
