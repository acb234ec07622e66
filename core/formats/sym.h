/*
 * Reader of circom's symbol files (.sym, written by `circom --sym`): one line per signal,
 *   labelIndex,wireIndex,componentIndex,name
 * e.g. "3,2,0,main.b". wireIndex is the witness/r1cs wire that holds the signal, or -1 when the
 * optimiser removed it; several names may share a wire (signals circom found equal).
 * Used by `g16k check` to name the signals of a constraint.
 */
#ifndef G16K_FORMATS_SYM_H
#define G16K_FORMATS_SYM_H

#include <stdint.h>

typedef struct sym {
    uint32_t n_wires;
    uint64_t *start;    /* n_wires + 1: the names of wire w are names[start[w] .. start[w+1]) */
    const char **names; /* into text, in file order within a wire */
    char *text;         /* the file, NUL-terminated per name */
} sym;

/* Read path for a circuit of n_wires wires and n_labels labels (the r1cs header's: circom lists
 * labels 1 .. n_labels - 1, one line each). Errors: G16K_EIO (open/read), G16K_EFORMAT ("PATH:
 * line L (byte B): what is wrong": not four comma-separated fields, a label index that is not
 * an integer in 1 .. n_labels - 1, a wire index that is not an integer in -1 .. n_wires - 1; or
 * "PATH: N signals, the circuit has M": the .sym of another circuit), G16K_ENOMEM. On success
 * the caller frees with sym_free; on error nothing stays allocated. Thread-safe. */
int sym_load(const char *path, uint32_t n_wires, uint64_t n_labels, sym *out);
void sym_free(sym *s);

#endif
