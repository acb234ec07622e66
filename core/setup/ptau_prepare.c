/*
 * `g16k ptau prepare`: a powers-of-tau file made ready for phase 2, the bytes of
 * `snarkjs powersoftau prepare phase2` (snarkjs 0.7.6 src/powersoftau_preparephase2.js; see
 * setup.h). For each of tauG1 (2 -> 12), tauG2 (3 -> 13), alphaTauG1 (4 -> 14), betaTauG1
 * (5 -> 15) the section is decoded and checked once, then for p = 0, 1, .. the first 2^p points
 * go through the inverse group FFT and the results, converted to affine, are written in order.
 * Block p needs its inputs divided by 2^p (group_fft.c): the section is divided once by 2^top,
 * one scalar multiplication a point, and block p's inputs are those doubled top - p times (a
 * doubling costs about 1/150 of a multiplication), instead of 2^p multiplications for every
 * block: 2^top products in all instead of 2^(top+1), 4% of the whole at power 22.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "g16k/plugin.h"
#include "ifma.h"
#include "internal.h"
#include "platform/parallel.h"
#include "setup.h"
#include "util/error.h"

#define GRAIN 4096 /* points per chunk of decoding and of the affine conversion */

typedef struct sec_job {
    int g2;
    const ptau *pt;
    uint32_t id;              /* the section decoded */
    void *aff;                /* decoded input points, then the output of one block */
    void *jac;                /* the block being transformed */
    uint64_t n;               /* points in the current block */
    unsigned dbl;             /* doublings of each input of the block (to_jac_range) */
    atomic_uint_fast64_t bad; /* lowest index of a point refused (decoding, subgroup), or ~0 */
} sec_job;

static void decode_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    sec_job *j = arg;
    size_t asz = j->g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    for (uint64_t i = b; i < e; i++)
        if (ptau_point(j->pt, j->id, i, (uint8_t *)j->aff + i * asz, 0)) {
            ptau_note_lowest(&j->bad, i);
            memset((uint8_t *)j->aff + i * asz, 0, asz); /* infinity: no subgroup test */
        }
    /* the group FFT's products are GLV: [k] P, snarkjs's bytes, for points of the group only */
    ptau_subgroup_note(j->g2, (const uint8_t *)j->aff + b * asz, e - b, b, ifma_available(),
                       &j->bad);
}

static void to_jac_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    sec_job *j = arg;
    for (uint64_t i = b; i < e; i++) {
        if (j->g2) {
            g2_jac_t *q = (g2_jac_t *)j->jac + i;
            g2_jac_from_affine(q, (const g2_affine_t *)j->aff + i);
            for (unsigned d = 0; d < j->dbl; d++)
                g2_jac_dbl(q, q);
        } else {
            g1_jac_t *q = (g1_jac_t *)j->jac + i;
            g1_jac_from_affine(q, (const g1_affine_t *)j->aff + i);
            for (unsigned d = 0; d < j->dbl; d++)
                g1_jac_dbl(q, q);
        }
    }
}

static void to_aff_range(void *arg, uint64_t b, uint64_t e, uint32_t worker)
{
    (void)worker;
    sec_job *j = arg;
    if (j->g2)
        g2_jac_batch_to_affine((g2_affine_t *)j->aff + b, (const g2_jac_t *)j->jac + b, e - b);
    else
        g1_jac_batch_to_affine((g1_affine_t *)j->aff + b, (const g1_jac_t *)j->jac + b, e - b);
}

/* Compare n points (affine) with the LEM bytes at `at`: the index of the first that differs,
 * or n. */
static uint64_t first_difference(const void *pts, int g2, const uint8_t *at, uint64_t n)
{
    uint8_t b[G2_BYTES];
    size_t sz = g2 ? G2_BYTES : G1_BYTES;
    for (uint64_t i = 0; i < n; i++) {
        if (g2)
            setup_g2_to_lem(b, (const g2_affine_t *)pts + i);
        else
            setup_g1_to_lem(b, (const g1_affine_t *)pts + i);
        if (memcmp(b, at + i * sz, sz) != 0)
            return i;
    }
    return n;
}

