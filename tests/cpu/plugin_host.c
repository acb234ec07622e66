/* Test host for the CPU plugin (see plugin_host.h). */
#include "plugin_host.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

static _Thread_local char last_error[1024];

static void host_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
}

static void host_log(int level, const char *fmt, ...)
{
    (void)level;
    (void)fmt;
}

static const g16k_host_api host = {
    .struct_size = sizeof(g16k_host_api),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .set_error = host_set_error,
    .log = host_log,
    .threads = TH_HOST_THREADS,
};

static g16k_plugin_entry_fn entry;
static const g16k_plugin_desc *desc;
static g16k_plugin_ctx *ctx;

g16k_plugin_entry_fn th_entry(void)
{
    if (!entry) {
        /* Never closed: a created plugin is never unloaded (plugin.h). */
        void *h = dlopen(G16K_CPU_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
        if (!h)
            fail_msg("dlopen %s: %s", G16K_CPU_PLUGIN_PATH, dlerror());
        void *sym = dlsym(h, G16K_PLUGIN_ENTRY_SYMBOL);
        assert_non_null(sym);
        /* POSIX guarantees data/function pointer conversion for dlsym results. */
        *(void **)&entry = sym;
    }
    return entry;
}

const g16k_plugin_desc *th_plugin(void)
{
    if (!desc) {
        assert_int_equal(th_entry()(&host, &desc), G16K_OK);
        assert_non_null(desc);
    }
    return desc;
}

g16k_plugin_ctx *th_ctx(void)
{
    if (!ctx)
        assert_int_equal(th_plugin()->create(NULL, &ctx), G16K_OK);
    return ctx;
}

const char *th_last_error(void)
{
    return last_error;
}

void th_clear_error(void)
{
    last_error[0] = '\0';
}
