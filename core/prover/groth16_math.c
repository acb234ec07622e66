/*
 * Groth16 algebra of the core: blinding of the MSM results into a proof (snarkjs
 * groth16_prove.js, docs/proving.md, "The prover" step 5) on the reference arithmetic. The
 * verification equation is each curve's (core/curve/curve.h groth16_check).
 */
#include "internal.h"

static void g1_mul_affine(g1_jac_t *out, const g1_affine_t *p, const fr_t *k_canon)
{
    g1_jac_t t;
    g1_jac_from_affine(&t, p);
    g1_jac_mul(out, &t, k_canon->l, FR_LIMBS);
}

void groth16_assemble(groth16_proof *out, const zkey *zk, const g1_affine_t *a0,
                      const g1_affine_t *b1_0, const g2_affine_t *b2_0, const g1_affine_t *l0,
                      const g1_affine_t *h0, const fr_t *r_canon, const fr_t *s_canon)
{
    g1_jac_t pa, b1, pc, t;
    g2_jac_t pb, t2;
    fr_t rm, sm, rs, rs_canon;

    /* piA = A0 + alpha1 + r delta1 */
    g1_mul_affine(&pa, &zk->delta1, r_canon);
    g1_jac_add_affine(&pa, &pa, &zk->alpha1);
    g1_jac_add_affine(&pa, &pa, a0);

    /* piB = B2_0 + beta2 + s delta2 */
    g2_jac_from_affine(&t2, &zk->delta2);
    g2_jac_mul(&pb, &t2, s_canon->l, FR_LIMBS);
    g2_jac_add_affine(&pb, &pb, &zk->beta2);
    g2_jac_add_affine(&pb, &pb, b2_0);

    /* B1 = B1_0 + beta1 + s delta1 */
    g1_mul_affine(&b1, &zk->delta1, s_canon);
    g1_jac_add_affine(&b1, &b1, &zk->beta1);
    g1_jac_add_affine(&b1, &b1, b1_0);

    /* piC = L0 + H0 + s piA + r B1 - (r s) delta1 */
    fr_from_canon(&rm, r_canon);
    fr_from_canon(&sm, s_canon);
    fr_mul(&rs, &rm, &sm);
    fr_neg(&rs, &rs);
    fr_to_canon(&rs_canon, &rs);
    g1_mul_affine(&pc, &zk->delta1, &rs_canon);
    g1_jac_mul(&t, &pa, s_canon->l, FR_LIMBS);
    g1_jac_add(&pc, &pc, &t);
    g1_jac_mul(&t, &b1, r_canon->l, FR_LIMBS);
    g1_jac_add(&pc, &pc, &t);
    g1_jac_add_affine(&pc, &pc, l0);
    g1_jac_add_affine(&pc, &pc, h0);

    out->cv = &curve_bls12_381;
    g1_jac_to_affine(&out->a.bls12_381, &pa);
    g2_jac_to_affine(&out->b.bls12_381, &pb);
    g1_jac_to_affine(&out->c.bls12_381, &pc);
}
