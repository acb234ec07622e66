/*
 * MSM known-answer tests: the plugin under test against the reference plugin on the same bases
 * and scalars, compared byte for byte (affine results are unique).
 *
 * Bases come from no fixture: K multiples k_i G of the standard generator (RFC 9380 / the
 * BLS12-381 spec values below), computed by the reference MSM with one-hot scalars, in canonical
 * and Montgomery form. The base array (N = 67, not a power of two) repeats them, holds (0,0)
 * infinities and a point next to its negation. Scalar patterns: random, all zero, all r - 1,
 * all one, one-hot, witness-like (mostly 0 and 1), all equal (P + P in a bucket); n = 1, 37,
 * 64, 67; both encodings; several windows and thread counts; concurrent calls on one handle;
 * scalars not below r refused (check_scalars_not_below_r); the same on lent points through
 * bases_borrow (ABI 1.3) and bases_borrow_unaligned (ABI 1.7) when the plugin has them, which
 * must leave them unchanged (check_borrow).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "abi.h"

#define K 24 /* distinct multiples of G */
#define N 67 /* bases per handle */

/* Generators, canonical big-endian hex: G1 x, y; G2 x.c0, x.c1, y.c0, y.c1. */
static const char *const g1_gen[2] = {
    "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905"
    "a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
    "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af6"
    "00db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
};
static const char *const g2_gen[4] = {
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02"
    "b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
    "13e02b6052719f607dacd3a088274f65596bd0d09920b61a"
    "b5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
    "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a7"
    "6d429a695160d12c923ac9cc3baca289e193548608b82801",
    "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af"
    "267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
};

/* BN254's (snarkjs's bn128, EIP-197): G1 (1, 2); G2 x.c0, x.c1, y.c0, y.c1. */
static const char *const bn_g1_gen[2] = { "1", "2" };
static const char *const bn_g2_gen[4] = {
    "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
    "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
    "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
    "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
};

typedef struct env {
    const chk_plugin *t, *ref;
    uint32_t group;
    size_t psz;              /* BLS12-381 96 or 192, BN254 64 or 128 */
    size_t fsz;              /* bytes of an Fp coordinate: 48 or 32 */
    char name[16];           /* "msm.g1" */
    uint8_t pts[2][N * 192]; /* [0] canonical, [1] Montgomery */
    g16k_msm_bases *rb;      /* reference, canonical bases */
    g16k_msm_bases *tb[2];   /* tested, canonical / Montgomery bases */
} env;

static int ref_msm(const env *e, g16k_msm_bases *b, const uint8_t *sc, uint64_t n, uint32_t senc,
                   uint8_t *out, uint32_t renc)
{
    return e->ref->desc->msm->msm(b, sc, n, senc, NULL, out, renc);
}

/* Fill e->pts with the base array; 0 or -1 (reported). */
static int make_points(env *e)
{
    uint8_t gen[192], sc[32], mult[K][2][192], neg[2][192];
    const g16k_msm_vtable *rv = e->ref->desc->msm;
    g16k_msm_bases *g = NULL, *p0 = NULL;
    char what[64];
    int bn = e->ref->desc->curve == G16K_CURVE_BN254;
    const char *const *hex =
        e->group == G16K_G1 ? (bn ? bn_g1_gen : g1_gen) : (bn ? bn_g2_gen : g2_gen);
    for (size_t i = 0; i < e->psz / e->fsz; i++)
        hex_to_le(gen + e->fsz * i, e->fsz, hex[i]);
    snprintf(what, sizeof what, "%s.reference", e->name);
    host_clear_error();
    if (rv->bases_create(e->ref->ctx, e->group, gen, 1, G16K_ENC_CANONICAL, &g) != G16K_OK) {
        report_fail(what, "reference bases_create(generator): %s", host_last_error());
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < K && rc == 0; i++) {
        rng_fr(sc);
        rc |= ref_msm(e, g, sc, 1, G16K_ENC_CANONICAL, mult[i][0], G16K_ENC_CANONICAL);
        rc |= ref_msm(e, g, sc, 1, G16K_ENC_CANONICAL, mult[i][1], G16K_ENC_MONTGOMERY);
    }
    fr_r_minus_1(sc); /* -P_0 = (r - 1) P_0 */
    if (rc == 0 && (rc = rv->bases_create(e->ref->ctx, e->group, mult[0][0], 1, G16K_ENC_CANONICAL,
                                          &p0)) == G16K_OK) {
        rc |= ref_msm(e, p0, sc, 1, G16K_ENC_CANONICAL, neg[0], G16K_ENC_CANONICAL);
        rc |= ref_msm(e, p0, sc, 1, G16K_ENC_CANONICAL, neg[1], G16K_ENC_MONTGOMERY);
        rv->bases_destroy(p0);
    }
    rv->bases_destroy(g);
    if (rc != 0) {
        report_fail(what, "reference msm failed: %s", host_last_error());
        return -1;
    }
    for (int enc = 0; enc < 2; enc++)
        for (int i = 0; i < N; i++) {
            uint8_t *dst = e->pts[enc] + i * e->psz;
            if (i == 5 || i == 30 || i == N - 1)
                memset(dst, 0, e->psz); /* (0,0): infinity */
            else if (i == 40)
                memcpy(dst, neg[enc], e->psz);
            else
                memcpy(dst, mult[i % K][enc], e->psz);
        }
    return 0;
}

