/*
 * G2 of BN254: y^2 = x^3 + b' over Fp2, b' = 3/(9 + u) (the D-twist of snarkjs's bn128 and
 * EIP-197). The group law is the one source of every group (curve/jac_impl.h); this file adds
 * the generator, psi and the subgroup test.
 *
 * Subgroup test: P in E'(Fp2) lies in G2 iff
 *     [x + 1] P + psi([x] P) + psi^2([x] P) = psi^3([2x] P),
 * psi(x, y) = (conj(x) cx, conj(y) cy) with cx = xi^((p-1)/3), cy = xi^((p-1)/2), xi = 9 + u:
 * one multiplication by the 63-bit x, three psi maps and four additions (the test
 * psi(P) = [6x^2] P, which it replaced, multiplies by the 127-bit 6x^2: twice the doublings).
 * Proof. psi is the p-power Frobenius of E seen through the twist, so it satisfies Frobenius's
 * equation psi^2 - [t] psi + [p] = 0 on E', with t = 6x^2 + 1; the endomorphisms Z[psi] commute.
 * The test is alpha(P) = O for alpha = (x + 1) + x psi + x psi^2 - 2x psi^3, which that
 * equation reduces to a + b psi with integers a, b (of 444 and 255 bits); its conjugate
 * (a + b t) - b psi gives alpha's norm N = a^2 + a b t + b^2 p, and alpha(P) = O implies
 * [N] P = O. #E'(Fp2) = r h2 with h2 = 2p - r = 2p mod r, which the prime r > 2 does not divide,
 * so r^2 does not divide #E'(Fp2) and the points of order r form one cyclic group, G2. N = r m
 * (888 bits) with gcd(m, r h2) = 1, so the order of such a P divides gcd(r m, r h2) = r: P is in
 * G2. Conversely on G2 psi acts as [p] and a + b p = 0 mod r, so alpha(P) = O there. Exact: no
 * probability, nothing assumed of P beyond being on the curve. (The test: Scott, "A note on
 * group membership tests for G1, G2 and GT on BLS pairing-friendly curves", eprint 2021/1130,
 * and El Housni, Guillevic, Piellard, eprint 2022/348, section 4, for BN curves; the norm
 * argument and its numbers checked here with Python integers from x.) The constants were
 * derived with Python integers and psi(G) = [6x^2] G checked there;
 * tests/arith/test_bn254_curve.c checks the test against @noble/curves's isTorsionFree on
 * points in and outside G2.
 */
#include "curve.h"

const bn254_g2_affine_t BN254_G2_GENERATOR = {
    /* x = 10857046999023057135944570762232829481370756359578518086990519993285655852781
     *   + 11559732032986387107991004021392285783925812861821192530917403151452391805634 u */
    { { { 0x8e83b5d102bc2026ULL, 0xdceb1935497b0172ULL, 0xfbb8264797811adfULL,
          0x19573841af96503bULL } },
      { { 0xafb4737da84c6140ULL, 0x6043dd5a5802d8c4ULL, 0x09e950fc52a02f86ULL,
          0x14fef0833aea7b6bULL } } },
    /* y = 8495653923123431417604973247489272438418190587263600148770280649306958101930
     *   + 4082367875863433681332203403145435568316851327593401208105741076214120093531 u */
    { { { 0x619dfa9d886be9f6ULL, 0xfe7fd297f59e9b78ULL, 0xff9e1a62231b7dfeULL,
          0x28fd7eebae9e4206ULL } },
      { { 0x64095b56c71856eeULL, 0xdc57f922327d3cbbULL, 0x55f935be33351076ULL,
          0x0da4a0e693fd6482ULL } } }
};

/* b' = 3/(9 + u) (Montgomery) */
static const bn254_fp2_t G2_B = { { { 0x3bf938e377b802a8ULL, 0x020b1b273633535dULL,
                                      0x26b7edf049755260ULL, 0x2514c6324384a86dULL } },
                                  { { 0x38e7ecccd1dcff67ULL, 0x65f0b37d93ce0d3eULL,
                                      0xd749d0dd22ac00aaULL, 0x0141b9ce4a688d4dULL } } };