/* Section in_id -> out_id: written to s (its table entry and payload), or, with s NULL,
 * compared with the file's own section out_id (ptau_prepare_check). */
static int prepare_section(const ptau *pt, atomic_stream *s, uint32_t in_id, uint32_t out_id,
                           const char *name, unsigned threads, progress *pg)
{
    int g2 = in_id == PTAU_TAU_G2;
    size_t asz = g2 ? sizeof(g2_affine_t) : sizeof(g1_affine_t);
    size_t jsz = g2 ? sizeof(g2_jac_t) : sizeof(g1_jac_t);
    unsigned top = ptau_lagrange_top(pt, in_id);
    uint64_t n_in = ptau_section_points(pt, in_id), n_max = (uint64_t)1 << top;
    int rc = ptau_check_section(pt, in_id, name);
    if (rc)
        return rc;
    uint32_t th = pool_threads(threads);
    sec_job j = { .g2 = g2, .pt = pt, .id = in_id };
    atomic_init(&j.bad, ~(uint64_t)0);
    void *in = malloc(n_max * asz);
    j.jac = malloc(n_max * jsz);
    j.aff = malloc(n_max * asz);
    if (!in || !j.jac || !j.aff) {
        rc = err_set(G16K_ENOMEM, "ptau prepare: no memory for %llu points of %s (%.1f GB)",
                     (unsigned long long)n_max, name, (double)n_max * (2 * asz + jsz) / 1e9);
        goto out;
    }
    /* Decode and check every input point once (into aff), then keep them in `in`. */
    j.n = n_in;
    par_for(th, n_in, GRAIN, decode_range, &j);
    uint64_t bad = atomic_load(&j.bad);
    if (bad != ~(uint64_t)0) {
        rc = ptau_point_error(pt, in_id, name, bad, 1);
        goto out;
    }
    if (n_in < n_max) /* tauG1 at power + 1: snarkjs sets the missing last power to zero */
        memset((uint8_t *)j.aff + n_in * asz, 0, (n_max - n_in) * asz);
    /* in = the points divided by 2^top, affine */
    j.n = n_max;
    par_for(th, n_max, GRAIN, to_jac_range, &j);
    fr_t k;
    fr_set_u64(&k, n_max);
    fr_inv(&k, &k);
    char phase[48];
    snprintf(phase, sizeof phase, "%s 1/2^%u", name, top);
    if (g2)
        g2_group_scale(j.jac, n_max, &k, threads, pg, phase);
    else
        g1_group_scale(j.jac, n_max, &k, threads, pg, phase);
    void *keep = j.aff;
    j.aff = in;
    par_for(th, n_max, GRAIN, to_aff_range, &j);
    j.aff = keep;
    uint64_t total = 0;
    for (unsigned p = 0; p <= top; p++)
        total += (uint64_t)1 << p;
    const uint8_t *expect = NULL;
    if (s) {
        if ((rc = binfile_put_section_head(s, out_id, total * (g2 ? G2_BYTES : G1_BYTES))))
            goto out;
    } else {
        if ((rc = ptau_check_section(pt, out_id, name)))
            goto out;
        expect = pt->bf.data + pt->bf.sec[out_id].offset;
    }
    uint64_t done = 0; /* points of out_id before this block */
    for (unsigned p = 0; p <= top && rc == G16K_OK; p++) {
        snprintf(phase, sizeof phase, "%s 2^%u", name, p);
        j.n = (uint64_t)1 << p;
        j.dbl = top - p; /* 2^(top - p) / 2^top = 1 / 2^p */
        j.aff = in;
        par_for(th, j.n, GRAIN, to_jac_range, &j);
        j.aff = keep;
        if (g2)
            g2_ifft(j.jac, p, threads, pg, phase);
        else
            g1_ifft(j.jac, p, threads, pg, phase);
        par_for(th, j.n, GRAIN, to_aff_range, &j);
        if (s) {
            rc = ptau_put_points(s, g2, j.aff, j.n);
        } else {
            uint64_t d =
                first_difference(j.aff, g2, expect + done * (g2 ? G2_BYTES : G1_BYTES), j.n);
            if (d < j.n)
                rc = err_set(G16K_EINVAL,
                             "%s: section %u (Lagrange %s) at byte %llu: point %llu (basis of "
                             "the domain of size 2^%u, index %llu) is not the Lagrange form of "
                             "section %u",
                             pt->bf.path, out_id, name,
                             (unsigned long long)(pt->bf.sec[out_id].offset +
                                                  (done + d) * (g2 ? G2_BYTES : G1_BYTES)),
                             (unsigned long long)(done + d), p, (unsigned long long)d, in_id);
        }
        done += j.n;
        if (p == top)
            progress_done(pg, name);
    }
out:
    free(in);
    free(j.jac);
    free(j.aff);
    return rc;
}

