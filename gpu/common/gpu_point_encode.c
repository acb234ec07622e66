/*
 * gpu_point_encode.c: the point encoding of the GPU MSM bases (see gpu_point_encode.h), its one
 * job: affine points, canonical or Montgomery bytes, to the device layout (Montgomery limbs),
 * with each canonical coordinate checked below p.
 */
#include "gpu_point_encode.h"

#include <string.h>

#include "bls12_381/curve.h"
#include "g16k/plugin.h"
#include "gpu_plugin_util.h"

int gpu_msm_points_to_mont(uint32_t group, const void *points, uint64_t n, uint32_t point_enc,
                           uint64_t *out, uint64_t first)
{
    if (point_enc != G16K_ENC_CANONICAL && point_enc != G16K_ENC_MONTGOMERY)
        return gpu_fail(G16K_EINVAL,
                        "bases_create: point encoding %u is not 1 (canonical) "
                        "or 2 (Montgomery)",
                        point_enc);
    uint64_t limbs = group == G16K_G2 ? 24 : 12; /* a point: 2 coordinates of 6 or 12 limbs */
    if (point_enc == G16K_ENC_MONTGOMERY) {
        memcpy(out, points, n * limbs * 8);
        return G16K_OK;
    }
    const uint8_t *src = points;
    for (uint64_t i = 0; i < n * limbs / 6; i++) {
        fp_t v;
        memcpy(v.l, src + 48 * i, 48);
        if (fp_from_canon(&v, &v) != 0)
            return gpu_fail(G16K_EINVAL, "bases_create: point %llu: coordinate >= p",
                            (unsigned long long)(first + i * 6 / limbs));
        memcpy(out + 6 * i, v.l, 48);
    }
    return G16K_OK;
}
