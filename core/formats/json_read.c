/*
 * Strict JSON reading for the snarkjs files (json_internal.h): a bounded file or buffer parsed
 * by one path (json_get), typed members, decimal field elements and snarkjs point objects
 * (ffjavascript fromObject: z = "1" affine, z = "0" infinity, other z Jacobian). Also the
 * writers' text buffer.
 */
#include "json_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "util/error.h"
#include "util/input_file.h"

static const char *type_name(json_type t)
{
    return json_type_to_name(t);
}

static int read_all(const char *file, size_t max_bytes, char **buf, size_t *len)
{
    struct stat st;
    int fd = input_open(file, &st);
    if (fd < 0)
        return G16K_EIO;
    if ((uint64_t)st.st_size > max_bytes) {
        close(fd);
        return err_set(G16K_EFORMAT, "%s: %llu bytes, more than the %zu allowed", file,
                       (unsigned long long)st.st_size, max_bytes);
    }
    size_t n = (size_t)st.st_size;
    char *b = malloc(n + 1);
    if (b == NULL) {
        close(fd);
        return err_set(G16K_ENOMEM, "%s: out of memory", file);
    }
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, b + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            int e = r < 0 ? errno : 0;
            free(b);
            close(fd);
            return err_set(G16K_EIO, "%s: read failed at byte %zu: %s", file, got,
                           e ? strerror(e) : "file shrank");
        }
        got += (size_t)r;
    }
    close(fd);
    b[n] = '\0';
    *buf = b;
    *len = n;
    return G16K_OK;
}

/* The value in len bytes at buf (no NUL needed; len within the callers' limits, far below
 * json_tokener_parse_ex's int), named `name` in messages. */
static int json_parse(const char *name, const char *buf, size_t len, json_object **out)
{
    int rc = G16K_OK;
    json_tokener *tok = json_tokener_new();
    if (tok == NULL)
        return err_set(G16K_ENOMEM, "%s: out of memory", name);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    json_object *obj = json_tokener_parse_ex(tok, buf, (int)len);
    enum json_tokener_error jerr = json_tokener_get_error(tok);
    size_t end = json_tokener_get_parse_end(tok);
    if (obj == NULL || jerr != json_tokener_success) {
        /* json_tokener_continue: the text ended inside a value. */
        rc = err_set(G16K_EFORMAT, "%s: byte %zu: invalid JSON: %s", name, end,
                     jerr == json_tokener_continue ? "unexpected end of file"
                                                   : json_tokener_error_desc(jerr));
        goto out;
    }
    for (size_t i = end; i < len; i++) {
        if (buf[i] != ' ' && buf[i] != '\n' && buf[i] != '\r' && buf[i] != '\t') {
            rc = err_set(G16K_EFORMAT, "%s: byte %zu: text after the JSON value", name, i);
            goto out;
        }
    }
    *out = obj;
    obj = NULL;
out:
    json_object_put(obj);
    json_tokener_free(tok);
    return rc;
}

int json_get(const char *name, const char *text, size_t len, size_t max_bytes, json_object **out)
{
    if (text) {
        if (len > max_bytes)
            return err_set(G16K_EFORMAT, "%s: %zu bytes, more than the %zu allowed", name, len,
                           max_bytes);
        return json_parse(name, text, len, out);
    }
    char *buf = NULL;
    size_t n = 0;
    int rc = read_all(name, max_bytes, &buf, &n);
    if (rc != G16K_OK)
        return rc;
    rc = json_parse(name, buf, n, out);
    free(buf);
    return rc;
}

int json_member(const char *file, const char *at, json_object *obj, const char *key, json_type type,
                json_object **out)
{
    const char *dot = at[0] ? "." : "";
    if (!json_object_is_type(obj, json_type_object))
        return err_set(G16K_EFORMAT, "%s: %s: expected an object, found %s", file,
                       at[0] ? at : "(root)", type_name(json_object_get_type(obj)));
    json_object *v;
    if (!json_object_object_get_ex(obj, key, &v))
        return err_set(G16K_EFORMAT, "%s: %s%s%s: missing", file, at, dot, key);
    if (!json_object_is_type(v, type))
        return err_set(G16K_EFORMAT, "%s: %s%s%s: expected %s, found %s", file, at, dot, key,
                       type_name(type), type_name(json_object_get_type(v)));
    *out = v;
    return G16K_OK;
}

int json_expect_array(const char *file, const char *at, json_object *arr, size_t n)
{
    if (!json_object_is_type(arr, json_type_array))
        return err_set(G16K_EFORMAT, "%s: %s: expected an array, found %s", file, at,
                       type_name(json_object_get_type(arr)));
    size_t got = json_object_array_length(arr);
    if (got != n)
        return err_set(G16K_EFORMAT, "%s: %s: %zu elements, expected %zu", file, at, got, n);
    return G16K_OK;
}

