/*
 * Plugin loader: find a plugin file, dlopen it, check its descriptor against ABI 1.0, create and
 * probe it. Which plugins to load, capabilities per slot and fallbacks are config.c's business.
 *
 * Every error names the plugin and its path ("plugin cuda (/x/libg16k_cuda.so): ..."), because
 * the person reading it has to find the file. Checks run in the order that gives the most useful
 * message: the ABI major is compared before the descriptor size, since a plugin for another
 * major may have a different layout and "built for ABI 2.0" says more than "struct too small".
 * A library whose create() was called is never dlclose()d (plugin.h: plugins may keep static
 * state and threads).
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "abi.h"
#include "plugin/internal.h"
#include "util/error.h"

#ifndef G16K_DEFAULT_PLUGIN_DIR
#define G16K_DEFAULT_PLUGIN_DIR "/usr/local/lib/g16k"
#endif
/* The install tree's plugin folder relative to its bin/ (core/CMakeLists.txt); differs from
 * the build tree's ../lib/g16k when the library folder is, say, lib/x86_64-linux-gnu. */
#ifndef G16K_PLUGIN_DIR_FROM_BIN
#define G16K_PLUGIN_DIR_FROM_BIN "../lib/g16k"
#endif

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int loader_self_dir(char *out)
{
    Dl_info info;
    char buf[PATH_MAX];
    char *slash;

    /* For the main executable glibc reports argv[0], which may be a bare name found via PATH;
     * /proc/self/exe is exact there. */
    if (dladdr((void *)loader_self_dir, &info) && info.dli_fname && strchr(info.dli_fname, '/') &&
        realpath(info.dli_fname, buf)) {
        /* buf is set */
    } else {
        ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
        if (n <= 0)
            return -1;
        buf[n] = '\0';
    }
    slash = strrchr(buf, '/');
    if (!slash)
        return -1;
    if (slash == buf)
        slash[1] = '\0';
    else
        *slash = '\0';
    memcpy(out, buf, strlen(buf) + 1);
    return 0;
}

/* Try dir/spec; on success leave it in out and return 1. Appends dir to the tried list, unless
 * it is something other than a folder (the g16k binary itself, for "g16k" next to it). */
static int try_dir(const char *dir, const char *spec, char *out, char *tried, size_t tried_len)
{
    size_t used;
    int n;
    struct stat st;

    if (!dir || !*dir || (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)))
        return 0;
    used = strlen(tried);
    if (used + 1 < tried_len)
        snprintf(tried + used, tried_len - used, "%s%s", used ? ", " : "", dir);
    n = snprintf(out, PATH_MAX, "%s/%s", dir, spec);
    return n > 0 && n < PATH_MAX && is_file(out);
}

int loader_find(const char *name, const char *spec, const loader_dirs *dirs, char *out)
{
    char tried[2048] = "";
    char self[PATH_MAX], dir[PATH_MAX];
    int n;

    if (strchr(spec, '/')) {
        if (spec[0] == '/')
            n = snprintf(out, PATH_MAX, "%s", spec);
        else
            n = snprintf(out, PATH_MAX, "%s/%s", dirs->ini_dir, spec);
        if (n < 0 || n >= PATH_MAX)
            return err_set(G16K_EINVAL, "plugin %s: path '%s' is too long", name, spec);
        return G16K_OK;
    }
    if (try_dir(dirs->plugin_dir, spec, out, tried, sizeof(tried)))
        return G16K_OK;
    if (try_dir(getenv("G16K_PLUGIN_DIR"), spec, out, tried, sizeof(tried)))
        return G16K_OK;
    if (loader_self_dir(self) == 0) {
        static const char *const subs[] = { "g16k", "../lib/g16k", G16K_PLUGIN_DIR_FROM_BIN };
        int nsubs = strcmp(subs[1], subs[2]) ? 3 : 2;
        for (int i = 0; i < nsubs; i++) {
            int n = snprintf(dir, sizeof(dir), "%s/%s", self, subs[i]);
            if (n > 0 && (size_t)n < sizeof(dir) && try_dir(dir, spec, out, tried, sizeof(tried)))
                return G16K_OK;
        }
    }
    if (try_dir(G16K_DEFAULT_PLUGIN_DIR, spec, out, tried, sizeof(tried)))
        return G16K_OK;
    out[0] = '\0';
    return err_set(G16K_ECONFIG, "plugin %s: '%s' not found in %s", name, spec, tried);
}

