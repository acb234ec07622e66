/*
 * --trace FILE, the same for g16k prove, bench and tune (cli.h): a phase trace of the command's
 * key load, proofs and provider calls (util/trace.h; README "Traces").
 */
#include <stdio.h>

#include "cli.h"
#include "util/trace.h"

int cli_trace_start(const char *path, const char *cmd, g16k_trace **trace)
{
    *trace = NULL;
    if (!path)
        return G16K_OK;
    int rc = trace_open(path, trace);
    if (rc != G16K_OK)
        return rc;
    char name[64];
    snprintf(name, sizeof(name), "g16k %s", cmd);
    trace_bind(*trace);
    trace_name_thread(*trace, name);
    return G16K_OK;
}

int cli_trace_finish(g16k_trace *trace, int rc)
{
    if (!trace)
        return rc;
    trace_bind(NULL);
    int wrc = trace_close(trace);
    if (wrc != G16K_OK && rc == 0)
        return cli_fail(wrc);
    return rc;
}
