/* Inputs opened without blocking, regular files only (input_file.h). */
#include "input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "g16k/plugin.h"

static const char *kind_of(mode_t m)
{
    if (S_ISFIFO(m))
        return "a FIFO: g16k reads its inputs whole and more than once, give the file itself";
    if (S_ISDIR(m))
        return "a folder";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a plain file";
}

int input_open(const char *path, struct stat *st)
{
    struct stat own;
    if (!st)
        st = &own;
    /* O_NONBLOCK: open(2) of a FIFO returns at once instead of waiting for a writer */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return err_set(G16K_EIO, "%s: cannot open: %s", path, strerror(errno)), -1;
    if (fstat(fd, st) != 0) {
        int e = errno;
        close(fd);
        return err_set(G16K_EIO, "%s: cannot stat: %s", path, strerror(e)), -1;
    }
    if (!S_ISREG(st->st_mode)) {
        close(fd);
        return err_set(G16K_EIO, "%s: not a regular file (%s)", path, kind_of(st->st_mode)), -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
        int e = errno;
        close(fd);
        return err_set(G16K_EIO, "%s: cannot open: %s", path, strerror(e)), -1;
    }
    return fd;
}
