/*
 * The curve a translation unit of core/setup is built for, under one set of names, so that each
 * per-curve source of setup and of the powers of tau is one text for every curve (as cpu/fr_sel.h
 * does for the CPU plugin, and arith/ for its fields): BLS12-381 by default, BN254 when
 * SETUP_CURVE_BN254 is defined (the files of core/setup/bn254/ include the sources with it).
 *
 * A BLS12-381 unit uses arith/bls12_381's names as they are. A BN254 unit sees the same names
 * mapped onto arith/bn254's by arith/bn254_as_bls12_381.h (fp_t is bn254_fp_t, g1_jac_add is
 * bn254_g1_jac_add, ...), plus the setup's own below; a name missing there is a type error (the
 * mapped types differ), never a silent BLS12-381 call. Every BLS12-381 header a setup source
 * includes is included here first, so its declarations keep their own names.
 *
 * Per curve, besides the names:
 *   SETUP_CURVE      the core's descriptor (core/curve/curve.h) of the unit's curve
 *   G1_BYTES, G2_BYTES  an affine point in the files (2 and 4 FP_BYTES)
 *   SETUP_FP_BITS, SETUP_FR_BITS  bit lengths of p and r (ffjavascript's fromRng masks)
 *   SETUP_SIMD()     whether the IFMA lanes serve this curve on this CPU: ifma_available() on
 *                    both; a BN254 unit's lane names (g1_ifma_*, g2_ifma_*) are ifma.h's BN254
 *                    ones, so the lane paths stay one text.
 *   glv_scalar, glv_fixed, glv_*_set, g1_jac_mul_glv, g2_jac_mul_glv: [k] P through the curve's
 *                    endomorphism (BLS12-381 glv.h; BN254 GLV on G1, GLS on G2, bn254/glv.h,
 *                    where both scalar types are bn254_glv_fixed).
 *   SETUP_OPS        the unit's curve's table of entry points (internal.h setup_curve_ops)
 *   SETUP_SYM(name)  the symbol of a per-curve function: name on BLS12-381, name##_bn254 on BN254;
 *                    internal.h's per-curve functions are renamed so below, so that both builds
 *                    of a source link into one library.
 */
#ifndef G16K_SETUP_CURVE_SEL_H
#define G16K_SETUP_CURVE_SEL_H

#include <stdint.h>
#include <stdlib.h>

#include "bls12_381/curve.h"
#include "bls12_381/glv.h"
#include "bls12_381/pairing.h"
#include "bn254/curve.h"
#include "bn254/glv.h"
#include "bn254/pairing.h"
#include "curve/curve.h"
#include "formats/point_decode.h"
#include "formats/r1cs.h"
#include "ifma.h"

#ifndef SETUP_CURVE_BN254

#define SETUP_CURVE (&curve_bls12_381)
#define G1_BYTES (2 * FP_BYTES)
#define G2_BYTES (4 * FP_BYTES)
#define SETUP_FP_BITS 381
#define SETUP_FR_BITS 255
#define SETUP_SIMD() ifma_available()
#define setup_pairing_product_is_one bls_pairing_product_is_one
#define SETUP_SYM(name) name
#define SETUP_OPS setup_ops_bls12_381

#else /* BN254 */

#define SETUP_CURVE (&curve_bn254)
#define SETUP_FP_BITS 254
#define SETUP_FR_BITS 254
#define SETUP_SIMD() ifma_available()
#define setup_pairing_product_is_one bn254_pairing_product_is_one
#define SETUP_SYM(name) name##_bn254
#define SETUP_OPS setup_ops_bn254

#include "bn254_as_bls12_381.h" /* fields and groups under arith/bls12_381's names */
#define G1_BYTES (2 * FP_BYTES)
#define G2_BYTES (4 * FP_BYTES)
#define zkey_point_g1 bn254_zkey_point_g1
#define zkey_point_g2 bn254_zkey_point_g2

/* an r1cs term's coefficient (formats/r1cs.h gives it as curve_scalar, BLS12-381's four limbs) */
static inline void setup_term_coef_bn254(bn254_fr_t *out, const uint8_t *term)
{
    curve_scalar c;
    r1cs_term_coef(&c, term);
    for (int i = 0; i < BN254_FR_LIMBS; i++)
        out->l[i] = c.l[i];
}
#define r1cs_term_coef setup_term_coef_bn254

