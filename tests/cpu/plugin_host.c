/* Loading the CPU plugin for its tests (see plugin_host.h), on the shared plugin host. */
#include "plugin_host.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

static host_plugin plugin;
static g16k_plugin_ctx *ctx;

g16k_plugin_entry_fn th_entry(void)
{
    if (!plugin.entry) {
        char err[1024];
        /* Never closed: a created plugin is never unloaded (plugin.h). */
        if (host_plugin_dlopen(&plugin, G16K_CPU_PLUGIN_PATH, err, sizeof err) != 0)
            fail_msg("%s: %s", G16K_CPU_PLUGIN_PATH, err);
    }
    return plugin.entry;
}

const g16k_plugin_desc *th_plugin(void)
{
    if (!plugin.desc) {
        host_set_threads(TH_HOST_THREADS);
        assert_int_equal(th_entry()(host_api(), &plugin.desc), G16K_OK);
        assert_non_null(plugin.desc);
    }
    return plugin.desc;
}

int th_create(const g16k_config_entry *e, uint64_t n, g16k_plugin_ctx **out)
{
    g16k_config cfg = { .struct_size = sizeof cfg,
                        .file = "test.ini",
                        .section = "plugin.cpu",
                        .entries = e,
                        .n_entries = n };
    return th_plugin()->create(&cfg, out);
}

g16k_plugin_ctx *th_ctx(void)
{
    if (!ctx)
        assert_int_equal(th_plugin()->create(NULL, &ctx), G16K_OK);
    return ctx;
}
