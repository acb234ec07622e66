/* libFuzzer target: public.json reader (core/formats/json_public.c), on each curve. Seeds: the
 * fixtures' public.json. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "formats/json_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    curve_scalar *v;
    size_t n;
    if (fd < 0)
        return 0;
    if (public_json_read(path, &curve_bls12_381, &v, &n) == 0)
        free(v);
    if (public_json_read(path, &curve_bn254, &v, &n) == 0)
        free(v);
    fuzz_input_close(fd);
    return 0;
}
