/*
 * Reader of circom constraint systems (.r1cs version 1, docs/formats.md, ".r1cs"; iden3 r1csfile
 * src/r1csfile.js): header (section 1) and constraints (section 2). Labels (3) and custom gates
 * (4, 5: PLONK only) are not read. One pass over the mapped section 2 validates every term and
 * records where each linear combination starts; the terms stay in the mapping (r1cs.h), so the
 * reader's own memory is 8 bytes per linear combination. (It used to copy the terms into a
 * 40-byte-per-term array: 3.7 GB of a 2^24 dense circuit's setup, 15 GB at 2^26.)
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "binfile.h"
#include "r1cs.h"
#include "util/error.h"

#define HEADER_SIZE 64u /* n8, r, nWires, nPubOut, nPubIn, nPrvIn, nLabels (u64), nConstraints */

static int read_header(const binfile *bf, const char *path, const curve *expect, r1cs *cs)
{
    const binfile_section *s;
    int rc = binfile_section_get(bf, 1, "header", &s);
    if (rc)
        return rc;
    const uint8_t *p = bf->data + s->offset;
    if (s->size != HEADER_SIZE)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 at byte %llu: size %llu, expected %u "
                       "(only BLS12-381 and BN254, n8 = 32, are supported)",
                       path, (unsigned long long)s->offset, (unsigned long long)s->size,
                       HEADER_SIZE);
    if (binfile_le32(p) != CURVE_FR_BYTES)
        return err_set(G16K_EFORMAT, "%s: section 1 at byte %llu: n8 %u, expected 32", path,
                       (unsigned long long)s->offset, binfile_le32(p));
    uint64_t prime[CURVE_FR_LIMBS];
    binfile_limbs(prime, p + 4, CURVE_FR_LIMBS);
    if ((cs->cv = curve_by_r(prime)) == NULL)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 at byte %llu: prime is neither BLS12-381's scalar field r "
                       "nor BN254's (circom --prime bls12381 or bn128)",
                       path, (unsigned long long)(s->offset + 4));
    if (expect && cs->cv != expect)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 at byte %llu: a %s constraint system (its prime is %s's "
                       "r), %s is needed here",
                       path, (unsigned long long)(s->offset + 4), cs->cv->name, cs->cv->name,
                       expect->name);
    cs->n_wires = binfile_le32(p + 36);
    cs->n_pub_out = binfile_le32(p + 40);
    cs->n_pub_in = binfile_le32(p + 44);
    cs->n_prv_in = binfile_le32(p + 48);
    cs->n_labels = binfile_le64(p + 52);
    cs->n_constraints = binfile_le32(p + 60);
    uint64_t pub = (uint64_t)cs->n_pub_out + cs->n_pub_in;
    if (cs->n_wires == 0 || pub + cs->n_prv_in + 1 > cs->n_wires)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 at byte %llu: %u wires cannot hold 1 + %llu "
                       "public + %u private inputs",
                       path, (unsigned long long)(s->offset + 36), cs->n_wires,
                       (unsigned long long)pub, cs->n_prv_in);
    return G16K_OK;
}

/* The pass over section 2: validates each term, fills cs->lc and cs->n_terms. */
static int scan_constraints(const binfile *bf, const char *path, r1cs *cs)
{
    const binfile_section *s;
    int rc = binfile_section_get(bf, 2, "constraints", &s);
    if (rc)
        return rc;
    const uint8_t *base = bf->data + s->offset;
    uint64_t pos = 0;
    uint64_t t = 0;
    /* Three term counts per constraint at least: a header that claims more constraints than
     * the section can hold is refused before lc is allocated for them. */
    if (s->size / 12 < cs->n_constraints)
        return err_set(G16K_EFORMAT,
                       "%s: section 2 at byte %llu: %llu bytes cannot hold %u constraints (12 "
                       "bytes each at least: the header's nConstraints is wrong, or the file "
                       "is truncated)",
                       path, (unsigned long long)s->offset, (unsigned long long)s->size,
                       cs->n_constraints);
    cs->sec2 = base;
    cs->lc = malloc((3 * (size_t)cs->n_constraints + 1) * sizeof(*cs->lc));
    if (!cs->lc)
        return err_set(G16K_ENOMEM, "%s: no memory for %u constraints", path, cs->n_constraints);
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        for (int m = 0; m < 3; m++) {
            cs->lc[3 * c + (uint64_t)m] = t;
            if (s->size - pos < 4)
                goto truncated;
            uint32_t n = binfile_le32(base + pos);
            pos += 4;
            if ((s->size - pos) / R1CS_TERM_BYTES < n)
                goto truncated;
            for (uint32_t i = 0; i < n; i++, t++, pos += R1CS_TERM_BYTES) {
                uint32_t wire = binfile_le32(base + pos);
                uint64_t coef[CURVE_FR_LIMBS];
                binfile_limbs(coef, base + pos + 4, CURVE_FR_LIMBS);
                if (wire >= cs->n_wires)
                    return err_set(G16K_EFORMAT,
                                   "%s: section 2 at byte %llu: constraint %llu "
                                   "uses wire %u of %u",
                                   path, (unsigned long long)(s->offset + pos),
                                   (unsigned long long)c, wire, cs->n_wires);
                if (bigint_cmp(coef, cs->cv->r, CURVE_FR_LIMBS) >= 0)
                    return err_set(G16K_EFORMAT,
                                   "%s: section 2 at byte %llu: coefficient not "
                                   "below r",
                                   path, (unsigned long long)(s->offset + pos + 4));
            }
        }
    }
    cs->lc[3 * (uint64_t)cs->n_constraints] = t;
    if (pos != s->size)
        return err_set(G16K_EFORMAT,
                       "%s: section 2 at byte %llu: %llu bytes after constraint "
                       "%u",
                       path, (unsigned long long)(s->offset + pos),
                       (unsigned long long)(s->size - pos), cs->n_constraints);
    cs->n_terms = t;
    return G16K_OK;
truncated:
    return err_set(G16K_EFORMAT,
                   "%s: section 2 at byte %llu: truncated (%u constraints "
                   "declared)",
                   path, (unsigned long long)(s->offset + pos), cs->n_constraints);
}

int r1cs_load(const char *path, const curve *expect_cv, r1cs *out)
{
    memset(out, 0, sizeof(*out));
    int rc = binfile_open(&out->bf, path, "r1cs", 1, 5);
    if (rc == G16K_OK && (rc = read_header(&out->bf, path, expect_cv, out)) == G16K_OK)
        rc = scan_constraints(&out->bf, path, out);
    if (rc != G16K_OK)
        r1cs_free(out); /* nothing kept: r1cs_free again is a no-op */
    return rc;
}

void r1cs_free(r1cs *cs)
{
    free(cs->lc);
    cs->lc = NULL;
    cs->sec2 = NULL;
    binfile_close(&cs->bf);
}
