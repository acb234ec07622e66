/*
 * Synthesizer known-answer tests: random constraint systems (repeated coefficients, empty rows,
 * both matrices) and witnesses (mostly 0 and 1, like real circuits), all encoding combinations,
 * a, b, c compared byte for byte with the reference plugin; and the error paths. circuit_borrow
 * (ABI 1.4) when the plugin has it: the same systems as given and sorted by row (snarkjs's
 * order, which a plugin may keep in place), the lent coefficients unchanged, 4 threads on one
 * borrowed circuit, and its errors (check_borrow). circuit_borrow_records (ABI 1.7) the same way
 * on the systems written as a key file's 44-byte records, 4 bytes past an 8-byte boundary
 * (check_borrow_records).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "abi.h"

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

/* Sort s's coefficients by row, stably (each row's entries keep their order): snarkjs's order. */
static void sort_by_row(sys *s)
{
    uint64_t n = s->cs.n_coefs;
    for (uint64_t i = 1; i < n; i++) /* insertion sort: the systems are small */
        for (uint64_t j = i; j > 0 && s->coefs[j].row < s->coefs[j - 1].row; j--) {
            g16k_coef t = s->coefs[j];
            s->coefs[j] = s->coefs[j - 1];
            s->coefs[j - 1] = t;
        }
}

/* s's coefficients as a key file's section 4 records (G16K_COEF_RECORD_BYTES each, matrix,
 * row, signal, value, little-endian) at *at, 4 bytes past an 8-byte boundary as every other
 * section of a snarkjs key lies; *mem is what to free. 0, or -1 when memory runs out. */
static int make_records(const sys *s, uint8_t **mem, uint8_t **at)
{
    uint64_t n = s->cs.n_coefs;
    *mem = aligned_alloc(8, ((n * G16K_COEF_RECORD_BYTES + 4) / 8 + 1) * 8);
    if (!*mem)
        return -1;
    *at = *mem + 4;
    for (uint64_t i = 0; i < n; i++) {
        uint8_t *r = *at + i * G16K_COEF_RECORD_BYTES;
        const g16k_coef *c = &s->coefs[i];
        const uint32_t f[3] = { c->matrix, c->row, c->signal };
        for (int k = 0; k < 3; k++)
            for (int b = 0; b < 4; b++)
                r[4 * k + b] = (uint8_t)(f[k] >> (8 * b));
        for (int l = 0; l < 4; l++)
            for (int b = 0; b < 8; b++)
                r[12 + 8 * l + b] = (uint8_t)(c->value[l] >> (8 * b));
    }
    return 0;
}

/* The target's circuit for s: circuit_create, circuit_borrow (mode 1) or, on records (mode 2,
 * records made by make_records), circuit_borrow_records with cs->coefs NULL. */
static int target_circuit(const chk_plugin *t, const sys *s, int mode, const uint8_t *records,
                          g16k_circuit **out)
{
    const g16k_synth_vtable *tv = t->desc->synth;
    if (mode == 2) {
        g16k_constraints cs = s->cs;
        cs.coefs = NULL;
        return tv->circuit_borrow_records(t->ctx, &cs, records, out);
    }
    return (mode ? tv->circuit_borrow : tv->circuit_create)(t->ctx, &s->cs, out);
}

static const char *const mode_name[3] = { "circuit_create", "circuit_borrow",
                                          "circuit_borrow_records" };

/* One system on both plugins with all encoding combinations, the witness also 4 bytes off an
 * 8-byte boundary for the target (a plugin may read an aligned Montgomery witness in place and
 * copy the rest: both must agree), the target's circuit made by target_circuit in mode
 * (records: mode 2's); 0 or -1 with why. */
