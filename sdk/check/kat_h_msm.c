/*
 * compute_h_msm known-answer tests (plugin ABI 1.1): the tested plugin's fused H chain and H MSM
 * against the reference plugin's compute_h followed by its msm, byte for byte (affine results
 * are unique).
 *
 * Bases: NB multiples k_i G of the standard G1 generator (k_i random, made by the reference MSM
 * with one scalar each), repeated cyclically up to 1024 points, with (0,0) infinities at every
 * 37th place, so buckets see repeats (P + P). Inputs: random a, b, c for n = 1 .. 1024; a, b, c
 * all zero (h = 0, the result is infinity); constant a = 2, b = 3, c = 0 (h = 6 everywhere: one
 * bucket holds every point, the skewed-chunk path); windows auto, 1, 5, 7, 13 and 16, and no params;
 * both input and both result encodings. Errors: G2 bases and a handle shorter than n must give G16K_EINVAL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define NB 48 /* distinct multiples of G */
#define MAX_LOG 10

static const char *const g1_gen_hex[2] = {
    "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905"
    "a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
    "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af6"
    "00db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
};

enum input { IN_RANDOM, IN_ZERO, IN_CONST };

typedef struct hctx {
    const chk_plugin *t, *ref;
    g16k_msm_bases *tb, *rb; /* 1 << MAX_LOG canonical G1 bases each */
} hctx;

/* 1 << MAX_LOG canonical G1 points into pts; 0 or -1 (why set). */
static int make_bases(const chk_plugin *ref, uint8_t *pts, char *why, size_t len)
{
    uint8_t gen[96], k[32], mult[NB][96];
    g16k_msm_bases *g = NULL;
    const g16k_msm_vtable *v = ref->desc->msm;
    hex_to_le(gen, 48, g1_gen_hex[0]);
    hex_to_le(gen + 48, 48, g1_gen_hex[1]);
    if (v->bases_create(ref->ctx, G16K_G1, gen, 1, G16K_ENC_CANONICAL, &g) != G16K_OK) {
        snprintf(why, len, "reference bases_create: %s", host_last_error());
        return -1;
    }
    int ret = 0;
    for (int i = 0; i < NB && !ret; i++) {
        rng_fr(k);
        if (v->msm(g, k, 1, G16K_ENC_CANONICAL, NULL, mult[i], G16K_ENC_CANONICAL) != G16K_OK) {
            snprintf(why, len, "reference msm: %s", host_last_error());
            ret = -1;
        }
    }
    v->bases_destroy(g);
    for (uint32_t i = 0; i < (1u << MAX_LOG) && !ret; i++) {
        if (i % 37 == 36)
            memset(pts + 96 * i, 0, 96);
        else
            memcpy(pts + 96 * i, mult[i % NB], 96);
    }
    return ret;
}

static void fill(uint8_t *x, uint64_t n, enum input in, uint8_t value)
{
    memset(x, 0, n * 32);
    for (uint64_t i = 0; i < n; i++) {
        if (in == IN_RANDOM)
            rng_fr(x + 32 * i);
        else if (in == IN_CONST)
            x[32 * i] = value;
    }
}

#define NO_PARAMS UINT32_MAX /* window value of run_case: params = NULL */

