/*
 * Shared by the libFuzzer targets of tests/fuzz/: hand the fuzz input to a reader as a real file.
 * The bytes go to an anonymous memfd, so the reader takes exactly the path of real files (open,
 * fstat, mmap or read) and nothing touches the disk. Not thread-safe (one input at a time, as
 * libFuzzer calls targets).
 */
#ifndef G16K_FUZZ_INPUT_H
#define G16K_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* A readable file holding data[0..size). Writes its path ("/proc/self/fd/N") into path
 * (at least 32 bytes) and returns the fd to pass to fuzz_input_close, or -1 on failure. */
int fuzz_input_open(const uint8_t *data, size_t size, char *path, size_t path_len);
void fuzz_input_close(int fd);

/* The one entry point of every target (libFuzzer's). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
