/* Registry of the subcommands beyond prove/verify/plugins. */
#include <string.h>

#include "cli.h"

int cli_extra_command(const char *cmd, int argc, char **argv)
{
    (void)cmd;
    (void)argc;
    (void)argv;
    return -1;
}

const char *cli_extra_usage(void)
{
    return "";
}
