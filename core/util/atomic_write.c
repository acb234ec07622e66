/* write_file_atomic and its two halves (util/atomic_write.h). */
#include "atomic_write.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "util/error.h"

static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, data, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        data += w;
        len -= (size_t)w;
    }
    return 0;
}

int atomic_stage(atomic_file *f, const char *path, const char *data, size_t len)
{
    f->path = path;
    size_t n = strlen(path);
    f->tmp = malloc(n + sizeof(".tmp.XXXXXX"));
    if (f->tmp == NULL)
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    memcpy(f->tmp, path, n);
    memcpy(f->tmp + n, ".tmp.XXXXXX", sizeof(".tmp.XXXXXX"));
    int fd = mkstemp(f->tmp);
    if (fd < 0) {
        int e = errno;
        free(f->tmp);
        f->tmp = NULL;
        return err_set(G16K_EIO, "%s: cannot create a temporary file: %s", path, strerror(e));
    }
    /* mkstemp makes 0600; output files are meant to be shared like snarkjs' (0644). */
    const char *what = NULL;
    if (fchmod(fd, 0644) != 0)
        what = "chmod";
    else if (write_all(fd, data, len) != 0)
        what = "write";
    else if (fsync(fd) != 0)
        what = "fsync";
    int e = errno;
    if (close(fd) != 0 && what == NULL) {
        what = "close";
        e = errno;
    }
    if (what != NULL) {
        atomic_discard(f);
        return err_set(G16K_EIO, "%s: %s failed: %s", path, what, strerror(e));
    }
    return G16K_OK;
}

int atomic_commit(atomic_file *f)
{
    int rc = G16K_OK;
    if (rename(f->tmp, f->path) != 0) {
        int e = errno;
        unlink(f->tmp);
        rc = err_set(G16K_EIO, "%s: rename failed: %s", f->path, strerror(e));
    }
    free(f->tmp);
    f->tmp = NULL;
    return rc;
}

void atomic_discard(atomic_file *f)
{
    if (f->tmp != NULL) {
        unlink(f->tmp);
        free(f->tmp);
        f->tmp = NULL;
    }
}

void atomic_sync_dir(const char *path)
{
    char *copy = strdup(path);
    if (copy == NULL)
        return;
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(copy);
}

int write_file_atomic(const char *path, const char *data, size_t len)
{
    atomic_file f;
    int rc = atomic_stage(&f, path, data, len);
    if (rc == G16K_OK)
        rc = atomic_commit(&f);
    if (rc == G16K_OK)
        atomic_sync_dir(path);
    return rc;
}
