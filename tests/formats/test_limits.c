/*
 * Byte offsets and sizes past 2^31 and 2^32 in the iden3 container and the .zkey reader (issue
 * 33.6): a proving key of a 2^26 domain is about 40 GB, so its section offsets, sizes and point
 * offsets do not fit 32 bits. The files here are sparse (ftruncate, a few bytes written at high
 * offsets): they cost no disk and no memory (the readers map them, and touch only the pages they
 * read). Every expected offset and size is a constant computed by hand, the arithmetic beside
 * it, never taken from the code under test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "fmt_util.h"
#include "bls12_381/curve.h"
#include "formats/binfile.h"
#include "formats/zkey.h"
#include "g16k/plugin.h"
#include "util/error.h"

#define GIB ((uint64_t)1 << 30)

/* The bytes p at file offset off of fd (all of them written). */
static void put_at(int fd, uint64_t off, const void *p, size_t len)
{
    assert_int_equal(pwrite(fd, p, len, (off_t)off), (ssize_t)len);
}

/* A section table entry (u32 id, u64 size) at off; returns the offset of its payload. */
static uint64_t entry_at(int fd, uint64_t off, uint32_t id, uint64_t size)
{
    uint8_t e[12];
    put_le32(e, id);
    put_le64(e + 4, size);
    put_at(fd, off, e, sizeof e);
    return off + 12;
}

static int make_sparse(const char *path, uint64_t size)
{
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)size), 0);
    return fd;
}

/* Container "test" v1 with three sections, the second and third after 5 GiB:
 *   byte 0        header (magic, version 1, 3 sections)
 *   byte 12       entry of section 1, size 5 GiB + 3 = 5368709123
 *   byte 24       its payload (holes)
 *   byte 24 + 5368709123 = 5368709147   entry of section 2, size 8
 *   byte 5368709159                      its payload: the u64 0x0123456789abcdef
 *   byte 5368709167                      entry of section 3, size 2^32 + 1 = 4294967297
 *   byte 5368709179                      its payload (holes), to the end of the file at
 *                                        5368709179 + 4294967297 = 9663676476. */
#define BIG_S1 ((uint64_t)5 * GIB + 3)
#define BIG_S3 (((uint64_t)1 << 32) + 1)
#define BIG_FILE 9663676476ull
static const uint64_t MARK = 0x0123456789abcdefull;

static void write_big_container(const char *path, uint64_t size)
{
    int fd = make_sparse(path, size);
    uint8_t h[12];
    memcpy(h, "test", 4);
    put_le32(h + 4, 1);
    put_le32(h + 8, 3);
    put_at(fd, 0, h, sizeof h);
    uint64_t p1 = entry_at(fd, 12, 1, BIG_S1);
    uint64_t p2 = entry_at(fd, p1 + BIG_S1, 2, 8);
    uint8_t m[8];
    put_le64(m, MARK);
    put_at(fd, p2, m, sizeof m);
    entry_at(fd, p2 + 8, 3, BIG_S3);
    close(fd);
}

static void check_big_table(const binfile *bf)
{
    assert_int_equal(bf->size, BIG_FILE);
    assert_true(bf->sec[1].present && bf->sec[2].present && bf->sec[3].present);
    assert_int_equal(bf->sec[1].offset, 24);
    assert_int_equal(bf->sec[1].size, 5368709123ull);
    assert_int_equal(bf->sec[2].offset, 5368709159ull);
    assert_int_equal(bf->sec[2].size, 8);
    assert_int_equal(bf->sec[3].offset, 5368709179ull);
    assert_int_equal(bf->sec[3].size, 4294967297ull);
}

/* The section table of a file past 2^32 bytes, mapped (binfile_open) and read with pread
 * (binfile_read_table): every offset and size as written, the payload past 2^32 read back; one
 * byte short, the last section is refused naming the bytes it needs. */
