/*
 * `g16k ptau verify`: is a .ptau a valid powers-of-tau transcript? The checks of snarkjs 0.7.6
 * (src/powersoftau_verify.js), some made stronger:
 *   - every contribution record: its points decode, lie on their curve and in their subgroup;
 *     a beacon's key is the one its beacon parameters give (ptau_key.c; their iteration count,
 *     which no hash covers, at most 2^beacon_max_exp, checked before any); each secret's proof of
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
 *     implies (ptau_lagrange_check.c: one 64-bit random weight per Lagrange point, where
 *     snarkjs takes one 32-bit weight per point and compares each power on its own); on a
 *     mismatch the group inverse FFT of `ptau prepare` recomputes the sections and names the
 *     first wrong point. Power 16 on 2 cores: 36 s for the whole verification when it always
 *     recomputed them (as long as `prepare`), 9.2 s with the random test.
 * Decoding, subgroup tests and the sums are ptau_sums.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "setup.h"
#include "util/error.h"

#define INVALID 1 /* a local status: the transcript does not verify (message set) */

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

/* A contributor's name is any bytes: the ones a terminal would act on (C0 and C1 controls,
 * the latter as UTF-8's C2 80..9F) become '?' before it is printed or put in a message. */
static void name_printable(char *name)
{
    for (unsigned char *b = (unsigned char *)name; *b; b++)
        if (*b < 0x20 || *b == 0x7f)
            *b = '?';
        else if (*b == 0xc2 && b[1] >= 0x80 && b[1] <= 0x9f)
            b[0] = b[1] = '?';
}

/* The records of section 7 (already checked for shape by ptau_contributions_read). */
static int read_records(const ptau *pt, const ptau_contribs *cs, record *r, unsigned max_exp)
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
                name_printable(c->name);
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
        if (c->type == 1 && c->exp > max_exp)
            return err_set(G16K_EFORMAT,
                           "%s: section 7 (contributions) at byte %llu: contribution %u is a "
                           "beacon of 2^%u SHA-256 iterations, more than the 2^%u verify "
                           "computes unless told (2^32 take about 14 minutes on one core); "
                           "pass --beacon-max-exp %u to check it",
                           path, (unsigned long long)c->offset, i + 1, c->exp, max_exp, c->exp);
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

static int verify_contribution(const record *c, const link *prev, uint32_t id, const char *path,
                               progress *pg)
{
    static const char *names[3] = { "tau", "alpha", "beta" };
    const char *who = c->name[0] ? c->name : "(no name)";
    if (c->type == 1) { /* the key must be the beacon's */
        ptau_rng r;
        ptau_key k;
        uint8_t h[32];
        ptau_beacon_seed(h, c->beacon, c->beacon_len, c->exp, pg);
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

typedef struct sec_result {
    g1_affine_t r1_g1, r2_g1; /* the two sums (G1 sections) */
    g2_affine_t r1_g2, r2_g2; /* (G2 sections) */
} sec_result;

/* Decode and check section id, hash its uncompressed points into h, keep points 0 and 1, and
 * make the two random sums (none for betaG2). */
static int check_section(const ptau *pt, uint32_t id, const char *name, blake2b_state *h,
                         unsigned threads, progress *pg, void *first2, sec_result *res)
{
    int g2 = ptau_section_is_g2(id);
    size_t asz = g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    uint64_t n = ptau_section_points(pt, id);
    int rc = ptau_check_section(pt, id, name);
    if (rc)
        return rc;
    void *pts = malloc(n * asz);
    uint64_t *r = NULL;
    if (!pts) {
        rc = err_set(G16K_ENOMEM, "ptau verify: no memory for the %llu points of %s",
                     (unsigned long long)n, name);
        goto out;
    }
    if ((rc = ptau_decode_checked(pt, id, name, pts, n, 1, h, threads, pg, 0, 2 * n)))
        goto out;
    memcpy(first2, pts, (n >= 2 ? 2 : 1) * asz);
    if (n >= 2) {
        r = malloc((n - 1) * sizeof *r);
        if (!r) {
            rc = err_set(G16K_ENOMEM, "ptau verify: out of memory");
            goto out;
        }
        randombytes_buf(r, (n - 1) * sizeof *r);
        if (g2) {
            g2_jac_t a, b;
            if ((rc = ptau_sum64(1, pts, r, n - 1, threads, &a, &b)))
                goto out;
            g2_jac_to_affine(&res->r1_g2, &a);
            g2_jac_to_affine(&res->r2_g2, &b);
        } else {
            g1_jac_t a, b;
            if ((rc = ptau_sum64(0, pts, r, n - 1, threads, &a, &b)))
                goto out;
            g1_jac_to_affine(&res->r1_g1, &a);
            g1_jac_to_affine(&res->r2_g1, &b);
        }
    }
    progress_done(pg, name);
out:
    free(pts);
    free(r);
    return rc;
}

/* Sections 8..11 are in no snarkjs file, and 12..15 come together (`prepare phase2` writes all
 * four): a file with some of them would pass unchecked, so verify refuses it. */
static int check_section_set(const ptau *pt)
{
    const binfile *bf = &pt->bf;
    for (uint32_t id = 8; id <= 11; id++)
        if (bf->sec[id].present)
            return err_set(G16K_EFORMAT,
                           "%s: section %u at byte %llu: not a section of a .ptau file (snarkjs "
                           "writes 1..7, and 12..15 when prepared)",
                           bf->path, id, (unsigned long long)bf->sec[id].offset);
    static const char *lagr[4] = { "tauG1", "tauG2", "alphaTauG1", "betaTauG1" };
    int n = 0;
    for (uint32_t id = PTAU_LAGR_TAU_G1; id <= PTAU_LAGR_BETA_TAU_G1; id++)
        n += bf->sec[id].present;
    for (uint32_t id = PTAU_LAGR_TAU_G1; n > 0 && n < 4 && id <= PTAU_LAGR_BETA_TAU_G1; id++)
        if (!bf->sec[id].present)
            return err_set(G16K_EFORMAT,
                           "%s: section %u (Lagrange %s) is missing, while %d of the four "
                           "Lagrange sections 12..15 are there (a prepared file has all four: "
                           "run `g16k ptau prepare` on the file before it)",
                           bf->path, id, lagr[id - PTAU_LAGR_TAU_G1], n);
    return G16K_OK;
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
                     (unsigned long long)(pt.bf.sec[1].offset + 8 + FP_BYTES), rep->ceremony_power,
                     pt.power);
        goto out;
    }
    if ((rc = check_section_set(&pt)))
        goto out;
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
    if ((rc = read_records(&pt, &cs, recs,
                           o->beacon_max_exp ? o->beacon_max_exp : PTAU_BEACON_MAX_EXP)))
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
        if ((rc = verify_contribution(&recs[i], &prev, i + 1, path, &pg)))
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
        if ((rc = ptau_lagrange_check(&pt, o->threads, &pg)) == G16K_EINVAL)
            rc = INVALID; /* a wrong Lagrange point: the message is set */
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
