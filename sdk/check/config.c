/*
 * Configuration checks: create() accepts an empty [plugin.NAME] section and rejects a key it
 * does not know with G16K_ECONFIG and a message naming the key and its prover.ini line (plugin.h,
 * docs/architecture.md); destroy() of that rejected attempt is never needed.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"

int chk_create(chk_plugin *p)
{
    return host_plugin_create(p, "(g16k-plugin-check)", "plugin.check", NULL, 0);
}

int check_config(chk_plugin *p)
{
    const g16k_plugin_desc *d = p->desc;
    int rc = chk_create(p);
    if (rc != G16K_OK || !p->ctx) {
        report_fail("config.empty", "create() with an empty config returned %d: %s", rc,
                    host_last_error());
        return -1;
    }
    report_pass("config.empty");

    const g16k_config_entry bad = { .key = "g16k_check_no_such_key", .value = "1", .line = 4242 };
    const g16k_config cfg = {
        .struct_size = sizeof(g16k_config),
        .file = "check.ini",
        .section = "plugin.check",
        .entries = &bad,
        .n_entries = 1,
    };
    g16k_plugin_ctx *ctx = NULL;
    host_clear_error();
    rc = d->create(&cfg, &ctx);
    const char *msg = host_last_error();
    if (rc == G16K_OK) {
        report_fail("config.unknown_key", "create() accepted the unknown key '%s'", bad.key);
        d->destroy(ctx);
    } else if (rc != G16K_ECONFIG) {
        report_fail("config.unknown_key", "returned %d, expected G16K_ECONFIG (%d)", rc,
                    G16K_ECONFIG);
    } else if (!strstr(msg, bad.key) || !strstr(msg, "4242")) {
        report_fail("config.unknown_key", "the message must name the key and line 4242: '%s'", msg);
    } else {
        report_pass("config.unknown_key");
    }
    return 0;
}
