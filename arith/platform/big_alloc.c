/*
 * Large buffers on transparent huge pages (big_alloc.h). First written for the CPU NTT's tables
 * (domain_create of 2^16, whose twiddles are 2 MiB: 1.5 -> 0.8 ms in a fresh g16k prove on the
 * 2-vCPU CI VM, medians of 9 alternating runs), now every large per-proof buffer's.
 * Sizes are passed on exactly (posix_memalign, calloc), so that ASan builds report an overrun
 * at the buffer's end, not at some rounded size.
 */
#include "platform/big_alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)

/* Advise the whole 2 MiB pages inside [p, p + bytes) (a hint: 4 KiB pages work too). */
static void advise_huge(void *p, size_t bytes)
{
    uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    uintptr_t hi = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);
    if (hi > lo)
        (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
}

void *big_alloc(size_t bytes)
{
    void *p = NULL;
    if (bytes > SIZE_MAX - HUGE_PAGE) /* ASan aborts on such sizes instead of failing */
        return NULL;
    if (posix_memalign(&p, bytes >= HUGE_PAGE ? HUGE_PAGE : 64, bytes ? bytes : 1) != 0)
        return NULL;
    advise_huge(p, bytes);
    return p;
}

void *big_calloc(size_t count, size_t size)
{
    if (size && count > (SIZE_MAX - HUGE_PAGE) / size) /* ASan aborts on an overflow */
        return NULL;
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p != NULL && count && size)
        advise_huge(p, count * size);
    return p;
}