/* [k] P through the endomorphisms: the scalar kept canonical (bn254/glv.h bn254_glv_fixed),
 * split at each product; one type for the reference and the lanes. */
static inline void setup_g1_mul_glv_bn254(bn254_g1_jac_t *out, const bn254_g1_jac_t *p,
                                          const bn254_glv_fixed *s)
{
    bn254_g1_jac_mul_glv(out, p, s->k);
}
static inline void setup_g2_mul_gls_bn254(bn254_g2_jac_t *out, const bn254_g2_jac_t *p,
                                          const bn254_glv_fixed *s)
{
    bn254_g2_jac_mul_gls(out, p, s->k);
}
#define glv_scalar bn254_glv_fixed
#define glv_fixed bn254_glv_fixed
#define glv_scalar_set bn254_glv_fixed_set
#define glv_fixed_set bn254_glv_fixed_set
#define g1_jac_mul_glv setup_g1_mul_glv_bn254
#define g2_jac_mul_glv setup_g2_mul_gls_bn254

/* The IFMA lanes on BN254 (ifma.h's BN254 section). G1 has no lane subgroup test: its cofactor
 * is 1, so the stand-in decides nothing and the reference's test (the curve equation) runs. */
static inline unsigned setup_g1_lanes_in_subgroup_bn254(const bn254_g1_affine_t *pts, unsigned n)
{
    (void)pts, (void)n;
    return 0;
}
#define g1_ifma_ba_scratch_size bn254_g1_ifma_ba_scratch_size
#define g2_ifma_ba_scratch_size bn254_g2_ifma_ba_scratch_size
#define g1_ifma_aff_set bn254_g1_ifma_aff_set
#define g2_ifma_aff_set bn254_g2_ifma_aff_set
#define g1_ifma_aff_get bn254_g1_ifma_aff_get
#define g2_ifma_aff_get bn254_g2_ifma_aff_get
#define g1_ifma_ba_run bn254_g1_ifma_ba_run
#define g2_ifma_ba_run bn254_g2_ifma_ba_run
#define g1_ifma_mul_glv bn254_g1_ifma_mul_glv
#define g2_ifma_mul_glv bn254_g2_ifma_mul_glv
#define g1_ifma_butterfly bn254_g1_ifma_butterfly
#define g2_ifma_butterfly bn254_g2_ifma_butterfly
#define g1_ifma_mul_glv_aff bn254_g1_ifma_mul_glv_aff
#define g2_ifma_mul_glv_aff bn254_g2_ifma_mul_glv_aff
#define g1_ifma_mul_glv_aff_scratch bn254_g1_ifma_mul_glv_aff_scratch
#define g2_ifma_mul_glv_aff_scratch bn254_g2_ifma_mul_glv_aff_scratch
#define g1_ifma_in_subgroup setup_g1_lanes_in_subgroup_bn254
#define g2_ifma_in_subgroup bn254_g2_ifma_in_subgroup

