/*
 * Groth16 setup from a prepared powers-of-tau file, equal byte for byte to
 * `snarkjs groth16 setup` (snarkjs 0.7.6 src/zkey_new.js). With n = 2^k the domain, m the
 * constraints, P the public signals and L_c the Lagrange points of ptau sections 12..15 at
 * power k (tau, alpha*tau, beta*tau in G1; tau in G2), for every signal s:
 *   A[s]  = sum_{A terms (c, s, coef)} coef * tauG1_L[c]   (+ tauG1_L[m + s] if s <= P)
 *   B1[s] = sum_{B terms} coef * tauG1_L[c];   B2[s] = the same with tauG2_L
 *   K[s]  = sum_A coef * betaTauG1_L[c] + sum_B coef * alphaTauG1_L[c] + sum_C coef * tauG1_L[c]
 *           (+ betaTauG1_L[m + s] if s <= P);  IC = K[0..P], C = K[P+1..] (delta = 1)
 *   H[i]  = the odd entries 2i + 1 of section 12 at power k + 1 (prepare phase2 writes the
 *           levels 0 .. power + 1 of section 12, so k may be the ptau's whole power).
 * The ptau fits when k <= its power (zkey_new.js: cirPower > power is "circuit too big").
 * alpha1, beta1, beta2 are the first points of ptau sections 4, 5, 6; gamma2, delta2 = G2,
 * delta1 = G1. The circuit hash covers, for "H", the points tauG1[i + n] - tauG1[i] (section 2),
 * i.e. (tau^n - 1) tau^i G1, over the index range zkey_new.js's chunked loop visits; when that
 * range ends one point past section 2 (k = power > 14), the last point is hash_overread.c's.
 * Sums are over a handful of terms per signal: each term is one double-and-add over the
 * coefficient's significant limbs, with r - coef and a negation when that is shorter (circom's
 * -1 costs one addition). Signals are spread over pool_run threads.
 */
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"

#define HASH_CHUNK 16384u /* zkey_new.js hashHPoints CHUNK_SIZE */

/* Terms of one matrix grouped by signal (CSR): for signal s, rows/terms [start[s], start[s+1]). */
typedef struct by_signal {
    uint64_t *start; /* n_vars + 1 */
    uint32_t *row;
    const uint8_t **coef; /* the r1cs terms where the file has them; NULL = the coefficient 1 */
} by_signal;

typedef struct ptau_job {
    const r1cs *cs;
    uint32_t P;
    by_signal m[3];                                 /* A, B, C */
    const g1_affine_t *tau_g1, *alpha_g1, *beta_g1; /* Lagrange, domain_size points */
    const g2_affine_t *tau_g2;
    setup_key *k;
    _Atomic int oom;
} ptau_job;

static void free_by_signal(by_signal *b)
{
    free(b->start);
    free(b->row);
    free(b->coef);
}

/* Group matrix `mat` (0..2) of cs by signal; matrix A also gets the rows m + s, s <= P. */
static int group(by_signal *b, const r1cs *cs, int mat, uint32_t P)
{
    uint64_t nv = cs->n_wires;
    uint64_t extra = mat == 0 ? (uint64_t)P + 1 : 0;
    uint64_t total = extra;
    for (uint64_t c = 0; c < cs->n_constraints; c++)
        total += cs->lc[3 * c + mat + 1] - cs->lc[3 * c + mat];
    b->start = calloc(nv + 1, sizeof(*b->start));
    b->row = malloc((total + 1) * sizeof(*b->row));
    b->coef = malloc((total + 1) * sizeof(*b->coef));
    if (!b->start || !b->row || !b->coef)
        return err_set(G16K_ENOMEM, "setup: no memory to group %llu terms",
                       (unsigned long long)total);
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        uint64_t j = 3 * c + (uint64_t)mat;
        const uint8_t *p = r1cs_lc_terms(cs, j);
        for (uint64_t t = cs->lc[j]; t < cs->lc[j + 1]; t++, p += R1CS_TERM_BYTES)
            b->start[r1cs_term_wire(p) + 1]++;
    }
    for (uint64_t s = 0; s < extra; s++)
        b->start[s + 1]++;
    for (uint64_t s = 0; s < nv; s++)
        b->start[s + 1] += b->start[s];
    uint64_t *fill = malloc(nv * sizeof(*fill));
    if (!fill)
        return err_set(G16K_ENOMEM, "setup: no memory to group terms");
    memcpy(fill, b->start, nv * sizeof(*fill));
    /* Constraint order within a signal, then the extra row: the order zkey_new.js sums in
     * (which does not matter for the result, but keeps traces comparable). */
    for (uint64_t c = 0; c < cs->n_constraints; c++) {
        uint64_t j = 3 * c + (uint64_t)mat;
        const uint8_t *p = r1cs_lc_terms(cs, j);
        for (uint64_t t = cs->lc[j]; t < cs->lc[j + 1]; t++, p += R1CS_TERM_BYTES) {
            uint64_t at = fill[r1cs_term_wire(p)]++;
            b->row[at] = (uint32_t)c;
            b->coef[at] = p;
        }
    }
    for (uint64_t s = 0; s < extra; s++) {
        uint64_t at = fill[s]++;
        b->row[at] = (uint32_t)(cs->n_constraints + s);
        b->coef[at] = NULL;
    }
    free(fill);
    return G16K_OK;
}