static void test_binfile_past_4g(void **state)
{
    (void)state;
    const char *path = strdup(scratch_path("big.bin"));
    write_big_container(path, BIG_FILE);

    binfile bf;
    assert_int_equal(binfile_open(&bf, path, "test", 1, 3), G16K_OK);
    check_big_table(&bf);
    assert_int_equal(binfile_le64(binfile_at(&bf, bf.sec[2].offset)), MARK);
    binfile_close(&bf);

    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(binfile_read_table(&bf, fd, BIG_FILE, path, "test", 1, 3), G16K_OK);
    check_big_table(&bf);
    close(fd);

    /* One byte less: section 3 (table entry at byte 5368709167) needs 9663676476 bytes. */
    assert_int_equal(truncate(path, (off_t)(BIG_FILE - 1)), 0);
    expect_error(binfile_open(&bf, path, "test", 1, 3), G16K_EFORMAT,
                 "section table entry 2 at byte 5368709167", "section 3 size 4294967297",
                 "(9663676475 bytes)", "at least 9663676476 bytes", NULL);
    unlink(path);
    free((void *)path);
}

/* A zkey of nVars = 2^25 + 3, nPublic = 1, domainSize = 2^25, sections in the order 1, 2, 4, 5,
 * 6, 7, 8, 9, 3 so that IC comes last, past 2^32 (payload offset = entry offset + 12):
 *   1  entry 12,          size 4
 *   2  entry 28,          size 964
 *   4  entry 1004,        size 4 (nCoef = 0)
 *   5  entry 1020,        size (2^25 + 3) * 96  = 3221225760
 *   6  entry 3221226792,  size 3221225760
 *   7  entry 6442452564,  size (2^25 + 3) * 192 = 6442451520   (B2, past 2^32 on its own)
 *   8  entry 12884904096, size (2^25 + 1) * 96  = 3221225568
 *   9  entry 16106129676, size 2^25 * 96        = 3221225472
 *   3  entry 19327355160, size 2 * 96 = 192, payload at 19327355172; the file ends at
 *      19327355364. IC[0] = the G1 generator, IC[1] (byte 19327355268) given by the caller.
 * b2_short: section 7 one G2 point short (6442451328 bytes; the file 192 bytes shorter). */
#define ZK_NV ((1u << 25) + 3)
#define ZK_DOMAIN (1u << 25)
#define ZK_IC_PAYLOAD 19327355172ull
#define ZK_FILE 19327355364ull

static void g1_bytes(uint8_t out[96], const g1_affine_t *p)
{
    fp_to_bytes_mont(out, &p->x);
    fp_to_bytes_mont(out + 48, &p->y);
}

static void g2_bytes(uint8_t out[192], const g2_affine_t *p)
{
    fp_to_bytes_mont(out, &p->x.c0);
    fp_to_bytes_mont(out + 48, &p->x.c1);
    fp_to_bytes_mont(out + 96, &p->y.c0);
    fp_to_bytes_mont(out + 144, &p->y.c1);
}

