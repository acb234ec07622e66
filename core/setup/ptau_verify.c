/*
 * `g16k ptau verify`: is a .ptau a valid powers-of-tau transcript? The checks of snarkjs 0.7.6
 * (src/powersoftau_verify.js), some made stronger:
 *   - every contribution record: its points decode, lie on their curve and in their subgroup;
 *     a beacon's key is the one its beacon parameters give (ptau_key.c); each secret's proof of
 *     knowledge e(g1_s, g2_spx) = e(g1_sx, g2_sp), g2_sp = hashToG2 of the previous challenge
 *     and (g1_s, g1_sx); the contribution moved tauG1, tauG2, alphaG1, betaG1, betaG2 of the one
 *     before by the same secrets (pairing ratios, `sameRatio`); each is chained to the one
 *     before it through g2_sp's challenge;
 *   - the sections: tauG1[0], tauG2[0] are the generators and tauG1[1], tauG2[1], alphaTauG1[0],
 *     betaTauG1[0], betaG2 the last record's points; every point decodes, is on its curve and in
 *     its subgroup (snarkjs checks neither; a point with a small-order part is invisible to the
 *     pairings); consecutive points have the ratio tau: with random 64-bit r_i (snarkjs: 32
 *     bits), R1 = sum r_i P_i and R2 = sum r_i P_(i+1) satisfy e(R1, tau G2) = e(R2, G2) (and
 *     the mirrored test for tauG2);
 *   - the last record's next challenge is BLAKE2b-512(its response hash || the sections'
 *     uncompressed points) (files of the full ceremony power, as snarkjs);
 *   - when sections 12..15 are present: every point decodes and lies in its subgroup, and a
 *     random combination of each section's points equals the combination of the tau points it
 *     implies (lagrange_section: one 64-bit random weight per Lagrange point, where snarkjs
 *     takes one 32-bit weight per point and compares each power on its own); on a mismatch the
 *     group inverse FFT of `ptau prepare` recomputes the sections and names the first wrong
 *     point. Power 16 on 2 cores: 35 s for the whole verification before (the recomputation
 *     every time, as long as `prepare`), 9.5 s with the random test.
 * The 64-bit combinations are Pippenger sums (buckets of the reference arithmetic, one set per
 * thread), far below a full MSM; the full-scalar ones are products on the IFMA lanes.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "formats/point_decode.h"
#include "g16k/plugin.h"
#include "ifma.h"
#include "internal.h"
#include "platform/parallel.h"
#include "setup.h"
#include "util/error.h"

#define INVALID 1                 /* a local status: the transcript does not verify (message set) */
#define BLOCK ((uint64_t)1 << 16) /* points decoded and hashed per step */

typedef struct record {
    uint64_t offset; /* in the file */
    g1_affine_t tau_g1, alpha_g1, beta_g1;
    g2_affine_t tau_g2, beta_g2;
    ptau_key key; /* public parts only */
    const uint8_t *partial, *next;
    uint32_t type;
    char name[65];
    unsigned exp;
    const uint8_t *beacon;
    unsigned beacon_len;
    uint8_t response[64];
} record;

/* ---- decoding with checks ---- */

/* One point of a contribution record at p (section 7 starts at file offset off0, its payload
 * mapped at base): formats/point_decode.h's checks, subgroup included, infinity allowed. */
static int get_point(void *out, int g2, const uint8_t *p, const uint8_t *base, uint64_t off0,
                     const char *path, const char *what)
{
    const char *why = g2 ? zkey_point_g2(out, p, 1, 0) : zkey_point_g1(out, p, 1, 0);
    if (why)
        return err_set(
            G16K_EFORMAT, "%s: section 7 (contributions) at byte %llu: %s is not a point of %s: %s",
            path, (unsigned long long)(off0 + (uint64_t)(p - base)), what, g2 ? "G2" : "G1", why);
    return G16K_OK;
}

