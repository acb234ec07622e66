/*
 * selftest.cl: every carry-chain primitive of compat.h on the device, for the create-time
 * self-test (gpu/common/gpu_selftest.c), which compares each result with its definition
 * computed on the host. A compiler or driver that gets one primitive wrong on some operands
 * (a mul.hi that loses a small high word, a borrow dropped through a zero limb) is then refused
 * by name before any proof, where the known-answer MSMs may not reach those operands.
 * Case i is in[4i .. 4i + 3] = a, b, c, carry in (0 or 1); its GPU_PRIM_OUTS results go to
 * out[GPU_PRIM_OUTS i ..] in the order of gpu_selftest.c's table: each primitive's d, and the
 * carry out after those that set it. The carry in is set by add.cc of 0xffffffff (whose carry
 * out is the carry in) and read back by addc of 0 and 0.
 */
#define GPU_PRIM_OUTS 20

G16K_KERNEL void selftest_prims(G16K_GLOBAL const u32 *in, u32 n, G16K_GLOBAL u32 *out)
{
    u64 i = G16K_GID;
    if (i >= n)
        return;
    u32 a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], ci = in[4 * i + 3], t, r[GPU_PRIM_OUTS];
    G16K_CARRY;
    g16k_add_cc(r[0], a, b);
    g16k_addc(r[1], 0, 0);
    g16k_add_cc(t, ci, 0xffffffffu);
    g16k_addc_cc(r[2], a, b);
    g16k_addc(r[3], 0, 0);
    g16k_add_cc(t, ci, 0xffffffffu);
    g16k_addc(r[4], a, b);
    g16k_sub_cc(r[5], a, b);
    g16k_addc(r[6], 0, 0);
    g16k_add_cc(t, ci, 0xffffffffu);
    g16k_subc_cc(r[7], a, b);
    g16k_addc(r[8], 0, 0);
    g16k_add_cc(t, ci, 0xffffffffu);
    g16k_subc(r[9], a, b);
    g16k_mul_lo(r[10], a, b);
    g16k_mul_hi(r[11], a, b);
    g16k_mad_lo_cc(r[12], a, b, c);
    g16k_addc(r[13], 0, 0);
    g16k_add_cc(t, ci, 0xffffffffu);
    g16k_madc_lo_cc(r[14], a, b, c);
    g16k_addc(r[15], 0, 0);
    g16k_mad_hi_cc(r[16], a, b, c);
    g16k_addc(r[17], 0, 0);
    g16k_add_cc(t, ci, 0xffffffffu);
    g16k_madc_hi_cc(r[18], a, b, c);
    g16k_addc(r[19], 0, 0);
    r[0] |= t & 0u; /* t only carries the carry in; a read keeps nvcc from warning */
    for (int k = 0; k < GPU_PRIM_OUTS; k++)
        out[GPU_PRIM_OUTS * i + k] = r[k];
}