enum pattern { P_RANDOM, P_ZERO, P_RMINUS1, P_ONE, P_ONEHOT, P_WITNESS, P_EQUAL, P_COUNT };
static const char *const pattern_name[P_COUNT] = {
    "random",  "zero_scalars", "scalar_r_minus_1", "scalar_one",
    "one_hot", "witness_like", "equal_scalars",
};

/* Scalars of a pattern, canonical bytes (also valid Montgomery bytes: any value < r). */
static void make_scalars(uint8_t *sc, enum pattern p)
{
    uint8_t same[32], rm1[32];
    rng_fr(same);
    fr_r_minus_1(rm1);
    memset(sc, 0, N * 32);
    for (int i = 0; i < N; i++) {
        uint8_t *s = sc + 32 * i;
        uint64_t coin = rng_u64() % 10;
        switch (p) {
        case P_RANDOM: rng_fr(s); break;
        case P_ZERO: break;
        case P_RMINUS1: memcpy(s, rm1, 32); break;
        case P_ONE: s[0] = 1; break;
        case P_ONEHOT: s[0] = (i == 17); break;
        case P_WITNESS:
            if (coin >= 7) {
                if (coin == 9)
                    rng_fr(s);
                else
                    s[0] = 1;
            }
            break;
        case P_EQUAL: memcpy(s, same, 32); break;
        default: break;
        }
    }
}

/* Run one case on the tested plugin's handle tb (of e->pts[benc]) and the reference; 0 if
 * equal, else -1 with why. */
static int run_on(const env *e, g16k_msm_bases *tb, int benc, const uint8_t *sc, uint64_t n,
                  uint32_t senc, uint32_t renc, const g16k_msm_params *prm, char *why,
                  size_t why_len)
{
    uint8_t want[192], got[192];
    host_clear_error();
    if (ref_msm(e, e->rb, sc, n, senc, want, renc) != G16K_OK) {
        snprintf(why, why_len, "reference msm failed (n=%llu): %s", (unsigned long long)n,
                 host_last_error());
        return -1;
    }
    host_clear_error();
    int rc = e->t->desc->msm->msm(tb, sc, n, senc, prm, got, renc);
    if (rc != G16K_OK) {
        snprintf(why, why_len, "msm returned %d (n=%llu): %s", rc, (unsigned long long)n,
                 host_last_error());
        return -1;
    }
    long d = first_diff(want, got, e->psz);
    if (d >= 0) {
        snprintf(why, why_len,
                 "n=%llu bases %s scalars %s result %s window %u: result differs "
                 "from the reference at byte %ld",
                 (unsigned long long)n, benc ? "mont" : "canon",
                 senc == G16K_ENC_MONTGOMERY ? "mont" : "canon",
                 renc == G16K_ENC_MONTGOMERY ? "mont" : "canon", prm ? prm->window : 0, d);
        return -1;
    }
    return 0;
}

/* run_on with the bases_create handle of e->pts[benc]. */
static int run_case(const env *e, int benc, const uint8_t *sc, uint64_t n, uint32_t senc,
                    uint32_t renc, const g16k_msm_params *prm, char *why, size_t why_len)
{
    return run_on(e, e->tb[benc], benc, sc, n, senc, renc, prm, why, why_len);
}

