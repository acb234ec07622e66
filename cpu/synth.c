/*
 * Synthesizer of the CPU plugin: the QAP evaluation vectors of snarkjs's buildABC
 * (docs/proving.md, "The prover" step 1, snarkjs groth16_prove.js buildABC1):
 *   a[i] = sum_j A[i][j] w[j],  b[i] = sum_j B[i][j] w[j],  c[i] = a[i] * b[i].
 * circuit_create turns the coefficient list (any order, repeats allowed) into one compressed
 * sparse row (CSR) matrix per A and B, so synthesis is a read-only pass over rows that threads
 * split without locks. Entries keep their input order within a row. Input sorted by (matrix,
 * row) is built on all threads; any other order, snarkjs's included, in one pass.
 * circuit_borrow (plugin ABI 1.4) on sorted Montgomery input keeps the lent list instead, and
 * builds only the row starts (no copy of the 11.8 MB of sha256_64's list into 9 MB of fresh
 * memory); synthesis then reads the entries where they lie (a 48-byte stride instead of the
 * CSR's 36 bytes). Sorted means by row, A and B mixed within a row (what snarkjs writes: each
 * constraint's A then B entries, the public inputs' A rows last; one row start array over the
 * whole list), or by (matrix, row) (each matrix its block of the list, with its row starts).
 * circuit_borrow_records (ABI 1.7) does the same on a key file's 44-byte records (coef_view
 * reads either layout), so a mapped key's section 4 is used where the file has it.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "platform/big_alloc.h"
#include "platform/parallel.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_synth_circuit_create_fn cpu_circuit_create;
static g16k_synth_circuit_destroy_fn cpu_circuit_destroy;
static g16k_synth_synthesize_fn cpu_synthesize;
static g16k_synth_circuit_borrow_fn cpu_circuit_borrow;
static g16k_synth_circuit_borrow_records_fn cpu_circuit_borrow_records;

/* A coefficient list in one of the two layouts the ABI lends: g16k_coef entries (48 bytes, the
 * value 16 bytes in) or a key file's records (G16K_COEF_RECORD_BYTES, the value 12 bytes in,
 * only 4-byte aligned). Fields are read with memcpy, which on the little-endian hosts g16k runs
 * on gives the records' little-endian integers too. */
typedef struct coef_view {
    const uint8_t *p; /* entry 0; NULL: no list */
    size_t stride;    /* bytes per entry */
    size_t voff;      /* offset of the value in an entry */
} coef_view;

#define CV_MATRIX 0u
#define CV_ROW 4u
#define CV_SIGNAL 8u

static inline const uint8_t *cv_at(const coef_view *v, uint64_t k)
{
    return v->p + k * v->stride;
}

static inline uint32_t cv_u32(const uint8_t *e, size_t off)
{
    uint32_t x;
    memcpy(&x, e + off, sizeof x);
    return x;
}

static inline void cv_value(const coef_view *v, const uint8_t *e, fr_t *out)
{
    memcpy(out->l, e + v->voff, sizeof out->l);
}

static coef_view view_of_coefs(const g16k_coef *c)
{
    return (coef_view){ (const uint8_t *)c, sizeof(g16k_coef), offsetof(g16k_coef, value) };
}

static coef_view view_of_records(const void *r)
{
    return (coef_view){ r, G16K_COEF_RECORD_BYTES, 12 };
}

/* One matrix in CSR form: row i holds entries [row_start[i], row_start[i+1]). */
typedef struct csr {
    uint64_t *row_start; /* domain_size + 1 */
    uint32_t *signal;    /* nnz; NULL when lent */
    fr_t *value;         /* nnz, Montgomery; NULL when lent */
    coef_view lent;      /* circuit_borrow(_records): entry k is lent's entry k (Montgomery
                            values); lent.p NULL otherwise */
} csr;

/* A circuit of one of three forms: m[0] = A and m[1] = B copied into CSR (circuit_create, and
 * circuit_borrow for what it cannot keep); both lent, each its block of a (matrix, row)-sorted
 * list; m[0] lent, the whole row-sorted list with both matrices' entries (m[1] unused). The
 * lent forms add each entry to the matrix it names, so synthesis need not know which. */

struct g16k_circuit {
    const g16k_plugin_ctx *ctx;
    uint64_t n_vars;
    uint64_t domain_size;
    csr m[2]; /* 0 = A, 1 = B */
};

