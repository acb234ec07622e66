#include "sysrand.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>

#include "error.h"
#include "g16k/plugin.h"

int g16k_random_bytes(void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len) {
        ssize_t k = getrandom(p, len, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return err_set(G16K_EIO, "getrandom failed: %s", k < 0 ? strerror(errno) : "no bytes");
        p += k;
        len -= (size_t)k;
    }
    return G16K_OK;
}
