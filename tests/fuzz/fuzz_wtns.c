/* libFuzzer target: the .wtns reader (core/formats/wtns.c), without and with an expected length.
 * Seeds: the fixtures' witness.wtns. */
#include "fuzz_input.h"
#include "formats/wtns.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    wtns *w;
    if (fd < 0)
        return 0;
    if (wtns_load(path, 0, &w) == 0)
        wtns_free(w);
    if (wtns_load(path, 4, &w) == 0)      /* mult's nVars */
        wtns_free(w);
    fuzz_input_close(fd);
    return 0;
}