static void csr_free(csr *m)
{
    free(m->row_start);
    free(m->signal);
    free(m->value);
}

static void circuit_free(g16k_circuit *c)
{
    csr_free(&c->m[0]);
    csr_free(&c->m[1]);
    free(c);
}

/* Check every coefficient (matrix, row, signal, value < r); fills counts[m][row + 1]. fn names
 * the entry (circuit_create, circuit_borrow or circuit_borrow_records) in messages. */
static int count_entries(const g16k_constraints *cs, const coef_view *cv, uint64_t *counts[2],
                         const char *fn)
{
    for (uint64_t k = 0; k < cs->n_coefs; k++) {
        const uint8_t *e = cv_at(cv, k);
        uint32_t matrix = cv_u32(e, CV_MATRIX), row = cv_u32(e, CV_ROW);
        uint32_t signal = cv_u32(e, CV_SIGNAL);
        fr_t v;
        cv_value(cv, e, &v);
        if (matrix > 1)
            return cpu_error(G16K_EINVAL, "%s: coef %llu: matrix %u is not 0 (A) or 1 (B)", fn,
                             (unsigned long long)k, matrix);
        if (row >= cs->domain_size)
            return cpu_error(G16K_EINVAL, "%s: coef %llu: row %u >= domain size %llu", fn,
                             (unsigned long long)k, row, (unsigned long long)cs->domain_size);
        if (signal >= cs->n_vars)
            return cpu_error(G16K_EINVAL, "%s: coef %llu: signal %u >= n_vars %llu", fn,
                             (unsigned long long)k, signal, (unsigned long long)cs->n_vars);
        if (bigint_cmp(v.l, FR_MODULUS.l, FR_LIMBS) >= 0)
            return cpu_error(G16K_EINVAL, "%s: coef %llu: value is not below r", fn,
                             (unsigned long long)k);
        counts[matrix][(uint64_t)row + 1]++;
    }
    return G16K_OK;
}

/* Input sorted by (matrix, row): each matrix's CSR is its block of the input in order, and both
 * passes split over threads. (snarkjs's keys are sorted by row instead, A and B mixed: only
 * circuit_borrow builds those on threads, keeping the list as one block; circuit_create copies
 * them in one pass.) scan_range checks a range (values as count_entries does, both orders
 * against the entry before the range); fill_range writes its entries (none for a lent list)
 * and the row starts whose first entry it holds (each row start has exactly one writer). */
typedef struct sorted_job {
    const g16k_constraints *cs;
    coef_view cv; /* cs's coefficients */
    g16k_circuit *c;
    uint64_t b_begin;               /* first B entry = number of A entries */
    int rows;                       /* fill: one block of all entries into m[0] (by row) */
    atomic_uint_fast64_t first_bad; /* first coefficient out of range, UINT64_MAX = none */
    atomic_int unsorted;            /* not sorted by (matrix, row) */
    atomic_int unsorted_rows;       /* not sorted by row */
    atomic_int changed;             /* fill_range met an entry out of range: the bytes changed */
} sorted_job;

/* The checks of scan_range but the value's: matrix, row and signal within the circuit. */
static int entry_in_range(const g16k_constraints *cs, const uint8_t *e)
{
    return cv_u32(e, CV_MATRIX) <= 1 && cv_u32(e, CV_ROW) < cs->domain_size &&
           cv_u32(e, CV_SIGNAL) < cs->n_vars;
}

static uint64_t coef_key(const uint8_t *e)
{
    return (uint64_t)cv_u32(e, CV_MATRIX) << 32 | cv_u32(e, CV_ROW);
}

static void scan_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    sorted_job *j = arg;
    const g16k_constraints *cs = j->cs;
    const coef_view *cv = &j->cv;
    uint64_t prev = begin > 0 ? coef_key(cv_at(cv, begin - 1)) : 0;
    uint32_t prev_row = begin > 0 ? cv_u32(cv_at(cv, begin - 1), CV_ROW) : 0;
    int unsorted = 0, unsorted_rows = 0;
    for (uint64_t k = begin; k < end; k++) {
        const uint8_t *e = cv_at(cv, k);
        uint32_t row = cv_u32(e, CV_ROW);
        fr_t v;
        cv_value(cv, e, &v);
        if (cv_u32(e, CV_MATRIX) > 1 || row >= cs->domain_size ||
            cv_u32(e, CV_SIGNAL) >= cs->n_vars || bigint_cmp(v.l, FR_MODULUS.l, FR_LIMBS) >= 0) {
            uint_fast64_t cur = atomic_load(&j->first_bad);
            while (k < cur && !atomic_compare_exchange_weak(&j->first_bad, &cur, k)) {
            }
            return;
        }
        uint64_t key = coef_key(e);
        unsorted |= key < prev;
        unsorted_rows |= row < prev_row;
        prev = key;
        prev_row = row;
    }
    if (unsorted)
        atomic_store(&j->unsorted, 1);
    if (unsorted_rows)
        atomic_store(&j->unsorted_rows, 1);
}

