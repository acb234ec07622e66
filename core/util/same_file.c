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
        return;
    }
    resolve_missing(path, id);
}

int path_same_file(const char *a, const char *b)
{
    if (!a || !b)
        return 0;
    file_id *ia = malloc(sizeof *ia), *ib = malloc(sizeof *ib);
    int same = 0;
    if (ia && ib) {
        identify(a, ia);
        identify(b, ib);
        if (ia->exists && ib->exists)
            same = ia->dev == ib->dev && ia->ino == ib->ino;
        else if (!ia->exists && !ib->exists)
            same = strcmp(ia->path, ib->path) == 0;
    } else {
        same = strcmp(a, b) == 0; /* out of memory: the spelling at least */
    }
    free(ia);
    free(ib);
    return same;
}
