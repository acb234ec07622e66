/*
 * setup_vk_export (setup.h): verification_key.json of a Groth16 zkey, byte-identical to
 * `snarkjs zkey export verificationkey` (snarkjs 0.7.6 src/zkey_export_verificationkey.js,
 * groth16Vk; written by cli.js with bfj, space 1: one value per line, one space per depth, no
 * trailing newline). Points come out affine as canonical decimals: G1 [x, y, "1"],
 * G2 [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]] (ffjavascript toObject; infinity is [0, 1, 0]).
 * vk_alphabeta_12 = e(alpha1, beta2) as ffjavascript's Gt.toObject prints it: [c0, c1] of Fp12,
 * each [c0, c1, c2] of Fp6, each [c0, c1] of Fp2 - the same tower as core/bls12_381/tower.h.
 * Only sections 1..3 are read, so exporting the key of a large circuit is instant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bls12_381/pairing.h"
#include "formats/json_io.h"
#include "g16k/plugin.h"
#include "internal.h"
#include "setup.h"
#include "util/error.h"

#define HEADER_BYTES 964u

static void indent(FILE *f, int depth)
{
    for (int i = 0; i < depth; i++)   /* nothing for depth < 0 */
        fputc(' ', f);
}

/* A JSON string at depth, followed by "," unless last. */
static void put_str(FILE *f, int depth, const char *s, int last)
{
    indent(f, depth);
    fprintf(f, "\"%s\"%s\n", s, last ? "" : ",");
}

static void put_fp(FILE *f, int depth, const fp_t *a, int last)
{
    char buf[FP_DEC_MAX];
    fp_to_dec(buf, a);
    put_str(f, depth, buf, last);
}

/* "[" at depth; depth < 0 means right after a key ("name": [), so no indentation. */
static void open_arr(FILE *f, int depth)
{
    indent(f, depth);
    fputs("[\n", f);
}

/* The depth of an array's contents; an array opened after a key sits at depth 1. */
static int inner(int depth)
{
    return depth < 0 ? 2 : depth + 1;
}

static int outer(int depth)
{
    return depth < 0 ? 1 : depth;
}

static void close_arr(FILE *f, int depth, int last)
{
    indent(f, depth);
    fprintf(f, "]%s\n", last ? "" : ",");
}

static void put_fp2(FILE *f, int depth, const fp2_t *a, int last)
{
    open_arr(f, depth);
    put_fp(f, inner(depth), &a->c0, 0);
    put_fp(f, inner(depth), &a->c1, 1);
    close_arr(f, outer(depth), last);
}

static void put_g1(FILE *f, int depth, const g1_affine_t *p, int last)
{
    open_arr(f, depth);
    if (g1_affine_is_inf(p)) {
        put_str(f, inner(depth), "0", 0);
        put_str(f, inner(depth), "1", 0);
        put_str(f, inner(depth), "0", 1);
    } else {
        put_fp(f, inner(depth), &p->x, 0);
        put_fp(f, inner(depth), &p->y, 0);
        put_str(f, inner(depth), "1", 1);
    }
    close_arr(f, outer(depth), last);
}

static void put_g2(FILE *f, int depth, const g2_affine_t *p, int last)
{
    fp2_t zero, one;
    fp2_set_zero(&zero);
    fp2_set_one(&one);
    int inf = g2_affine_is_inf(p);
    open_arr(f, depth);
    put_fp2(f, inner(depth), inf ? &zero : &p->x, 0);
    put_fp2(f, inner(depth), inf ? &one : &p->y, 0);
    put_fp2(f, inner(depth), inf ? &zero : &one, 1);
    close_arr(f, outer(depth), last);
}

static void put_fp12(FILE *f, int depth, const fp12_t *a, int last)
{
    const fp6_t *h[2] = { &a->c0, &a->c1 };
    open_arr(f, depth);
    for (int i = 0; i < 2; i++) {
        open_arr(f, inner(depth));
        put_fp2(f, inner(depth) + 1, &h[i]->c0, 0);
        put_fp2(f, inner(depth) + 1, &h[i]->c1, 0);
        put_fp2(f, inner(depth) + 1, &h[i]->c2, 1);
        close_arr(f, inner(depth), i == 1);
    }
    close_arr(f, outer(depth), last);
}

typedef struct vk_src {
    uint32_t n_public;
    g1_affine_t alpha1;
    g2_affine_t beta2, gamma2, delta2;
    g1_affine_t *ic;
} vk_src;

static int point_g1(const binfile *bf, uint64_t off, g1_affine_t *p)
{
    if (g1_affine_from_bytes_mont(p, bf->data + off) || !g1_affine_is_on_curve(p))
        return g16k_err(G16K_EFORMAT, "%s: G1 point at byte %llu not on the curve", bf->path,
                        (unsigned long long)off);
    return G16K_OK;
}

static int point_g2(const binfile *bf, uint64_t off, g2_affine_t *p)
{
    if (g2_affine_from_bytes_mont(p, bf->data + off) || !g2_affine_is_on_curve(p))
        return g16k_err(G16K_EFORMAT, "%s: G2 point at byte %llu not on the curve", bf->path,
                        (unsigned long long)off);
    return G16K_OK;
}