static void fill_range(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    sorted_job *j = arg;
    const g16k_constraints *cs = j->cs;
    const coef_view *cv = &j->cv;
    for (uint64_t k = begin; k < end; k++) {
        const uint8_t *e = cv_at(cv, k);
        uint32_t row = cv_u32(e, CV_ROW);
        uint32_t mi = j->rows ? 0 : cv_u32(e, CV_MATRIX);
        /* scan_range checked these bytes, but lent records are the key file's: one rewritten in
         * place since must not send the writes below out of bounds (refused after, via changed) */
        uint64_t prev_row = k > 0 ? cv_u32(cv_at(cv, k - 1), CV_ROW) : 0;
        if (!entry_in_range(cs, e) || prev_row >= cs->domain_size ||
            (!j->rows && (k >= j->b_begin) != (mi == 1))) {
            atomic_store(&j->changed, 1);
            continue;
        }
        uint64_t first = mi ? j->b_begin : 0, at = k - first;
        csr *m = &j->c->m[mi];
        if (!m->lent.p) {
            m->signal[at] = cv_u32(e, CV_SIGNAL);
            fr_t v;
            cv_value(cv, e, &v);
            if (cs->coef_encoding == G16K_ENC_CANONICAL)
                fr_from_canon(&m->value[at], &v); /* cannot fail: checked < r */
            else
                m->value[at] = v;
        }
        /* Rows (previous entry's row, this row] start here; after a matrix's last entry, the
         * rows after it start at its end. */
        uint64_t from = k == first ? 0 : prev_row + 1;
        for (uint64_t r = from; r <= row; r++)
            m->row_start[r] = at;
        uint64_t last = mi ? cs->n_coefs - 1 : j->b_begin - 1;
        if (k == last)
            for (uint64_t r = (uint64_t)row + 1; r <= cs->domain_size; r++)
                m->row_start[r] = at + 1;
    }
}

/* 1: c built from sorted input; 0: the input is not sorted (nothing done); < 0: an error.
 * lend: the list cv is lent (circuit_borrow or circuit_borrow_records), so Montgomery input
 * sorted by row or by (matrix, row) is kept, not copied; else only (matrix, row) order is built
 * here. */
/* The records met an entry out of range on a second read (fill_range, circuit_make's copy). */
static int changed_error(const char *fn)
{
    return cpu_error(G16K_EIO,
                     "%s: the constraint records changed while the circuit was built (a key file "
                     "rewritten in place? replace a key by renaming a new file over it)",
                     fn);
}

