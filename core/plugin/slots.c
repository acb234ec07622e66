/*
 * Loading the plugins that prover.ini's slots name (config.c parsed and validated the file):
 * each slot's provider (and fallback) is loaded once however many slots name it (loader.c finds,
 * opens, creates and probes it). A provider that fails to load, create or probe is an error,
 * unless the slot names a fallback; then the fallback is used and a warning names both. A
 * fallback is loaded even when the provider works, so the core can switch at call time, and so
 * a broken fallback is found now. After a switch the slot's primary is the fallback and its
 * fallback is NULL. A plugin lacking the slot's capability is a config error, never a reason to
 * fall back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin/internal.h"
#include "util/error.h"
#include "util/log.h"

/* The config error of a plugin that cannot serve slot s (named at line). */
static int lacks_cap(const prover_config *cfg, int s, unsigned line, const loaded_plugin *lp)
{
    return err_set(G16K_ECONFIG, "%s:%u: [%s] plugin %s (%s) lacks the %s capability", cfg->file,
                   line, config_slots[s].name, lp->name, lp->path, config_slots[s].name);
}

/* Load, check, create and probe one plugin section (once), and check it serves slot s.
 * *hard is set when the failure is a config error that a fallback must not hide. */
static int use_plugin(prover_config *cfg, const plugin_plan *plan, int s, plugin_sec *sec,
                      unsigned line, loaded_plugin **out, int *hard)
{
    loader_dirs dirs = { plan->ini_dir, NULL };
    char section[80];
    loaded_plugin *lp;
    g16k_config gc;
    int rc;

    *hard = 0;
    if (sec->state < 0)
        return err_set(sec->status, "%s", sec->err);
    lp = sec->lp;
    if (sec->state == 0) {
        lp = &cfg->plugins[cfg->n_plugins];
        memset(lp, 0, sizeof(*lp));
        memcpy(lp->name, sec->name, sizeof(lp->name));
        if (plan->plugin_dir_abs[0])
            dirs.plugin_dir = plan->plugin_dir_abs;
        if ((rc = loader_find(sec->name, sec->path, &dirs, lp->path)) < 0 ||
            (rc = loader_open(lp)) < 0)
            goto out_failed;
        if (!loader_has_cap(lp, config_slots[s].cap)) {
            rc = lacks_cap(cfg, s, line, lp);
            loader_unload(lp);
            *hard = 1;
            return rc;
        }
        snprintf(section, sizeof(section), "plugin.%s", sec->name);
        gc = (g16k_config){ .struct_size = sizeof(gc),
                            .file = cfg->file,
                            .section = section,
                            .entries = sec->entries,
                            .n_entries = sec->n_entries };
        if ((rc = loader_start(lp, &gc)) < 0)
            goto out_failed;
        cfg->n_plugins++;
        sec->state = 1;
        sec->lp = lp;
        log_msg(G16K_LOG_INFO, "plugin %s (%s) %s%s%s", lp->name, lp->path,
                lp->desc->version ? lp->desc->version : "", lp->info[0] ? ": " : "", lp->info);
    }
    if (!loader_has_cap(lp, config_slots[s].cap)) {
        *hard = 1;
        return lacks_cap(cfg, s, line, lp);
    }
    *out = lp;
    return G16K_OK;

out_failed:
    err_prefix("%s:%u", cfg->file, sec->path_line);
    memset(lp, 0, sizeof(*lp));
    sec->state = -1;
    sec->status = rc;
    sec->err = strdup(err_get());
    if (!sec->err)
        sec->status = G16K_ENOMEM;
    return rc;
}

int slots_load(prover_config *cfg, plugin_plan *plan)
{
    int rc, hard;

    cfg->plugins = calloc(plan->n_secs ? plan->n_secs : 1, sizeof(*cfg->plugins));
    if (!cfg->plugins)
        return err_set(G16K_ENOMEM, "%s: out of memory", cfg->file);
    for (int s = 0; s < SLOT_COUNT; s++) {
        const slot_spec *sp = &plan->slot[s];
        plugin_sec *prim = sp->prim;
        plugin_sec *fb = sp->fallback[0] ? sp->fb : NULL;
        provider_slot *slot = &cfg->slot[s];

        rc = use_plugin(cfg, plan, s, prim, sp->provider_line, &slot->primary, &hard);
        if (rc < 0 && (hard || !fb))
            return rc;
        if (rc < 0) {
            log_msg(G16K_LOG_WARN, "[%s] provider '%s' is unusable, using fallback '%s': %s",
                    config_slots[s].name, prim->name, fb->name, err_get());
            rc = use_plugin(cfg, plan, s, fb, sp->fallback_line, &slot->primary, &hard);
            if (rc < 0)
                return rc;
            continue;
        }
        if (fb &&
            (rc = use_plugin(cfg, plan, s, fb, sp->fallback_line, &slot->fallback, &hard)) < 0)
            return rc;
    }
    return G16K_OK;
}
