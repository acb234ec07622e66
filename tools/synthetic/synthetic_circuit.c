/*
 * synthetic_circuit: a circom-format constraint system (.r1cs, version 1) and a witness that
 * satisfies it (.wtns, version 2) for BLS12-381 or BN254 (--curve bn128), of any number of
 * constraints up to 2^28, written
 * as one stream each with constant memory, so that the prover can be measured at sizes circom's
 * WebAssembly compiler does not reach (issue 33).
 *
 *   synthetic_circuit --constraints N --shape dense|bits --r1cs OUT.r1cs --wtns OUT.wtns
 *                     [--public P] [--seed S] [--curve bls12381|bn128]
 *
 * One source, built once per curve (synthetic_circuit_bn254.c includes it with
 * SYNTH_CURVE_BN254: BN254's Fr under BLS12-381's names, the entry renamed by SYNTH_SYM); main
 * is the BLS12-381 unit's.
 *
 * Wires are circom's order: w[0] = 1, P public inputs (no public outputs), then one internal
 * wire for each constraint, which the constraint defines from the wires before it:
 *   dense (like Poseidon: every value a full field element):
 *     constraint k: (w[k-1] + c_k * w[k-2]) * (w[k-1] + d_k * w[0]) = w[k]
 *     with c_k, d_k pseudo-random field elements; the first P constraints use public input k in
 *     place of w[k-2], so that every public input is bound.
 *   bits (like SHA-256: most values 0 or 1, few wide linear combinations), blocks of 33
 *   constraints (the last block may stop early):
 *     16 bits    y_i * (y_i - w[0]) = 0                    (y_i pseudo-random in {0, 1})
 *     16 xors    (2 y_i) * y_{i+1 mod 16} = y_i + y_{i+1 mod 16} - y_{16+i}
 *                (so y_{16+i} = y_i xor y_{i+1 mod 16})
 *     1 word     w[0] * (sum_i 2^i y_i + pub_b) = word     (the block's 32 bits packed, plus
 *                public input b mod P, which binds every public input)
 * The counts in the .r1cs header are exact (nWires = 1 + P + N, nLabels = nWires, the
 * wire-to-label map the identity), so `snarkjs r1cs info`, `snarkjs wtns check`, `g16k check`
 * and both setups accept the files. Values are deterministic in --seed (default 1).
 *
 * Output: each file is written to a temporary file beside it and renamed into place once
 * complete; on an error neither is left behind. --r1cs and --wtns naming one file (a link
 * included) are refused before any work. Exit 0, 2 for a usage error, 5 for an I/O error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/same_file.h"

#ifdef SYNTH_CURVE_BN254
#include "bn254/field.h"
#define fr_t bn254_fr_t
#define FR_LIMBS BN254_FR_LIMBS
#define FR_MODULUS BN254_FR_MODULUS
#define FR_ONE BN254_FR_ONE
#define fr_add bn254_fr_add
#define fr_mul bn254_fr_mul
#define fr_neg bn254_fr_neg
#define fr_is_zero bn254_fr_is_zero
#define fr_from_canon bn254_fr_from_canon
#define fr_to_canon bn254_fr_to_canon
#define SYNTH_TOP_MASK 0x1fffffffffffffffull /* values below 2^253 < r */
#define SYNTH_SYM(name) name##_bn254
#else
#include "bls12_381/field.h"
#define SYNTH_TOP_MASK 0x3fffffffffffffffull /* values below 2^254 < r */
#define SYNTH_SYM(name) name
#endif
/* Both files of a circuit on the unit's curve (the arguments as main checked them); 0, or 2, 5
 * or 7 as main's exit codes (message printed). */
int synth_run(int bits, uint32_t n_pub, uint64_t n, uint64_t seed, const char *r1cs_path,
              const char *wtns_path);
int synth_run_bn254(int bits, uint32_t n_pub, uint64_t n, uint64_t seed, const char *r1cs_path,
                    const char *wtns_path);

#define MAX_CONSTRAINTS (1ull << 28)
#define MAX_PUBLIC 1000000u
#define BLOCK 33 /* constraints of one block of the bits shape */

