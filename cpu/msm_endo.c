/*
 * Endomorphism splitting for the CPU MSM (msm.h cpu_msm_endo): GLV on G1, GLS on G2.
 *
 * BLS12-381 has r = x^4 - x^2 + 1 with x = -0xd201000000010000, so every scalar k < r < |x|^4
 * has four base-|x| digits, k = d0 + d1 |x| + d2 |x|^2 + d3 |x|^3 with 0 <= d_i < |x| < 2^64
 * (three divisions of a 256-bit integer by |x|; no lattice reduction needed). The group
 * endomorphisms act on the prime-order subgroups as multiplications:
 *   G1: sigma(P) = (beta x, y) = -x^2 P          so x^2 P = (beta x, -y)
 *   G2: psi(Q) = x Q                             so |x| Q = -psi(Q), |x|^2 Q = psi^2(Q),
 *                                                   |x|^3 Q = -psi^3(Q)
 * and the MSM becomes one over 2n (G1: d0 + d1 |x| and d2 + d3 |x|, 128 bits) or 4n (G2: the
 * d_i, 64 bits) scalars, whose images cost one Fp multiplication (G1) or three psi maps (G2)
 * per point. Pippenger's additions stay about the same (m n points, 256 / m bits), but a
 * window serves m times the points, so fewer windows and bucket folds are needed and a larger
 * window pays.
 * Measured: see CPU_ENDO_MAX_SCALARS (msm.h); it pays for small MSMs only.
 * Sources: Gallant, Lambert, Vanstone, "Faster point multiplication on elliptic curves with
 * efficient endomorphisms", CRYPTO 2001; Galbraith, Scott, "Exponentiation in pairing-friendly
 * groups using homomorphisms", Pairing 2008; the eigenvalues as in Scott, eprint 2021/1130.
 */
#include <stdlib.h>
#include <string.h>

#include "msm.h"
#include "platform/parallel.h"

#define X_ABS 0xd201000000010000ULL /* |x|, x the BLS12-381 parameter */

/* (hi:lo) = q d + rem for hi < d: returns q (< 2^64), sets rem. */
static inline uint64_t div_step(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *rem)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    uint64_t q, r;
    __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
    *rem = r;
    return q;
#else
    unsigned __int128 cur = ((unsigned __int128)hi << 64) | lo;
    *rem = (uint64_t)(cur % d);
    return (uint64_t)(cur / d);
#endif
}

/* k = q |x| + rem (k: 4 limbs, replaced by q); returns rem. */
static uint64_t divmod_x(uint64_t k[4])
{
    uint64_t rem = 0;
    for (int i = 3; i >= 0; i--)
        k[i] = div_step(rem, k[i], X_ABS, &rem);
    return rem;
}

typedef struct endo_job {
    const uint8_t *bases;
    const uint64_t *idx; /* NULL, or the base index of each scalar */
    const uint64_t (*k)[4];
    uint8_t *images; /* out: m - 1 per point */
    uint64_t *dk;    /* out: m scalars per point, kl limbs each */
} endo_job;

static void g1_split(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    const endo_job *j = arg;
    for (uint64_t i = begin; i < end; i++) {
        const g1_affine_t *p =
            (const g1_affine_t *)(const void *)j->bases + (j->idx ? j->idx[i] : i);
        g1_affine_t *img = (g1_affine_t *)(void *)j->images + i;
        g1_affine_sigma(img, p); /* x^2 P = -sigma(P) */
        g1_affine_neg(img, img);
        uint64_t t[4] = { j->k[i][0], j->k[i][1], j->k[i][2], j->k[i][3] };
        uint64_t d0 = divmod_x(t);
        uint64_t d1 = divmod_x(t);                                 /* t = d2 + d3 |x| < 2^128 */
        unsigned __int128 lo = (unsigned __int128)d1 * X_ABS + d0; /* < |x|^2 < 2^128 */
        uint64_t *dk = j->dk + i * 4;
        dk[0] = (uint64_t)lo;
        dk[1] = (uint64_t)(lo >> 64);
        dk[2] = t[0];
        dk[3] = t[1];
    }
}

static void g2_split(void *arg, uint64_t begin, uint64_t end, uint32_t worker)
{
    (void)worker;
    const endo_job *j = arg;
    for (uint64_t i = begin; i < end; i++) {
        const g2_affine_t *p =
            (const g2_affine_t *)(const void *)j->bases + (j->idx ? j->idx[i] : i);
        g2_affine_t *img = (g2_affine_t *)(void *)j->images + 3 * i;
        g2_affine_t q;
        g2_affine_psi(&q, p);       /* x Q */
        g2_affine_neg(&img[0], &q); /* |x| Q */
        g2_affine_psi(&img[1], &q); /* x^2 Q = |x|^2 Q */
        g2_affine_psi(&q, &img[1]); /* x^3 Q */
        g2_affine_neg(&img[2], &q); /* |x|^3 Q */
        uint64_t t[4] = { j->k[i][0], j->k[i][1], j->k[i][2], j->k[i][3] };
        uint64_t *dk = j->dk + i * 4;
        dk[0] = divmod_x(t);
        dk[1] = divmod_x(t);
        dk[2] = divmod_x(t);
        dk[3] = t[0]; /* < |x|: k < r < |x|^4 */
    }
}

int cpu_msm_endo(const cpu_group *g, const void *bases, const uint64_t *idx, const uint64_t (*k)[4],
                 uint64_t n, uint32_t window, uint32_t threads, int ifma, void *out)
{
    int is_g1 = g->id == G16K_G1;
    uint32_t m = is_g1 ? 2 : 4;
    uint32_t kl = is_g1 ? 2 : 1;
    uint32_t bits = is_g1 ? 128 : 64;
    uint8_t *images = malloc(n ? n * (m - 1) * g->affine_size : 1);
    uint64_t *dk = malloc(n ? n * 4 * sizeof(uint64_t) : 1);
    if (!images || !dk) {
        free(images);
        free(dk);
        return cpu_error(G16K_ENOMEM,
                         "msm %s: out of memory for the endomorphism split of "
                         "%llu points",
                         g->name, (unsigned long long)n);
    }
    endo_job j = { .bases = bases, .idx = idx, .k = k, .images = images, .dk = dk };
    par_for(threads, n, par_grain(n, threads, 1024), is_g1 ? g1_split : g2_split, &j);
    cpu_msm_in in = { .bases = bases,
                      .idx = idx,
                      .images = images,
                      .m = m,
                      .k = dk,
                      .kl = kl,
                      .bits = bits,
                      .n = n * m };
    int st =
        cpu_msm_pippenger(g, &in, window ? window : cpu_msm_window(in.n, bits), threads, ifma, out);
    free(images);
    free(dk);
    return st;
}
