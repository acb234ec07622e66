/*
 * Reader of circom constraint systems (.r1cs version 1, docs/formats.md, ".r1cs"; iden3 r1csfile
 * src/r1csfile.js): header (section 1) and constraints (section 2). Labels (3) and custom gates
 * (4, 5: PLONK only) are not read. Two passes over the mapped section 2: the first validates and
 * counts the terms, the second fills one flat term array, so a million-constraint circuit costs
 * two allocations.
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "binfile.h"
#include "r1cs.h"
#include "foreign_curve.h"
#include "util/error.h"

#define HEADER_SIZE 64u /* n8, r, nWires, nPubOut, nPubIn, nPrvIn, nLabels (u64), nConstraints */

static int read_header(const binfile *bf, const char *path, r1cs *cs)
{
    const binfile_section *s;
    int rc = binfile_section_get(bf, 1, "header", &s);
    if (rc)
        return rc;
    const uint8_t *p = bf->data + s->offset;
    /* a BN254 file has n8 = 32 too, so its header has this size: its prime says what it is */
    const char *hint = s->size >= 36 ? foreign_curve_hint(p + 4, binfile_le32(p)) : "";
    if (s->size != HEADER_SIZE)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 at byte %llu: size %llu, expected %u "
                       "(only BLS12-381, n8 = 32, is supported)",
                       path, (unsigned long long)s->offset, (unsigned long long)s->size,
                       HEADER_SIZE);
    if (binfile_le32(p) != FR_BYTES)
        return err_set(G16K_EFORMAT, "%s: section 1 at byte %llu: n8 %u, expected 32", path,
                       (unsigned long long)s->offset, binfile_le32(p));
    fr_t prime;
    binfile_limbs(prime.l, p + 4, FR_LIMBS);
    if (bigint_cmp(prime.l, FR_MODULUS.l, FR_LIMBS) != 0)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 at byte %llu: prime is not the BLS12-381 "
                       "scalar field r%s",
                       path, (unsigned long long)(s->offset + 4), hint);
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

/* One pass over section 2. With terms == NULL only validates and counts (*n_terms). */
static int scan_constraints(const binfile *bf, const char *path, r1cs *cs, uint64_t *n_terms)
{
    const binfile_section *s;
    int rc = binfile_section_get(bf, 2, "constraints", &s);
    if (rc)
        return rc;
    const uint8_t *base = bf->data + s->offset;
    uint64_t pos = 0;
    uint64_t t = 0;
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        for (int m = 0; m < 3; m++) {
            if (cs->lc)
                cs->lc[3 * c + (uint64_t)m] = t;
            if (s->size - pos < 4)
                goto truncated;
            uint32_t n = binfile_le32(base + pos);
            pos += 4;
            if ((s->size - pos) / (4 + FR_BYTES) < n)
                goto truncated;
            for (uint32_t i = 0; i < n; i++, t++, pos += 4 + FR_BYTES) {
                uint32_t wire = binfile_le32(base + pos);
                fr_t coef;
                binfile_limbs(coef.l, base + pos + 4, FR_LIMBS);
                if (wire >= cs->n_wires)
                    return err_set(G16K_EFORMAT,
                                   "%s: section 2 at byte %llu: constraint %llu "
                                   "uses wire %u of %u",
                                   path, (unsigned long long)(s->offset + pos),
                                   (unsigned long long)c, wire, cs->n_wires);
                if (bigint_cmp(coef.l, FR_MODULUS.l, FR_LIMBS) >= 0)
                    return err_set(G16K_EFORMAT,
                                   "%s: section 2 at byte %llu: coefficient not "
                                   "below r",
                                   path, (unsigned long long)(s->offset + pos + 4));
                if (cs->terms) {
                    cs->terms[t].wire = wire;
                    cs->terms[t].coef = coef;
                }
            }
        }
    }
    if (cs->lc)
        cs->lc[3 * (uint64_t)cs->n_constraints] = t;
    if (pos != s->size)
        return err_set(G16K_EFORMAT,
                       "%s: section 2 at byte %llu: %llu bytes after constraint "
                       "%u",
                       path, (unsigned long long)(s->offset + pos),
                       (unsigned long long)(s->size - pos), cs->n_constraints);
    *n_terms = t;
    return G16K_OK;
truncated:
    return err_set(G16K_EFORMAT,
                   "%s: section 2 at byte %llu: truncated (%u constraints "
                   "declared)",
                   path, (unsigned long long)(s->offset + pos), cs->n_constraints);
}

int r1cs_load(const char *path, r1cs *out)
{
    binfile bf;
    memset(out, 0, sizeof(*out));
    int rc = binfile_open(&bf, path, "r1cs", 1, 5);
    if (rc)
        return rc;
    if ((rc = read_header(&bf, path, out)) != G16K_OK)
        goto out_close;
    uint64_t n_terms = 0;
    if ((rc = scan_constraints(&bf, path, out, &n_terms)) != G16K_OK)
        goto out_close;
    out->lc = malloc((3 * (size_t)out->n_constraints + 1) * sizeof(*out->lc));
    out->terms = malloc((n_terms ? n_terms : 1) * sizeof(*out->terms));
    if (!out->lc || !out->terms) {
        rc =
            err_set(G16K_ENOMEM, "%s: no memory for %llu terms", path, (unsigned long long)n_terms);
        goto out_free;
    }
    if ((rc = scan_constraints(&bf, path, out, &n_terms)) != G16K_OK)
        goto out_free;
    out->n_terms = n_terms;
    binfile_close(&bf);
    return G16K_OK;
out_free:
    r1cs_free(out);
out_close:
    binfile_close(&bf);
    return rc;
}

void r1cs_free(r1cs *cs)
{
    free(cs->lc);
    free(cs->terms);
    cs->lc = NULL;
    cs->terms = NULL;
}