static int run(const chk_plugin *t, const chk_plugin *ref, const sys *s, int mode,
               const uint8_t *records, char *why, size_t len)
{
    const g16k_synth_vtable *tv = t->desc->synth, *rv = ref->desc->synth;
    g16k_circuit *tc = NULL, *rc = NULL;
    uint64_t n = s->cs.domain_size;
    uint8_t *buf = calloc(6 * n, 32);
    uint8_t *shifted = malloc(s->cs.n_vars * 32 + 8);
    int ret = -1;
    if (shifted)
        memcpy(shifted + 4, s->w, s->cs.n_vars * 32);
    if (!buf || !shifted) {
        snprintf(why, len, "out of memory");
        free(buf);
        free(shifted);
        return -1;
    }
    host_clear_error();
    if (rv->circuit_create(ref->ctx, &s->cs, &rc) != G16K_OK) {
        snprintf(why, len, "reference circuit_create: %s", host_last_error());
        goto out;
    }
    host_clear_error();
    if (target_circuit(t, s, mode, records, &tc) != G16K_OK) {
        snprintf(why, len, "%s: %s", mode_name[mode], host_last_error());
        goto out;
    }
    for (uint32_t k = 0; k < 6; k++) {
        uint32_t we = G16K_ENC_CANONICAL + k % 2, oe = G16K_ENC_CANONICAL + k / 2 % 2;
        const uint8_t *w = k < 4 ? s->w : shifted + 4;
        uint8_t *want = buf, *got = buf + 3 * n * 32;
        host_clear_error();
        if (rv->synthesize(rc, s->w, s->cs.n_vars, we, want, want + n * 32, want + 2 * n * 32,
                           oe)) {
            snprintf(why, len, "reference synthesize: %s", host_last_error());
            goto out;
        }
        host_clear_error();
        int r = tv->synthesize(tc, w, s->cs.n_vars, we, got, got + n * 32, got + 2 * n * 32, oe);
        if (r != G16K_OK) {
            snprintf(why, len, "synthesize returned %d: %s", r, host_last_error());
            goto out;
        }
        long d = first_diff(want, got, 3 * n * 32);
        if (d >= 0) {
            snprintf(why, len,
                     "n_vars %llu domain %llu coefs %s witness %s%s out %s: %c[%ld] "
                     "differs from the reference",
                     (unsigned long long)s->cs.n_vars, (unsigned long long)n,
                     s->cs.coef_encoding == 1 ? "canon" : "mont", we == 1 ? "canon" : "mont",
                     k < 4 ? "" : " (4 bytes off)", oe == 1 ? "canon" : "mont", "abc"[d / 32 / n],
                     (d / 32) % (long)n);
            goto out;
        }
    }
    ret = 0;
out:
    free(shifted);
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
    /* A witness value of r, in either encoding (read in place or copied): refused. */
    uint64_t r[4];
    fr_r_minus_1((uint8_t *)r);
    r[0] += 1; /* r is odd: no carry */
    memcpy(s.w + 2 * 32, r, 32);
    for (uint32_t we = G16K_ENC_CANONICAL; we <= G16K_ENC_MONTGOMERY && !what; we++) {
        host_clear_error();
        if ((rc = v->synthesize(c, s.w, 4, we, out, out + 256, out + 512, 1)) != G16K_EINVAL ||
            !host_last_error()[0])
            what = we == G16K_ENC_CANONICAL ? "synthesize(canonical witness[2] = r)"
                                            : "synthesize(Montgomery witness[2] = r)";
    }
    v->circuit_destroy(c);
    v->circuit_destroy(NULL); /* must be a no-op */
    free_sys(&s);
    if (what)
        report_fail("synth.errors", "%s returned %d, expected the right status with a message",
                    what, rc);
    else
        report_pass("synth.errors (row, signal out of range; encoding 0; a witness value of r)");
}

/* Concurrent synthesize() calls on one borrowed circuit: each thread's a, b, c against want. */
typedef struct job {
    const g16k_synth_vtable *v;
    g16k_circuit *c;
    const sys *s;
    const uint8_t *want;
    int ok;
} job;

