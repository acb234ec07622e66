/*
 * Allocation of large per-proof buffers (the prover's a, b, c and h, the witness values, MSM
 * scalars, indices and bucket sets, the CPU synthesizer's row starts and witness copy, the CPU
 * NTT's tables): memory on transparent huge pages where the kernel allows them (THP "madvise" or
 * "always"), else what malloc gives. (The key's own image has its mapping: core/key/zkey_load.c.)
 *
 * Why: a 4 KiB page costs a page fault the first time it is written, and page faults are slow
 * on virtual machines: about 3.5 us each on this project's 2-vCPU CI VM (512 MiB written after
 * malloc: 1.5-1.8 s; on huge pages 0.033 s, one fault a 2 MiB page). The cached 2^20 proof made
 * about 105,000 page faults before these buffers moved here and 14,000-16,000 after (the rest:
 * the mapped key and witness files); the cached 2^24 proof 1.5-1.6 million and 0.22-0.29
 * million, its system time 12.6-20.6 s and 8.0-9.7 s. Huge pages also take the random accesses
 * into MSM bucket sets (4-9 MiB a worker) off the small TLB.
 */
#ifndef G16K_ARITH_BIG_ALLOC_H
#define G16K_ARITH_BIG_ALLOC_H

#include <stddef.h>

/* bytes of memory (0 counts as 1), 64-byte aligned, not zeroed, freed with free(); NULL when
 * memory runs out. From 2 MiB on it is aligned to 2 MiB and its whole 2 MiB pages are advised
 * onto transparent huge pages (madvise MADV_HUGEPAGE, a hint: 4 KiB pages where the kernel has
 * none free), so one page fault and one zeroing per 2 MiB instead of 512. Thread-safe. */
void *big_alloc(size_t bytes);

/* calloc(count, size) (0 counts as 1; zeroed; malloc's alignment; NULL when memory runs out or
 * the product overflows) with the whole 2 MiB pages inside it advised as big_alloc's. For
 * buffers that may stay partly or wholly untouched: fresh zero pages cost nothing until
 * written, where a big_alloc and a memset would write them all. Thread-safe. */
void *big_calloc(size_t count, size_t size);

#endif
