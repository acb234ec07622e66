/*
 * Advisory locks on the folders that hold an output pair (json_internal.h dir_lock_*), so that a
 * proof.json and its public.json are replaced, and read, as one: writers hold LOCK_EX across the
 * two renames, g16k verify holds LOCK_SH across the two reads (json_pair.c).
 *
 * Why the folder and not a lock file: a lock file beside the outputs would stay behind for good
 * (removing one races with the next locker), and every folder already exists. flock(2) on a
 * folder opened O_RDONLY works on Linux local file systems; on NFS, flock is emulated with
 * fcntl locks, which a read-only descriptor cannot take. Best effort: where a folder cannot be
 * opened or locked (no read permission, such a file system), the pair is written or read
 * without the lock, as before, each file still atomic on its own.
 * Two folders are locked in (st_dev, st_ino) order, so two lockers of the same two folders cannot
 * deadlock. The lock is released by dir_lock_release or when the process exits.
 */
#include "json_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* An open descriptor of the folder holding path, or -1. */
static int open_dir_of(const char *path)
{
    char *copy = strdup(path);
    if (copy == NULL)
        return -1;
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    free(copy);
    return fd;
}

static void lock_fd(int fd, int op)
{
    while (flock(fd, op) != 0 && errno == EINTR) {
    }
}

void dir_lock_acquire(dir_lock *lk, const char *path_a, const char *path_b, int exclusive)
{
    int op = exclusive ? LOCK_EX : LOCK_SH;
    lk->fd[0] = path_a ? open_dir_of(path_a) : -1;
    lk->fd[1] = path_b ? open_dir_of(path_b) : -1;
    struct stat s0, s1;
    int have0 = lk->fd[0] >= 0 && fstat(lk->fd[0], &s0) == 0;
    int have1 = lk->fd[1] >= 0 && fstat(lk->fd[1], &s1) == 0;
    if (have0 && have1 && s0.st_dev == s1.st_dev && s0.st_ino == s1.st_ino) {
        close(lk->fd[1]); /* one folder: one lock */
        lk->fd[1] = -1;
        have1 = 0;
    }
    if (have0 && have1 &&
        (s1.st_dev < s0.st_dev || (s1.st_dev == s0.st_dev && s1.st_ino < s0.st_ino))) {
        int t = lk->fd[0];
        lk->fd[0] = lk->fd[1];
        lk->fd[1] = t;
    }
    for (int i = 0; i < 2; i++)
        if (lk->fd[i] >= 0)
            lock_fd(lk->fd[i], op);
}

void dir_lock_release(dir_lock *lk)
{
    for (int i = 1; i >= 0; i--) {
        if (lk->fd[i] >= 0) {
            lock_fd(lk->fd[i], LOCK_UN);
            close(lk->fd[i]);
            lk->fd[i] = -1;
        }
    }
}
