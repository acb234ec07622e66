/* One point of a snarkjs binary file decoded and validated (point_decode.h). */
#include "point_decode.h"

const char *zkey_point_g1(g1_affine_t *out, const uint8_t in[96], int allow_inf, int skip_subgroup)
{
    if (g1_affine_from_bytes_mont(out, in) != 0)
        return ZKEY_COORD_NOT_BELOW_P;
    if (g1_affine_is_inf(out))
        return allow_inf ? NULL : "point at infinity not allowed here";
    if (!g1_affine_is_on_curve(out))
        return ZKEY_NOT_ON_CURVE;
    if (!skip_subgroup && !g1_affine_in_subgroup(out))
        return ZKEY_NOT_IN_SUBGROUP;
    return NULL;
}

const char *zkey_point_g2(g2_affine_t *out, const uint8_t in[192], int allow_inf, int skip_subgroup)
{
    if (g2_affine_from_bytes_mont(out, in) != 0)
        return ZKEY_COORD_NOT_BELOW_P;
    if (g2_affine_is_inf(out))
        return allow_inf ? NULL : "point at infinity not allowed here";
    if (!g2_affine_is_on_curve(out))
        return ZKEY_NOT_ON_CURVE;
    if (!skip_subgroup && !g2_affine_in_subgroup(out))
        return ZKEY_NOT_IN_SUBGROUP;
    return NULL;
}