static void check_patterns(const env *e)
{
    static const uint64_t sizes[] = { 1, 37, 64, N };
    uint8_t sc[N * 32];
    char why[512], name[64];
    for (int p = 0; p < P_COUNT; p++) {
        make_scalars(sc, (enum pattern)p);
        int bad = 0;
        for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]) && !bad; k++)
            bad = run_case(e, 0, sc, sizes[k], G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, NULL, why,
                           sizeof why);
        snprintf(name, sizeof name, "%s.kat.%s", e->name, pattern_name[p]);
        if (bad)
            report_fail(name, "%s", why);
        else
            report_pass("%s (n = 1, 37, 64, 67)", name);
    }
}

static void check_encodings_and_params(const env *e)
{
    static const struct {
        int benc;
        uint32_t senc, renc;
    } encs[] = {
        { 1, G16K_ENC_MONTGOMERY, G16K_ENC_MONTGOMERY },
        { 0, G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY },
        { 1, G16K_ENC_MONTGOMERY, G16K_ENC_CANONICAL },
        { 1, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL },
    };
    const g16k_msm_params prm[] = {
        { sizeof(g16k_msm_params), G16K_MSM_GENERIC, 1, 1 },
        { sizeof(g16k_msm_params), G16K_MSM_A, 4, 2 },
        { sizeof(g16k_msm_params), G16K_MSM_B_G2, 7, 0 },
        { sizeof(g16k_msm_params), G16K_MSM_H, 16, 3 },
    };
    uint8_t sc[N * 32];
    char why[512], name[64];
    int bad = 0;
    make_scalars(sc, P_RANDOM);
    for (size_t i = 0; i < sizeof(encs) / sizeof(encs[0]) && !bad; i++)
        bad = run_case(e, encs[i].benc, sc, N, encs[i].senc, encs[i].renc, NULL, why, sizeof why);
    snprintf(name, sizeof name, "%s.kat.encodings", e->name);
    if (bad)
        report_fail(name, "%s", why);
    else
        report_pass("%s", name);
    bad = 0;
    for (size_t i = 0; i < sizeof(prm) / sizeof(prm[0]) && !bad; i++) {
        make_scalars(sc, i % 2 ? P_WITNESS : P_RANDOM);
        bad = run_case(e, 0, sc, N - (uint64_t)i, G16K_ENC_CANONICAL, G16K_ENC_CANONICAL, &prm[i],
                       why, sizeof why);
    }
    snprintf(name, sizeof name, "%s.kat.windows", e->name);
    if (bad)
        report_fail(name, "%s", why);
    else
        report_pass("%s (window 1, 4, 7, 16; threads 1, 2, 0, 3)", name);
}

typedef struct job {
    const env *e;
    g16k_msm_bases *tb;
    uint8_t sc[N * 32];
    uint8_t want[192], got[192];
    int rc;
} job;

static void *job_run(void *arg)
{
    job *j = arg;
    j->rc = j->e->t->desc->msm->msm(j->tb, j->sc, N, G16K_ENC_CANONICAL, NULL, j->got,
                                    G16K_ENC_CANONICAL);
    return NULL;
}

/* T threads at once on the handle tb (of the points e->pts[benc]); 0 if every result equals
 * the reference, -1 otherwise. */
static int concurrent_on(const env *e, g16k_msm_bases *tb)
{
    enum { T = 4 };
    job *jobs = calloc(T, sizeof(job));
    pthread_t th[T];
    int started[T] = { 0 }, bad = 0;
    if (!jobs)
        return -1;
    for (int i = 0; i < T; i++) {
        jobs[i].e = e;
        jobs[i].tb = tb;
        make_scalars(jobs[i].sc, P_RANDOM);
        if (ref_msm(e, e->rb, jobs[i].sc, N, G16K_ENC_CANONICAL, jobs[i].want, G16K_ENC_CANONICAL))
            bad = 1;
    }
    for (int i = 0; i < T && !bad; i++)
        started[i] = pthread_create(&th[i], NULL, job_run, &jobs[i]) == 0;
    for (int i = 0; i < T; i++)
        if (started[i])
            pthread_join(th[i], NULL);
    for (int i = 0; i < T && !bad; i++)
        bad = !started[i] || jobs[i].rc != G16K_OK ||
              first_diff(jobs[i].want, jobs[i].got, e->psz) >= 0;
    free(jobs);
    return bad ? -1 : 0;
}

