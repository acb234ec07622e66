/*
 * write_file_atomic (json_io.h): the data goes to a temporary file beside the target (same file
 * system, so rename is atomic), is fsync'ed, and replaces the target with rename(2); then the
 * folder is fsync'ed so the new name survives a crash. On any error the temporary is unlinked and
 * the target is left as it was.
 */
#include "json_io.h"

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

/* fsync the folder holding path; failures are ignored (some file systems refuse it). */
static void sync_dir(const char *path)
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
    size_t n = strlen(path);
    char *tmp = malloc(n + sizeof(".tmp.XXXXXX"));
    if (tmp == NULL)
        return g16k_err(G16K_ENOMEM, "%s: out of memory", path);
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".tmp.XXXXXX", sizeof(".tmp.XXXXXX"));
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return g16k_err(G16K_EIO, "%s: cannot create a temporary file: %s", path, strerror(e));
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
    if (what == NULL && rename(tmp, path) != 0) {
        what = "rename";
        e = errno;
    }
    if (what != NULL) {
        unlink(tmp);
        free(tmp);
        return g16k_err(G16K_EIO, "%s: %s failed: %s", path, what, strerror(e));
    }
    free(tmp);
    sync_dir(path);
    return G16K_OK;
}
