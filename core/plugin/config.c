/*
 * prover.ini: parse with inih, validate, then have the plugins the slots name loaded (slots.c).
 *
 * Debian's inih is built without INI_HANDLER_LINENO, so we feed ini_parse_stream through our own
 * reader that counts lines; the handler runs while the reader's line is current, so every key
 * knows its line. The reader also checks section headers itself, because inih only reports a
 * section when it holds a key and an empty misspelt section must still be an error.
 * Only the first error is reported: after it the reader returns EOF.
 *
 * Then slots.c loads the plugins the slots name (slots_load), and the explicit [window] values
 * are tried on the MSM providers (check_windows).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <ini.h>

#include "key/zkey_cache.h"
#include "plugin/internal.h"
#include "util/error.h"
#include "util/input_file.h"
#include "util/log.h"

#define THREADS_MAX 4096u

typedef struct seen_key {
    char *section;
    char *key;
    unsigned line;
} seen_key;

typedef struct parse_ctx {
    prover_config *cfg;
    FILE *fp;
    char *buf; /* getline buffer */
    size_t buf_cap;
    unsigned line;     /* of the line inih is processing */
    unsigned err_line; /* 0 = no error yet */
    int status;
    char plugin_dir[PATH_MAX]; /* raw [core] plugin_dir, "" when absent */
    char key_cache[PATH_MAX];  /* raw [core] key_cache, "" when absent (the default) */
    long threads;              /* -1 = absent */
    seen_key *seen;
    size_t n_seen, cap_seen;
    plugin_plan plan;                /* the sections and slots, for slots_load */
    unsigned window_line[MSM_COUNT]; /* line of each [window] key, 0 when absent */
} parse_ctx;

const config_slot config_slots[SLOT_COUNT] = {
    [SLOT_SYNTH] = { "synthesizer", G16K_CAP_SYNTH },
    [SLOT_NTT] = { "ntt", G16K_CAP_NTT },
    [SLOT_MSM_G1] = { "msm.g1", G16K_CAP_MSM_G1 },
    [SLOT_MSM_G2] = { "msm.g2", G16K_CAP_MSM_G2 },
};

const char *config_slot_name(int slot)
{
    return slot >= 0 && slot < SLOT_COUNT ? config_slots[slot].name : "?";
}

static int grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    void *p;
    size_t n;

    if (need <= *cap)
        return 0;
    n = *cap ? *cap * 2 : 8;
    p = realloc(*arr, n * elem);
    if (!p)
        return -1;
    *arr = p;
    *cap = n;
    return 0;
}

/* Record the first error at the current line and make the reader stop. Returns 0 for inih. */
static int fail(parse_ctx *p, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(parse_ctx *p, int status, const char *fmt, ...)
{
    char msg[G16K_ERR_MAX];
    va_list ap;

    if (p->err_line)
        return 0;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    err_set(status, "%s:%u: %s", p->cfg->file, p->line, msg);
    p->err_line = p->line ? p->line : 1;
    p->status = status;
    return 0;
}

static int valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > PLUGIN_NAME_MAX)
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-')
            return 0;
    return 1;
}

static plugin_sec *find_sec(parse_ctx *p, const char *name)
{
    for (size_t i = 0; i < p->plan.n_secs; i++)
        if (strcmp(p->plan.secs[i].name, name) == 0)
            return &p->plan.secs[i];
    return NULL;
}

static int slot_index(const char *section)
{
    for (int i = 0; i < SLOT_COUNT; i++)
        if (strcmp(section, config_slots[i].name) == 0)
            return i;
    return -1;
}

/* A "[...]" header line: must name a known section. [plugin.NAME] is registered here so that a
 * section without keys still exists (and then fails for lack of a path). */
static int check_header(parse_ctx *p, const char *text)
{
    char name[256];
    const char *end = strchr(text, ']');
    size_t n;

    if (!end)
        return 1; /* inih reports the syntax error */
    n = (size_t)(end - text);
    if (n >= sizeof(name))
        n = sizeof(name) - 1;
    memcpy(name, text, n);
    name[n] = '\0';
    if (strcmp(name, "core") == 0 || strcmp(name, "window") == 0 || slot_index(name) >= 0)
        return 1;
    if (strncmp(name, "plugin.", 7) == 0) {
        const char *pname = name + 7;
        plugin_sec *s;
        if (!valid_name(pname))
            return fail(p, G16K_ECONFIG,
                        "bad plugin name in [%s] (expected 1..%d of A-Z a-z 0-9 _ -)", name,
                        PLUGIN_NAME_MAX);
        if (find_sec(p, pname))
            return 1;
        if (grow((void **)&p->plan.secs, &p->plan.cap_secs, p->plan.n_secs + 1,
                 sizeof(*p->plan.secs)) < 0)
            return fail(p, G16K_ENOMEM, "out of memory");
        s = &p->plan.secs[p->plan.n_secs++];
        memset(s, 0, sizeof(*s));
        memcpy(s->name, pname, strlen(pname) + 1);
        s->line = p->line;
        return 1;
    }
    return fail(p, G16K_ECONFIG, "unknown section [%s]", name);
}

