/*
 * LD_PRELOAD shim for thread_budget.sh: counts the threads that g16k's own code starts (the g16k
 * binary with the core, and the plugins libg16k_*.so: any object whose file name contains
 * "g16k") and records the most alive at once, the main thread included. A thread counts from
 * its pthread_create until its start routine returns, so the count never misses an overlap.
 * Threads an OpenCL runtime starts (PoCL's worker pool) are reported apart: they are the
 * runtime's, not g16k's. At exit, writes "g16k MAX\nother MAX\n" to $G16K_THREAD_COUNT_OUT.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int create_fn(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static atomic_int live[2] = { 1, 0 }, peak[2] = { 1, 0 }; /* [0] g16k, [1] other */

typedef struct start {
    void *(*fn)(void *);
    void *arg;
    int kind;
} start;

static void *trampoline(void *p)
{
    start s = *(start *)p;
    free(p);
    void *r = s.fn(s.arg);
    atomic_fetch_sub(&live[s.kind], 1);
    return r;
}

int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    static create_fn *real;
    if (!real)
        real = (create_fn *)dlsym(RTLD_NEXT, "pthread_create");
    Dl_info info;
    int kind = 1;
    if (dladdr(__builtin_return_address(0), &info) && info.dli_fname) {
        const char *base = strrchr(info.dli_fname, '/');
        kind = strstr(base ? base + 1 : info.dli_fname, "g16k") ? 0 : 1;
    }
    start *s = malloc(sizeof *s);
    if (!s)
        return real(t, attr, fn, arg);
    *s = (start){ fn, arg, kind };
    int now = atomic_fetch_add(&live[kind], 1) + 1, old = atomic_load(&peak[kind]);
    while (now > old && !atomic_compare_exchange_weak(&peak[kind], &old, now)) {
    }
    int rc = real(t, attr, trampoline, s);
    if (rc != 0) {
        atomic_fetch_sub(&live[kind], 1);
        free(s);
    }
    return rc;
}

__attribute__((destructor)) static void report(void)
{
    const char *out = getenv("G16K_THREAD_COUNT_OUT");
    FILE *f = out ? fopen(out, "w") : NULL;
    if (f) {
        fprintf(f, "g16k %d\nother %d\n", atomic_load(&peak[0]), atomic_load(&peak[1]));
        fclose(f);
    }
}