static int build_sorted(g16k_plugin_ctx *ctx, const g16k_constraints *cs, const coef_view *cv,
                        g16k_circuit *c, int lend, const char *fn)
{
    sorted_job j = { .cs = cs, .cv = *cv, .c = c };
    atomic_init(&j.first_bad, UINT64_MAX);
    atomic_init(&j.unsorted, 0);
    atomic_init(&j.unsorted_rows, 0);
    atomic_init(&j.changed, 0);
    uint32_t threads = cpu_threads(ctx, 0);
    uint64_t grain = par_grain(cs->n_coefs, threads, 16384);
    par_for(threads, cs->n_coefs, grain, scan_range, &j);
    if (atomic_load(&j.first_bad) != UINT64_MAX) {
        uint64_t *counts[2] = { c->m[0].row_start, c->m[1].row_start };
        return count_entries(cs, cv, counts, fn); /* the message of the first bad one */
    }
    int keep = lend && cs->coef_encoding == G16K_ENC_MONTGOMERY;
    if (keep && !atomic_load(&j.unsorted_rows)) { /* one block by row; m[1] unused */
        j.rows = 1;
        j.b_begin = cs->n_coefs;
        c->m[0].lent = *cv;
        free(c->m[1].row_start);
        c->m[1].row_start = NULL;
        par_for(threads, cs->n_coefs, grain, fill_range, &j);
        return atomic_load(&j.changed) ? changed_error(fn) : 1;
    }
    if (atomic_load(&j.unsorted))
        return 0;
    uint64_t lo = 0, hi = cs->n_coefs; /* first B entry: the input is sorted by matrix */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (cv_u32(cv_at(cv, mid), CV_MATRIX) == 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    j.b_begin = lo;
    uint64_t nnz[2] = { lo, cs->n_coefs - lo };
    if (keep) {
        c->m[0].lent = *cv;
        c->m[1].lent = *cv;
        c->m[1].lent.p = cv_at(cv, lo);
    }
    for (int m = 0; m < 2 && !c->m[m].lent.p; m++) {
        c->m[m].signal = malloc((nnz[m] ? nnz[m] : 1) * sizeof(uint32_t));
        c->m[m].value = malloc((nnz[m] ? nnz[m] : 1) * sizeof(fr_t));
        if (!c->m[m].signal || !c->m[m].value)
            return cpu_error(G16K_ENOMEM, "%s: out of memory (%llu entries)", fn,
                             (unsigned long long)nnz[m]);
    }
    par_for(threads, cs->n_coefs, grain, fill_range, &j); /* row starts: big_calloc'd 0 */
    return atomic_load(&j.changed) ? changed_error(fn) : 1;
}

/* circuit_create, circuit_borrow (lend = 1) and circuit_borrow_records (lend = 1, records not
 * NULL: the list is there, not at cs->coefs); fn names the entry in messages: see
 * g16k_synth_vtable. Errors: G16K_EINVAL (NULL, short struct, encoding, domain_size not a power
 * of two, out-of-range matrix/row/signal/value), G16K_ENOMEM. Thread-safe (no shared state). */
static int circuit_make(g16k_plugin_ctx *ctx, const g16k_constraints *cs, const void *records,
                        int lend, const char *fn, g16k_circuit **out)
{
    if (!cs || !out || (cs->n_coefs && !(records ? records : (const void *)cs->coefs)))
        return cpu_error(G16K_EINVAL, "%s: NULL argument", fn);
    *out = NULL;
    if (cs->struct_size < sizeof(g16k_constraints))
        return cpu_error(G16K_EINVAL, "%s: g16k_constraints struct_size %u < %zu", fn,
                         cs->struct_size, sizeof(g16k_constraints));
    if (!cpu_enc_valid(cs->coef_encoding))
        return cpu_error(G16K_EINVAL, "%s: bad coef_encoding %u", fn, cs->coef_encoding);
    uint64_t n = cs->domain_size;
    if (n == 0 || (n & (n - 1)) != 0 || n > ((uint64_t)1 << 32))
        return cpu_error(G16K_EINVAL, "%s: domain_size %llu is not a power of two <= 2^32", fn,
                         (unsigned long long)n);

    g16k_circuit *c = calloc(1, sizeof *c);
    if (!c)
        return cpu_error(G16K_ENOMEM, "%s: out of memory", fn);
    c->ctx = ctx;
    c->n_vars = cs->n_vars;
    c->domain_size = n;
    uint64_t *counts[2];
    for (int m = 0; m < 2; m++) {
        c->m[m].row_start = big_calloc(n + 1, sizeof(uint64_t));
        counts[m] = c->m[m].row_start;
    }
    if (!counts[0] || !counts[1]) {
        circuit_free(c);
        return cpu_error(G16K_ENOMEM, "%s: out of memory (%llu rows)", fn, (unsigned long long)n);
    }
    coef_view cv = records ? view_of_records(records) : view_of_coefs(cs->coefs);
    int st = build_sorted(ctx, cs, &cv, c, lend, fn);
    if (st == 1) {
        *out = c;
        return G16K_OK;
    }
    if (st == 0)
        st = count_entries(cs, &cv, counts, fn);
    if (st != G16K_OK) {
        circuit_free(c);
        return st;
    }
    uint64_t *fill[2] = { NULL, NULL };
    for (int m = 0; m < 2; m++) {
        uint64_t *rs = c->m[m].row_start;
        for (uint64_t i = 0; i < n; i++)
            rs[i + 1] += rs[i];
        uint64_t nnz = rs[n];
        c->m[m].signal = malloc((nnz ? nnz : 1) * sizeof(uint32_t));
        c->m[m].value = malloc((nnz ? nnz : 1) * sizeof(fr_t));
        fill[m] = malloc(n * sizeof(uint64_t));
        if (!c->m[m].signal || !c->m[m].value || !fill[m]) {
            free(fill[0]);
            free(fill[1]);
            circuit_free(c);
            return cpu_error(G16K_ENOMEM, "%s: out of memory (%llu entries)", fn,
                             (unsigned long long)nnz);
        }
        memcpy(fill[m], rs, n * sizeof(uint64_t));
    }
    int changed = 0;
    for (uint64_t k = 0; k < cs->n_coefs && !changed; k++) {
        const uint8_t *e = cv_at(&cv, k);
        uint32_t mi = cv_u32(e, CV_MATRIX), row = cv_u32(e, CV_ROW);
        /* counted above; lent records can change since (see fill_range) */
        if (!entry_in_range(cs, e) || fill[mi][row] >= c->m[mi].row_start[row + 1]) {
            changed = 1;
            break;
        }
        csr *m = &c->m[mi];
        uint64_t at = fill[mi][row]++;
        m->signal[at] = cv_u32(e, CV_SIGNAL);
        fr_t v;
        cv_value(&cv, e, &v);
        if (cs->coef_encoding == G16K_ENC_CANONICAL)
            fr_from_canon(&m->value[at], &v); /* cannot fail: checked < r above */
        else
            m->value[at] = v;
    }
    free(fill[0]);
    free(fill[1]);
    if (changed) {
        circuit_free(c);
        return changed_error(fn);
    }
    *out = c;
    return G16K_OK;
}

/* circuit_create: see g16k_synth_vtable. cs is copied. */
static int cpu_circuit_create(g16k_plugin_ctx *ctx, const g16k_constraints *cs, g16k_circuit **out)
{
    return circuit_make(ctx, cs, NULL, 0, "circuit_create", out);
}

/* circuit_borrow: see g16k_synth_vtable. Keeps cs->coefs for Montgomery input sorted by row
 * or by (matrix, row) (the row starts are its only allocations); copies any other as
 * circuit_create does. Never writes cs->coefs. */
static int cpu_circuit_borrow(g16k_plugin_ctx *ctx, const g16k_constraints *cs, g16k_circuit **out)
{
    return circuit_make(ctx, cs, NULL, 1, "circuit_borrow", out);
}

/* circuit_borrow_records: see g16k_synth_vtable. As circuit_borrow, on a key file's records
 * (cs->coefs is not read). Never writes the records. */
static int cpu_circuit_borrow_records(g16k_plugin_ctx *ctx, const g16k_constraints *cs,
                                      const void *records, g16k_circuit **out)
{
    if (!records && cs && cs->n_coefs)
        return cpu_error(G16K_EINVAL, "circuit_borrow_records: NULL argument");
    static const uint8_t none; /* n_coefs = 0: a list of nothing */
    return circuit_make(ctx, cs, records ? records : &none, 1, "circuit_borrow_records", out);
}

/* circuit_destroy: frees the circuit; NULL is a no-op. */
static void cpu_circuit_destroy(g16k_circuit *circuit)
{
    if (circuit)
        circuit_free(circuit);
}

typedef struct synth_job {
    const g16k_circuit *c;
    const fr_t *w;   /* n_vars, Montgomery */
    uint8_t *out[3]; /* a, b, c */
    uint32_t out_enc;
} synth_job;

static void row_dot(fr_t *out, const csr *m, uint64_t row, const fr_t *w)
{
    fr_t acc = { { 0 } };
    for (uint64_t k = m->row_start[row]; k < m->row_start[row + 1]; k++) {
        fr_t t;
        fr_mul(&t, &m->value[k], &w[m->signal[k]]);
        fr_add(&acc, &acc, &t);
    }
    *out = acc;
}

/* acc[matrix] += value * w[signal] over row `row` of a lent block (n_vars signals). The entries
 * are read where the caller lent them, on every proof: for a mapped key, the key file, which
 * scan_range checked once. A file rewritten in place since (the prover refuses the proof after
 * its MSMs: zkey_check_unchanged) must give wrong values here, never wrong addresses, so the
 * matrix and signal are clamped (a fresh review found an out-of-bounds stack write). */
static void lent_dot(fr_t acc[2], const csr *m, uint64_t row, const fr_t *w, uint64_t n_vars)
{
    for (uint64_t k = m->row_start[row]; k < m->row_start[row + 1]; k++) {
        const uint8_t *e = cv_at(&m->lent, k);
        fr_t v, t;
        uint32_t mx = cv_u32(e, CV_MATRIX) & 1, sg = cv_u32(e, CV_SIGNAL);
        cv_value(&m->lent, e, &v);
        fr_mul(&t, &v, &w[sg < n_vars ? sg : 0]);
        fr_add(&acc[mx], &acc[mx], &t);
    }
}

static void put(uint8_t *dst, const fr_t *v, uint32_t enc)
{
    uint8_t tmp[FR_BYTES];
    if (enc == G16K_ENC_CANONICAL)
        fr_to_bytes_canon(tmp, v);
    else
        fr_to_bytes_mont(tmp, v);
    memcpy(dst, tmp, sizeof tmp);
}

static void synth_rows(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    const synth_job *j = arg;
    const csr *m = j->c->m;
    for (uint64_t i = begin; i < end; i++) {
        fr_t a, b, c;
        if (m[0].lent.p) {
            fr_t acc[2] = { { { 0 } }, { { 0 } } };
            lent_dot(acc, &m[0], i, j->w, j->c->n_vars);
            if (m[1].lent.p)
                lent_dot(acc, &m[1], i, j->w, j->c->n_vars);
            a = acc[0];
            b = acc[1];
        } else {
            row_dot(&a, &m[0], i, j->w);
            row_dot(&b, &m[1], i, j->w);
        }
        fr_mul(&c, &a, &b);
        put(j->out[0] + i * FR_BYTES, &a, j->out_enc);
        put(j->out[1] + i * FR_BYTES, &b, j->out_enc);
        put(j->out[2] + i * FR_BYTES, &c, j->out_enc);
    }
}

/* synthesize: see g16k_synth_vtable. witness: n_vars elements in witness_enc (each < r);
 * a, b, c: domain_size elements each in out_enc, must not overlap each other or the witness.
 * Threads: [plugin.cpu] threads or host->threads. Concurrent calls on one circuit are safe.
 * Errors: G16K_EINVAL (NULL, encodings, n_vars mismatch, witness value >= r), G16K_ENOMEM. */
static int cpu_synthesize(g16k_circuit *circuit, const void *witness, uint64_t n_vars,
                          uint32_t witness_enc, void *a, void *b, void *c, uint32_t out_enc)
{
    if (!circuit || !a || !b || !c || (n_vars && !witness))
        return cpu_error(G16K_EINVAL, "synthesize: NULL argument");
    if (!cpu_enc_valid(witness_enc) || !cpu_enc_valid(out_enc))
        return cpu_error(G16K_EINVAL, "synthesize: bad encoding (witness %u, out %u)", witness_enc,
                         out_enc);
    if (n_vars != circuit->n_vars)
        return cpu_error(G16K_EINVAL, "synthesize: witness has %llu values, circuit expects %llu",
                         (unsigned long long)n_vars, (unsigned long long)circuit->n_vars);
    uint32_t threads = cpu_threads(circuit->ctx, 0);
    /* The core's witness is Montgomery fr_t already: read where it lies (a 2^24 circuit's
     * copy was 0.5 GiB at the proof's memory peak, beside a, b and c). */
    int st;
    const fr_t *w =
        cpu_fr_in_place(witness, n_vars, witness_enc, threads, "synthesize: witness", &st);
    fr_t *copy = NULL;
    if (!w && st == G16K_OK) {
        if (!(copy = big_alloc(n_vars * sizeof(fr_t))))
            return cpu_error(G16K_ENOMEM, "synthesize: out of memory (%llu witness values)",
                             (unsigned long long)n_vars);
        st = cpu_fr_load(copy, witness, n_vars, witness_enc, threads, "synthesize: witness");
        w = copy;
    }
    if (st == G16K_OK) {
        synth_job j = { .c = circuit, .w = w, .out = { a, b, c }, .out_enc = out_enc };
        uint64_t n = circuit->domain_size;
        par_for(threads, n, par_grain(n, threads, 1024), synth_rows, &j);
    }
    free(copy);
    return st;
}

const g16k_synth_vtable CPU_SYM(cpu_synth_vtable) = {
    .struct_size = sizeof(g16k_synth_vtable),
    .circuit_create = cpu_circuit_create,
    .circuit_destroy = cpu_circuit_destroy,
    .synthesize = cpu_synthesize,
    .circuit_borrow = cpu_circuit_borrow,
    .circuit_borrow_records = cpu_circuit_borrow_records,
};
