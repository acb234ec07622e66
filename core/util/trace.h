/*
 * Phase traces (g16k prove --trace FILE, g16k_prove_opts.trace): complete events ("ph": "X") of
 * the Trace Event Format that chrome://tracing and Perfetto open, collected in memory while the
 * work runs and written as one JSON file, atomically, by trace_close.
 *
 * A thread records into the trace bound to it (trace_bind): the core binds a trace around a
 * traced call (a proof, a key load, g16k tune) on every thread that works for it, so the
 * provider-call layer (core/prover/calls.c) and the plugins' host callbacks (plugin.h ABI 1.2
 * trace_begin/trace_end) find it without a parameter. Each OS thread gets its own track (tid),
 * named by trace_name_thread or "thread N". Times: nanoseconds of CLOCK_MONOTONIC (trace_now),
 * written as microseconds since trace_open with nanosecond precision.
 * Thread-safety: every function may be called from any thread; events of one trace are
 * appended under its lock. With no trace bound, trace_current is one thread-local read.
 */
#ifndef G16K_FORMATS_TRACE_H
#define G16K_FORMATS_TRACE_H

#include <stdint.h>

#include <json-c/json.h>

typedef struct g16k_trace g16k_trace;

/* A new trace to be written to path at trace_close. Checks now that path's folder exists and
 * is writable, so that a bad path fails before the work. Errors: G16K_EINVAL (NULL or empty
 * path), G16K_EIO (folder), G16K_ENOMEM. */
int trace_open(const char *path, g16k_trace **out);
/* Write the file (atomic: a temporary renamed over path) and free t (NULL: no-op, G16K_OK).
 * The caller makes sure no thread still records into t. Errors: G16K_EIO, G16K_ENOMEM; t is
 * freed either way. */
int trace_close(g16k_trace *t);

/* Nanoseconds of CLOCK_MONOTONIC; never 0. */
uint64_t trace_now(void);
/* A clock_now() reading (seconds of the same clock, util/clock.h) as trace_now would give it:
 * for an event that must span exactly what a timing measured. */
uint64_t trace_ns(double seconds);
/* Bind t (may be NULL) to the calling thread; returns the trace bound before, to restore. */
g16k_trace *trace_bind(g16k_trace *t);
/* The trace bound to the calling thread, or NULL. */
g16k_trace *trace_current(void);
/* Name the calling thread's track in t (copied; the first name given wins). */
void trace_name_thread(g16k_trace *t, const char *name);

/* Whether the calling thread is inside a provider call that the core traces: the plugins'
 * trace_begin (plugin.h ABI 1.2) reports only then, so that nothing a plugin does outside
 * such a call (its create, a self-test) lands loose on a track. trace_call_enter marks the
 * thread and returns the previous mark, for trace_call_leave to restore. */
int trace_call_enter(void);
void trace_call_leave(int prev);
int trace_in_call(void);
/* The window a provider reported for the calling thread's current call (host msm_window, plugin
 * ABI 1.5), 0 when none: trace_call_enter clears it, trace_call_window_set records it (only
 * inside a call). */
void trace_call_window_set(uint32_t c);
uint32_t trace_call_window(void);

/* One complete event [begin, end] (trace_now values) named name (copied), category cat (a
 * string literal), on the calling thread's track, or, when track is not NULL, on the track of
 * that name (for phases that overlap on one thread's time, e.g. a key load's read and checks).
 * args: a JSON object whose reference the trace takes, or NULL. Nothing when t is NULL (args
 * is then released). Out of memory drops the event. */
void trace_add(g16k_trace *t, const char *cat, const char *name, uint64_t begin, uint64_t end,
               json_object *args, const char *track);

#endif
