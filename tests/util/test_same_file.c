/*
 * test_same_file.c: path_same_file (core/util/same_file.h) on real files in a fresh folder:
 * one file under two names (the path twice, a hard link, a symlink, a dangling symlink to a
 * missing output) is the same; two files are not, also while a writer keeps replacing both by
 * rename, as two provers writing one proof/public pair do (formats/json_pair.c): the inode that
 * a rename frees is soon reused by the next file, and a check that looks at each path once
 * then sees one inode under both names (the 2026-12-04 failure of reliability_pair_race).
 * The folder is $TMPDIR's (the file system whose inode reuse the race needs: ext4 here).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/same_file.h"

static char dir[256];

static void path_in(char *out, size_t cap, const char *name)
{
    snprintf(out, cap, "%s/%s", dir, name);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void test_one_file_two_names(void **state)
{
    (void)state;
    char a[512], b[512], l[512], s[512], d[512], m[512];
    path_in(a, sizeof a, "a.json");
    path_in(b, sizeof b, "b.json");
    path_in(l, sizeof l, "hard.json");
    path_in(s, sizeof s, "sym.json");
    path_in(d, sizeof d, "dangling.json");
    path_in(m, sizeof m, "missing.json");
    write_file(a, "{}");
    write_file(b, "{}");
    assert_int_equal(link(a, l), 0);
    assert_int_equal(symlink(a, s), 0);
    assert_int_equal(symlink(m, d), 0);
    assert_int_equal(path_same_file(a, a), 1);
    assert_int_equal(path_same_file(a, l), 1);
    assert_int_equal(path_same_file(s, a), 1);
    assert_int_equal(path_same_file(d, m), 1); /* a write through d makes m */
    assert_int_equal(path_same_file(a, b), 0);
    assert_int_equal(path_same_file(a, m), 0);
    assert_int_equal(path_same_file(a, NULL), 0);
    unlink(l), unlink(s), unlink(d), unlink(a), unlink(b);
}

/* Replace p1 and p2 by rename, alternately, until *stop: each new file takes an inode the
 * previous rename has just freed, often the other name's old one. */
typedef struct churn {
    const char *p1, *p2;
    atomic_int stop;
    atomic_int done; /* the writer has left its loop (stopped, or a rename failed) */
    atomic_ulong renames;
} churn;

static void *churn_run(void *arg)
{
    churn *c = arg;
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s/tmp.json", dir);
    while (!atomic_load(&c->stop)) {
        const char *dst = atomic_load(&c->renames) & 1 ? c->p2 : c->p1;
        write_file(tmp, "{\"pi_a\": []}");
        if (rename(tmp, dst) != 0)
            break;
        atomic_fetch_add(&c->renames, 1);
    }
    atomic_store(&c->done, 1);
    return NULL;
}

/* The check loop runs until the writer has made RENAMES renames, however fast either side is
 * (here 20 to 35 checks a rename, Release or ASan; a loaded CI machine's ASan run 100): a cap
 * on the checks made the test fail when the writer was the slower one (CI stop 47: 59,299
 * renames in 6M checks). */
enum { RENAMES = 60000 };

static void test_two_files_under_renames(void **state)
{
    (void)state;
    char p1[512], p2[512];
    path_in(p1, sizeof p1, "proof.json");
    path_in(p2, sizeof p2, "public.json");
    write_file(p1, "{}");
    write_file(p2, "[]");
    churn c = { .p1 = p1, .p2 = p2 };
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, churn_run, &c), 0);
    unsigned long wrong = 0, checks = 0;
    while (atomic_load(&c.renames) < RENAMES && !atomic_load(&c.done)) {
        wrong += (unsigned long)path_same_file(p1, p2);
        checks++;
    }
    atomic_store(&c.stop, 1);
    pthread_join(t, NULL);
    unsigned long renames = atomic_load(&c.renames);
    printf("%lu checks during %lu renames: %lu said 'the same file'\n", checks, renames, wrong);
    assert_true(renames >= RENAMES); /* the writer never failed a rename */
    assert_true(checks >= RENAMES);  /* the checks interleaved with the renames */
    assert_int_equal(wrong, 0);
    unlink(p1), unlink(p2);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/g16k-same-file-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_file_two_names),
        cmocka_unit_test(test_two_files_under_renames),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return rc;
}
