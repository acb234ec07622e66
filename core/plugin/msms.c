/*
 * The five Groth16 MSMs (config.h groth16_msm): which slot serves each, which [window] key
 * sets its window, which g16k_msm_id the provider sees, and its group. docs/proving.md, "The prover":
 * A, B_G1, L and H are G1 sums, B_G2 the only G2 sum.
 */
#include "plugin/config.h"

const groth16_msm groth16_msms[MSM_COUNT] = {
    [MSM_A] = { "A", "a", SLOT_MSM_G1, G16K_MSM_A, G16K_G1 },
    [MSM_B1] = { "B_G1", "b_g1", SLOT_MSM_G1, G16K_MSM_B_G1, G16K_G1 },
    [MSM_B2] = { "B_G2", "b_g2", SLOT_MSM_G2, G16K_MSM_B_G2, G16K_G2 },
    [MSM_L] = { "L", "l", SLOT_MSM_G1, G16K_MSM_L, G16K_G1 },
    [MSM_H] = { "H", "h", SLOT_MSM_G1, G16K_MSM_H, G16K_G1 },
};
