/*
 * Phase traces (trace.h): events in memory, one JSON document at close, built with json-c.
 * Format: the Trace Event Format of the Chromium project ("Trace Event Format", Google doc, the
 * one chrome://tracing and Perfetto read): {"traceEvents": [...], "displayTimeUnit": "ms"},
 * complete events {"name", "cat", "ph": "X", "ts", "dur", "pid", "tid", "args"} with ts and dur
 * in microseconds, and metadata events ("ph": "M") naming the process and each track.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "g16k/plugin.h"
#include "util/trace.h"
#include "util/error.h"
#include "util/atomic_write.h"

typedef struct trace_ev {
    char *name;
    const char *cat;
    uint64_t begin, end;
    int tid;
    json_object *args;
} trace_ev;

typedef struct trace_track {
    pthread_t thread;
    int is_thread; /* 0: a named track of trace_add's track argument */
    char *name;    /* NULL: "thread N" */
} trace_track;

struct g16k_trace {
    char path[PATH_MAX];
    uint64_t t0;
    pthread_mutex_t lock;
    trace_ev *ev;
    size_t n_ev, cap_ev;
    trace_track *tracks;
    size_t n_tracks, cap_tracks;
};

static _Thread_local g16k_trace *bound;
static _Thread_local int in_call;
static _Thread_local uint32_t call_window;

int trace_call_enter(void)
{
    int prev = in_call;
    in_call = 1;
    call_window = 0;
    return prev;
}

void trace_call_window_set(uint32_t c)
{
    if (in_call)
        call_window = c;
}

uint32_t trace_call_window(void)
{
    return call_window;
}

void trace_call_leave(int prev)
{
    in_call = prev;
}

int trace_in_call(void)
{
    return in_call;
}

uint64_t trace_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    uint64_t ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    return ns ? ns : 1;
}

uint64_t trace_ns(double seconds)
{
    uint64_t ns = (uint64_t)(seconds * 1e9 + 0.5);
    return ns ? ns : 1;
}

g16k_trace *trace_bind(g16k_trace *t)
{
    g16k_trace *old = bound;
    bound = t;
    return old;
}

g16k_trace *trace_current(void)
{
    return bound;
}

int trace_open(const char *path, g16k_trace **out)
{
    *out = NULL;
    if (!path || !*path)
        return err_set(G16K_EINVAL, "trace: no file name");
    if (strlen(path) >= PATH_MAX)
        return err_set(G16K_EINVAL, "trace: file name too long");
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (slash)
        snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
    else
        snprintf(dir, sizeof(dir), ".");
    if (access(dir, W_OK | X_OK) != 0)
        return err_set(G16K_EIO, "trace %s: cannot write in folder %s: %s", path, dir,
                       strerror(errno));
    g16k_trace *t = calloc(1, sizeof(*t));
    if (!t)
        return err_set(G16K_ENOMEM, "out of memory");
    snprintf(t->path, sizeof(t->path), "%s", path);
    pthread_mutex_init(&t->lock, NULL);
    t->t0 = trace_now();
    *out = t;
    return G16K_OK;
}

/* The track of the calling thread (track == NULL) or of that name; -1 when out of memory.
 * Under t->lock. */
static int track_of(g16k_trace *t, const char *track)
{
    pthread_t self = pthread_self();
    for (size_t i = 0; i < t->n_tracks; i++) {
        const trace_track *k = &t->tracks[i];
        if (track ? !k->is_thread && strcmp(k->name, track) == 0
                  : k->is_thread && pthread_equal(k->thread, self))
            return (int)i + 1;
    }
    if (t->n_tracks == t->cap_tracks) {
        size_t cap = t->cap_tracks ? 2 * t->cap_tracks : 8;
        trace_track *k = realloc(t->tracks, cap * sizeof(*k));
        if (!k)
            return -1;
        t->tracks = k;
        t->cap_tracks = cap;
    }
    trace_track *k = &t->tracks[t->n_tracks];
    k->thread = self;
    k->is_thread = track == NULL;
    k->name = track ? strdup(track) : NULL;
    if (track && !k->name)
        return -1;
    return (int)++t->n_tracks;
}

void trace_name_thread(g16k_trace *t, const char *name)
{
    if (!t)
        return;
    pthread_mutex_lock(&t->lock);
    int tid = track_of(t, NULL);
    if (tid > 0 && !t->tracks[tid - 1].name)
        t->tracks[tid - 1].name = strdup(name);
    pthread_mutex_unlock(&t->lock);
}

