/*
 * `g16k ptau new`: the empty accumulator of a powers-of-tau ceremony, byte for byte what
 * `snarkjs powersoftau new bls12381 POWER` writes (snarkjs 0.7.6 src/powersoftau_new.js): the
 * header, every power of the toxic waste still 1 (so each point of sections 2..5 is its
 * generator, G2's in 3 and 6), and a contribution section 7 holding the count 0.
 */
#include <stdlib.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "setup.h"
#include "util/error.h"

/* n copies of the generator of G1 (g2 = 0) or G2 in one section. */
static int put_generators(atomic_stream *s, uint32_t id, int g2, uint64_t n)
{
    enum { K = 1024 };
    g1_affine_t *g1s = malloc(K * sizeof *g1s);
    g2_affine_t *g2s = malloc(K * sizeof *g2s);
    int rc = g1s && g2s ? binfile_put_section_head(s, id, n * (g2 ? G2_BYTES : G1_BYTES))
                        : err_set(G16K_ENOMEM, "ptau new: out of memory");
    for (uint64_t i = 0; i < K && rc == G16K_OK; i++) {
        g1s[i] = G1_GENERATOR;
        g2s[i] = G2_GENERATOR;
    }
    for (uint64_t b = 0; b < n && rc == G16K_OK; b += K)
        rc = ptau_put_points(s, g2, g2 ? (const void *)g2s : (const void *)g1s,
                             n - b < K ? n - b : K);
    free(g1s);
    free(g2s);
    return rc;
}

int ptau_cmd_new(const ptau_opts *o)
{
    if (o->power < 1 || o->power > SETUP_MAX_POWER)
        return err_set(G16K_EINVAL, "ptau new: power %u out of range 1..%u", o->power,
                       SETUP_MAX_POWER);
    uint64_t n = (uint64_t)1 << o->power;
    atomic_stream s;
    int rc = atomic_stream_open(&s, o->out_path);
    if (rc)
        return rc;
    if ((rc = ptau_put_header(&s, 7, o->power, o->power)) ||
        (rc = put_generators(&s, PTAU_TAU_G1, 0, 2 * n - 1)) ||
        (rc = put_generators(&s, PTAU_TAU_G2, 1, n)) ||
        (rc = put_generators(&s, PTAU_ALPHA_TAU_G1, 0, n)) ||
        (rc = put_generators(&s, PTAU_BETA_TAU_G1, 0, n)) ||
        (rc = put_generators(&s, PTAU_BETA_G2, 1, 1)) ||
        (rc = binfile_put_section_head(&s, PTAU_CONTRIBUTIONS, 4)) || (rc = ptau_put_u32(&s, 0))) {
        atomic_stream_discard(&s);
        return rc;
    }
    return atomic_stream_commit(&s);
}
