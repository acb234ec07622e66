/*
 * G2 of BLS12-381: y^2 = x^3 + 4(u + 1) over Fp2 (the M-twist). The group law is the one source
 * of every group (curve/jac_impl.h), as for G1; this file adds the generator, the endomorphism
 * psi and the subgroup test.
 *
 * Subgroup test (Scott, eprint 2021/1130, section 4): P in E'(Fp2) lies in G2 iff psi(P) = [x] P,
 * with the untwist-Frobenius-twist endomorphism psi(x, y) = (conj(x) cx, conj(y) cy),
 * cx = 1 / (u + 1)^((p - 1) / 3), cy = 1 / (u + 1)^((p - 1) / 2).
 * Proof. psi is the p-power Frobenius of E seen through the twist, so it satisfies Frobenius's
 * equation psi^2 - [t] psi + [p] = 0 with t = x + 1. If psi(P) = [x] P then
 * O = [x^2 - t x + p] P = [p - x] P, and p - x = h1 r (h1 = (x - 1)^2 / 3, the G1 cofactor), so
 * the order of P divides gcd(h1 r, #E'(Fp2)) = r gcd(h1, h2) = r, because the G2 cofactor
 * h2 = 13^2 23^2 2713 11953 262069 q (q a 448-bit prime) shares no prime with
 * h1 = 3 11^2 10177^2 859267^2 52437899^2. Conversely on G2 psi acts as [p] = [x] mod r. Exact, like
 * the G1 test. Cost: 63 doublings and 5 mixed additions (x < 0: [|x|] P + psi(P) == O).
 */
#include "curve.h"

const g2_affine_t G2_GENERATOR = {
    /* x = 0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8
     *   + 0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e u */
    { { { 0xf5f28fa202940a10ULL, 0xb3f5fb2687b4961aULL, 0xa1a893b53e2ae580ULL,
          0x9894999d1a3caee9ULL, 0x6f67b7631863366bULL, 0x058191924350bcd7ULL } },
      { { 0xa5a9c0759e23f606ULL, 0xaaa0c59dbccd60c3ULL, 0x3bb17e18e2867806ULL,
          0x1b1ab6cc8541b367ULL, 0xc2b6ed0ef2158547ULL, 0x11922a097360edf3ULL } } },
    /* y = 0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801
     *   + 0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be u */
    { { { 0x4c730af860494c4aULL, 0x597cfa1f5e369c5aULL, 0xe7e6856caa0a635aULL,
          0xbbefb5e96e0d495fULL, 0x07d3a975f0ef25a2ULL, 0x0083fd8e7e80dae5ULL } },
      { { 0xadc0fc92df64b05dULL, 0x18aa270a2b1461dcULL, 0x86adac6a3be4eba0ULL,
          0x79495c4ec93da33aULL, 0xe7175850a43ccaedULL, 0x0b2bc2a163de1bf2ULL } } }
};

/* b' = 4(u + 1) (Montgomery) */
static const fp2_t G2_B = {
    { { 0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL, 0xb1d37ebee6ba24d7ULL,
        0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL } },
    { { 0xaa270000000cfff3ULL, 0x53cc0032fc34000aULL, 0x478fe97a6b0a807fULL, 0xb1d37ebee6ba24d7ULL,
        0x8ec9733bbf78ab2fULL, 0x09d645513d83de7eULL } }
};

/* psi constants (Montgomery): cx = 1/(u+1)^((p-1)/3), cy = 1/(u+1)^((p-1)/2) */
static const fp2_t PSI_CX = { { { 0, 0, 0, 0, 0, 0 } },
                              { { 0x890dc9e4867545c3ULL, 0x2af322533285a5d5ULL,
                                  0x50880866309b7e2cULL, 0xa20d1b8c7e881024ULL,
                                  0x14e4f04fe2db9068ULL, 0x14e56d3f1564853aULL } } };
static const fp2_t PSI_CY = {
    { { 0x3e2f585da55c9ad1ULL, 0x4294213d86c18183ULL, 0x382844c88b623732ULL, 0x92ad2afd19103e18ULL,
        0x1d794e4fac7cf0b9ULL, 0x0bd592fc7d825ec8ULL } },
    { { 0x7bcfa7a25aa30fdaULL, 0xdc17dec12a927e7cULL, 0x2f088dd86b4ebef1ULL, 0xd1ca2087da74d4a7ULL,
        0x2da2596696cebc1dULL, 0x0e2b7eedbbfd87d2ULL } }
};

static const fp2_t FP2_ONE = { { { 0x760900000002fffdULL, 0xebf4000bc40c0002ULL,
                                   0x5f48985753c758baULL, 0x77ce585370525745ULL,
                                   0x5c071a97a256ec6dULL, 0x15f65ec3fa80e493ULL } },
                               { { 0 } } };

#define G_FN(n) g2_##n
#define G_AFF g2_affine_t
#define G_JAC g2_jac_t
#define F_FN(n) fp2_##n
#define F_T fp2_t
#define F_BYTES (2 * FP_BYTES)
#define G_F_ONE FP2_ONE
#define G_B G2_B
#include "curve/jac_impl.h"

void g2_jac_mul_x_abs(g2_jac_t *out, const g2_affine_t *p)
{
    g2_jac_t acc;
    g2_jac_from_affine(&acc, p); /* bit 63 of |x| */
    for (int bit = 62; bit >= 0; bit--) {
        g2_jac_dbl(&acc, &acc);
        if ((BLS_X_ABS >> bit) & 1)
            g2_jac_add_affine(&acc, &acc, p);
    }
    *out = acc;
}

int g2_affine_in_subgroup(const g2_affine_t *p)
{
    if (g2_affine_is_inf(p))
        return 1;
    g2_jac_t xp;
    g2_affine_t psi;
    g2_affine_psi(&psi, p);
    g2_jac_mul_x_abs(&xp, p);
    g2_jac_add_affine(&xp, &xp, &psi);
    return g2_jac_is_inf(&xp);
}

void g2_affine_psi(g2_affine_t *out, const g2_affine_t *p)
{
    fp2_conj(&out->x, &p->x);
    fp2_mul(&out->x, &out->x, &PSI_CX);
    fp2_conj(&out->y, &p->y);
    fp2_mul(&out->y, &out->y, &PSI_CY);
}

void g2_jac_psi2(g2_jac_t *out, const g2_jac_t *p)
{
    /* psi(psi(x)) = conj(conj(x) cx) cx = x N(cx) with the norm N(c) = c conj(c) in Fp, and the
     * same for y with cy; Jacobian: (X N(cx), Y N(cy), Z), as conj(conj(Z)) = Z. */
    fp2_t n;
    fp2_conj(&n, &PSI_CX);
    fp2_mul(&n, &n, &PSI_CX);
    fp2_mul_fp(&out->x, &p->x, &n.c0);
    fp2_conj(&n, &PSI_CY);
    fp2_mul(&n, &n, &PSI_CY);
    fp2_mul_fp(&out->y, &p->y, &n.c0);
    out->z = p->z;
}
