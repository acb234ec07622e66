/*
 * Memory for the plugin's large tables (see internal.h): transparent huge pages where the kernel
 * allows them, else whatever malloc gives.
 */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

void *cpu_alloc_table(size_t bytes)
{
    if (bytes < HUGE_PAGE || bytes > SIZE_MAX - HUGE_PAGE)
        return malloc(bytes ? bytes : 1);
    size_t len = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, len);
    if (p != NULL)
        (void)madvise(p, len, MADV_HUGEPAGE); /* a hint: 4 KiB pages work too */
    return p;
}