/* The records of section 7 (already checked for shape by ptau_contributions_read). */
static int read_records(const ptau *pt, const ptau_contribs *cs, record *r)
{
    const binfile_section *s = &pt->bf.sec[PTAU_CONTRIBUTIONS];
    const uint8_t *base = pt->bf.data + s->offset, *p = cs->records;
    const char *path = pt->bf.path;
    int rc = G16K_OK;
    for (uint32_t i = 0; i < cs->count && rc == G16K_OK; i++) {
        record *c = &r[i];
        memset(c, 0, sizeof *c);
        c->offset = s->offset + (uint64_t)(p - base);
        static const char *pk1[3][2] = { { "tau g1_s", "tau g1_sx" },
                                         { "alpha g1_s", "alpha g1_sx" },
                                         { "beta g1_s", "beta g1_sx" } };
        static const char *pk2[3] = { "tau g2_spx", "alpha g2_spx", "beta g2_spx" };
        if ((rc = get_point(&c->tau_g1, 0, p, base, s->offset, path, "tauG1")) ||
            (rc = get_point(&c->tau_g2, 1, p + G1_BYTES, base, s->offset, path, "tauG2")) ||
            (rc = get_point(&c->alpha_g1, 0, p + (G1_BYTES + G2_BYTES), base, s->offset, path,
                            "alphaG1")) ||
            (rc = get_point(&c->beta_g1, 0, p + 2 * G1_BYTES + G2_BYTES, base, s->offset, path,
                            "betaG1")) ||
            (rc = get_point(&c->beta_g2, 1, p + 3 * G1_BYTES + G2_BYTES, base, s->offset, path,
                            "betaG2")))
            break;
        const uint8_t *k = p + 3 * G1_BYTES + 2 * G2_BYTES; /* the public key */
        for (int j = 0; j < 3 && rc == G16K_OK; j++)
            if ((rc = get_point(&c->key.g1_s[j], 0, k + 2 * G1_BYTES * j, base, s->offset, path,
                                pk1[j][0])) ||
                (rc = get_point(&c->key.g1_sx[j], 0, k + 2 * G1_BYTES * j + G1_BYTES, base,
                                s->offset, path, pk1[j][1])) ||
                (rc = get_point(&c->key.g2_spx[j], 1, k + (6 * G1_BYTES) + G2_BYTES * j, base,
                                s->offset, path, pk2[j])))
                break;
        if (rc)
            break;
        c->partial = k + PTAU_PUBKEY_BYTES;
        c->next = c->partial + B2P_PARTIAL_BYTES;
        c->type = binfile_le32(c->next + 64);
        uint32_t plen = binfile_le32(c->next + 68);
        const uint8_t *q = c->next + 72;
        for (uint32_t x = 0; x < plen;) {
            if (q[x] == 1) {
                memcpy(c->name, q + x + 2, q[x + 1] < 64 ? q[x + 1] : 64);
                x += 2u + q[x + 1];
            } else if (q[x] == 2) {
                c->exp = q[x + 1];
                x += 2;
            } else {
                c->beacon = q + x + 2;
                c->beacon_len = q[x + 1];
                x += 2u + q[x + 1];
            }
        }
        if (c->type == 1 && (!c->beacon || c->beacon_len == 0 || c->exp < 1 || c->exp > 63))
            return err_set(G16K_EFORMAT,
                           "%s: section 7 (contributions) at byte %llu: contribution %u is a "
                           "beacon without its hash or iteration count",
                           path, (unsigned long long)c->offset, i + 1);
        /* the response hash: the stored partial state finished with the public key */
        b2p_state h;
        uint8_t pub[PTAU_PUBKEY_BYTES];
        if (b2p_import(&h, c->partial))
            return err_set(
                G16K_EFORMAT,
                "%s: section 7 (contributions) at byte %llu: contribution %u: a "
                "partial hash with position %u",
                path,
                (unsigned long long)(c->offset + 3 * G1_BYTES + 2 * G2_BYTES + PTAU_PUBKEY_BYTES),
                i + 1, binfile_le32(c->partial + 200));
        ptau_pubkey_encode(pub, &c->key, 0);
        b2p_update(&h, pub, sizeof pub);
        b2p_final(&h, c->response);
        p = q + plen;
    }
    return rc;
}

/* ---- pairings ---- */

/* e(a1, b2) = e(b1, a2), none of the four infinity (misc.js sameRatio). */
static int same_ratio(const g1_affine_t *a1, const g1_affine_t *b1, const g2_affine_t *a2,
                      const g2_affine_t *b2)
{
    if (g1_affine_is_inf(a1) || g1_affine_is_inf(b1) || g2_affine_is_inf(a2) ||
        g2_affine_is_inf(b2))
        return 0;
    g1_affine_t p[2] = { *a1, *b1 };
    g2_affine_t q[2] = { *b2, *a2 };
    g1_affine_neg(&p[1], &p[1]);
    return setup_pairing_product_is_one(p, q, 2);
}

typedef struct link {
    const g1_affine_t *tau_g1, *alpha_g1, *beta_g1;
    const g2_affine_t *tau_g2, *beta_g2;
    const uint8_t *next; /* 64 bytes */
} link;

