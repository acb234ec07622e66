/*
 * The one allocator of g16k's large per-proof and per-key buffers (the prover's a, b, c and h,
 * MSM scalars and bucket sets, the CPU synthesizer's rows, NTT tables): memory on transparent
 * huge pages where the kernel allows them (THP "madvise" or "always"), else what malloc gives.
 *
 * Why: a 4 KiB page costs a page fault the first time it is written, and page faults are slow
 * on virtual machines: about 3.5 us each on this project's 2-vCPU CI VM (512 MiB written after
 * malloc: 1.5-1.8 s; on huge pages 0.033 s, one fault a 2 MiB page). The cached 2^20 proof
 * made about 105,000 page faults before these buffers moved here and 16,000 after (the rest:
 * the mapped key and witness files); the cached 2^24 proof 1.5-1.6 million and 0.26-0.28
 * million, its system time 18-21 s and 8-10 s. Huge pages also take the random accesses into
 * MSM bucket sets (4-9 MiB a worker) off the small TLB.
 */
#ifndef G16K_ARITH_BIG_ALLOC_H
#define G16K_ARITH_BIG_ALLOC_H

#include <stddef.h>

/* bytes of memory (0 counts as 1), 64-byte aligned, not zeroed, freed with free(); NULL when
 * memory runs out. From 2 MiB on it is aligned to and rounded up to 2 MiB and advised onto
 * transparent huge pages (madvise MADV_HUGEPAGE, a hint: 4 KiB pages where the kernel has no
 * huge page), so one page fault and one zeroing per 2 MiB instead of 512. Thread-safe. */
void *big_alloc(size_t bytes);

#endif
