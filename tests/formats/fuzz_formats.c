/*
 * libFuzzer target for the core/formats parsers (built with -DG16K_FUZZ=ON and clang).
 * The first input byte picks the parser; the rest is handed to it as a file through memfd, so
 * the fuzzer exercises exactly the code path of real files (mmap for binaries, read for JSON).
 * Seeds: the fixture files with the selector byte prepended.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "formats/json_io.h"
#include "formats/wtns.h"
#include "formats/zkey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int fd = memfd_create("g16k_fuzz", 0);
    if (fd < 0)
        return 0;
    if (write(fd, data + 1, size - 1) != (ssize_t)(size - 1)) {
        close(fd);
        return 0;
    }
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    switch (data[0] % 5) {
    case 0: {
        zkey *k;
        if (zkey_load(path, 1, &k) == 0)
            zkey_free(k);
        break;
    }
    case 1: {
        wtns *w;
        if (wtns_load(path, NULL, 0, &w) == 0)
            wtns_free(w);
        break;
    }
    case 2: {
        groth16_proof p;
        (void)proof_json_read(path, &curve_bls12_381, &p);
        (void)proof_json_read(path, &curve_bn254, &p);
        break;
    }
    case 3: {
        curve_scalar *v;
        size_t n;
        if (public_json_read(path, &curve_bls12_381, &v, &n) == 0)
            free(v);
        if (public_json_read(path, &curve_bn254, &v, &n) == 0)
            free(v);
        break;
    }
    default: {
        groth16_vk vk;
        if (vk_json_read(path, &vk) == 0)
            vk_free(&vk);
        break;
    }
    }
    close(fd);
    return 0;
}
