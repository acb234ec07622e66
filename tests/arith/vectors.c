/* Reader for tests/arith/vectors (see vectors.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "vectors.h"

size_t vec_for_each(const char *name, void (*fn)(char **tok, int ntok, void *ctx), void *ctx)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", G16K_ARITH_VECTORS, name);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        fail_msg("cannot open %s", path);
    static char line[16384];
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *tok[VEC_MAX_TOKENS];
        int ntok = 0;
        for (char *t = strtok(line, " \n"); t && ntok < VEC_MAX_TOKENS; t = strtok(NULL, " \n"))
            tok[ntok++] = t;
        fn(tok, ntok, ctx);
        n++;
    }
    fclose(f);
    return n;
}

void vec_fp(fp_t *out, const char *tok)
{
    if (fp_from_dec(out, tok) != 0)
        fail_msg("bad Fp token %s", tok);
}

void vec_fr(fr_t *out, const char *tok)
{
    if (fr_from_dec(out, tok) != 0)
        fail_msg("bad Fr token %s", tok);
}

void vec_fp2(fp2_t *out, char **tok)
{
    vec_fp(&out->c0, tok[0]);
    vec_fp(&out->c1, tok[1]);
}

void vec_fp12(fp12_t *out, char **tok)
{
    fp2_t *c[6] = { &out->c0.c0, &out->c0.c1, &out->c0.c2, &out->c1.c0, &out->c1.c1, &out->c1.c2 };
    for (int i = 0; i < 6; i++)
        vec_fp2(c[i], tok + 2 * i);
}

void vec_g1(g1_affine_t *out, char **tok)
{
    vec_fp(&out->x, tok[0]);
    vec_fp(&out->y, tok[1]);
}

void vec_g2(g2_affine_t *out, char **tok)
{
    vec_fp2(&out->x, tok);
    vec_fp2(&out->y, tok + 2);
}

void vec_bn254_fp(bn254_fp_t *out, const char *tok)
{
    if (bn254_fp_from_dec(out, tok) != 0)
        fail_msg("bad BN254 Fp token %s", tok);
}

void vec_bn254_fp2(bn254_fp2_t *out, char **tok)
{
    vec_bn254_fp(&out->c0, tok[0]);
    vec_bn254_fp(&out->c1, tok[1]);
}

void vec_bn254_fp12(bn254_fp12_t *out, char **tok)
{
    bn254_fp2_t *c[6] = { &out->c0.c0, &out->c0.c1, &out->c0.c2,
                          &out->c1.c0, &out->c1.c1, &out->c1.c2 };
    for (int i = 0; i < 6; i++)
        vec_bn254_fp2(c[i], tok + 2 * i);
}

void vec_bn254_g1(bn254_g1_affine_t *out, char **tok)
{
    vec_bn254_fp(&out->x, tok[0]);
    vec_bn254_fp(&out->y, tok[1]);
}

void vec_bn254_g2(bn254_g2_affine_t *out, char **tok)
{
    vec_bn254_fp2(&out->x, tok);
    vec_bn254_fp2(&out->y, tok + 2);
}

void vec_scalar(uint64_t out[4], const char *tok)
{
    if (bigint_from_dec(out, 4, tok) != 0)
        fail_msg("bad scalar token %s", tok);
}
