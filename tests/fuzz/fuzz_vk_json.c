/* libFuzzer target: verification_key.json reader (core/formats/json_vk.c). Seeds: the
 * fixtures' verification_key.json. */
#include "fuzz_input.h"
#include "formats/json_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    groth16_vk vk;
    if (fd < 0)
        return 0;
    if (vk_json_read(path, &vk) == 0)
        vk_free(&vk);
    fuzz_input_close(fd);
    return 0;
}
