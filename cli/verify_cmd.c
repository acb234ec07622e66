/* g16k verify: snarkjs's verdict on a proof (pairing check), plus the subgroup checks. */
#include <stdio.h>

#include "cli.h"

static int cmd_verify(int argc, char **argv)
{
    const char *vk = NULL, *pub = NULL, *proof = NULL;
    const cli_opt opts[] = { { "--vk", &vk, NULL },
                             { "--public", &pub, NULL },
                             { "--proof", &proof, NULL } };
    int rc = cli_parse(argc, argv, opts, 3);
    if (rc)
        return rc;
    if (!vk || !pub || !proof)
        return cli_usage_error("%s: --vk, --public and --proof are required", "verify");
    rc = g16k_verify_files(vk, pub, proof);
    if (rc == G16K_OK) {
        printf("OK\n");
        return 0;
    }
    if (rc == G16K_EVERIFY) {
        printf("INVALID: %s\n", g16k_last_error());
        return 1;
    }
    return cli_fail(rc);
}

const cli_command cli_cmd_verify = {
    "verify",
    cmd_verify,
    "verify   --vk verification_key.json --public public.json --proof proof.json\n"
    "         Same verdict as `snarkjs groth16 verify`, and the proof's points must lie in the\n"
    "         prime-order subgroups; prints OK (exit 0) or INVALID: why (exit 1). BLS12-381\n"
    "         or BN254 (bn128), as the key's \"curve\" says.\n",
};
