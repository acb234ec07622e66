/*
 * Reader of circom/snarkjs witness files (.wtns), docs/formats.md, ".wtns".
 * Validates magic "wtns", version 2, the section table, n8 = 32, the prime = the r of a curve of
 * core/curve (BLS12-381, or BN254: circom's default prime), which is the witness's curve, the
 * section 2 size = nWitness * 32, every value < r, and (when expect_n_vars != 0) that nWitness
 * equals it, and that w[0] = 1. Errors as in zkey.h: negative g16k_status and a one-line message
 * naming the file, section and byte offset; nothing allocated on error. Thread-safe.
 */
#ifndef G16K_FORMATS_WTNS_H
#define G16K_FORMATS_WTNS_H

#include <stdint.h>

#include "curve/curve.h"

typedef struct wtns {
    const curve *cv;      /* the curve whose r the file names */
    uint32_t n;           /* number of values */
    curve_scalar *values; /* canonical (NOT Montgomery) limbs, as in the file */
} wtns;

/* On success *out is new and owned by the caller (wtns_free); on error it is untouched.
 * expect_cv: the proving key's curve (a witness of the other is refused, naming both), or NULL
 * to accept either; expect_n_vars: the proving key's nVars, or 0 to accept any length. */
int wtns_load(const char *path, const curve *expect_cv, uint32_t expect_n_vars, wtns **out);
/* The same from size bytes at data (borrowed during the call); name stands for the path in
 * messages. */
int wtns_load_mem(const char *name, const void *data, uint64_t size, const curve *expect_cv,
                  uint32_t expect_n_vars, wtns **out);
void wtns_free(wtns *w); /* NULL is a no-op */

#endif
