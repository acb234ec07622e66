/* Verdict cache of proving keys and the tree digest of a file (zkey_cache.h). */
#include "zkey_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json_io.h"
#include "../plugin/config.h"
#include "../util/error.h"

#define MAGIC "g16k zkey verdict v2\n"

static const unsigned char LEAF_PERSONAL[16] = "g16k-zkey-leaf1";
static const unsigned char ROOT_PERSONAL[16] = "g16k-zkey-root1";

uint64_t zkey_digest_leaves(uint64_t size)
{
    return (size + ZKEY_LEAF_BYTES - 1) / ZKEY_LEAF_BYTES;
}

int zkey_digest_leaf(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t i, const uint8_t *leaf, size_t len)
{
    unsigned char salt[16] = { 0 };
    for (int b = 0; b < 8; b++)
        salt[b] = (unsigned char)(i >> (8 * b));
    if (sodium_init() < 0)
        return -1;
    return crypto_generichash_blake2b_salt_personal(out, ZKEY_DIGEST_BYTES, leaf, len, NULL, 0,
                                                    salt, LEAF_PERSONAL) == 0
               ? 0
               : -1;
}

int zkey_digest_root(uint8_t out[ZKEY_DIGEST_BYTES], uint64_t size,
                     const uint8_t (*leaves)[ZKEY_DIGEST_BYTES], uint64_t n)
{
    static const unsigned char salt[16] = { 0 };
    unsigned char sz[8];
    crypto_generichash_blake2b_state st;
    for (int b = 0; b < 8; b++)
        sz[b] = (unsigned char)(size >> (8 * b));
    if (sodium_init() < 0 || crypto_generichash_blake2b_init_salt_personal(
                                 &st, NULL, 0, ZKEY_DIGEST_BYTES, salt, ROOT_PERSONAL) != 0)
        return -1;
    crypto_generichash_blake2b_update(&st, sz, sizeof sz);
    crypto_generichash_blake2b_update(&st, (const unsigned char *)leaves, n * ZKEY_DIGEST_BYTES);
    return crypto_generichash_blake2b_final(&st, out, ZKEY_DIGEST_BYTES) == 0 ? 0 : -1;
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
        uint64_t len = size - off < ZKEY_LEAF_BYTES ? size - off : ZKEY_LEAF_BYTES;
        rc = zkey_digest_leaf(leaves[i], i, data + off, (size_t)len);
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

int zkey_cache_has(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], uint64_t size)
{
    char hexd[2 * ZKEY_DIGEST_BYTES + 1], path[PATH_MAX], want[256], got[4096];
    hex(hexd, digest);
    if (verdict_path(path, sizeof path, dir, hexd) != 0)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno != ENOENT && errno != ENOTDIR)
            g16k_log(G16K_LOG_WARN, "key_cache %s: cannot read %s: %s; checking the key again", dir,
                     path, strerror(errno));
        return 0;
    }
    size_t len = 0;
    while (len < sizeof got - 1) {
        ssize_t n = read(fd, got + len, sizeof got - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            g16k_log(G16K_LOG_WARN, "key_cache %s: cannot read %s: %s; checking the key again", dir,
                     path, strerror(errno));
            close(fd);
            return 0;
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    got[len] = '\0';
    int w = entry_head(want, sizeof want, hexd, size);
    if (w <= 0 || len < (size_t)w || memcmp(got, want, (size_t)w) != 0) {
        g16k_log(G16K_LOG_WARN,
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
        g16k_log(G16K_LOG_WARN, "key_cache %s: cannot create the folder: %s", dir, strerror(errno));
        return -1;
    }
    int n = entry_head(body, sizeof body, hexd, size);
    n += snprintf(body + n, sizeof body - (size_t)n,
                  "every point on the curve and in the prime-order subgroup\nfirst seen as %s\n",
                  zkey_path);
    if (n >= (int)sizeof body)
        n = (int)sizeof body - 1;
    if (write_file_atomic(path, body, (size_t)n) != 0) {
        g16k_log(G16K_LOG_WARN, "key_cache %s: cannot record the verdict: %s", dir, g16k_err_get());
        g16k_err_clear();
        return -1;
    }
    return 0;
}
