/*
 * Reader of circom constraint systems (.r1cs version 1, docs/formats.md, ".r1cs"), BLS12-381 only.
 * Used by `g16k setup` (core/setup) and `g16k check`.
 */
#ifndef G16K_FORMATS_R1CS_H
#define G16K_FORMATS_R1CS_H

#include <stdint.h>

#include "bls12_381/field.h"

typedef struct r1cs_term {
    uint32_t wire;
    fr_t coef; /* canonical integer (not Montgomery), < r */
} r1cs_term;

typedef struct r1cs {
    uint32_t n_wires; /* = zkey nVars */
    uint32_t n_pub_out;
    uint32_t n_pub_in;
    uint32_t n_prv_in;
    uint64_t n_labels; /* signals of the circuit, the constant one included (the .sym lists the
                          others, labels 1 .. n_labels - 1) */
    uint32_t n_constraints;
    uint64_t n_terms;
    /* Linear combination L (0 = A, 1 = B, 2 = C) of constraint c is
     * terms[lc[3c + L] .. lc[3c + L + 1]); lc has 3 * n_constraints + 1 entries. */
    uint64_t *lc;
    r1cs_term *terms;
} r1cs;

/* Read and validate path (magic, version 1, prime = r, n8 = 32, wire ids < nWires, coefficients
 * < r, sections 1 and 2 exactly consumed). Caller frees with r1cs_free (also after an error).
 * Errors: G16K_EIO (open, map), G16K_EFORMAT (the message names file, section and byte offset),
 * G16K_ENOMEM. Thread-safe. */
int r1cs_load(const char *path, r1cs *out);
void r1cs_free(r1cs *cs);

#endif