static int verify_contribution(const record *c, const link *prev, uint32_t id, const char *path)
{
    static const char *names[3] = { "tau", "alpha", "beta" };
    const char *who = c->name[0] ? c->name : "(no name)";
    if (c->type == 1) { /* the key must be the beacon's */
        ptau_rng r;
        ptau_key k;
        uint8_t h[32];
        ptau_beacon_seed(h, c->beacon, c->beacon_len, c->exp, NULL);
        ptau_rng_seed_be(&r, h);
        ptau_key_create(&k, prev->next, &r);
        ptau_key_wipe(&k);
        for (int j = 0; j < 3; j++)
            if (!g1_affine_eq(&k.g1_s[j], &c->key.g1_s[j]) ||
                !g1_affine_eq(&k.g1_sx[j], &c->key.g1_sx[j]) ||
                !g2_affine_eq(&k.g2_spx[j], &c->key.g2_spx[j]))
                return err_set(INVALID,
                               "%s: contribution #%u %s: the %s key is not the one its beacon "
                               "parameters give",
                               path, id, who, names[j]);
    }
    g2_affine_t sp[3];
    for (int j = 0; j < 3; j++) {
        ptau_g2_sp(&sp[j], (uint8_t)j, prev->next, &c->key.g1_s[j], &c->key.g1_sx[j]);
        if (!same_ratio(&c->key.g1_s[j], &c->key.g1_sx[j], &sp[j], &c->key.g2_spx[j]))
            return err_set(INVALID,
                           "%s: contribution #%u %s: invalid %s key (no proof of knowledge of "
                           "the secret for this challenge)",
                           path, id, who, names[j]);
    }
    const char *step = NULL;
    if (!same_ratio(prev->tau_g1, &c->tau_g1, &sp[0], &c->key.g2_spx[0]))
        step = "tau*G1";
    else if (!same_ratio(&c->key.g1_s[0], &c->key.g1_sx[0], prev->tau_g2, &c->tau_g2))
        step = "tau*G2";
    else if (!same_ratio(prev->alpha_g1, &c->alpha_g1, &sp[1], &c->key.g2_spx[1]))
        step = "alpha*G1";
    else if (!same_ratio(prev->beta_g1, &c->beta_g1, &sp[2], &c->key.g2_spx[2]))
        step = "beta*G1";
    else if (!same_ratio(&c->key.g1_s[2], &c->key.g1_sx[2], prev->beta_g2, &c->beta_g2))
        step = "beta*G2";
    if (step)
        return err_set(INVALID,
                       "%s: contribution #%u %s: its %s does not follow the contribution before "
                       "it",
                       path, id, who, step);
    return G16K_OK;
}

/* ---- the sections ---- */

typedef struct sec_pass {
    int g2;
    const ptau *pt;
    uint32_t id;
    uint64_t first; /* section index of the block's first point */
    void *pts;      /* the whole section, decoded */
    uint8_t *u;     /* the block's uncompressed encodings, or NULL: none wanted */
    int subgroup;   /* 1: test that every point lies in its subgroup */
    int simd;
    atomic_uint_fast64_t bad; /* lowest failing section index, or ~0 */
} sec_pass;

static void decode_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    sec_pass *s = arg;
    size_t sz = s->g2 ? G2_BYTES : G1_BYTES;
    for (uint64_t i0 = b; i0 < e; i0 += IFMA_LANES) {
        unsigned m = e - i0 < IFMA_LANES ? (unsigned)(e - i0) : IFMA_LANES, want = 0, fin = 0;
        for (unsigned l = 0; l < m; l++) {
            uint64_t i = i0 + l;
            if (s->g2) {
                g2_affine_t *a = (g2_affine_t *)s->pts + s->first + i;
                if (ptau_point(s->pt, s->id, s->first + i, a, 0))
                    ptau_note_lowest(&s->bad, s->first + i);
                if (s->u)
                    setup_g2_to_u(s->u + i * sz, a);
                fin |= (unsigned)!g2_affine_is_inf(a) << l;
            } else {
                g1_affine_t *a = (g1_affine_t *)s->pts + s->first + i;
                if (ptau_point(s->pt, s->id, s->first + i, a, 0))
                    ptau_note_lowest(&s->bad, s->first + i);
                if (s->u)
                    setup_g1_to_u(s->u + i * sz, a);
                fin |= (unsigned)!g1_affine_is_inf(a) << l;
            }
            want |= 1u << l;
        }
        /* subgroup: 8 lanes at once where IFMA runs (finite points only), else the reference */
        if (!s->subgroup)
            continue;
        unsigned ok = 0;
        if (s->simd && fin == want)
            ok = s->g2 ? g2_ifma_in_subgroup((g2_affine_t *)s->pts + s->first + i0, m)
                       : g1_ifma_in_subgroup((g1_affine_t *)s->pts + s->first + i0, m);
        for (unsigned l = 0; l < m; l++) {
            if (ok >> l & 1)
                continue;
            uint64_t i = s->first + i0 + l;
            int in = s->g2 ? g2_affine_in_subgroup((g2_affine_t *)s->pts + i)
                           : g1_affine_in_subgroup((g1_affine_t *)s->pts + i);
            if (!in)
                ptau_note_lowest(&s->bad, i);
        }
    }
}

/* Pippenger with 64-bit scalars on one chunk [b, e) of i: R1 = sum r_i P_i and, with sums = 2,
 * R2 = sum r_i P_(i+1); window c, buckets of the reference arithmetic. */
typedef struct lc_job {
    int g2;
    unsigned sums; /* 1: R1 only; 2: R1 and R2 */
    const void *pts;
    const uint64_t *r;
    uint64_t grain;
    void *out;        /* per chunk: two Jacobian points */
    atomic_int nomem; /* a chunk found no memory for its buckets */
} lc_job;