static void *job_run(void *arg)
{
    job *j = arg;
    uint64_t n = j->s->cs.domain_size;
    uint8_t *got = malloc(3 * n * 32);
    j->ok = got != NULL;
    for (int rep = 0; rep < 4 && j->ok; rep++)
        j->ok = j->v->synthesize(j->c, j->s->w, j->s->cs.n_vars, G16K_ENC_CANONICAL, got,
                                 got + n * 32, got + 2 * n * 32, G16K_ENC_MONTGOMERY) == G16K_OK &&
                first_diff(j->want, got, 3 * n * 32) < 0;
    free(got);
    return NULL;
}

/* 1 when 4 threads synthesize on a circuit borrowed from s (mode 1, or 2 on records) and all
 * get the reference's a, b, c. */
static int concurrent_ok(const chk_plugin *t, const chk_plugin *ref, const sys *s, int mode,
                         const uint8_t *records)
{
    enum { T = 4 };
    const g16k_synth_vtable *tv = t->desc->synth, *rv = ref->desc->synth;
    uint64_t n = s->cs.domain_size;
    uint8_t *want = malloc(3 * n * 32);
    g16k_circuit *tc = NULL, *rc = NULL;
    int ok = want && rv->circuit_create(ref->ctx, &s->cs, &rc) == G16K_OK &&
             rv->synthesize(rc, s->w, s->cs.n_vars, G16K_ENC_CANONICAL, want, want + n * 32,
                            want + 2 * n * 32, G16K_ENC_MONTGOMERY) == G16K_OK &&
             target_circuit(t, s, mode, records, &tc) == G16K_OK;
    pthread_t th[T];
    job jobs[T];
    int started[T] = { 0 };
    for (int i = 0; i < T && ok; i++) {
        jobs[i] = (job){ tv, tc, s, want, 0 };
        started[i] = pthread_create(&th[i], NULL, job_run, &jobs[i]) == 0;
        ok = started[i];
    }
    for (int i = 0; i < T; i++)
        if (started[i]) {
            pthread_join(th[i], NULL);
            ok &= jobs[i].ok;
        }
    tv->circuit_destroy(tc);
    rv->circuit_destroy(rc);
    free(want);
    return ok;
}

/* The lending entries' known-answer part, mode 1 circuit_borrow (ABI 1.4) or 2
 * circuit_borrow_records (ABI 1.7) on the systems written as records (make_records): 1 when the
 * plugin has the entry (0, with a comment line, when not: optional, so never a SKIP that would
 * change the exit status). Every system of cases, as made and sorted by row, against the
 * reference (all encodings); the lent coefficients compared with a copy after the calls and
 * after circuit_destroy; 4 threads on one circuit. */
