/*
 * Groth16 proving key reader (.zkey, BLS12-381 and BN254; docs/formats.md; snarkjs
 * src/zkey_utils.js readHeader/readSection, zkey_new.js for the coefficient encoding).
 *
 * The format: headers (sections 1, 2), every section size against what nVars/nPublic/domainSize
 * imply, and only then allocation, so a hostile header can make us allocate at most about the
 * size of the file; coefficients by ranges. zkey_load.c reads the file, runs these on its
 * threads, decodes the points and runs the subgroup tests. Section 10 (contributions) is not
 * needed for proving and may be absent. Sections with ids other than 1..10 are skipped, as
 * snarkjs skips them (binfile.h).
 */
#include "zkey.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "zkey_internal.h"
#include "point_decode.h"

#define MAX_LOG_N 28

/* The groth16 header of zkey_layout.h is these fields back to back. */
_Static_assert(ZKEY_H2_Q == ZKEY_H2_N8Q + 4 && ZKEY_H2_N8R == ZKEY_H2_Q + FP_BYTES &&
                   ZKEY_H2_R == ZKEY_H2_N8R + 4 && ZKEY_H2_NVARS == ZKEY_H2_R + FR_BYTES &&
                   ZKEY_H2_NPUB == ZKEY_H2_NVARS + 4 && ZKEY_H2_DOMAIN == ZKEY_H2_NPUB + 4 &&
                   ZKEY_H2_ALPHA1 == ZKEY_H2_DOMAIN + 4 &&
                   ZKEY_H2_BETA1 == ZKEY_H2_ALPHA1 + ZKEY_G1_BYTES &&
                   ZKEY_H2_BETA2 == ZKEY_H2_BETA1 + ZKEY_G1_BYTES &&
                   ZKEY_H2_GAMMA2 == ZKEY_H2_BETA2 + ZKEY_G2_BYTES &&
                   ZKEY_H2_DELTA1 == ZKEY_H2_GAMMA2 + ZKEY_G2_BYTES &&
                   ZKEY_H2_DELTA2 == ZKEY_H2_DELTA1 + ZKEY_G1_BYTES &&
                   ZKEY_H2_SIZE == ZKEY_H2_DELTA2 + ZKEY_G2_BYTES,
               "zkey groth16 header layout");

static const char *const SECTION_NAME[ZKEY_MAX_ID + 1] = {
    "", "header", "groth16 header", "IC", "coefficients", "A", "B1", "B2", "C", "H", "contributions"
};

/* The one-line message: "PATH: section ID (NAME) at byte OFFSET: what". */
int zkey_sec_err(const binfile *bf, uint32_t id, uint64_t offset, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    return err_set(G16K_EFORMAT, "%s: section %u (%s) at byte %llu: %s", bf->path, id,
                   SECTION_NAME[id], (unsigned long long)offset, what);
}

static int get_sec(const binfile *bf, uint32_t id, const binfile_section **s)
{
    return binfile_section_get(bf, id, SECTION_NAME[id], s);
}

static int expect_size(const binfile *bf, uint32_t id, uint64_t want, const char *why)
{
    const binfile_section *s = &bf->sec[id];
    if (s->size != want)
        return zkey_sec_err(bf, id, s->offset, "size %llu, expected %llu (%s)",
                            (unsigned long long)s->size, (unsigned long long)want, why);
    return G16K_OK;
}

static int read_protocol(const binfile *bf)
{
    const binfile_section *s;
    int rc = get_sec(bf, 1, &s);
    if (rc != G16K_OK)
        return rc;
    if ((rc = expect_size(bf, 1, 4, "u32 protocol")) != G16K_OK)
        return rc;
    uint32_t protocol = binfile_le32(binfile_at(bf, s->offset));
    if (protocol != ZKEY_PROTOCOL_GROTH16)
        return zkey_sec_err(bf, 1, s->offset, "protocol %u, expected 1 (Groth16)", protocol);
    return G16K_OK;
}

