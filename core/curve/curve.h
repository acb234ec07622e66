/*
 * The curves the core serves, one descriptor each: the names (g16k's and snarkjs's), the field
 * sizes and moduli, and the operations the core's curve-independent code needs on points: a
 * snarkjs point object in and out, and the Groth16 verification equation. The JSON readers and
 * writers (core/formats) and the verifier (core/prover) are written once against this table.
 * Each entry is the one source curve_impl.h instantiated on a curve's arithmetic (arith/<curve>/),
 * the way arith/ instantiates its fields and groups (docs/curves.md).
 *
 * Points cross this interface as `const void *`: the curve's affine type in Montgomery form
 * (g1_affine_t / g2_affine_t for BLS12-381, bn254_g1_affine_t / bn254_g2_affine_t for BN254),
 * all-zero = infinity. curve_g1 and curve_g2 hold a point of either curve (the member named by
 * the curve's entry); they are for curve-independent holders (a proof or a key read from JSON).
 * Every function is thread-safe and allocates nothing.
 */
#ifndef G16K_CORE_CURVE_H
#define G16K_CORE_CURVE_H

#include <stddef.h>
#include <stdint.h>

#include "g16k/plugin.h"
#include "bls12_381/curve.h"
#include "bn254/curve.h"

typedef union curve_g1 {
    g1_affine_t bls12_381;
    bn254_g1_affine_t bn254;
} curve_g1;
typedef union curve_g2 {
    g2_affine_t bls12_381;
    bn254_g2_affine_t bn254;
} curve_g2;

/* Limbs of the largest Fp (BLS12-381's 6) and of every Fr (both r are below 2^256). */
#define CURVE_FP_MAX_LIMBS 6
#define CURVE_FR_LIMBS 4
#define CURVE_FR_BYTES 32 /* n8 of r in the circom and snarkjs files, for every curve */
/* A canonical scalar (an element of a curve's Fr as a plain little-endian integer below r), e.g.
 * a public signal: BLS12-381's fr_t, whose four limbs hold any curve's Fr. */
typedef fr_t curve_scalar;

/* Bytes of the decimal text of an Fr element with its NUL (both r are below 10^77). */
#define CURVE_FR_DEC_MAX 80
/* Bytes of one term of a linear combination in circom's layout (fr_constraint). */
#define CURVE_TERM_BYTES 36

/* What g1_from_xyz and g2_from_xyz say of a point. */
enum {
    CURVE_PT_OK = 0,
    CURVE_PT_OFF_CURVE = 1,
    CURVE_PT_OUTSIDE_SUBGROUP = 2,
    CURVE_PT_NOT_BELOW_P = 3 /* g1_from_mont_bytes, g2_from_mont_bytes: a coordinate >= p */
};

/* What a Groth16 proof is blinded from (curve.groth16_assemble): the key's header points and
 * the five MSM results, affine, Montgomery form, of the curve's types. */
typedef struct curve_groth16_parts {
    const void *alpha1, *beta1, *delta1; /* G1 */
    const void *beta2, *delta2;          /* G2 */
    const void *a0, *b1_0, *l0, *h0;     /* G1: sum w_i A_i, sum w_i B1_i, L, H MSMs */
    const void *b2_0;                    /* G2: sum w_i B2_i */
} curve_groth16_parts;