#define LINCOMB(G, AFF, JAC)                                                                       \
    static void G##_lc_range(lc_job *j, uint64_t b, uint64_t e)                                    \
    {                                                                                              \
        const AFF *P = j->pts;                                                                     \
        unsigned c = 4;                                                                            \
        while (c < 16 && ((uint64_t)1 << (c + 3)) < e - b)                                         \
            c++;                                                                                   \
        uint64_t nb = (uint64_t)1 << c;                                                            \
        JAC *bk = malloc(j->sums * nb * sizeof *bk), acc[2];                                       \
        JAC *out = (JAC *)j->out + 2 * (b / j->grain);                                             \
        if (!bk) {                                                                                 \
            atomic_store(&j->nomem, 1);                                                            \
            return;                                                                                \
        }                                                                                          \
        G##_jac_set_inf(&acc[0]);                                                                  \
        G##_jac_set_inf(&acc[1]);                                                                  \
        for (int w = (int)((64 + c - 1) / c) - 1; w >= 0; w--) {                                   \
            for (unsigned d = 0; d < c; d++)                                                       \
                for (unsigned h = 0; h < j->sums; h++)                                             \
                    G##_jac_dbl(&acc[h], &acc[h]);                                                 \
            for (uint64_t x = 0; x < j->sums * nb; x++)                                            \
                G##_jac_set_inf(&bk[x]);                                                           \
            for (uint64_t i = b; i < e; i++) {                                                     \
                uint64_t d = (j->r[i] >> (w * c)) & (nb - 1);                                      \
                if (d) {                                                                           \
                    G##_jac_add_affine(&bk[d], &bk[d], &P[i]);                                     \
                    if (j->sums == 2)                                                              \
                        G##_jac_add_affine(&bk[nb + d], &bk[nb + d], &P[i + 1]);                   \
                }                                                                                  \
            }                                                                                      \
            for (unsigned h = 0; h < j->sums; h++) { /* sum_d d B_d by running sums */             \
                JAC run, sum;                                                                      \
                G##_jac_set_inf(&run);                                                             \
                G##_jac_set_inf(&sum);                                                             \
                for (uint64_t d = nb - 1; d >= 1; d--) {                                           \
                    G##_jac_add(&run, &run, &bk[h * nb + d]);                                      \
                    G##_jac_add(&sum, &sum, &run);                                                 \
                }                                                                                  \
                G##_jac_add(&acc[h], &acc[h], &sum);                                               \
            }                                                                                      \
        }                                                                                          \
        out[0] = acc[0];                                                                           \
        out[1] = acc[1];                                                                           \
        free(bk);                                                                                  \
    }                                                                                              \
                                                                                                   \
    /* the chunks' sums added up (Jacobian): r1, and r2 unless NULL */                             \
    static void G##_lc_total(JAC *r1, JAC *r2, const JAC *parts, uint32_t chunks)                  \
    {                                                                                              \
        G##_jac_set_inf(r1);                                                                       \
        if (r2)                                                                                    \
            G##_jac_set_inf(r2);                                                                   \
        for (uint32_t k = 0; k < chunks; k++) {                                                    \
            G##_jac_add(r1, r1, &parts[2 * k]);                                                    \
            if (r2)                                                                                \
                G##_jac_add(r2, r2, &parts[2 * k + 1]);                                            \
        }                                                                                          \
    }

LINCOMB(g1, g1_affine_t, g1_jac_t)
LINCOMB(g2, g2_affine_t, g2_jac_t)

static void lc_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    lc_job *j = arg;
    if (j->g2)
        g2_lc_range(j, b, e);
    else
        g1_lc_range(j, b, e);
}

/* *r1 (and *r2 with sums = 2) = the sums of lc_job over pts[0 .. n) (n + 1 points read with
 * sums = 2), Jacobian, one chunk per thread. G16K_OK or G16K_ENOMEM. */
static int lincomb64(int g2, unsigned sums, const void *pts, const uint64_t *r, uint64_t n,
                     unsigned threads, void *r1, void *r2)
{
    uint32_t th = pool_threads(threads);
    uint64_t grain = n ? (n + th - 1) / th : 1;
    size_t jsz = g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t);
    void *parts = calloc(2 * th, jsz);
    if (!parts)
        return err_set(G16K_ENOMEM, "ptau verify: out of memory");
    lc_job j = { .g2 = g2, .sums = sums, .pts = pts, .r = r, .grain = grain, .out = parts };
    atomic_init(&j.nomem, 0);
    par_for(th, n, grain, lc_range, &j);
    int rc = G16K_OK;
    if (atomic_load(&j.nomem))
        rc = err_set(G16K_ENOMEM, "ptau verify: no memory for the buckets of a sum");
    else if (g2)
        g2_lc_total(r1, r2, parts, (uint32_t)((n + grain - 1) / grain));
    else
        g1_lc_total(r1, r2, parts, (uint32_t)((n + grain - 1) / grain));
    free(parts);
    return rc;
}

typedef struct sec_result {
    g1_affine_t r1_g1, r2_g1; /* the two sums (G1 sections) */
    g2_affine_t r1_g2, r2_g2; /* (G2 sections) */
} sec_result;

/* Decode and check section id, hash its uncompressed points into h, keep points 0 and 1, and
 * make the two random sums (none for betaG2). */
