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

/* "<indent>"<decimal of the canonical limbs v>"<sep>\n" */
static void put_fp(strbuf *b, const char *indent, const uint64_t *v, unsigned limbs, int last)
{
    char dec[CURVE_FP_MAX_LIMBS * 20 + 1]; /* 20 digits a limb bound the value's */
    bigint_to_dec(dec, v, limbs);
    strbuf_puts(b, indent);
    strbuf_puts(b, "\"");
    strbuf_puts(b, dec);
    strbuf_puts(b, last ? "\"\n" : "\",\n");
}

/* A point as the snarkjs object of curve.h's g1_to_xyz / g2_to_xyz (affine with z = 1,
 * infinity as snarkjs' zero): deg 1 for G1, 2 for G2 (pairs of coordinates). */
static void put_point(strbuf *b, const char *name, const curve *cv, int deg, const void *p)
{
    uint64_t c[3][2 * CURVE_FP_MAX_LIMBS];
    unsigned n = cv->fp_limbs;
    curve_to_xyz(cv, deg, c, p);
    strbuf_puts(b, " \"");
    strbuf_puts(b, name);
    strbuf_puts(b, "\": [\n");
    for (int k = 0; k < 3; k++) {
        if (deg == 1) {
            put_fp(b, "  ", c[k], n, k == 2);
            continue;
        }
        strbuf_puts(b, "  [\n");
        put_fp(b, "   ", c[k], n, 0);
        put_fp(b, "   ", c[k] + n, n, 1);
        strbuf_puts(b, k == 2 ? "  ]\n" : "  ],\n");
    }
    strbuf_puts(b, " ],\n");
}

int proof_json_text(strbuf *b, const char *path, const groth16_proof *p)
{
    strbuf_puts(b, "{\n");
    put_point(b, "pi_a", p->cv, 1, &p->a);
    put_point(b, "pi_b", p->cv, 2, &p->b);
    put_point(b, "pi_c", p->cv, 1, &p->c);
    strbuf_puts(b, " \"protocol\": \"groth16\",\n \"curve\": \"");
    strbuf_puts(b, p->cv->snarkjs);
    strbuf_puts(b, "\"\n}");
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

/* Optional string member that, when present, must equal want (snarkjs verify ignores it). */
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

/* The optional "curve" member, when present, must name cv as snarkjs reads names (curve.h). */
static int check_curve(const char *path, json_object *root, const curve *cv)
{
    json_object *v;
    if (!json_object_object_get_ex(root, "curve", &v))
        return G16K_OK;
    int rc = json_member(path, "", root, "curve", json_type_string, &v);
    if (rc != G16K_OK)
        return rc;
    if (curve_by_snarkjs(json_object_get_string(v)) != cv)
        return err_set(G16K_EFORMAT, "%s: curve: \"%.60s\", expected \"%s\" (%s)", path,
                       json_object_get_string(v), cv->snarkjs, cv->name);
    return G16K_OK;
}

/* proof_json_read and proof_json_parse: the file `name` when text is NULL (json_get). */
static int proof_read(const char *name, const char *text, size_t len, const curve *cv,
                      groth16_proof *out)
{
    json_object *root;
    int rc = json_get(name, text, len, JSON_MAX_SMALL, &root);
    if (rc != G16K_OK)
        return rc;
    json_object *a, *b, *c;
    groth16_proof p;
    memset(&p, 0, sizeof(p));
    p.cv = cv;
    if ((rc = json_member(name, "", root, "pi_a", json_type_array, &a)) != G16K_OK ||
        (rc = json_member(name, "", root, "pi_b", json_type_array, &b)) != G16K_OK ||
        (rc = json_member(name, "", root, "pi_c", json_type_array, &c)) != G16K_OK ||
        (rc = check_tag(name, root, "protocol", "groth16")) != G16K_OK ||
        (rc = check_curve(name, root, cv)) != G16K_OK ||
        (rc = json_g1(name, "pi_a", a, cv, &p.a)) != G16K_OK ||
        (rc = json_g2(name, "pi_b", b, cv, &p.b)) != G16K_OK ||
        (rc = json_g1(name, "pi_c", c, cv, &p.c)) != G16K_OK)
        goto out;
    *out = p;
out:
    json_object_put(root);
    return rc;
}

int proof_json_read(const char *path, const curve *cv, groth16_proof *out)
{
    return proof_read(path, NULL, 0, cv, out);
}

int proof_json_parse(const char *name, const char *text, size_t len, const curve *cv,
                     groth16_proof *out)
{
    return proof_read(name, text, len, cv, out);
}

int proof_json_string(const groth16_proof *p, char **out, size_t *len)
{
    strbuf b = { 0 };
    int rc = proof_json_text(&b, "proof.json", p);
    return rc == G16K_OK ? strbuf_take(&b, out, len) : rc;
}