typedef struct curve {
    const char *name;    /* g16k's name: "BLS12-381", "BN254" */
    const char *snarkjs; /* the "curve" member of snarkjs's JSON files: "bls12381", "bn128" */
    uint32_t id;         /* its g16k_curve in the plugin ABI (plugin.h): G16K_CURVE_* */
    unsigned fp_limbs;   /* 64-bit limbs of an Fp element: 6, 4 */
    /* Bytes of an affine point of the curve's types, which are snarkjs's binary layout (x || y,
     * Montgomery form, G2 c0 then c1): 16 and 32 fp_limbs. A key's point arrays are of these. */
    size_t g1_bytes, g2_bytes;
    const void *g1_generator; /* G1's generator, the curve's affine type, Montgomery form */
    const uint64_t *p;        /* Fp's modulus, fp_limbs limbs, little-endian */
    const uint64_t *r;        /* Fr's modulus, CURVE_FR_LIMBS limbs, little-endian */
    /* A snarkjs point object (ffjavascript's fromObject): canonical coordinates x, y, z, each
     * fp_limbs limbs (G2: 2 fp_limbs, c0 then c1), every one below p (the caller's check). z = 0
     * is infinity (x, y ignored), z = 1 affine, other z Jacobian (X/Z^2, Y/Z^3). The affine point
     * goes to out (the curve's affine type, written even when the point is refused). Returns
     * CURVE_PT_OK, CURVE_PT_OFF_CURVE, or CURVE_PT_OUTSIDE_SUBGROUP (on the curve, not in the
     * prime-order subgroup: the curve's exact test, arith/<curve>/g1.c and g2.c). */
    int (*g1_from_xyz)(void *out, const uint64_t *x, const uint64_t *y, const uint64_t *z);
    int (*g2_from_xyz)(void *out, const uint64_t *x, const uint64_t *y, const uint64_t *z);
    /* A point as snarkjs's binary files store it (docs/formats.md, "Encodings": affine x || y,
     * each coordinate fp_limbs * 8 bytes of Montgomery form, little-endian; G2's coordinates
     * c0 then c1; all-zero = infinity), at in (2 or 4 coordinates), to out. Returns
     * CURVE_PT_NOT_BELOW_P, then as g1_from_xyz (infinity is CURVE_PT_OK: the caller's rule). */
    int (*g1_from_mont_bytes)(void *out, const uint8_t *in);
    int (*g2_from_mont_bytes)(void *out, const uint8_t *in);
    /* The snarkjs object of an affine point, as g1_from_xyz reads it: (x, y, 1), infinity as
     * snarkjs writes it, (0, 1, 0) (G2: ((0, 0), (1, 0), (0, 0))). Canonical limbs. */
    void (*g1_to_xyz)(uint64_t *x, uint64_t *y, uint64_t *z, const void *p);
    void (*g2_to_xyz)(uint64_t *x, uint64_t *y, uint64_t *z, const void *p);
    int (*g1_is_inf)(const void *p);
    int (*g2_is_inf)(const void *p);
    /* Fr elements in curve_scalar holders (mont/field_decl.h's contracts): from_canon gives the
     * Montgomery form of a canonical scalar below r (the caller's check); to_dec writes a
     * Montgomery-form element's canonical decimal text into CURVE_FR_DEC_MAX bytes. Montgomery
     * forms are fully reduced, so two elements are equal iff their limbs are. */
    void (*fr_from_canon)(curve_scalar *out, const curve_scalar *canon);
    void (*fr_to_dec)(char *buf, const curve_scalar *a);
    /* h[i] = a[i] b[i] - c[i] for i < n, Montgomery form (the end of the Groth16 H chain, when
     * an NTT provider has no compute_h); h may alias a. */
    void (*fr_mul_sub)(curve_scalar *h, const curve_scalar *a, const curve_scalar *b,
                       const curve_scalar *c, size_t n);
    /* One R1CS constraint on a witness: abc[L] = sum over n[L] terms of coef * w[wire] for
     * L = A, B, C, Montgomery form, where each term is CURVE_TERM_BYTES at terms[L] + 36 i: u32
     * wire, then the coefficient as a 32-byte little-endian canonical integer below r (.r1cs
     * section 2's layout; the caller checked wires and coefficients); w: Montgomery values.
     * Returns 1 when A * B = C. One call a constraint, so that g16k check's inner loop runs on
     * the curve's own inlined arithmetic (through a pointer an operation it took 57% more time
     * on a 2^22-constraint circuit). */
    int (*fr_constraint)(curve_scalar abc[3], const uint8_t *const terms[3], const uint64_t n[3],
                         const curve_scalar *w);
    /* e(p, q), the curve's pairing with snarkjs's final exponentiation (the value of a key's
     * vk_alphabeta_12), as 12 canonical Fp elements of fp_limbs each into out, in the order of
     * ffjavascript's Gt.toObject: c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1 (Fp12 = Fp6[w],
     * Fp6 = Fp2[v], both curves' towers). */
    void (*pairing_canon)(uint64_t *out, const void *p, const void *q);
    /* snarkjs groth16_verify.js's equation (docs/proving.md, "The prover", step 5):
     *   e(-A, B) e(vk_x, gamma2) e(C, delta2) e(alpha1, beta2) == 1,
     *   vk_x = ic[0] + sum_i pub[i] ic[i + 1],
     * one product of four Miller loops and one final exponentiation. ic: n_ic G1 points, ic_stride
     * bytes apart (the size of the curve's affine type for an array of it, sizeof(curve_g1) for
     * curve_g1's); pub: n_pub canonical scalars below r, n_pub <= n_ic - 1 (missing ones count as
     * 0, as in snarkjs). Every point must be in its subgroup (the readers' tests). Returns 1 when the
     * equation holds, 0 when it does not or n_ic = 0 or n_pub > n_ic - 1. */
    int (*groth16_check)(const void *a, const void *b, const void *c, const void *alpha1,
                         const void *beta2, const void *gamma2, const void *delta2, const void *ic,
                         size_t ic_stride, size_t n_ic, const curve_scalar *pub, size_t n_pub);
    /* The proof from its parts, snarkjs groth16_prove.js (docs/proving.md, "The prover", step 5),
     * with r and s canonical scalars below r (the caller's check):
     *   A = a0 + alpha1 + r delta1,  B = b2_0 + beta2 + s delta2,  B1 = b1_0 + beta1 + s delta1,
     *   C = l0 + h0 + s A + r B1 - (r s) delta1,
     * into a and c (G1) and b (G2), affine, Montgomery form. */
    void (*groth16_assemble)(void *a, void *b, void *c, const curve_groth16_parts *in,
                             const curve_scalar *r, const curve_scalar *s);
} curve;