/* inih's reader: one line per call, counted; too long a line is an error rather than a silent
 * split (inih would parse the rest as a new line). */
static char *read_line(char *str, int num, void *stream)
{
    parse_ctx *p = stream;
    const char *t;
    ssize_t len;

    if (p->err_line)
        return NULL;
    len = getline(&p->buf, &p->buf_cap, p->fp);
    if (len < 0)
        return NULL;
    p->line++;
    if (len >= num) {
        fail(p, G16K_ECONFIG, "line longer than %d characters", num - 1);
        return NULL;
    }
    memcpy(str, p->buf, (size_t)len + 1);
    t = str;
    if (p->line == 1 && strncmp(t, "\xEF\xBB\xBF", 3) == 0)
        t += 3;
    while (isspace((unsigned char)*t))
        t++;
    if (*t == '[' && !check_header(p, t + 1))
        return NULL;
    return str;
}

/* A thread count for [core] threads and $G16K_THREADS: decimal digits only, 0..THREADS_MAX
 * (0 = all cores). 0 and *out set, or -1 (out untouched). */
static int parse_threads(const char *s, long *out)
{
    char *end;
    unsigned long v;
    errno = 0;
    v = isdigit((unsigned char)s[0]) ? strtoul(s, &end, 10) : ULONG_MAX;
    if (v == ULONG_MAX || errno || *end || v > THREADS_MAX)
        return -1;
    *out = (long)v;
    return 0;
}

static int parse_core(parse_ctx *p, const char *key, const char *value)
{
    if (strcmp(key, "plugin_dir") == 0) {
        size_t n = strlen(value);
        if (n == 0 || n >= sizeof(p->plugin_dir))
            return fail(p, G16K_ECONFIG, "bad value '%s' for plugin_dir (expected a folder)",
                        value);
        memcpy(p->plugin_dir, value, n + 1);
        return 1;
    }
    if (strcmp(key, "key_cache") == 0) {
        size_t n = strlen(value);
        if (n == 0 || n >= sizeof(p->key_cache))
            return fail(p, G16K_ECONFIG, "bad value '%s' for key_cache (expected a folder or off)",
                        value);
        memcpy(p->key_cache, value, n + 1);
        return 1;
    }
    if (strcmp(key, "verify") == 0) {
        if (strcmp(value, "always") == 0)
            p->cfg->verify = 1;
        else if (strcmp(value, "never") == 0)
            p->cfg->verify = 0;
        else
            return fail(p, G16K_ECONFIG, "bad value '%s' for verify (expected always or never)",
                        value);
        return 1;
    }
    if (strcmp(key, "threads") == 0) {
        if (parse_threads(value, &p->threads) != 0)
            return fail(p, G16K_ECONFIG,
                        "bad value '%s' for threads (expected 0 for all cores "
                        "or a count 1..%u)",
                        value, THREADS_MAX);
        return 1;
    }
    return fail(p, G16K_ECONFIG, "unknown key '%s' in [core]", key);
}

static int parse_window(parse_ctx *p, const char *key, const char *value)
{
    for (int i = 0; i < MSM_COUNT; i++) {
        char *end;
        unsigned long v;
        if (strcmp(key, groth16_msms[i].window_key) != 0)
            continue;
        if (strcmp(value, "auto") == 0) {
            p->cfg->window[i] = 0;
            return 1;
        }
        v = isdigit((unsigned char)value[0]) ? strtoul(value, &end, 10) : 0;
        if (v < 1 || v > 31 || *end)
            return fail(p, G16K_ECONFIG, "bad value '%s' for window %s (expected auto or 1..31)",
                        value, key);
        p->cfg->window[i] = (uint32_t)v;
        p->window_line[i] = p->line;
        return 1;
    }
    return fail(p, G16K_ECONFIG, "unknown key '%s' in [window]", key);
}