void trace_add(g16k_trace *t, const char *cat, const char *name, uint64_t begin, uint64_t end,
               json_object *args, const char *track)
{
    if (!t) {
        json_object_put(args);
        return;
    }
    char *copy = strdup(name);
    pthread_mutex_lock(&t->lock);
    int tid = track_of(t, track);
    if (copy && tid > 0 && t->n_ev == t->cap_ev) {
        size_t cap = t->cap_ev ? 2 * t->cap_ev : 256;
        trace_ev *ev = realloc(t->ev, cap * sizeof(*ev));
        if (ev) {
            t->ev = ev;
            t->cap_ev = cap;
        }
    }
    if (copy && tid > 0 && t->n_ev < t->cap_ev) {
        t->ev[t->n_ev++] = (trace_ev){ .name = copy,
                                       .cat = cat,
                                       .begin = begin,
                                       .end = end < begin ? begin : end,
                                       .tid = tid,
                                       .args = args };
        copy = NULL;
        args = NULL;
    }
    pthread_mutex_unlock(&t->lock);
    free(copy);
    json_object_put(args);
}

/* Microseconds since t0 with nanosecond precision. */
static json_object *micros(uint64_t ns)
{
    char s[32];
    snprintf(s, sizeof(s), "%llu.%03llu", (unsigned long long)(ns / 1000),
             (unsigned long long)(ns % 1000));
    return json_object_new_double_s((double)ns / 1000.0, s);
}

static json_object *meta(const char *what, int tid, const char *name)
{
    json_object *m = json_object_new_object(), *a = json_object_new_object();
    json_object_object_add(m, "name", json_object_new_string(what));
    json_object_object_add(m, "ph", json_object_new_string("M"));
    json_object_object_add(m, "pid", json_object_new_int(1));
    json_object_object_add(m, "tid", json_object_new_int(tid));
    json_object_object_add(a, "name", json_object_new_string(name));
    json_object_object_add(m, "args", a);
    return m;
}

static json_object *document(g16k_trace *t)
{
    json_object *doc = json_object_new_object(), *evs = json_object_new_array();
    json_object_array_add(evs, meta("process_name", 0, "g16k"));
    for (size_t i = 0; i < t->n_tracks; i++) {
        char def[32];
        snprintf(def, sizeof(def), "thread %zu", i + 1);
        json_object_array_add(
            evs, meta("thread_name", (int)i + 1, t->tracks[i].name ? t->tracks[i].name : def));
    }
    for (size_t i = 0; i < t->n_ev; i++) {
        trace_ev *e = &t->ev[i];
        json_object *o = json_object_new_object();
        json_object_object_add(o, "name", json_object_new_string(e->name));
        json_object_object_add(o, "cat", json_object_new_string(e->cat));
        json_object_object_add(o, "ph", json_object_new_string("X"));
        json_object_object_add(o, "ts", micros(e->begin > t->t0 ? e->begin - t->t0 : 0));
        json_object_object_add(o, "dur", micros(e->end - e->begin));
        json_object_object_add(o, "pid", json_object_new_int(1));
        json_object_object_add(o, "tid", json_object_new_int(e->tid));
        json_object_object_add(o, "args", e->args ? e->args : json_object_new_object());
        e->args = NULL; /* the document holds it now */
        json_object_array_add(evs, o);
    }
    json_object_object_add(doc, "traceEvents", evs);
    json_object_object_add(doc, "displayTimeUnit", json_object_new_string("ms"));
    return doc;
}

int trace_close(g16k_trace *t)
{
    if (!t)
        return G16K_OK;
    json_object *doc = document(t);
    size_t len = 0;
    const char *text = json_object_to_json_string_length(doc, JSON_C_TO_STRING_PLAIN, &len);
    int rc = text ? write_file_atomic(t->path, text, len)
                  : err_set(G16K_ENOMEM, "trace %s: out of memory", t->path);
    json_object_put(doc);
    for (size_t i = 0; i < t->n_ev; i++)
        free(t->ev[i].name);
    for (size_t i = 0; i < t->n_tracks; i++)
        free(t->tracks[i].name);
    free(t->ev);
    free(t->tracks);
    pthread_mutex_destroy(&t->lock);
    free(t);
    return rc;
}
