/*
 * keystore.h: an index digest -> file of the worker's key folders, and the resident keys.
 * Digests of unchanged files (same device, inode, size and mtime) are reused across scans, so a
 * rescan costs a stat per file. A load reads the whole file into memory first and digests that
 * buffer: the key loaded is exactly the key the job named, even if someone rewrites the file.
 * The memory budget counts each key as its file size: with the CPU plugin the resident bases
 * are about that size (affine points, as in the file); GPU plugins hold theirs on the device.
 */
#include "keystore.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum entry_state { ABSENT, LOADING, LOADED, BAD };

struct keystore_entry {
    char digest[QUEUE_DIGEST_HEX];
    char *path; /* NULL: no longer in any folder (resident keys stay usable) */
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    int seen; /* found by the scan in progress */
    enum entry_state state;
    g16k_key *key;     /* LOADED */
    int refs;          /* acquirers not yet released */
    uint64_t last_use; /* tick of the last acquire, for least recently used */
    int bad_status;    /* BAD: what the load returned */
    char *bad_msg;
    keystore_entry *next;
};

struct keystore {
    g16k_prover *prover;
    char **dirs;
    size_t n_dirs;
    char *dirs_text;
    uint64_t budget, resident;
    uint64_t tick;
    struct timespec last_scan;
    keystore_entry *entries;
    pthread_mutex_t lock;   /* guards everything above and every entry */
    pthread_cond_t changed; /* an entry left LOADING */
};

static int has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n > s && strcmp(name + n - s, suffix) == 0;
}

static keystore_entry *find_digest(keystore *ks, const char *digest)
{
    for (keystore_entry *e = ks->entries; e; e = e->next)
        if (strcmp(e->digest, digest) == 0)
            return e;
    return NULL;
}

/* Digest of a file through a read-only mapping (nothing copied). 0, or -1 with errno. */
static int digest_file(const char *path, off_t size, char hex[QUEUE_DIGEST_HEX])
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO: no wait for a writer */
    void *map;
    if (fd < 0)
        return -1;
    if (size == 0) {
        close(fd);
        queue_key_digest("", 0, hex);
        return 0;
    }
    map = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return -1;
    queue_key_digest(map, (size_t)size, hex);
    munmap(map, (size_t)size);
    return 0;
}

/* The entry for a file found by a scan: the same file as before keeps its digest. Under lock. */
static void scan_file(keystore *ks, const char *path, const struct stat *st, int *changed)
{
    char hex[QUEUE_DIGEST_HEX];
    keystore_entry *e;
    for (e = ks->entries; e; e = e->next)
        if (e->path && strcmp(e->path, path) == 0 && e->dev == st->st_dev && e->ino == st->st_ino &&
            e->size == st->st_size && e->mtime.tv_sec == st->st_mtim.tv_sec &&
            e->mtime.tv_nsec == st->st_mtim.tv_nsec) {
            e->seen = 1;
            return;
        }
    if (digest_file(path, st->st_size, hex) != 0)
        return; /* unreadable now: not a key of ours until a later scan */
    e = find_digest(ks, hex);
    if (!e) {
        if (!(e = calloc(1, sizeof *e)))
            return;
        memcpy(e->digest, hex, sizeof hex);
        e->next = ks->entries;
        ks->entries = e;
        *changed = 1;
    } else if (!e->path) {
        *changed = 1;
    }
    if (e->seen && e->path) /* two copies of one key in the folders: the first found wins */
        return;
    char *p = strdup(path);
    if (!p)
        return;
    free(e->path);
    e->path = p;
    e->dev = st->st_dev;
    e->ino = st->st_ino;
    e->size = st->st_size;
    e->mtime = st->st_mtim;
    e->seen = 1;
}

static int scan_dir(keystore *ks, const char *dir, int *changed, char *err, size_t err_len)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    if (!d) {
        snprintf(err, err_len, "--keys %s: %s", dir, strerror(errno));
        return G16K_EIO;
    }
    while ((de = readdir(d))) {
        char path[4096];
        struct stat st;
        if (!has_suffix(de->d_name, ".zkey"))
            continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, de->d_name) >= sizeof path)
            continue;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        scan_file(ks, path, &st, changed);
    }
    closedir(d);
    return G16K_OK;
}