static void check_concurrent(const env *e)
{
    char name[64];
    snprintf(name, sizeof name, "%s.concurrent_calls", e->name);
    if (concurrent_on(e, e->tb[0]) != 0)
        report_fail(name, "4 threads on one bases handle: a result differs or a call failed");
    else
        report_pass("%s (4 threads, one bases handle)", name);
}

/* Expect rc == want and a host->set_error message. */
static int expect(int rc, int want, const char *what, char *why, size_t len)
{
    if (rc != want) {
        snprintf(why, len, "%s returned %d, expected %d", what, rc, want);
        return -1;
    }
    if (!host_last_error()[0]) {
        snprintf(why, len, "%s returned %d without host->set_error", what, rc);
        return -1;
    }
    return 0;
}

static void check_errors(const env *e)
{
    const g16k_msm_vtable *v = e->t->desc->msm;
    g16k_msm_bases *b = NULL;
    uint8_t sc[(N + 1) * 32] = { 0 }, out[192];
    char why[256] = "", name[64];
    int bad;
    host_clear_error();
    bad = expect(v->bases_create(e->t->ctx, e->group, e->pts[0], N, 0, &b), G16K_EINVAL,
                 "bases_create(point_enc 0)", why, sizeof why);
    if (b && bad == 0)
        v->bases_destroy(b);
    host_clear_error();
    if (!bad)
        bad = expect(v->msm(e->tb[0], sc, N, 0, NULL, out, G16K_ENC_CANONICAL), G16K_EINVAL,
                     "msm(scalar_enc 0)", why, sizeof why);
    host_clear_error();
    if (!bad)
        bad = expect(v->msm(e->tb[0], sc, N, G16K_ENC_CANONICAL, NULL, out, 0), G16K_EINVAL,
                     "msm(result_enc 0)", why, sizeof why);
    host_clear_error();
    if (!bad)
        bad = expect(v->msm(e->tb[0], sc, N + 1, G16K_ENC_CANONICAL, NULL, out, G16K_ENC_CANONICAL),
                     G16K_EINVAL, "msm(n > bases)", why, sizeof why);
    v->bases_destroy(NULL); /* must be a no-op */
    snprintf(name, sizeof name, "%s.errors", e->name);
    if (bad)
        report_fail(name, "%s", why);
    else
        report_pass("%s (encoding 0, n > bases)", name);
}

/* plugin.h: a scalar not below r (as stored, in either encoding) is refused with G16K_EINVAL
 * and a message naming its index as "scalar[i]"; never reduced, never a wrong point. Checks
 * 2^256 - 1, r and r + 1, alone (n = 1) and at index 33 of 67 random scalars, at the auto
 * window and windows 8 and 16 (which divide 256: a dropped top carry shows there). */