static int parse_slot(parse_ctx *p, int s, const char *key, const char *value)
{
    slot_spec *sp = &p->plan.slot[s];
    int is_fallback = strcmp(key, "fallback") == 0;

    if (!is_fallback && strcmp(key, "provider") != 0)
        return fail(p, G16K_ECONFIG, "unknown key '%s' in [%s]", key, config_slots[s].name);
    if (!valid_name(value))
        return fail(p, G16K_ECONFIG,
                    "bad value '%s' for %s (expected the NAME of a "
                    "[plugin.NAME] section)",
                    value, key);
    memcpy(is_fallback ? sp->fallback : sp->provider, value, strlen(value) + 1);
    *(is_fallback ? &sp->fallback_line : &sp->provider_line) = p->line;
    return 1;
}

static int parse_plugin(parse_ctx *p, const char *pname, const char *key, const char *value)
{
    plugin_sec *s = find_sec(p, pname);
    g16k_config_entry *e;

    if (!s) /* the reader registers every header it lets through */
        return fail(p, G16K_EINTERNAL, "[plugin.%s] was not registered", pname);
    if (strcmp(key, "path") == 0) {
        if (!*value)
            return fail(p, G16K_ECONFIG, "bad value '' for path (expected a file)");
        if (!(s->path = strdup(value)))
            return fail(p, G16K_ENOMEM, "out of memory");
        s->path_line = p->line;
        return 1;
    }
    if (grow((void **)&s->entries, &s->cap_entries, s->n_entries + 1, sizeof(*s->entries)) < 0)
        return fail(p, G16K_ENOMEM, "out of memory");
    e = &s->entries[s->n_entries];
    e->key = strdup(key);
    e->value = strdup(value);
    e->line = p->line;
    if (!e->key || !e->value) {
        free((char *)e->key);
        free((char *)e->value);
        return fail(p, G16K_ENOMEM, "out of memory");
    }
    s->n_entries++;
    return 1;
}

static int on_key(void *user, const char *section, const char *key, const char *value)
{
    parse_ctx *p = user;
    seen_key *k;
    int s;

    if (p->err_line)
        return 0;
    if (!*section)
        return fail(p, G16K_ECONFIG, "key '%s' outside any section", key);
    for (size_t i = 0; i < p->n_seen; i++)
        if (strcmp(p->seen[i].section, section) == 0 && strcmp(p->seen[i].key, key) == 0)
            return fail(p, G16K_ECONFIG, "repeated key '%s' in [%s] (first at line %u)", key,
                        section, p->seen[i].line);
    if (grow((void **)&p->seen, &p->cap_seen, p->n_seen + 1, sizeof(*p->seen)) < 0)
        return fail(p, G16K_ENOMEM, "out of memory");
    k = &p->seen[p->n_seen];
    k->section = strdup(section);
    k->key = strdup(key);
    k->line = p->line;
    if (!k->section || !k->key) {
        free(k->section);
        free(k->key);
        return fail(p, G16K_ENOMEM, "out of memory");
    }
    p->n_seen++;

    if (strcmp(section, "core") == 0)
        return parse_core(p, key, value);
    if (strcmp(section, "window") == 0)
        return parse_window(p, key, value);
    if ((s = slot_index(section)) >= 0)
        return parse_slot(p, s, key, value);
    if (strncmp(section, "plugin.", 7) == 0)
        return parse_plugin(p, section + 7, key, value);
    return fail(p, G16K_ECONFIG, "unknown section [%s]", section);
}

static void ctx_cleanup(parse_ctx *p)
{
    for (size_t i = 0; i < p->n_seen; i++) {
        free(p->seen[i].section);
        free(p->seen[i].key);
    }
    free(p->seen);
    for (size_t i = 0; i < p->plan.n_secs; i++) {
        plugin_sec *s = &p->plan.secs[i];
        for (size_t j = 0; j < s->n_entries; j++) {
            free((char *)s->entries[j].key);
            free((char *)s->entries[j].value);
        }
        free(s->entries);
        free(s->path);
        free(s->err);
    }
    free(p->plan.secs);
    free(p->buf);
}

/* ini_dir = the absolute folder holding the file (the current folder for text without a file);
 * plugin_dir made absolute against it. */
