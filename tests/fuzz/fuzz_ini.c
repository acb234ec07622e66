/*
 * libFuzzer target: prover.ini (core/plugin/config.c: inih, validation, plugin resolution).
 * Every '/' of the input becomes '_' so that no input can name a library outside the plugin
 * folders (dlopen of arbitrary system libraries is not what we fuzz), and $G16K_PLUGIN_DIR
 * points nowhere; a plugin that does resolve (a g16k plugin installed in the default folder or
 * built next to this binary) is loaded, created and destroyed like in real use.
 * Seeds: the prover.ini files of conf/.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "plugin/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int init;
    char path[32];
    uint8_t *copy;
    prover_config *cfg;
    int fd;

    if (!init) {
        setenv("G16K_PLUGIN_DIR", "/nonexistent/g16k-fuzz", 1);
        setenv("G16K_LOG", "error", 1);
        init = 1;
    }
    if (!(copy = malloc(size ? size : 1)))
        return 0;
    memcpy(copy, data, size);
    for (size_t i = 0; i < size; i++)
        if (copy[i] == '/')
            copy[i] = '_';
    fd = fuzz_input_open(copy, size, path, sizeof(path));
    free(copy);
    if (fd < 0)
        return 0;
    if (config_load(path, &cfg) == 0)
        config_free(cfg);
    fuzz_input_close(fd);
    return 0;
}
