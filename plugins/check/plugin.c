/* Loading a plugin for the checks: dlopen with the loader's flags, the entry point, create(). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

int plugin_open(chk_plugin *p, const char *path, char *err, size_t err_len)
{
    memset(p, 0, sizeof(*p));
    p->path = path;
    if (!(p->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
        snprintf(err, err_len, "dlopen: %s", dlerror());
        return -1;
    }
    void *sym = dlsym(p->dl, G16K_PLUGIN_ENTRY_SYMBOL);
    if (!sym) {
        snprintf(err, err_len, "no symbol %s", G16K_PLUGIN_ENTRY_SYMBOL);
        return -1;
    }
    memcpy(&p->entry, &sym, sizeof(sym));    /* object to function pointer, as POSIX allows */
    int rc = p->entry(host_api(), &p->desc);
    if (rc != G16K_OK || !p->desc) {
        snprintf(err, err_len, "%s returned %d (%s)", G16K_PLUGIN_ENTRY_SYMBOL, rc,
                 p->desc ? "descriptor set" : "no descriptor");
        return -1;
    }
    return 0;
}

int plugin_create(chk_plugin *p)
{
    const g16k_config cfg = {
        .struct_size = sizeof(g16k_config),
        .file = "(g16k-plugin-check)",
        .section = "plugin.check",
        .entries = NULL,
        .n_entries = 0,
    };
    host_clear_error();
    p->ctx = NULL;
    return p->desc->create(&cfg, &p->ctx);
}
