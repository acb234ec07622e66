/* g16k vk: verification_key.json of a Groth16 .zkey, as `snarkjs zkey export verificationkey`. */
#include "cli.h"
#include "g16k/g16k.h"
#include "setup/setup.h"

static int cmd_vk(int argc, char **argv)
{
    const char *zkey = NULL, *vk = NULL;
    const cli_opt opts[] = { { "--zkey", &zkey, NULL }, { "--vk", &vk, NULL } };
    int rc = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0]);
    if (rc)
        return rc;
    if (!zkey || !vk)
        return cli_usage_error("%s: --zkey and --vk are required", "vk");
    const cli_file files[] = { { "--zkey", zkey, 0 }, { "--vk", vk, 1 } };
    if ((rc = cli_check_outputs(files, 2)))
        return rc;
    if ((rc = setup_vk_export(zkey, vk)) != G16K_OK)
        return cli_fail(rc);
    return 0;
}

const cli_command cli_cmd_vk = {
    "vk",
    cmd_vk,
    "vk       --zkey FILE --vk OUT.json\n"
    "         The verification key, byte for byte as `snarkjs zkey export verificationkey`;\n"
    "         BLS12-381 or BN254 (bn128) keys.\n",
};
