/*
 * Large buffers on transparent huge pages (big_alloc.h). First written for the CPU NTT's tables
 * (domain_create of 2^16, whose twiddles are 2 MiB: 1.5 -> 0.8 ms in a fresh g16k prove on the
 * 2-vCPU CI VM, medians of 9 alternating runs), now every large per-proof buffer's.
 */
#include "platform/big_alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

void *big_alloc(size_t bytes)
{
    if (bytes > SIZE_MAX - HUGE_PAGE)
        return NULL;
    if (bytes < HUGE_PAGE)
        return aligned_alloc(64, bytes ? (bytes + 63) & ~(size_t)63 : 64);
    size_t len = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, len);
    if (p != NULL)
        (void)madvise(p, len, MADV_HUGEPAGE); /* a hint: 4 KiB pages work too */
    return p;
}
