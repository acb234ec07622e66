/* Scratch folders for the loader tests (see tmpdir.h). */
#include "tmpdir.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

void tmpdir_create(char *dir)
{
    snprintf(dir, PATH_MAX, "/tmp/g16k-loader-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

void tmpdir_remove(const char *dir)
{
    assert_int_equal(nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS), 0);
}

/* dir/name into path; makes the folder of name when name has one '/'. */
static void make_path(const char *dir, const char *name, char *path)
{
    const char *slash = strchr(name, '/');
    int n = snprintf(path, PATH_MAX, "%s/%s", dir, name);
    assert_true(n > 0 && n < PATH_MAX);
    if (slash) {
        char sub[PATH_MAX];
        snprintf(sub, sizeof(sub), "%s/%.*s", dir, (int)(slash - name), name);
        mkdir(sub, 0700);
    }
}

void tmpdir_write(const char *dir, const char *name, char *path, const char *fmt, ...)
{
    char buf[PATH_MAX];
    va_list ap;
    FILE *f;

    if (!path)
        path = buf;
    make_path(dir, name, path);
    f = fopen(path, "w");
    assert_non_null(f);
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    assert_int_equal(fclose(f), 0);
}

void tmpdir_copy(const char *src, const char *dir, const char *name)
{
    char path[PATH_MAX], buf[65536];
    FILE *in, *out;
    size_t n;

    make_path(dir, name, path);
    in = fopen(src, "rb");
    assert_non_null(in);
    out = fopen(path, "wb");
    assert_non_null(out);
    while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}
