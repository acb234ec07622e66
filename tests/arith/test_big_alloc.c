/*
 * big_alloc and big_calloc (arith/platform/big_alloc.c): every size gives memory that can be
 * written and read back in full (ASan builds check the exact bounds), big_alloc's 64-byte
 * aligned and from 2 MiB on 2 MiB aligned, big_calloc's zeroed; both carry the kernel's record of
 * the huge-page advice ("hg" in the mapping's VmFlags in /proc/self/smaps, where the kernel has
 * transparent huge pages); sizes that cannot be allocated or that overflow fail with NULL.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "platform/big_alloc.h"

#define MIB ((size_t)1 << 20)

/* Write a pattern over all n bytes, then check it. */
static void fill_and_check(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 131 + (i >> 12));
    for (size_t i = 0; i < n; i++)
        assert_int_equal(p[i], (uint8_t)(i * 131 + (i >> 12)));
}

static void test_sizes(void **state)
{
    (void)state;
    static const size_t sizes[] = { 0,    1,           63,      64,          65,          4095,
                                    4096, 2 * MIB - 1, 2 * MIB, 2 * MIB + 1, 5 * MIB + 17 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint8_t *p = big_alloc(sizes[k]);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % 64, 0);
        if (sizes[k] >= 2 * MIB)
            assert_int_equal((uintptr_t)p % (2 * MIB), 0);
        fill_and_check(p, sizes[k] ? sizes[k] : 1);
        free(p);
    }
}

static void test_calloc_sizes(void **state)
{
    (void)state;
    static const size_t counts[] = { 0, 1, 7, 512, 262143, 262144, 655363 };
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        size_t n = counts[k] * sizeof(uint64_t);
        uint8_t *p = big_calloc(counts[k], sizeof(uint64_t));
        assert_non_null(p);
        for (size_t i = 0; i < n; i++)
            assert_int_equal(p[i], 0);
        fill_and_check(p, n ? n : 1);
        free(p);
    }
}

static void test_too_large(void **state)
{
    (void)state;
    assert_null(big_alloc(SIZE_MAX));
    assert_null(big_alloc(SIZE_MAX - MIB));
    assert_null(big_calloc(SIZE_MAX, 2));
    assert_null(big_calloc((SIZE_MAX >> 3) + 1, 8));
}

/* The VmFlags line of the /proc/self/smaps mapping that holds address a, into flags; 0 when
 * found. */
static int vm_flags_of(const void *a, char *flags, size_t cap)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return -1;
    char line[512];
    int inside = 0, found = -1;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, ' ') &&
            strchr(line, '-') < strchr(line, ' ')) {
            inside = (uintptr_t)a >= lo && (uintptr_t)a < hi;
            continue;
        }
        if (inside && strncmp(line, "VmFlags:", 8) == 0) {
            snprintf(flags, cap, "%s", line + 8);
            found = 0;
            break;
        }
    }
    fclose(f);
    return found;
}

/* The mapping of an 8 MiB buffer from big_alloc (calloc 0) or big_calloc (1) carries the
 * advice. */
static void check_advice(int calloc)
{
    if (access("/sys/kernel/mm/transparent_hugepage/enabled", R_OK) != 0) {
        print_message("this kernel has no transparent huge pages: the advice is not checked\n");
        skip();
    }
    size_t n = 8 * MIB;
    uint8_t *p = calloc ? big_calloc(n, 1) : big_alloc(n);
    assert_non_null(p);
    memset(p, 1, n);
    char flags[512];
    if (vm_flags_of(p + n / 2, flags, sizeof flags) != 0)
        fail_msg("no VmFlags in /proc/self/smaps for the buffer at %p", (void *)p);
    /* " hg": the mapping carries MADV_HUGEPAGE, whether or not huge pages were free */
    if (!strstr(flags, " hg")) {
        print_message("VmFlags:%s", flags);
        fail_msg("%s(%zu) left the mapping without the huge-page advice",
                 calloc ? "big_calloc" : "big_alloc", n);
    }
    free(p);
}

static void test_huge_page_advice(void **state)
{
    (void)state;
    check_advice(0);
}

static void test_huge_page_advice_calloc(void **state)
{
    (void)state;
    check_advice(1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_calloc_sizes),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_huge_page_advice),
        cmocka_unit_test(test_huge_page_advice_calloc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
