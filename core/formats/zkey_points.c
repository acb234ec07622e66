/* Point decoding and validation of zkey arrays (zkey_points.h). */
#include "zkey_points.h"

#include "ifma.h"

const char *zkey_point_g1(g1_affine_t *out, const uint8_t in[96], int allow_inf,
                           int skip_subgroup)
{
    if (g1_affine_from_bytes_mont(out, in) != 0)
        return "a coordinate is >= p";
    if (g1_affine_is_inf(out))
        return allow_inf ? NULL : "point at infinity not allowed here";
    if (!g1_affine_is_on_curve(out))
        return ZKEY_NOT_ON_CURVE;
    if (!skip_subgroup && !g1_affine_in_subgroup(out))
        return ZKEY_NOT_IN_SUBGROUP;
    return NULL;
}

const char *zkey_point_g2(g2_affine_t *out, const uint8_t in[192], int allow_inf,
                           int skip_subgroup)
{
    if (g2_affine_from_bytes_mont(out, in) != 0)
        return "a coordinate is >= p";
    if (g2_affine_is_inf(out))
        return allow_inf ? NULL : "point at infinity not allowed here";
    if (!g2_affine_is_on_curve(out))
        return ZKEY_NOT_ON_CURVE;
    if (!skip_subgroup && !g2_affine_in_subgroup(out))
        return ZKEY_NOT_IN_SUBGROUP;
    return NULL;
}

/* The IFMA lanes only ever prove membership; every lane they leave undecided (in practice only
 * points outside the subgroup) goes to the reference test, in index order, so the first
 * failing index is the same as the reference's. Infinity is skipped: it is a member. */
#define FIRST_OUTSIDE(G)                                                                       \
    size_t zkey_##G##_first_outside(const G##_affine_t *pts, size_t n)                        \
    {                                                                                          \
        if (!ifma_available()) {                                                               \
            for (size_t i = 0; i < n; i++)                                                     \
                if (!G##_affine_is_inf(&pts[i]) && !G##_affine_in_subgroup(&pts[i]))           \
                    return i;                                                                  \
            return n;                                                                          \
        }                                                                                      \
        G##_affine_t lane[IFMA_LANES];                                                         \
        size_t at[IFMA_LANES];                                                                 \
        unsigned m = 0;                                                                        \
        for (size_t i = 0; i <= n; i++) {                                                      \
            if (i < n && !G##_affine_is_inf(&pts[i])) {                                        \
                lane[m] = pts[i];                                                              \
                at[m++] = i;                                                                   \
            }                                                                                  \
            if (m == IFMA_LANES || (i == n && m > 0)) {                                        \
                unsigned ok = G##_ifma_in_subgroup(lane, m);                                   \
                for (unsigned k = 0; k < m; k++)                                               \
                    if (!((ok >> k) & 1) && !G##_affine_in_subgroup(&lane[k]))                 \
                        return at[k];                                                          \
                m = 0;                                                                         \
            }                                                                                  \
        }                                                                                      \
        return n;                                                                              \
    }

FIRST_OUTSIDE(g1)
FIRST_OUTSIDE(g2)

/* The curve test first (the subgroup tests assume it), then the subgroup test before the first
 * point off the curve. */
#define FIRST_INVALID(G)                                                                       \
    size_t zkey_##G##_first_invalid(const G##_affine_t *pts, size_t n, const char **what)     \
    {                                                                                          \
        size_t off = n;                                                                        \
        for (size_t i = 0; i < n && off == n; i++)                                             \
            if (!G##_affine_is_on_curve(&pts[i]))                                              \
                off = i;                                                                       \
        size_t out = zkey_##G##_first_outside(pts, off);                                       \
        if (what)                                                                              \
            *what = out < off ? ZKEY_NOT_IN_SUBGROUP : off < n ? ZKEY_NOT_ON_CURVE : NULL;     \
        return out < off ? out : off;                                                          \
    }

FIRST_INVALID(g1)
FIRST_INVALID(g2)
