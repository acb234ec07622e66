/*
 * NTT known-answer tests: every direction (forward, inverse, and their coset forms) on every
 * size 2^0 .. 2^10, inputs random (both encodings), zero, all r - 1 and one-hot, compared byte
 * for byte with the reference plugin; forward-then-inverse round trips that need no reference;
 * compute_h (when provided) against the reference's; and the error paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_LOG 10

enum input { IN_RANDOM, IN_RANDOM_MONT, IN_ZERO, IN_RMINUS1, IN_ONEHOT, IN_COUNT };
static const char *const input_name[IN_COUNT] = { "random", "random-montgomery", "zero", "r-1",
                                                  "one-hot" };

static void fill(uint8_t *x, uint64_t n, enum input in)
{
    uint8_t rm1[32];
    fr_r_minus_1(rm1);
    memset(x, 0, n * 32);
    for (uint64_t i = 0; i < n; i++) {
        if (in == IN_RANDOM || in == IN_RANDOM_MONT)
            rng_fr(x + 32 * i);
        else if (in == IN_RMINUS1)
            memcpy(x + 32 * i, rm1, 32);
    }
    if (in == IN_ONEHOT)
        x[32 * (n / 3)] = 1;
}

/* All transforms of one size; 0 or -1 with why. */
static int check_size(const chk_plugin *t, const chk_plugin *ref, g16k_ntt_domain *td,
                      g16k_ntt_domain *rd, uint64_t n, uint8_t *want, uint8_t *got, char *why,
                      size_t len)
{
    for (int in = 0; in < IN_COUNT; in++)
        for (uint32_t dir = G16K_NTT_FORWARD; dir <= G16K_NTT_INVERSE_COSET; dir++) {
            uint32_t enc = in == IN_RANDOM_MONT ? G16K_ENC_MONTGOMERY : G16K_ENC_CANONICAL;
            fill(want, n, (enum input)in);
            memcpy(got, want, n * 32);
            host_clear_error();
            if (ref->desc->ntt->transform(rd, want, dir, enc) != G16K_OK) {
                snprintf(why, len, "reference transform dir %u failed: %s", dir, host_last_error());
                return -1;
            }
            host_clear_error();
            int rc = t->desc->ntt->transform(td, got, dir, enc);
            if (rc != G16K_OK) {
                snprintf(why, len, "transform dir %u (%s) returned %d: %s", dir, input_name[in], rc,
                         host_last_error());
                return -1;
            }
            long d = first_diff(want, got, n * 32);
            if (d >= 0) {
                snprintf(why, len, "dir %u, %s input: element %ld differs from the reference", dir,
                         input_name[in], d / 32);
                return -1;
            }
        }
    for (uint32_t dir = G16K_NTT_FORWARD; dir <= G16K_NTT_FORWARD_COSET; dir += 2) {
        fill(want, n, IN_RANDOM); /* round trip: inverse(forward(x)) = x */
        memcpy(got, want, n * 32);
        if (t->desc->ntt->transform(td, got, dir, G16K_ENC_CANONICAL) != G16K_OK ||
            t->desc->ntt->transform(td, got, dir + 1, G16K_ENC_CANONICAL) != G16K_OK ||
            first_diff(want, got, n * 32) >= 0) {
            snprintf(why, len, "round trip dir %u then %u does not give the input back", dir,
                     dir + 1);
            return -1;
        }
    }
    return 0;
}

/* compute_h of one size against the reference's, with h apart and then with h aliasing a (the
 * ABI allows it and the core passes it so: no fourth vector); 0 or -1 with why. */
static int check_h(const chk_plugin *t, const chk_plugin *ref, g16k_ntt_domain *td,
                   g16k_ntt_domain *rd, uint64_t n, char *why, size_t len)
{
    uint8_t *buf = malloc(n * 32 * 11);
    if (!buf) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    uint8_t *in = buf, *ra = in + 3 * n * 32, *rb = ra + n * 32, *rc = rb + n * 32;
    uint8_t *rh = rc + n * 32, *ta = rh + n * 32, *tb = ta + n * 32, *tc = tb + n * 32;
    uint8_t *th = tc + n * 32;
    int ret = 0;
    fill(in, n, IN_RANDOM);
    fill(in + n * 32, n, IN_RANDOM);
    fill(in + 2 * n * 32, n, IN_RANDOM);
    memcpy(ra, in, 3 * n * 32);
    host_clear_error();
    if (ref->desc->ntt->compute_h(rd, ra, rb, rc, G16K_ENC_CANONICAL, rh, G16K_ENC_CANONICAL)) {
        snprintf(why, len, "reference compute_h failed: %s", host_last_error());
        ret = -1;
    }
    for (int alias = 0; alias < 2 && ret == 0; alias++) {
        uint8_t *h = alias ? ta : th;
        memcpy(ta, in, 3 * n * 32);
        host_clear_error();
        if (t->desc->ntt->compute_h(td, ta, tb, tc, G16K_ENC_CANONICAL, h, G16K_ENC_CANONICAL)) {
            snprintf(why, len, "compute_h (n=%llu%s) failed: %s", (unsigned long long)n,
                     alias ? ", h = a" : "", host_last_error());
            ret = -1;
        } else if (first_diff(rh, h, n * 32) >= 0) {
            snprintf(why, len, "compute_h (n=%llu%s): h differs from the reference",
                     (unsigned long long)n, alias ? ", h aliasing a" : "");
            ret = -1;
        }
    }
    free(buf);
    return ret;
}

