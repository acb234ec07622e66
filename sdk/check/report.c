/* One line per check on stdout, flushed at once so that a crash in a plugin leaves the lines
 * before it. */
#include <stdarg.h>
#include <stdio.h>

#include "check.h"

static unsigned n_pass, n_fail, n_skip;
static const char *prefix = "";

void report_prefix(const char *p)
{
    prefix = p ? p : "";
}

void report_pass(const char *name, ...)
{
    va_list ap;
    va_start(ap, name);
    printf("PASS %s", prefix);
    vprintf(name, ap);
    fputc('\n', stdout);
    va_end(ap);
    fflush(stdout);
    n_pass++;
}

static void line(const char *tag, const char *name, const char *fmt, va_list ap)
{
    printf("%s %s%s: ", tag, prefix, name);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
}

void report_fail(const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line("FAIL", name, fmt, ap);
    va_end(ap);
    n_fail++;
}

void report_skip(const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line("SKIP", name, fmt, ap);
    va_end(ap);
    n_skip++;
}

int report_exit_code(void)
{
    printf("%u passed, %u failed, %u skipped\n", n_pass, n_fail, n_skip);
    if (n_fail)
        return 1;
    return n_skip ? 77 : 0;
}