static int set_ini_dir(parse_ctx *p, const char *path, int is_file)
{
    char abs[PATH_MAX];
    char *slash;

    if (!is_file) {
        if (!getcwd(abs, sizeof abs))
            return err_set(G16K_EIO, "%s: current folder: %s", path, strerror(errno));
    } else if (!realpath(path, abs)) {
        return err_set(G16K_EIO, "%s: %s", path, strerror(errno));
    } else {
        slash = strrchr(abs, '/');
        if (slash == abs)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
    memcpy(p->plan.ini_dir, abs, strlen(abs) + 1);
    if (p->plugin_dir[0]) {
        char *abs_dir = p->plan.plugin_dir_abs;
        size_t cap = sizeof(p->plan.plugin_dir_abs);
        int n = p->plugin_dir[0] == '/'
                    ? snprintf(abs_dir, cap, "%s", p->plugin_dir)
                    : snprintf(abs_dir, cap, "%s/%s", p->plan.ini_dir, p->plugin_dir);
        if (n < 0 || (size_t)n >= cap)
            return err_set(G16K_ECONFIG, "%s: plugin_dir '%s' makes too long a path", path,
                           p->plugin_dir);
    }
    char *dst = p->cfg->key_cache;
    size_t cap = sizeof(p->cfg->key_cache);
    if (strcmp(p->key_cache, "off") == 0) {
        dst[0] = '\0';
    } else if (p->key_cache[0]) {
        int n = p->key_cache[0] == '/' ? snprintf(dst, cap, "%s", p->key_cache)
                                       : snprintf(dst, cap, "%s/%s", p->plan.ini_dir, p->key_cache);
        if (n < 0 || (size_t)n >= cap)
            return err_set(G16K_ECONFIG, "%s: key_cache '%s' makes too long a path", path,
                           p->key_cache);
    } else if (zkey_cache_default_dir(dst, cap) != 0) {
        log_msg(G16K_LOG_INFO, "%s: neither XDG_CACHE_HOME nor HOME is set: no key cache", path);
    }
    return G16K_OK;
}

/* Parse the file path, or the NUL-terminated text (then path only names it in messages). */
static int parse_file(parse_ctx *p, const char *path, const char *text)
{
    int rc;

    if (text) {
        p->fp = fmemopen((void *)text, strlen(text), "r");
    } else {
        int fd = input_open(path, NULL);
        if (fd < 0)
            return G16K_EIO;
        if (!(p->fp = fdopen(fd, "r")))
            close(fd);
    }
    if (!p->fp)
        return err_set(G16K_EIO, "%s: cannot open: %s", path, strerror(errno));
    rc = ini_parse_stream(read_line, p, on_key, p);
    if (ferror(p->fp) && !p->err_line) {
        err_set(G16K_EIO, "%s: read error after line %u", path, p->line);
        p->status = G16K_EIO;
        p->err_line = p->line + 1;
    }
    fclose(p->fp);
    p->fp = NULL;
    if (rc == -2)
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    if (rc > 0 && (!p->err_line || (unsigned)rc < p->err_line))
        return err_set(G16K_ECONFIG, "%s:%d: syntax error (expected [section] or key = value)",
                       path, rc);
    if (p->err_line)
        return p->status; /* message already set */
    return G16K_OK;
}

/* Whole-file checks once every key is known. */
static int validate(parse_ctx *p)
{
    const char *file = p->cfg->file;

    for (size_t i = 0; i < p->plan.n_secs; i++)
        if (!p->plan.secs[i].path)
            return err_set(G16K_ECONFIG, "%s:%u: [plugin.%s] has no path", file,
                           p->plan.secs[i].line, p->plan.secs[i].name);
    for (int s = 0; s < SLOT_COUNT; s++) {
        slot_spec *sp = &p->plan.slot[s];
        if (!sp->provider[0])
            return err_set(G16K_ECONFIG, "%s: no [%s] provider", file, config_slots[s].name);
        if (!(sp->prim = find_sec(p, sp->provider)))
            return err_set(G16K_ECONFIG, "%s:%u: [%s] provider '%s' has no [plugin.%s] section",
                           file, sp->provider_line, config_slots[s].name, sp->provider,
                           sp->provider);
        if (!sp->fallback[0])
            continue;
        if (!(sp->fb = find_sec(p, sp->fallback)))
            return err_set(G16K_ECONFIG, "%s:%u: [%s] fallback '%s' has no [plugin.%s] section",
                           file, sp->fallback_line, config_slots[s].name, sp->fallback,
                           sp->fallback);
        if (strcmp(sp->fallback, sp->provider) == 0)
            return err_set(G16K_ECONFIG, "%s:%u: [%s] fallback '%s' is the provider itself", file,
                           sp->fallback_line, config_slots[s].name, sp->fallback);
    }
    return G16K_OK;
}

/* Whether plugin lp can run window c for Groth16 MSM w: msm() with n = 0 on an empty bases
 * handle, which checks its params first (plugin.h), on each curve where lp serves w's group.
 * G16K_OK, or the plugin's status. */
static int probe_window(const loaded_plugin *lp, int w, uint32_t c)
{
    uint32_t group = groth16_msms[w].group;
    uint32_t cap = config_slots[groth16_msms[w].slot].cap;
    int rc = G16K_OK;
    for (unsigned i = 0; i < lp->n_on && rc == G16K_OK; i++) {
        g16k_msm_bases *b = NULL;
        uint8_t result[192];
        if ((lp->on[i].caps & cap) != cap) /* an MSM cap: the msm vtable is there (loader) */
            continue;
        const g16k_msm_vtable *v = lp->on[i].msm;
        err_clear();
        rc = v->bases_create(lp->ctx, group, NULL, 0, G16K_ENC_MONTGOMERY, &b);
        if (rc == G16K_OK) {
            g16k_msm_params prm = { .struct_size = sizeof(prm),
                                    .msm_id = groth16_msms[w].msm_id,
                                    .window = c,
                                    .threads = 1 };
            rc = v->msm(b, NULL, 0, G16K_ENC_MONTGOMERY, &prm, result, G16K_ENC_MONTGOMERY);
            v->bases_destroy(b);
        }
    }
    return rc;
}

/* Every explicit [window] value against the providers of its MSM's slot (and the fallback), so
 * that a window a device cannot run fails here, at load time, with the plugin's reason. */
static int check_windows(parse_ctx *p)
{
    const prover_config *cfg = p->cfg;
    for (int w = 0; w < MSM_COUNT; w++) {
        if (!cfg->window[w])
            continue;
        const provider_slot *sl = &cfg->slot[groth16_msms[w].slot];
        const loaded_plugin *both[2] = { sl->primary, sl->fallback };
        for (int k = 0; k < 2; k++) {
            int rc = both[k] ? probe_window(both[k], w, cfg->window[w]) : G16K_OK;
            if (rc < 0 && !err_get()[0])
                err_set(rc, "msm() refused the window (status %d, no message)", rc);
            if (rc < 0) {
                err_prefix("%s:%u: [window] %s = %u: plugin %s", cfg->file, p->window_line[w],
                           groth16_msms[w].window_key, cfg->window[w], both[k]->name);
                return G16K_ECONFIG;
            }
        }
    }
    return G16K_OK;
}

static int load(const char *path, const char *text, prover_config **out)
{
    parse_ctx p;
    prover_config *cfg;
    int rc;

    *out = NULL;
    memset(&p, 0, sizeof(p));
    p.threads = -1;
    if (!path || !*path)
        return err_set(G16K_EINVAL, "config_load: no file name");
    if (strlen(path) >= sizeof(cfg->file))
        return err_set(G16K_EINVAL, "%s: path too long", path);
    cfg = calloc(1, sizeof(*cfg));
    if (!cfg)
        return err_set(G16K_ENOMEM, "%s: out of memory", path);
    memcpy(cfg->file, path, strlen(path) + 1);
    cfg->verify = 1;
    p.cfg = cfg;

    if ((rc = parse_file(&p, path, text)) < 0 || (rc = set_ini_dir(&p, path, !text)) < 0 ||
        (rc = validate(&p)) < 0)
        goto out_free;
    /* $G16K_THREADS overrides [core] threads (g16k bench --threads sets it). */
    const char *env = getenv("G16K_THREADS");
    if (env && *env && parse_threads(env, &p.threads) != 0) {
        rc = err_set(G16K_ECONFIG,
                     "environment G16K_THREADS='%s': expected 0 for all cores "
                     "or a count 1..%u",
                     env, THREADS_MAX);
        goto out_free;
    }
    if (p.threads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        cfg->threads = n > 0 ? (unsigned)n : 1;
    } else {
        cfg->threads = (unsigned)p.threads;
    }
    host_api_init(cfg->threads);
    if ((rc = slots_load(cfg, &p.plan)) < 0 || (rc = check_windows(&p)) < 0)
        goto out_free;
    ctx_cleanup(&p);
    *out = cfg;
    return G16K_OK;

out_free:
    ctx_cleanup(&p);
    config_free(cfg);
    return rc;
}

int config_load(const char *path, prover_config **out)
{
    return load(path, NULL, out);
}

int config_load_builtin(prover_config **out)
{
    return load(CONFIG_BUILTIN_NAME, (const char *)config_builtin_ini, out);
}

void config_free(prover_config *cfg)
{
    if (!cfg)
        return;
    for (unsigned i = 0; i < cfg->n_plugins; i++)
        loader_stop(&cfg->plugins[i]);
    free(cfg->plugins);
    free(cfg);
}
