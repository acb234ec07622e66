/* Randomness from the kernel's CSPRNG (getrandom(2)), for blinding values and toxic waste. */
#ifndef G16K_UTIL_SYSRAND_H
#define G16K_UTIL_SYSRAND_H

#include <stddef.h>

/* Fill len bytes of buf, retrying short reads and EINTR. Returns G16K_OK, or G16K_EIO with the
 * core error (util/error.h) set. Thread-safe. */
int g16k_random_bytes(void *buf, size_t len);

#endif
