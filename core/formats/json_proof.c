/*
 * proof.json (docs/formats.md, "JSON files"; snarkjs cli.js writes it with bfj, space 1): read with
 * strict types, written byte for byte as snarkjs does (key order pi_a, pi_b, pi_c, protocol,
 * curve; one space per level; no final newline). The text is produced by hand because json-c's
 * pretty printer indents differently.
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "json_internal.h"
#include "json_io.h"
#include "util/error.h"
#include "util/atomic_write.h"

/* "<indent>"<decimal of a>"<sep>\n" */
static void put_fp(strbuf *b, const char *indent, const fp_t *a, int last)
{
    char dec[FP_DEC_MAX];
    fp_to_dec(dec, a);
    strbuf_puts(b, indent);
    strbuf_puts(b, "\"");
    strbuf_puts(b, dec);
    strbuf_puts(b, last ? "\"\n" : "\",\n");
}

/* Affine points are written with z = 1; infinity as snarkjs' zero [0, 1, 0]. */
static void put_g1(strbuf *b, const char *name, const g1_affine_t *p)
{
    fp_t zero, one;
    memset(&zero, 0, sizeof(zero));
    one = FP_ONE;
    int inf = g1_affine_is_inf(p);
    strbuf_puts(b, " \"");
    strbuf_puts(b, name);
    strbuf_puts(b, "\": [\n");
    put_fp(b, "  ", inf ? &zero : &p->x, 0);
    put_fp(b, "  ", inf ? &one : &p->y, 0);
    put_fp(b, "  ", inf ? &zero : &one, 1);
    strbuf_puts(b, " ],\n");
}

static void put_fp2(strbuf *b, const fp2_t *a, int last)
{
    strbuf_puts(b, "  [\n");
    put_fp(b, "   ", &a->c0, 0);
    put_fp(b, "   ", &a->c1, 1);
    strbuf_puts(b, last ? "  ]\n" : "  ],\n");
}

static void put_g2(strbuf *b, const char *name, const g2_affine_t *p)
{
    fp2_t zero, one;
    fp2_set_zero(&zero);
    fp2_set_one(&one);
    int inf = g2_affine_is_inf(p);
    strbuf_puts(b, " \"");
    strbuf_puts(b, name);
    strbuf_puts(b, "\": [\n");
    put_fp2(b, inf ? &zero : &p->x, 0);
    put_fp2(b, inf ? &one : &p->y, 0);
    put_fp2(b, inf ? &zero : &one, 1);
    strbuf_puts(b, " ],\n");
}

int proof_json_text(strbuf *b, const char *path, const groth16_proof *p)
{
    strbuf_puts(b, "{\n");
    put_g1(b, "pi_a", &p->a);
    put_g2(b, "pi_b", &p->b);
    put_g1(b, "pi_c", &p->c);
    strbuf_puts(b, " \"protocol\": \"groth16\",\n \"curve\": \"bls12381\"\n}");
    if (!strbuf_ok(b)) {
        strbuf_free(b);
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    }
    return G16K_OK;
}

int proof_json_write(const char *path, const groth16_proof *p)
{
    strbuf b = { 0 };
    int rc = proof_json_text(&b, path, p);
    if (rc == G16K_OK)
        rc = write_file_atomic(path, b.data, b.len);
    strbuf_free(&b);
    return rc;
}

/* Optional string member that, when present, must equal want (snarkjs verify ignores both). */
static int check_tag(const char *path, json_object *root, const char *key, const char *want)
{
    json_object *v;
    if (!json_object_object_get_ex(root, key, &v))
        return G16K_OK;
    int rc = json_member(path, "", root, key, json_type_string, &v);
    if (rc != G16K_OK)
        return rc;
    if (strcmp(json_object_get_string(v), want) != 0)
        return err_set(G16K_EFORMAT, "%s: %s: \"%.60s\", expected \"%s\"", path, key,
                       json_object_get_string(v), want);
    return G16K_OK;
}

/* proof_json_read and proof_json_parse: the file `name` when text is NULL (json_get). */
static int proof_read(const char *name, const char *text, size_t len, groth16_proof *out)
{
    json_object *root;
    int rc = json_get(name, text, len, JSON_MAX_SMALL, &root);
    if (rc != G16K_OK)
        return rc;
    json_object *a, *b, *c;
    groth16_proof p;
    if ((rc = json_member(name, "", root, "pi_a", json_type_array, &a)) != G16K_OK ||
        (rc = json_member(name, "", root, "pi_b", json_type_array, &b)) != G16K_OK ||
        (rc = json_member(name, "", root, "pi_c", json_type_array, &c)) != G16K_OK ||
        (rc = check_tag(name, root, "protocol", "groth16")) != G16K_OK ||
        (rc = check_tag(name, root, "curve", "bls12381")) != G16K_OK ||
        (rc = json_g1(name, "pi_a", a, &p.a)) != G16K_OK ||
        (rc = json_g2(name, "pi_b", b, &p.b)) != G16K_OK ||
        (rc = json_g1(name, "pi_c", c, &p.c)) != G16K_OK)
        goto out;
    *out = p;
out:
    json_object_put(root);
    return rc;
}

int proof_json_read(const char *path, groth16_proof *out)
{
    return proof_read(path, NULL, 0, out);
}

int proof_json_parse(const char *name, const char *text, size_t len, groth16_proof *out)
{
    return proof_read(name, text, len, out);
}

int proof_json_string(const groth16_proof *p, char **out, size_t *len)
{
    strbuf b = { 0 };
    int rc = proof_json_text(&b, "proof.json", p);
    return rc == G16K_OK ? strbuf_take(&b, out, len) : rc;
}
