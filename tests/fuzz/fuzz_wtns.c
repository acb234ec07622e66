/* libFuzzer target: the .wtns reader (core/formats/wtns.c), without and with an expected length,
 * from a file and from memory (g16k_prove_wtns_buffer's path): both must give the same verdict.
 * Seeds: the fixtures' witness.wtns. */
#include "fuzz_input.h"
#include "formats/wtns.h"

static int load_both(const char *path, const uint8_t *data, size_t size, uint32_t n_vars)
{
    wtns *w;
    int rc_file = wtns_load(path, NULL, n_vars, &w);
    if (rc_file == 0)
        wtns_free(w);
    int rc_mem = wtns_load_mem("wtns buffer", data, size, NULL, n_vars, &w);
    if (rc_mem == 0)
        wtns_free(w);
    return rc_file == rc_mem;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    if (fd < 0)
        return 0;
    int same =
        load_both(path, data, size, 0) && load_both(path, data, size, 4); /* 4: mult's nVars */
    fuzz_input_close(fd);
    if (!same)
        __builtin_trap();
    return 0;
}