/* The scalar to multiply by: |coef| as limbs (the shorter of coef and r - coef), its sign and
 * the number of significant limbs. term: an r1cs term in the file (r1cs.h), NULL for 1. */
static size_t signed_scalar(const uint8_t *term, fr_t *mag, int *neg)
{
    fr_t half, coef;
    fr_t one_canon = { { 1, 0, 0, 0 } };
    if (!term) {
        *mag = one_canon;
        *neg = 0;
        return 1;
    }
    r1cs_term_coef(&coef, term);
    /* half = (r - 1) / 2 */
    for (int i = 0; i < FR_LIMBS; i++)
        half.l[i] = (FR_MODULUS.l[i] >> 1) | (i + 1 < FR_LIMBS ? FR_MODULUS.l[i + 1] << 63 : 0);
    *neg = bigint_cmp(coef.l, half.l, FR_LIMBS) > 0;
    if (*neg) {
        unsigned __int128 borrow = 0;
        for (int i = 0; i < FR_LIMBS; i++) {
            unsigned __int128 d = (unsigned __int128)FR_MODULUS.l[i] - coef.l[i] - borrow;
            mag->l[i] = (uint64_t)d;
            borrow = (d >> 64) & 1;
        }
    } else {
        *mag = coef;
    }
    size_t n = FR_LIMBS;
    while (n > 1 && mag->l[n - 1] == 0)
        n--;
    return n;
}

static void g1_term(g1_jac_t *acc, const g1_affine_t *p, const uint8_t *coef)
{
    fr_t mag;
    int neg;
    size_t n = signed_scalar(coef, &mag, &neg);
    g1_jac_t t;
    g1_jac_from_affine(&t, p);
    if (!(n == 1 && mag.l[0] == 1))
        g1_jac_mul(&t, &t, mag.l, n);
    if (neg)
        g1_jac_neg(&t, &t);
    g1_jac_add(acc, acc, &t);
}

static void g2_term(g2_jac_t *acc, const g2_affine_t *p, const uint8_t *coef)
{
    fr_t mag;
    int neg;
    size_t n = signed_scalar(coef, &mag, &neg);
    g2_jac_t t;
    g2_jac_from_affine(&t, p);
    if (!(n == 1 && mag.l[0] == 1))
        g2_jac_mul(&t, &t, mag.l, n);
    if (neg)
        g2_jac_neg(&t, &t);
    g2_jac_add(acc, acc, &t);
}

