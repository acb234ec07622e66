/*
 * Reader of snarkjs powers-of-tau files (.ptau version 1; snarkjs src/powersoftau_utils.js,
 * powersoftau_new.js, powersoftau_prepare_phase2.js), built once per curve (curve_sel.h). What
 * setup needs:
 *   1  header: u32 n8 (48; BN254 32), q (n8 B LE), u32 power, u32 ceremonyPower
 *   2  tauG1       2^(power+1) - 1 G1 points tau^i * G1
 *   3  tauG2       2^power G2 points;  4 alphaTauG1, 5 betaTauG1: 2^power G1 points each
 *   6  betaG2      1 G2 point
 *   12..15         the same four in Lagrange form, written by `powersoftau prepare phase2`:
 *                  for each p = 0..power, 2^p points L_i^(2^p)(tau) * {G1, G2, alpha G1, beta G1},
 *                  so the basis of the domain of size 2^p starts at point index 2^p - 1.
 * Points are affine, Montgomery form, LE (like zkey points); infinity = all zeros.
 * The file stays mapped (binfile); points are decoded on demand.
 */
#include <string.h>

#include "g16k/plugin.h"
#include "internal.h"
#include "util/error.h"
#include "formats/point_decode.h"

int ptau_open(const char *path, ptau *out, int need_lagrange)
{
    memset(out, 0, sizeof(*out));
    int rc = binfile_open(&out->bf, path, "ptau", 1, 15);
    if (rc)
        return rc;
    const binfile_section *s;
    if ((rc = binfile_section_get(&out->bf, 1, "header", &s)) != G16K_OK)
        goto out_close;
    const uint8_t *p = out->bf.data + s->offset;
    if (s->size != 4 + FP_BYTES + 8 || binfile_le32(p) != FP_BYTES) {
        uint32_t n8 = s->size >= 4 ? binfile_le32(p) : 0;
        rc = err_set(G16K_EFORMAT,
                     "%s: section 1 at byte %llu: not a %s header (n8 %u, expected %u)", path,
                     (unsigned long long)s->offset, SETUP_CURVE->name, n8, FP_BYTES);
        goto out_close;
    }
    fp_t q;
    binfile_limbs(q.l, p + 4, FP_LIMBS);
    if (bigint_cmp(q.l, FP_MODULUS.l, FP_LIMBS) != 0) {
        rc = err_set(G16K_EFORMAT, "%s: section 1 at byte %llu: q is not the %s base field", path,
                     (unsigned long long)(s->offset + 4), SETUP_CURVE->name);
        goto out_close;
    }
    out->power = binfile_le32(p + 4 + FP_BYTES);
    out->ceremony_power = binfile_le32(p + 8 + FP_BYTES);
    if (out->power < 1 || out->power > SETUP_MAX_POWER) {
        rc = err_set(G16K_EFORMAT, "%s: section 1 at byte %llu: power %u out of range 1..%u", path,
                     (unsigned long long)(s->offset + 4 + FP_BYTES), out->power, SETUP_MAX_POWER);
        goto out_close;
    }
    if (need_lagrange && !out->bf.sec[PTAU_LAGR_TAU_G1].present) {
        rc = err_set(G16K_EFORMAT,
                     "%s: powers of tau not prepared for phase 2 (no section 12): "
                     "run `g16k ptau prepare` (or `snarkjs powersoftau prepare phase2`)",
                     path);
        goto out_close;
    }
    return G16K_OK;
out_close:
    binfile_close(&out->bf);
    return rc;
}

int ptau_read_points(const ptau *p, uint32_t id, uint64_t first, uint64_t count, void *out)
{
    const binfile_section *s;
    int rc = binfile_section_get(&p->bf, id, "points", &s);
    if (rc)
        return rc;
    int g2 = ptau_section_is_g2(id);
    uint64_t sz = g2 ? G2_BYTES : G1_BYTES;
    if (first > s->size / sz || count > s->size / sz - first)
        return err_set(G16K_EFORMAT,
                       "%s: section %u at byte %llu: points %llu..%llu needed, "
                       "the section holds %llu",
                       p->bf.path, id, (unsigned long long)s->offset, (unsigned long long)first,
                       (unsigned long long)(first + count), (unsigned long long)(s->size / sz));
    const uint8_t *src = p->bf.data + s->offset + first * sz;
    for (uint64_t i = 0; i < count; i++, src += sz) {
        int bad = g2 ? g2_affine_from_bytes_mont((g2_affine_t *)out + i, src)
                     : g1_affine_from_bytes_mont((g1_affine_t *)out + i, src);
        if (bad)
            return err_set(G16K_EFORMAT, "%s: section %u at byte %llu: coordinate not below p",
                           p->bf.path, id, (unsigned long long)(src - p->bf.data));
    }
    return G16K_OK;
}

uint64_t ptau_section_points(const ptau *p, uint32_t id)
{
    uint64_t n = (uint64_t)1 << p->power;
    switch (id) {
    case PTAU_TAU_G1: return 2 * n - 1;
    case PTAU_TAU_G2:
    case PTAU_ALPHA_TAU_G1:
    case PTAU_BETA_TAU_G1: return n;
    case PTAU_BETA_G2: return 1;
    case PTAU_LAGR_TAU_G1: return 4 * n - 1;
    case PTAU_LAGR_TAU_G2:
    case PTAU_LAGR_ALPHA_TAU_G1:
    case PTAU_LAGR_BETA_TAU_G1: return 2 * n - 1;
    default: return 0;
    }
}

int ptau_check_section(const ptau *p, uint32_t id, const char *name)
{
    const binfile_section *s;
    int rc = binfile_section_get(&p->bf, id, name, &s);
    if (rc)
        return rc;
    uint64_t want = ptau_section_points(p, id) * (ptau_section_is_g2(id) ? G2_BYTES : G1_BYTES);
    if (s->size != want)
        return err_set(G16K_EFORMAT,
                       "%s: section %u (%s) at byte %llu: %llu bytes, power %u needs %llu "
                       "(a file cut short, or sections of another power)",
                       p->bf.path, id, name, (unsigned long long)s->offset,
                       (unsigned long long)s->size, p->power, (unsigned long long)want);
    return G16K_OK;
}

const char *ptau_point(const ptau *p, uint32_t id, uint64_t index, void *out, int check_subgroup)
{
    int g2 = ptau_section_is_g2(id);
    const uint8_t *src = p->bf.data + p->bf.sec[id].offset + index * (g2 ? G2_BYTES : G1_BYTES);
    return g2 ? zkey_point_g2(out, src, 1, !check_subgroup)
              : zkey_point_g1(out, src, 1, !check_subgroup);
}

int ptau_point_error(const ptau *p, uint32_t id, const char *name, uint64_t index,
                     int check_subgroup)
{
    int g2 = ptau_section_is_g2(id);
    g2_affine_t scratch; /* large enough for either group */
    const char *why = ptau_point(p, id, index, &scratch, check_subgroup);
    return err_set(G16K_EFORMAT,
                   "%s: section %u (%s) at byte %llu: point %llu is not a point of "
                   "%s: %s (a damaged file)",
                   p->bf.path, id, name,
                   (unsigned long long)(p->bf.sec[id].offset + index * (g2 ? G2_BYTES : G1_BYTES)),
                   (unsigned long long)index, g2 ? "G2" : "G1", why ? why : "rejected");
}