/* Under lock. */
static int scan_locked(keystore *ks, int *changed, char *err, size_t err_len)
{
    int rc = G16K_OK;
    *changed = 0;
    for (keystore_entry *e = ks->entries; e; e = e->next)
        e->seen = 0;
    for (size_t i = 0; i < ks->n_dirs; i++) {
        int r = scan_dir(ks, ks->dirs[i], changed, err, err_len);
        if (r != G16K_OK)
            rc = r;
    }
    for (keystore_entry *e = ks->entries; e; e = e->next)
        if (!e->seen && e->path) {
            free(e->path);
            e->path = NULL;
            *changed = 1;
        }
    clock_gettime(CLOCK_MONOTONIC, &ks->last_scan);
    return rc;
}

int keystore_create(g16k_prover *prover, const char *const *dirs, size_t n_dirs, uint64_t budget,
                    keystore **out, char *err, size_t err_len)
{
    keystore *ks = calloc(1, sizeof *ks);
    size_t text = 1;
    int changed, rc;
    *out = NULL;
    if (!ks || !(ks->dirs = calloc(n_dirs ? n_dirs : 1, sizeof *ks->dirs))) {
        free(ks);
        snprintf(err, err_len, "out of memory");
        return G16K_ENOMEM;
    }
    ks->prover = prover;
    ks->budget = budget;
    pthread_mutex_init(&ks->lock, NULL);
    pthread_cond_init(&ks->changed, NULL);
    for (size_t i = 0; i < n_dirs; i++) {
        if (!(ks->dirs[i] = strdup(dirs[i])))
            goto oom;
        ks->n_dirs++;
        text += strlen(dirs[i]) + 2;
    }
    if (!(ks->dirs_text = malloc(text)))
        goto oom;
    ks->dirs_text[0] = '\0';
    for (size_t i = 0; i < n_dirs; i++) {
        if (i)
            strcat(ks->dirs_text, ", ");
        strcat(ks->dirs_text, dirs[i]);
    }
    if ((rc = scan_locked(ks, &changed, err, err_len)) != G16K_OK) {
        keystore_destroy(ks);
        return rc;
    }
    *out = ks;
    return G16K_OK;
oom:
    keystore_destroy(ks);
    snprintf(err, err_len, "out of memory");
    return G16K_ENOMEM;
}

void keystore_destroy(keystore *ks)
{
    if (!ks)
        return;
    while (ks->entries) {
        keystore_entry *e = ks->entries;
        ks->entries = e->next;
        g16k_key_free(e->key);
        free(e->path);
        free(e->bad_msg);
        free(e);
    }
    for (size_t i = 0; i < ks->n_dirs; i++)
        free(ks->dirs[i]);
    free(ks->dirs);
    free(ks->dirs_text);
    pthread_mutex_destroy(&ks->lock);
    pthread_cond_destroy(&ks->changed);
    free(ks);
}

const char *keystore_dirs(const keystore *ks)
{
    return ks->dirs_text;
}

static double since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) * 1e-9;
}

int keystore_scan(keystore *ks, int force, int *changed)
{
    char err[512];
    int rc = G16K_OK;
    *changed = 0;
    pthread_mutex_lock(&ks->lock);
    if (force || since(&ks->last_scan) >= 1.0)
        rc = scan_locked(ks, changed, err, sizeof err);
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

size_t keystore_digests(keystore *ks, char (**out)[QUEUE_DIGEST_HEX])
{
    size_t n = 0, i = 0;
    pthread_mutex_lock(&ks->lock);
    for (keystore_entry *e = ks->entries; e; e = e->next)
        n += e->path != NULL;
    *out = malloc((n ? n : 1) * QUEUE_DIGEST_HEX);
    if (*out)
        for (keystore_entry *e = ks->entries; e; e = e->next)
            if (e->path)
                memcpy((*out)[i++], e->digest, QUEUE_DIGEST_HEX);
    pthread_mutex_unlock(&ks->lock);
    return *out ? n : 0;
}

/* Drop least recently used resident keys nobody holds until need more bytes fit. Under lock. */
static void make_room(keystore *ks, uint64_t need)
{
    while (ks->resident + need > ks->budget) {
        keystore_entry *victim = NULL;
        for (keystore_entry *e = ks->entries; e; e = e->next)
            if (e->state == LOADED && e->refs == 0 && (!victim || e->last_use < victim->last_use))
                victim = e;
        if (!victim)
            return; /* everything resident is in use: go over the budget */
        g16k_key_free(victim->key);
        victim->key = NULL;
        victim->state = ABSENT;
        ks->resident -= (uint64_t)victim->size;
    }
}

/* Read the whole file; 0, or -1 with errno. */
static int read_file(const char *path, uint8_t **out, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO: no wait for a writer */
    struct stat st;
    uint8_t *buf;
    size_t got = 0;
    if (fd < 0)
        return -1;
    int e = fstat(fd, &st) != 0 ? errno : !S_ISREG(st.st_mode) ? EINVAL /* not a file */ : 0;
    if (e || !(buf = malloc(st.st_size ? (size_t)st.st_size : 1))) {
        e = e ? e : errno;
        close(fd);
        errno = e ? e : ENOMEM;
        return -1;
    }
    while (got < (size_t)st.st_size) {
        ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            int e = r < 0 ? errno : EIO;
            free(buf);
            close(fd);
            errno = e;
            return -1;
        }
        got += (size_t)r;
    }
    close(fd);
    *out = buf;
    *len = got;
    return 0;
}

