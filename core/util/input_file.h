/*
 * Opening a command's input files (keys, witnesses, r1cs, ptau, sym, JSON, prover.ini): never
 * blocking, and only regular files. open(2) of a FIFO waits for a writer, so `g16k prove
 * --zkey FIFO` would hang instead of failing; a device or folder would be read as something it
 * is not.
 */
#ifndef G16K_UTIL_INPUT_FILE_H
#define G16K_UTIL_INPUT_FILE_H

#include <sys/stat.h>

/* Open path read-only (O_CLOEXEC) without blocking, then require a regular file. Returns the
 * descriptor, in blocking mode again, with its fstat in *st (st may be NULL); or -1 after
 * setting the core error (G16K_EIO: "PATH: cannot open: why", or "PATH: not a regular file (a
 * FIFO, ...)"), with nothing left open. Thread-safe. */
int input_open(const char *path, struct stat *st);

#endif
