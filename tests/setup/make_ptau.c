/*
 * make_ptau POWER OUT.ptau: a BLS12-381 (make_ptau_bn254: BN254) powers-of-tau file prepared for
 * phase 2, in the layout
 * `snarkjs powersoftau prepare phase2` writes (snarkjs 0.7.6 powersoftau_utils.js,
 * powersoftau_preparephase2.js): sections 1 header, 2 tauG1 (2^(p+1) - 1 points), 3 tauG2,
 * 4 alphaTauG1, 5 betaTauG1 (2^p each), 6 betaG2, 7 no contributions, and 12..15 the Lagrange
 * forms L_i(tau) of the domains 2^0 .. 2^p (section 12 also 2^(p+1)).
 *
 * For tests only: tau, alpha and beta are fixed public numbers, so the file is worth nothing as
 * a ceremony. It makes a pot15 in seconds where snarkjs takes the better part of an hour on two
 * cores, so that a test can feed the same file to snarkjs groth16 setup and g16k setup at a
 * power where zkey_new.js's circuit hash reads past section 2 (core/setup/hash_overread.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "g16k/plugin.h"
#include "setup/internal.h"

static FILE *out;
static long sec_start;

static void put32(uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    fwrite(b, 1, 4, out);
}

static void put64(uint64_t v)
{
    put32((uint32_t)v);
    put32((uint32_t)(v >> 32));
}

static void begin(uint32_t id)
{
    put32(id);
    sec_start = ftell(out);
    put64(0);
}

static void end(void)
{
    long at = ftell(out);
    fseek(out, sec_start, SEEK_SET);
    put64((uint64_t)(at - sec_start - 8));
    fseek(out, at, SEEK_SET);
}

static void die(const char *what)
{
    fprintf(stderr, "make_ptau: %s\n", what);
    exit(1);
}

/* n points k[i] * base (Montgomery scalars) in G1 (g2 = 0) or G2, appended LEM. */
static void put_points(int g2, const fr_t *k, uint64_t n)
{
    uint8_t b[G2_BYTES];
    if (!g2) {
        fixed_base_g1 fb;
        g1_affine_t *p = malloc(n * sizeof *p);
        if (!p || fixed_base_g1_init(&fb, &G1_GENERATOR, 0) ||
            fixed_base_g1_batch(p, &fb, k, n, 0, NULL, NULL))
            die("out of memory");
        for (uint64_t i = 0; i < n; i++) {
            setup_g1_to_lem(b, &p[i]);
            fwrite(b, 1, G1_BYTES, out);
        }
        fixed_base_g1_free(&fb);
        free(p);
    } else {
        fixed_base_g2 fb;
        g2_affine_t *p = malloc(n * sizeof *p);
        if (!p || fixed_base_g2_init(&fb, &G2_GENERATOR, 0) ||
            fixed_base_g2_batch(p, &fb, k, n, 0, NULL, NULL))
            die("out of memory");
        for (uint64_t i = 0; i < n; i++) {
            setup_g2_to_lem(b, &p[i]);
            fwrite(b, 1, G2_BYTES, out);
        }
        fixed_base_g2_free(&fb);
        free(p);
    }
}

/* s[i] = f * tau^i for i < n */
static void powers(fr_t *s, const fr_t *f, const fr_t *tau, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        s[i] = i ? s[i - 1] : *f;
        if (i)
            fr_mul(&s[i], &s[i], tau);
    }
}

/* The Lagrange levels 0 .. top of f * L_i(tau), one section. */
static void lagrange_section(uint32_t id, int g2, const fr_t *f, const fr_t *tau, unsigned top,
                             fr_t *buf)
{
    fr_t one = FR_ONE;
    begin(id);
    for (unsigned p = 0; p <= top; p++) {
        uint64_t n = (uint64_t)1 << p;
        fr_t omega;
        fr_root_of_unity(&omega, p);
        if (lagrange_eval(buf, n, tau, &one, &omega, n))
            die("tau lies on a domain");
        for (uint64_t i = 0; i < n; i++)
            fr_mul(&buf[i], &buf[i], f);
        put_points(g2, buf, n);
    }
    end();
}

int main(int argc, char **argv)
{
    if (argc != 3 || atoi(argv[1]) < 1 || atoi(argv[1]) > 20)
        die("usage: make_ptau POWER(1..20) OUT.ptau");
    unsigned power = (unsigned)atoi(argv[1]);
    uint64_t n = (uint64_t)1 << power;
    fr_t tau, alpha, beta, one = FR_ONE;
    fr_set_u64(&tau, 0x5eed5eed1234567ULL);
    fr_set_u64(&alpha, 0xa1fa);
    fr_set_u64(&beta, 0xbe7a);
    fr_t *s = malloc(4 * n * sizeof *s);
    if (!s)
        die("out of memory");
    if (!(out = fopen(argv[2], "wb")))
        die("cannot create the output file");
    fwrite("ptau", 1, 4, out);
    put32(1);
    put32(11);

    begin(1);
    uint8_t q[FP_BYTES];
    for (int i = 0; i < FP_BYTES; i++)
        q[i] = (uint8_t)(FP_MODULUS.l[i / 8] >> (8 * (i % 8)));
    put32(FP_BYTES);
    fwrite(q, 1, FP_BYTES, out);
    put32(power);
    put32(power);
    end();

    powers(s, &one, &tau, 2 * n - 1);
    begin(2);
    put_points(0, s, 2 * n - 1);
    end();
    begin(3);
    put_points(1, s, n);
    end();
    powers(s, &alpha, &tau, n);
    begin(4);
    put_points(0, s, n);
    end();
    powers(s, &beta, &tau, n);
    begin(5);
    put_points(0, s, n);
    end();
    begin(6);
    put_points(1, &beta, 1);
    end();
    begin(7);
    put32(0);
    end();

    lagrange_section(12, 0, &one, &tau, power + 1, s);
    lagrange_section(13, 1, &one, &tau, power, s);
    lagrange_section(14, 0, &alpha, &tau, power, s);
    lagrange_section(15, 0, &beta, &tau, power, s);
    free(s);
    if (fclose(out) != 0)
        die("write error");
    return 0;
}