/* Load e (state LOADING, lock not held). Sets e->key or returns the error. */
static int load_entry(keystore *ks, keystore_entry *e, const char *path, g16k_progress_fn progress,
                      void *user, char *err, size_t err_len)
{
    g16k_key_opts ko;
    char hex[QUEUE_DIGEST_HEX];
    uint8_t *buf;
    size_t len;
    int rc;
    if (read_file(path, &buf, &len) != 0) {
        snprintf(err, err_len, "%s: %s", path, strerror(errno));
        return errno == ENOMEM ? G16K_ENOMEM : G16K_EIO;
    }
    queue_key_digest(buf, len, hex);
    if (strcmp(hex, e->digest) != 0) {
        free(buf);
        snprintf(err, err_len, "%s changed since it was indexed (its digest is now %s)", path, hex);
        return KEYSTORE_MISSING;
    }
    memset(&ko, 0, sizeof ko);
    ko.struct_size = sizeof ko;
    ko.progress = progress;
    ko.progress_user = user;
    ko.name = path;
    rc = g16k_key_load_buffer(ks->prover, buf, len, &ko, &e->key);
    free(buf);
    if (rc != G16K_OK)
        snprintf(err, err_len, "%s", g16k_last_error());
    return rc;
}

int keystore_acquire(keystore *ks, const char *digest, g16k_progress_fn progress, void *user,
                     g16k_key **key, keystore_entry **ref, int *loaded, char *err, size_t err_len)
{
    keystore_entry *e;
    char *path;
    int rc, changed;

    *key = NULL;
    *ref = NULL;
    *loaded = 0;
    pthread_mutex_lock(&ks->lock);
    e = find_digest(ks, digest);
    if ((!e || (e->state != LOADED && !e->path)) && since(&ks->last_scan) >= 1.0) {
        char serr[512];
        scan_locked(ks, &changed, serr, sizeof serr); /* a key added since the last scan */
        e = find_digest(ks, digest);
    }
    while (e && e->state == LOADING)
        pthread_cond_wait(&ks->changed, &ks->lock);
    if (e && e->state == BAD) {
        snprintf(err, err_len, "%s", e->bad_msg ? e->bad_msg : "key failed its checks");
        rc = e->bad_status;
        goto out;
    }
    if (e && e->state == LOADED) {
        rc = G16K_OK;
        goto take;
    }
    if (!e || !e->path) {
        snprintf(err, err_len, "key %s is not in this worker's --keys folders (%s)", digest,
                 ks->dirs_text);
        rc = KEYSTORE_MISSING;
        goto out;
    }
    make_room(ks, (uint64_t)e->size);
    e->state = LOADING;
    if (!(path = strdup(e->path))) {
        e->state = ABSENT;
        pthread_cond_broadcast(&ks->changed);
        snprintf(err, err_len, "out of memory");
        rc = G16K_ENOMEM;
        goto out;
    }
    pthread_mutex_unlock(&ks->lock);
    rc = load_entry(ks, e, path, progress, user, err, err_len);
    free(path);
    pthread_mutex_lock(&ks->lock);
    if (rc == G16K_OK) {
        e->state = LOADED;
        ks->resident += (uint64_t)e->size;
        *loaded = 1;
    } else if (rc == G16K_EFORMAT) {
        /* the content is named by its digest: it fails the same way every time */
        e->state = BAD;
        e->bad_status = rc;
        e->bad_msg = strdup(err);
    } else {
        e->state = ABSENT;
    }
    pthread_cond_broadcast(&ks->changed);
    if (rc != G16K_OK)
        goto out;
take:
    e->refs++;
    e->last_use = ++ks->tick;
    *key = e->key;
    *ref = e;
out:
    pthread_mutex_unlock(&ks->lock);
    return rc;
}

void keystore_release(keystore *ks, keystore_entry *ref)
{
    if (!ref)
        return;
    pthread_mutex_lock(&ks->lock);
    ref->refs--;
    pthread_mutex_unlock(&ks->lock);
}