static void check_scalars_not_below_r(const env *e)
{
    enum { BAD_AT = 33 };
    const g16k_msm_vtable *v = e->t->desc->msm;
    const g16k_msm_params w8 = { sizeof(g16k_msm_params), G16K_MSM_GENERIC, 8, 0 };
    const g16k_msm_params w16 = { sizeof(g16k_msm_params), G16K_MSM_GENERIC, 16, 0 };
    const g16k_msm_params *prm[] = { NULL, &w8, &w16 };
    static const char *const bad_name[] = { "2^256-1", "r", "r+1" };
    uint8_t bad[3][32], sc[N * 32], out[192];
    char why[512] = "", name[64], want[32];
    memset(bad[0], 0xff, 32);
    fr_r_plus(bad[1], 0);
    fr_r_plus(bad[2], 1);
    make_scalars(sc, P_RANDOM);
    int fails = 0;
    for (int b = 0; b < 3 && !fails; b++)
        for (int enc = 0; enc < 2 && !fails; enc++)
            for (size_t p = 0; p < sizeof prm / sizeof prm[0] && !fails; p++)
                for (int at_mid = 0; at_mid < 2 && !fails; at_mid++) {
                    uint32_t senc = enc ? G16K_ENC_MONTGOMERY : G16K_ENC_CANONICAL;
                    uint64_t n = at_mid ? N : 1, at = at_mid ? BAD_AT : 0;
                    uint8_t keep[32];
                    memcpy(keep, sc + 32 * at, 32);
                    memcpy(sc + 32 * at, bad[b], 32);
                    host_clear_error();
                    int rc = v->msm(e->tb[enc], sc, n, senc, prm[p], out, G16K_ENC_CANONICAL);
                    memcpy(sc + 32 * at, keep, 32);
                    snprintf(want, sizeof want, "scalar[%llu]", (unsigned long long)at);
                    if (rc != G16K_EINVAL || !strstr(host_last_error(), want)) {
                        snprintf(why, sizeof why,
                                 "scalar %s at index %llu of %llu (%s, window "
                                 "%u): returned %d, expected %d (G16K_EINVAL) with a message "
                                 "naming %s; message: \"%s\"",
                                 bad_name[b], (unsigned long long)at, (unsigned long long)n,
                                 enc ? "Montgomery" : "canonical", prm[p] ? prm[p]->window : 0, rc,
                                 G16K_EINVAL, want, host_last_error());
                        fails = 1;
                    }
                }
    snprintf(name, sizeof name, "%s.scalar_not_below_r", e->name);
    if (fails)
        report_fail(name, "%s", why);
    else
        report_pass("%s (2^256-1, r, r+1; n = 1 and in the middle of 67; both encodings; "
                    "window auto, 8, 16)",
                    name);
}

/* The two entries that borrow points: bases_borrow (ABI 1.3; the contract promises 8-byte
 * alignment, so its lent arrays start 8 bytes past a 64-byte boundary) and
 * bases_borrow_unaligned (ABI 1.7; any address, so 5 bytes past one: neither 4- nor 8-byte
 * aligned, harder than the 4 bytes off that a snarkjs key has). */
typedef struct borrow_entry {
    const char *name, *abi;
    size_t offset; /* of the lent arrays past a 64-byte boundary */
} borrow_entry;

static g16k_msm_bases_borrow_fn *borrow_fn(const g16k_msm_vtable *v, int unaligned,
                                           const char **why)
{
    int covers = unaligned ? ABI_COVERS(v, g16k_msm_vtable, bases_borrow_unaligned)
                           : ABI_COVERS(v, g16k_msm_vtable, bases_borrow);
    g16k_msm_bases_borrow_fn *f =
        covers ? (unaligned ? v->bases_borrow_unaligned : v->bases_borrow) : NULL;
    *why = covers ? "the entry is NULL" : "the msm vtable ends before it";
    return f;
}

/* A borrowing entry (borrow_entry; unaligned picks it), when the plugin has one (silent
 * otherwise), on lent copies of both point arrays: every result equals the reference, as the
 * bases_create handles' do (every scalar pattern at n = 1, 37, 64, 67; windows 1, 4, 7, 16
 * with thread counts; all encodings), also from 4 threads at once on one handle; the lent
 * points are unchanged after the calls and after bases_destroy (compared with the originals);
 * encoding 0 is refused. */