/* internal.h's per-curve functions */
#define setup_cmd_run SETUP_SYM(setup_cmd_run)
#define ptau_cmd_new SETUP_SYM(ptau_cmd_new)
#define ptau_cmd_prepare SETUP_SYM(ptau_cmd_prepare)
#define ptau_cmd_contribute SETUP_SYM(ptau_cmd_contribute)
#define ptau_cmd_verify SETUP_SYM(ptau_cmd_verify)
#define ptau_open SETUP_SYM(ptau_open)
#define ptau_section_points SETUP_SYM(ptau_section_points)
#define ptau_check_section SETUP_SYM(ptau_check_section)
#define ptau_point SETUP_SYM(ptau_point)
#define ptau_point_error SETUP_SYM(ptau_point_error)
#define ptau_read_points SETUP_SYM(ptau_read_points)
#define ptau_put_header SETUP_SYM(ptau_put_header)
#define ptau_put_u32 SETUP_SYM(ptau_put_u32)
#define ptau_put_points SETUP_SYM(ptau_put_points)
#define ptau_g1_to_c SETUP_SYM(ptau_g1_to_c)
#define ptau_g2_to_c SETUP_SYM(ptau_g2_to_c)
#define ptau_fp_negative SETUP_SYM(ptau_fp_negative)
#define ptau_fp2_negative SETUP_SYM(ptau_fp2_negative)
#define ptau_fr_from_rng SETUP_SYM(ptau_fr_from_rng)
#define ptau_g1_from_rng SETUP_SYM(ptau_g1_from_rng)
#define ptau_g2_from_rng SETUP_SYM(ptau_g2_from_rng)
#define ptau_hash_to_g2 SETUP_SYM(ptau_hash_to_g2)
#define ptau_g2_sp SETUP_SYM(ptau_g2_sp)
#define ptau_key_create SETUP_SYM(ptau_key_create)
#define ptau_key_wipe SETUP_SYM(ptau_key_wipe)
#define ptau_pubkey_encode SETUP_SYM(ptau_pubkey_encode)
#define ptau_prepare_check SETUP_SYM(ptau_prepare_check)
#define ptau_decode_checked SETUP_SYM(ptau_decode_checked)
#define ptau_subgroup_note SETUP_SYM(ptau_subgroup_note)
#define ptau_sum64 SETUP_SYM(ptau_sum64)
#define ptau_sum_full SETUP_SYM(ptau_sum_full)
#define ptau_ba_sum SETUP_SYM(ptau_ba_sum)
#define ptau_sum_parts SETUP_SYM(ptau_sum_parts)
#define ptau_lagrange_check SETUP_SYM(ptau_lagrange_check)
#define ptau_contributions_read SETUP_SYM(ptau_contributions_read)
#define ptau_first_challenge SETUP_SYM(ptau_first_challenge)
#define fixed_base_g1_init SETUP_SYM(fixed_base_g1_init)
#define fixed_base_g2_init SETUP_SYM(fixed_base_g2_init)
#define fixed_base_g1_free SETUP_SYM(fixed_base_g1_free)
#define fixed_base_g2_free SETUP_SYM(fixed_base_g2_free)
#define fixed_base_g1_batch SETUP_SYM(fixed_base_g1_batch)
#define fixed_base_g2_batch SETUP_SYM(fixed_base_g2_batch)
#define fixed_base_g1_run SETUP_SYM(fixed_base_g1_run)
#define fixed_base_g2_run SETUP_SYM(fixed_base_g2_run)
#define g1_ifft SETUP_SYM(g1_ifft)
#define g2_ifft SETUP_SYM(g2_ifft)
#define g1_group_scale SETUP_SYM(g1_group_scale)
#define g2_group_scale SETUP_SYM(g2_group_scale)
#define lagrange_eval SETUP_SYM(lagrange_eval)
#define zkey_stream_open SETUP_SYM(zkey_stream_open)
#define zkey_stream_section SETUP_SYM(zkey_stream_section)
#define zkey_stream_g1 SETUP_SYM(zkey_stream_g1)
#define zkey_stream_g2 SETUP_SYM(zkey_stream_g2)
#define zkey_stream_hash_g1 SETUP_SYM(zkey_stream_hash_g1)
#define zkey_stream_hash_g2 SETUP_SYM(zkey_stream_hash_g2)
#define zkey_stream_hash_raw SETUP_SYM(zkey_stream_hash_raw)
#define zkey_stream_commit SETUP_SYM(zkey_stream_commit)
#define zkey_stream_discard SETUP_SYM(zkey_stream_discard)
#define zkey_write SETUP_SYM(zkey_write)
#define setup_hash_overread_point SETUP_SYM(setup_hash_overread_point)
#define setup_from_ptau SETUP_SYM(setup_from_ptau)
#define setup_random_zkey SETUP_SYM(setup_random_zkey)
#define setup_g1_to_lem SETUP_SYM(setup_g1_to_lem)
#define setup_g2_to_lem SETUP_SYM(setup_g2_to_lem)
#define setup_g1_to_u SETUP_SYM(setup_g1_to_u)
#define setup_g2_to_u SETUP_SYM(setup_g2_to_u)

#endif /* SETUP_CURVE_BN254 */

#endif
