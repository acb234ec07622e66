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

/* Create the temporary beside path (0644, like snarkjs's outputs; mkstemp makes 0600) and set
 * *fd to its descriptor; or return the error (core error set, f->tmp NULL). */
static int stage_open(atomic_file *f, const char *path, int *fd_out)
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
    if (fchmod(fd, 0644) != 0) {
        int e = errno;
        close(fd);
        atomic_discard(f);
        return err_set(G16K_EIO, "%s: chmod failed: %s", path, strerror(e));
    }
    *fd_out = fd;
    return G16K_OK;
}

int atomic_stage(atomic_file *f, const char *path, const char *data, size_t len)
{
    int fd, rc = stage_open(f, path, &fd);
    if (rc != G16K_OK)
        return rc;
    const char *what = NULL;
    if (write_all(fd, data, len) != 0)
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

int atomic_stream_open(atomic_stream *s, const char *path)
{
    s->out = NULL;
    s->size = 0;
    int fd, rc = stage_open(&s->f, path, &fd);
    if (rc != G16K_OK)
        return rc;
    s->out = fdopen(fd, "wb");
    if (s->out == NULL) {
        int e = errno;
        close(fd);
        atomic_discard(&s->f);
        return err_set(G16K_EIO, "%s: %s", path, strerror(e));
    }
    setvbuf(s->out, NULL, _IOFBF, 1 << 20); /* keys and ptaus are written in small pieces */
    return G16K_OK;
}

int atomic_stream_write(atomic_stream *s, const void *data, size_t len)
{
    if (len && fwrite(data, 1, len, s->out) != len)
        return err_set(G16K_EIO, "%s: write failed: %s", s->f.path, strerror(errno));
    s->size += len;
    return G16K_OK;
}

int atomic_stream_read_back(atomic_stream *s, uint64_t off, void *buf, size_t len)
{
    if (fflush(s->out) != 0)
        return err_set(G16K_EIO, "%s: write failed: %s", s->f.path, strerror(errno));
    uint8_t *p = buf;
    while (len > 0) {
        ssize_t r = pread(fileno(s->out), p, len, (off_t)off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return err_set(G16K_EIO, "%s: reading back %s failed: %s", s->f.path, s->f.tmp,
                           r < 0 ? strerror(errno) : "end of file");
        p += r;
        off += (uint64_t)r;
        len -= (size_t)r;
    }
    return G16K_OK;
}

int atomic_stream_writeback(atomic_stream *s)
{
    /* a failed flush loses the buffered bytes and later writes succeed: report it here */
    if (fflush(s->out) != 0)
        return err_set(G16K_EIO, "%s: write failed: %s", s->f.path, strerror(errno));
#ifdef __linux__
    (void)sync_file_range(fileno(s->out), 0, 0, SYNC_FILE_RANGE_WRITE); /* a hint */
#endif
    return G16K_OK;
}

int atomic_stream_commit(atomic_stream *s)
{
    const char *what = NULL;
    int e = 0;
    if (ferror(s->out) || fflush(s->out) != 0)
        what = "write";
    else if (fsync(fileno(s->out)) != 0)
        what = "fsync";
    if (what)
        e = errno;
    if (fclose(s->out) != 0 && what == NULL) {
        what = "close";
        e = errno;
    }
    s->out = NULL;
    if (what != NULL) {
        atomic_discard(&s->f);
        return err_set(G16K_EIO, "%s: %s failed: %s", s->f.path, what, strerror(e));
    }
    int rc = atomic_commit(&s->f);
    if (rc == G16K_OK)
        atomic_sync_dir(s->f.path);
    return rc;
}

void atomic_stream_discard(atomic_stream *s)
{
    if (s->out != NULL) {
        fclose(s->out);
        s->out = NULL;
    }
    atomic_discard(&s->f);
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
