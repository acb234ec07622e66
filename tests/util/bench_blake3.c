/*
 * bench_blake3: MB/s of one thread for BLAKE3 (core/util/blake3.c) on each chunk kernel the CPU
 * has, as
 * JSON. Not a test (no ctest registration); run by hand:  build/bin/bench_blake3 [MiB]
 * Rows: the hash of a 1 MiB buffer (one zkey digest leaf, in cache) and of a buffer of MiB
 * MiB (default 64: from memory, as a key load reads it). Each row is the median of 7 trials of
 * this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so a shared machine skews it less.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/blake3.h"

#define TRIALS 7

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median MB/s (10^6 bytes per second) of hashing len bytes at buf, reps times per trial. */
static double mb_per_s(const uint8_t *buf, size_t len, int reps, uint8_t out[BLAKE3_OUT_BYTES])
{
    double t[TRIALS];
    blake3_hash(out, buf, len); /* warm up */
    for (int k = 0; k < TRIALS; k++) {
        double t0 = now_s();
        for (int r = 0; r < reps; r++)
            blake3_hash(out, buf, len);
        t[k] = now_s() - t0;
    }
    qsort(t, TRIALS, sizeof t[0], cmp_double);
    return (double)len * reps / t[TRIALS / 2] / 1e6;
}

int main(int argc, char **argv)
{
    size_t big = (size_t)(argc > 1 ? atoi(argv[1]) : 64) << 20;
    if (big == 0) {
        fprintf(stderr, "usage: bench_blake3 [MiB > 0]\n");
        return 2;
    }
    uint8_t *buf = malloc(big);
    if (!buf) {
        fprintf(stderr, "bench_blake3: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < big; i++)
        buf[i] = (uint8_t)(i * 2654435761u >> 13);
    static const struct {
        blake3_impl impl;
        const char *name;
    } impls[] = { { BLAKE3_PORTABLE, "portable" },
                  { BLAKE3_AVX2, "avx2" },
                  { BLAKE3_AVX512, "avx512" } };
    printf("{\"bench\": \"blake3\", \"big_bytes\": %zu, \"kernels\": [", big);
    for (int i = 0; i < 3; i++) {
        if (blake3_select(impls[i].impl) != impls[i].impl)
            continue; /* not on this CPU */
        uint8_t d1[BLAKE3_OUT_BYTES], d2[BLAKE3_OUT_BYTES];
        double leaf = mb_per_s(buf, 1u << 20, 16, d1);
        double whole = mb_per_s(buf, big, 1, d2);
        printf("%s\n  {\"kernel\": \"%s\", \"mb_per_second_1mib\": %.0f, "
               "\"mb_per_second_big\": %.0f, \"hash_big_first_byte\": %u}",
               i ? "," : "", impls[i].name, leaf, whole, d2[0]);
    }
    printf("\n]}\n");
    free(buf);
    return 0;
}
