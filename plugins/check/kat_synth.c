/*
 * Synthesizer known-answer tests: random constraint systems (repeated coefficients, empty rows,
 * both matrices) and witnesses (mostly 0 and 1, like real circuits), all encoding combinations,
 * a, b, c compared byte for byte with the reference plugin; and the error paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct sys {
    g16k_constraints cs;
    g16k_coef *coefs;
    uint8_t *w;
} sys;

static int make_sys(sys *s, uint64_t n_vars, uint64_t domain, uint64_t n_coefs, uint32_t enc)
{
    memset(s, 0, sizeof(*s));
    s->coefs = calloc(n_coefs ? n_coefs : 1, sizeof(g16k_coef));
    s->w = calloc(n_vars, 32);
    if (!s->coefs || !s->w)
        return -1;
    for (uint64_t i = 0; i < n_coefs; i++) {
        g16k_coef *c = &s->coefs[i];
        if (i > 4 && rng_u64() % 5 == 0) { /* repeat an earlier (matrix, row, signal) */
            *c = s->coefs[rng_u64() % i];
        } else {
            c->matrix = (uint32_t)(rng_u64() % 2);
            c->row = (uint32_t)(rng_u64() % domain);
            c->signal = (uint32_t)(rng_u64() % n_vars);
        }
        memset(c->value, 0, sizeof(c->value));
        if (rng_u64() % 2)
            rng_fr((uint8_t *)c->value);
        else
            c->value[0] = rng_u64() % 3 + 1;
    }
    for (uint64_t i = 0; i < n_vars; i++) {
        uint64_t coin = rng_u64() % 4;
        if (coin == 3)
            rng_fr(s->w + 32 * i);
        else
            s->w[32 * i] = (uint8_t)(coin & 1);
    }
    s->w[0] = 1; /* signal 0 is the constant 1 */
    s->cs = (g16k_constraints){ .struct_size = sizeof(g16k_constraints),
                                .coef_encoding = enc,
                                .n_vars = n_vars,
                                .domain_size = domain,
                                .n_coefs = n_coefs,
                                .coefs = s->coefs };
    return 0;
}

static void free_sys(sys *s)
{
    free(s->coefs);
    free(s->w);
}

/* One system on both plugins with all encoding combinations; 0 or -1 with why. */
static int run(const chk_plugin *t, const chk_plugin *ref, const sys *s, char *why, size_t len)
{
    const g16k_synth_vtable *tv = t->desc->synth, *rv = ref->desc->synth;
    g16k_circuit *tc = NULL, *rc = NULL;
    uint64_t n = s->cs.domain_size;
    uint8_t *buf = calloc(6 * n, 32);
    int ret = -1;
    if (!buf) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    host_clear_error();
    if (rv->circuit_create(ref->ctx, &s->cs, &rc) != G16K_OK) {
        snprintf(why, len, "reference circuit_create: %s", host_last_error());
        goto out;
    }
    host_clear_error();
    if (tv->circuit_create(t->ctx, &s->cs, &tc) != G16K_OK) {
        snprintf(why, len, "circuit_create: %s", host_last_error());
        goto out;
    }
    for (uint32_t we = G16K_ENC_CANONICAL; we <= G16K_ENC_MONTGOMERY; we++)
        for (uint32_t oe = G16K_ENC_CANONICAL; oe <= G16K_ENC_MONTGOMERY; oe++) {
            uint8_t *want = buf, *got = buf + 3 * n * 32;
            host_clear_error();
            if (rv->synthesize(rc, s->w, s->cs.n_vars, we, want, want + n * 32, want + 2 * n * 32,
                               oe)) {
                snprintf(why, len, "reference synthesize: %s", host_last_error());
                goto out;
            }
            host_clear_error();
            int r =
                tv->synthesize(tc, s->w, s->cs.n_vars, we, got, got + n * 32, got + 2 * n * 32, oe);
            if (r != G16K_OK) {
                snprintf(why, len, "synthesize returned %d: %s", r, host_last_error());
                goto out;
            }
            long d = first_diff(want, got, 3 * n * 32);
            if (d >= 0) {
                snprintf(why, len,
                         "n_vars %llu domain %llu coefs %s witness %s out %s: %c[%ld] "
                         "differs from the reference",
                         (unsigned long long)s->cs.n_vars, (unsigned long long)n,
                         s->cs.coef_encoding == 1 ? "canon" : "mont", we == 1 ? "canon" : "mont",
                         oe == 1 ? "canon" : "mont", "abc"[d / 32 / n], (d / 32) % (long)n);
                goto out;
            }
        }
    ret = 0;
out:
    tv->circuit_destroy(tc);
    rv->circuit_destroy(rc);
    free(buf);
    return ret;
}