const char *json_canonical_dec(const char *str, size_t len, uint64_t *v, size_t n,
                               const uint64_t *modulus, const char *too_big)
{
    if (strlen(str) != len) /* json-c strings may hold NUL bytes */
        return "NUL byte";
    if (len == 0)
        return "empty";
    for (size_t k = 0; k < len; k++)
        if (str[k] < '0' || str[k] > '9')
            return "not a digit";
    if (str[0] == '0' && len > 1)
        return "leading zero";
    if (bigint_from_dec(v, n, str) != 0 || bigint_cmp(v, modulus, n) >= 0)
        return too_big;
    return NULL;
}

int json_fp(const char *file, const char *at, json_object *s, const curve *cv, uint64_t *canon)
{
    if (!json_object_is_type(s, json_type_string))
        return err_set(G16K_EFORMAT, "%s: %s: not a decimal string (found %s)", file, at,
                       type_name(json_object_get_type(s)));
    const char *str = json_object_get_string(s);
    const char *why = json_canonical_dec(str, (size_t)json_object_get_string_len(s), canon,
                                         cv->fp_limbs, cv->p, "not below p");
    if (why)
        return err_set(G16K_EFORMAT,
                       "%s: %s: \"%.100s\" is not a canonical decimal integer below p (%s)", file,
                       at, str, why);
    return G16K_OK;
}

/* "at[i]" into p; a path too long for p is cut (the return value is checked only to say so). */
static void elem_path(char *p, size_t cap, const char *at, size_t i)
{
    if (snprintf(p, cap, "%s[%zu]", at, i) >= (int)cap)
        p[cap - 1] = '\0';
}

/* Element i of an array as canonical limbs of an element of Fp (deg 1) or Fp2 (deg 2: a pair,
 * c0 then c1), with the path "at[i]". */
static int elem_fp(const char *file, const char *at, json_object *arr, size_t i, const curve *cv,
                   int deg, uint64_t *canon)
{
    char p[160];
    elem_path(p, sizeof(p), at, i);
    json_object *v = json_object_array_get_idx(arr, i);
    if (deg == 1)
        return json_fp(file, p, v, cv, canon);
    int rc;
    if ((rc = json_expect_array(file, p, v, 2)) != G16K_OK ||
        (rc = elem_fp(file, p, v, 0, cv, 1, canon)) != G16K_OK ||
        (rc = elem_fp(file, p, v, 1, cv, 1, canon + cv->fp_limbs)) != G16K_OK)
        return rc;
    return G16K_OK;
}

/* json_g1 (deg 1) and json_g2 (deg 2): three coordinates, then the curve's verdict. */
static int json_point(const char *file, const char *at, json_object *v, const curve *cv, int deg,
                      void *out)
{
    uint64_t c[3][2 * CURVE_FP_MAX_LIMBS];
    int rc;
    if ((rc = json_expect_array(file, at, v, 3)) != G16K_OK ||
        (rc = elem_fp(file, at, v, 0, cv, deg, c[0])) != G16K_OK ||
        (rc = elem_fp(file, at, v, 1, cv, deg, c[1])) != G16K_OK ||
        (rc = elem_fp(file, at, v, 2, cv, deg, c[2])) != G16K_OK)
        return rc;
    int pt =
        deg == 1 ? cv->g1_from_xyz(out, c[0], c[1], c[2]) : cv->g2_from_xyz(out, c[0], c[1], c[2]);
    if (pt == CURVE_PT_OFF_CURVE)
        return err_set(G16K_EVERIFY, "%s: %s: point not on the curve (%s)", file, at, cv->name);
    if (pt == CURVE_PT_OUTSIDE_SUBGROUP)
        return err_set(G16K_EVERIFY, "%s: %s: point not in the prime-order subgroup (%s)", file, at,
                       cv->name);
    return G16K_OK;
}

int json_g1(const char *file, const char *at, json_object *v, const curve *cv, void *out)
{
    return json_point(file, at, v, cv, 1, out);
}

int json_g2(const char *file, const char *at, json_object *v, const curve *cv, void *out)
{
    return json_point(file, at, v, cv, 2, out);
}

void strbuf_puts(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (d == NULL) {
            b->failed = 1;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
}

int strbuf_ok(const strbuf *b)
{
    return !b->failed && b->data != NULL;
}

void strbuf_free(strbuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

int strbuf_take(strbuf *b, char **out, size_t *len)
{
    if (!strbuf_ok(b)) {
        strbuf_free(b);
        return err_set(G16K_ENOMEM, "out of memory");
    }
    *out = b->data;
    *len = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return G16K_OK;
}
