/* g16k plugins: the loaded plugins of a configuration and the slot each serves. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static int cmd_plugins(int argc, char **argv)
{
    const char *config = NULL;
    const cli_opt opts[] = { { "--config", &config, NULL } };
    g16k_prover *p;
    int rc = cli_parse(argc, argv, opts, 1);
    if (rc)
        return rc;
    if ((rc = cli_open_prover(config, &p)) != G16K_OK)
        return cli_fail(rc);
    size_t need = g16k_prover_describe(p, NULL, 0) + 1;
    char *buf = malloc(need);
    if (buf) {
        g16k_prover_describe(p, buf, need);
        fputs(buf, stdout);
        free(buf);
    }
    g16k_prover_close(p);
    if (!buf) {
        fprintf(stderr, "g16k: error: out of memory\n");
        return cli_exit_code(G16K_ENOMEM);
    }
    return 0;
}

const cli_command cli_cmd_plugins = {
    "plugins",
    cmd_plugins,
    "plugins  [--config INI]\n"
    "         The plugins (name, version, ABI, path, capabilities, device) and the slot each\n"
    "         serves. --config as for prove.\n",
};
