/* libFuzzer target: the .zkey reader (core/formats/zkey.c) with full point validation.
 * Seeds: the fixtures' circuit_final.zkey (mult, nopub). */
#include "fuzz_input.h"
#include "formats/zkey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    zkey *k;
    if (fd < 0)
        return 0;
    if (zkey_load(path, 1, &k) == 0)
        zkey_free(k);
    fuzz_input_close(fd);
    return 0;
}