static void check_borrow(const env *e, int unaligned)
{
    static const borrow_entry entries[2] = { { "bases_borrow", "1.3", 8 },
                                             { "bases_borrow_unaligned", "1.7", 5 } };
    const borrow_entry *be = &entries[unaligned];
    static const uint64_t sizes[] = { 1, 37, 64, N };
    static const uint32_t senc[2] = { G16K_ENC_CANONICAL, G16K_ENC_MONTGOMERY };
    const g16k_msm_vtable *v = e->t->desc->msm;
    const g16k_msm_params prm[] = {
        { sizeof(g16k_msm_params), G16K_MSM_GENERIC, 1, 1 },
        { sizeof(g16k_msm_params), G16K_MSM_A, 4, 2 },
        { sizeof(g16k_msm_params), G16K_MSM_B_G2, 7, 0 },
        { sizeof(g16k_msm_params), G16K_MSM_H, 16, 3 },
    };
    uint8_t *mem[2] = { NULL, NULL }, *lent[2] = { NULL, NULL }, sc[N * 32];
    g16k_msm_bases *bb[2] = { NULL, NULL };
    char name[96], why[512] = "";
    int bad = 0;
    const char *absent = "";
    g16k_msm_bases_borrow_fn *borrow = borrow_fn(v, unaligned, &absent);
    if (!borrow) {
        /* optional: a comment line, not a SKIP (which would change the exit status) */
        printf("# %s.%s: not provided (optional, ABI %s): %s\n", e->name, be->name, be->abi,
               absent);
        return;
    }
    snprintf(name, sizeof name, "%s.%s", e->name, be->name);
    for (int enc = 0; enc < 2 && !bad; enc++) {
        if (!(mem[enc] = aligned_alloc(64, N * 192 + 64))) {
            report_fail(name, "out of memory");
            bad = 1;
            break;
        }
        lent[enc] = mem[enc] + be->offset;
        memcpy(lent[enc], e->pts[enc], N * e->psz);
        host_clear_error();
        int rc = borrow(e->t->ctx, e->group, lent[enc], N, senc[enc], &bb[enc]);
        if (rc != G16K_OK || !bb[enc]) {
            report_fail(name, "%s points: returned %d: %s", enc ? "Montgomery" : "canonical", rc,
                        host_last_error());
            bad = 1;
        }
    }
    if (bad)
        goto out;
    report_pass("%s (67 points, canonical and Montgomery, %zu bytes past a 64-byte boundary)", name,
                be->offset);

    for (int p = 0; p < P_COUNT && !bad; p++) {
        make_scalars(sc, (enum pattern)p);
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0] && !bad; k++)
            for (int b = 0; b < 2 && !bad; b++)
                for (int s = 0; s < 2 && !bad; s++)
                    bad = run_on(e, bb[b], b, sc, sizes[k], senc[s], senc[1 - s], NULL, why,
                                 sizeof why);
    }
    for (size_t i = 0; i < sizeof prm / sizeof prm[0] && !bad; i++) {
        make_scalars(sc, i % 2 ? P_WITNESS : P_RANDOM);
        for (int b = 0; b < 2 && !bad; b++)
            bad = run_on(e, bb[b], b, sc, N - (uint64_t)i, G16K_ENC_CANONICAL, senc[b], &prm[i],
                         why, sizeof why);
    }
    snprintf(name, sizeof name, "%s.%s.kat", e->name, be->name);
    if (bad)
        report_fail(name, "borrowed bases: %s", why);
    else
        report_pass("%s (every pattern, n = 1, 37, 64, 67, window auto, 1, 4, 7, 16, all "
                    "encodings)",
                    name);

    snprintf(name, sizeof name, "%s.%s.concurrent_calls", e->name, be->name);
    if (concurrent_on(e, bb[0]) != 0 || concurrent_on(e, bb[1]) != 0)
        report_fail(name, "4 threads on one borrowed handle: a result differs or a call failed");
    else
        report_pass("%s (4 threads, one borrowed handle, each encoding)", name);

    snprintf(name, sizeof name, "%s.%s.points_unchanged", e->name, be->name);
    long d0 = first_diff(lent[0], e->pts[0], N * e->psz);
    long d1 = first_diff(lent[1], e->pts[1], N * e->psz);
    for (int enc = 0; enc < 2; enc++) {
        v->bases_destroy(bb[enc]);
        bb[enc] = NULL;
    }
    long d2 = first_diff(lent[0], e->pts[0], N * e->psz);
    long d3 = first_diff(lent[1], e->pts[1], N * e->psz);
    if (d0 >= 0 || d1 >= 0)
        report_fail(name, "the %s points were written while the handle lived (byte %ld)",
                    d0 >= 0 ? "canonical" : "Montgomery", d0 >= 0 ? d0 : d1);
    else if (d2 >= 0 || d3 >= 0)
        report_fail(name, "the %s points were written by bases_destroy (byte %ld)",
                    d2 >= 0 ? "canonical" : "Montgomery", d2 >= 0 ? d2 : d3);
    else
        report_pass("%s (after every msm and after bases_destroy)", name);

    snprintf(name, sizeof name, "%s.%s.errors", e->name, be->name);
    g16k_msm_bases *b0 = NULL;
    host_clear_error();
    char call[64];
    snprintf(call, sizeof call, "%s(point_enc 0)", be->name);
    if (expect(borrow(e->t->ctx, e->group, lent[0], N, 0, &b0), G16K_EINVAL, call, why,
               sizeof why) != 0) {
        if (b0)
            v->bases_destroy(b0);
        report_fail(name, "%s", why);
    } else {
        report_pass("%s (encoding 0)", name);
    }