static void write_big_zkey(const char *path, const uint8_t ic1[96], int b2_short)
{
    uint64_t nv = ZK_NV;
    uint64_t b2 = nv * 192 - (b2_short ? 192 : 0);
    int fd = make_sparse(path, ZK_FILE - (b2_short ? 192 : 0));
    uint8_t h[16];
    memcpy(h, "zkey", 4);
    put_le32(h + 4, 1);
    put_le32(h + 8, 10 - 1); /* no section 10 */
    put_at(fd, 0, h, 12);
    uint64_t p = entry_at(fd, 12, 1, 4);
    put_le32(h, 1); /* Groth16 */
    put_at(fd, p, h, 4);
    p = entry_at(fd, p + 4, 2, 964);
    uint8_t g[964];
    memset(g, 0, sizeof g);
    put_le32(g, 48);
    fp_to_bytes_mont(g + 4, &FP_MODULUS); /* raw limbs: the integer p */
    put_le32(g + 52, 32);
    fr_to_bytes_mont(g + 56, &FR_MODULUS);
    put_le32(g + 88, ZK_NV);
    put_le32(g + 92, 1);
    put_le32(g + 96, ZK_DOMAIN);
    g1_bytes(g + 100, &G1_GENERATOR); /* alpha1 */
    g1_bytes(g + 196, &G1_GENERATOR); /* beta1 */
    g2_bytes(g + 292, &G2_GENERATOR); /* beta2 */
    g2_bytes(g + 484, &G2_GENERATOR); /* gamma2 */
    g1_bytes(g + 676, &G1_GENERATOR); /* delta1 */
    g2_bytes(g + 772, &G2_GENERATOR); /* delta2 */
    put_at(fd, p, g, sizeof g);
    p = entry_at(fd, p + 964, 4, 4); /* nCoef = 0: the holes */
    p = entry_at(fd, p + 4, 5, nv * 96);
    p = entry_at(fd, p + nv * 96, 6, nv * 96);
    p = entry_at(fd, p + nv * 96, 7, b2);
    p = entry_at(fd, p + b2, 8, (nv - 2) * 96);
    p = entry_at(fd, p + (nv - 2) * 96, 9, (uint64_t)ZK_DOMAIN * 96);
    p = entry_at(fd, p + (uint64_t)ZK_DOMAIN * 96, 3, 192);
    assert_int_equal(p, ZK_IC_PAYLOAD - (b2_short ? 192 : 0));
    uint8_t ic[192];
    g1_bytes(ic, &G1_GENERATOR);
    memcpy(ic + 96, ic1, 96);
    put_at(fd, p, ic, sizeof ic);
    close(fd);
}

/* Section sizes past 2^32 are checked in 64 bits, and the IC points past 2^32 are read where
 * they are: zkey_read_vk loads them; a bad IC[1] is named at its byte offset; a B2 section one
 * point short is refused with both sizes. Computed in 32 bits, (2^25 + 3) * 192 would be
 * 2147484224 and the sound key refused. */
static void test_zkey_past_4g(void **state)
{
    (void)state;
    const char *path = strdup(scratch_path("big.zkey"));
    uint8_t inf[96] = { 0 };
    write_big_zkey(path, inf, 0);
    groth16_vk k;
    int rc = zkey_read_vk(path, &k);
    if (rc != G16K_OK)
        fail_msg("zkey_read_vk: %s", err_get());
    assert_ptr_equal(k.cv, &curve_bls12_381);
    assert_int_equal(k.n_public, 1);
    assert_memory_equal(&k.ic[0].bls12_381, &G1_GENERATOR, sizeof(g1_affine_t));
    assert_true(g1_affine_is_inf(&k.ic[1].bls12_381));
    vk_free(&k);

    /* IC[1] = (1, 1) in Montgomery form: coordinates below p, not on the curve (y^2 = x^3 + 4
     * would need 1 = 5). Its payload byte: 19327355172 + 96 = 19327355268. */
    uint8_t bad[96] = { 0 };
    fp_t one = FP_ONE;
    fp_to_bytes_mont(bad, &one);
    fp_to_bytes_mont(bad + 48, &one);
    write_big_zkey(path, bad, 0);
    memset(&k, 0, sizeof(k));
    expect_error(zkey_read_vk(path, &k), G16K_EFORMAT, "section 3 (IC) at byte 19327355268",
                 "point 1", NULL);
    assert_null(k.ic); /* untouched on error */

    /* B2 one G2 point short: (2^25 + 3) * 192 - 192 = 6442451328, at payload byte 6442452576. */
    write_big_zkey(path, inf, 1);
    expect_error(zkey_read_vk(path, &k), G16K_EFORMAT, "section 7 (B2) at byte 6442452576",
                 "size 6442451328, expected 6442451520", NULL);
    unlink(path);
    free((void *)path);
}

static int teardown_all(void **state)
{
    (void)state;
    scratch_cleanup();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binfile_past_4g),
        cmocka_unit_test(test_zkey_past_4g),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_all);
}