/* One case (inputs in enc, window or NO_PARAMS); 0 or -1 with why. */
static int run_case(const hctx *h, g16k_ntt_domain *td, g16k_ntt_domain *rd, uint64_t n,
                    enum input in, uint32_t window, uint32_t renc, uint32_t enc, char *why,
                    size_t len)
{
    uint8_t *buf = malloc(n * 32 * 7);
    if (!buf) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    uint8_t *ra = buf, *rb = ra + n * 32, *rc = rb + n * 32, *rh = rc + n * 32;
    uint8_t *ta = rh + n * 32, *tb = ta + n * 32, *tc = tb + n * 32;
    uint8_t want[96], got[96];
    g16k_msm_params pv = { .struct_size = sizeof pv,
                           .msm_id = G16K_MSM_H,
                           .window = window == NO_PARAMS ? 0 : window,
                           .threads = 0 };
    const g16k_msm_params *params = window == NO_PARAMS ? NULL : &pv;
    fill(ra, n, in, 2);
    fill(rb, n, in, 3);
    fill(rc, n, in == IN_CONST ? IN_ZERO : in, 0);
    memcpy(ta, ra, 3 * n * 32);
    memset(got, 0xa5, sizeof got);
    int ret = -1;
    host_clear_error();
    if (h->ref->desc->ntt->compute_h(rd, ra, rb, rc, enc, rh, G16K_ENC_CANONICAL) != G16K_OK ||
        h->ref->desc->msm->msm(h->rb, rh, n, G16K_ENC_CANONICAL, params, want, renc) != G16K_OK)
        snprintf(why, len, "reference compute_h + msm failed: %s", host_last_error());
    else if (h->t->desc->ntt->compute_h_msm(td, ta, tb, tc, enc, h->tb, params, got, renc) !=
             G16K_OK)
        snprintf(why, len, "n=%llu window %u input encoding %u: failed: %s", (unsigned long long)n,
                 window, enc, host_last_error());
    else if (first_diff(want, got, sizeof want) >= 0)
        snprintf(why, len,
                 "n=%llu window %u input encoding %u result encoding %u: the point "
                 "differs from the reference's compute_h + msm",
                 (unsigned long long)n, window, enc, renc);
    else
        ret = 0;
    free(buf);
    return ret;
}

/* The error cases on a domain of n = 8: G2 bases, and bases shorter than n. */
static int check_errors(const hctx *h, g16k_ntt_domain *td, const uint8_t *pts, char *why,
                        size_t len)
{
    const g16k_msm_vtable *v = h->t->desc->msm;
    uint8_t x[3][8 * 32], out[96];
    g16k_msm_bases *shortb = NULL;
    int ret = 0;
    memset(x, 0, sizeof x);
    if (v->bases_create(h->t->ctx, G16K_G1, pts, 7, G16K_ENC_CANONICAL, &shortb) != G16K_OK) {
        snprintf(why, len, "bases_create(7 points): %s", host_last_error());
        return -1;
    }
    host_clear_error();
    int rc = h->t->desc->ntt->compute_h_msm(td, x[0], x[1], x[2], G16K_ENC_CANONICAL, shortb, NULL,
                                            out, G16K_ENC_CANONICAL);
    if (rc != G16K_EINVAL || !host_last_error()[0]) {
        snprintf(why, len, "7 bases for n = 8 returned %d, expected G16K_EINVAL with a message",
                 rc);
        ret = -1;
    }
    v->bases_destroy(shortb);
    if (ret || !(h->t->desc->caps & G16K_CAP_MSM_G2))
        return ret;
    uint8_t g2[8 * 192];
    g16k_msm_bases *g2b = NULL;
    memset(g2, 0, sizeof g2); /* infinities */
    if (v->bases_create(h->t->ctx, G16K_G2, g2, 8, G16K_ENC_CANONICAL, &g2b) != G16K_OK) {
        snprintf(why, len, "bases_create(G2): %s", host_last_error());
        return -1;
    }
    host_clear_error();
    rc = h->t->desc->ntt->compute_h_msm(td, x[0], x[1], x[2], G16K_ENC_CANONICAL, g2b, NULL, out,
                                        G16K_ENC_CANONICAL);
    if (rc != G16K_EINVAL || !host_last_error()[0]) {
        snprintf(why, len, "G2 bases returned %d, expected G16K_EINVAL with a message", rc);
        ret = -1;
    }
    v->bases_destroy(g2b);
    return ret;
}

