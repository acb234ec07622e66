/*
 * MSM provider of the example plugin, G1 and G2: result = sum_i s[i] P[i].
 *
 * Algorithm: one shared double-and-add chain (Straus' method with 1-bit windows). Walk the scalar
 * bits from the top: acc = 2 acc, then add every base whose scalar has that bit set. That is 255
 * doublings for the whole MSM plus one addition per set bit, about 128 n additions. Pippenger
 * (buckets, window c = g16k_msm_params.window) needs about 255 n / c; a real provider wants that,
 * but this example only has to be obviously correct. params (window, threads) are accepted and
 * ignored: one thread, no buckets.
 *
 * The bases handle keeps the points decoded (Montgomery form) and is read-only after creation, so
 * concurrent msm() calls on one handle are safe: all state of a call is on its stack or heap.
 */
#include <stdlib.h>
#include <string.h>

#include "example.h"

/* The entries, declared with plugin.h's types so that the compiler checks each signature. */
static g16k_msm_bases_create_fn ex_bases_create;
static g16k_msm_bases_destroy_fn ex_bases_destroy;
static g16k_msm_msm_fn ex_msm;

struct g16k_msm_bases {
    const field *f; /* Fp for G1, Fp2 for G2 */
    uint32_t group;
    uint64_t n;
    affine *points; /* n points, Montgomery form */
};

static int enc_valid(uint32_t enc)
{
    return enc == G16K_ENC_CANONICAL || enc == G16K_ENC_MONTGOMERY;
}

/* Read `degree` Fp elements (48 B each, little-endian) from in; checks < p, converts to
 * Montgomery form if enc is canonical. 0 on success, -1 if a value is >= p. */
static int coord_read(const field *f, fe *out, const uint8_t *in, uint32_t enc)
{
    memset(out, 0, sizeof(*out));
    for (unsigned k = 0; k < f->degree; k++) {
        uint64_t *limbs = out->v + 6 * k;
        memcpy(limbs, in + 48 * k, 48); /* x86-64 and arm64 are little-endian, like the ABI */
        if (!mod_is_reduced(&ex_fp, limbs))
            return -1;
        if (enc == G16K_ENC_CANONICAL)
            mont_mul(&ex_fp, limbs, limbs, ex_fp.r2); /* x R^2 / R = x R */
    }
    return 0;
}

static void coord_write(const field *f, uint8_t *out, const fe *in, uint32_t enc)
{
    static const uint64_t one[6] = { 1 };
    for (unsigned k = 0; k < f->degree; k++) {
        uint64_t limbs[6];
        memcpy(limbs, in->v + 6 * k, 48);
        if (enc == G16K_ENC_CANONICAL)
            mont_mul(&ex_fp, limbs, limbs, one); /* x R * 1 / R = x */
        memcpy(out + 48 * k, limbs, 48);
    }
}

/* bases_create: see g16k_msm_vtable. points: n affine points (96 or 192 B each) in point_enc,
 * borrowed for this call; the handle owns a decoded copy. Errors: G16K_EINVAL (NULL, encoding,
 * coordinate >= p), G16K_EUNSUPPORTED (group), G16K_ENOMEM. Thread-safe. */
static int ex_bases_create(g16k_plugin_ctx *ctx, uint32_t group, const void *points, uint64_t n,
                           uint32_t point_enc, g16k_msm_bases **out)
{
    if (!out || (!points && n))
        return ex_error(G16K_EINVAL, "bases_create: NULL argument");
    *out = NULL;
    if (group != G16K_G1 && group != G16K_G2)
        return ex_error(G16K_EUNSUPPORTED, "bases_create: unknown group %u", group);
    if (!enc_valid(point_enc))
        return ex_error(G16K_EINVAL, "bases_create: invalid point encoding %u", point_enc);
    g16k_msm_bases *b = calloc(1, sizeof(*b));
    if (!b || !(b->points = calloc(n ? n : 1, sizeof(affine)))) {
        free(b);
        return ex_error(G16K_ENOMEM, "bases_create: out of memory for %llu points",
                        (unsigned long long)n);
    }
    b->f = group == G16K_G1 ? &ex_fp_field : &ex_fp2_field;
    b->group = group;
    b->n = n;
    const size_t coord = 48 * b->f->degree;
    const uint8_t *in = points;
    for (uint64_t i = 0; i < n; i++, in += 2 * coord) {
        affine *p = &b->points[i];
        if (coord_read(b->f, &p->x, in, point_enc) ||
            coord_read(b->f, &p->y, in + coord, point_enc)) {
            free(b->points);
            free(b);
            return ex_error(G16K_EINVAL, "bases_create: point %llu has a coordinate >= p",
                            (unsigned long long)i);
        }
        p->inf = fe_is_zero(b->f, &p->x) && fe_is_zero(b->f, &p->y); /* (0,0) */
    }
    if (ctx && ctx->log)
        ex_log("bases_create: %llu G%u points", (unsigned long long)n, group);
    *out = b;
    return G16K_OK;
}

