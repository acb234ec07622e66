/*
 * The CLI's SIGBUS guard (cli/sigbus.c), with a real mapping and a real truncation: a
 * child maps a two-page file, the file is cut to nothing, and the child reads the mapping. It
 * must exit 5 (an I/O error) with the guard's message, not die of the signal. A SIGBUS of
 * another kind (here one sent by kill) keeps its default action: the child dies of it.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli.h"

/* Run fn in a child with the guard on and its stderr into err (NUL-terminated); the status. */
static int in_child(void (*fn)(void), char *err, size_t cap)
{
    int p[2];
    assert_int_equal(pipe(p), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(p[1], STDERR_FILENO);
        close(p[0]);
        cli_guard_mapped_files();
        fn();
        _exit(0);
    }
    close(p[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < cap && (r = read(p[0], err + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    err[n] = '\0';
    close(p[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

static void read_truncated_mapping(void)
{
    char path[] = "/tmp/g16k-sigbus-XXXXXX";
    int fd = mkstemp(path);
    long page = sysconf(_SC_PAGESIZE);
    if (fd < 0 || ftruncate(fd, 2 * page) != 0)
        _exit(90);
    volatile const uint8_t *m = mmap(NULL, (size_t)(2 * page), PROT_READ, MAP_PRIVATE, fd, 0);
    unlink(path);
    if (m == MAP_FAILED)
        _exit(91);
    if (m[page] != 0) /* mapped and readable while the file is whole */
        _exit(92);
    if (ftruncate(fd, 0) != 0)
        _exit(93);
    (void)m[page + 1]; /* past the end now: SIGBUS, BUS_ADRERR */
    _exit(94);
}

static void killed_by_sigbus(void)
{
    kill(getpid(), SIGBUS);
    _exit(95); /* not reached: the default action ends the process */
}

static void test_truncated_mapping_exits_io(void **state)
{
    (void)state;
    char err[1024];
    int status = in_child(read_truncated_mapping, err, sizeof err);
    if (!WIFEXITED(status))
        fail_msg("child died of signal %d, stderr: %s", WTERMSIG(status), err);
    assert_int_equal(WEXITSTATUS(status), CLI_EXIT_IO);
    assert_non_null(strstr(err, "g16k: error: an input file got shorter while it was in use"));
    assert_non_null(strstr(err, "renaming a new file over the old one"));
}

static void test_other_sigbus_keeps_default(void **state)
{
    (void)state;
    char err[1024];
    int status = in_child(killed_by_sigbus, err, sizeof err);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGBUS);
    assert_string_equal(err, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_truncated_mapping_exits_io),
        cmocka_unit_test(test_other_sigbus_keeps_default),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
