/*
 * test_atomic_stream.c: atomic_stream (core/util/atomic_write.h) on real files in a fresh
 * folder: a stream written in pieces, with atomic_stream_writeback between them (the kernel
 * writing the first pieces to disk while more are appended, as `ptau contribute` does after each
 * section) and a read back of an early piece, commits to exactly the bytes written and replaces
 * the old file; a discarded stream, also after a writeback, leaves the old file as it was and no
 * temporary beside it; a write that fails in a writeback's flush is reported by the writeback.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "util/atomic_write.h"

static char dir[256];

static void path_in(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", dir, name);
}

/* path = name in the folder, a file holding "the old file" (the target a stream replaces). */
static void old_file(char *path, size_t cap, const char *name)
{
    path_in(path, cap, name);
    FILE *old = fopen(path, "w");
    assert_non_null(old);
    fputs("the old file", old);
    assert_int_equal(fclose(old), 0);
}

/* The whole file at path into a malloc'ed buffer, its size in *len. */
static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    unsigned char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* Entries of the folder other than . and .. */
static int entries(void)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* path still holds "the old file" and is the folder's only entry (no temporary left). */
static void expect_old_file(const char *path)
{
    size_t len;
    unsigned char *got = slurp(path, &len);
    assert_int_equal(len, strlen("the old file"));
    assert_memory_equal(got, "the old file", len);
    assert_int_equal(entries(), 1);
    free(got);
}

/* Pieces of 3 MB (past stdio's buffer and many pages) of a pattern that differs by offset. */
#define PIECE (3u << 20)
#define PIECES 4

static void fill(unsigned char *b, size_t off, size_t n)
{
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)((off + i) * 131 + ((off + i) >> 12));
}

static void test_commit_after_writeback(void **state)
{
    (void)state;
    char path[512];
    old_file(path, sizeof path, "out.bin");

    unsigned char *want = malloc((size_t)PIECE * PIECES), back[4096];
    assert_non_null(want);
    fill(want, 0, (size_t)PIECE * PIECES);
    atomic_stream s;
    assert_int_equal(atomic_stream_open(&s, path), G16K_OK);
    for (unsigned k = 0; k < PIECES; k++) {
        assert_int_equal(atomic_stream_write(&s, want + (size_t)k * PIECE, PIECE), G16K_OK);
        assert_int_equal(atomic_stream_writeback(&s), G16K_OK);
    }
    assert_int_equal(s.size, (uint64_t)PIECE * PIECES);
    /* an early piece read back after the writebacks is what was written */
    assert_int_equal(atomic_stream_read_back(&s, PIECE + 12345, back, sizeof back), G16K_OK);
    assert_memory_equal(back, want + PIECE + 12345, sizeof back);
    assert_int_equal(atomic_stream_write(&s, "tail", 4), G16K_OK);
    assert_int_equal(atomic_stream_commit(&s), G16K_OK);

    size_t len;
    unsigned char *got = slurp(path, &len);
    assert_int_equal(len, (size_t)PIECE * PIECES + 4);
    assert_memory_equal(got, want, (size_t)PIECE * PIECES);
    assert_memory_equal(got + (size_t)PIECE * PIECES, "tail", 4);
    assert_int_equal(entries(), 1); /* no temporary left */
    free(got);
    free(want);
    unlink(path);
}

static void test_discard_after_writeback(void **state)
{
    (void)state;
    char path[512];
    old_file(path, sizeof path, "kept.bin");

    unsigned char *piece = malloc(PIECE);
    assert_non_null(piece);
    fill(piece, 0, PIECE);
    atomic_stream s;
    assert_int_equal(atomic_stream_open(&s, path), G16K_OK);
    assert_int_equal(atomic_stream_write(&s, piece, PIECE), G16K_OK);
    assert_int_equal(atomic_stream_writeback(&s), G16K_OK);
    assert_int_equal(entries(), 2); /* the old file and the temporary */
    atomic_stream_discard(&s);

    expect_old_file(path);
    free(piece);
    unlink(path);
}

/* A write that fails inside the flush of a writeback (the file-size limit reached: EFBIG, as
 * a full disk gives ENOSPC) is reported by the writeback itself: stdio drops the bytes it could
 * not write, and the later writes and commit would otherwise succeed on a file with a hole. */
static void test_writeback_reports_failed_write(void **state)
{
    (void)state;
    char path[512];
    old_file(path, sizeof path, "full.bin");
    unsigned char piece[100];
    fill(piece, 0, sizeof piece);
    struct rlimit was, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &was), 0);
    void (*sig)(int) = signal(SIGXFSZ, SIG_IGN);
    atomic_stream s;
    assert_int_equal(atomic_stream_open(&s, path), G16K_OK);
    assert_int_equal(atomic_stream_write(&s, piece, sizeof piece), G16K_OK);
    assert_int_equal(atomic_stream_writeback(&s), G16K_OK);
    lim = was;
    lim.rlim_cur = sizeof piece; /* the file may not grow past what it holds */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    assert_int_equal(atomic_stream_write(&s, piece, sizeof piece), G16K_OK); /* buffered */
    int rc = atomic_stream_writeback(&s);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &was), 0);
    signal(SIGXFSZ, sig);
    assert_int_equal(rc, G16K_EIO);
    atomic_stream_discard(&s);
    expect_old_file(path);
    unlink(path);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/g16k-atomic-stream-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commit_after_writeback),
        cmocka_unit_test(test_discard_after_writeback),
        cmocka_unit_test(test_writeback_reports_failed_write),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return rc;
}
