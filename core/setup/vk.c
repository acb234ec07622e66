/*
 * setup_vk_export (setup.h): verification_key.json of a Groth16 zkey, byte-identical to
 * `snarkjs zkey export verificationkey` (snarkjs 0.7.6 src/zkey_export_verificationkey.js,
 * groth16Vk; written by cli.js with bfj, space 1: one value per line, one space per depth, no
 * trailing newline). Points come out affine as canonical decimals: G1 [x, y, "1"],
 * G2 [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]] (ffjavascript toObject; infinity is [0, 1, 0]).
 * vk_alphabeta_12 = e(alpha1, beta2) as ffjavascript's Gt.toObject prints it: [c0, c1] of Fp12,
 * each [c0, c1, c2] of Fp6, each [c0, c1] of Fp2 - the towers of arith/<curve>/tower.h. Either
 * curve, as the key's n8q and q say (BN254: curve "bn128"), through core/curve's operations.
 * The key is read by formats/zkey.c (zkey_read_vk: sections 1..3, validated as the prover
 * validates them), so exporting the key of a large circuit is instant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A canonical field element (n limbs) as a decimal string. */
static void put_fp(FILE *f, int depth, const uint64_t *a, unsigned n, int last)
{
    char buf[CURVE_FP_MAX_LIMBS * 20 + 1]; /* 20 digits a limb bound the value's */
    bigint_to_dec(buf, a, n);
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

/* An Fp2 element: c0 then c1, each n limbs. */
static void put_fp2(FILE *f, int depth, const uint64_t *a, unsigned n, int last)
{
    open_arr(f, depth);
    put_fp(f, inner(depth), a, n, 0);
    put_fp(f, inner(depth), a + n, n, 1);
    close_arr(f, outer(depth), last);
}

/* A point as ffjavascript's toObject: curve.h's g1_to_xyz / g2_to_xyz (deg 1 or 2). */
static void put_point(FILE *f, int depth, const curve *cv, int deg, const void *p, int last)
{
    uint64_t c[3][2 * CURVE_FP_MAX_LIMBS];
    unsigned n = cv->fp_limbs;
    curve_to_xyz(cv, deg, c, p);
    open_arr(f, depth);
    for (int k = 0; k < 3; k++) {
        if (deg == 1)
            put_fp(f, inner(depth), c[k], n, k == 2);
        else
            put_fp2(f, inner(depth), c[k], n, k == 2);
    }
    close_arr(f, outer(depth), last);
}

/* e(alpha1, beta2) as Gt.toObject: [c0, c1] of Fp12, each [c0, c1, c2] of Fp6 of Fp2 pairs. */
static void put_fp12(FILE *f, int depth, const curve *cv, const uint64_t *e, int last)
{
    unsigned n = cv->fp_limbs;
    open_arr(f, depth);
    for (int i = 0; i < 2; i++) {
        open_arr(f, inner(depth));
        for (int j = 0; j < 3; j++)
            put_fp2(f, inner(depth) + 1, e + (3 * i + j) * 2 * n, n, j == 2);
        close_arr(f, inner(depth), i == 1);
    }
    close_arr(f, outer(depth), last);
}

static void put_vk(FILE *f, const groth16_vk *v, const uint64_t *ab)
{
    const curve *cv = v->cv;
    fprintf(f, "{\n \"protocol\": \"groth16\",\n \"curve\": \"%s\",\n \"nPublic\": %u,\n",
            cv->snarkjs, v->n_public);
    fputs(" \"vk_alpha_1\": ", f);
    put_point(f, -1, cv, 1, &v->alpha1, 0);
    fputs(" \"vk_beta_2\": ", f);
    put_point(f, -1, cv, 2, &v->beta2, 0);
    fputs(" \"vk_gamma_2\": ", f);
    put_point(f, -1, cv, 2, &v->gamma2, 0);
    fputs(" \"vk_delta_2\": ", f);
    put_point(f, -1, cv, 2, &v->delta2, 0);
    fputs(" \"vk_alphabeta_12\": ", f);
    put_fp12(f, -1, cv, ab, 0);
    fputs(" \"IC\": ", f);
    open_arr(f, -1);
    for (uint32_t i = 0; i <= v->n_public; i++)
        put_point(f, 2, cv, 1, &v->ic[i], i == v->n_public);
    close_arr(f, 1, 1);
    fputs("}", f);
}

int setup_vk_export(const char *zkey_path, const char *vk_path)
{
    groth16_vk v;
    uint64_t ab[12 * CURVE_FP_MAX_LIMBS];
    char *text = NULL;
    size_t len = 0;
    int rc = zkey_read_vk(zkey_path, &v);
    if (rc)
        return rc;
    v.cv->pairing_canon(ab, &v.alpha1, &v.beta2);
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        rc = err_set(G16K_ENOMEM, "%s: no memory", vk_path);
        goto out;
    }
    put_vk(f, &v, ab);
    if (fclose(f) != 0) {
        rc = err_set(G16K_ENOMEM, "%s: no memory", vk_path);
        goto out;
    }
    rc = write_file_atomic(vk_path, text, strlen(text));
out:
    free(text);
    vk_free(&v);
    return rc;
}