out:
    for (int enc = 0; enc < 2; enc++) {
        if (bb[enc])
            v->bases_destroy(bb[enc]);
        free(mem[enc]);
    }
}

void kat_msm(const chk_plugin *t, const chk_plugin *ref, uint32_t group)
{
    const uint32_t cap = group == G16K_G1 ? G16K_CAP_MSM_G1 : G16K_CAP_MSM_G2;
    env *e = calloc(1, sizeof(env));
    char name[64];
    if (!e)
        return;
    e->t = t;
    e->ref = ref;
    e->group = group;
    e->fsz = t->desc->curve == G16K_CURVE_BN254 ? 32 : 48;
    e->psz = (group == G16K_G1 ? 2 : 4) * e->fsz;
    snprintf(e->name, sizeof e->name, "msm.g%u", group);
    if (!(t->desc->caps & cap)) { /* the other group must be refused */
        uint8_t pt[192] = { 0 };
        g16k_msm_bases *b = NULL;
        int rc = t->desc->msm->bases_create(t->ctx, group, pt, 1, G16K_ENC_CANONICAL, &b);
        snprintf(name, sizeof name, "%s.unsupported", e->name);
        if (rc == G16K_EUNSUPPORTED)
            report_pass("%s", name);
        else
            report_fail(name, "bases_create for a group not in caps returned %d, expected %d", rc,
                        G16K_EUNSUPPORTED);
        if (rc == G16K_OK)
            t->desc->msm->bases_destroy(b);
        const g16k_msm_vtable *v = t->desc->msm;
        for (int u = 0; u < 2; u++) {
            const char *absent;
            g16k_msm_bases_borrow_fn *borrow = borrow_fn(v, u, &absent);
            if (!borrow)
                continue;
            b = NULL;
            rc = borrow(t->ctx, group, pt, 1, G16K_ENC_MONTGOMERY, &b);
            snprintf(name, sizeof name, "%s.unsupported_borrow%s", e->name, u ? "_unaligned" : "");
            if (rc == G16K_EUNSUPPORTED)
                report_pass("%s", name);
            else
                report_fail(name, "%s for a group not in caps returned %d, expected %d",
                            u ? "bases_borrow_unaligned" : "bases_borrow", rc, G16K_EUNSUPPORTED);
            if (rc == G16K_OK)
                v->bases_destroy(b);
        }
        free(e);
        return;
    }
    if (!(ref->desc->caps & cap)) {
        report_skip(e->name, "the reference plugin has no %s", e->name);
        free(e);
        return;
    }
    if (make_points(e) != 0) {
        free(e);
        return;
    }
    snprintf(name, sizeof name, "%s.bases_create", e->name);
    host_clear_error();
    if (ref->desc->msm->bases_create(ref->ctx, group, e->pts[0], N, G16K_ENC_CANONICAL, &e->rb)) {
        report_fail(name, "reference bases_create: %s", host_last_error());
        goto out;
    }
    for (int enc = 0; enc < 2; enc++) {
        host_clear_error();
        int rc =
            t->desc->msm->bases_create(t->ctx, group, e->pts[enc], N,
                                       enc ? G16K_ENC_MONTGOMERY : G16K_ENC_CANONICAL, &e->tb[enc]);
        if (rc != G16K_OK || !e->tb[enc]) {
            report_fail(name, "%s points: returned %d: %s", enc ? "Montgomery" : "canonical", rc,
                        host_last_error());
            goto out;
        }
    }
    report_pass("%s (67 points, canonical and Montgomery)", name);
    check_patterns(e);
    check_encodings_and_params(e);
    check_concurrent(e);
    check_errors(e);
    check_scalars_not_below_r(e);
    check_borrow(e, 0);
    check_borrow(e, 1);
out:
    for (int enc = 0; enc < 2; enc++)
        if (e->tb[enc])
            t->desc->msm->bases_destroy(e->tb[enc]);
    if (e->rb)
        ref->desc->msm->bases_destroy(e->rb);
    free(e);
}