static void signals_task(void *ctx, uint64_t b, uint64_t e)
{
    ptau_job *j = ctx;
    uint64_t n = e - b;
    /* calloc: GCC cannot see that the loop below sets every entry. */
    g1_jac_t *ja = calloc(n, sizeof(*ja));
    g1_jac_t *jb1 = calloc(n, sizeof(*jb1));
    g1_jac_t *jk = calloc(n, sizeof(*jk));
    g2_jac_t *jb2 = calloc(n, sizeof(*jb2));
    g1_affine_t *ak = malloc(n * sizeof(*ak));
    if (!ja || !jb1 || !jk || !jb2 || !ak) {
        j->oom = 1;
        goto out;
    }
    for (uint64_t s = b; s < e; s++) {
        uint64_t i = s - b;
        g1_jac_set_inf(&ja[i]);
        g1_jac_set_inf(&jb1[i]);
        g1_jac_set_inf(&jk[i]);
        g2_jac_set_inf(&jb2[i]);
        const by_signal *A = &j->m[0], *B = &j->m[1], *C = &j->m[2];
        for (uint64_t t = A->start[s]; t < A->start[s + 1]; t++) {
            g1_term(&ja[i], &j->tau_g1[A->row[t]], A->coef[t]);
            g1_term(&jk[i], &j->beta_g1[A->row[t]], A->coef[t]);
        }
        for (uint64_t t = B->start[s]; t < B->start[s + 1]; t++) {
            g1_term(&jb1[i], &j->tau_g1[B->row[t]], B->coef[t]);
            g2_term(&jb2[i], &j->tau_g2[B->row[t]], B->coef[t]);
            g1_term(&jk[i], &j->alpha_g1[B->row[t]], B->coef[t]);
        }
        for (uint64_t t = C->start[s]; t < C->start[s + 1]; t++)
            g1_term(&jk[i], &j->tau_g1[C->row[t]], C->coef[t]);
    }
    g1_jac_batch_to_affine(j->k->a + b, ja, n);
    g1_jac_batch_to_affine(j->k->b1 + b, jb1, n);
    g2_jac_batch_to_affine(j->k->b2 + b, jb2, n);
    g1_jac_batch_to_affine(ak, jk, n);
    for (uint64_t s = b; s < e; s++) {
        if (s <= j->P)
            j->k->ic[s] = ak[s - b];
        else
            j->k->c[s - j->P - 1] = ak[s - b];
    }
out:
    free(ja);
    free(jb1);
    free(jk);
    free(jb2);
    free(ak);
}

/* tauG1[i + n] - tauG1[i] for i < count (section 2), the "H" input of the circuit hash; when
 * i + n runs one point past the section, that last difference goes to *past_u (encoded) and
 * *count_out excludes it. */
static int hash_points(const ptau *pt, uint64_t n, uint64_t count, g1_affine_t **out,
                       uint64_t *count_out, uint8_t past_u[G1_BYTES], int *has_past)
{
    const binfile_section *s2;
    int rc = binfile_section_get(&pt->bf, PTAU_TAU_G1, "tauG1", &s2);
    if (rc)
        return rc;
    uint64_t held = s2->size / G1_BYTES, at = s2->offset + s2->size;
    *has_past = n + count == held + 1 && s2->size % G1_BYTES == 0 && at + G1_BYTES <= pt->bf.size;
    if (*has_past) {
        g1_affine_t last;
        if ((rc = ptau_read_points(pt, PTAU_TAU_G1, count - 1, 1, &last)) != G16K_OK ||
            (rc = setup_hash_overread_point(pt->bf.data + at,
                                            pt->bf.data + s2->offset + (count - 1) * G1_BYTES,
                                            past_u, pt->bf.path)) != G16K_OK)
            return rc;
        count--;
    }
    *count_out = count;
    g1_affine_t *lo = malloc(count * sizeof(*lo));
    g1_affine_t *hi = malloc(count * sizeof(*hi));
    g1_jac_t *d = malloc(count * sizeof(*d));
    if (!lo || !hi || !d) {
        rc = err_set(G16K_ENOMEM, "setup: no memory for %llu points", (unsigned long long)count);
        goto out;
    }
    if ((rc = ptau_read_points(pt, PTAU_TAU_G1, 0, count, lo)) != G16K_OK ||
        (rc = ptau_read_points(pt, PTAU_TAU_G1, n, count, hi)) != G16K_OK)
        goto out;
    for (uint64_t i = 0; i < count; i++) {
        g1_affine_t neg;
        g1_affine_neg(&neg, &lo[i]);
        g1_jac_from_affine(&d[i], &hi[i]);
        g1_jac_add_affine(&d[i], &d[i], &neg);
    }
    g1_jac_batch_to_affine(lo, d, count);
    *out = lo;
    lo = NULL;
out:
    free(lo);
    free(hi);
    free(d);
    return rc;
}