/* splitmix64 (Steele, Lea, Flood 2014): deterministic, fast, good enough for test values. */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A pseudo-random canonical field element below 2^254 (BLS12-381) or 2^253 (BN254), < r. */
static void rng_fr(uint64_t *s, fr_t *canon)
{
    for (int i = 0; i < FR_LIMBS; i++)
        canon->l[i] = rng_next(s);
    canon->l[FR_LIMBS - 1] &= SYNTH_TOP_MASK;
}

/* ---- output: a temporary file renamed into place on success ---- */

typedef struct out_file {
    const char *path;
    char tmp[4096];
    FILE *f;
} out_file;

static int out_open(out_file *o, const char *path)
{
    o->path = path;
    if (snprintf(o->tmp, sizeof o->tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof o->tmp) {
        fprintf(stderr, "synthetic_circuit: %s: path too long\n", path);
        return -1;
    }
    int fd = mkstemp(o->tmp);
    mode_t mask = umask(0); /* mkstemp makes 0600; the file gets what open(2) would give it */
    umask(mask);
    if (fd >= 0)
        fchmod(fd, 0666 & ~mask);
    if (fd < 0 || !(o->f = fdopen(fd, "w+b"))) {
        fprintf(stderr, "synthetic_circuit: %s: cannot create a temporary file beside it: %s\n",
                path, strerror(errno));
        if (fd >= 0)
            close(fd), unlink(o->tmp);
        return -1;
    }
    return 0;
}

static void out_discard(out_file *o)
{
    if (o->f) {
        fclose(o->f);
        unlink(o->tmp);
        o->f = NULL;
    }
}

static int out_commit(out_file *o)
{
    int bad = ferror(o->f) || fflush(o->f) != 0 || fsync(fileno(o->f)) != 0;
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    if (bad || rename(o->tmp, o->path) != 0) {
        fprintf(stderr, "synthetic_circuit: %s: write failed: %s\n", o->path, strerror(errno));
        unlink(o->tmp);
        return -1;
    }
    return 0;
}

static void put_u32(FILE *f, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    fwrite(b, 1, 4, f);
}

static void put_u64(FILE *f, uint64_t v)
{
    put_u32(f, (uint32_t)v);
    put_u32(f, (uint32_t)(v >> 32));
}

static void put_fr_canon(FILE *f, const fr_t *canon)
{
    for (int i = 0; i < FR_LIMBS; i++)
        put_u64(f, canon->l[i]);
}

/* A Montgomery value written canonically. */
static void put_fr_mont(FILE *f, const fr_t *mont)
{
    fr_t c;
    fr_to_canon(&c, mont);
    put_fr_canon(f, &c);
}

/* ---- the constraints ---- */

/* One term of a linear combination: wire and canonical coefficient. */
typedef struct term {
    uint32_t wire;
    fr_t coef;
} term;

#define MAX_TERMS 34

typedef struct lc {
    unsigned n;
    term t[MAX_TERMS];
} lc;

static void lc_add(lc *l, uint32_t wire, const fr_t *canon)
{
    l->t[l->n].wire = wire;
    l->t[l->n].coef = *canon;
    l->n++;
}

static void lc_add_u64(lc *l, uint32_t wire, uint64_t v)
{
    fr_t c = { { v, 0, 0, 0 } };
    lc_add(l, wire, &c);
}

/* r - v: the canonical encoding of -v for 0 < v < r. */
static void canon_neg_u64(fr_t *out, uint64_t v)
{
    fr_t a = { { v, 0, 0, 0 } }, m;
    fr_from_canon(&m, &a);
    fr_neg(&m, &m);
    fr_to_canon(out, &m);
}

static int term_cmp(const void *x, const void *y)
{
    uint32_t a = ((const term *)x)->wire, b = ((const term *)y)->wire;
    return (a > b) - (a < b);
}

/* Terms in wire order, as circom writes them. */
static void put_lc(FILE *f, lc *l)
{
    qsort(l->t, l->n, sizeof l->t[0], term_cmp);
    put_u32(f, l->n);
    for (unsigned i = 0; i < l->n; i++) {
        put_u32(f, l->t[i].wire);
        put_fr_canon(f, &l->t[i].coef);
    }
}

static uint64_t lc_bytes(const lc *l)
{
    return 4 + (uint64_t)l->n * (4 + 32);
}

/* The generator's state: the values of the last wires (a ring), the public inputs' values. */
typedef struct gen {
    int bits;
    uint32_t n_pub;
    uint64_t n;
    uint64_t seed;
    fr_t *pub;     /* n_pub Montgomery values */
    fr_t ring[64]; /* Montgomery values of wires k - 64 .. k - 1 (index wire % 64) */
} gen;

static uint32_t wire_of(const gen *g, uint64_t k)
{
    return (uint32_t)(1 + g->n_pub + k);
}

/* The value (Montgomery) of internal wire k' < k, k - k' <= 64. */
static const fr_t *val(const gen *g, uint64_t k)
{
    return &g->ring[k % 64];
}

/* Constraint k of the dense shape: its three combinations and the new wire's value. */
static void dense_constraint(gen *g, uint64_t k, lc *a, lc *b, lc *c, fr_t *value)
{
    fr_t ck, dk, mc, md, one = FR_ONE;
    rng_fr(&g->seed, &ck);
    rng_fr(&g->seed, &dk);
    fr_from_canon(&mc, &ck);
    fr_from_canon(&md, &dk);
    /* p1 = w[k-1] (or the one wire), p2 = w[k-2] (or a public input for k < P, or one) */
    uint32_t w1 = k >= 1 ? wire_of(g, k - 1) : 0;
    const fr_t *v1 = k >= 1 ? val(g, k - 1) : &one;
    uint32_t w2;
    const fr_t *v2;
    if (k < g->n_pub)
        w2 = 1 + (uint32_t)k, v2 = &g->pub[k];
    else if (k >= 2)
        w2 = wire_of(g, k - 2), v2 = val(g, k - 2);
    else
        w2 = 0, v2 = &one;
    a->n = b->n = c->n = 0;
    if (w1 == w2) { /* k = 0 without public inputs: one term (1 + c_k) * w[0] */
        fr_t s, sc;
        fr_add(&s, &one, &mc);
        fr_to_canon(&sc, &s);
        lc_add(a, w1, &sc);
    } else {
        lc_add_u64(a, w1, 1);
        lc_add(a, w2, &ck);
    }
    lc_add_u64(b, w1, 1);
    if (w1 == 0) { /* (1 + d_k) * w[0] */
        fr_t s, sc;
        fr_add(&s, &one, &md);
        fr_to_canon(&sc, &s);
        b->t[0].coef = sc;
    } else {
        lc_add(b, 0, &dk);
    }
    lc_add_u64(c, wire_of(g, k), 1);
    fr_t x, y;
    fr_mul(&x, &mc, v2);
    fr_add(&x, &x, v1);
    fr_add(&y, v1, &md);
    fr_mul(value, &x, &y);
}

/* Constraint k of the bits shape (see the top of the file): position j = k % 33 in its block. */
static void bits_constraint(gen *g, uint64_t k, lc *a, lc *b, lc *c, fr_t *value)
{
    uint64_t block = k / BLOCK, j = k % BLOCK;
    uint64_t base = block * BLOCK; /* the block's first internal wire index */
    fr_t one = FR_ONE, zero = { { 0, 0, 0, 0 } };
    a->n = b->n = c->n = 0;
    if (j < 16) { /* a pseudo-random bit: b * (b - 1) = 0 */
        uint32_t w = wire_of(g, k);
        fr_t m1;
        canon_neg_u64(&m1, 1);
        lc_add_u64(a, w, 1);
        lc_add_u64(b, w, 1);
        lc_add(b, 0, &m1);
        *value = (rng_next(&g->seed) & 1) ? one : zero;
    } else if (j < 32) { /* x = y xor z: (2 y) * z = y + z - x, y, z the block's bits */
        uint64_t i = j - 16;
        uint64_t ky = base + i, kz = base + (i + 1) % 16;
        fr_t m1;
        canon_neg_u64(&m1, 1);
        lc_add_u64(a, wire_of(g, ky), 2);
        lc_add_u64(b, wire_of(g, kz), 1);
        lc_add_u64(c, wire_of(g, ky), 1);
        lc_add_u64(c, wire_of(g, kz), 1);
        lc_add(c, wire_of(g, k), &m1);
        int by = !fr_is_zero(val(g, ky)), bz = !fr_is_zero(val(g, kz));
        *value = (by ^ bz) ? one : zero;
    } else { /* the word: 1 * (sum 2^i y_i + pub) = word, y the block's 32 bit wires */
        uint64_t acc = 0;
        lc_add_u64(a, 0, 1);
        for (unsigned i = 0; i < 32; i++) {
            lc_add_u64(b, wire_of(g, base + i), 1ull << i);
            if (!fr_is_zero(val(g, base + i)))
                acc |= 1ull << i;
        }
        fr_t w = { { acc, 0, 0, 0 } }, wm;
        fr_from_canon(&wm, &w);
        if (g->n_pub) {
            uint32_t p = (uint32_t)(block % g->n_pub);
            lc_add_u64(b, 1 + p, 1);
            fr_add(&wm, &wm, &g->pub[p]);
        }
        lc_add_u64(c, wire_of(g, k), 1);
        *value = wm;
    }
}

static void constraint(gen *g, uint64_t k, lc *a, lc *b, lc *c, fr_t *value)
{
    if (g->bits)
        bits_constraint(g, k, a, b, c, value);
    else
        dense_constraint(g, k, a, b, c, value);
    g->ring[k % 64] = *value;
}

/* Write both files; 0 or -1 (message printed). */
static int generate(gen *g, const char *r1cs_path, const char *wtns_path)
{
    out_file r = { 0 }, w = { 0 };
    uint64_t n_wires = 1 + (uint64_t)g->n_pub + g->n;
    lc a, b, c;
    fr_t v, one = FR_ONE;

    if (out_open(&r, r1cs_path) || out_open(&w, wtns_path)) {
        out_discard(&r);
        return -1;
    }
    /* Public inputs first: their values come from the seed before any constraint's. */
    for (uint32_t i = 0; i < g->n_pub; i++) {
        fr_t cv;
        rng_fr(&g->seed, &cv);
        fr_from_canon(&g->pub[i], &cv);
    }

    /* .r1cs: header, section 1 (header), section 2 (constraints), section 3 (wire -> label). */
    fwrite("r1cs", 1, 4, r.f);
    put_u32(r.f, 1);
    put_u32(r.f, 3);
    put_u32(r.f, 1);
    put_u64(r.f, 4 + 32 + 4 * 4 + 8 + 4);
    put_u32(r.f, 32);
    put_fr_canon(r.f, &FR_MODULUS);
    put_u32(r.f, (uint32_t)n_wires);
    put_u32(r.f, 0); /* public outputs */
    put_u32(r.f, g->n_pub);
    put_u32(r.f, 0); /* private inputs */
    put_u64(r.f, n_wires);
    put_u32(r.f, (uint32_t)g->n);
    put_u32(r.f, 2);
    long sec2_at = ftell(r.f); /* section 2's size, written once the constraints are */
    uint64_t sec2 = 0;
    put_u64(r.f, 0);

    /* .wtns: header and section 1, then the values as the constraints make them. */
    fwrite("wtns", 1, 4, w.f);
    put_u32(w.f, 2);
    put_u32(w.f, 2);
    put_u32(w.f, 1);
    put_u64(w.f, 4 + 32 + 4);
    put_u32(w.f, 32);
    put_fr_canon(w.f, &FR_MODULUS);
    put_u32(w.f, (uint32_t)n_wires);
    put_u32(w.f, 2);
    put_u64(w.f, n_wires * 32);
    put_fr_mont(w.f, &one);
    for (uint32_t i = 0; i < g->n_pub; i++)
        put_fr_mont(w.f, &g->pub[i]);

    for (uint64_t k = 0; k < g->n; k++) {
        constraint(g, k, &a, &b, &c, &v);
        put_lc(r.f, &a);
        put_lc(r.f, &b);
        put_lc(r.f, &c);
        sec2 += lc_bytes(&a) + lc_bytes(&b) + lc_bytes(&c);
        put_fr_mont(w.f, &v);
    }
    if (sec2_at < 0 || fseek(r.f, sec2_at, SEEK_SET) != 0) {
        fprintf(stderr, "synthetic_circuit: %s: cannot seek back: %s\n", r1cs_path,
                strerror(errno));
        out_discard(&r);
        out_discard(&w);
        return -1;
    }
    put_u64(r.f, sec2);
    fseek(r.f, 0, SEEK_END);
    put_u32(r.f, 3);
    put_u64(r.f, n_wires * 8);
    for (uint64_t i = 0; i < n_wires; i++)
        put_u64(r.f, i);
    if (out_commit(&r) != 0) {
        out_discard(&w);
        return -1;
    }
    if (out_commit(&w) != 0) {
        unlink(r1cs_path);
        return -1;
    }
    return 0;
}

int SYNTH_SYM(synth_run)(int bits, uint32_t n_pub, uint64_t n, uint64_t seed, const char *r1cs_path,
                         const char *wtns_path)
{
    gen g = { .bits = bits, .n_pub = n_pub, .n = n, .seed = seed };
    if (!(g.pub = calloc(n_pub ? n_pub : 1, sizeof *g.pub))) {
        fprintf(stderr, "synthetic_circuit: out of memory\n");
        return 7;
    }
    int rc = generate(&g, r1cs_path, wtns_path);
    free(g.pub);
    return rc ? 5 : 0;
}

#ifndef SYNTH_CURVE_BN254
static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "synthetic_circuit: %s\n", why);
    fprintf(stderr, "usage: synthetic_circuit --constraints N --shape dense|bits --r1cs OUT.r1cs "
                    "--wtns OUT.wtns [--public P] [--seed S] [--curve bls12381|bn128]\n"
                    "  N: 1 .. 2^28 constraints; P: public inputs (default 1); S: seed (default "
                    "1)\n");
    return 2;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    const char *n_s = NULL, *shape = NULL, *r1cs_path = NULL, *wtns_path = NULL, *pub_s = "1",
               *seed_s = "1", *curve_s = "bls12381";
    for (int i = 1; i < argc; i++) {
        const char **dst = !strcmp(argv[i], "--constraints") ? &n_s
                           : !strcmp(argv[i], "--shape")     ? &shape
                           : !strcmp(argv[i], "--r1cs")      ? &r1cs_path
                           : !strcmp(argv[i], "--wtns")      ? &wtns_path
                           : !strcmp(argv[i], "--public")    ? &pub_s
                           : !strcmp(argv[i], "--seed")      ? &seed_s
                           : !strcmp(argv[i], "--curve")     ? &curve_s
                                                             : NULL;
        if (!dst)
            return usage(!strcmp(argv[i], "--help") ? NULL : "unknown option");
        if (i + 1 >= argc)
            return usage("an option lacks its value");
        *dst = argv[++i];
    }
    uint64_t n, n_pub, seed;
    if (parse_u64(n_s, &n) || n < 1 || n > MAX_CONSTRAINTS)
        return usage("--constraints: expected 1 .. 2^28");
    if (parse_u64(pub_s, &n_pub) || n_pub > MAX_PUBLIC)
        return usage("--public: expected 0 .. 1000000");
    if (parse_u64(seed_s, &seed))
        return usage("--seed: expected an unsigned integer");
    int bn254 = !strcmp(curve_s, "bn128") || !strcmp(curve_s, "bn254");
    if (!bn254 && strcmp(curve_s, "bls12381"))
        return usage("--curve: bls12381 or bn128");
    if (!shape || (strcmp(shape, "dense") && strcmp(shape, "bits")))
        return usage("--shape: dense or bits");
    if (!r1cs_path || !wtns_path)
        return usage("--r1cs and --wtns are required");
    if (path_same_file(r1cs_path, wtns_path)) {
        fprintf(stderr, "synthetic_circuit: --r1cs %s and --wtns %s are the same file\n", r1cs_path,
                wtns_path);
        return 2;
    }
    return (bn254 ? synth_run_bn254 : synth_run)(!strcmp(shape, "bits"), (uint32_t)n_pub, n, seed,
                                                 r1cs_path, wtns_path);
}
#endif
