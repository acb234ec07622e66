/*
 * The byte layout of a snarkjs Groth16 .zkey (docs/formats.md; snarkjs
 * 0.7.6 src/zkey_utils.js writeHeader, zkey_new.js): the one copy, read by the reader (zkey.c,
 * zkey_load.c) and the writer (core/setup/zkey_write.c). All integers little-endian; points
 * affine x || y, Montgomery form ("LEM"), all-zero bytes = infinity.
 */
#ifndef G16K_FORMATS_ZKEY_LAYOUT_H
#define G16K_FORMATS_ZKEY_LAYOUT_H

#define ZKEY_MAGIC "zkey"
#define ZKEY_VERSION 1
#define ZKEY_PROTOCOL_GROTH16 1 /* the u32 of section 1 */

/* Section ids. snarkjs writes them in the order 1, 2, 4, 3, 9, 8, 5, 6, 7, 10. */
enum {
    ZKEY_SEC_HEADER = 1,   /* u32 protocol */
    ZKEY_SEC_GROTH16 = 2,  /* the groth16 header below */
    ZKEY_SEC_IC = 3,       /* nPublic + 1 G1 points */
    ZKEY_SEC_COEFS = 4,    /* u32 nCoef, then nCoef coefficients */
    ZKEY_SEC_A = 5,        /* nVars G1 points */
    ZKEY_SEC_B1 = 6,       /* nVars G1 points */
    ZKEY_SEC_B2 = 7,       /* nVars G2 points */
    ZKEY_SEC_C = 8,        /* nVars - nPublic - 1 G1 points */
    ZKEY_SEC_H = 9,        /* domainSize G1 points */
    ZKEY_SEC_CONTRIB = 10, /* 64-byte circuit hash, u32 count, contributions */
};
#define ZKEY_MAX_ID ZKEY_SEC_CONTRIB

#define ZKEY_G1_BYTES 96u   /* BLS12-381's; a curve's: 2 n8q */
#define ZKEY_G2_BYTES 192u  /* 4 n8q */
#define ZKEY_COEF_BYTES 44u /* u32 matrix, u32 row, u32 signal, 32-byte value */

/* Byte offsets in section 2, the groth16 header: u32 n8q, q (n8q bytes), u32 n8r, r (32 bytes),
 * u32 nVars, u32 nPublic, u32 domainSize, then alpha1, beta1, beta2, gamma2, delta1, delta2
 * (G1 2 n8q bytes, G2 4 n8q). For a base field of n8q bytes (BLS12-381 48, BN254 32): */
#define ZKEY_H2_N8R_AT(n8q) (4u + (n8q))
#define ZKEY_H2_R_AT(n8q) (8u + (n8q))
#define ZKEY_H2_NVARS_AT(n8q) (40u + (n8q))
#define ZKEY_H2_NPUB_AT(n8q) (44u + (n8q))
#define ZKEY_H2_DOMAIN_AT(n8q) (48u + (n8q))
#define ZKEY_H2_ALPHA1_AT(n8q) (52u + (n8q))
#define ZKEY_H2_BETA1_AT(n8q) (ZKEY_H2_ALPHA1_AT(n8q) + 2u * (n8q))
#define ZKEY_H2_BETA2_AT(n8q) (ZKEY_H2_ALPHA1_AT(n8q) + 4u * (n8q))
#define ZKEY_H2_GAMMA2_AT(n8q) (ZKEY_H2_ALPHA1_AT(n8q) + 8u * (n8q))
#define ZKEY_H2_DELTA1_AT(n8q) (ZKEY_H2_ALPHA1_AT(n8q) + 12u * (n8q))
#define ZKEY_H2_DELTA2_AT(n8q) (ZKEY_H2_ALPHA1_AT(n8q) + 14u * (n8q))
#define ZKEY_H2_SIZE_AT(n8q) (ZKEY_H2_ALPHA1_AT(n8q) + 18u * (n8q))
/* and BLS12-381's (the setup writer's keys, and the tests'): */
enum {
    ZKEY_H2_N8Q = 0,
    ZKEY_H2_Q = 4,
    ZKEY_H2_N8R = ZKEY_H2_N8R_AT(48),
    ZKEY_H2_R = ZKEY_H2_R_AT(48),
    ZKEY_H2_NVARS = ZKEY_H2_NVARS_AT(48),
    ZKEY_H2_NPUB = ZKEY_H2_NPUB_AT(48),
    ZKEY_H2_DOMAIN = ZKEY_H2_DOMAIN_AT(48),
    ZKEY_H2_ALPHA1 = ZKEY_H2_ALPHA1_AT(48),
    ZKEY_H2_BETA1 = ZKEY_H2_BETA1_AT(48),
    ZKEY_H2_BETA2 = ZKEY_H2_BETA2_AT(48),
    ZKEY_H2_GAMMA2 = ZKEY_H2_GAMMA2_AT(48),
    ZKEY_H2_DELTA1 = ZKEY_H2_DELTA1_AT(48),
    ZKEY_H2_DELTA2 = ZKEY_H2_DELTA2_AT(48),
    ZKEY_H2_SIZE = ZKEY_H2_SIZE_AT(48)
};

#endif
