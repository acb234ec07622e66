/*
 * Witness file reader (.wtns, docs/formats.md, ".wtns"; snarkjs src/wtns_utils.js):
 * section 1 = u32 n8 | prime (n8 bytes) | u32 nWitness, section 2 = nWitness canonical values.
 * Values stay canonical: they are MSM scalars and synthesizer inputs, both canonical in our ABI.
 */
#include "wtns.h"

#include <stdlib.h>
#include <string.h>

#include "binfile.h"
#include "g16k/plugin.h"
#include "platform/big_alloc.h"
#include "util/error.h"

#define WTNS_VERSION 2
#define SEC_HEADER 1
#define SEC_VALUES 2

static int read_header(const binfile *bf, const curve *expect, const curve **cv, uint32_t *n_out)
{
    const binfile_section *s;
    int rc = binfile_section_get(bf, SEC_HEADER, "header", &s);
    if (rc != G16K_OK)
        return rc;
    const uint8_t *p = bf->data + s->offset;
    unsigned long long off = (unsigned long long)s->offset;
    if (s->size < 4)
        return err_set(G16K_EFORMAT, "%s: section 1 (header) at byte %llu: size %llu, need 40",
                       bf->path, off, (unsigned long long)s->size);
    uint32_t n8 = binfile_le32(p);
    if (n8 != CURVE_FR_BYTES)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 (header) at byte %llu: n8 %u, expected %u (the r of "
                       "BLS12-381 or BN254)",
                       bf->path, off, n8, CURVE_FR_BYTES);
    if (s->size != 4 + CURVE_FR_BYTES + 4)
        return err_set(G16K_EFORMAT, "%s: section 1 (header) at byte %llu: size %llu, need %u",
                       bf->path, off, (unsigned long long)s->size, 4 + CURVE_FR_BYTES + 4);
    uint64_t prime[CURVE_FR_LIMBS];
    binfile_limbs(prime, p + 4, CURVE_FR_LIMBS);
    if ((*cv = curve_by_r(prime)) == NULL)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 (header) at byte %llu: prime is neither BLS12-381's r nor "
                       "BN254's",
                       bf->path, off + 4);
    if (expect && *cv != expect)
        return err_set(G16K_EFORMAT,
                       "%s: section 1 (header) at byte %llu: a %s witness (its prime is %s's r), "
                       "the proving key is %s's (a witness of another circuit, or one compiled "
                       "with another --prime?)",
                       bf->path, off + 4, (*cv)->name, (*cv)->name, expect->name);
    *n_out = binfile_le32(p + 4 + CURVE_FR_BYTES);
    return G16K_OK;
}

/* From the file path, or from size bytes at data when data != NULL (path names them). */
static int load(const char *path, const void *data, uint64_t size, const curve *expect_cv,
                uint32_t expect_n_vars, wtns **out)
{
    binfile bf;
    int rc = data ? binfile_open_mem(&bf, path, data, size, "wtns", WTNS_VERSION, 2)
                  : binfile_open(&bf, path, "wtns", WTNS_VERSION, 2);
    if (rc != G16K_OK)
        return rc;
    uint32_t n = 0;
    const binfile_section *s;
    const curve *cv = NULL;
    wtns *w = NULL;
    rc = read_header(&bf, expect_cv, &cv, &n);
    if (rc != G16K_OK)
        goto out_close;
    rc = binfile_section_get(&bf, SEC_VALUES, "values", &s);
    if (rc != G16K_OK)
        goto out_close;
    unsigned long long off = (unsigned long long)s->offset;
    if (s->size != (uint64_t)n * CURVE_FR_BYTES) {
        rc = err_set(G16K_EFORMAT,
                     "%s: section 2 (values) at byte %llu: size %llu, header says %u values "
                     "(%llu bytes)",
                     path, off, (unsigned long long)s->size, n,
                     (unsigned long long)n * CURVE_FR_BYTES);
        goto out_close;
    }
    if (n == 0) {
        rc = err_set(G16K_EFORMAT, "%s: section 1 (header) at byte %llu: no witness values", path,
                     (unsigned long long)bf.sec[SEC_HEADER].offset);
        goto out_close;
    }
    if (expect_n_vars != 0 && n != expect_n_vars) {
        rc = err_set(G16K_EFORMAT,
                     "%s: section 1 (header) at byte %llu: %u witness values, the proving key "
                     "has %u variables (a witness of another circuit?)",
                     path, (unsigned long long)bf.sec[SEC_HEADER].offset + 4 + CURVE_FR_BYTES, n,
                     expect_n_vars);
        goto out_close;
    }

    /* Sizes are checked against the mapped file, so this allocation is bounded by it. */
    w = calloc(1, sizeof(*w));
    curve_scalar *v = big_alloc((size_t)n * sizeof(curve_scalar));
    if (w != NULL)
        w->values = v;
    if (w == NULL || v == NULL) {
        free(v);
        if (w != NULL)
            w->values = NULL;
        rc = err_set(G16K_ENOMEM, "%s: out of memory for %u witness values", path, n);
        goto out_free;
    }
    w->cv = cv;
    w->n = n;
    const uint8_t *p = bf.data + s->offset;
    for (uint32_t i = 0; i < n; i++) {
        binfile_limbs(v[i].l, p + (size_t)i * CURVE_FR_BYTES, CURVE_FR_LIMBS);
        if (bigint_cmp(v[i].l, cv->r, CURVE_FR_LIMBS) >= 0) {
            rc = err_set(G16K_EFORMAT, "%s: section 2 (values) at byte %llu: w[%u] >= r", path,
                         off + (unsigned long long)i * CURVE_FR_BYTES, i);
            goto out_free;
        }
    }
    static const uint64_t one[CURVE_FR_LIMBS] = { 1, 0, 0, 0 };
    if (bigint_cmp(v[0].l, one, CURVE_FR_LIMBS) != 0) {
        rc = err_set(G16K_EFORMAT, "%s: section 2 (values) at byte %llu: w[0] is not 1", path, off);
        goto out_free;
    }
    binfile_close(&bf);
    *out = w;
    return G16K_OK;

out_free:
    wtns_free(w);
out_close:
    binfile_close(&bf);
    return rc;
}

int wtns_load(const char *path, const curve *expect_cv, uint32_t expect_n_vars, wtns **out)
{
    return load(path, NULL, 0, expect_cv, expect_n_vars, out);
}

int wtns_load_mem(const char *name, const void *data, uint64_t size, const curve *expect_cv,
                  uint32_t expect_n_vars, wtns **out)
{
    static const uint8_t empty[1];
    return load(name, data ? data : empty, data ? size : 0, expect_cv, expect_n_vars, out);
}

void wtns_free(wtns *w)
{
    if (w == NULL)
        return;
    free(w->values);
    free(w);
}