/* A vtable: at least its 1.0 size, every mandatory entry set. */
static int check_vtable(const loaded_plugin *lp, const abi_vtable *v, const void *vt)
{
    uint32_t size;

    memcpy(&size, vt, sizeof(size));
    if (size < v->size_1_0)
        return err_set(G16K_EINVAL,
                       "plugin %s (%s): %s vtable struct_size %u is smaller than "
                       "its ABI 1.0 size %zu",
                       lp->name, lp->path, v->name, size, v->size_1_0);
    for (int i = 0; i < ABI_MANDATORY_MAX; i++)
        if (!abi_entry_set(vt, &v->mandatory[i]))
            return err_set(G16K_EINVAL, "plugin %s (%s): %s.%s is NULL", lp->name, lp->path,
                           v->name, v->mandatory[i].name);
    return G16K_OK;
}

/* What the plugin serves on one curve: a known curve, not listed before, some capability, and
 * a vtable iff its capability (each checked as check_vtable does). */
static int check_curve(const loaded_plugin *lp, const abi_curve *c, const abi_curve *before,
                       int n_before)
{
    const char *cn = abi_curve_str(c->curve);
    int rc;
    if (!cn)
        return err_set(G16K_EUNSUPPORTED,
                       "plugin %s (%s): curve %u is not one this g16k knows (BLS12-381 = %d, "
                       "BN254 = %d)",
                       lp->name, lp->path, c->curve, G16K_CURVE_BLS12_381, G16K_CURVE_BN254);
    for (int i = 0; i < n_before; i++)
        if (before[i].curve == c->curve)
            return err_set(G16K_EINVAL, "plugin %s (%s): curve %s is listed twice", lp->name,
                           lp->path, cn);
    if (!(c->caps & ABI_CAPS_KNOWN))
        return err_set(G16K_EINVAL, "plugin %s (%s): no capability on %s (caps 0x%x)", lp->name,
                       lp->path, cn, c->caps);
    for (int i = 0; i < ABI_VT_COUNT; i++) {
        const abi_vtable *v = &abi_vtables[i];
        const void *vt = c->vt[i];
        if (!(c->caps & v->caps) != !vt)
            return err_set(G16K_EINVAL,
                           "plugin %s (%s): caps 0x%x on %s %s the %s capability but "
                           "the %s vtable is %s",
                           lp->name, lp->path, c->caps, cn, vt ? "lack" : "claim", v->name, v->name,
                           vt ? "present" : "NULL");
        if (vt && (rc = check_vtable(lp, v, vt)) < 0)
            return rc;
    }
    return G16K_OK;
}

/* The descriptor's curves (abi_curves), each checked, into lp->on. */
static int check_curves(loaded_plugin *lp, const g16k_plugin_desc *d)
{
    abi_curve c[ABI_CURVES_MAX];
    const char *why = NULL;
    int n = abi_curves(d, c, &why), rc;
    if (n < 0)
        return err_set(G16K_EINVAL, "plugin %s (%s): %s", lp->name, lp->path, why);
    for (int i = 0; i < n; i++) {
        if ((rc = check_curve(lp, &c[i], c, i)) < 0)
            return rc;
        lp->on[i] = (provider){ .plugin = lp,
                                .curve = c[i].curve,
                                .caps = c[i].caps,
                                .synth = c[i].vt[ABI_VT_SYNTH],
                                .ntt = c[i].vt[ABI_VT_NTT],
                                .msm = c[i].vt[ABI_VT_MSM] };
    }
    lp->n_on = (unsigned)n;
    return G16K_OK;
}

static int check_desc(loaded_plugin *lp, const g16k_plugin_desc *d)
{
    if (!d)
        return err_set(G16K_EINVAL,
                       "plugin %s (%s): g16k_plugin_entry returned a NULL "
                       "descriptor",
                       lp->name, lp->path);
    if (d->struct_size < abi_desc_size_version)
        return err_set(G16K_EINVAL, "plugin %s (%s): descriptor struct_size %u is too small",
                       lp->name, lp->path, d->struct_size);
    if (d->abi_major != G16K_ABI_MAJOR)
        return err_set(G16K_EUNSUPPORTED,
                       "plugin %s (%s) was built for ABI %u.%u, this g16k "
                       "has ABI %d.%d",
                       lp->name, lp->path, d->abi_major, d->abi_minor, G16K_ABI_MAJOR,
                       G16K_ABI_MINOR);
    if (d->struct_size < abi_desc_size_1_0)
        return err_set(G16K_EINVAL,
                       "plugin %s (%s): descriptor struct_size %u is smaller than "
                       "its ABI 1.0 size %zu",
                       lp->name, lp->path, d->struct_size, abi_desc_size_1_0);
    if (!d->name)
        return err_set(G16K_EINVAL, "plugin %s (%s): desc.name is NULL", lp->name, lp->path);
    for (int i = 0; i < ABI_DESC_MANDATORY; i++)
        if (!abi_entry_set(d, &abi_desc_mandatory[i]))
            return err_set(G16K_EINVAL, "plugin %s (%s): desc.%s is NULL", lp->name, lp->path,
                           abi_desc_mandatory[i].name);
    return check_curves(lp, d);
}

