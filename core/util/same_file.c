/* Two paths, one file? (same_file.h) */
#include "same_file.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a path names: an existing file's (dev, ino), or the resolved path of one not made yet. */
typedef struct file_id {
    int exists;
    dev_t dev;
    ino_t ino;
    struct timespec ctime; /* the inode's change time: tells a reused inode number apart */
    char path[PATH_MAX * 2];
} file_id;

/* dst = the folder part of p ("." when it has none), as p writes it. */
static void folder_of(const char *p, char *dst, size_t cap)
{
    const char *slash = strrchr(p, '/');
    if (!slash) {
        strcpy(dst, ".");
        return;
    }
    size_t n = slash == p ? 1 : (size_t)(slash - p);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, p, n);
    dst[n] = '\0';
}

/* dst = dir "/" name; 0, or -1 (dst untouched) when it does not fit. */
static int join(char *dst, size_t cap, const char *dir, const char *name)
{
    size_t nd = strlen(dir), nn = strlen(name);
    if (nd + 1 + nn + 1 > cap)
        return -1;
    memmove(dst, dir, nd); /* dir may be dst itself */
    dst[nd] = '/';
    memcpy(dst + nd + 1, name, nn + 1);
    return 0;
}

/* The path a missing file would be made at: follow dangling symlinks (a write through one makes
 * its target), then resolve the folder. */
static void resolve_missing(const char *path, file_id *id)
{
    char cur[PATH_MAX], link[PATH_MAX], dir[PATH_MAX], real[PATH_MAX];
    struct stat st;
    snprintf(cur, sizeof cur, "%s", path);
    for (int hops = 0; hops < 40 && lstat(cur, &st) == 0 && S_ISLNK(st.st_mode); hops++) {
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0)
            break;
        link[n] = '\0';
        if (link[0] == '/') {
            memcpy(cur, link, (size_t)n + 1);
        } else {
            folder_of(cur, dir, sizeof dir);
            if (join(cur, sizeof cur, dir, link) != 0)
                break;
        }
    }
    const char *slash = strrchr(cur, '/');
    const char *base = slash ? slash + 1 : cur;
    folder_of(cur, dir, sizeof dir);
    if (!realpath(dir, real) || join(id->path, sizeof id->path, real, base) != 0)
        snprintf(id->path, sizeof id->path, "%s", cur);
}

static void identify(const char *path, file_id *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    if (stat(path, &st) == 0) {
        id->exists = 1;
        id->dev = st.st_dev;
        id->ino = st.st_ino;
        id->ctime = st.st_ctim;
        return;
    }
    resolve_missing(path, id);
}

int path_same_file(const char *a, const char *b)
{
    if (!a || !b)
        return 0;
    file_id *id = malloc(3 * sizeof *id); /* a, b, a again: 24 KiB, off the stack */
    if (!id)
        return strcmp(a, b) == 0; /* out of memory: the spelling at least */
    int same = 0;
    /* Two existing files are one when they share (dev, ino) and a second look at a still finds
     * that inode, unchanged since the first: a writer replacing a by rename between the two
     * stat calls frees a's inode, which the file it renames onto b may then reuse (two provers
     * writing one proof/public pair did this). Such a round is looked at again, three at most. */
    for (int round = 0; round < 3; round++) {
        identify(a, &id[0]);
        identify(b, &id[1]);
        if (!id[0].exists || !id[1].exists) {
            same = !id[0].exists && !id[1].exists && strcmp(id[0].path, id[1].path) == 0;
            break;
        }
        if (id[0].dev != id[1].dev || id[0].ino != id[1].ino)
            break;
        identify(a, &id[2]);
        if (id[2].exists && id[2].dev == id[0].dev && id[2].ino == id[0].ino &&
            id[2].ctime.tv_sec == id[0].ctime.tv_sec &&
            id[2].ctime.tv_nsec == id[0].ctime.tv_nsec) {
            same = 1;
            break;
        }
    }
    free(id);
    return same;
}
