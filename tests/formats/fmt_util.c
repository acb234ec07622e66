/* Helpers for the core/formats tests (fmt_util.h). */
#include "fmt_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/error.h"

const char *const FIXTURES[FIXTURE_COUNT] = { "mult", "nopub", "poseidon2", "poseidon_chain",
                                              "sha256_64" };

const char *bn128_path(const char *name, const char *file)
{
    static char buf[1024];
    snprintf(buf, sizeof(buf), "%s/%s/%s", G16K_BN128_FIXTURES, name, file);
    return buf;
}

const char *fixture_path(const char *name, const char *file)
{
    static char buf[1024];
    snprintf(buf, sizeof(buf), "%s/%s/%s", G16K_FIXTURES, name, file);
    return buf;
}

uint8_t *read_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *d = malloc((size_t)n + 1);
    assert_non_null(d);
    assert_int_equal(fread(d, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    d[n] = 0;
    *len = (size_t)n;
    return d;
}

void write_whole(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        fail_msg("cannot create %s", path);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static char scratch[512];

const char *scratch_dir(void)
{
    if (scratch[0] == 0) {
        const char *t = getenv("TMPDIR");
        snprintf(scratch, sizeof(scratch), "%s/g16k_formats_XXXXXX", t && *t ? t : "/tmp");
        if (mkdtemp(scratch) == NULL)
            fail_msg("mkdtemp failed");
    }
    return scratch;
}

const char *scratch_path(const char *file)
{
    static char buf[1024];
    snprintf(buf, sizeof(buf), "%s/%s", scratch_dir(), file);
    return buf;
}

void scratch_cleanup(void)
{
    if (scratch[0] == 0)
        return;
    char cmd[600];
    /* The folder holds only files these tests wrote. */
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", scratch);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", scratch);
    scratch[0] = 0;
}

void put_le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

void put_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get_le64(const uint8_t *p)
{
    return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

int container_find(const uint8_t *d, size_t len, uint32_t id, size_t *payload, uint64_t *size,
                   size_t *entry)
{
    uint32_t n = get_le32(d + 8);
    size_t o = 12;
    for (uint32_t k = 0; k < n && o + 12 <= len; k++) {
        uint32_t sid = get_le32(d + o);
        uint64_t s = get_le64(d + o + 4);
        if (sid == id) {
            if (payload)
                *payload = o + 12;
            if (size)
                *size = s;
            if (entry)
                *entry = o;
            return 0;
        }
        o += 12 + (size_t)s;
    }
    return -1;
}

uint8_t *container_drop(const uint8_t *d, size_t len, uint32_t id, size_t *out_len)
{
    size_t payload, entry;
    uint64_t size;
    assert_int_equal(container_find(d, len, id, &payload, &size, &entry), 0);
    size_t cut = 12 + (size_t)size;
    uint8_t *o = malloc(len - cut);
    assert_non_null(o);
    memcpy(o, d, entry);
    memcpy(o + entry, d + entry + cut, len - entry - cut);
    put_le32(o + 8, get_le32(d + 8) - 1);
    *out_len = len - cut;
    return o;
}

void expect_error_in(int rc, int want, const char *file, va_list pieces)
{
    const char *msg = err_get();
    if (rc != want)
        fail_msg("status %d, expected %d; message: %s", rc, want, msg);
    if (file != NULL && strstr(msg, file) == NULL)
        fail_msg("message lacks the file name %s: %s", file, msg);
    for (const char *s = va_arg(pieces, const char *); s != NULL; s = va_arg(pieces, const char *))
        if (strstr(msg, s) == NULL)
            fail_msg("message \"%s\" lacks \"%s\"", msg, s);
}

void expect_error(int rc, int want, ...)
{
    va_list ap;
    va_start(ap, want);
    expect_error_in(rc, want, NULL, ap);
    va_end(ap);
}

uint32_t r1cs_info(const char *fixture, const char *key)
{
    size_t len;
    char *t = (char *)read_whole(fixture_path(fixture, "r1cs_info.txt"), &len);
    char pat[64];
    snprintf(pat, sizeof(pat), "# of %s: ", key);
    char *p = strstr(t, pat);
    if (p == NULL)
        fail_msg("%s: no \"%s\" in r1cs_info.txt", fixture, key);
    uint32_t v = (uint32_t)strtoul(p + strlen(pat), NULL, 10);
    free(t);
    return v;
}

/* A point of BN254's twist E'(Fp2) outside G2: the first x = k + u (k = 1, 2, ...) with
 * x^3 + 3/(9 + u) a square. Checked outside the subgroup independently of the reader's psi
 * test: [r] P is not infinity. */
void bn254_g2_off_subgroup(bn254_g2_affine_t *out)
{
    bn254_fp2_t b, t, x3;
    memset(&b, 0, sizeof(b));
    memset(&t, 0, sizeof(t));
    bn254_fp_set_u64(&b.c0, 3);
    bn254_fp_set_u64(&t.c0, 9);
    bn254_fp_set_u64(&t.c1, 1);
    bn254_fp2_inv(&t, &t);
    bn254_fp2_mul(&b, &b, &t); /* b' = 3 / (9 + u) */
    for (uint64_t k = 1;; k++) {
        bn254_fp_set_u64(&out->x.c0, k);
        bn254_fp_set_u64(&out->x.c1, 1);
        bn254_fp2_sqr(&x3, &out->x);
        bn254_fp2_mul(&x3, &x3, &out->x);
        bn254_fp2_add(&x3, &x3, &b);
        if (bn254_fp2_sqrt(&out->y, &x3))
            break;
    }
    assert_true(bn254_g2_affine_is_on_curve(out));
    bn254_g2_jac_t j;
    bn254_g2_jac_from_affine(&j, out);
    bn254_g2_jac_mul(&j, &j, BN254_FR_MODULUS.l, BN254_FR_LIMBS);
    assert_false(bn254_g2_jac_is_inf(&j));
}