/* The plugin's own message, or a stand-in when it returned an error without one. */
static void ensure_message(int rc)
{
    if (!err_get()[0])
        err_set(rc, "failed with status %d and no message", rc);
}

int loader_open(loaded_plugin *lp)
{
    g16k_plugin_entry_fn entry;
    const g16k_plugin_desc *desc = NULL;
    void *sym;
    int rc;

    /* Show and load the canonical path (no "bin/../lib"); a missing file keeps its name. */
    char canon[PATH_MAX];
    if (realpath(lp->path, canon) && strlen(canon) < sizeof(lp->path))
        memcpy(lp->path, canon, strlen(canon) + 1);
    dlerror();
    lp->dl = dlopen(lp->path, RTLD_NOW | RTLD_LOCAL);
    if (!lp->dl) {
        const char *why = dlerror();
        return err_set(G16K_ECONFIG, "plugin %s (%s): dlopen failed: %s", lp->name, lp->path,
                       why ? why : "unknown error");
    }
    sym = dlsym(lp->dl, G16K_PLUGIN_ENTRY_SYMBOL);
    if (!sym) {
        rc = err_set(G16K_EUNSUPPORTED,
                     "plugin %s (%s): no exported symbol %s (not a g16k "
                     "plugin?)",
                     lp->name, lp->path, G16K_PLUGIN_ENTRY_SYMBOL);
        goto out_close;
    }
    memcpy(&entry, &sym, sizeof(entry));
    err_clear();
    rc = entry(host_api_get(), &desc);
    if (rc != G16K_OK) {
        rc = rc < 0 ? rc : G16K_EINTERNAL;
        ensure_message(rc);
        err_prefix("plugin %s (%s): %s", lp->name, lp->path, G16K_PLUGIN_ENTRY_SYMBOL);
        goto out_close;
    }
    if ((rc = check_desc(lp, desc)) < 0)
        goto out_close;
    lp->desc = desc;
    return G16K_OK;

out_close:
    dlclose(lp->dl);
    lp->dl = NULL;
    lp->desc = NULL;
    return rc;
}

int loader_start(loaded_plugin *lp, const g16k_config *cfg)
{
    const g16k_plugin_desc *d = lp->desc;
    int rc;

    lp->info[0] = '\0';
    err_clear();
    rc = d->create(cfg, &lp->ctx);
    if (rc != G16K_OK) {
        rc = rc < 0 ? rc : G16K_EINTERNAL;
        ensure_message(rc);
        err_prefix("plugin %s (%s): create", lp->name, lp->path);
        goto out_pin;
    }
    if (d->probe) {
        err_clear();
        rc = d->probe(lp->ctx, lp->info, sizeof(lp->info));
        lp->info[sizeof(lp->info) - 1] = '\0';
        if (rc != G16K_OK) {
            rc = rc < 0 ? rc : G16K_EINTERNAL;
            ensure_message(rc);
            err_prefix("plugin %s (%s): probe", lp->name, lp->path);
            d->destroy(lp->ctx);
            lp->ctx = NULL;
            goto out_pin;
        }
    }
    return G16K_OK;

out_pin:
    /* create() ran, so the library may hold state or threads: leave it mapped for good. */
    lp->dl = NULL;
    lp->desc = NULL;
    return rc;
}

void loader_unload(loaded_plugin *lp)
{
    if (lp->dl)
        dlclose(lp->dl);
    memset(lp, 0, sizeof(*lp));
}

void loader_stop(loaded_plugin *lp)
{
    if (lp->desc)
        lp->desc->destroy(lp->ctx);
    lp->ctx = NULL;
}

int loader_has_cap(const loaded_plugin *lp, unsigned cap)
{
    for (unsigned i = 0; lp->desc && i < lp->n_on; i++)
        if ((lp->on[i].caps & cap) == cap)
            return 1;
    return 0;
}

const provider *plugin_on(const loaded_plugin *lp, uint32_t curve)
{
    for (unsigned i = 0; lp && lp->desc && i < lp->n_on; i++)
        if (lp->on[i].curve == curve)
            return &lp->on[i];
    return NULL;
}

const provider *plugin_serves(const loaded_plugin *lp, uint32_t curve, uint32_t cap)
{
    const provider *pv = plugin_on(lp, curve);
    return pv && (pv->caps & cap) == cap ? pv : NULL;
}

void plugin_curves_text(const loaded_plugin *lp, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < lp->n_on && len < size; i++) {
        int n = snprintf(buf + len, size - len, "%s%s",
                         i == 0             ? ""
                         : i + 1 < lp->n_on ? ", "
                                            : " and ",
                         abi_curve_str(lp->on[i].curve));
        len += n > 0 ? (size_t)n : 0;
    }
}