/* Copy section id of the input as it is (table entry and payload). */
static int copy_section(const ptau *pt, atomic_stream *s, uint32_t id, const char *name)
{
    const binfile_section *sec;
    int rc = binfile_section_get(&pt->bf, id, name, &sec);
    if (rc == G16K_OK)
        rc = binfile_put_section_head(s, id, sec->size);
    if (rc == G16K_OK)
        rc = atomic_stream_write(s, pt->bf.data + sec->offset, sec->size);
    return rc;
}

int ptau_prepare_check(const ptau *pt, uint32_t first, uint32_t last, unsigned threads,
                       progress *pg)
{
    static const char *names[4] = { "tauG1", "tauG2", "alphaTauG1", "betaTauG1" };
    int rc = G16K_OK;
    for (uint32_t k = first; k <= last && k < 4 && rc == G16K_OK; k++)
        rc =
            prepare_section(pt, NULL, PTAU_TAU_G1 + k, PTAU_LAGR_TAU_G1 + k, names[k], threads, pg);
    return rc;
}

int ptau_cmd_prepare(const ptau_opts *o)
{
    ptau pt;
    int rc = ptau_open(o->in_path, &pt, 0);
    if (rc)
        return rc;
    progress pg;
    progress_init(&pg, "ptau", o->progress);
    static const struct {
        uint32_t id;
        const char *name;
    } copied[] = { { PTAU_TAU_G1, "tauG1" },
                   { PTAU_TAU_G2, "tauG2" },
                   { PTAU_ALPHA_TAU_G1, "alphaTauG1" },
                   { PTAU_BETA_TAU_G1, "betaTauG1" },
                   { PTAU_BETA_G2, "betaG2" },
                   { PTAU_CONTRIBUTIONS, "contributions" } };
    for (size_t i = 0; i < 5 && rc == G16K_OK; i++)
        rc = ptau_check_section(&pt, copied[i].id, copied[i].name);
    atomic_stream s;
    if (rc == G16K_OK && (rc = atomic_stream_open(&s, o->out_path)) == G16K_OK) {
        rc = ptau_put_header(&s, 11, pt.power, pt.power);
        for (size_t i = 0; i < 6 && rc == G16K_OK; i++)
            rc = copy_section(&pt, &s, copied[i].id, copied[i].name);
        for (uint32_t k = 0; k < 4 && rc == G16K_OK; k++)
            rc = prepare_section(&pt, &s, copied[k].id, PTAU_LAGR_TAU_G1 + k, copied[k].name,
                                 o->threads, &pg);
        if (rc == G16K_OK)
            rc = atomic_stream_commit(&s);
        else
            atomic_stream_discard(&s);
    }
    binfile_close(&pt.bf);
    return rc;
}
