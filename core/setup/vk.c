/*
 * setup_vk_export (setup.h): verification_key.json of a Groth16 zkey, byte-identical to
 * `snarkjs zkey export verificationkey` (snarkjs 0.7.6 src/zkey_export_verificationkey.js,
 * groth16Vk; written by cli.js with bfj, space 1: one value per line, one space per depth, no
 * trailing newline). Points come out affine as canonical decimals: G1 [x, y, "1"],
 * G2 [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]] (ffjavascript toObject; infinity is [0, 1, 0]).
 * vk_alphabeta_12 = e(alpha1, beta2) as ffjavascript's Gt.toObject prints it: [c0, c1] of Fp12,
 * each [c0, c1, c2] of Fp6, each [c0, c1] of Fp2 - the same tower as arith/bls12_381/tower.h.
 * The key is read by formats/zkey.c (zkey_read_vk: sections 1..3, validated as the prover
 * validates them), so exporting the key of a large circuit is instant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bls12_381/pairing.h"
#include "formats/json_io.h"
#include "formats/zkey.h"
#include "g16k/plugin.h"
#include "internal.h"
#include "setup.h"
#include "util/error.h"
#include "util/atomic_write.h"

static void indent(FILE *f, int depth)
{
    for (int i = 0; i < depth; i++) /* nothing for depth < 0 */
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

static void put_vk(FILE *f, const zkey *v, const fp12_t *ab)
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
    zkey *v;
    fp12_t ab;
    char *text = NULL;
    size_t len = 0;
    int rc = zkey_read_vk(zkey_path, &v);
    if (rc)
        return rc;
    bls_pairing(&ab, &v->alpha1, &v->beta2);
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        rc = err_set(G16K_ENOMEM, "%s: no memory", vk_path);
        goto out;
    }
    put_vk(f, v, &ab);
    if (fclose(f) != 0) {
        rc = err_set(G16K_ENOMEM, "%s: no memory", vk_path);
        goto out;
    }
    rc = write_file_atomic(vk_path, text, strlen(text));
out:
    free(text);
    zkey_free(v);
    return rc;
}
