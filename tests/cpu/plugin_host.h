/*
 * Test harness for the CPU plugin: loads the built libg16k_cpu.so with dlopen (path from CMake,
 * G16K_CPU_PLUGIN_PATH), hands it the shared stand-alone host (sdk/check/host.h: its
 * host_last_error and host_clear_error read the thread's last host->set_error) and calls it
 * only through its descriptor and vtables, the way the core does. Not thread-safe to set up.
 */
#ifndef G16K_TESTS_CPU_PLUGIN_HOST_H
#define G16K_TESTS_CPU_PLUGIN_HOST_H

#include "g16k/plugin.h"
#include "host.h"

/* Threads the test host offers (host->threads); not a power of two on purpose. */
#define TH_HOST_THREADS 3

/* The descriptor of the loaded plugin (loaded once; fails the test if anything is missing). */
const g16k_plugin_desc *th_plugin(void);
/* A context made with an empty configuration, shared by all tests of the process. */
g16k_plugin_ctx *th_ctx(void);
/* create() with the n entries of e as the [plugin.cpu] section of "test.ini" (the keys' line
 * numbers as given); its status, *out set on success. */
int th_create(const g16k_config_entry *e, uint64_t n, g16k_plugin_ctx **out);
/* The plugin's raw entry point, for ABI tests. */
g16k_plugin_entry_fn th_entry(void);

#endif