static void ex_bases_destroy(g16k_msm_bases *b)
{
    if (!b)
        return;
    free(b->points);
    free(b);
}

/* msm: see g16k_msm_vtable. scalars: n Fr elements (32 B LE) in scalar_enc, borrowed; result:
 * one affine point in result_enc, caller-allocated. Errors: G16K_EINVAL (NULL, encoding,
 * n > bases, scalar >= r), G16K_ENOMEM. Thread-safe, also on one bases handle. */
static int ex_msm(g16k_msm_bases *b, const void *scalars, uint64_t n, uint32_t scalar_enc,
                  const g16k_msm_params *params, void *result, uint32_t result_enc)
{
    static const uint64_t one[4] = { 1 };
    (void)params; /* window and threads: see the file comment */
    if (!b || !result || (!scalars && n))
        return ex_error(G16K_EINVAL, "msm: NULL argument");
    if (!enc_valid(scalar_enc) || !enc_valid(result_enc))
        return ex_error(G16K_EINVAL, "msm: invalid encoding (scalars %u, result %u)", scalar_enc,
                        result_enc);
    if (n > b->n)
        return ex_error(G16K_EINVAL, "msm: %llu scalars for %llu bases", (unsigned long long)n,
                        (unsigned long long)b->n);
    uint64_t(*s)[4] = malloc((n ? n : 1) * sizeof(*s));
    if (!s)
        return ex_error(G16K_ENOMEM, "msm: out of memory for %llu scalars", (unsigned long long)n);
    memcpy(s, scalars, n * 32);
    for (uint64_t i = 0; i < n; i++) {
        if (!mod_is_reduced(&ex_fr, s[i])) {
            free(s);
            return ex_error(G16K_EINVAL, "msm: scalar[%llu] is not below r", (unsigned long long)i);
        }
        if (scalar_enc == G16K_ENC_MONTGOMERY)
            mont_mul(&ex_fr, s[i], s[i], one); /* s R / R = s: the plain integer */
    }
    jacobian acc;
    jac_set_inf(&acc);
    for (int bit = 254; bit >= 0; bit--) { /* r < 2^255 */
        jac_dbl(b->f, &acc);
        for (uint64_t i = 0; i < n; i++)
            if ((s[i][bit / 64] >> (bit % 64)) & 1)
                jac_add_affine(b->f, &acc, &b->points[i]);
    }
    free(s);
    affine r;
    jac_to_affine(b->f, &r, &acc);
    const size_t coord = 48 * b->f->degree;
    memset(result, 0, 2 * coord); /* (0,0) if infinity */
    if (!r.inf) {
        coord_write(b->f, result, &r.x, result_enc);
        coord_write(b->f, (uint8_t *)result + coord, &r.y, result_enc);
    }
    return G16K_OK;
}

/* No bases_borrow (ABI 1.3, optional): the handle holds points in its own form (affine with an
 * infinity flag), a copy either way, so lent points would only keep the core's arrays alive. */
const g16k_msm_vtable ex_msm_vtable = {
    .struct_size = sizeof(g16k_msm_vtable),
    .bases_create = ex_bases_create,
    .bases_destroy = ex_bases_destroy,
    .msm = ex_msm,
};