static int check_section(const ptau *pt, uint32_t id, const char *name, blake2b_state *h,
                         unsigned threads, progress *pg, void *first2, sec_result *res)
{
    int g2 = id == PTAU_TAU_G2 || id == PTAU_BETA_G2;
    size_t sz = g2 ? G2_BYTES : G1_BYTES, asz = g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    uint64_t n = ptau_section_points(pt, id);
    int rc = ptau_check_section(pt, id, name);
    if (rc)
        return rc;
    uint32_t th = pool_threads(threads);
    sec_pass s = { .g2 = g2, .pt = pt, .id = id, .subgroup = 1, .simd = SETUP_SIMD() };
    s.pts = malloc(n * asz);
    s.u = malloc(BLOCK * sz);
    uint64_t *r = NULL;
    if (!s.pts || !s.u) {
        rc = err_set(G16K_ENOMEM, "ptau verify: no memory for the %llu points of %s",
                     (unsigned long long)n, name);
        goto out;
    }
    for (uint64_t b = 0; b < n; b += BLOCK) {
        uint64_t m = n - b < BLOCK ? n - b : BLOCK;
        s.first = b;
        atomic_init(&s.bad, ~(uint64_t)0);
        par_for(th, m, 512, decode_range, &s);
        uint64_t bad = atomic_load(&s.bad);
        if (bad != ~(uint64_t)0) {
            rc = ptau_point_error(pt, id, name, bad, 1);
            goto out;
        }
        blake2b_update(h, s.u, m * sz);
        progress_update(pg, name, b + m, 2 * n);
    }
    memcpy(first2, s.pts, (n >= 2 ? 2 : 1) * asz);
    if (n >= 2) {
        r = malloc((n - 1) * sizeof *r);
        if (!r) {
            rc = err_set(G16K_ENOMEM, "ptau verify: out of memory");
            goto out;
        }
        randombytes_buf(r, (n - 1) * sizeof *r);
        if (g2) {
            g2_jac_t a, b;
            if ((rc = lincomb64(1, 2, s.pts, r, n - 1, threads, &a, &b)))
                goto out;
            g2_jac_to_affine(&res->r1_g2, &a);
            g2_jac_to_affine(&res->r2_g2, &b);
        } else {
            g1_jac_t a, b;
            if ((rc = lincomb64(0, 2, s.pts, r, n - 1, threads, &a, &b)))
                goto out;
            g1_jac_to_affine(&res->r1_g1, &a);
            g1_jac_to_affine(&res->r2_g1, &b);
        }
    }
    progress_done(pg, name);
out:
    free(s.pts);
    free(s.u);
    free(r);
    return rc;
}

/* ---- the Lagrange sections ---- */

static uint64_t bit_reverse(uint64_t i, unsigned lg)
{
    uint64_t r = 0;
    for (unsigned b = 0; b < lg; b++)
        r |= ((i >> b) & 1) << (lg - 1 - b);
    return r;
}

/* a <- IFFT(a): a_i = (1/n) sum_j a_j w^(-ij), n = 2^lg, over the domain of group_fft.c (w of
 * order n from fr_root_of_unity). Radix-2 decimation in time after the bit-reversal
 * permutation: n/2 lg products, single-threaded (a group operation costs ~100 of them). */
static void fr_ifft(fr_t *a, unsigned lg)
{
    uint64_t n = (uint64_t)1 << lg;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t k = bit_reverse(i, lg);
        if (k > i) {
            fr_t t = a[i];
            a[i] = a[k];
            a[k] = t;
        }
    }
    for (unsigned st = 1; st <= lg; st++) {
        uint64_t h = (uint64_t)1 << (st - 1);
        fr_t wm;
        fr_root_of_unity(&wm, st);
        fr_inv(&wm, &wm);
        for (uint64_t k = 0; k < n; k += 2 * h) {
            fr_t w = FR_ONE;
            for (uint64_t j = 0; j < h; j++) {
                fr_t t;
                fr_mul(&t, &w, &a[k + j + h]);
                fr_sub(&a[k + j + h], &a[k + j], &t);
                fr_add(&a[k + j], &a[k + j], &t);
                fr_mul(&w, &w, &wm);
            }
        }
    }
    fr_t ninv;
    fr_set_u64(&ninv, n);
    fr_inv(&ninv, &ninv);
    for (uint64_t i = 0; i < n; i++)
        fr_mul(&a[i], &a[i], &ninv);
}

/* sum_i k_i P_i on one chunk [b, e) of full scalars: each product on its own (the IFMA lanes'
 * eight at a time, else the reference, both through the endomorphism as `ptau contribute`
 * does), added up. A Pippenger sum with 255-bit scalars and the reference's buckets cost as much
 * on G1 and twice as much on G2 at 2^16 points. */
typedef struct fs_job {
    int g2, simd;
    const void *pts;
    const fr_t *k;
    uint64_t grain;
    void *out; /* per chunk: one Jacobian point */
} fs_job;

