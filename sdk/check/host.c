/* The stand-alone plugin host (host.h). */
#include "host.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[1024];
static _Thread_local char last_log[1024];
static int echo_level = -1;

static g16k_host_set_error_fn host_set_error;
static g16k_host_log_fn host_log;
static g16k_host_set_error_v_fn host_set_error_v;
static g16k_host_log_v_fn host_log_v;

static void host_set_error_v(const char *fmt, va_list ap)
{
    vsnprintf(last_error, sizeof last_error, fmt, ap);
}

static void host_log_v(int level, const char *fmt, va_list ap)
{
    vsnprintf(last_log, sizeof last_log, fmt, ap);
    if (level <= echo_level)
        fprintf(stderr, "plugin log[%d]: %s\n", level, last_log);
}

static void host_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    host_set_error_v(fmt, ap);
    va_end(ap);
}

static void host_log(int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    host_log_v(level, fmt, ap);
    va_end(ap);
}

static g16k_host_api host = {
    .struct_size = sizeof(g16k_host_api),
    .abi_major = G16K_ABI_MAJOR,
    .abi_minor = G16K_ABI_MINOR,
    .set_error = host_set_error,
    .log = host_log,
    .threads = 2,
    .set_error_v = host_set_error_v,
    .log_v = host_log_v,
};

static g16k_host_api host_next_major = {
    .struct_size = sizeof(g16k_host_api),
    .abi_major = G16K_ABI_MAJOR + 1,
    .abi_minor = 0,
    .set_error = host_set_error,
    .log = host_log,
    .threads = 2,
};

const g16k_host_api *host_api(void)
{
    return &host;
}
const g16k_host_api *host_api_other_major(void)
{
    return &host_next_major;
}
const char *host_last_error(void)
{
    return last_error;
}
void host_clear_error(void)
{
    last_error[0] = '\0';
}
const char *host_last_log(void)
{
    return last_log;
}
void host_echo_log(int max_level)
{
    echo_level = max_level;
}

void host_set_threads(uint32_t threads)
{
    host.threads = host_next_major.threads = threads;
}

int host_plugin_dlopen(host_plugin *p, const char *path, char *err, size_t err_len)
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
    memcpy(&p->entry, &sym, sizeof(sym)); /* object to function pointer, as POSIX allows */
    return 0;
}

int host_plugin_open(host_plugin *p, const char *path, char *err, size_t err_len)
{
    if (host_plugin_dlopen(p, path, err, err_len) != 0)
        return -1;
    int rc = p->entry(host_api(), &p->desc);
    if (rc != G16K_OK || !p->desc) {
        snprintf(err, err_len, "%s returned %d (%s)", G16K_PLUGIN_ENTRY_SYMBOL, rc,
                 p->desc ? "descriptor set" : "no descriptor");
        return -1;
    }
    return 0;
}

int host_plugin_create(host_plugin *p, const char *file, const char *section,
                       const g16k_config_entry *entries, uint64_t n_entries)
{
    const g16k_config cfg = {
        .struct_size = sizeof(g16k_config),
        .file = file,
        .section = section,
        .entries = entries,
        .n_entries = n_entries,
    };
    host_clear_error();
    p->ctx = NULL;
    return p->desc->create(&cfg, &p->ctx);
}
