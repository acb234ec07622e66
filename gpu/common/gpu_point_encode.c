/*
 * gpu_point_encode.c: the point encoding of the GPU MSM bases (see gpu_point_encode.h), its one
 * job: affine points, canonical or Montgomery bytes, to the device layout (Montgomery limbs),
 * with each canonical coordinate checked below p. Built per curve (gpu_curve_sel.h).
 */
#include "gpu_curve_sel.h" /* first: the unit's curve */

#include "gpu_point_encode.h"

#include <string.h>

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
    const uint64_t w = GPU_FP_WORDS; /* a point: 2 coordinates of 1 or 2 Fp elements */
    uint64_t limbs = group == G16K_G2 ? 4 * w : 2 * w;
    if (point_enc == G16K_ENC_MONTGOMERY) {
        memcpy(out, points, n * limbs * 8);
        return G16K_OK;
    }
    const uint8_t *src = points;
    for (uint64_t i = 0; i < n * limbs / w; i++) {
        fp_t v;
        memcpy(v.l, src + FP_BYTES * i, FP_BYTES);
        if (fp_from_canon(&v, &v) != 0)
            return gpu_fail(G16K_EINVAL, "bases_create: point %llu: coordinate >= p",
                            (unsigned long long)(first + i * w / limbs));
        memcpy(out + w * i, v.l, FP_BYTES);
    }
    return G16K_OK;
}