#define FULLSUM(G, AFF, JAC)                                                                       \
    static void G##_fs_range(fs_job *j, uint64_t b, uint64_t e)                                    \
    {                                                                                              \
        const AFF *P = j->pts;                                                                     \
        JAC q[IFMA_LANES], acc;                                                                    \
        G##_jac_set_inf(&acc);                                                                     \
        for (uint64_t i0 = b; i0 < e; i0 += IFMA_LANES) {                                          \
            unsigned m = e - i0 < IFMA_LANES ? (unsigned)(e - i0) : IFMA_LANES;                    \
            glv_fixed f[IFMA_LANES];                                                               \
            const glv_fixed *fp[IFMA_LANES];                                                       \
            for (unsigned l = 0; l < m; l++) {                                                     \
                G##_jac_from_affine(&q[l], &P[i0 + l]);                                            \
                if (j->simd) {                                                                     \
                    glv_fixed_set(&f[l], &j->k[i0 + l]);                                           \
                    fp[l] = &f[l];                                                                 \
                } else {                                                                           \
                    glv_scalar w;                                                                  \
                    glv_scalar_set(&w, &j->k[i0 + l]);                                             \
                    G##_jac_mul_glv(&q[l], &q[l], &w);                                             \
                }                                                                                  \
            }                                                                                      \
            if (j->simd)                                                                           \
                G##_ifma_mul_glv(q, q, fp, m);                                                     \
            for (unsigned l = 0; l < m; l++)                                                       \
                G##_jac_add(&acc, &acc, &q[l]);                                                    \
        }                                                                                          \
        ((JAC *)j->out)[b / j->grain] = acc;                                                       \
    }

FULLSUM(g1, g1_affine_t, g1_jac_t)
FULLSUM(g2, g2_affine_t, g2_jac_t)

static void fs_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    fs_job *j = arg;
    if (j->g2)
        g2_fs_range(j, b, e);
    else
        g1_fs_range(j, b, e);
}

#define FS_GRAIN 2048 /* products per chunk: tens of milliseconds */

/* *out (Jacobian) = sum_{i < n} k_i pts_i. G16K_OK or G16K_ENOMEM. */
static int fullsum(int g2, const void *pts, const fr_t *k, uint64_t n, unsigned threads, void *out)
{
    uint64_t chunks = (n + FS_GRAIN - 1) / FS_GRAIN;
    size_t jsz = g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t);
    void *parts = calloc(chunks ? chunks : 1, jsz);
    if (!parts)
        return err_set(G16K_ENOMEM, "ptau verify: out of memory");
    fs_job j = {
        .g2 = g2, .simd = SETUP_SIMD(), .pts = pts, .k = k, .grain = FS_GRAIN, .out = parts
    };
    par_for(pool_threads(threads), n, FS_GRAIN, fs_range, &j);
    if (g2) {
        g2_jac_set_inf(out);
        for (uint64_t c = 0; c < chunks; c++)
            g2_jac_add(out, out, (const g2_jac_t *)parts + c);
    } else {
        g1_jac_set_inf(out);
        for (uint64_t c = 0; c < chunks; c++)
            g1_jac_add(out, out, (const g1_jac_t *)parts + c);
    }
    free(parts);
    return G16K_OK;
}

/* Decode the first n points of section id (G2 if g2) into pts (all of them; their subgroup tested with `subgroup`),
 * reporting progress as `name` from done0 of total. */
static int decode_all(const ptau *pt, uint32_t id, int g2, const char *name, void *pts, uint64_t n,
                      int subgroup, unsigned threads, progress *pg, uint64_t done0, uint64_t total)
{
    sec_pass s = {
        .g2 = g2, .pt = pt, .id = id, .pts = pts, .subgroup = subgroup, .simd = SETUP_SIMD()
    };
    for (uint64_t b = 0; b < n; b += BLOCK) {
        uint64_t m = n - b < BLOCK ? n - b : BLOCK;
        s.first = b;
        atomic_init(&s.bad, ~(uint64_t)0);
        par_for(pool_threads(threads), m, 512, decode_range, &s);
        uint64_t bad = atomic_load(&s.bad);
        if (bad != ~(uint64_t)0)
            return ptau_point_error(pt, id, name, bad, subgroup);
        progress_update(pg, name, done0 + b + m, total);
    }
    return G16K_OK;
}

/* Section out_id (12..15) against in_id (2..5): is block p (2^p points, p = 0 .. top) the inverse
 * group FFT of the first 2^p tau points T (group_fft.c; the top block of tauG1 has no T_(n-1):
 * zero), L_p = IFFT(T_[0, 2^p))? With a random 64-bit r for every Lagrange point,
 *     sum_p sum_j r_pj L_pj = sum_i c_i T_i,   c = sum_p IFFT(r_p) (zero past 2^p),
 * because L_pj = (1/n) sum_i w^(-ij) T_i and the matrix is symmetric. Every Lagrange point is
 * first tested in its subgroup, so that a wrong one is E = L - IFFT(T) = e G with e != 0 mod
 * r, and the sums differ unless r_pj e = -(the rest), at most one of its 2^64 values: the test
 * misses a wrong section with probability at most 2^-64 (snarkjs: one 32-bit random combination
 * per power, src/powersoftau_verify.js verifyLagrangeEvaluations, with an FFT of the scalars as
 * here). Cost: a 64-bit Pippenger sum over the Lagrange points and 2^top products with full
 * scalars, against 2^top top / 2 products for the recomputation. On a mismatch the exact
 * recomputation (ptau_prepare_check) names the first wrong point. */