/* psi constants (Montgomery): cx = xi^((p-1)/3), cy = xi^((p-1)/2) */
static const bn254_fp2_t PSI_CX = { { { 0xb5773b104563ab30ULL, 0x347f91c8a9aa6454ULL,
                                        0x7a007127242e0991ULL, 0x1956bcd8118214ecULL } },
                                    { { 0x6e849f1ea0aa4757ULL, 0xaa1c7b6d89f89141ULL,
                                        0xb6e713cdfae0ca3aULL, 0x26694fbb4e82ebc3ULL } } };
static const bn254_fp2_t PSI_CY = { { { 0xe4bbdd0c2936b629ULL, 0xbb30f162e133bacbULL,
                                        0x31a9d1b6f9645366ULL, 0x253570bea500f8ddULL } },
                                    { { 0xa1d77ce45ffe77c7ULL, 0x07affd117826d1dbULL,
                                        0x6d16bd27bb7edc6bULL, 0x2c87200285defeccULL } } };

/* the BN parameter x (63 bits) */
static const uint64_t X_BN[1] = { BN254_X };

static const bn254_fp2_t FP2_ONE = { { { 0xd35d438dc58f0d9dULL, 0x0a78eb28f5c70b3dULL,
                                         0x666ea36f7879462cULL, 0x0e0a77c19a07df2fULL } },
                                     { { 0 } } };

#define G_FN(n) bn254_g2_##n
#define G_AFF bn254_g2_affine_t
#define G_JAC bn254_g2_jac_t
#define F_FN(n) bn254_fp2_##n
#define F_T bn254_fp2_t
#define F_BYTES (2 * BN254_FP_BYTES)
#define G_F_ONE FP2_ONE
#define G_B G2_B
#include "curve/jac_impl.h"

void bn254_g2_affine_psi(bn254_g2_affine_t *out, const bn254_g2_affine_t *p)
{
    bn254_fp2_t x, y;
    bn254_fp2_conj(&x, &p->x);
    bn254_fp2_conj(&y, &p->y);
    bn254_fp2_mul(&out->x, &x, &PSI_CX); /* (0, 0) stays (0, 0) */
    bn254_fp2_mul(&out->y, &y, &PSI_CY);
}

void bn254_g2_jac_psi(bn254_g2_jac_t *out, const bn254_g2_jac_t *p)
{
    /* conj is a field automorphism: conj(X / Z^2) = conj(X) / conj(Z)^2, likewise for y */
    bn254_fp2_t x, y;
    bn254_fp2_conj(&x, &p->x);
    bn254_fp2_conj(&y, &p->y);
    bn254_fp2_conj(&out->z, &p->z);
    bn254_fp2_mul(&out->x, &x, &PSI_CX);
    bn254_fp2_mul(&out->y, &y, &PSI_CY);
}

int bn254_g2_affine_in_subgroup(const bn254_g2_affine_t *p)
{
    if (bn254_g2_affine_is_inf(p))
        return 1;
    bn254_g2_jac_t q, xq, lhs, t;
    bn254_g2_jac_from_affine(&q, p);
    bn254_g2_jac_mul(&xq, &q, X_BN, 1); /* [x] P */
    bn254_g2_jac_add(&lhs, &xq, &q);    /* [x + 1] P */
    bn254_g2_jac_psi(&t, &xq);          /* psi([x] P) */
    bn254_g2_jac_add(&lhs, &lhs, &t);
    bn254_g2_jac_psi(&t, &t); /* psi^2([x] P) */
    bn254_g2_jac_add(&lhs, &lhs, &t);
    bn254_g2_jac_psi(&t, &t); /* psi^3([x] P) */
    bn254_g2_jac_dbl(&t, &t); /* psi^3([2x] P) */
    return bn254_g2_jac_eq(&lhs, &t);
}