static void check_errors(const chk_plugin *t)
{
    const g16k_synth_vtable *v = t->desc->synth;
    sys s;
    g16k_circuit *c = NULL;
    uint8_t out[3 * 8 * 32];
    const char *what = NULL;
    int rc = 0;
    if (make_sys(&s, 4, 8, 6, G16K_ENC_CANONICAL) != 0) {
        free_sys(&s);
        return;
    }
    s.coefs[2].row = 8; /* row == domain_size */
    host_clear_error();
    if ((rc = v->circuit_create(t->ctx, &s.cs, &c)) != G16K_EINVAL || !host_last_error()[0])
        what = "circuit_create(row >= domain_size)";
    if (c && rc == G16K_OK)
        v->circuit_destroy(c);
    c = NULL;
    s.coefs[2].row = 1;
    s.coefs[3].signal = 4; /* signal == n_vars */
    host_clear_error();
    if (!what &&
        ((rc = v->circuit_create(t->ctx, &s.cs, &c)) != G16K_EINVAL || !host_last_error()[0]))
        what = "circuit_create(signal >= n_vars)";
    if (c && rc == G16K_OK)
        v->circuit_destroy(c);
    c = NULL;
    s.coefs[3].signal = 1;
    if (!what && (rc = v->circuit_create(t->ctx, &s.cs, &c)) != G16K_OK)
        what = "circuit_create(valid)";
    host_clear_error();
    if (!what && ((rc = v->synthesize(c, s.w, 4, 0, out, out + 256, out + 512, 1)) != G16K_EINVAL ||
                  !host_last_error()[0]))
        what = "synthesize(witness_enc 0)";
    host_clear_error();
    if (!what && ((rc = v->synthesize(c, s.w, 4, 1, out, out + 256, out + 512, 0)) != G16K_EINVAL ||
                  !host_last_error()[0]))
        what = "synthesize(out_enc 0)";
    v->circuit_destroy(c);
    v->circuit_destroy(NULL); /* must be a no-op */
    free_sys(&s);
    if (what)
        report_fail("synth.errors", "%s returned %d, expected the right status with a message",
                    what, rc);
    else
        report_pass("synth.errors (row, signal out of range; encoding 0)");
}

void kat_synth(const chk_plugin *t, const chk_plugin *ref)
{
    static const struct {
        uint64_t n_vars, domain, n_coefs;
        uint32_t enc;
    } cases[] = {
        { 1, 1, 2, G16K_ENC_CANONICAL },
        { 50, 64, 300, G16K_ENC_CANONICAL },
        { 50, 64, 300, G16K_ENC_MONTGOMERY },
        { 200, 256, 40, G16K_ENC_CANONICAL }, /* mostly empty rows */
    };
    if (!(ref->desc->caps & G16K_CAP_SYNTH)) {
        report_skip("synth", "the reference plugin has no synthesizer");
        return;
    }
    char why[512] = "";
    int bad = 0;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]) && !bad; i++) {
        sys s;
        bad = make_sys(&s, cases[i].n_vars, cases[i].domain, cases[i].n_coefs, cases[i].enc);
        if (bad)
            snprintf(why, sizeof why, "out of memory");
        else
            bad = run(t, ref, &s, why, sizeof why);
        free_sys(&s);
    }
    if (bad)
        report_fail("synth.kat", "%s", why);
    else
        report_pass("synth.kat (4 systems, all encoding combinations)");
    check_errors(t);
}