static int read_vk(const binfile *bf, vk_src *v)
{
    const binfile_section *s1, *s2, *s3;
    int rc;
    if ((rc = binfile_section_get(bf, 1, "header", &s1)) ||
        (rc = binfile_section_get(bf, 2, "groth16 header", &s2)) ||
        (rc = binfile_section_get(bf, 3, "IC", &s3)))
        return rc;
    if (s1->size != 4 || binfile_le32(bf->data + s1->offset) != 1)
        return g16k_err(G16K_EFORMAT, "%s: section 1 at byte %llu: not a Groth16 key", bf->path,
                        (unsigned long long)s1->offset);
    const uint8_t *h = bf->data + s2->offset;
    fp_t q;
    fr_t r;
    if (s2->size != HEADER_BYTES || binfile_le32(h) != FP_BYTES || binfile_le32(h + 52) != FR_BYTES)
        return g16k_err(G16K_EFORMAT, "%s: section 2 at byte %llu: not a BLS12-381 header",
                        bf->path, (unsigned long long)s2->offset);
    binfile_limbs(q.l, h + 4, FP_LIMBS);
    binfile_limbs(r.l, h + 56, FR_LIMBS);
    if (bigint_cmp(q.l, FP_MODULUS.l, FP_LIMBS) || bigint_cmp(r.l, FR_MODULUS.l, FR_LIMBS))
        return g16k_err(G16K_EFORMAT, "%s: section 2 at byte %llu: primes are not BLS12-381's",
                        bf->path, (unsigned long long)s2->offset);
    v->n_public = binfile_le32(h + 92);
    uint64_t p = s2->offset + 100;      /* alpha1 beta1 beta2 gamma2 delta1 delta2 */
    if ((rc = point_g1(bf, p, &v->alpha1)) || (rc = point_g2(bf, p + 192, &v->beta2)) ||
        (rc = point_g2(bf, p + 384, &v->gamma2)) || (rc = point_g2(bf, p + 672, &v->delta2)))
        return rc;
    uint64_t n_ic = (uint64_t)v->n_public + 1;
    if (s3->size != n_ic * 96)
        return g16k_err(G16K_EFORMAT, "%s: section 3 at byte %llu: size %llu, expected %llu "
                        "(nPublic %u)", bf->path, (unsigned long long)s3->offset,
                        (unsigned long long)s3->size, (unsigned long long)(n_ic * 96),
                        v->n_public);
    if (!(v->ic = malloc(n_ic * sizeof(*v->ic))))
        return g16k_err(G16K_ENOMEM, "%s: no memory for %llu IC points", bf->path,
                        (unsigned long long)n_ic);
    for (uint64_t i = 0; i < n_ic; i++)
        if ((rc = point_g1(bf, s3->offset + 96 * i, &v->ic[i])))
            return rc;
    return G16K_OK;
}

static void put_vk(FILE *f, const vk_src *v, const fp12_t *ab)
{
    fprintf(f, "{\n \"protocol\": \"groth16\",\n \"curve\": \"bls12381\",\n \"nPublic\": %u,\n",
            v->n_public);
    fputs(" \"vk_alpha_1\": ", f);
    put_g1(f, -1, &v->alpha1, 0);
    fputs(" \"vk_beta_2\": ", f);
    put_g2(f, -1, &v->beta2, 0);
    fputs(" \"vk_gamma_2\": ", f);
    put_g2(f, -1, &v->gamma2, 0);
    fputs(" \"vk_delta_2\": ", f);
    put_g2(f, -1, &v->delta2, 0);
    fputs(" \"vk_alphabeta_12\": ", f);
    put_fp12(f, -1, ab, 0);
    fputs(" \"IC\": ", f);
    open_arr(f, -1);
    for (uint32_t i = 0; i <= v->n_public; i++)
        put_g1(f, 2, &v->ic[i], i == v->n_public);
    close_arr(f, 1, 1);
    fputs("}", f);
}

int setup_vk_export(const char *zkey_path, const char *vk_path)
{
    binfile bf;
    vk_src v;
    fp12_t ab;
    char *text = NULL;
    size_t len = 0;
    memset(&v, 0, sizeof v);
    int rc = binfile_open(&bf, zkey_path, "zkey", 1, 10);
    if (rc)
        return rc;
    if ((rc = read_vk(&bf, &v)) != G16K_OK)
        goto out;
    bls_pairing(&ab, &v.alpha1, &v.beta2);
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        rc = g16k_err(G16K_ENOMEM, "%s: no memory", vk_path);
        goto out;
    }
    put_vk(f, &v, &ab);
    if (fclose(f) != 0) {
        rc = g16k_err(G16K_ENOMEM, "%s: no memory", vk_path);
        goto out;
    }
    rc = write_file_atomic(vk_path, text, strlen(text));
out:
    free(text);
    free(v.ic);
    binfile_close(&bf);
    return rc;
}
