/* One point of a snarkjs binary file decoded and validated (point_decode.h), one text for every
 * curve's groups. */
#include "point_decode.h"

#define DEFINE_POINT_DECODE(NAME, G, AFF, BYTES)                                                   \
    const char *NAME(AFF *out, const uint8_t in[BYTES], int allow_inf, int skip_subgroup)          \
    {                                                                                              \
        if (G##_affine_from_bytes_mont(out, in) != 0)                                              \
            return ZKEY_COORD_NOT_BELOW_P;                                                         \
        if (G##_affine_is_inf(out))                                                                \
            return allow_inf ? NULL : "point at infinity not allowed here";                        \
        if (!G##_affine_is_on_curve(out))                                                          \
            return ZKEY_NOT_ON_CURVE;                                                              \
        if (!skip_subgroup && !G##_affine_in_subgroup(out))                                        \
            return ZKEY_NOT_IN_SUBGROUP;                                                           \
        return NULL;                                                                               \
    }

DEFINE_POINT_DECODE(zkey_point_g1, g1, g1_affine_t, 96)
DEFINE_POINT_DECODE(zkey_point_g2, g2, g2_affine_t, 192)
DEFINE_POINT_DECODE(bn254_zkey_point_g1, bn254_g1, bn254_g1_affine_t, 64)
DEFINE_POINT_DECODE(bn254_zkey_point_g2, bn254_g2, bn254_g2_affine_t, 128)
