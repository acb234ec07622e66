/* circom .sym reader (sym.h): the file read whole, names split in place, grouped by wire. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "sym.h"
#include "util/error.h"
#include "util/input_file.h"

#define MAX_SYM_BYTES ((size_t)1 << 34)

static int read_all(const char *path, char **text, size_t *len)
{
    int fd = input_open(path, NULL);
    if (fd < 0)
        return G16K_EIO;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || cap >= MAX_SYM_BYTES)
            break;
        char *bigger = realloc(buf, 2 * cap + 1);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf)
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    if (bad || n == cap) {
        free(buf);
        return bad ? err_set(G16K_EIO, "%s: read error", path)
                   : err_set(G16K_EFORMAT, "%s: larger than %zu bytes", path, MAX_SYM_BYTES);
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return G16K_OK;
}

/* Parse "-1" or a decimal below limit from [s, end); 0 on success. */
static int parse_wire(const char *s, const char *end, uint32_t limit, int64_t *out)
{
    if (end - s == 2 && s[0] == '-' && s[1] == '1') {
        *out = -1;
        return 0;
    }
    if (s == end || end - s > 10)
        return -1;
    uint64_t v = 0;
    for (; s < end; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (v >= limit)
        return -1;
    *out = (int64_t)v;
    return 0;
}

int sym_load(const char *path, uint32_t n_wires, uint64_t n_labels, sym *out)
{
    char *text = NULL;
    size_t len = 0;
    memset(out, 0, sizeof *out);
    int rc = read_all(path, &text, &len);
    if (rc)
        return rc;
    uint64_t n_lines = 0;
    for (size_t i = 0; i < len; i++)
        n_lines += text[i] == '\n';
    n_lines++;
    int64_t *wire_of = malloc(n_lines * sizeof *wire_of);
    char **name_of = malloc(n_lines * sizeof *name_of);
    out->start = calloc((size_t)n_wires + 1, sizeof *out->start);
    out->names = malloc(n_lines * sizeof *out->names);
    if (!wire_of || !name_of || !out->start || !out->names) {
        rc = err_set(G16K_ENOMEM, "%s: out of memory for %llu lines", path,
                     (unsigned long long)n_lines);
        goto out;
    }
    uint64_t n = 0, line = 0;
    for (char *p = text; p < text + len; line++) {
        char *eol = memchr(p, '\n', (size_t)(text + len - p));
        if (!eol)
            eol = text + len;
        char *l = p;
        p = eol + 1;
        if (eol > l && eol[-1] == '\r')
            eol[-1] = '\0';
        *eol = '\0';
        if (!*l)
            continue; /* blank line (the file ends with one) */
        char *c1 = strchr(l, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
        char *c3 = c2 ? strchr(c2 + 1, ',') : NULL;
        int64_t w;
        if (!c3 || !c3[1]) {
            rc = err_set(G16K_EFORMAT,
                         "%s: line %llu (byte %llu): expected labelIndex,"
                         "wireIndex,componentIndex,name",
                         path, (unsigned long long)line + 1, (unsigned long long)(l - text));
            goto out;
        }
        int64_t label;
        if (parse_wire(l, c1, n_labels > UINT32_MAX ? UINT32_MAX : (uint32_t)n_labels, &label) !=
                0 ||
            label < 1) {
            rc = err_set(G16K_EFORMAT,
                         "%s: line %llu (byte %llu): label index '%.*s' is not in 1 .. %llu, the "
                         "circuit's labels (the .sym of another circuit?)",
                         path, (unsigned long long)line + 1, (unsigned long long)(l - text),
                         (int)(c1 - l), l, (unsigned long long)(n_labels ? n_labels - 1 : 0));
            goto out;
        }
        if (parse_wire(c1 + 1, c2, n_wires, &w) != 0) {
            rc = err_set(G16K_EFORMAT,
                         "%s: line %llu (byte %llu): wire index '%.*s' is not -1 "
                         "or below the circuit's %u wires",
                         path, (unsigned long long)line + 1, (unsigned long long)(c1 + 1 - text),
                         (int)(c2 - c1 - 1), c1 + 1, n_wires);
            goto out;
        }
        wire_of[n] = w;
        name_of[n++] = c3 + 1;
        if (w >= 0)
            out->start[w + 1]++;
    }
    if (n_labels && n != n_labels - 1) {
        rc = err_set(G16K_EFORMAT,
                     "%s: %llu signals, the circuit has %llu (labels 1 .. %llu of its r1cs): the "
                     ".sym of another circuit?",
                     path, (unsigned long long)n, (unsigned long long)(n_labels - 1),
                     (unsigned long long)(n_labels - 1));
        goto out;
    }
    for (uint32_t w = 0; w < n_wires; w++)
        out->start[w + 1] += out->start[w];
    uint64_t *next = malloc(((size_t)n_wires + 1) * sizeof *next);
    if (!next) {
        rc = err_set(G16K_ENOMEM, "%s: out of memory", path);
        goto out;
    }
    memcpy(next, out->start, ((size_t)n_wires + 1) * sizeof *next);
    for (uint64_t i = 0; i < n; i++)
        if (wire_of[i] >= 0)
            out->names[next[wire_of[i]]++] = name_of[i];
    free(next);
    out->n_wires = n_wires;
    out->text = text;
    text = NULL;
out:
    free(wire_of);
    free(name_of);
    if (rc) {
        free(text);
        sym_free(out);
    }
    return rc;
}

void sym_free(sym *s)
{
    free(s->start);
    free((void *)s->names);
    free(s->text);
    memset(s, 0, sizeof *s);
}