static int check_lent_kat(const chk_plugin *t, const chk_plugin *ref, int mode)
{
    static const struct {
        uint64_t n_vars, domain, n_coefs;
        uint32_t enc;
    } cases[] = {
        { 1, 1, 2, G16K_ENC_MONTGOMERY },         { 50, 64, 300, G16K_ENC_CANONICAL },
        { 50, 64, 300, G16K_ENC_MONTGOMERY },     { 200, 256, 40, G16K_ENC_MONTGOMERY },
        { 300, 1024, 5000, G16K_ENC_MONTGOMERY },
    };
    const g16k_synth_vtable *v = t->desc->synth;
    int covers = mode == 1 ? ABI_COVERS(v, g16k_synth_vtable, circuit_borrow)
                           : ABI_COVERS(v, g16k_synth_vtable, circuit_borrow_records);
    if (!covers || !(mode == 1 ? (void *)v->circuit_borrow : (void *)v->circuit_borrow_records)) {
        printf("# synth.%s: not provided (optional, ABI %s): %s\n", mode_name[mode],
               mode == 1 ? "1.4" : "1.7",
               covers ? "the entry is NULL" : "the synth vtable ends before it");
        return 0;
    }
    char why[512] = "";
    int bad = 0, changed = 0, concurrent = 1;
    for (size_t i = 0; i < 2 * (sizeof(cases) / sizeof(cases[0])) && !bad; i++) {
        size_t c = i / 2;
        sys s;
        uint8_t *mem = NULL, *rec = NULL, *copy = NULL;
        bad = make_sys(&s, cases[c].n_vars, cases[c].domain, cases[c].n_coefs, cases[c].enc);
        if (!bad && i % 2)
            sort_by_row(&s);
        if (!bad && mode == 2 && make_records(&s, &mem, &rec) != 0)
            bad = -1;
        /* what is lent: the g16k_coef list or the records */
        uint8_t *lent = mode == 2 ? rec : (uint8_t *)s.coefs;
        size_t bytes = cases[c].n_coefs * (mode == 2 ? G16K_COEF_RECORD_BYTES : sizeof(g16k_coef));
        if (!bad && !(copy = malloc(bytes ? bytes : 1)))
            bad = -1;
        if (bad) {
            snprintf(why, sizeof why, "out of memory");
        } else {
            memcpy(copy, lent, bytes);
            bad = run(t, ref, &s, mode, rec, why, sizeof why); /* destroys its circuit */
            changed |= memcmp(copy, lent, bytes) != 0;
            if (mode == 2) /* the reference reads s.coefs: a broken plugin's writes stay out */
                memcpy(lent, copy, bytes);
            if (!bad && cases[c].n_coefs >= 5000)
                concurrent &= concurrent_ok(t, ref, &s, mode, rec);
            changed |= memcmp(copy, lent, bytes) != 0;
        }
        free(copy);
        free(mem);
        free_sys(&s);
    }
    const char *name = mode_name[mode], *lent_what = mode == 2 ? "records" : "coefs";
    char check[96];
    snprintf(check, sizeof check, "synth.%s.kat", name);
    if (bad)
        report_fail(check, "%s", why);
    else
        report_pass("%s (5 systems as made and sorted by row%s, all encoding combinations, the "
                    "witness also 4 bytes off)",
                    check, mode == 2 ? ", as 44-byte records 4 bytes off an 8-byte boundary" : "");
    snprintf(check, sizeof check, "synth.%s.%s_unchanged", name, lent_what);
    if (changed)
        report_fail(check, "the lent %s were written while the circuit lived",
                    mode == 2 ? "records" : "coefficients");
    else
        report_pass("%s (after synthesize and circuit_destroy)", check);
    snprintf(check, sizeof check, "synth.%s.concurrent_calls", name);
    if (!concurrent)
        report_fail(check, "4 threads on one borrowed circuit: a result differs or a call failed");
    else
        report_pass("%s (4 threads, one borrowed circuit)", check);
    return 1;
}

/* circuit_borrow (ABI 1.4), when the plugin has one (silent otherwise): check_lent_kat, then
 * the errors of circuit_create (row, signal out of range, encoding 0, NULL). */
