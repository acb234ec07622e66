/*
 * What a prime in a circom or snarkjs binary file says when it is not BLS12-381's: BN254 (snarkjs's
 * "bn128", circom's default prime) is the usual case, and a user then needs to hear that, not only
 * that the prime is wrong.
 */
#ifndef G16K_FORMATS_FOREIGN_CURVE_H
#define G16K_FORMATS_FOREIGN_CURVE_H

#include <stdint.h>

/* A hint to append to the "prime is not BLS12-381's" message of a file whose field prime (n8
 * bytes, little-endian, as the file stores it) is p: when p is BN254's scalar field r or base
 * field q, "; this is a BN254 (bn128) file, which g16k's setup and powers of tau do not serve
 * yet: compile the circuit with `circom --prime bls12381` and use a BLS12-381 powers of tau";
 * else "". For the readers of setup's inputs (the prover serves both curves). The string is
 * static. Thread-safe. */
const char *foreign_curve_hint(const uint8_t *p, uint32_t n8);

#endif
