/*
 * Reader of circom constraint systems (.r1cs version 1, docs/formats.md, ".r1cs") over the r of a
 * curve of core/curve (BLS12-381, or BN254: circom's default prime), which is the file's curve.
 * Used by `g16k setup` (core/setup) and `g16k check`.
 */
#ifndef G16K_FORMATS_R1CS_H
#define G16K_FORMATS_R1CS_H

#include <stdint.h>

#include "binfile.h"
#include "curve/curve.h"

/* One term as the file stores it: wire (u32) then coefficient (32 bytes), little-endian, the
 * coefficient a canonical integer (not Montgomery) < r; at any byte address. */
#define R1CS_TERM_BYTES 36u
_Static_assert(R1CS_TERM_BYTES == CURVE_TERM_BYTES, "curve.h's fr_constraint reads this layout");

typedef struct r1cs {
    const curve *cv;  /* the curve whose r the file names */
    uint32_t n_wires; /* = zkey nVars */
    uint32_t n_pub_out;
    uint32_t n_pub_in;
    uint32_t n_prv_in;
    uint64_t n_labels; /* signals of the circuit, the constant one included (the .sym lists the
                          others, labels 1 .. n_labels - 1) */
    uint32_t n_constraints;
    uint64_t n_terms;
    /* Linear combination j = 3c + L (L: 0 = A, 1 = B, 2 = C) of constraint c holds the terms
     * lc[j] .. lc[j + 1] - 1 (term indices over the whole file, in file order); lc has
     * 3 * n_constraints + 1 entries. The terms are read where the mapped file has them
     * (r1cs_lc_terms): a 2^26-constraint circuit's 14 GB of terms are page cache the kernel
     * can evict, not the process's own memory. */
    uint64_t *lc;
    const uint8_t *sec2; /* section 2's first byte, in bf's mapping */
    binfile bf;          /* the mapped file, kept open for the terms (r1cs_free closes it) */
} r1cs;

/* The first term of linear combination j (= 3c + L), R1CS_TERM_BYTES per term after it: in
 * section 2 each combination is its u32 term count, then its terms, so j + 1 counts and lc[j]
 * terms come before it. */
static inline const uint8_t *r1cs_lc_terms(const r1cs *cs, uint64_t j)
{
    return cs->sec2 + 4 * (j + 1) + (uint64_t)R1CS_TERM_BYTES * cs->lc[j];
}

static inline uint32_t r1cs_term_wire(const uint8_t *term)
{
    return binfile_le32(term);
}

/* The term's coefficient, canonical (< r: r1cs_load checked it). */
static inline void r1cs_term_coef(curve_scalar *out, const uint8_t *term)
{
    binfile_limbs(out->l, term + 4, CURVE_FR_LIMBS);
}

/* Map and validate path (magic, version 1, prime = a curve's r, n8 = 32, wire ids < nWires,
 * coefficients < r, sections 1 and 2 exactly consumed) in one pass that fills lc (8 bytes per
 * linear combination); the file stays mapped until r1cs_free. expect_cv: the curve the caller
 * serves (a file of the other is refused, naming both), or NULL for either. On an error nothing
 * is kept (calling r1cs_free then is a harmless no-op).
 * Errors: G16K_EIO (open, map), G16K_EFORMAT (the message names file, section and byte offset),
 * G16K_ENOMEM. Thread-safe. */
int r1cs_load(const char *path, const curve *expect_cv, r1cs *out);
void r1cs_free(r1cs *cs);

#endif
