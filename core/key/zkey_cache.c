/* Verdict cache of proving keys and the tree digest of a file (zkey_cache.h). */
#include "zkey_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/blake3.h"
#include "util/error.h"
#include "util/log.h"
#include "util/atomic_write.h"

/* v3: the digest is BLAKE3 (v2 named entries by a BLAKE2b tree; they are no longer found). */
#define MAGIC "g16k zkey verdict v3\n"

#define LEAF_CHUNKS (ZKEY_LEAF_BYTES / BLAKE3_CHUNK_BYTES)
#define BATCH 16 /* chunks hashed at once: the AVX-512 kernel's width */

uint64_t zkey_digest_leaves(uint64_t size)
{
    return (size + ZKEY_LEAF_BYTES - 1) / ZKEY_LEAF_BYTES;
}

/* Reads a leaf's bytes from its spans, chunk by chunk. */
typedef struct span_reader {
    const zkey_span *spans;
    int n, at;  /* the span holding the next byte (n when past the last) */
    size_t off; /* the next byte's offset in spans[at] */
} span_reader;

static void skip_empty(span_reader *r)
{
    while (r->at < r->n && r->off == r->spans[r->at].len) {
        r->at++;
        r->off = 0;
    }
}

/* The next len bytes: in place when one span holds them, else copied to buf. NULL when the
 * spans end first. */
static const uint8_t *span_next(span_reader *r, size_t len, uint8_t *buf)
{
    skip_empty(r);
    if (r->at < r->n && r->spans[r->at].len - r->off >= len) {
        const uint8_t *p = r->spans[r->at].p + r->off;
        r->off += len;
        return p;
    }
    for (size_t got = 0; got < len;) {
        skip_empty(r);
        if (r->at == r->n)
            return NULL;
        size_t n = r->spans[r->at].len - r->off;
        if (n > len - got)
            n = len - got;
        memcpy(buf + got, r->spans[r->at].p + r->off, n);
        r->off += n;
        got += n;
    }
    return buf;
}

int zkey_digest_leaf(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t i, uint64_t file_size,
                     const zkey_span *spans, int n_spans)
{
    if (i >= zkey_digest_leaves(file_size))
        return -1;
    uint64_t len = file_size - i * ZKEY_LEAF_BYTES;
    if (len > ZKEY_LEAF_BYTES)
        len = ZKEY_LEAF_BYTES;
    size_t n_chunks = (size_t)((len + BLAKE3_CHUNK_BYTES - 1) / BLAKE3_CHUNK_BYTES);
    size_t full = (size_t)(len / BLAKE3_CHUNK_BYTES);
    unsigned root = file_size <= ZKEY_LEAF_BYTES ? BLAKE3_ROOT : 0;
    uint64_t counter = i * LEAF_CHUNKS;
    span_reader r = { .spans = spans, .n = n_spans };
    uint32_t cvs[LEAF_CHUNKS][8];
    uint8_t copies[BATCH][BLAKE3_CHUNK_BYTES];

    if (n_chunks == 1) /* a leaf of one chunk, the root when it is the file */
        full = 0;
    for (size_t c = 0; c < full; c += BATCH) {
        const uint8_t *ptrs[BATCH];
        size_t n = full - c < BATCH ? full - c : BATCH;
        for (size_t k = 0; k < n; k++)
            if (!(ptrs[k] = span_next(&r, BLAKE3_CHUNK_BYTES, copies[k])))
                return -1;
        blake3_chunks_cv(cvs + c, ptrs, n, counter + c);
    }
    if (full < n_chunks) { /* a short last chunk, or the only one */
        size_t tail = (size_t)(len - full * BLAKE3_CHUNK_BYTES);
        const uint8_t *p = tail ? span_next(&r, tail, copies[0]) : copies[0];
        if (!p)
            return -1;
        blake3_chunk_cv(cvs[full], p, tail, counter + full, n_chunks == 1 ? root : 0);
    }
    skip_empty(&r);
    if (r.at != r.n) /* bytes left over */
        return -1;
    if (n_chunks > 1)
        blake3_merge(cvs, n_chunks, root);
    blake3_cv_to_bytes(out, cvs[0]);
    return 0;
}

int zkey_digest_root(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t size,
                     const uint8_t (*leaves)[ZKEY_DIGEST_BYTES], uint64_t n)
{
    if (n != zkey_digest_leaves(size))
        return -1;
    if (n == 0) {
        blake3_hash(out, NULL, 0);
        return 0;
    }
    if (n == 1) { /* the leaf was computed as the root */
        memcpy(out, leaves[0], ZKEY_DIGEST_BYTES);
        return 0;
    }
    uint32_t(*cvs)[8] = malloc(n * sizeof *cvs);
    if (!cvs)
        return -1;
    for (uint64_t i = 0; i < n; i++)
        blake3_cv_from_bytes(cvs[i], leaves[i]);
    blake3_merge(cvs, n, BLAKE3_ROOT);
    blake3_cv_to_bytes(out, cvs[0]);
    free(cvs);
    return 0;
}