static int lagrange_section(const ptau *pt, uint32_t in_id, uint32_t out_id, const char *name,
                            unsigned threads, progress *pg, int *mismatch)
{
    int g2 = in_id == PTAU_TAU_G2;
    size_t asz = g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    unsigned top = pt->power + (in_id == PTAU_TAU_G1);
    uint64_t nt = (uint64_t)1 << top, n_in = ptau_section_points(pt, in_id);
    uint64_t nl = ptau_section_points(pt, out_id); /* 2^(top + 1) - 1 */
    uint64_t nt_pts = n_in < nt ? n_in : nt;       /* tauG1: 2^top - 1 */
    char phase[64];
    snprintf(phase, sizeof phase, "Lagrange %s", name);
    int rc = ptau_check_section(pt, out_id, phase);
    if (rc)
        return rc;
    void *L = malloc(nl * asz), *T = malloc(nt_pts * asz);
    uint64_t *r = malloc(nl * sizeof *r);
    fr_t *c = calloc(nt, sizeof *c), *t = malloc(nt * sizeof *t);
    if (!L || !T || !r || !c || !t) {
        rc = err_set(G16K_ENOMEM, "ptau verify: no memory for the %llu points of %s",
                     (unsigned long long)nl, phase);
        goto out;
    }
    if ((rc = decode_all(pt, out_id, g2, phase, L, nl, 1, threads, pg, 0, nl + nt_pts)) ||
        (rc = decode_all(pt, in_id, g2, phase, T, nt_pts, 0, threads, pg, nl, nl + nt_pts)))
        goto out;
    randombytes_buf(r, nl * sizeof *r);
    for (unsigned p = 0; p <= top; p++) {
        uint64_t n = (uint64_t)1 << p, off = n - 1; /* block p starts at point 2^p - 1 */
        for (uint64_t j = 0; j < n; j++)
            fr_set_u64(&t[j], r[off + j]);
        fr_ifft(t, p);
        for (uint64_t i = 0; i < n; i++)
            fr_add(&c[i], &c[i], &t[i]);
    }
    int same;
    if (g2) {
        g2_jac_t sl, st;
        g2_affine_t al, at;
        if ((rc = lincomb64(1, 1, L, r, nl, threads, &sl, NULL)) ||
            (rc = fullsum(1, T, c, nt_pts, threads, &st)))
            goto out;
        g2_jac_to_affine(&al, &sl);
        g2_jac_to_affine(&at, &st);
        same = g2_affine_eq(&al, &at);
    } else {
        g1_jac_t sl, st;
        g1_affine_t al, at;
        if ((rc = lincomb64(0, 1, L, r, nl, threads, &sl, NULL)) ||
            (rc = fullsum(0, T, c, nt_pts, threads, &st)))
            goto out;
        g1_jac_to_affine(&al, &sl);
        g1_jac_to_affine(&at, &st);
        same = g1_affine_eq(&al, &at);
    }
    *mismatch = !same;
    progress_done(pg, phase);
out:
    free(L);
    free(T);
    free(r);
    free(c);
    free(t);
    return rc;
}

/* Sections 12..15 by lagrange_section; G16K_OK, INVALID (message set), or an error. */
static int check_lagrange(const ptau *pt, unsigned threads, progress *pg)
{
    static const char *names[4] = { "tauG1", "tauG2", "alphaTauG1", "betaTauG1" };
    int mismatch = 0, rc = G16K_OK;
    for (uint32_t k = 0; k < 4 && rc == G16K_OK && !mismatch; k++)
        rc = lagrange_section(pt, PTAU_TAU_G1 + k, PTAU_LAGR_TAU_G1 + k, names[k], threads, pg,
                              &mismatch);
    if (rc || !mismatch)
        return rc;
    /* name the point: the exact recomputation, section by section */
    rc = ptau_prepare_check(pt, threads, pg);
    if (rc == G16K_EINVAL)
        return INVALID;
    if (rc == G16K_OK)
        rc = err_set(G16K_EINTERNAL,
                     "%s: the random test of the Lagrange sections failed but their recomputation "
                     "matches (a bug in g16k: please report it)",
                     pt->bf.path);
    return rc;
}

