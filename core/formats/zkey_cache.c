/* Verdict cache of proving keys (zkey_cache.h). */
#include "zkey_cache.h"

#include <errno.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json_io.h"
#include "../plugin/config.h"

int zkey_digest(uint8_t out[ZKEY_DIGEST_BYTES], const uint8_t *data, size_t len)
{
    if (sodium_init() < 0)
        return -1;
    crypto_generichash(out, ZKEY_DIGEST_BYTES, data, len, NULL, 0);
    return 0;
}

static int verdict_path(char *buf, size_t cap, const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES])
{
    char hex[2 * ZKEY_DIGEST_BYTES + 1];
    for (int i = 0; i < ZKEY_DIGEST_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    int n = snprintf(buf, cap, "%s/%s.verified", dir, hex);
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

int zkey_cache_has(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES])
{
    char path[PATH_MAX];
    return verdict_path(path, sizeof(path), dir, digest) == 0 && access(path, R_OK) == 0;
}

/* mkdir -p for the cache folder. */
static int make_dirs(const char *dir)
{
    char tmp[PATH_MAX];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof(tmp))
        return -1;
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

int zkey_cache_put(const char *dir, const uint8_t digest[ZKEY_DIGEST_BYTES], const char *zkey_path)
{
    char path[PATH_MAX], body[PATH_MAX + 128];
    if (verdict_path(path, sizeof(path), dir, digest) != 0 || make_dirs(dir) != 0) {
        g16k_log(G16K_LOG_WARN, "key_cache %s: cannot create the folder: %s", dir, strerror(errno));
        return -1;
    }
    int n = snprintf(body, sizeof(body), "g16k zkey verdict v1: every point on the curve and in "
                     "the prime-order subgroup\nfirst seen as %s\n", zkey_path);
    if (write_file_atomic(path, body, (size_t)n) != 0) {
        g16k_log(G16K_LOG_WARN, "key_cache %s: cannot record the verdict", dir);
        return -1;
    }
    return 0;
}