int setup_from_ptau(setup_key *k, const r1cs *cs, const char *ptau_path, unsigned threads,
                    progress *pg)
{
    ptau pt;
    int rc = ptau_open(ptau_path, &pt, 1);
    if (rc)
        return rc;
    unsigned kp = setup_cir_power(cs);
    uint64_t n = (uint64_t)1 << kp;
    uint32_t P = cs->n_pub_out + cs->n_pub_in;
    ptau_job job = { .cs = cs, .P = P, .k = k };
    g1_affine_t *lg1 = NULL, *lalpha = NULL, *lbeta = NULL, *h2 = NULL, *hp = NULL;
    g2_affine_t *lg2 = NULL;
    if (kp > pt.power) {
        rc = err_set(G16K_EFORMAT,
                     "%s: too small for this circuit: %u constraints + %u public "
                     "+ 1 need a domain of 2^%u, the file has 2^%u powers of tau (use a ptau of "
                     "power %u or more)",
                     ptau_path, cs->n_constraints, P, kp, pt.power, kp);
        goto out;
    }
    lg1 = malloc(n * sizeof(*lg1));
    lalpha = malloc(n * sizeof(*lalpha));
    lbeta = malloc(n * sizeof(*lbeta));
    lg2 = malloc(n * sizeof(*lg2));
    h2 = malloc(2 * n * sizeof(*h2));
    if (!lg1 || !lalpha || !lbeta || !lg2 || !h2) {
        rc = err_set(G16K_ENOMEM, "setup: no memory for 2^%u Lagrange points", kp);
        goto out;
    }
    if ((rc = ptau_read_points(&pt, PTAU_ALPHA_TAU_G1, 0, 1, &k->hd.alpha1)) ||
        (rc = ptau_read_points(&pt, PTAU_BETA_TAU_G1, 0, 1, &k->hd.beta1)) ||
        (rc = ptau_read_points(&pt, PTAU_BETA_G2, 0, 1, &k->hd.beta2)) ||
        (rc = ptau_read_points(&pt, PTAU_LAGR_TAU_G1, n - 1, n, lg1)) ||
        (rc = ptau_read_points(&pt, PTAU_LAGR_TAU_G2, n - 1, n, lg2)) ||
        (rc = ptau_read_points(&pt, PTAU_LAGR_ALPHA_TAU_G1, n - 1, n, lalpha)) ||
        (rc = ptau_read_points(&pt, PTAU_LAGR_BETA_TAU_G1, n - 1, n, lbeta)) ||
        (rc = ptau_read_points(&pt, PTAU_LAGR_TAU_G1, 2 * n - 1, 2 * n, h2)))
        goto out;
    k->hd.gamma2 = G2_GENERATOR;
    k->hd.delta1 = G1_GENERATOR;
    k->hd.delta2 = G2_GENERATOR;
    for (uint64_t i = 0; i < n; i++)
        k->h[i] = h2[2 * i + 1];
    for (int m = 0; m < 3; m++)
        if ((rc = group(&job.m[m], cs, m, P)) != G16K_OK)
            goto out;
    job.tau_g1 = lg1;
    job.tau_g2 = lg2;
    job.alpha_g1 = lalpha;
    job.beta_g1 = lbeta;
    pool_run(threads, cs->n_wires, 64, signals_task, &job, pg, "A, B1, B2, C, IC");
    if (job.oom) {
        rc = err_set(G16K_ENOMEM, "setup: no memory for the signal sums");
        goto out;
    }
    /* zkey_new.js hashes min(n - 1, CHUNK) points per chunk for ceil((n - 1) / CHUNK) chunks. */
    uint64_t per = n - 1 < HASH_CHUNK ? n - 1 : HASH_CHUNK;
    uint64_t n_hash = (n - 1 + HASH_CHUNK - 1) / HASH_CHUNK * per;
    uint8_t past_u[G1_BYTES];
    int has_past;
    if ((rc = hash_points(&pt, n, n_hash, &hp, &n_hash, past_u, &has_past)) != G16K_OK)
        goto out;
    k->hash_h = hp; /* the caller's now */
    hp = NULL;
    k->n_hash_h = n_hash;
    memcpy(k->hash_h_last, past_u, sizeof past_u);
    k->has_hash_h_last = has_past;
out:
    for (int m = 0; m < 3; m++)
        free_by_signal(&job.m[m]);
    free(lg1);
    free(lalpha);
    free(lbeta);
    free(lg2);
    free(h2);
    free(hp);
    binfile_close(&pt.bf);
    return rc;
}