int ptau_cmd_verify(const ptau_opts *o, ptau_verify_report *rep)
{
    memset(rep, 0, sizeof *rep);
    ptau pt;
    int rc = ptau_open(o->in_path, &pt, 0);
    if (rc)
        return rc;
    progress pg;
    progress_init(&pg, "ptau", o->progress);
    const char *path = o->in_path;
    record *recs = NULL;
    ptau_contribs cs;
    rep->power = pt.power;
    rep->ceremony_power = pt.ceremony_power;
    if (rep->ceremony_power < pt.power || rep->ceremony_power > SETUP_MAX_POWER) {
        rc = err_set(G16K_EFORMAT, "%s: section 1 at byte %llu: ceremony power %u (power %u)", path,
                     (unsigned long long)(pt.bf.sec[1].offset + 56), rep->ceremony_power, pt.power);
        goto out;
    }
    if ((rc = ptau_contributions_read(&pt, &cs)))
        goto out;
    rep->count = cs.count;
    if (cs.count == 0) {
        rc = err_set(INVALID, "%s: no contribution: a new ceremony, not for use", path);
        goto out;
    }
    recs = calloc(cs.count, sizeof *recs);
    rep->contribs = calloc(cs.count, sizeof *rep->contribs);
    if (!recs || !rep->contribs) {
        rc = err_set(G16K_ENOMEM, "ptau verify: out of memory");
        goto out;
    }
    if ((rc = read_records(&pt, &cs, recs)))
        goto out;
    /* the chain of contributions, from the empty ceremony on */
    uint8_t first_challenge[64];
    ptau_first_challenge(first_challenge, rep->ceremony_power);
    for (uint32_t i = 0; i < cs.count; i++) {
        link prev = { &G1_GENERATOR, &G1_GENERATOR, &G1_GENERATOR,
                      &G2_GENERATOR, &G2_GENERATOR, first_challenge };
        if (i > 0)
            prev = (link){ &recs[i - 1].tau_g1, &recs[i - 1].alpha_g1, &recs[i - 1].beta_g1,
                           &recs[i - 1].tau_g2, &recs[i - 1].beta_g2,  recs[i - 1].next };
        if ((rc = verify_contribution(&recs[i], &prev, i + 1, path)))
            goto out;
        ptau_contribution_info *ci = &rep->contribs[i];
        memcpy(ci->name, recs[i].name, sizeof ci->name);
        ci->beacon = recs[i].type == 1;
        ci->beacon_exp = recs[i].exp;
        memcpy(ci->response, recs[i].response, 64);
        memcpy(ci->next_challenge, recs[i].next, 64);
        progress_update(&pg, "contributions", i + 1, cs.count);
    }
    progress_done(&pg, "contributions");
    /* the sections against the last contribution */
    const record *last = &recs[cs.count - 1];
    blake2b_state h;
    uint8_t next[64];
    blake2b_init(&h, 64);
    blake2b_update(&h, last->response, 64);
    g1_affine_t t1[2], a1[2], b1[2];
    g2_affine_t t2[2], bg2[2];
    sec_result rt1, rt2, ra, rb, rbg2;
    if ((rc = check_section(&pt, PTAU_TAU_G1, "tauG1", &h, o->threads, &pg, t1, &rt1)) ||
        (rc = check_section(&pt, PTAU_TAU_G2, "tauG2", &h, o->threads, &pg, t2, &rt2)) ||
        (rc = check_section(&pt, PTAU_ALPHA_TAU_G1, "alphaTauG1", &h, o->threads, &pg, a1, &ra)) ||
        (rc = check_section(&pt, PTAU_BETA_TAU_G1, "betaTauG1", &h, o->threads, &pg, b1, &rb)) ||
        (rc = check_section(&pt, PTAU_BETA_G2, "betaG2", &h, o->threads, &pg, bg2, &rbg2)))
        goto out;
    blake2b_final(&h, next);
    const char *why = NULL;
    if (!g1_affine_eq(&t1[0], &G1_GENERATOR))
        why = "tauG1[0] is not the generator of G1";
    else if (!g1_affine_eq(&t1[1], &last->tau_g1))
        why = "tauG1[1] is not the last contribution's tauG1";
    else if (!g2_affine_eq(&t2[0], &G2_GENERATOR))
        why = "tauG2[0] is not the generator of G2";
    else if (!g2_affine_eq(&t2[1], &last->tau_g2))
        why = "tauG2[1] is not the last contribution's tauG2";
    else if (!g1_affine_eq(&a1[0], &last->alpha_g1))
        why = "alphaTauG1[0] is not the last contribution's alphaG1";
    else if (!g1_affine_eq(&b1[0], &last->beta_g1))
        why = "betaTauG1[0] is not the last contribution's betaG1";
    else if (!g2_affine_eq(&bg2[0], &last->beta_g2))
        why = "betaG2 is not the last contribution's betaG2";
    else if (!same_ratio(&rt1.r1_g1, &rt1.r2_g1, &G2_GENERATOR, &last->tau_g2))
        why = "section 2 (tauG1): consecutive points are not powers of one tau";
    else if (!same_ratio(&G1_GENERATOR, &last->tau_g1, &rt2.r1_g2, &rt2.r2_g2))
        why = "section 3 (tauG2): consecutive points are not powers of one tau";
    else if (!same_ratio(&ra.r1_g1, &ra.r2_g1, &G2_GENERATOR, &last->tau_g2))
        why = "section 4 (alphaTauG1): consecutive points are not powers of one tau";
    else if (!same_ratio(&rb.r1_g1, &rb.r2_g1, &G2_GENERATOR, &last->tau_g2))
        why = "section 5 (betaTauG1): consecutive points are not powers of one tau";
    else if (pt.power == rep->ceremony_power && memcmp(next, last->next, 64) != 0)
        why = "the sections' hash is not the last contribution's next challenge (points "
              "changed after it)";
    if (why) {
        rc = err_set(INVALID, "%s: %s", path, why);
        goto out;
    }
    rep->prepared = pt.bf.sec[PTAU_LAGR_TAU_G1].present;
    if (rep->prepared) {
        rc = check_lagrange(&pt, o->threads, &pg);
    }
out:
    free(recs);
    binfile_close(&pt.bf);
    if (rc == INVALID) {
        rep->valid = 0;
        return G16K_OK;
    }
    rep->valid = rc == G16K_OK;
    return rc;
}
