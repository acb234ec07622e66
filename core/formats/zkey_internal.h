/*
 * Private to core/formats: the pieces of the zkey reader (zkey.c: the format) that the load
 * (zkey_load.c: threads, reading, digest, subgroup tests) calls.
 */
#ifndef G16K_FORMATS_ZKEY_INTERNAL_H
#define G16K_FORMATS_ZKEY_INTERNAL_H

#include <stdint.h>

#include "binfile.h"
#include "zkey.h"
#include "zkey_layout.h"

/* Set the one-line error "PATH: section ID (NAME) at byte OFFSET: what" (G16K_EFORMAT) and
 * return G16K_EFORMAT. */
int zkey_sec_err(const binfile *bf, uint32_t id, uint64_t offset, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Sections 1 and 2 (header points tested in full), every section size against the header, the
 * coefficient count; then k's arrays allocated (those still NULL: the caller may have pointed
 * the point arrays a..h at the payloads in place, and coefs at room of its own for exactly the
 * count that section 4's size gives). bf->data must hold sections 1, 2 and the first
 * 4 bytes of 4. G16K_OK or an error (EFORMAT, ENOMEM). */
int zkey_read_headers(const binfile *bf, zkey *k);
/* *out = the stamp of the open file fd (zkey.h). 0, or -1 when fstat fails. */
int zkey_file_stamp_of(int fd, zkey_file_stamp *out);
/* Coefficients [begin, end) of section 4 into k->coefs. G16K_OK or EFORMAT. */
int zkey_read_coefs(const binfile *bf, zkey *k, uint64_t begin, uint64_t end);

#endif
