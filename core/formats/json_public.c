/*
 * public.json (docs/formats.md, "JSON files"): a JSON array of canonical decimal strings, each
 * below the curve's r.
 * Read strictly: a signal has one spelling (digits only, no leading zero but "0" itself); snarkjs
 * also accepts "033" for 33, "+33" and " 33", so a statement could be written several ways.
 * Written as snarkjs' bfj with space 1 does: "[\n \"v\",\n \"v\"\n]", and "[\n]" when empty
 * (fixtures/nopub/public.json); no final newline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "json_internal.h"
#include "json_io.h"
#include "util/error.h"
#include "util/atomic_write.h"

int public_json_text(strbuf *b, const char *path, const curve *cv, const curve_scalar *canon,
                     size_t n)
{
    strbuf_puts(b, "[\n");
    for (size_t i = 0; i < n; i++) {
        if (bigint_cmp(canon[i].l, cv->r, CURVE_FR_LIMBS) >= 0) {
            strbuf_free(b);
            return err_set(G16K_EINVAL, "%s: public signal %zu is not below %s's r", path, i,
                           cv->name);
        }
        char dec[CURVE_FR_LIMBS * 20 + 1];
        bigint_to_dec(dec, canon[i].l, CURVE_FR_LIMBS);
        strbuf_puts(b, " \"");
        strbuf_puts(b, dec);
        strbuf_puts(b, i + 1 < n ? "\",\n" : "\"\n");
    }
    strbuf_puts(b, "]");
    if (!strbuf_ok(b)) {
        strbuf_free(b);
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    }
    return G16K_OK;
}

int public_json_write(const char *path, const curve *cv, const curve_scalar *canon, size_t n)
{
    strbuf b = { 0 };
    int rc = public_json_text(&b, path, cv, canon, n);
    if (rc == G16K_OK)
        rc = write_file_atomic(path, b.data, b.len);
    strbuf_free(&b);
    return rc;
}

/* public_json_read and public_json_parse: the file `name` when text is NULL (json_get). */
static int public_read(const char *name, const char *text, size_t len, const curve *cv,
                       curve_scalar **out, size_t *n_out)
{
    json_object *root;
    int rc = json_get(name, text, len, JSON_MAX_SMALL, &root);
    if (rc != G16K_OK)
        return rc;
    curve_scalar *v = NULL;
    if (!json_object_is_type(root, json_type_array)) {
        rc = err_set(G16K_EFORMAT, "%s: (root): expected an array, found %s", name,
                     json_type_to_name(json_object_get_type(root)));
        goto out;
    }
    size_t n = json_object_array_length(root);
    /* n is bounded by the 16 MiB file limit (at least 4 bytes per element). */
    v = malloc(n > 0 ? n * sizeof(curve_scalar) : 1);
    if (v == NULL) {
        rc = err_set(G16K_ENOMEM, "%s: out of memory for %zu public signals", name, n);
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        json_object *s = json_object_array_get_idx(root, i);
        if (!json_object_is_type(s, json_type_string)) {
            rc = err_set(G16K_EFORMAT, "%s: [%zu]: not a decimal string (found %s)", name, i,
                         json_type_to_name(json_object_get_type(s)));
            goto out;
        }
        const char *str = json_object_get_string(s);
        const char *why = json_canonical_dec(str, (size_t)json_object_get_string_len(s), v[i].l,
                                             CURVE_FR_LIMBS, cv->r, "not below r");
        if (why) {
            rc = err_set(G16K_EFORMAT,
                         "%s: [%zu]: \"%.100s\" is not a canonical decimal "
                         "integer below r (%s)",
                         name, i, str, why);
            goto out;
        }
    }
    *out = v;
    *n_out = n;
    v = NULL;
out:
    free(v);
    json_object_put(root);
    return rc;
}

int public_json_read(const char *path, const curve *cv, curve_scalar **out, size_t *n)
{
    return public_read(path, NULL, 0, cv, out, n);
}

int public_json_parse(const char *name, const char *text, size_t len, const curve *cv,
                      curve_scalar **out, size_t *n)
{
    return public_read(name, text, len, cv, out, n);
}

int public_json_string(const curve *cv, const curve_scalar *canon, size_t n, char **out,
                       size_t *len)
{
    strbuf b = { 0 };
    int rc = public_json_text(&b, "public.json", cv, canon, n);
    return rc == G16K_OK ? strbuf_take(&b, out, len) : rc;
}