/* Section 2 of a key of either curve: the curve (from n8q and q), counts and header points. */
typedef struct zkey_h2 {
    const curve *cv;
    uint32_t n8q;
    uint32_t n_vars, n_public, domain_size, log_n;
    curve_g1 alpha1, beta1, delta1;
    curve_g2 beta2, gamma2, delta2;
} zkey_h2;

/* What a point of cv's g1/g2_from_mont_bytes verdict is, as zkey_point_g1 says it (NULL: valid). */
static const char *point_what(int pt, int is_inf, int allow_inf)
{
    switch (pt) {
    case CURVE_PT_NOT_BELOW_P: return ZKEY_COORD_NOT_BELOW_P;
    case CURVE_PT_OFF_CURVE: return ZKEY_NOT_ON_CURVE;
    case CURVE_PT_OUTSIDE_SUBGROUP: return ZKEY_NOT_IN_SUBGROUP;
    default: return is_inf && !allow_inf ? "point at infinity not allowed here" : NULL;
    }
}

static int read_h2(const binfile *bf, zkey_h2 *h)
{
    const binfile_section *s;
    int rc = get_sec(bf, 2, &s);
    if (rc != G16K_OK)
        return rc;
    const uint8_t *p = binfile_at(bf, s->offset);
    uint64_t off = s->offset;
    if (s->size < 4)
        return zkey_sec_err(bf, 2, off, "size %llu, expected %u", (unsigned long long)s->size,
                            ZKEY_H2_SIZE);
    uint32_t n8q = binfile_le32(p + ZKEY_H2_N8Q);
    const curve *cv = n8q % 8 == 0 ? curve_by_fp_limbs(n8q / 8) : NULL;
    if (cv == NULL)
        return zkey_sec_err(bf, 2, off, "n8q %u, expected 48 (BLS12-381) or 32 (BN254)", n8q);
    char why[64];
    snprintf(why, sizeof(why), "n8q %u: %s groth16 header", n8q, cv->name);
    if ((rc = expect_size(bf, 2, ZKEY_H2_SIZE_AT(n8q), why)) != G16K_OK)
        return rc;
    uint64_t q[CURVE_FP_MAX_LIMBS];
    binfile_limbs(q, p + ZKEY_H2_Q, cv->fp_limbs);
    if (bigint_cmp(q, cv->p, cv->fp_limbs) != 0)
        return zkey_sec_err(bf, 2, off + ZKEY_H2_Q, "base field prime q is not %s p", cv->name);
    uint32_t n8r = binfile_le32(p + ZKEY_H2_N8R_AT(n8q));
    if (n8r != CURVE_FR_BYTES)
        return zkey_sec_err(bf, 2, off + ZKEY_H2_N8R_AT(n8q), "n8r %u, expected %u (%s r)", n8r,
                            CURVE_FR_BYTES, cv->name);
    uint64_t r[CURVE_FR_LIMBS];
    binfile_limbs(r, p + ZKEY_H2_R_AT(n8q), CURVE_FR_LIMBS);
    if (bigint_cmp(r, cv->r, CURVE_FR_LIMBS) != 0)
        return zkey_sec_err(bf, 2, off + ZKEY_H2_R_AT(n8q), "scalar field prime r is not %s r",
                            cv->name);
    h->cv = cv;
    h->n8q = n8q;
    h->n_vars = binfile_le32(p + ZKEY_H2_NVARS_AT(n8q));
    h->n_public = binfile_le32(p + ZKEY_H2_NPUB_AT(n8q));
    h->domain_size = binfile_le32(p + ZKEY_H2_DOMAIN_AT(n8q));
    if (h->n_vars == 0 || h->n_public >= h->n_vars)
        return zkey_sec_err(bf, 2, off + ZKEY_H2_NVARS_AT(n8q),
                            "nPublic %u, nVars %u: need nPublic < nVars", h->n_public, h->n_vars);
    uint32_t n = h->domain_size;
    if (n == 0 || (n & (n - 1)) != 0 || n > (1u << MAX_LOG_N))
        return zkey_sec_err(bf, 2, off + ZKEY_H2_DOMAIN_AT(n8q),
                            "domainSize %u is not a power of two in [1, 2^%d]", n, MAX_LOG_N);
    /* The public-input rows m..m+P of the extended system must fit in the domain. */
    if ((uint64_t)h->n_public + 1 > n)
        return zkey_sec_err(bf, 2, off + ZKEY_H2_DOMAIN_AT(n8q),
                            "domainSize %u < nPublic + 1 = %llu", n,
                            (unsigned long long)h->n_public + 1);
    h->log_n = 0;
    while ((1u << h->log_n) < n)
        h->log_n++;

    const struct {
        uint32_t at;
        const char *name;
        int g2;
        void *dst;
    } pts[] = { { ZKEY_H2_ALPHA1_AT(n8q), "alpha1", 0, &h->alpha1 },
                { ZKEY_H2_BETA1_AT(n8q), "beta1", 0, &h->beta1 },
                { ZKEY_H2_BETA2_AT(n8q), "beta2", 1, &h->beta2 },
                { ZKEY_H2_GAMMA2_AT(n8q), "gamma2", 1, &h->gamma2 },
                { ZKEY_H2_DELTA1_AT(n8q), "delta1", 0, &h->delta1 },
                { ZKEY_H2_DELTA2_AT(n8q), "delta2", 1, &h->delta2 } };
    /* G1 before G2, as the messages always named the first bad point of each group */
    for (int g2 = 0; g2 < 2; g2++)
        for (size_t i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
            if (pts[i].g2 != g2)
                continue;
            int pt = g2 ? cv->g2_from_mont_bytes(pts[i].dst, p + pts[i].at)
                        : cv->g1_from_mont_bytes(pts[i].dst, p + pts[i].at);
            int inf = g2 ? cv->g2_is_inf(pts[i].dst) : cv->g1_is_inf(pts[i].dst);
            const char *what = point_what(pt, inf, 0);
            if (what != NULL)
                return zkey_sec_err(bf, 2, off + pts[i].at, "%s: %s", pts[i].name, what);
        }
    return G16K_OK;
}