void kat_h_msm(const chk_plugin *t, const chk_plugin *ref)
{
    const g16k_ntt_vtable *v = t->desc->ntt;
    if (!v)
        return;
    if (v->struct_size < offsetof(g16k_ntt_vtable, compute_h_msm) + sizeof(v->compute_h_msm) ||
        !v->compute_h_msm) {
        /* optional: a comment line, not a SKIP (which would change the exit status) */
        size_t need = offsetof(g16k_ntt_vtable, compute_h_msm) + sizeof(v->compute_h_msm);
        if (v->struct_size < need)
            printf("# ntt.compute_h_msm: not provided (optional, ABI 1.1): the ntt vtable's "
                   "struct_size %u ends before it (%zu needed)\n",
                   v->struct_size, need);
        else
            printf("# ntt.compute_h_msm: not provided (optional, ABI 1.1): the entry is NULL\n");
        return;
    }
    if (!(t->desc->caps & G16K_CAP_MSM_G1)) {
        report_fail("ntt.compute_h_msm", "provided, but the plugin has no G1 MSM for its bases");
        return;
    }
    if (!(ref->desc->caps & G16K_CAP_NTT) || !(ref->desc->caps & G16K_CAP_MSM_G1) ||
        !ref->desc->ntt->compute_h) {
        report_skip("ntt.compute_h_msm", "the reference plugin lacks compute_h or a G1 MSM");
        return;
    }
    char why[512] = "";
    uint8_t *pts = malloc((size_t)96 << MAX_LOG);
    hctx h = { .t = t, .ref = ref };
    int bad = !pts || make_bases(ref, pts, why, sizeof why);
    if (!bad && (ref->desc->msm->bases_create(ref->ctx, G16K_G1, pts, 1u << MAX_LOG,
                                              G16K_ENC_CANONICAL, &h.rb) != G16K_OK ||
                 t->desc->msm->bases_create(t->ctx, G16K_G1, pts, 1u << MAX_LOG, G16K_ENC_CANONICAL,
                                            &h.tb) != G16K_OK)) {
        snprintf(why, sizeof why, "bases_create: %s", host_last_error());
        bad = 1;
    }
    for (uint32_t log_n = 0; log_n <= MAX_LOG && !bad; log_n++) {
        uint64_t n = 1ull << log_n;
        g16k_ntt_domain *td = NULL, *rd = NULL;
        if (ref->desc->ntt->domain_create(ref->ctx, log_n, &rd) != G16K_OK ||
            v->domain_create(t->ctx, log_n, &td) != G16K_OK) {
            snprintf(why, sizeof why, "domain_create(%u): %s", log_n, host_last_error());
            bad = 1;
        }
        const uint32_t C = G16K_ENC_CANONICAL, M = G16K_ENC_MONTGOMERY;
        bad = bad || run_case(&h, td, rd, n, IN_RANDOM, 0, C, C, why, sizeof why);
        bad = bad || run_case(&h, td, rd, n, IN_RANDOM, NO_PARAMS, M, M, why, sizeof why);
        if (log_n == 3 && !bad)
            bad = check_errors(&h, td, pts, why, sizeof why);
        if (log_n == 6) /* 16 windows x 2^15 buckets: scan blocks > 256 */
            bad = bad || run_case(&h, td, rd, n, IN_RANDOM, 16, C, C, why, sizeof why);
        if (log_n == 8) {
            static const uint32_t windows[] = { 1, 5, 13 };
            for (size_t i = 0; i < 3 && !bad; i++)
                bad = run_case(&h, td, rd, n, IN_RANDOM, windows[i], M, C, why, sizeof why);
        }
        if (log_n == MAX_LOG) {
            bad = bad || run_case(&h, td, rd, n, IN_ZERO, 0, C, C, why, sizeof why);
            bad = bad || run_case(&h, td, rd, n, IN_CONST, 0, C, C, why, sizeof why);
            bad = bad || run_case(&h, td, rd, n, IN_CONST, 7, M, C, why, sizeof why);
        }
        if (td)
            v->domain_destroy(td);
        if (rd)
            ref->desc->ntt->domain_destroy(rd);
    }
    if (h.tb)
        t->desc->msm->bases_destroy(h.tb);
    if (h.rb)
        ref->desc->msm->bases_destroy(h.rb);
    free(pts);
    if (bad)
        report_fail("ntt.compute_h_msm", "%s", why);
    else
        report_pass("ntt.compute_h_msm (n = 1 .. 1024 random, both encodings; zero and constant "
                    "h; windows auto, 1, 5, 7, 13, 16, no params; bad bases rejected)");
}
