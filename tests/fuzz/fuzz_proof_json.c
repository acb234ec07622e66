/* libFuzzer target: proof.json reader (core/formats/json_proof.c), on each curve. Seeds: the
 * fixtures' proof.json and ref_proof_*.json. */
#include "fuzz_input.h"
#include "formats/json_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[32];
    int fd = fuzz_input_open(data, size, path, sizeof(path));
    groth16_proof p;
    if (fd < 0)
        return 0;
    (void)proof_json_read(path, &curve_bls12_381, &p);
    (void)proof_json_read(path, &curve_bn254, &p);
    fuzz_input_close(fd);
    return 0;
}