/* The prover's key: its curve, counts and header points. */
static int h2_to_zkey(const binfile *bf, const zkey_h2 *h, zkey *k)
{
    (void)bf;
    k->cv = h->cv;
    k->n_vars = h->n_vars;
    k->n_public = h->n_public;
    k->domain_size = h->domain_size;
    k->log_n = h->log_n;
    k->alpha1 = h->alpha1;
    k->beta1 = h->beta1;
    k->delta1 = h->delta1;
    k->beta2 = h->beta2;
    k->gamma2 = h->gamma2;
    k->delta2 = h->delta2;
    return G16K_OK;
}

/* Every payload section must be present with exactly the size the header implies. */
static int check_sizes(const binfile *bf, const zkey_h2 *h, uint64_t *n_coefs)
{
    const binfile_section *s;
    int rc;
    for (uint32_t id = 3; id <= 9; id++)
        if ((rc = get_sec(bf, id, &s)) != G16K_OK)
            return rc;
    uint64_t nv = h->n_vars;
    uint64_t np1 = (uint64_t)h->n_public + 1;
    uint64_t g1 = 2u * h->n8q, g2 = 4u * h->n8q;
    if ((rc = expect_size(bf, 3, np1 * g1, "nPublic + 1 G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 5, nv * g1, "nVars G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 6, nv * g1, "nVars G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 7, nv * g2, "nVars G2 points")) != G16K_OK ||
        (rc = expect_size(bf, 8, (nv - np1) * g1, "nVars - nPublic - 1 G1 points")) != G16K_OK ||
        (rc = expect_size(bf, 9, (uint64_t)h->domain_size * g1, "domainSize G1 points")) != G16K_OK)
        return rc;
    s = &bf->sec[4];
    if (s->size < 4)
        return zkey_sec_err(bf, 4, s->offset, "size %llu, too small for the u32 count",
                            (unsigned long long)s->size);
    *n_coefs = binfile_le32(binfile_at(bf, s->offset));
    return expect_size(bf, 4, 4 + *n_coefs * ZKEY_COEF_BYTES, "4 + nCoef * 44");
}

/* Sections 1 and 2 and every section's size, of a key of either curve. */
static int read_headers_any(const binfile *bf, zkey_h2 *h, uint64_t *n_coefs)
{
    int rc;
    memset(h, 0, sizeof(*h));
    if ((rc = read_protocol(bf)) != G16K_OK || (rc = read_h2(bf, h)) != G16K_OK)
        return rc;
    return check_sizes(bf, h, n_coefs);
}

/* Coefficients [begin, end) of section 4: {matrix, row, signal, value}, checked and kept as
 * stored (value = coef * R^2 mod r: zkey.h says why it is not reduced). */
int zkey_read_coefs(const binfile *bf, zkey *k, uint64_t begin, uint64_t end)
{
    const binfile_section *s = &bf->sec[4];
    const uint8_t *p = binfile_at(bf, s->offset) + 4 + begin * ZKEY_COEF_BYTES;
    for (uint64_t i = begin; i < end; i++, p += ZKEY_COEF_BYTES) {
        uint64_t at = s->offset + 4 + i * ZKEY_COEF_BYTES;
        g16k_coef tmp, *c = k->coefs ? &k->coefs[i] : &tmp; /* records: validated only */
        c->matrix = binfile_le32(p);
        c->row = binfile_le32(p + 4);
        c->signal = binfile_le32(p + 8);
        c->pad = 0;
        if (c->matrix > 1)
            return zkey_sec_err(bf, 4, at, "coefficient %llu: matrix %u, expected 0 (A) or 1 (B)",
                                (unsigned long long)i, c->matrix);
        if (c->row >= k->domain_size)
            return zkey_sec_err(bf, 4, at + 4, "coefficient %llu: row %u >= domainSize %u",
                                (unsigned long long)i, c->row, k->domain_size);
        if (c->signal >= k->n_vars)
            return zkey_sec_err(bf, 4, at + 8, "coefficient %llu: signal %u >= nVars %u",
                                (unsigned long long)i, c->signal, k->n_vars);
        uint64_t stored[CURVE_FR_LIMBS];
        binfile_limbs(stored, p + 12, CURVE_FR_LIMBS);
        if (bigint_cmp(stored, k->cv->r, CURVE_FR_LIMBS) >= 0)
            return zkey_sec_err(bf, 4, at + 12, "coefficient %llu: value >= r",
                                (unsigned long long)i);
        memcpy(c->value, stored, sizeof(c->value));
    }
    return G16K_OK;
}

_Static_assert(ZKEY_COEF_BYTES == G16K_COEF_RECORD_BYTES, "section 4 records are the ABI's");

int zkey_decode_coefs(zkey *k)
{
    if (k->coefs != NULL || k->coef_records == NULL)
        return G16K_OK;
    g16k_coef *c = malloc(k->n_coefs > 0 ? (size_t)k->n_coefs * sizeof(g16k_coef) : 1);
    if (c == NULL)
        return err_set(G16K_ENOMEM, "out of memory for %llu coefficients",
                       (unsigned long long)k->n_coefs);
    const uint8_t *p = k->coef_records;
    for (uint64_t i = 0; i < k->n_coefs; i++, p += ZKEY_COEF_BYTES) {
        c[i] = (g16k_coef){ .matrix = binfile_le32(p),
                            .row = binfile_le32(p + 4),
                            .signal = binfile_le32(p + 8) };
        binfile_limbs(c[i].value, p + 12, CURVE_FR_LIMBS);
    }
    k->coefs = c;
    return G16K_OK;
}

/* malloc that never returns NULL for a zero count (C may have no points). */
static void *alloc_array(uint64_t n, size_t elem)
{
    return malloc(n > 0 ? (size_t)n * elem : 1);
}

int zkey_read_headers(const binfile *bf, zkey *k)
{
    zkey_h2 h;
    int rc;
    if ((rc = read_headers_any(bf, &h, &k->n_coefs)) != G16K_OK ||
        (rc = h2_to_zkey(bf, &h, k)) != G16K_OK)
        return rc;
    /* Every count below was just matched against a section that lies inside the file. */
    uint64_t nv = k->n_vars;
    size_t g1 = k->cv->g1_bytes, g2 = k->cv->g2_bytes;
    k->ic = alloc_array((uint64_t)k->n_public + 1, g1);
    if (!k->coefs && !k->coef_records)
        k->coefs = alloc_array(k->n_coefs, sizeof(g16k_coef));
    if (!k->a)
        k->a = alloc_array(nv, g1);
    if (!k->b1)
        k->b1 = alloc_array(nv, g1);
    if (!k->b2)
        k->b2 = alloc_array(nv, g2);
    if (!k->c)
        k->c = alloc_array(nv - k->n_public - 1, g1);
    if (!k->h)
        k->h = alloc_array(k->domain_size, g1);
    if (!k->ic || !(k->coefs || k->coef_records) || !k->a || !k->b1 || !k->b2 || !k->c || !k->h)
        return err_set(G16K_ENOMEM, "%s: out of memory for %u variables, domain %u", bf->path,
                       k->n_vars, k->domain_size);
    return G16K_OK;
}

int zkey_read_header(const char *name, const void *data, uint64_t size, zkey *hdr)
{
    binfile bf;
    uint64_t n_coefs;
    int rc = binfile_open_mem(&bf, name, data, size, ZKEY_MAGIC, ZKEY_VERSION, ZKEY_MAX_ID);
    if (rc != G16K_OK)
        return rc;
    memset(hdr, 0, sizeof(*hdr));
    zkey_h2 h;
    if ((rc = read_headers_any(&bf, &h, &n_coefs)) == G16K_OK)
        rc = h2_to_zkey(&bf, &h, hdr);
    hdr->n_coefs = rc == G16K_OK ? n_coefs : 0;
    binfile_close(&bf);
    return rc;
}

int zkey_read_vk(const char *path, groth16_vk *out)
{
    binfile bf;
    int rc = binfile_open(&bf, path, ZKEY_MAGIC, ZKEY_VERSION, ZKEY_MAX_ID);
    if (rc != G16K_OK)
        return rc;
    zkey_h2 h;
    uint64_t n_coefs;
    groth16_vk vk;
    memset(&vk, 0, sizeof(vk));
    if ((rc = read_headers_any(&bf, &h, &n_coefs)) != G16K_OK)
        goto out;
    const curve *cv = h.cv;
    vk.cv = cv;
    vk.n_public = h.n_public;
    vk.alpha1 = h.alpha1;
    vk.beta2 = h.beta2;
    vk.gamma2 = h.gamma2;
    vk.delta2 = h.delta2;
    uint64_t n_ic = (uint64_t)h.n_public + 1;
    const binfile_section *s = &bf.sec[ZKEY_SEC_IC];
    /* zeroed: a BN254 point leaves the tail of its union unwritten */
    if (!(vk.ic = calloc(n_ic, sizeof(curve_g1)))) {
        rc = err_set(G16K_ENOMEM, "%s: out of memory for %llu IC points", path,
                     (unsigned long long)n_ic);
        goto out;
    }
    for (uint64_t i = 0; i < n_ic; i++) {
        uint64_t at = s->offset + i * 2u * h.n8q;
        int pt = cv->g1_from_mont_bytes(&vk.ic[i], bf.data + at);
        const char *what = point_what(pt, cv->g1_is_inf(&vk.ic[i]), 1);
        if (what != NULL) {
            rc = zkey_sec_err(&bf, ZKEY_SEC_IC, at, "point %llu: %s", (unsigned long long)i, what);
            goto out;
        }
    }
out:
    binfile_close(&bf);
    if (rc != G16K_OK)
        vk_free(&vk);
    else
        *out = vk;
    return rc;
}

void zkey_give_back(const void *p, size_t bytes)
{
    uintptr_t page = (uintptr_t)getpagesize(), a = (uintptr_t)p;
    uintptr_t lo = (a + page - 1) & ~(page - 1), hi = (a + (uintptr_t)bytes) & ~(page - 1);
    if (hi > lo)
        (void)madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

static int in_region(const void *region, size_t len, const void *p)
{
    uintptr_t a = (uintptr_t)p, lo = (uintptr_t)region;
    return region != NULL && a >= lo && a < lo + len;
}

static int in_image(const zkey *k, const void *p)
{
    return in_region(k->image, k->image_len, p) || in_region(k->file_map, k->file_map_len, p);
}

/* Drop *arr (bytes long): free it, or (give_back) return the whole pages it covers in the
 * image to the kernel. */
static void drop(zkey *k, void *arr, uint64_t bytes, int give_back)
{
    void **p = arr;
    if (*p == NULL)
        return;
    if (!in_image(k, *p)) {
        free(*p);
    } else if (give_back) {
        zkey_give_back(*p, (size_t)bytes);
    }
    *p = NULL;
}

void zkey_drop_arrays(zkey *k, unsigned keep)
{
    uint64_t nv = k->n_vars, nc = nv > k->n_public ? nv - k->n_public - 1 : 0;
    int give_back = keep != 0; /* else the whole image goes below */
    /* a load that failed before the header may have arrays in the image and no curve yet */
    uint64_t g1 = k->cv ? k->cv->g1_bytes : 0, g2 = k->cv ? k->cv->g2_bytes : 0;
    if (!(keep & ZKEY_KEEP_COEFS)) {
        drop(k, &k->coefs, k->n_coefs * sizeof(g16k_coef), give_back);
        if (k->coef_records != NULL && give_back) /* in the image or the mapping, never ours */
            zkey_give_back(k->coef_records, (size_t)(k->n_coefs * ZKEY_COEF_BYTES));
        k->coef_records = NULL;
    }
    if (!(keep & ZKEY_KEEP_A))
        drop(k, &k->a, nv * g1, give_back);
    if (!(keep & ZKEY_KEEP_B1))
        drop(k, &k->b1, nv * g1, give_back);
    if (!(keep & ZKEY_KEEP_B2))
        drop(k, &k->b2, nv * g2, give_back);
    if (!(keep & ZKEY_KEEP_C))
        drop(k, &k->c, nc * g1, give_back);
    if (!(keep & ZKEY_KEEP_H))
        drop(k, &k->h, (uint64_t)k->domain_size * g1, give_back);
    /* Each region stays for what is kept in it. */
    const void *arr[] = { k->coefs, k->coef_records, k->a, k->b1, k->b2, k->c, k->h };
    int used_image = 0, used_map = 0;
    for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) {
        used_image |= in_region(k->image, k->image_len, arr[i]);
        used_map |= in_region(k->file_map, k->file_map_len, arr[i]);
    }
    if (!used_image && k->image != NULL) {
        munmap(k->image, k->image_len);
        k->image = NULL;
        k->image_len = 0;
    }
    if (!used_map && k->file_map != NULL) {
        munmap(k->file_map, k->file_map_len);
        close(k->file_fd);
        free(k->file_path);
        k->file_path = NULL;
        k->file_map = NULL;
        k->file_map_len = 0;
        k->file_fd = -1;
    }
}

int zkey_check_unchanged(const zkey *k)
{
    if (k->file_map == NULL)
        return G16K_OK;
    zkey_file_stamp now;
    if (zkey_file_stamp_of(k->file_fd, &now) != 0 || memcmp(&now, &k->file_stamp, sizeof now) != 0)
        return err_set(G16K_EIO,
                       "%s: the key file changed in place while in use: replace a key by "
                       "renaming a new file over it, never by rewriting it",
                       k->file_path ? k->file_path : "zkey");
    return G16K_OK;
}

int zkey_file_stamp_of(int fd, zkey_file_stamp *out)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -1;
    memset(out, 0, sizeof *out);
    *out = (zkey_file_stamp){ .dev = (uint64_t)st.st_dev,
                              .ino = (uint64_t)st.st_ino,
                              .size = (uint64_t)st.st_size,
                              .mtime_s = (int64_t)st.st_mtim.tv_sec,
                              .mtime_ns = (int64_t)st.st_mtim.tv_nsec };
    return 0;
}

void zkey_free(zkey *k)
{
    if (k == NULL)
        return;
    free(k->ic);
    zkey_drop_arrays(k, 0);
    free(k);
}
