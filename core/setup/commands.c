/*
 * setup.h's entry points. The curve of the input picks the build of core/setup that serves it
 * (internal.h setup_curve_ops, one per curve): the r1cs's prime for setup, ptau_opts.curve for
 * `ptau new`, the header's n8 for a ptau that is read. A circuit and a ptau of two curves are
 * refused here, naming both, before either is read further.
 */
#include <stdio.h>
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

static const setup_curve_ops *ops_for(const curve *cv)
{
    return cv == &curve_bn254 ? &setup_ops_bn254 : &setup_ops_bls12_381;
}

/* The curve of the ptau at path from its section 1's n8 (48: BLS12-381, 32: BN254; the curve's
 * reader checks q and the rest), else G16K_EFORMAT naming file, section and byte (or the
 * container's error). */
static int ptau_file_curve(const char *path, const curve **out)
{
    binfile bf;
    int rc = binfile_open(&bf, path, "ptau", 1, 15);
    if (rc)
        return rc;
    const binfile_section *s;
    if ((rc = binfile_section_get(&bf, 1, "header", &s)) == G16K_OK) {
        uint32_t n8 = s->size >= 4 ? binfile_le32(bf.data + s->offset) : 0;
        *out = n8 % 8 == 0 ? curve_by_fp_limbs(n8 / 8) : NULL;
        if (*out == NULL)
            rc = err_set(G16K_EFORMAT,
                         "%s: section 1 at byte %llu: n8 %u, expected 48 (BLS12-381) or 32 "
                         "(BN254): not a powers of tau of a curve g16k serves",
                         path, (unsigned long long)s->offset, n8);
    }
    binfile_close(&bf);
    return rc;
}

int setup_run(const setup_opts *o)
{
    r1cs cs;
    progress pg;
    progress_init(&pg, "setup", o->progress);
    int rc = r1cs_load(o->r1cs_path, NULL, &cs);
    if (rc)
        return rc;
    const curve *pcv = NULL;
    if ((rc = setup_check_limits(&cs, o->r1cs_path)) == G16K_OK && o->ptau_path &&
        (rc = ptau_file_curve(o->ptau_path, &pcv)) == G16K_OK && pcv != cs.cv)
        rc =
            err_set(G16K_EFORMAT,
                    "%s: a %s (%s) powers of tau, but the circuit %s is %s's: use a powers of "
                    "tau of the circuit's curve (or compile the circuit for this one: circom "
                    "--prime %s)",
                    o->ptau_path, pcv->name, pcv->snarkjs, o->r1cs_path, cs.cv->name, pcv->snarkjs);
    if (rc == G16K_OK) {
        progress_done(&pg, "read r1cs");
        rc = ops_for(cs.cv)->run(o, &cs, &pg);
    }
    r1cs_free(&cs);
    return rc;
}

int ptau_new(const ptau_opts *o)
{
    const curve *cv = o->curve ? curve_by_id(o->curve) : &curve_bls12_381;
    if (cv == NULL)
        return err_set(G16K_EINVAL, "ptau new: curve %u is not one g16k serves", o->curve);
    return ops_for(cv)->ptau_new(o);
}

int ptau_prepare(const ptau_opts *o)
{
    const curve *cv;
    int rc = ptau_file_curve(o->in_path, &cv);
    return rc ? rc : ops_for(cv)->ptau_prepare(o);
}

int ptau_contribute(const ptau_opts *o)
{
    const curve *cv;
    int rc = ptau_file_curve(o->in_path, &cv);
    return rc ? rc : ops_for(cv)->ptau_contribute(o);
}

int ptau_verify(const ptau_opts *o, ptau_verify_report *rep)
{
    memset(rep, 0, sizeof *rep);
    const curve *cv;
    int rc = ptau_file_curve(o->in_path, &cv);
    return rc ? rc : ops_for(cv)->ptau_verify(o, rep);
}

void ptau_format_hash(char out[PTAU_HASH_TEXT], const uint8_t h[64])
{
    /* misc.js formatHash: 4 lines of 4 big-endian words, each line "\t\t" + words */
    char *p = out;
    for (int i = 0; i < 4; i++) {
        p += sprintf(p, "%s\t\t", i ? "\n" : "");
        for (int j = 0; j < 4; j++) {
            const uint8_t *w = h + 16 * i + 4 * j;
            p += sprintf(p, "%s%02x%02x%02x%02x", j ? " " : "", w[0], w[1], w[2], w[3]);
        }
    }
}