int zkey_digest(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, uint64_t size)
{
    uint64_t n = zkey_digest_leaves(size);
    uint8_t(*leaves)[ZKEY_DIGEST_BYTES] = malloc(n ? n * ZKEY_DIGEST_BYTES : 1);
    if (leaves == NULL)
        return -1;
    int rc = 0;
    for (uint64_t i = 0; i < n && rc == 0; i++) {
        uint64_t off = i * ZKEY_LEAF_BYTES;
        zkey_span s = { data + off, size - off < ZKEY_LEAF_BYTES ? size - off : ZKEY_LEAF_BYTES };
        rc = zkey_digest_leaf(leaves[i], i, size, &s, 1);
    }
    if (rc == 0)
        rc = zkey_digest_root(out, size, (const uint8_t(*)[ZKEY_DIGEST_BYTES])leaves, n);
    free(leaves);
    return rc;
}

int zkey_cache_default_dir(char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n = -1;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, cap, "%s/g16k", xdg);
    else if (home && home[0])
        n = snprintf(buf, cap, "%s/.cache/g16k", home);
    if (n < 0 || (size_t)n >= cap) {
        if (cap)
            buf[0] = '\0';
        return -1;
    }
    return 0;
}

static void hex(char out[2 * ZKEY_DIGEST_BYTES + 1], const uint8_t digest[ZKEY_DIGEST_BYTES])
{
    for (int i = 0; i < ZKEY_DIGEST_BYTES; i++)
        snprintf(out + 2 * i, 3, "%02x", digest[i]);
}