extern const curve curve_bls12_381;
extern const curve curve_bn254;

/* The curve whose plugin ABI value (plugin.h g16k_curve) is id, or NULL. */
const curve *curve_by_id(uint32_t id);
/* The curve a snarkjs file's "curve" member s names, as snarkjs reads it (curves.js
 * getCurveFromName: case and every character but letters and digits ignored; "bn128", "bn254"
 * and "alt_bn128" are BN254, "bls12381" BLS12-381), or NULL (s NULL or another name). */
const curve *curve_by_snarkjs(const char *s);
/* The curve whose Fr modulus is the canonical 4-limb r (a circom file's prime: .wtns, .r1cs),
 * or NULL. */
const curve *curve_by_r(const uint64_t r[CURVE_FR_LIMBS]);
/* The curve whose Fp modulus is the canonical limbs-limb p (a file's base field prime), or NULL. */
const curve *curve_by_p(const uint64_t *p, unsigned limbs);
/* The curve whose Fp elements take limbs 64-bit limbs (a .zkey's n8q / 8: 6 BLS12-381, 4 BN254;
 * no two curves share a size), or NULL. */
const curve *curve_by_fp_limbs(unsigned limbs);
/* The snarkjs object of point p of G1 (deg 1) or G2 (deg 2) of cv: its three coordinates as
 * g1_to_xyz / g2_to_xyz give them, into c (the writers of proof.json and the verification key). */
void curve_to_xyz(const curve *cv, int deg, uint64_t c[3][2 * CURVE_FP_MAX_LIMBS], const void *p);
/* The names curve_by_snarkjs takes, for messages ("\"bls12381\" or \"bn128\" (or ..."). Static. */
const char *curve_snarkjs_names(void);

#endif
