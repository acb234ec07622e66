/*
 * JSON files of snarkjs (docs/formats.md, "JSON files"): proof.json and public.json (read and write),
 * verification_key.json (read), on either curve of core/curve (curve.h): the key names its curve
 * ("curve": "bls12381" or "bn128"), and the proof and public signals are read on the key's curve.
 * Parsed with json-c. Points are affine, canonical decimal strings; the projective z coordinate
 * "1" (affine) and "0" (infinity) are accepted, as snarkjs does; other z values are converted
 * (X/Z^2, Y/Z^3). All values must be decimal strings < the modulus.
 * Points read must be on the curve and in the prime-order subgroup (snarkjs checks only the
 * curve; honest provers never produce the difference). Points are in Montgomery form in memory.
 * Files larger than 16 MiB (proof, public) or 64 MiB (vk) are rejected before reading; so are
 * texts in memory larger than those (the *_parse readers).
 * Writers produce snarkjs's exact layout (bfj with space 1) and write atomically: a temporary file
 * in the same folder, fsync, rename; on error nothing is left behind.
 * Errors: negative g16k_status (G16K_EFORMAT, G16K_EIO, G16K_ENOMEM; G16K_EINVAL when a value to
 * write is not below its modulus) with a one-line message naming the file and
 * the JSON path (e.g. "proof.json: pi_b[1][0]: not a decimal string"). Thread-safe.
 */
#ifndef G16K_FORMATS_JSON_IO_H
#define G16K_FORMATS_JSON_IO_H

#include <stddef.h>

#include "curve/curve.h"

/* A proof of curve cv: the members of cv's type in the unions. */
typedef struct groth16_proof {
    const curve *cv;
    curve_g1 a;
    curve_g2 b;
    curve_g1 c;
} groth16_proof;

typedef struct groth16_vk {
    const curve *cv; /* from the file's "curve" */
    uint32_t n_public;
    curve_g1 alpha1;
    curve_g2 beta2, gamma2, delta2;
    curve_g1 *ic; /* n_public + 1 */
} groth16_vk;

/* Outputs are written only on success. Infinity is written as snarkjs' zero ["0", "1", "0"].
 * proof_json_read reads the points on curve cv (a key's); the file's optional "curve" member,
 * when present, must be cv's snarkjs name. The writer writes p->cv's name. */
int proof_json_read(const char *path, const curve *cv, groth16_proof *out);
int proof_json_write(const char *path, const groth16_proof *p);
/* Public signals: n canonical scalars below cv's r. The array read is malloc'ed (caller frees
 * with free(); non-NULL even when n = 0). An empty list is written "[\n]" as snarkjs does. */
int public_json_read(const char *path, const curve *cv, curve_scalar **out, size_t *n);
int public_json_write(const char *path, const curve *cv, const curve_scalar *canon, size_t n);
/* The texts the two writers write, NUL-terminated, malloc'ed into *out (caller frees), *len
 * without the NUL. Errors: G16K_ENOMEM; G16K_EINVAL when a public signal is not below r. */
int proof_json_string(const groth16_proof *p, char **out, size_t *len);
int public_json_string(const curve *cv, const curve_scalar *canon, size_t n, char **out,
                       size_t *len);
/* vk->ic is malloc'ed; release with vk_free (which leaves the struct reusable; NULL-safe). The
 * curve is the file's "curve" member: "bls12381" or "bn128" (curve_by_snarkjs). */
int vk_json_read(const char *path, groth16_vk *out);
void vk_free(groth16_vk *vk);

/* The three readers on a text in memory instead of a file: the len bytes at text (non-NULL, read
 * during the call only, no NUL needed), which messages call `name` (e.g. "proof buffer"). One
 * code path with the files (json_get): the same size limits, checks, outputs and messages, the
 * name in place of the path. */
int proof_json_parse(const char *name, const char *text, size_t len, const curve *cv,
                     groth16_proof *out);
int public_json_parse(const char *name, const char *text, size_t len, const curve *cv,
                      curve_scalar **out, size_t *n);
int vk_json_parse(const char *name, const char *text, size_t len, groth16_vk *out);

/* proof.json and public.json as one pair under concurrent writers and g16k readers (see
 * json_pair.c for what is guaranteed): write both (either path may be NULL; the signals are
 * proof->cv's), renamed under an exclusive lock on their folders after both temporaries are on
 * disk; if the second rename fails the first file is removed. Read both on curve cv under a
 * shared lock; *canon as public_json_read. Errors as the single-file functions. */
int json_pair_write(const char *proof_path, const groth16_proof *proof, const char *public_path,
                    const curve_scalar *canon, size_t n);
int json_pair_read(const char *public_path, const curve *cv, curve_scalar **canon, size_t *n,
                   const char *proof_path, groth16_proof *proof);

#endif