static int verdict_path(char *buf, size_t cap, const char *dir, const char *hexd)
{
    int n = snprintf(buf, cap, "%s/%s.verified", dir, hexd);
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* The lines an entry for (digest, size) starts with. */
static int entry_head(char *buf, size_t cap, const char *hexd, uint64_t size)
{
    return snprintf(buf, cap, MAGIC "digest %s\nsize %llu\n", hexd, (unsigned long long)size);
}

/* got = the entry at path (up to cap - 1 bytes, NUL-terminated). 0, or -1: missing (silently),
 * unreadable or not a regular file (with a warning). */
static int read_entry(const char *dir, const char *path, char *got, size_t cap)
{
    /* O_NONBLOCK: a FIFO put in the folder must not hang the load (it is refused below) */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno != ENOENT && errno != ENOTDIR)
            log_msg(G16K_LOG_WARN, "key_cache %s: cannot read %s: %s; checking the key again", dir,
                    path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        log_msg(G16K_LOG_WARN,
                "key_cache %s: cannot read %s: not a regular file; checking the key again", dir,
                path);
        close(fd);
        return -1;
    }
    size_t len = 0;
    while (len < cap - 1) {
        ssize_t n = read(fd, got + len, cap - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            log_msg(G16K_LOG_WARN, "key_cache %s: cannot read %s: %s; checking the key again", dir,
                    path, strerror(errno));
            close(fd);
            return -1;
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    got[len] = '\0';
    return 0;
}

int zkey_cache_has(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size)
{
    char hexd[2 * ZKEY_DIGEST_BYTES + 1], path[PATH_MAX], want[256], got[4096];
    hex(hexd, digest);
    if (verdict_path(path, sizeof path, dir, hexd) != 0 ||
        read_entry(dir, path, got, sizeof got) != 0)
        return 0;
    size_t len = strlen(got);
    int w = entry_head(want, sizeof want, hexd, size);
    if (w <= 0 || len < (size_t)w || memcmp(got, want, (size_t)w) != 0) {
        log_msg(G16K_LOG_WARN,
                "key_cache %s: ignoring %s (not a g16k verdict for this key); "
                "checking the key again",
                dir, path);
        return 0;
    }
    return 1;
}

/* mkdir -p for the cache folder (0700: only this user may vouch for keys). */
static int make_dirs(const char *dir)
{
    char tmp[PATH_MAX];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof(tmp)) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(tmp, dir, n + 1);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0700) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(tmp, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

int zkey_cache_put(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size,
                   const char *zkey_path)
{
    char hexd[2 * ZKEY_DIGEST_BYTES + 1], path[PATH_MAX], body[PATH_MAX + 512];
    hex(hexd, digest);
    if (verdict_path(path, sizeof(path), dir, hexd) != 0 || make_dirs(dir) != 0) {
        log_msg(G16K_LOG_WARN, "key_cache %s: cannot create the folder: %s", dir, strerror(errno));
        return -1;
    }
    int n = entry_head(body, sizeof body, hexd, size);
    n += snprintf(body + n, sizeof body - (size_t)n,
                  "every point on the curve and in the prime-order subgroup\nfirst seen as %s\n",
                  zkey_path);
    if (n >= (int)sizeof body)
        n = (int)sizeof body - 1;
    if (write_file_atomic(path, body, (size_t)n) != 0) {
        log_msg(G16K_LOG_WARN, "key_cache %s: cannot record the verdict: %s", dir, err_get());
        err_clear();
        return -1;
    }
    return 0;
}

void zkey_stamp_from(const struct stat *st, zkey_stamp *out)
{
    *out = (zkey_stamp){ .dev = (uint64_t)st->st_dev,
                         .ino = (uint64_t)st->st_ino,
                         .size = (uint64_t)st->st_size,
                         .mtime_s = (int64_t)st->st_mtim.tv_sec,
                         .mtime_ns = (int64_t)st->st_mtim.tv_nsec,
                         .ctime_s = (int64_t)st->st_ctim.tv_sec,
                         .ctime_ns = (int64_t)st->st_ctim.tv_nsec };
}

#define STAMP_MAGIC "g16k zkey stamp v1\n"

static int stamp_path(char *buf, size_t cap, const char *dir, const zkey_stamp *s)
{
    int n = snprintf(buf, cap, "%s/file-%llu-%llu.stamp", dir, (unsigned long long)s->dev,
                     (unsigned long long)s->ino);
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* The whole entry for (s, digest). */
static int stamp_body(char *buf, size_t cap, const zkey_stamp *s, const char *hexd)
{
    return snprintf(buf, cap,
                    STAMP_MAGIC "dev %llu\nino %llu\nsize %llu\nmtime %lld.%09lld\n"
                                "ctime %lld.%09lld\ndigest %s\n",
                    (unsigned long long)s->dev, (unsigned long long)s->ino,
                    (unsigned long long)s->size, (long long)s->mtime_s, (long long)s->mtime_ns,
                    (long long)s->ctime_s, (long long)s->ctime_ns, hexd);
}

int zkey_cache_stamp_get(const char *dir, const zkey_stamp *s, uint8_t digest[ZKEY_DIGEST_BYTES])
{
    char path[PATH_MAX], got[1024], want[1024], hexd[2 * ZKEY_DIGEST_BYTES + 1];
    if (stamp_path(path, sizeof path, dir, s) != 0 || read_entry(dir, path, got, sizeof got) != 0)
        return 0;
    /* The digest from the entry's last line; then the whole entry must be the one for s (which
     * also rejects upper-case hex or anything after the line). */
    const char *d = strstr(got, "\ndigest ");
    uint8_t v[ZKEY_DIGEST_BYTES];
    int ok = strncmp(got, STAMP_MAGIC, strlen(STAMP_MAGIC)) == 0 && d != NULL &&
             strlen(d + 8) >= 2 * ZKEY_DIGEST_BYTES;
    for (int i = 0; ok && i < ZKEY_DIGEST_BYTES; i++) {
        unsigned b;
        ok = sscanf(d + 8 + 2 * i, "%2x", &b) == 1;
        v[i] = (uint8_t)b;
    }
    if (!ok) {
        log_msg(G16K_LOG_WARN, "key_cache %s: ignoring %s (not a g16k stamp entry)", dir, path);
        return 0;
    }
    hex(hexd, v);
    int w = stamp_body(want, sizeof want, s, hexd);
    if (w <= 0 || (size_t)w >= sizeof want || strcmp(got, want) != 0)
        return 0; /* another version of the file (or of another file on a reused inode) */
    memcpy(digest, v, ZKEY_DIGEST_BYTES);
    return 1;
}

int zkey_cache_dir_trusted(const char *dir)
{
    struct stat st;
    if (lstat(dir, &st) != 0)
        return 1; /* missing: the first verdict makes it 0700 (make_dirs, which says why not) */
    const char *why = !S_ISDIR(st.st_mode)      ? "not a folder (a symbolic link?)"
                      : st.st_uid != geteuid()  ? "not the user's own"
                      : (st.st_mode & 022) != 0 ? "writable by others"
                                                : NULL;
    if (why)
        log_msg(G16K_LOG_WARN,
                "key_cache %s: %s, so its verdicts could be anyone's: not used (every point of "
                "the key is tested)",
                dir, why);
    return why == NULL;
}

int zkey_stamp_racy(const zkey_stamp *s, int64_t now_s, int64_t now_ns)
{
    /* changed less than ZKEY_STAMP_QUIET_S before the load began (or in the future) */
    return s->ctime_s > now_s - ZKEY_STAMP_QUIET_S ||
           (s->ctime_s == now_s - ZKEY_STAMP_QUIET_S && s->ctime_ns >= now_ns);
}

int zkey_cache_stamp_put(const char *dir, const zkey_stamp *s,
                         const uint8_t digest[ZKEY_DIGEST_BYTES], int64_t now_s, int64_t now_ns)
{
    if (zkey_stamp_racy(s, now_s, now_ns))
        return 1;
    char path[PATH_MAX], body[1024], hexd[2 * ZKEY_DIGEST_BYTES + 1];
    hex(hexd, digest);
    if (stamp_path(path, sizeof path, dir, s) != 0 || make_dirs(dir) != 0) {
        log_msg(G16K_LOG_WARN, "key_cache %s: cannot create the folder: %s", dir, strerror(errno));
        return -1;
    }
    int n = stamp_body(body, sizeof body, s, hexd);
    if (n <= 0 || (size_t)n >= sizeof body || write_file_atomic(path, body, (size_t)n) != 0) {
        log_msg(G16K_LOG_WARN, "key_cache %s: cannot record the file's stamp: %s", dir, err_get());
        err_clear();
        return -1;
    }
    return 0;
}