static void check_errors(const chk_plugin *t)
{
    const g16k_ntt_vtable *v = t->desc->ntt;
    g16k_ntt_domain *d = NULL, *big = NULL;
    uint8_t data[8 * 32] = { 0 };
    const char *what = NULL;
    int rc;
    if ((rc = v->domain_create(t->ctx, 3, &d)) != G16K_OK) {
        report_fail("ntt.errors", "domain_create(3) returned %d", rc);
        return;
    }
    struct {
        uint32_t dir, enc;
        const char *what;
    } bad[] = {
        { 0, G16K_ENC_CANONICAL, "transform(dir 0)" },
        { 5, G16K_ENC_CANONICAL, "transform(dir 5)" },
        { G16K_NTT_FORWARD, 0, "transform(enc 0)" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]) && !what; i++) {
        host_clear_error();
        rc = v->transform(d, data, bad[i].dir, bad[i].enc);
        if (rc != G16K_EINVAL || !host_last_error()[0])
            what = bad[i].what;
    }
    v->domain_destroy(d);
    v->domain_destroy(NULL); /* must be a no-op */
    if (what) {
        report_fail("ntt.errors", "%s returned %d, expected G16K_EINVAL with a message", what, rc);
        return;
    }
    host_clear_error();
    rc = v->domain_create(t->ctx, 32, &big);
    if (rc != G16K_EUNSUPPORTED) {
        report_fail("ntt.errors", "domain_create(32) returned %d, expected G16K_EUNSUPPORTED", rc);
        if (rc == G16K_OK)
            v->domain_destroy(big);
        return;
    }
    report_pass("ntt.errors (dir 0 and 5, encoding 0, log_n 32)");
}

void kat_ntt(const chk_plugin *t, const chk_plugin *ref)
{
    if (!(ref->desc->caps & G16K_CAP_NTT)) {
        report_skip("ntt", "the reference plugin has no NTT");
        return;
    }
    uint8_t *want = malloc(32u << MAX_LOG), *got = malloc(32u << MAX_LOG);
    char why[512], name[64];
    int h_bad = 0, h_run = t->desc->ntt->compute_h != NULL;
    char h_why[512] = "";
    for (uint32_t log_n = 0; log_n <= MAX_LOG && want && got; log_n++) {
        g16k_ntt_domain *td = NULL, *rd = NULL;
        uint64_t n = 1ull << log_n;
        snprintf(name, sizeof name, "ntt.transform.n%llu", (unsigned long long)n);
        host_clear_error();
        if (ref->desc->ntt->domain_create(ref->ctx, log_n, &rd) != G16K_OK) {
            report_fail(name, "reference domain_create: %s", host_last_error());
            continue;
        }
        host_clear_error();
        int rc = t->desc->ntt->domain_create(t->ctx, log_n, &td);
        if (rc != G16K_OK)
            report_fail(name, "domain_create(%u) returned %d: %s", log_n, rc, host_last_error());
        else if (check_size(t, ref, td, rd, n, want, got, why, sizeof why) != 0)
            report_fail(name, "%s", why);
        else
            report_pass("%s (4 directions, random/zero/r-1/one-hot, both encodings)", name);
        if (td && h_run && !h_bad && ref->desc->ntt->compute_h)
            h_bad = check_h(t, ref, td, rd, n, h_why, sizeof h_why);
        if (td)
            t->desc->ntt->domain_destroy(td);
        ref->desc->ntt->domain_destroy(rd);
    }
    free(want);
    free(got);
    if (h_run && !ref->desc->ntt->compute_h)
        report_skip("ntt.compute_h", "the reference plugin has no compute_h");
    else if (h_run && h_bad)
        report_fail("ntt.compute_h", "%s", h_why);
    else if (h_run)
        report_pass("ntt.compute_h (n = 1 .. 1024, h apart and h aliasing a)");
    check_errors(t);
}
