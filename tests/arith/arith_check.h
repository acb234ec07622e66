/*
 * splitmix64 (Steele, Lea, Flood, OOPSLA 2014): the arith tests' reproducible random words
 * (no dependence on libc's rand), each test file keeping and seeding its own state.
 */
#ifndef G16K_TESTS_ARITH_SPLITMIX_H
#define G16K_TESTS_ARITH_SPLITMIX_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