static void check_borrow(const chk_plugin *t, const chk_plugin *ref)
{
    const g16k_synth_vtable *v = t->desc->synth;
    if (!check_lent_kat(t, ref, 1))
        return;
    sys s;
    g16k_circuit *c = NULL;
    const char *what = NULL;
    int rc = 0;
    if (make_sys(&s, 4, 8, 6, G16K_ENC_MONTGOMERY) == 0) {
        sort_by_row(&s);
        s.coefs[5].row = 8; /* row == domain_size, last: after every in-range entry */
        host_clear_error();
        if ((rc = v->circuit_borrow(t->ctx, &s.cs, &c)) != G16K_EINVAL || !host_last_error()[0])
            what = "circuit_borrow(row >= domain_size)";
        s.coefs[5].row = 7;
        s.coefs[0].signal = 4; /* signal == n_vars */
        host_clear_error();
        if (!what &&
            ((rc = v->circuit_borrow(t->ctx, &s.cs, &c)) != G16K_EINVAL || !host_last_error()[0]))
            what = "circuit_borrow(signal >= n_vars)";
        s.coefs[0].signal = 0;
        s.cs.coef_encoding = 0;
        host_clear_error();
        if (!what &&
            ((rc = v->circuit_borrow(t->ctx, &s.cs, &c)) != G16K_EINVAL || !host_last_error()[0]))
            what = "circuit_borrow(coef_encoding 0)";
        host_clear_error();
        if (!what &&
            ((rc = v->circuit_borrow(t->ctx, NULL, &c)) != G16K_EINVAL || !host_last_error()[0]))
            what = "circuit_borrow(NULL)";
        if (c && rc == G16K_OK)
            v->circuit_destroy(c);
    }
    free_sys(&s);
    if (what)
        report_fail("synth.circuit_borrow.errors",
                    "%s returned %d, expected G16K_EINVAL with a message", what, rc);
    else
        report_pass("synth.circuit_borrow.errors (row, signal out of range; encoding 0; NULL)");
}

/* circuit_borrow_records (ABI 1.7), when the plugin has one (silent otherwise): check_lent_kat
 * on records, then the errors (row, signal out of range, encoding 0, NULL records). */
static void check_borrow_records(const chk_plugin *t, const chk_plugin *ref)
{
    const g16k_synth_vtable *v = t->desc->synth;
    if (!check_lent_kat(t, ref, 2))
        return;
    sys s;
    g16k_circuit *c = NULL;
    const char *what = NULL;
    int rc = 0;
    uint8_t *mem = NULL, *rec = NULL;
    if (make_sys(&s, 4, 8, 6, G16K_ENC_MONTGOMERY) == 0) {
        sort_by_row(&s);
        static const struct {
            int field; /* 0: row of the last entry = domain_size; 1: signal of entry 0 = n_vars;
                          2: encoding 0; 3: NULL records */
            const char *what;
        } bads[] = { { 0, "circuit_borrow_records(row >= domain_size)" },
                     { 1, "circuit_borrow_records(signal >= n_vars)" },
                     { 2, "circuit_borrow_records(coef_encoding 0)" },
                     { 3, "circuit_borrow_records(NULL records)" } };
        for (size_t b = 0; b < sizeof bads / sizeof bads[0] && !what; b++) {
            sys e = s;
            g16k_coef saved[6];
            memcpy(saved, s.coefs, sizeof saved);
            if (bads[b].field == 0)
                s.coefs[5].row = 8;
            if (bads[b].field == 1)
                s.coefs[0].signal = 4;
            if (bads[b].field == 2)
                e.cs.coef_encoding = 0;
            if (make_records(&s, &mem, &rec) != 0)
                break;
            host_clear_error();
            rc = target_circuit(t, &e, 2, bads[b].field == 3 ? NULL : rec, &c);
            if (rc != G16K_EINVAL || !host_last_error()[0])
                what = bads[b].what;
            if (c && rc == G16K_OK)
                v->circuit_destroy(c);
            c = NULL;
            free(mem);
            mem = NULL;
            memcpy(s.coefs, saved, sizeof saved);
        }
    }
    free(mem);
    free_sys(&s);
    if (what)
        report_fail("synth.circuit_borrow_records.errors",
                    "%s returned %d, expected G16K_EINVAL with a message", what, rc);
    else
        report_pass("synth.circuit_borrow_records.errors (row, signal out of range; encoding 0; "
                    "NULL records)");
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
            bad = run(t, ref, &s, 0, NULL, why, sizeof why);
        free_sys(&s);
    }
    if (bad)
        report_fail("synth.kat", "%s", why);
    else
        report_pass(
            "synth.kat (4 systems, all encoding combinations, the witness also 4 bytes off)");
    check_errors(t);
    check_borrow(t, ref);
    check_borrow_records(t, ref);
}
