/* libFuzzer target: the .zkey reader (core/formats/zkey.c) with full point validation, from a
 * file and from memory (g16k_key_load_buffer's path): both must give the same verdict.
 * Seeds: the fixtures' circuit_final.zkey (mult, nopub). */
#include "fuzz_input.h"
#include "formats/zkey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    zkey_load_args mem = { .path = "zkey buffer", .data = data, .size = size, .threads = 1 };
    zkey *k;
    int rc_file, rc_mem;
    if (fd < 0)
        return 0;
    if ((rc_file = zkey_load(path, 1, &k)) == 0)
        zkey_free(k);
    fuzz_input_close(fd);
    if ((rc_mem = zkey_load_from(&mem, &k)) == 0)
        zkey_free(k);
    if (rc_file != rc_mem)
        __builtin_trap();
    return 0;
}
